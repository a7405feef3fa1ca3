"""Folding a battle stream through its rule system, corrections included.

Pure Python (no Django): used by the projections, the state selectors, import validation and
the rules-version diff, so there is one definition of "what the stream means".

A battle stream holds:

- ``battle.started``: the rule system, the setup and the dice-seed commitment (version 1);
- rules facts (``declare``, ``dice``, ``draw``, ``decide``, or a system's own types), folded as they are;
- ``correction.void`` / ``correction.amend``: ``{"target": v, "reason": ..., "data": ...}``,
  which make the fact at version ``v`` count as absent / as ``data`` from then on;
- ``battle.concluded``: the result, the casualty summary and the revealed dice seed;
- ``battle.reopened``: an organizer reopened the concluded battle for corrections
  (``{"reason": ..., "seed_sha256": ...}``: the commitment to a new dice seed, absent in
  streams recorded before seed epochs, :mod:`battles.dice`); it is concluded again with a new
  ``battle.concluded``.

Replaying never rolls and never guesses: a fact the rules reject during a replay (because an
earlier correction changed what the rules need) is skipped and marked ``unfit``, and the
state's pending request says what must be entered instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RuleError
from rules.core.facts import Fact
from rules.core.system import RuleSystem, State

STARTED = "battle.started"
CONCLUDED = "battle.concluded"
REOPENED = "battle.reopened"
VOID = "correction.void"
AMEND = "correction.amend"
CORRECTIONS = (VOID, AMEND)
BATTLE_EVENTS = (STARTED, CONCLUDED, REOPENED)

APPLIED = "applied"
AMENDED = "amended"
VOIDED = "voided"
UNFIT = "unfit"
RECORDED = "recorded"


def is_fact(event_type: str) -> bool:
    """Whether an event type is a rules fact (folded by the rule system)."""
    return event_type not in BATTLE_EVENTS and event_type not in CORRECTIONS


@dataclass(frozen=True)
class Correction:
    """The latest correction of one fact: ``by`` is the correction's version."""

    by: int
    action: str  # VOID or AMEND
    data: Mapping[str, Any] | None = None


def corrections_from(events: Iterable[tuple[int, str, Mapping]]) -> dict[int, Correction]:
    """Target version -> latest :class:`Correction`, from ``(version, type, data)`` triples."""
    out: dict[int, Correction] = {}
    for version, event_type, data in events:
        if event_type in CORRECTIONS:
            out[int(data["target"])] = Correction(
                version, event_type, data.get("data") if event_type == AMEND else None
            )
    return out


def sentence(effects: Iterable[Mapping]) -> str:
    """Effects as one sentence: ``"2nd squad suppressed (2 markers); Cpl. Orlov wounded"``."""
    return "; ".join(e["text"] for e in effects if e.get("text"))


def describe(event_type: str, data: Mapping[str, Any]) -> str:
    """What an event records, in English (the effects say what it caused)."""
    if event_type == STARTED:
        rules = data.get("rules", {})
        return f"battle started under {rules.get('system')} {rules.get('version')}"
    if event_type == CONCLUDED:
        result = ", ".join(f"{side} {res}" for side, res in (data.get("result") or {}).items())
        return f"battle concluded: {result}"
    if event_type == REOPENED:
        return f"battle reopened: {data.get('reason') or 'no reason given'}"
    if event_type == VOID:
        return f"correction: event #{data.get('target')} voided ({data.get('reason') or 'no reason given'})"
    if event_type == AMEND:
        return f"correction: event #{data.get('target')} amended ({data.get('reason') or 'no reason given'})"
    if event_type == "declare":
        who = data.get("unit") or "the table"
        return f"{who} declares {data.get('action')}"
    if event_type == "dice":
        rolls = ", ".join(f"{k} {v}" for k, v in (data.get("rolls") or {}).items())
        source = data.get("source") or "table"
        return f"dice ({source}): {rolls}"
    if event_type == "draw":
        draws = ", ".join(f"{k} {v}" for k, v in (data.get("draws") or {}).items())
        source = data.get("source") or "table"
        return f"draw ({source}): {draws}"
    if event_type == "decide":
        return f"decision {data.get('key')}: {data.get('choice')}"
    return event_type


@dataclass
class Outcome:
    """How one event counts in the current reading of the stream."""

    version: int
    type: str
    status: str
    effects: list[dict] = field(default_factory=list)
    problem: dict | None = None
    effective_data: dict | None = None
    corrected_by: int | None = None

    @property
    def text(self) -> str:
        return sentence(self.effects)

    def key(self) -> tuple:
        """What a correction may change: status and effects (for consequence reports)."""
        return (self.status, tuple(e.get("text", "") for e in self.effects))


class Fold:
    """Folds events one by one from ``state``, applying ``corrections``.

    ``feed`` returns the :class:`Outcome` of each event; ``state`` is the state after the last
    event fed. Rules facts that do not fit are skipped (``unfit``) unless ``strict``, in which
    case the :class:`RuleError` propagates and nothing changes.
    """

    def __init__(
        self,
        system: RuleSystem,
        state: State | None,
        corrections: Mapping[int, Correction] | None = None,
    ) -> None:
        self.system = system
        self.state = state
        self.corrections = corrections or {}

    def start(self, setup: Mapping[str, Any]) -> None:
        """Build the initial state (``battle.started``); raises ``RuleError("bad_setup")``
        with ``field`` under ``setup.``."""
        try:
            self.state = self.system.initial_state(setup)
        except RuleError as error:
            error.field = "setup" + (f".{error.field}" if error.field else "")
            raise

    def feed(
        self, version: int, event_type: str, data: Mapping[str, Any], *, strict: bool = False
    ) -> Outcome:
        if event_type == STARTED:
            self.start(data["setup"])
            return Outcome(version, event_type, RECORDED)
        if not is_fact(event_type):
            return Outcome(version, event_type, RECORDED)
        correction = self.corrections.get(version)
        if correction is not None and correction.action == VOID:
            return Outcome(version, event_type, VOIDED, corrected_by=correction.by)
        effective = dict(correction.data) if correction is not None else None
        status = AMENDED if correction is not None else APPLIED
        try:
            step = self.system.apply(self.state, Fact(event_type, effective or data))
        except RuleError as error:
            if strict:
                raise
            return Outcome(
                version,
                event_type,
                UNFIT,
                problem=_error_json(error),
                effective_data=effective,
                corrected_by=correction.by if correction else None,
            )
        self.state = step.state
        return Outcome(
            version,
            event_type,
            status,
            effects=[e.to_json() for e in step.effects],
            effective_data=effective,
            corrected_by=correction.by if correction else None,
        )


def _error_json(error: RuleError) -> dict:
    return {"code": error.code, "message": error.message, "rule": error.rule, "field": error.field}
