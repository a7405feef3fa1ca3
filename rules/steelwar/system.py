"""The Steel War as a rule system: the fold that the battles layer replays.

``SteelWar`` implements :class:`rules.core.system.RuleSystem` on top of
:class:`rules.core.procedures.ProcedureMachine`: declarations go to the action of that name in
Steel War's rulebook (:mod:`rules.steelwar.actions`), dice and decisions to the procedure in
progress (``BattleState.resolution``). Version ``"1.0"`` plays the digest's readings (the defaults
of :class:`~rules.steelwar.options.Options`); a battle's own house rules go in
``setup["options"]``. A later version registers another ``SteelWar`` with different
``defaults`` and both replay side by side.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.core import registry
from rules.core.catalogue import CommandSpec
from rules.core.procedures import ProcedureMachine
from rules.core.summary import BattleSummary
from rules.core.system import AwaitingCommand
from rules.steelwar import catalogue, summary
from rules.steelwar import state as st
from rules.steelwar.actions import RULEBOOK
from rules.steelwar.battle_setup import build_battle
from rules.steelwar.limits import LIMITS
from rules.steelwar.options import describe
from rules.steelwar.state import BattleState
from rules.steelwar.terms import TERMS

_FREE = AwaitingCommand()


class SteelWar(ProcedureMachine):
    """The Steel War fold. ``defaults`` are option overrides that define this version."""

    id = "steelwar"
    rulebook = RULEBOOK
    #: The project's bounds on a setup and a command (``rules/steelwar/README.md``).
    limits = LIMITS
    #: Labels and the Russian of the sentences (``rules/steelwar/terms.py``).
    terms = TERMS

    def __init__(self, version: str = "1.0", defaults: Mapping[str, Any] | None = None) -> None:
        self.version = version
        self.defaults = MappingProxyType(dict(defaults or {}))

    def __repr__(self) -> str:
        return f"SteelWar({self.version!r})"

    # --- RuleSystem ------------------------------------------------------------------------

    def initial_state(self, setup: Mapping[str, Any]) -> BattleState:
        return build_battle(setup, self.defaults, self.limits)

    def awaiting(self, state: BattleState) -> AwaitingCommand:
        """Between procedures: the squad under activation, if any, is the one to act (§1)."""
        act = state.activation
        if act is None:
            return _FREE
        return AwaitingCommand((state.squads[act.squad].id,))

    def commands(self, state: BattleState) -> tuple[CommandSpec, ...]:
        return catalogue.commands(state, self.pending(state))

    def state_to_json(self, state: BattleState) -> dict[str, Any]:
        return st.to_json(state, self.rulebook)

    def state_from_json(self, data: Mapping[str, Any]) -> BattleState:
        return st.from_json(data, self.rulebook)

    def summarize(self, state: BattleState) -> BattleSummary:
        return summary.summarize(state)

    def readings(self) -> tuple[dict[str, Any], ...]:
        """The readings of rules the source does not settle (``rules.steelwar.options``),
        with this version's defaults (``rules.core.registry.readings``)."""
        return tuple({**row, "default": self.defaults.get(row["name"], row["default"])}
                     for row in describe())


#: The digest's readings: every Options default.
STEELWAR_1_0 = registry.register(SteelWar("1.0"))
