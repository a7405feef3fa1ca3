"""The one error a rule system raises, and the sentences it carries.

A :class:`RuleError` is what a player sees when the rules forbid what was sent: a machine
``code`` for clients and an English ``message`` that names the rule, e.g.
``RuleError("action_forbidden", "suppressed infantry may only move away from the enemy (§2.7)",
rule="§2.7")``. Because rule state is immutable, raising never leaves a half-applied state
behind: the caller still holds the state it had before.

The engine writes English and knows nothing of Django. So that an API can still answer in the
player's language, a message may be a :class:`Sentence`: a ``str`` (the exact English, so every
comparison and JSON dump is unchanged) that also keeps its English ``template`` with ``{name}``
placeholders and the ``params`` that fill it. Templates are marked with :func:`gettext_noop`,
the keyword gettext's extractor (Django's ``makemessages``) looks for, so they land in the
translators' catalogue as msgids; a param may itself be a :class:`Sentence` (a reason inside a
refusal, a phrase), translated the same way. ``RuleError(code, template=..., params=...)``
builds such a message; ``RuleError(code, message)`` with a plain string still works.

Codes used across rule systems (a system may add its own):

- ``bad_fact`` -- the fact envelope is malformed (unknown type, missing keys).
- ``bad_setup`` -- ``initial_state`` was given an invalid setup; ``field`` names the path.
- ``bad_command`` -- a declaration is malformed (unknown action, missing parameter).
- ``die_out_of_range`` -- a value is not a face of the requested die.
- ``wrong_die`` -- dice for a key that is not pending, or the wrong number of dice.
- ``dice_pending`` -- a declaration or decision arrived while dice are awaited.
- ``decision_pending`` -- dice or a declaration arrived while a decision is awaited.
- ``draw_pending`` -- a declaration, dice or a decision arrived while a draw is awaited.
- ``wrong_draw`` -- cards for a key that is not pending, or the wrong number of cards.
- ``card_not_in_deck`` -- a drawn card is not in the requested deck or bag.
- ``card_already_drawn`` -- a drawn card is out already (or drawn twice in one fact).
- ``nothing_pending`` -- dice, a draw or a decision arrived when nothing was asked for.
- ``bad_decision`` -- the answer is not one of the offered options.
- ``action_forbidden`` -- the unit's state or the rules forbid the declared action.
- ``not_implemented`` -- the rule exists in the book but not yet in the engine.
- ``missing_table`` -- the source lost a table the organizer must fill in.
- ``limit_exceeded`` -- a setup or a command beyond the system's limits (``rules.core.limits``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_NO_PARAMS: Mapping[str, Any] = {}


def gettext_noop(template: str) -> str:
    """Mark an English message template for the translators' catalogue and return it as it is.

    The name is the keyword gettext's extractor looks for (``makemessages`` scans ``rules/``
    too); nothing is translated here: the engine stays English and free of Django."""
    return template


class Sentence(str):
    """An English sentence that remembers how it was made: ``template.format(**params)``.

    It *is* the English string (equal, hashable, JSON-dumpable as one), so code and tests that
    read messages as text see no difference; an API layer reads ``template`` and ``params`` to
    render it in another language. Without params the template is the sentence itself (and is
    not formatted, so it may contain braces)."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Sentence:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params or _NO_PARAMS
        return self

    def __repr__(self) -> str:
        return f"Sentence({self.template!r}, {dict(self.params)!r})" if self.params else \
            f"Sentence({self.template!r})"


def joined(sentences: list[str], separator: str = "; ") -> str:
    """``separator.join(sentences)`` that keeps each :class:`Sentence` translatable (the
    separator is punctuation, the same in every language)."""
    if not sentences:
        return ""
    out = sentences[0]
    for sentence in sentences[1:]:
        out = Sentence("{a}" + separator.replace("{", "{{").replace("}", "}}") + "{b}",
                       a=out, b=sentence)
    return out


class Term(Sentence):
    """A word or phrase of the rules' data inside a sentence (a morale grade, a weapon, an
    action kind). An API shows it in the request's language when it can -- from
    ``translations`` (language code -> text, e.g. the data's own ``name_ru``), else from its
    catalogue (``context`` as in ``pgettext``) -- and otherwise as it is, without giving up
    the whole sentence."""

    context: str | None
    translations: Mapping[str, str]

    def __new__(
        cls, text: str, /, context: str | None = None,
        translations: Mapping[str, str] | None = None,
    ) -> Term:
        self = super().__new__(cls, text)
        self.context = context
        self.translations = translations or _NO_PARAMS
        return self

    def __repr__(self) -> str:
        return f"Term({str(self)!r}, context={self.context!r})"


class RuleError(Exception):
    """A fact or command that the rules do not allow.

    ``code`` is a stable machine code, ``message`` a sentence naming the rule,
    ``rule`` the rulebook reference (e.g. ``"§2.7"``) and ``field`` the offending input path
    (e.g. ``"sides.red.squads.0.quality"``) when there is one.

    ``template`` (English, ``{name}`` placeholders, marked with :func:`gettext_noop`) and
    ``params`` build the message as a :class:`Sentence` that an API can translate; a
    ``message`` that is already a :class:`Sentence` keeps its template. Both read back as
    attributes (``None`` for a plain message).
    """

    def __init__(
        self,
        code: str,
        message: str | None = None,
        *,
        rule: str | None = None,
        field: str | None = None,
        template: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if template is not None:
            sentence = Sentence(template, **(params or {}))
            if message is not None and message != sentence:
                raise ValueError(f"message {message!r} is not its template's {sentence!r}")
            message = sentence
        elif message is None:
            raise TypeError("RuleError needs a message or a template")
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.field = field

    @property
    def template(self) -> str | None:
        """The English template of the message, or ``None`` for a plain message."""
        return getattr(self.message, "template", None)

    @property
    def params(self) -> Mapping[str, Any] | None:
        """The values that fill :attr:`template` (``None`` for a plain message)."""
        return getattr(self.message, "params", None)

    def to_dict(self) -> dict[str, str]:
        """JSON form for APIs: always ``code`` and ``message``; ``rule``/``field`` if set."""
        out = {"code": self.code, "message": str(self.message)}
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
        return f"RuleError({self.code!r}, {str(self.message)!r}{extra})"

    def __reduce__(self):  # keep keyword-only arguments through pickling (Celery)
        return (_rebuild, (self.code, self.message, self.rule, self.field))


def _rebuild(code: str, message: str, rule: str | None, field: str | None) -> RuleError:
    return RuleError(code, message, rule=rule, field=field)
