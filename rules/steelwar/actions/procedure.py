"""Steel War's rulebook and the kit its actions are written with (see ``docs/rules-engine.md``).

The kit itself (actions, procedures, asking for dice and decisions, ending a procedure, the
follow-up queue) lives in :mod:`rules.core.procedures`; this module binds it to Steel War's
:data:`RULEBOOK` and adds the activation bookkeeping of §1. ``BattleState.resolution`` holds the
procedure in progress, whose ``unit`` is a squad's position in ``BattleState.squads``;
``BattleState.queue`` the procedures to run after it.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.procedures import (
    Action,
    Procedure,
    Rolls,
    Rulebook,
    ask_decision,
    ask_dice,
    forbid,
    request,
    then,
)
from rules.steelwar.state import Activation, BattleState

#: Steel War's actions and procedures (filled by ``actions/__init__``).
RULEBOOK = Rulebook("steelwar")
ACTIONS = RULEBOOK.actions
PROCEDURES = RULEBOOK.procedures
register = RULEBOOK.register
done = RULEBOOK.done

__all__ = ["ACTIONS", "PROCEDURES", "RULEBOOK", "Action", "Procedure", "Rolls", "ask_decision",
           "ask_dice", "done", "forbid", "fresh_activation", "register", "request",
           "spend_actions", "spent", "then"]


# --- activation bookkeeping -------------------------------------------------------------------


@lru_cache(maxsize=256)
def fresh_activation(squad: int) -> Activation:
    """Squad ``squad``'s activation as it begins: none of its two actions used yet (§1).
    Activations are values, so equal ones are shared (cached, like dice requests): beginning
    an activation builds none."""
    return Activation(squad)


def spent(battle: BattleState, n: int = 1) -> Activation:
    """The activation in progress with ``n`` more of its actions used (§1: two per
    activation), to change with the action's other changes in one copy of the battle:
    ``done(battle, fx, activation=spent(battle))``."""
    act = battle.activation
    return act._replace(actions_used=act.actions_used + n)


def spend_actions(battle: BattleState, n: int = 1) -> BattleState:
    """Count ``n`` actions of the activation in progress as used (§1: two per activation)."""
    return battle._replace(activation=spent(battle, n))
