"""The Steel War's turn status (:mod:`rules.core.turn_status`): the turn, the squad under
activation and its side, the actions it has used of its two (§1), and the squads on the table
that have still to activate this turn."""

from __future__ import annotations

from rules.core.turn_status import TurnStatus
from rules.steelwar.state import BattleState

#: Actions in one activation (§1).
ACTIONS_PER_ACTIVATION = 2


def turn_status(battle: BattleState) -> TurnStatus:
    waiting = tuple(
        s.id for i, s in enumerate(battle.squads)
        if i not in battle.activated and s.on_table and s.has_fighting_figure()
    )
    act = battle.activation
    if act is None:
        if battle.resolution is None:
            return TurnStatus(turn=battle.turn, waiting=waiting)
        squad = battle.squads[battle.resolution.squad]  # a procedure outside an activation
        return TurnStatus(turn=battle.turn, side=battle.sides[squad.side].id, unit=squad.id,
                          waiting=waiting)
    squad = battle.squads[act.squad]
    return TurnStatus(
        turn=battle.turn,
        side=battle.sides[squad.side].id,
        unit=squad.id,
        actions_used=act.actions_used,
        actions=ACTIONS_PER_ACTIVATION,
        waiting=waiting,
    )
