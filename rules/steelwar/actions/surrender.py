"""A Routing squad surrenders when any enemy is within 12" (digest §2.12, morale grade 5).

The engine knows no positions, so the table records it: ``surrender`` with ``params``
``enemy`` (the enemy squad within 12") and ``distance`` (inches). Engine reading: it is a
fact of the table, not an action of the squad, so it is declared whenever the engine waits
for a command, inside or outside the squad's activation, and spends no action. A squad in
"Not one step back!" does not surrender (it fights to the last man, §2.15), as at melee
contact (:mod:`.melee`). The fighting figures become prisoners of the enemy's side.
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.system import Step
from rules.steelwar import effects, terms
from rules.steelwar.actions.procedure import Action, done, forbid
from rules.steelwar.commands import number, text
from rules.steelwar.effects import Effect
from rules.steelwar.morale import ROUTING, surrenders
from rules.steelwar.state import PRISONER, SURRENDERED, BattleState, Squad
from rules.steelwar.tables import ROUTING_SURRENDER_INCHES

NAME = "surrender"
RULE = "§2.12"


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Squad]:
    if cmd.unit is None:
        raise RuleError("bad_command", template=gettext_noop("{action} needs a 'unit'"),
                        params={"action": cmd.action}, field="unit")
    i, squad = battle.squad(cmd.unit)
    if not squad.on_table:
        raise forbid(gettext_noop("{squad} is not on the table"), RULE, "unit", squad=squad.name)
    if squad.morale != ROUTING:
        raise forbid(gettext_noop("{squad} is not Routing: only a Routing squad surrenders"),
                     RULE, "unit", squad=squad.name)
    if squad.no_step_back:
        raise forbid(gettext_noop("{squad} is in \"Not one step back!\": it does not surrender"),
                     "§2.15", "unit", squad=squad.name)
    _, enemy = battle.squad(text(cmd, "enemy"))
    if enemy.side == squad.side:
        raise forbid(gettext_noop("{enemy} is on {squads} own side"), RULE, "params.enemy",
                     enemy=enemy.name, squads=terms.squads(squad.name))
    if not enemy.on_table:
        raise forbid(gettext_noop("{enemy} is not on the table"), RULE, "params.enemy",
                     enemy=enemy.name)
    distance = number(cmd, "distance")
    if not surrenders(squad.morale, distance):
        raise forbid(
            gettext_noop("{enemy} is {distance}\" away: a Routing squad surrenders only to an "
                         "enemy within {limit}\""),
            RULE, "params.distance", enemy=enemy.name, distance=f"{distance:g}",
            limit=f"{ROUTING_SURRENDER_INCHES:g}",
        )
    return i, enemy


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    i, enemy = _plan(battle, cmd)
    fx: list[Effect] = []
    return done(surrender(battle, i, enemy, fx), fx)


def surrender(battle: BattleState, i: int, enemy: Squad, fx: list[Effect]) -> BattleState:
    """§2.12: squad ``i`` (Routing) surrenders to ``enemy``: its fighting figures become
    prisoners of the enemy's side and the squad leaves the battle as surrendered."""
    squad = battle.squads[i]
    captor = battle.sides[enemy.side].id
    figures = tuple(f._replace(status=PRISONER, captured_by=captor) if f.fighting else f
                    for f in squad.figures)
    squad = squad._replace(presence=SURRENDERED, figures=figures)
    fx.append(effects.surrendered(squad, enemy))
    return battle.with_squad(i, squad)


ACTIONS = (Action(NAME, RULE, validate, declare),)
PROCEDURES = ()
