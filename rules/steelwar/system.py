"""The Steel War as a rule system: the fold that the battles layer replays.

``SteelWar`` implements :class:`rules.core.system.RuleSystem` on top of
:class:`rules.core.machine.FactMachine`: declarations go to the action of that name in
:mod:`rules.steelwar.actions`, dice and decisions to the procedure in progress
(``Battle.resolution``). Version ``"1.0"`` plays the digest's readings (the defaults of
:class:`~rules.steelwar.options.Options`); a battle's own house rules go in
``setup["options"]``. A later version registers another ``SteelWar`` with different
``defaults`` and both replay side by side.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.core import registry
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.machine import FactMachine, busy_error
from rules.core.odds import Distribution
from rules.core.system import (
    AwaitingCommand,
    DiceNeeded,
    Pending,
    Step,
)
from rules.steelwar import state as st
from rules.steelwar.actions import ACTIONS, NOT_IMPLEMENTED, PROCEDURES
from rules.steelwar.battle_setup import build_battle
from rules.steelwar.limits import LIMITS
from rules.steelwar.state import Battle
from rules.steelwar.terms import TERMS

_FREE = AwaitingCommand()


class SteelWar(FactMachine):
    """The Steel War fold. ``defaults`` are option overrides that define this version."""

    id = "steelwar"
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

    def initial_state(self, setup: Mapping[str, Any]) -> Battle:
        return build_battle(setup, self.defaults, self.limits)

    def pending(self, state: Battle) -> Pending:
        res = state.resolution
        if res is None:
            act = state.activation
            if act is None:
                return _FREE
            return AwaitingCommand((state.squads[act.squad].id,))
        if res.decision is not None:
            return res.decision
        if res.rolls:
            have = {k for k, _ in res.rolls}
            return DiceNeeded(tuple(r for r in res.requests if r.key not in have), res.procedure)
        return DiceNeeded(res.requests, res.procedure)

    def validate(self, state: Battle, command: Command | Mapping[str, Any]) -> None:
        pending = self.pending(state)
        if not isinstance(pending, AwaitingCommand):
            raise busy_error(pending, "a declaration")
        cmd = Command.from_json(command)
        self._action(cmd).validate(state, cmd)

    def odds(self, state: Battle, command: Command | Mapping[str, Any]) -> Distribution:
        cmd = Command.from_json(command)
        action = self._action(cmd)
        if action.odds is None:
            raise RuleError(
                "not_implemented",
                template=gettext_noop("odds of {action} are not implemented yet ({rule})"),
                params={"action": cmd.action, "rule": action.rule},
                rule=action.rule,
            )
        return action.odds(state, cmd)

    def state_to_json(self, state: Battle) -> dict[str, Any]:
        return st.to_json(state, _ctx_to_json)

    def state_from_json(self, data: Mapping[str, Any]) -> Battle:
        return st.from_json(data, _ctx_from_json)

    # --- FactMachine hooks -----------------------------------------------------------------

    def on_declare(self, state: Battle, command: Command) -> Step:
        return self._action(command).declare(state, command)

    def on_dice(self, state: Battle, rolls: dict[str, tuple]) -> Step:
        res = state.resolution
        if res.rolls:
            rolls = {**dict(res.rolls), **rolls}
        if len(rolls) < len(res.requests):
            res = res._replace(rolls=tuple(rolls.items()))
            return Step(state._replace(resolution=res))
        return PROCEDURES[res.procedure].on_dice(state, res, rolls)

    def on_decide(self, state: Battle, choice: Any) -> Step:
        res = state.resolution
        return PROCEDURES[res.procedure].on_decide(state, res, choice)

    # --- helpers ----------------------------------------------------------------------------

    @staticmethod
    def _action(cmd: Command):
        action = ACTIONS.get(cmd.action)
        if action is not None:
            return action
        if cmd.action in NOT_IMPLEMENTED:
            what, rule = NOT_IMPLEMENTED[cmd.action]
            raise RuleError(
                "not_implemented",
                template=gettext_noop("{what} ({rule}) is not implemented yet"),
                params={"what": what, "rule": rule},
                rule=rule,
            )
        raise RuleError(
            "bad_command",
            template=gettext_noop("unknown action {action!r}; known: {known}"),
            params={"action": cmd.action, "known": ', '.join(sorted(ACTIONS))},
            field="action",
        )


def _ctx_to_json(procedure: str, ctx: tuple) -> dict[str, Any]:
    return {k: _thaw(v) for k, v in ctx._asdict().items()}


def _thaw(value: Any) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


def _ctx_from_json(procedure: str, data: Mapping[str, Any]) -> tuple:
    return PROCEDURES[procedure].context(**{k: st.freeze(v) for k, v in data.items()})


#: The digest's readings: every Options default.
STEELWAR_1_0 = registry.register(SteelWar("1.0"))
