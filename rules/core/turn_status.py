"""Whose turn it is: the optional turn status a rule system gives for the top of the table.

A rule system that has turns, activations or phases provides
``turn_status(state) -> TurnStatus | None``, either as a method of the system object or as a
function ``turn_status`` in the module ``rules.<id>.turn_status``; :func:`turn_status` finds
it and answers ``None`` for a system that gives none (the page then shows nothing). The status
names sides and units by their ids; the page shows their names. Pure Python, no Django.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from rules.core.system import RuleSystem, State


@dataclass(frozen=True, slots=True)
class TurnStatus:
    """Where the battle stands in its sequence of play.

    ``turn`` the turn number (``None`` for a system without numbered turns); ``side`` and
    ``unit`` the side and unit acting now (ids, ``None`` when nobody is); ``actions_used`` of
    ``actions`` what the acting unit has spent of its activation; ``waiting`` the units that
    have still to act this turn.
    """

    turn: int | None = None
    side: str | None = None
    unit: str | None = None
    actions_used: int | None = None
    actions: int | None = None
    waiting: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "side": self.side,
            "unit": self.unit,
            "actions_used": self.actions_used,
            "actions": self.actions,
            "waiting": list(self.waiting),
        }


def turn_status(system: RuleSystem, state: State) -> TurnStatus | None:
    """The system's :class:`TurnStatus` of ``state``, or ``None`` if it gives none.

    Uses ``system.turn_status`` if the system has it, else ``rules.<id>.turn_status.turn_status``.
    """
    method = getattr(system, "turn_status", None)
    if callable(method):
        return method(state)
    name = f"rules.{system.id}.turn_status"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, f"rules.{system.id}"):
            raise
        return None
    function = getattr(module, "turn_status", None)
    return function(state) if callable(function) else None
