"""Removing suppression ("расподавление", digest §2.7, example #9).

An action, at most twice per activation: a command test, the squad's quality die against its
commander's leadership (:func:`rules.steelwar.firepower.remove_suppression_test`). Success
removes one marker; failure spends the action. Markers themselves are placed by fire
(:mod:`.fire`).
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import gettext_noop
from rules.core.facts import Command
from rules.core.system import Step
from rules.steelwar import effects
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    forbid,
    request,
)
from rules.steelwar.commands import acting_squad
from rules.steelwar.firepower import remove_suppression_test
from rules.steelwar.state import BattleState, Resolution, Squad

NAME = "remove_suppression"
RULE = "§2.7"
#: §2.7: "may be attempted twice per activation".
MAX_PER_ACTIVATION = 2
KEY = "command.quality"


class Context(NamedTuple):
    """Nothing to remember between the declaration and the die."""


def validate(battle: BattleState, cmd: Command) -> None:
    _check(battle, cmd)


def _check(battle: BattleState, cmd: Command) -> tuple[int, Squad]:
    i, squad = acting_squad(battle, cmd)
    if not squad.suppression:
        raise forbid(gettext_noop("{squad} has no suppression marker to remove"), RULE,
                     squad=squad.name)
    if battle.activation.suppression_removals >= MAX_PER_ACTIVATION:
        raise forbid(
            gettext_noop("{squad} has already tried to remove suppression twice this activation"),
            RULE, squad=squad.name,
        )
    return i, squad


def declare(battle: BattleState, cmd: Command) -> Step:
    i, squad = _check(battle, cmd)
    act = battle.activation  # one action spent, one removal attempt counted
    act = act._replace(actions_used=act.actions_used + 1,
                       suppression_removals=act.suppression_removals + 1)
    die = request(
        KEY, f"{squad.name} quality die d{squad.quality} (command test: remove suppression)",
        squad.quality, 1, squad.id,
    )
    return ask_dice(battle, NAME, "test", i, _NOTHING, (die,), activation=act)


_NOTHING = Context()


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    squad = battle.squads[res.unit]
    roll = rolls[KEY][0]
    passed = remove_suppression_test(roll, squad.leadership)
    fx = [effects.test_rolled(squad, "command", roll, squad.quality, squad.leadership, passed,
                              RULE, "remove suppression")]
    if not passed:
        return done(battle, fx)
    squad = squad._replace(suppression=squad.suppression - 1)
    fx.append(effects.suppression_removed(squad, squad.suppression))
    return done(battle, fx, squads=battle.squads_with(res.unit, squad))


ACTIONS = (Action(NAME, RULE, validate, declare),)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice),)
