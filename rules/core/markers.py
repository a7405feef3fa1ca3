"""Markers: what a figure is at this moment of the battle, shown on its unit's card.

A casualty is in the summary (:mod:`rules.core.summary`), which the campaign takes over; a
marker is only the table's view of the moment (e.g. a Mercenaries Extra in panic, §2.13), so
it stays out of the summary. A rule system that has such states gives
``markers(state) -> Iterable[Marker]`` as a method of the system object; :func:`markers`
answers ``()`` for a system that gives none. Each ``key`` has a label of kind :data:`MARKER`
in the system's terms (:mod:`rules.core.terms`), in English and Russian. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.system import RuleSystem, State

#: The kind of a marker's label in a system's terms.
MARKER = "figure marker"


@dataclass(frozen=True, slots=True)
class Marker:
    """Figure ``figure`` of unit ``unit`` (ids as in the summary) is ``key`` now."""

    unit: str
    figure: str
    key: str


def markers(system: RuleSystem, state: State) -> tuple[Marker, ...]:
    """The system's markers of ``state``, or ``()`` if it gives none."""
    method = getattr(system, "markers", None)
    return tuple(method(state)) if callable(method) else ()
