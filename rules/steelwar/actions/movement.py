"""Movement (digest §2.1, §2.4 prone, §2.12 morale, §2.13 reaction tests, example #1).

``move`` params:

- ``mode``: ``normal`` (base speed), ``combat`` (2d6", rolled), ``march`` (double speed, easy
  terrain only);
- ``terrain``: the terrain id crossed, or a list of them (the worst class counts, §2.1
  PROPOSED); or ``path``: ``[[terrain, inches], ...]`` (needed for
  ``options.mixed_path_terrain = "per_segment"``); ``surrounding`` names the terrain around
  rails;
- ``direction``: one or more of ``toward_enemy``, ``away_from_enemy``, ``toward_own_edge``,
  ``toward_cover``, ``other`` (what the morale grade and suppression allow depends on it);
- ``distance``: inches moved (checked against the allowance; not for combat moves, whose
  allowance is rolled);
- ``leaves_cover`` (a Shaken squad takes a reaction test, threat 2), ``cover`` (its cover
  after the move; default: unchanged, or none when it leaves cover), ``leaves_table`` (off
  its own edge).

A prone squad cannot move: it stands up first (``stand_up``, one action) or moves anyway after
a reaction test (threat 2, §2.4/§2.13), staying prone. Suppressed infantry may only move away
from the enemy (§2.7). Embarked squads ride their vehicle (§2.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.system import Effect, Step
from rules.steelwar import effects, tables, terms
from rules.steelwar.actions import reaction
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    forbid,
    request,
    spend_actions,
    spent,
)
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    check_suppression_allows,
    choice,
    flag,
    number,
)
from rules.steelwar.movement import (
    base_speed,
    combat_move,
    move_allowance,
    path_allowed,
    worst_terrain_class,
)
from rules.steelwar.state import COVERS, LEFT_TABLE, ROBOT, BattleState, Resolution, Squad, memo

NAME = "move"
RULE = "§2.1"
MODES = ("normal", "combat", "march")
DIRECTIONS = ("toward_enemy", "away_from_enemy", "toward_own_edge", "toward_cover", "other")
COMBAT_KEY = "move.combat"


class Context(NamedTuple):
    mode: str
    terrain_class: str
    segments: tuple  # ((terrain_class, inches), ...) for a path, else ()
    distance: float | None
    cover_after: str
    leaves_table: bool
    tests: tuple[str, ...]  # reaction tests still to pass, in order
    detail: str


def _directions(cmd: Command) -> tuple[str, ...]:
    value = cmd.params.get("direction", "other")
    if type(value) is str and value in DIRECTIONS:
        return (value,)
    values = tuple(value) if isinstance(value, list | tuple) else ()
    if not values or any(v not in DIRECTIONS for v in values):
        raise RuleError(
            "bad_command",
            template=gettext_noop("direction is one or more of {directions}; got {value!r}"),
            params={"directions": ', '.join(DIRECTIONS), "value": value},
            field="params.direction",
        )
    if "toward_enemy" in values and "away_from_enemy" in values:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a move cannot go both toward and away from the enemy"),
            field="params.direction",
        )
    return values


@lru_cache(maxsize=256)
def _move_kinds(directions: tuple[str, ...], leaves_cover: bool) -> tuple[str, ...]:
    """The morale action kinds of a move (§3.5). Pure, and asked with the same few
    directions on every move, so remembered."""
    kinds = tuple("move" if d == "other" else f"move_{d}" for d in directions)
    if leaves_cover:
        retreat = "away_from_enemy" in directions or "toward_own_edge" in directions
        kinds += ("leave_cover_to_retreat" if retreat else "leave_cover",)
    return kinds


def _terrain_class(battle: BattleState, squad: Squad, terrain: Any, surrounding: str | None,
                   field: str) -> str:
    """§3.1: the class of ``terrain`` for the squad's movement class (memoised per battle)."""
    cache = memo(battle.options)
    key = ("terrain", terrain, squad.movement_class, squad.amphibious, surrounding)
    found = cache.get(key)
    if found is not None:
        return found
    if not isinstance(terrain, str):
        raise RuleError(
            "bad_command",
            template=gettext_noop("terrain is a terrain id or a list of them"),
            field=field,
        )
    try:
        found = tables.terrain_class(terrain, squad.movement_class, amphibious=squad.amphibious,
                                     surrounding=surrounding, options=battle.options)
    except RuleError as exc:
        raise RuleError(exc.code, exc.message, rule=exc.rule, field=field) from None
    cache[key] = found
    return found


