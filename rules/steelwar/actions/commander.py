"""A lost commander is replaced (digest §2.9).

When a squad's commander is wounded or killed, one of his subordinates takes command: the
commander figure replaces the subordinate's (the player chooses whom when there is a choice;
the engine's reading is that the man keeps his own weapon). Roll d6 for the new commander's
leadership: 1-3 one step worse, 4-5 the same, 6 one step better, never outside 1..3
(:func:`rules.steelwar.casualties.replacement_leadership`).

Queued by fire (:mod:`.hits`) before the squad's morale test, which then uses the new
leadership. A specialist's weapon or role never passes to another figure (§2.9): only the
commander's does, and that is this procedure.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.steelwar import effects
from rules.steelwar.actions.procedure import (
    Procedure,
    Rolls,
    ask_decision,
    ask_dice,
    done,
    request,
)
from rules.steelwar.casualties import replacement_leadership
from rules.steelwar.state import ROBOT, WEAPON, BattleState, Resolution

NAME = "commander_replacement"
RULE = "§2.9"
KEY = "commander.replacement"
SUCCESSOR_KEY = "commander.successor"


class Context(NamedTuple):
    successor: str | None = None


def _candidates(battle: BattleState, i: int) -> tuple[str, ...]:
    squad = battle.squads[i]
    return tuple(f.id for f in squad.figures
                 if f.fighting and f.kind not in (ROBOT, WEAPON) and f.role != "commander")


def start(battle: BattleState, i: int, ctx: Context) -> Step:
    squad = battle.squads[i]
    candidates = _candidates(battle, i)
    if not candidates or not squad.on_table:
        return done(battle, (Effect("no_successor", f"no one is left to take command of "
                                    f"{squad.name} (§2.9)", squad.id),))
    if len(candidates) == 1:
        return _ask_die(battle, i, Context(candidates[0]))
    options = tuple([Option(f.id, effects.figure_name(squad, f)) for f in squad.figures
                     if f.id in candidates])
    decision = DecisionNeeded(SUCCESSOR_KEY, f"who takes command of {squad.name}? (§2.9)",
                              options, unit=squad.id)
    return ask_decision(battle, NAME, "successor", i, ctx, decision)


def _ask_die(battle: BattleState, i: int, ctx: Context) -> Step:
    squad = battle.squads[i]
    die = request(KEY, f"{squad.name} new commander's leadership d6 (1-3 worse, 4-5 same, "
                  "6 better)", 6, 1, squad.id)
    return ask_dice(battle, NAME, "leadership", i, ctx, (die,))


def on_decide(battle: BattleState, res: Resolution, choice: Any) -> Step:
    return _ask_die(battle, res.unit, Context(choice))


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    squad = battle.squads[res.unit]
    roll = rolls[KEY][0]
    leadership = replacement_leadership(squad.leadership, roll)
    index = squad.figure_index(res.ctx.successor)
    before = squad.figures[index]
    new = squad.with_figure(index, before._replace(role="commander", specialist=False))
    new = new._replace(leadership=leadership)
    return done(battle.with_squad(res.unit, new),
                (effects.commander_replaced(squad, before, squad.leadership, leadership, roll),))


PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice, on_decide=on_decide, start=start),)
ACTIONS = ()
