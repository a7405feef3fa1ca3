"""Going prone ("залегание", digest §2.4, §2.13, example #7).

One action and a reaction test: threat 2 in open terrain, 0 anywhere else (forest, bushes,
cover) (:func:`rules.steelwar.reaction.go_prone_threat`); never in water. A prone squad's
range die is one step better (§2.4, applied by fire); it cannot move without standing up or
passing a reaction test (:mod:`.movement`).

``go_prone`` params: ``open`` (default: the squad is not in cover), ``in_water``.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import gettext_noop
from rules.core.facts import Command
from rules.core.system import Step
from rules.steelwar import effects
from rules.steelwar.actions import reaction
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    forbid,
    spend_actions,
)
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    check_suppression_allows,
    flag,
)
from rules.steelwar.reaction import go_prone_threat
from rules.steelwar.state import BattleState, Resolution

NAME = "go_prone"
RULE = "§2.4"


class Context(NamedTuple):
    open_terrain: bool


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Context]:
    i, squad = acting_squad(battle, cmd)
    if squad.prone:
        raise forbid(gettext_noop("{squad} is already prone"), RULE, squad=squad.name)
    check_morale_allows(battle, squad, "other")
    check_suppression_allows(squad, NAME, "go prone")
    open_terrain = flag(cmd, "open", squad.cover == "none")
    go_prone_threat(open_terrain=open_terrain, in_water=flag(cmd, "in_water"))  # refuses water
    reaction.check_not_failed(squad, NAME)
    return i, Context(open_terrain)


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    i, ctx = _plan(battle, cmd)
    battle = spend_actions(battle)
    squad = battle.squads[i]
    if not reaction.needs_die(squad):
        return _finish(battle, i, None, ctx)
    return ask_dice(battle, NAME, "reaction", i, ctx, (reaction.die(squad, NAME),))


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    return _finish(battle, res.unit, rolls[reaction.key(NAME)][0], res.ctx)


def _finish(battle: BattleState, i: int, roll: int | None, ctx: Context) -> Step:
    threat_row = "go_prone_open" if ctx.open_terrain else "go_prone_other"
    battle, passed, fx = reaction.resolve(battle, i, NAME, roll, threat_row)
    if passed:
        squad = battle.squads[i]._replace(prone=True)
        battle = battle.with_squad(i, squad)
        fx.append(effects.went_prone(squad))
    return done(battle, fx)


ACTIONS = (Action(NAME, RULE, validate, declare),)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice),)