def _terrain(battle: BattleState, squad: Squad, cmd: Command) -> tuple[str, tuple]:
    """The worst terrain class crossed and, for a path, its segments by class."""
    surrounding = choice(cmd, "surrounding", tables.TERRAINS, None)  # §3.1: a terrain of the table
    path = cmd.params.get("path")
    if path is not None:
        if not isinstance(path, list | tuple) or not path:
            raise RuleError(
                "bad_command",
                template=gettext_noop("path is a list of [terrain, inches]"),
                field="params.path",
            )
        segments = []
        for n, seg in enumerate(path):
            if (not isinstance(seg, list | tuple) or len(seg) != 2
                    or isinstance(seg[1], bool) or not isinstance(seg[1], int | float)
                    or seg[1] < 0):
                raise RuleError(
                    "bad_command",
                    template=gettext_noop("each path segment is [terrain, inches]"),
                    field=f"params.path.{n}",
                )
            cls = _terrain_class(battle, squad, seg[0], surrounding, f"params.path.{n}")
            segments.append((cls, seg[1]))
        return worst_terrain_class(c for c, _ in segments), tuple(segments)
    terrain = cmd.params.get("terrain", "open")
    if type(terrain) is str:
        return _terrain_class(battle, squad, terrain, surrounding, "params.terrain"), ()
    if not isinstance(terrain, list | tuple) or not terrain:
        raise RuleError(
            "bad_command",
            template=gettext_noop("terrain is a terrain id or a list of them"),
            field="params.terrain",
        )
    return worst_terrain_class(
        _terrain_class(battle, squad, t, surrounding, "params.terrain") for t in terrain), ()


def _speed(squad: Squad) -> int:
    return squad.speed if squad.speed is not None else base_speed(squad.movement_class)


def _check_fits(battle: BattleState, ctx: Context, allowance: int | None, speed: int) -> None:
    """The move's distance or path must fit the allowance (§2.1)."""
    if allowance is None:
        raise forbid(gettext_noop("{terrain} terrain does not allow movement"),
                     RULE, "params.terrain", terrain=terms.terrain_class(ctx.terrain_class))
    if ctx.segments and battle.options.mixed_path_terrain == "per_segment":
        if not path_allowed(speed, ctx.segments, march=ctx.mode == "march",
                            options=battle.options):
            raise forbid(
                gettext_noop(
                    "the path does not fit a move of {speed}\" (each inch costs 1, 2 or 3 by "
                    "terrain)"
                ),
                RULE,
                "params.path",
                speed=speed,
            )
        return
    if ctx.distance is not None and ctx.distance > allowance:
        raise forbid(
            gettext_noop("the move is {distance:g}\" but the allowance is {allowance}\""),
            RULE,
            "params.distance",
            distance=ctx.distance,
            allowance=allowance,
        )


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Squad, Context, int | None]:
    """Validate a move; return the squad, the move's context and, for a normal or march move,
    its allowance in inches (``None`` for a combat move, whose allowance is rolled)."""
    i, squad = acting_squad(battle, cmd)
    mode = choice(cmd, "mode", MODES, "normal")
    directions = _directions(cmd)
    leaves_cover = flag(cmd, "leaves_cover")
    leaves_table = flag(cmd, "leaves_table")
    cover_after = choice(cmd, "cover", COVERS, None)
    if cover_after is None:
        cover_after = "none" if leaves_cover else squad.cover
    if leaves_cover and squad.cover == "none":
        raise RuleError(
            "bad_command",
            template=gettext_noop("{squad} is not in cover"),
            params={"squad": squad.name},
            field="params.leaves_cover",
        )
    if leaves_table and "toward_own_edge" not in directions:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "a squad leaves the table only by its own edge (direction toward_own_edge)"
            ),
            field="params.leaves_table",
        )
    if squad.embarked_in is not None:
        raise forbid(
            gettext_noop("{squad} rides {embarked_in}: it disembarks first"),
            "§2.2",
            squad=squad.name,
            embarked_in=squad.embarked_in,
        )
    for figure in squad.figures:
        if figure.immobilised:  # a squad of immobilised robots only shoots
            fighting = squad.fighting_figures()
            if fighting and all(f.kind == ROBOT and f.immobilised for f in fighting):
                raise forbid(
                    gettext_noop("{squad}'s robots are immobilised and can only shoot"),
                    "§2.9",
                    squad=squad.name,
                )
            break
    check_morale_allows(battle, squad, *_move_kinds(directions, leaves_cover))
    check_suppression_allows(
        squad, "move_away_from_enemy" if "away_from_enemy" in directions else "move",
        "move except away from the enemy")
    terrain_class, segments = _terrain(battle, squad, cmd)
    distance = None
    if segments:
        distance = sum(inches for _, inches in segments)
    elif mode != "combat":
        distance = number(cmd, "distance", None)
    elif "distance" in cmd.params:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "a combat move's distance is rolled (2d6\"): declare it without one and move up "
                "to the rolled allowance"
            ),
            field="params.distance",
        )
    tests: tuple[str, ...] = ()
    if squad.prone:
        reaction.check_not_failed(squad, "move_while_prone")
        tests += ("move_while_prone",)
    if leaves_cover and squad.morale == "shaken" and not squad.no_step_back:
        reaction.check_not_failed(squad, "leave_cover_shaken")
        tests += ("leave_cover_shaken",)
    if tests and not reaction.needs_die(squad):
        tests = ()
    detail = f"{terrain_class.replace('_', ' ')} terrain"
    ctx = Context(mode, terrain_class, segments, distance, cover_after, leaves_table, tests,
                  detail)
    allowance = None
    if mode != "combat":
        speed = _speed(squad)
        try:
            allowance = move_allowance(speed, terrain_class, march=mode == "march")
        except RuleError as exc:
            raise RuleError("action_forbidden", exc.message, rule=exc.rule,
                            field="params.mode") from None
        _check_fits(battle, ctx, allowance, speed)
    elif move_allowance(6, terrain_class) is None:
        raise forbid(gettext_noop("{terrain} terrain does not allow movement"), RULE,
                     "params.terrain", terrain=terms.terrain_class(terrain_class))
    return i, squad, ctx, allowance


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    i, squad, ctx, allowance = _plan(battle, cmd)
    battle = spend_actions(battle)
    if allowance is not None and not ctx.tests:  # nothing to roll: the move is made
        return _finish(battle, i, ctx, allowance, f"{ctx.detail}, speed {_speed(squad)}\"", [])
    return _next(battle, i, ctx, [])


