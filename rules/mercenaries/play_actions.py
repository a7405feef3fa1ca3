"""More than two actions (§2.4) and crawling (§2.3) in play.

§2.4: a Wild Card who takes more than two actions in a turn rolls Agility +4 with the usual
multi-action penalty (three actions: TN 4 at +0; four: TN 6; ...); on a failure none of
them happens as he meant. Played at the table, where actions are declared one by one (this
project's reading, README): the check is rolled when an action would be his third or later,
for the number he has reached; on a success that action goes ahead, on a failure it does not
and he does nothing more this turn. Extras never take a third action (``actions``).

§2.3: a crawler moves one position of six inside his cell a turn, and crosses into the
neighbouring cell only from the position at its border (the Prone manoeuvre: six turns to
crawl into another cell). The crawl is his move. A fighter who walked or ran into his cell
has no position yet: he crawls from its middle (this project's reading, README): three
crawls to a border, the fourth crosses.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution
from rules.core.procedures import Action, Procedure, Resolution, Rolls, ask_dice, forbid
from rules.core.system import Effect, Step
from rules.mercenaries import actions, damage, movement, trait
from rules.mercenaries.rulebook import (
    ACT_CHECKS,
    RULEBOOK,
    _acting,
    _one_more_action,
    _roll_text,
    _rolled,
    _trait_dice,
    cell_key,
    critical,
    not_moved,
)
from rules.mercenaries.state import Battle, Fighter

TANGLED = -1


def turn_number(state: Battle) -> int:
    """The side turns played before this one (round and side): what the manoeuvres'
    "until his next turn" counts in."""
    return (state.round - 1) * len(state.sides) + state.side


def next_turn_of(state: Battle, fighter: Fighter) -> int:
    """The turn number of the fighter's side's next turn after this one."""
    now = turn_number(state)
    side = state.sides.index(fighter.side)
    later = now + (side - state.side) % len(state.sides)
    return later if later > now else later + len(state.sides)


# --- the Agility check (§2.4) ------------------------------------------------------------


class TangleContext(NamedTuple):
    command: str  # the declaration waiting for the check, as JSON
    actions: int  # the number of actions he reaches with it


def needed(error: RuleError) -> int | None:
    """The number of actions a refusal says needs the Agility check, if that is what it is."""
    if error.code != "agility_check":
        return None
    return int(error.params["n"])


def untangled_for(state: Battle, unit: str, n: int) -> Battle:
    """The state as if the fighter's Agility check had allowed ``n`` actions (to validate
    what the action needs besides)."""
    i, fighter = state.fighter(unit)
    return state.with_fighter(i, fighter._replace(untangled=n))


def start_check(state: Battle, command: Command, n: int) -> Step:
    """Ask for the Agility check before ``command``, his action number ``n``."""
    i, fighter = state.fighter(command.unit)
    modifier = actions.tangle_modifier(n) + (damage.wound_penalty(fighter.wounds)
                                             if fighter.wild_card else 0)
    said = Effect("tangle_check", f"{fighter.name} takes action number {n} this turn: "
                  f"Agility {modifier:+d} against TN 4", fighter.id,
                  {"fighter": fighter.name, "n": n, "modifier": modifier})
    ctx = TangleContext(json.dumps(command.to_json(), sort_keys=True), n)
    return ask_dice(state, "tangle", "roll", i, ctx,
                    _trait_dice(state, "tangle", "Agility", fighter, fighter.trait("agility")),
                    (said,))


def check_odds(state: Battle, command: Command, n: int) -> Distribution:
    """Whether the Agility check before action number ``n`` succeeds, exact."""
    _, fighter = state.fighter(command.unit)
    modifier = actions.tangle_modifier(n) + damage.wound_penalty(fighter.wounds)
    return trait.odds(fighter.trait("agility"), modifier=modifier,
                      explode=state.options.dice_explode).map(
        lambda o: isinstance(o, tuple))


def tangle_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    fighter = state.fighters[res.unit]
    n = res.ctx.actions
    modifier = actions.tangle_modifier(n) + damage.wound_penalty(fighter.wounds)
    result = _rolled(rolls, "tangle", modifier)
    roll = _roll_text(result)
    if not actions.untangled(result):
        done = fighter._replace(untangled=TANGLED)
        return RULEBOOK.done(state.with_fighter(res.unit, done), (Effect(
            "tangled", f"{fighter.name} gets tangled up in his own hands and feet ({roll}): "
            "none of it happens as meant, and nothing more this turn", fighter.id,
            {"fighter": fighter.name, "roll": roll}), *critical(fighter, result)))
    state = state.with_fighter(res.unit, fighter._replace(untangled=n))._replace(
        resolution=None)
    said = Effect("untangled", f"{fighter.name} keeps his hands and feet apart ({roll})",
                  fighter.id, {"fighter": fighter.name, "roll": roll})
    command = Command.from_json(json.loads(res.ctx.command))
    step = RULEBOOK.action(command.action).declare(state, command)
    return Step(step.state, (said, *step.effects))


def _tangled(state: Battle, fighter: Fighter, command: Command) -> None:
    if fighter.untangled == TANGLED:
        raise forbid(gettext_noop("{fighter} got tangled up: nothing more this turn"), "§2.4",
                     fighter=fighter.name)


# --- crawling (§2.3) ---------------------------------------------------------------------

#: Directions a crawl may take: (axis, step).
DIRECTIONS = {"north": (1, -1), "south": (1, 1), "west": (0, -1), "east": (0, 1)}
#: Where a fighter with no position yet starts, by the way he crawls: the middle of 0..5,
#: three crawls from either border.
MIDDLE = {-1: 3, 1: 2}


class Crawl(NamedTuple):
    fighter: int
    cell: tuple[int, int]
    x: int
    y: int
    cost: int


def _crawl(state: Battle, command: Command) -> Crawl:
    i, fighter = _acting(state, command)
    if not fighter.prone:
        raise forbid(gettext_noop("{fighter} crawls only when prone"), "§2.3",
                     fighter=fighter.name)
    not_moved(fighter)
    direction = command.params.get("direction")
    if direction not in DIRECTIONS:
        raise RuleError("bad_command", field="params.direction", template=gettext_noop(
            "a crawl goes north, south, east or west"))
    axis, step = DIRECTIONS[direction]
    position = [fighter.crawl_x, fighter.crawl_y]
    if position[axis] < 0:
        position[axis] = MIDDLE[step]
    position = [p if p >= 0 else MIDDLE[1] for p in position]
    cells, position[axis] = movement.crawl(position[axis], step)
    cell = list(fighter.cell)
    cell[axis] += cells
    to = (cell[0], cell[1])
    cost = 0
    if cells:
        if not state.on_map(to):
            raise forbid(gettext_noop("{fighter} is at the edge of the map"), "§2.3",
                         field="params.direction", fighter=fighter.name)
        movement.check_step(fighter.cell, to, into=state.square(to),
                            out_of=state.square(fighter.cell))
        cost = movement.step_actions(state.square(to), state.square(fighter.cell),
                                     jungle_costs=state.options.jungle_action)
        if cost:
            _one_more_action(fighter, cost)
    return Crawl(i, to, position[0], position[1], cost)


def crawl_validate(state: Battle, command: Command) -> None:
    _crawl(state, command)


def crawl_declare(state: Battle, command: Command) -> Step:
    crawl = _crawl(state, command)
    fighter = state.fighters[crawl.fighter]
    crawled = fighter._replace(cell=crawl.cell, crawl_x=crawl.x, crawl_y=crawl.y, moved=True,
                               actions=fighter.actions + crawl.cost)
    where = (f"into cell {cell_key(crawl.cell)}" if crawl.cell != fighter.cell
             else f"to position {crawl.x},{crawl.y} of his cell")
    return Step(state.with_fighter(crawl.fighter, crawled), (Effect(
        "crawled", f"{fighter.name} crawls {where}", fighter.id,
        {"fighter": fighter.name, "cell": cell_key(crawl.cell),
         "position": f"{crawl.x},{crawl.y}", "entered": crawl.cell != fighter.cell}),))


def _walked(step: Step, i: int) -> Step:
    """A walk or a run into a cell leaves no crawling position (he is in its middle)."""
    fighter = step.state.fighters[i]
    return Step(step.state.with_fighter(i, fighter._replace(crawl_x=-1, crawl_y=-1)),
                step.effects)


def _forget_position(name: str) -> None:
    action = RULEBOOK.actions[name]

    def declare(state: Battle, command: Command) -> Step:
        i, _ = state.fighter(command.unit)
        return _walked(action.declare(state, command), i)

    RULEBOOK.actions[name] = action._replace(declare=declare)


for _name in ("move", "run"):
    _forget_position(_name)
RULEBOOK.register(
    Action("crawl", "§2.3", crawl_validate, crawl_declare),
    Procedure("tangle", TangleContext, on_dice=tangle_on_dice),
)
ACT_CHECKS.append(_tangled)
