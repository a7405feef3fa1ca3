"""The one error a rule system raises.

A :class:`RuleError` is what a player sees when the rules forbid what was sent: a machine
``code`` for clients and an English ``message`` that names the rule, e.g.
``RuleError("action_forbidden", "suppressed infantry may only move away from the enemy (§2.7)",
rule="§2.7")``. Because rule state is immutable, raising never leaves a half-applied state
behind: the caller still holds the state it had before.

Codes used across rule systems (a system may add its own):

- ``bad_fact`` -- the fact envelope is malformed (unknown type, missing keys).
- ``bad_setup`` -- ``initial_state`` was given an invalid setup; ``field`` names the path.
- ``bad_command`` -- a declaration is malformed (unknown action, missing parameter).
- ``die_out_of_range`` -- a value is not a face of the requested die.
- ``wrong_die`` -- dice for a key that is not pending, or the wrong number of dice.
- ``dice_pending`` -- a declaration or decision arrived while dice are awaited.
- ``decision_pending`` -- dice or a declaration arrived while a decision is awaited.
- ``nothing_pending`` -- dice or a decision arrived when nothing was asked for.
- ``bad_decision`` -- the answer is not one of the offered options.
- ``action_forbidden`` -- the unit's state or the rules forbid the declared action.
- ``not_implemented`` -- the rule exists in the book but not yet in the engine.
- ``missing_table`` -- the source lost a table the organizer must fill in.
"""

from __future__ import annotations


class RuleError(Exception):
    """A fact or command that the rules do not allow.

    ``code`` is a stable machine code, ``message`` a sentence naming the rule,
    ``rule`` the rulebook reference (e.g. ``"§2.7"``) and ``field`` the offending input path
    (e.g. ``"sides.red.squads.0.quality"``) when there is one.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.field = field

    def to_dict(self) -> dict[str, str]:
        """JSON form for APIs: always ``code`` and ``message``; ``rule``/``field`` if set."""
        out = {"code": self.code, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        if self.field is not None:
            out["field"] = self.field
        return out

    def __repr__(self) -> str:
        extra = "".join(
            f", {name}={value!r}"
            for name, value in (("rule", self.rule), ("field", self.field))
            if value is not None
        )
        return f"RuleError({self.code!r}, {self.message!r}{extra})"

    def __reduce__(self):  # keep keyword-only arguments through pickling (Celery)
        return (_rebuild, (self.code, self.message, self.rule, self.field))


def _rebuild(code: str, message: str, rule: str | None, field: str | None) -> RuleError:
    return RuleError(code, message, rule=rule, field=field)