def _next(battle: BattleState, i: int, ctx: Context, fx: list[Effect]) -> Step:
    """Ask for the next die the move needs, or finish it."""
    squad = battle.squads[i]
    if ctx.tests:
        return ask_dice(battle, NAME, "reaction", i, ctx, (reaction.die(squad, ctx.tests[0]),),
                        fx)
    if ctx.mode == "combat":
        die = request(COMBAT_KEY, f"{squad.name} combat move 2d6", 6, 2, squad.id)
        return ask_dice(battle, NAME, "combat", i, ctx, (die,), fx)
    speed = _speed(squad)
    allowance = move_allowance(speed, ctx.terrain_class, march=ctx.mode == "march")
    return _finish(battle, i, ctx, allowance, f"{ctx.detail}, speed {speed}\"", fx)


def _finish(battle: BattleState, i: int, ctx: Context, allocation: int, detail: str,
            fx: list[Effect]) -> Step:
    squad = battle.squads[i]
    fx.append(effects.moved(squad, ctx.mode, allocation, detail, ctx.distance))
    moved = squad
    if ctx.cover_after != squad.cover:
        moved = moved._replace(cover=ctx.cover_after)
    if ctx.leaves_table:
        moved = moved._replace(presence=LEFT_TABLE)
        fx.append(effects.left_table(moved))
    if moved is not squad:
        return done(battle, fx, squads=battle.squads_with(i, moved))
    return done(battle, fx)


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    ctx: Context = res.ctx
    i = res.unit
    if res.stage == "reaction":
        action = ctx.tests[0]
        battle, passed, fx = reaction.resolve(battle, i, action, rolls[reaction.key(action)][0])
        if not passed:
            return done(battle, fx)
        return _next(battle, i, ctx._replace(tests=ctx.tests[1:]), fx)
    values = rolls[COMBAT_KEY]
    allowance = combat_move(values, ctx.terrain_class, options=battle.options)
    if allowance is None:
        raise AssertionError("impassable terrain is refused at declaration")
    squad = battle.squads[i]
    fx: list[Effect] = []
    if ctx.segments and battle.options.mixed_path_terrain == "per_segment":
        short = not path_allowed(sum(values), ctx.segments, options=battle.options)
    else:
        short = ctx.distance is not None and ctx.distance > allowance
    if short:
        fx.append(Effect("move_short", f"{squad.name} rolled {sum(values)}\": the declared path "
                         "is longer than the roll allows; it moves as far along it as it can",
                         squad.id, {"rolled": sum(values), "allowance": allowance}))
    return _finish(battle, i, ctx, allowance,
                   f"2d6 rolled {values[0]}+{values[1]}, {ctx.detail}", fx)


def validate_stand_up(battle: BattleState, cmd: Command) -> None:
    _, squad = acting_squad(battle, cmd)
    if not squad.prone:
        raise forbid(gettext_noop("{squad} is not prone"), "§2.4", squad=squad.name)
    check_morale_allows(battle, squad, "other")
    check_suppression_allows(squad, "stand_up", "stand up")


def stand_up(battle: BattleState, cmd: Command) -> Step:
    """§2.4: leaving prone takes one action."""
    validate_stand_up(battle, cmd)
    i, squad = battle.squad(cmd.unit)
    squad = squad._replace(prone=False)
    return done(battle, (effects.stood_up(squad),), squads=battle.squads_with(i, squad),
                activation=spent(battle))


ACTIONS = (
    Action(NAME, RULE, validate, declare),
    Action("stand_up", "§2.4", validate_stand_up, stand_up),
)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice),)
