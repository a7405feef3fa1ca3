"""The casualty summary a rule system gives when a battle is concluded.

``battles`` records it in the ``battle.concluded`` event and the campaign takes it over:
who was killed, who was wounded and what became of them, who was taken prisoner and by which
side, which commanders were replaced (and the new leadership), and which casualties are still
unchecked. It also carries each unit's status, which ``battles`` shows as a read model.

A rule system provides ``summarize(state) -> BattleSummary``, either as a method of the system
object or as a function ``summarize`` in the module ``rules.<id>.summary``;
:func:`summarize` finds it. Pure Python, no Django.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RuleError, gettext_noop
from rules.core.system import RuleSystem, State

#: What became of a figure. ``fate`` refines ``wounded`` (e.g. ``"stabilised"``,
#: ``"returned_to_duty"``) and ``killed`` (e.g. ``"died_of_wounds"``).
KILLED = "killed"
WOUNDED = "wounded"
UNCHECKED = "unchecked"  # a casualty whose fate the battle did not settle
CAPTURED = "captured"
REPLACED = "replaced"  # a commander lost and replaced; figure unharmed otherwise
OUTCOMES = (KILLED, WOUNDED, UNCHECKED, CAPTURED, REPLACED)


@dataclass(frozen=True, slots=True)
class FigureOutcome:
    """One figure that the battle changed.

    ``unit`` and ``figure`` are the ids of the setup; ``outcome`` one of :data:`OUTCOMES`;
    ``fate`` the finer result; ``captured_by`` the capturing side for prisoners;
    ``wounded`` whether a prisoner (or replaced commander) was also wounded;
    ``new_leadership`` the unit's leadership after its commander was replaced.
    """

    unit: str
    figure: str
    side: str
    outcome: str
    fate: str | None = None
    captured_by: str | None = None
    wounded: bool = False
    new_leadership: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown figure outcome {self.outcome!r}")

    def to_json(self) -> dict:
        return {
            "unit": self.unit,
            "figure": self.figure,
            "side": self.side,
            "name": self.name,
            "outcome": self.outcome,
            "fate": self.fate,
            "captured_by": self.captured_by,
            "wounded": self.wounded,
            "new_leadership": self.new_leadership,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> FigureOutcome:
        return cls(
            unit=d["unit"],
            figure=d["figure"],
            side=d["side"],
            outcome=d["outcome"],
            fate=d.get("fate"),
            captured_by=d.get("captured_by"),
            wounded=bool(d.get("wounded", False)),
            new_leadership=d.get("new_leadership"),
            name=d.get("name", ""),
        )


@dataclass(frozen=True, slots=True)
class UnitSummary:
    """A unit's status at the end (or at any point) of the battle.

    ``status`` is the system's own JSON (figures left, markers, morale...) and ``text`` a
    short English description for lists ("7 of 10 left, 2 suppression markers, shaken").
    """

    unit: str
    side: str
    name: str = ""
    status: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict:
        return {
            "unit": self.unit,
            "side": self.side,
            "name": self.name,
            "status": dict(self.status),
            "text": self.text,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> UnitSummary:
        return cls(
            d["unit"], d["side"], d.get("name", ""), dict(d.get("status", {})), d.get("text", "")
        )


@dataclass(frozen=True, slots=True)
class BattleSummary:
    """Casualties per figure and status per unit; the campaign's input from one battle."""

    sides: tuple[str, ...]
    figures: tuple[FigureOutcome, ...] = ()
    units: tuple[UnitSummary, ...] = ()

    def by_outcome(self, outcome: str) -> tuple[FigureOutcome, ...]:
        return tuple(f for f in self.figures if f.outcome == outcome)

    @property
    def killed(self) -> tuple[FigureOutcome, ...]:
        return self.by_outcome(KILLED)

    @property
    def wounded(self) -> tuple[FigureOutcome, ...]:
        return self.by_outcome(WOUNDED)

    @property
    def prisoners(self) -> tuple[FigureOutcome, ...]:
        return self.by_outcome(CAPTURED)

    @property
    def unchecked(self) -> tuple[FigureOutcome, ...]:
        return self.by_outcome(UNCHECKED)

    @property
    def commanders_replaced(self) -> tuple[FigureOutcome, ...]:
        return tuple(f for f in self.figures if f.new_leadership is not None)

    def to_json(self) -> dict:
        return {
            "sides": list(self.sides),
            "figures": [f.to_json() for f in self.figures],
            "units": [u.to_json() for u in self.units],
            "counts": {
                "killed": len(self.killed),
                "wounded": len(self.wounded),
                "captured": len(self.prisoners),
                "unchecked": len(self.unchecked),
                "commanders_replaced": len(self.commanders_replaced),
            },
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> BattleSummary:
        return cls(
            sides=tuple(d["sides"]),
            figures=tuple(FigureOutcome.from_json(f) for f in d.get("figures", ())),
            units=tuple(UnitSummary.from_json(u) for u in d.get("units", ())),
        )


def summarize(system: RuleSystem, state: State) -> BattleSummary:
    """The system's :class:`BattleSummary` of ``state``.

    Uses ``system.summarize`` if the system has it, else ``rules.<id>.summary.summarize``.
    Raises ``RuleError("not_implemented")`` when the system provides neither.
    """
    method = getattr(system, "summarize", None)
    if callable(method):
        return method(state)
    try:
        module = importlib.import_module(f"rules.{system.id}.summary")
    except ModuleNotFoundError as exc:
        if exc.name != f"rules.{system.id}.summary":
            raise
        module = None
    function = getattr(module, "summarize", None)
    if not callable(function):
        raise RuleError(
            "not_implemented",
            template=gettext_noop("rule system {system} gives no battle summary"),
            params={"system": system.id},
        )
    return function(state)
