"""Generic fact dispatch shared by rule systems (optional base class).

:class:`FactMachine` implements :meth:`apply` for the four core fact types and enforces the
order the core promises to every client:

- a ``declare`` while dice are pending is ``dice_pending``; while a draw is pending,
  ``draw_pending``; while a decision is pending, ``decision_pending``;
- ``dice`` are checked against the pending requests (:func:`rules.core.dice.check_rolls`):
  ``die_out_of_range`` / ``wrong_die``; dice while a decision is pending are
  ``decision_pending``; dice when nothing is pending are ``nothing_pending``;
- a ``draw`` is checked against the pending draw requests (:func:`rules.core.draws.check_draws`):
  ``wrong_draw`` / ``card_not_in_deck`` / ``card_already_drawn``; a draw while something else
  is pending is refused like dice (``dice_pending``, ``decision_pending``, ``nothing_pending``);
- a ``decide`` must answer the pending decision's key with one of its options;
- a declaration's optional ``dice`` map is fed to the pending requests after the
  declaration, stage by stage, for as long as it has values for them; values it still holds
  afterwards were never asked for and are ``wrong_die`` (the whole fact is rejected).

Subclasses implement the ``on_*`` hooks and :meth:`pending`; they never see a fact of the
wrong kind for the current state. The order is checked with :meth:`FactMachine.awaits_declaration`
and :meth:`FactMachine.dice_wanted`, which ask ``pending``; a system that can answer them from
its state without building the pending object overrides them (the object is built only to
name it in a refusal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.dice import DiceRequest, check_rolls
from rules.core.draws import check_draws
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.core.facts import DECIDE, DECLARE, DICE, DRAW, Command, Fact, read_command
from rules.core.limits import DEFAULT_LIMITS, Limits
from rules.core.system import (
    AwaitingCommand,
    DecisionNeeded,
    DiceNeeded,
    DrawNeeded,
    Pending,
    State,
    Step,
)


class FactMachine:
    """Base class: ``apply`` dispatches facts to ``on_declare``/``on_dice``/``on_draw``/
    ``on_decide``."""

    id: str = ""
    version: str = ""
    #: How big a setup and a command may be (:mod:`rules.core.limits`); override per system.
    limits: Limits = DEFAULT_LIMITS

    # --- hooks for subclasses ------------------------------------------------------------

    def pending(self, state: State) -> Pending:  # pragma: no cover - abstract
        raise NotImplementedError

    def on_declare(self, state: State, command: Command) -> Step:  # pragma: no cover
        raise NotImplementedError

    def on_dice(self, state: State, rolls: dict[str, tuple]) -> Step:  # pragma: no cover
        """``rolls`` are validated values for a subset of the pending request keys."""
        raise NotImplementedError

    def on_draw(self, state: State, draws: dict[str, tuple[str, ...]]) -> Step:
        """``draws`` are validated card ids for a subset of the pending draw request keys.

        Only systems whose ``pending`` asks for draws are sent any."""
        raise NotImplementedError  # pragma: no cover

    def on_decide(self, state: State, choice: Any) -> Step:  # pragma: no cover
        """``choice`` is one option value (or a list of them for ``multiple``)."""
        raise NotImplementedError

    def commands(self, state: State) -> tuple:
        """The command catalogue (:mod:`rules.core.catalogue`); a system without one says so."""
        raise RuleError("not_implemented",
                        template=gettext_noop("{system} lists no command catalogue yet"),
                        params={"system": self.id or type(self).__name__})

    def awaits_declaration(self, state: State) -> bool:
        """Whether ``state`` waits for a declaration (``pending`` is an ``AwaitingCommand``)."""
        return isinstance(self.pending(state), AwaitingCommand)

    def dice_wanted(self, state: State) -> tuple[DiceRequest, ...] | None:
        """The dice requests ``state`` still waits for, or ``None`` if it waits for no dice."""
        pending = self.pending(state)
        return pending.requests if isinstance(pending, DiceNeeded) else None

    def on_other(self, state: State, fact: Fact) -> Step:
        """Facts of a system-specific type. By default they are rejected."""
        raise RuleError("bad_fact", template=gettext_noop("unknown fact type {type!r}"),
                        params={"type": fact.type}, field="type")

    # --- dispatch ------------------------------------------------------------------------

    def apply(self, state: State, fact: Fact | Mapping[str, Any]) -> Step:
        if type(fact) is not Fact:
            fact = Fact.from_json(fact)
        kind = fact.type
        if kind == DICE:
            return self._apply_dice(state, fact.data.get("rolls"))
        if kind == DECLARE:
            return self._apply_declare(state, fact.data)
        if kind == DECIDE:
            return self._apply_decide(state, fact.data)
        if kind == DRAW:
            return self._apply_draw(state, fact.data.get("draws"))
        return self.on_other(state, fact)

    def _apply_declare(self, state: State, data: Mapping[str, Any]) -> Step:
        if not self.awaits_declaration(state):
            raise busy_error(self.pending(state), gettext_noop("a declaration"))
        step = self.on_declare(state, read_command(data))
        bulk = data.get("dice")
        if not bulk:
            return step
        if not isinstance(bulk, Mapping):
            raise RuleError("wrong_die", template=gettext_noop("a declaration's 'dice' must be a map"),
                            field="dice")
        return self._consume_bulk_dice(step, dict(bulk))

    def _consume_bulk_dice(self, step: Step, bulk: dict[str, Any]) -> Step:
        state, effects = step.state, list(step.effects)
        while bulk:
            requests = self.dice_wanted(state)
            if requests is None:
                break
            wanted = {r.key for r in requests}
            batch = {k: bulk.pop(k) for k in list(bulk) if k in wanted}
            if not batch:
                break
            state, fx = self._apply_dice(state, batch)
            effects.extend(fx)
        if bulk:
            raise RuleError(
                "wrong_die",
                template=gettext_noop("dice sent with the declaration were never asked for: {keys}"),
                params={"keys": ", ".join(bulk)},
                field="dice",
            )
        return Step(state, tuple(effects))

    def _apply_dice(self, state: State, rolls: Any) -> Step:
        requests = self.dice_wanted(state)
        if requests is None:
            raise busy_error(self.pending(state), gettext_noop("dice"))
        return self.on_dice(state, check_rolls(requests, rolls))

    def _apply_draw(self, state: State, draws: Any) -> Step:
        pending = self.pending(state)
        if not isinstance(pending, DrawNeeded):
            raise busy_error(pending, gettext_noop("a draw"))
        return self.on_draw(state, check_draws(pending.requests, draws))

    def _apply_decide(self, state: State, data: Mapping[str, Any]) -> Step:
        pending = self.pending(state)
        if not isinstance(pending, DecisionNeeded):
            raise busy_error(pending, gettext_noop("a decision"))
        key = data.get("key")
        if key != pending.key:
            raise RuleError(
                "bad_decision",
                template=gettext_noop("the pending decision is {pending!r} ({label}), not {key!r}"),
                params={"pending": pending.key, "label": pending.label, "key": key},
                field="key",
            )
        return self.on_decide(state, check_choice(pending, data.get("choice")))


def check_choice(pending: DecisionNeeded, choice: Any) -> Any:
    """Validate ``choice`` against the options of ``pending``; return it normalised."""
    allowed = {o.value for o in pending.options}
    if pending.multiple:
        if not isinstance(choice, list | tuple):
            raise RuleError("bad_decision", template=gettext_noop("{label}: choose a list"),
                            params={"label": pending.label}, field="choice")
        values = tuple(choice)
        if len(set(values)) != len(values):
            raise RuleError("bad_decision", template=gettext_noop("{label}: a value is repeated"),
                            params={"label": pending.label}, field="choice")
        bad = [v for v in values if v not in allowed]
        high = pending.at_most if pending.at_most is not None else len(allowed)
        if bad or not pending.at_least <= len(values) <= high:
            raise RuleError(
                "bad_decision",
                template=gettext_noop("{label}: choose {low}..{high} of {options}"),
                params={"label": pending.label, "low": pending.at_least, "high": high,
                        "options": ", ".join(sorted(allowed))},
                field="choice",
            )
        return values
    if choice not in allowed:
        raise RuleError(
            "bad_decision",
            template=gettext_noop("{choice!r} is not an option for {label} (options: {options})"),
            params={"choice": choice, "label": pending.label,
                    "options": ", ".join(o.value for o in pending.options)},
            field="choice",
        )
    return choice


def busy_error(pending: Pending, what: str) -> RuleError:
    """The refusal of ``what`` (a declaration, dice, a decision) while ``pending`` waits."""
    what = Sentence(what)
    if isinstance(pending, DiceNeeded):
        return RuleError(
            "dice_pending",
            template=gettext_noop("{what} cannot be accepted while dice are pending: {dice}"),
            params={"what": what, "dice": ", ".join(r.label for r in pending.requests)},
        )
    if isinstance(pending, DrawNeeded):
        return RuleError(
            "draw_pending",
            template=gettext_noop("{what} cannot be accepted while a draw is pending: {draws}"),
            params={"what": what, "draws": ", ".join(r.label for r in pending.requests)},
        )
    if isinstance(pending, DecisionNeeded):
        return RuleError(
            "decision_pending",
            template=gettext_noop("{what} cannot be accepted while a decision is pending: {label}"),
            params={"what": what, "label": pending.label},
        )
    if isinstance(pending, AwaitingCommand):
        return RuleError("nothing_pending",
                         template=gettext_noop("{what} was not asked for: nothing is pending"),
                         params={"what": what})
    return RuleError(
        "bad_fact", template=gettext_noop("{what} cannot be accepted while {kind} is pending"),
        params={"what": what, "kind": pending.kind or "input"},
    )
