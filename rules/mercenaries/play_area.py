"""Area and lobbed attacks in play (§2.21, §2.22, §2.23's unseen square, §2.25; errata 1).

``area_attack`` (§2.21): a weapon with an area, or a grenade, at a cell the shooter sees (the
top-left cell of a larger area, worked example 13), against difficulty 2 (option
``area_tn``) with the range, light, multi-action and wound modifiers; the cell's cover adds
to the Armour of everyone in it instead of penalising the roll (option ``area_cover``).
A raise lands on the target and nobody evades; a plain success lands next to it and everyone
in the area rolls Agility, with no modifier, to escape it; a miss deviates as a lobbed one
(the digest's reading). Damage is rolled for each victim, without the raise's d6 (that is
for an attack that beats a Defence, §2.9).

``lobbed_attack`` (§2.22): a weapon that fires lobbed (a grenade, a mortar) at -2, or at -6
at a square the shooter cannot see (§2.23, the lob penalty included); success lands on the
target, a miss deviates 1d3 cells capped by range (short 1, medium 2, long 3, worked example
15) in a direction of a d8 for one cell (1 up-right, worked example 14) or a d12 clock. Both
reach no farther than long range, where the deviation is defined.

A grenade thrown into a building (§2.25) takes only light, range, multi-action and wound
modifiers; a miss bounces back toward the thrower up to half the distance; a thrower next to
the building, or any grenade thrown one cell or less, needs no roll.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import EXPLOSION_DEPTH, Distribution, die, exploding
from rules.core.procedures import (
    Action,
    Procedure,
    Resolution,
    Rolls,
    ask_decision,
    ask_dice,
    forbid,
    then,
)
from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.mercenaries import cover, damage, indirect, ranged, trait
from rules.mercenaries.options import COVER_ALSO
from rules.mercenaries.play_fire import cells_near_fighters, firearm, shooter
from rules.mercenaries.rulebook import (
    RULEBOOK,
    WILD_DIE,
    AttackContext,
    _die,
    _harm,
    _penalties,
    _roll_text,
    _rolled,
    _trait_dice,
    cell_in_sight,
    cell_key,
    parse_cell,
)
from rules.mercenaries.state import Battle, Cell, Fighter, Weapon
from rules.mercenaries.terms import cell_label

WEAPON = "weapon"
GRENADE = "grenade"


class AreaContext(NamedTuple):
    anchor: tuple[int, int]
    band: str
    weapon: tuple  # the Weapon's fields: a grenade is gone from the thrower's belt
    modifier: int
    building: bool  # a grenade into a building (§2.25)
    distance: int
    lobbed: bool
    grenade: bool
    deviation: int = 0
    spotter: int = -1
    unseen: bool = False


class AreaHitContext(NamedTuple):
    target: int
    evade: bool
    weapon: tuple
    armour_bonus: int


class Throw(NamedTuple):
    i: int
    fighter: Fighter
    item: Weapon
    grenade: bool
    anchor: Cell
    band: str
    modifier: int
    roll: bool
    building: bool
    distance: int
    unseen: bool = False  # lobbed at a square the shooter cannot see, not registered
    spotter: int = -1  # the spotter's position, -1 for none (§2.23)
    spot_roll: bool = False  # the spotter rolls Notice before the shot


def _item(fighter: Fighter, command: Command, lobbed: bool, rule: str) -> tuple[Weapon, bool]:
    kind = command.params.get("with", WEAPON)
    if kind == GRENADE:
        if not fighter.grenades:
            raise forbid(gettext_noop("{fighter} has no grenade left"), rule, field="params.with",
                         fighter=fighter.name)
        return fighter.grenades[0], True
    if kind != WEAPON:
        raise RuleError("bad_command", field="params.with",
                        template=gettext_noop("with is weapon or grenade"))
    weapon = firearm(fighter, rule, gun=True)
    if lobbed and not weapon.indirect:
        raise forbid(gettext_noop("{weapon} does not fire lobbed"), rule, field="params.with",
                     weapon=weapon.name)
    if not lobbed and not weapon.area_width:
        raise forbid(gettext_noop("{weapon} has no area"), rule, field="params.with",
                     weapon=weapon.name)
    return weapon, False


def _throw(state: Battle, command: Command, lobbed: bool) -> Throw:
    """What an area or lobbed attack throws where, at which modifier, or a refusal."""
    rule = "§2.22" if lobbed else "§2.21"
    i, fighter, after = shooter(state, command)
    item, grenade = _item(fighter, command, lobbed, rule)
    anchor = parse_cell(command.params.get("at"), "params.at")
    seen = cell_in_sight(state, fighter, anchor, "params.at", required=not lobbed)
    distance = ranged.distance(fighter.cell, anchor)
    band = ranged.range_band(distance, item.short, item.medium, item.long, beyond_long=False)
    modifier = (ranged.band_penalty(band) + cover.light_penalty(state.light)
                + _penalties(fighter, after))
    building = grenade and not lobbed and state.square(anchor).building
    if not lobbed and not building and state.options.area_cover == COVER_ALSO:
        modifier += cover.shot_cover_penalty(fighter.cell, anchor, state.cover)
    roll = not grenade or indirect.grenade_needs_roll(distance, throw_cells=distance)
    spotter, unseen, spot_roll = -1, False, False
    if lobbed:
        registered = (fighter.side, anchor) in state.registered
        unseen = not seen and not registered
        spotter = _spotter(state, command, fighter, anchor)
        spot_roll = unseen and spotter >= 0 and indirect.later_shot(
            anchor, fired_at=tuple(c for s, c in state.fired_at if s == fighter.side),
            impacts=tuple(c for s, c in state.impacts if s == fighter.side),
            reading=state.options.spotter_reach)
        modifier += (0 if registered else indirect.LOBBED if seen else indirect.UNSEEN)
    if not lobbed and command.params.get("spotter") is not None:
        raise forbid(gettext_noop("a spotter directs lobbed fire only"), "§2.23",
                     field="params.spotter")
    _check_gun(state, fighter, item, grenade)
    return Throw(i, fighter, item, grenade, anchor, band, modifier, roll, building, distance,
                 unseen, spotter, spot_roll)


def _spotter(state: Battle, command: Command, fighter: Fighter, anchor: Cell) -> int:
    """The spotter's position, or -1 (§2.23): a comrade in the fight who sees the square
    and is three squares from it or closer (the digest's reading: from the spotter; option
    ``spotter_reach``), with a Notice die."""
    ident = command.params.get("spotter")
    if ident is None:
        return -1
    j, spotter = state.fighter(ident, field="params.spotter")
    if spotter.side != fighter.side or spotter.id == fighter.id or not spotter.fighting_on:
        raise forbid(gettext_noop("{spotter} is not a comrade still in the fight"), "§2.23",
                     field="params.spotter", spotter=spotter.name)
    if not indirect.spotter_in_reach(spotter.cell, anchor, reading=state.options.spotter_reach):
        raise forbid(gettext_noop("{spotter} must see cell {cell} from 3 cells or closer"),
                     "§2.23", field="params.spotter", spotter=spotter.name,
                     cell=cell_key(anchor))
    if not cover.sees(spotter.cell, anchor, state.cover):
        raise forbid(gettext_noop("{spotter} cannot see cell {cell}"), "§2.23",
                     field="params.spotter", spotter=spotter.name, cell=cell_key(anchor))
    spotter.trait("notice")
    return j


def _check_gun(state: Battle, fighter: Fighter, item: Weapon, grenade: bool) -> None:
    """A gun fires once in its turns per shot (§2.24)."""
    if not grenade and item.turns_per_shot and state.round < fighter.gun_ready:
        raise forbid(gettext_noop("{weapon} fires again in round {round}"), "§2.24",
                     weapon=item.name, round=fighter.gun_ready)


def crew_present(state: Battle, fighter: Fighter) -> int:
    """The gunner and the comrades of his squad in his cell who are in the fight and not
    Shaken: the crew working the gun (this project's reading of §2.24)."""
    return 1 + sum(1 for f in state.fighters if f.squad == fighter.squad and f.id != fighter.id
                   and f.cell == fighter.cell and f.fighting_on and not f.shaken)


def _validate(lobbed: bool):
    def validate(state: Battle, command: Command) -> None:
        _throw(state, command, lobbed)
    return validate


def _declare(lobbed: bool):
    def declare(state: Battle, command: Command) -> Step:
        t = _throw(state, command, lobbed)
        fighter = t.fighter._replace(actions=t.fighter.actions + 1, attacked=True,
                                     grenades=t.fighter.grenades[t.grenade:])
        gun = []
        if t.item.turns_per_shot and not t.grenade:
            crew = crew_present(state, t.fighter)
            turns = indirect.artillery_rate(t.item.turns_per_shot, crew, t.item.crew)
            fighter = fighter._replace(gun_ready=state.round + turns)
            gun.append(Effect("gun_rate", f"{t.item.name} with a crew of {crew} fires again in "
                              f"round {state.round + turns}", fighter.id,
                              {"weapon": t.item.name, "crew": crew,
                               "round": state.round + turns}))
        state = state.with_fighter(t.i, fighter)
        if t.unseen and (fighter.side, t.anchor) not in state.fired_at:
            state = state._replace(fired_at=(*state.fired_at, (fighter.side, t.anchor)))
        how = "lobs" if lobbed else "throws" if t.grenade else "fires"
        said = Effect("area_attack", f"{fighter.name} {how} {t.item.name} at cell "
                      f"{cell_key(t.anchor)} ({t.modifier:+d} against "
                      f"{state.options.area_tn})", fighter.id,
                      {"fighter": fighter.name, "weapon": t.item.name,
                       "cell": cell_key(t.anchor), "modifier": t.modifier,
                       "tn": state.options.area_tn})
        ctx = AreaContext(t.anchor, t.band, tuple(t.item), t.modifier, t.building, t.distance,
                          lobbed, t.grenade, spotter=t.spotter, unseen=t.unseen)
        if not t.roll:
            step = _land(state, t.i, ctx, t.anchor, "no_roll", evade=True)
            return Step(step.state, (said, *gun, *step.effects))
        if t.spot_roll:
            spotter = state.fighters[t.spotter]
            return ask_dice(state, "area_attack", "spot", t.i, ctx,
                            _trait_dice(state, "spot", "Notice", spotter,
                                        spotter.trait("notice")), (said, *gun))
        skill = fighter.trait("shooting")
        return ask_dice(state, "area_attack", "roll", t.i, ctx,
                        _trait_dice(state, "area", "Shooting", fighter, skill), (said, *gun))
    return declare


def _odds(lobbed: bool):
    def odds(state: Battle, command: Command) -> Distribution:
        """Where the shot lands: on target with a raise, on target, or off target."""
        t = _throw(state, command, lobbed)
        if not t.roll:
            return Distribution.certain("on_target")
        explode = state.options.dice_explode

        def landing(modifier: int) -> Distribution:
            outcomes = trait.odds(t.fighter.trait("shooting"),
                                  wild_die=WILD_DIE if t.fighter.wild_card else None,
                                  modifier=modifier, tn=state.options.area_tn, explode=explode)
            return outcomes.map(lambda o: "off_target" if not isinstance(o, tuple)
                                else "raise" if o[1] else "on_target")
        if not t.spot_roll:
            return landing(t.modifier)
        spotter = state.fighters[t.spotter]
        notice = _roll_dist(spotter.trait("notice"), explode)
        if spotter.wild_card:
            notice = Distribution.from_pairs(
                ((a, b), p * q) for a, p in notice.items()
                for b, q in _roll_dist(WILD_DIE, explode).items())
        else:
            notice = notice.map(lambda a: (a, None))

        def penalty(roll) -> int:
            result = trait.resolve(int(roll[0]), None if roll[1] is None else int(roll[1]))
            return indirect.spotted_penalty(result.total if result.success else None)
        return notice.map(penalty).bind(
            lambda p: landing(t.modifier - indirect.UNSEEN + p))
    return odds


def _roll_dist(sides: int, explode: bool) -> Distribution:
    """A die's values; an exploding one deep enough that the spotter's penalty, 0 from a
    total of 9, is exact."""
    return exploding(sides, max(EXPLOSION_DEPTH, 9 // sides + 1)) if explode else die(sides)


def area_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    ctx, fighter = res.ctx, state.fighters[res.unit]
    if res.stage == "spot":
        spotter = state.fighters[ctx.spotter]
        result = _rolled(rolls, "spot", 0)
        penalty = indirect.spotted_penalty(result.total if result.success else None)
        ctx = ctx._replace(modifier=ctx.modifier - indirect.UNSEEN + penalty)
        return ask_dice(state, "area_attack", "roll", res.unit, ctx,
                        _trait_dice(state, "area", "Shooting", fighter,
                                    fighter.trait("shooting")),
                        (Effect("fall_of_shot_spotted", f"{spotter.name} spots the fall of shot "
                                f"({_roll_text(result)}): {penalty:+d} instead of "
                                f"{indirect.UNSEEN:+d}", spotter.id,
                                {"fighter": spotter.name, "roll": _roll_text(result),
                                 "penalty": penalty, "unseen": indirect.UNSEEN}),))
    if res.stage == "roll":
        result = _rolled(rolls, "area", ctx.modifier, tn=state.options.area_tn)
        effects = []
        if not ctx.grenade and result.trait == 2:
            state = state.with_fighter(res.unit, fighter._replace(needs_reload=True))
            effects.append(Effect("reload", f"Reload! {fighter.name} must reload", fighter.id,
                                  {"fighter": fighter.name}))
        if result.critical_failure:
            effects.append(Effect("critical_failure", f"{fighter.name} rolls snake eyes: a "
                                  "critical failure for the game master", fighter.id,
                                  {"fighter": fighter.name}))
        roll = _roll_text(result)
        if result.success:
            effects += _register(state, fighter, ctx)
            if effects and effects[-1].kind == "registered":
                state = state._replace(registered=(*state.registered,
                                                   (fighter.side, ctx.anchor)))
            step = _land(state, res.unit, ctx, ctx.anchor,
                         "raise" if result.raises else "on_target", evade=not result.raises,
                         roll=roll)
            return Step(step.state, (*effects, *step.effects))
        if ctx.building:
            most = indirect.bounce_back_most(ctx.distance)
            if most < 2:
                step = _land(state, res.unit, ctx, _back(ctx.anchor, fighter.cell, most),
                             "bounced", evade=True, roll=roll)
                return Step(step.state, (*effects, *step.effects))
            return ask_dice(state, "area_attack", "bounce", res.unit, ctx, (
                _die("area.bounce", f"bounce back d{most}", most, fighter.id, explode=False),),
                (*effects, Effect("area_missed", f"{fighter.name} misses ({roll})", fighter.id,
                                  {"fighter": fighter.name, "roll": roll})))
        return ask_dice(state, "area_attack", "deviation", res.unit, ctx, (
            _die("area.deviation", "deviation d3 cells", 3, fighter.id, explode=False),),
            (*effects, Effect("area_missed", f"{fighter.name} misses ({roll})", fighter.id,
                              {"fighter": fighter.name, "roll": roll})))
    if res.stage == "bounce":
        cell = _back(ctx.anchor, fighter.cell, rolls["area.bounce"][0])
        return _land(state, res.unit, ctx, cell, "bounced", evade=True)
    if res.stage == "deviation":
        cells = indirect.deviation_cells(rolls["area.deviation"][0], ctx.band)
        sides = indirect.deviation_direction_die(cells)
        return ask_dice(state, "area_attack", "direction", res.unit,
                        ctx._replace(deviation=cells), (
                            _die("area.direction", f"direction d{sides}", sides, fighter.id,
                                 explode=False),))
    dx, dy = indirect.deviation_offset(ctx.deviation, rolls["area.direction"][0])
    cell = (ctx.anchor[0] + dx, ctx.anchor[1] + dy)
    return _land(state, res.unit, ctx, cell, "deviated", evade=True)


def _register(state: Battle, fighter: Fighter, ctx: AreaContext) -> list[Effect]:
    """A hit the spotter sees is confirmed: the square is registered for the side, later
    shots at it take neither the unseen nor the lob penalty (§2.23)."""
    if ctx.spotter < 0 or (fighter.side, tuple(ctx.anchor)) in state.registered:
        return []
    spotter = state.fighters[ctx.spotter]
    cell = cell_key(ctx.anchor)
    return [Effect("registered", f"{spotter.name} confirms the hit: cell {cell} is "
                   "registered", spotter.id, {"fighter": spotter.name, "cell": cell})]


def _back(anchor: Cell, thrower: Cell, cells: int) -> Cell:
    """The cell ``cells`` back from ``anchor`` toward ``thrower`` along the line (§2.25)."""
    distance = ranged.distance(anchor, thrower)
    if not distance:
        return anchor
    return tuple(a + round(cells * (t - a) / distance) for a, t in zip(anchor, thrower,
                                                                         strict=True))


def _land(state: Battle, unit: int, ctx: AreaContext, cell: Cell, how: str, *, evade: bool,
          roll: str = "") -> Step:
    """The shot lands at ``cell``: everyone in its area is hit, each may first try to escape
    it unless it came with a raise (§2.21)."""
    weapon = Weapon(*ctx.weapon)
    width, height = max(1, weapon.area_width), max(1, weapon.area_height)
    area = [c for c in indirect.area_cells(cell, width, height) if state.on_map(c)]
    fighter = state.fighters[unit]
    said = Effect("landed", f"{weapon.name} lands at cell {cell_key(cell)} "
                  f"({_HOW[how]}{', ' + roll if roll else ''})", fighter.id,
                  {"weapon": weapon.name, "cell": cell_key(cell), "how": how, "roll": roll})
    hits = [then("area_hit", unit, AreaHitContext(j, evade, ctx.weapon, state.cover(f.cell)))
            for c in area for j, f in enumerate(state.fighters)
            if f.cell == c and f.fighting_on]
    effects = [said]
    if ctx.lobbed and ctx.unseen:  # where an unseen lobbed shot fell (§2.23, spotter_reach)
        state = state._replace(impacts=(*state.impacts, (fighter.side, cell)))
    if not area:
        effects.append(Effect("landed_off_map", f"{weapon.name} lands off the map", fighter.id,
                              {"weapon": weapon.name}))
    return RULEBOOK.done(state, effects, hits)


_HOW = {"raise": "on target with a raise", "on_target": "on target", "no_roll":
        "on target, no roll needed", "deviated": "off target", "bounced": "bounced back"}


def area_hit_start(state: Battle, unit: int, ctx: AreaHitContext) -> Step:
    target = state.fighters[ctx.target]
    if ctx.evade:
        return ask_dice(state, "area_hit", "evade", unit, ctx,
                        _trait_dice(state, "evade", "Agility", target, target.trait("agility")))
    return _damage(state, unit, ctx)


def _damage(state: Battle, unit: int, ctx: AreaHitContext, effects=()) -> Step:
    weapon = Weapon(*ctx.weapon)
    target = state.fighters[ctx.target]
    return ask_dice(state, "area_hit", "damage", unit, ctx, (
        _die("area_damage", f"{weapon.name} damage {weapon.damage_dice}d{weapon.damage_sides}",
             weapon.damage_sides, target.id, weapon.damage_dice,
             explode=state.options.dice_explode),), effects)


def area_hit_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    ctx = res.ctx
    target = state.fighters[ctx.target]
    if res.stage == "evade":
        result = _rolled(rolls, "evade", 0)
        data = {"fighter": target.name, "roll": _roll_text(result)}
        if result.success:
            return RULEBOOK.done(state, (Effect("evaded", f"{target.name} escapes the blast "
                                                f"({data['roll']})", target.id, data),))
        return _damage(state, res.unit, ctx, (Effect(
            "caught", f"{target.name} is caught in the blast ({data['roll']})", target.id,
            data),))
    weapon = Weapon(*ctx.weapon)
    total = sum(rolls["area_damage"]) + weapon.damage_bonus
    armour = target.armour + ctx.armour_bonus
    harm = damage.harm(damage.margin(total, target.toughness, armour, weapon.ap),
                       already_shaken=target.shaken, reading=state.options.wound_on_shaken)
    said = Effect("damage", f"{target.name} takes {total} damage against Toughness "
                  f"{target.toughness} and Armour {armour} (AP {weapon.ap})", target.id,
                  {"target": target.name, "damage": total, "toughness": target.toughness,
                   "armour": armour, "ap": weapon.ap})
    attack = AttackContext(ctx.target, False, 0, 0)
    if harm.wounds and target.wild_card and target.bennies and target.fighting_on:
        decision = DecisionNeeded(
            "soak", f"{target.name}: spend a benny on a soak roll against "
            f"{harm.wounds} wound(s)? (§2.12)",
            (Option("soak", "spend a benny and roll Vigor"), Option("take", "take the wounds")),
            unit=target.id)
        return ask_decision(state, "attack", "soak", res.unit,
                            attack._replace(soaked_with=harm.wounds), decision, (said,))
    return _harm(state, Resolution("attack", "damage", res.unit, attack), harm, (said,))


# --- the catalogue -------------------------------------------------------------------------------


def _legal(state: Battle, fighter: Fighter, lobbed: bool, kind: str, cell: Cell,
           spotter: str | None = None) -> bool:
    params = {"with": kind, "at": cell_key(cell)}
    if spotter is not None:
        params["spotter"] = spotter
    try:
        _throw(state, Command("", fighter.id, params), lobbed)
    except RuleError:
        return False
    return True


def commands(state: Battle, fighter: Fighter) -> list[CommandSpec]:
    """Area and lobbed attacks with each item that can make them, at the cells in reach near
    the fighters (the default: the nearest enemy's cell, or the nearest cell)."""
    items: list[tuple[str, Weapon]] = []
    if fighter.weapon is not None and (fighter.weapon.area_width or fighter.weapon.indirect):
        items.append((WEAPON, fighter.weapon))
    if fighter.grenades:
        items.append((GRENADE, fighter.grenades[0]))
    specs = []
    enemies = sorted((ranged.distance(fighter.cell, f.cell), f.cell) for f in state.fighters
                     if f.side != fighter.side and f.fighting_on)
    for kind, item in items:
        cells = cells_near_fighters(state, fighter, item.long)
        for action, label, rule, lobbed in (("area_attack", "area attack", "§2.21", False),
                                            ("lobbed_attack", "lobbed attack", "§2.22", True)):
            legal = [c for c in cells if _legal(state, fighter, lobbed, kind, c)]
            if not legal:
                continue
            near = [c for _, c in enemies if c in legal] or sorted(
                legal, key=lambda c: ranged.distance(c, fighter.cell))
            choices = tuple(Choice(cell_key(c), cell_label(cell_key(c))) for c in legal)
            params = (ParamSpec("with", "with", "choice", default=kind,
                                choices=(Choice(kind, item.name),)),
                      ParamSpec("at", "at cell", "choice", default=cell_key(near[0]),
                                choices=choices))
            spotters = tuple(
                Choice(f.id, f.name) for f in state.fighters if lobbed and _legal(
                    state, fighter, lobbed, kind, near[0], spotter=f.id))
            if spotters:
                params += (ParamSpec("spotter", "spotter", "unit", required=False,
                                     choices=spotters),)
            specs.append(CommandSpec(action, f"{label} with {item.name}", rule, fighter.id,
                                     fighter.name, params))
    return specs


def outcome_of(effects: list[Effect]) -> Any:
    """Where an area or lobbed attack landed, as its odds name it."""
    how = next(e.data["how"] for e in effects if e.kind == "landed")
    return "off_target" if how in ("deviated", "bounced") else \
        "on_target" if how == "no_roll" else how


RULEBOOK.register(
    Action("area_attack", "§2.21", _validate(False), _declare(False), _odds(False)),
    Action("lobbed_attack", "§2.22", _validate(True), _declare(True), _odds(True)),
    Procedure("area_attack", AreaContext, on_dice=area_on_dice),
    Procedure("area_hit", AreaHitContext, on_dice=area_hit_on_dice, start=area_hit_start),
)
