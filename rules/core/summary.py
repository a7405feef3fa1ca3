"""The casualty summary a rule system gives when a battle is concluded.

``battles`` records it in the ``battle.concluded`` event and the campaign takes it over:
who was killed, who was wounded and what became of them, who was taken prisoner and by which
side, and which casualties are still unchecked. It also carries each unit's status, which
``battles`` shows as a read model. What only one rule system knows about a figure (e.g. the
leadership a unit has after its commander was replaced) goes in the figure's ``details``, a
map of the system's own that the core never reads.

A rule system provides ``summarize(state) -> BattleSummary`` as a method (see
:class:`rules.core.system.RuleSystem`); :func:`summarize` calls it. Pure Python, no Django.

JSON: :meth:`BattleSummary.to_json` writes schema 2 (``details`` per figure). Schema 1 (before
``details``) had the system's fields beside the core ones; :func:`upcast_summary_json` turns it
into schema 2, and ``from_json`` reads both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
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

_NO_DETAILS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class FigureOutcome:
    """One figure that the battle changed.

    ``unit`` and ``figure`` are the ids of the setup; ``outcome`` one of :data:`OUTCOMES`;
    ``fate`` the finer result; ``captured_by`` the capturing side for prisoners;
    ``wounded`` whether a prisoner (or replaced commander) was also wounded; ``details`` the
    rule system's own facts about the figure (JSON values; the core never reads them).
    """

    unit: str
    figure: str
    side: str
    outcome: str
    fate: str | None = None
    captured_by: str | None = None
    wounded: bool = False
    name: str = ""
    details: Mapping[str, Any] = field(default_factory=lambda: _NO_DETAILS)

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown figure outcome {self.outcome!r}")
        if type(self.details) is not MappingProxyType:  # read-only: summaries may be shared
            object.__setattr__(self, "details", MappingProxyType(dict(self.details)))

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
            "details": dict(self.details),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> FigureOutcome:
        """Reads schema 2 and schema 1 (see :func:`upcast_summary_json`)."""
        d = _figure_v2(d)
        return cls(
            unit=d["unit"],
            figure=d["figure"],
            side=d["side"],
            outcome=d["outcome"],
            fate=d.get("fate"),
            captured_by=d.get("captured_by"),
            wounded=bool(d.get("wounded", False)),
            name=d.get("name", ""),
            details=d.get("details") or _NO_DETAILS,
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
    """The system's :class:`BattleSummary` of ``state`` (its ``summarize`` method).

    Raises ``RuleError("not_implemented")`` when the system has none.
    """
    method = getattr(system, "summarize", None)
    if not callable(method):
        raise RuleError(
            "not_implemented",
            template=gettext_noop("rule system {system} gives no battle summary"),
            params={"system": system.id},
        )
    return method(state)


# --- schema 1 ---------------------------------------------------------------------------------

#: The keys of a figure's JSON that the core defines; in schema 1 any other key was the system's.
_FIGURE_KEYS = frozenset(
    ("unit", "figure", "side", "name", "outcome", "fate", "captured_by", "wounded", "details")
)
#: The counts the core writes; schema 1 also counted a system's own kinds.
_COUNTS = ("killed", "wounded", "captured", "unchecked")


def _figure_v2(d: Mapping[str, Any]) -> Mapping[str, Any]:
    """A figure's JSON in schema 2: a schema-1 figure's own keys with a value go to ``details``
    (``None`` meant "not set" and is dropped)."""
    extra = {k: v for k, v in d.items() if k not in _FIGURE_KEYS}
    if not extra and "details" in d:
        return d
    core = {k: v for k, v in d.items() if k in _FIGURE_KEYS}
    details = {**{k: v for k, v in extra.items() if v is not None}, **(d.get("details") or {})}
    return {**core, "details": details}


def upcast_summary_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """A summary's JSON in schema 2, from schema 1 or 2 (a schema-2 summary is unchanged)."""
    out = dict(data)
    if "figures" in out:
        out["figures"] = [_figure_v2(f) for f in out["figures"]]
    if isinstance(out.get("counts"), Mapping):
        out["counts"] = {k: v for k, v in out["counts"].items() if k in _COUNTS}
    return out

