"""Automatic and suppressive fire in play (§2.15, §2.16; §2.8 "Reload!"; errata 2 and 3).

``auto_fire``: as many trait dice as the weapon's rate of fire, each one attack at -2 (none
with "Rock and Roll!"), at targets within a 45° sector; the dice go to the named targets in
turn (this project's reading: the shooter shares them out before rolling, the digest's
§2.15). A Wild Card's one Wild Die replaces one die's result: the first die it turns from a
miss into a hit, else the die it gives the most raises (this project's reading of the
player's evident choice). The burst stops at the first die that calls "Reload!" (2; 2 or 3
for a weapon that is not ``sustained``, §3.13): that die is still resolved, the later ones
ignored. Each hit rolls its own damage, +1d6 on a raise (§2.9).

``suppressive_fire``: a rate of fire of 3 or more, one roll per die at TN 4, each naming a cell
(touching the one before, or named already), with the range and the cover between the
shooter and the cell; everyone in a cell that took a success, friend or foe, checks once
(base skill or Spirit) at -1 for each success after the first and each raise, +2 prone and
the cell's cover (option ``suppression_cover``); failure Shakes, a natural 1 (a Wild Card's
snake eyes) or a total of 1 or less wounds.

The text applies the group Wild Die (§2.18) to rolls a group makes as one (morale, Notice);
its fire and its suppression check are each fighter's own roll, so neither uses it.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, NamedTuple

from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import EXPLOSION_DEPTH, Distribution, die, exploding
from rules.core.procedures import Action, Procedure, Resolution, Rolls, ask_dice, forbid, then
from rules.core.system import Effect, Step
from rules.mercenaries import cover, damage, movement, ranged, suppression, trait
from rules.mercenaries.rulebook import (
    RULEBOOK,
    WILD_DIE,
    AttackContext,
    _one_more_action,
    _penalties,
    _roll_text,
    _rolled,
    _trait_dice,
    attacker,
    cell_in_sight,
    cell_key,
    damage_dice,
    parse_cell,
)
from rules.mercenaries.state import Battle, Cell, Fighter, Weapon
from rules.mercenaries.terms import cell_label

#: §2.15: all targets of one burst lie within this sector, in degrees.
SECTOR = 45


# --- the shooter --------------------------------------------------------------------------------


def shooter(state: Battle, command: Command) -> tuple[int, Fighter, int]:
    """(position, fighter, actions after this one) of a fighter who may attack now, or a
    refusal: his side's turn, not Shaken (§2.10), one attack a turn (§2.4)."""
    i, fighter = attacker(state, command)
    return i, fighter, _one_more_action(fighter)


def firearm(fighter: Fighter, rule: str, *, gun: bool = False) -> Weapon:
    """The fighter's firearm, loaded; a gun (§2.24) only for area and lobbed attacks."""
    weapon = fighter.weapon
    if weapon is None:
        raise forbid(gettext_noop("{fighter} has no firearm"), rule, fighter=fighter.name)
    if weapon.turns_per_shot and not gun:
        raise forbid(gettext_noop("{weapon} is a gun: it fires area or lobbed attacks"),
                     "§2.24", weapon=weapon.name)
    if fighter.needs_reload:
        raise forbid(gettext_noop("{fighter} must reload first (Reload!)"), "§2.8",
                     fighter=fighter.name)
    return weapon


def in_sector(origin: Cell, cells: list[Cell], degrees: int = SECTOR) -> bool:
    """Whether every cell lies within one sector of ``degrees`` seen from ``origin``'s centre
    (§2.15); a cell at the origin itself lies in any sector."""
    angles = sorted({math.degrees(math.atan2(y - origin[1], x - origin[0])) % 360
                     for x, y in cells if (x, y) != origin})
    if len(angles) < 2:
        return True
    gaps = [b - a for a, b in zip(angles, angles[1:], strict=False)]
    gaps.append(360 - angles[-1] + angles[0])
    return 360 - max(gaps) <= degrees + 1e-9


# --- automatic fire (§2.15) --------------------------------------------------------------------


class Shot(NamedTuple):
    """One die of a burst: the target's position, the modifier, the Defence, and whether the
    shooter is an Extra, whose natural 1 always fails (§2.14; a Wild Card's burst has no
    snake eyes, each die being its own attack)."""

    target: int
    modifier: int
    defence: int
    extra: bool = True


class AutoContext(NamedTuple):
    shots: tuple[tuple[int, int, int, bool], ...]  # Shot fields per die, in the order rolled


def _targets(command: Command) -> list:
    targets = command.params.get("targets")
    if not isinstance(targets, list | tuple) or not targets:
        raise RuleError("bad_command", field="params.targets",
                        template=gettext_noop("targets: tick at least one enemy fighter"))
    return list(targets)


def _auto(state: Battle, command: Command) -> tuple[int, Fighter, Weapon, list[Shot]]:
    """The shooter, his weapon and each die's shot, or a refusal."""
    i, fighter, after = shooter(state, command)
    weapon = firearm(fighter, "§2.15")
    suppression.check_auto_fire(weapon.rof)
    named = _targets(command)
    if len(named) > weapon.rof:
        raise forbid(gettext_noop("a burst of {rof} dice has at most {rof} targets"), "§2.15",
                     field="params.targets", rof=weapon.rof)
    auto = suppression.auto_fire_modifier(rock_and_roll=fighter.rock_and_roll)
    light = cover.light_penalty(state.light)
    by_target: dict[Any, Shot] = {}
    for ident in named:
        t, target = state.fighter(ident, field="params.targets")
        if target.side == fighter.side or not target.fighting_on:
            raise forbid(gettext_noop("{target} is not an enemy still in the fight"), "§2.15",
                         field="params.targets", target=target.name)
        if ident not in by_target:
            by_target[ident] = Shot(t, *_aim(state, fighter, target, weapon))
    if not in_sector(fighter.cell, [state.fighters[s.target].cell for s in by_target.values()]):
        raise forbid(gettext_noop("the targets of a burst must lie within a 45° sector"),
                     "§2.15", field="params.targets")
    extra = auto + light + _penalties(fighter, after)
    shots = [by_target[named[k % len(named)]] for k in range(weapon.rof)]
    return i, fighter, weapon, [s._replace(modifier=s.modifier + extra,
                                           extra=not fighter.wild_card) for s in shots]


def _aim(state: Battle, fighter: Fighter, target: Fighter, weapon: Weapon) -> tuple[int, int]:
    """(range and cover modifier, Defence) of a shot at ``target`` (§2.5, §2.7)."""
    same_cell = fighter.cell == target.cell
    if not cover.sees(fighter.cell, target.cell, state.cover):
        raise forbid(gettext_noop("{fighter} cannot see {target}"), "§2.5",
                     field="params.targets", fighter=fighter.name, target=target.name)
    band = ranged.range_band(ranged.distance(fighter.cell, target.cell), weapon.short,
                             weapon.medium, weapon.long, twice_long=state.options.twice_long)
    prone = (movement.prone_defence(same_cell=same_cell, square=state.square(target.cell))
             if target.prone else 0)
    modifier = (ranged.band_penalty(band, scope=weapon.scope, scope_reading=state.options.scope)
                + cover.shot_cover_penalty(fighter.cell, target.cell, state.cover))
    return modifier, (target.parry if same_cell else target.defence) + prone


def _triggers(weapon: Weapon) -> frozenset[int]:
    return ranged.reload_triggers(automatic=True, sustained_weapon=weapon.sustained)


def auto_fire_validate(state: Battle, command: Command) -> None:
    _auto(state, command)


def auto_fire_declare(state: Battle, command: Command) -> Step:
    i, fighter, weapon, shots = _auto(state, command)
    state = state.with_fighter(i, fighter._replace(actions=fighter.actions + 1, attacked=True))
    names = ", ".join(dict.fromkeys(state.fighters[s.target].name for s in shots))
    said = Effect("auto_fire", f"{fighter.name} fires a burst of {weapon.rof} at {names}",
                  fighter.id, {"fighter": fighter.name, "rof": weapon.rof, "targets": names})
    dice = _trait_dice(state, "auto", "Shooting", fighter, fighter.trait("shooting"),
                       weapon.rof)
    return ask_dice(state, "auto_fire", "roll", i, AutoContext(tuple(tuple(s) for s in shots)),
                    dice, (said,))


class Die(NamedTuple):
    """One die of a burst resolved: its result, whether it hits, and whether the Wild Die
    stood in for it."""

    index: int
    result: trait.TraitResult
    hit: bool
    wild: bool = False


def _hit(value: int, shot: Shot, reading: str) -> tuple[trait.TraitResult, bool]:
    result = trait.resolve(value, None, modifier=shot.modifier, tn=shot.defence)
    if not shot.extra and value == 1 and result.total >= shot.defence:
        result = dataclasses.replace(result, success=True,
                                     raises=trait.raises_of(result.total, shot.defence))
    return result, result.success and damage.hits(result.total, shot.defence, reading=reading)


def burst(values: list[int], wild: int | None, shots: list[Shot], triggers: frozenset[int],
          reading: str) -> tuple[list[Die], bool]:
    """A burst's dice as far as the first "Reload!" (§2.8), each resolved against its shot,
    and whether the burst called "Reload!". The Wild Die replaces the first die it turns from a
    miss into a hit, else the one it gives the most raises (§2.15)."""
    kept = ranged.burst_until_reload(list(values), triggers)
    dice = []
    for k, value in enumerate(kept):
        result, hit = _hit(value, shots[k], reading)
        dice.append(Die(k, result, hit))
    if wild is not None:
        best, gain = None, 0
        for d in dice:
            result, hit = _hit(wild, shots[d.index], reading)
            if hit and not d.hit:
                best = Die(d.index, result, True, True)
                break
            if hit and result.raises - d.result.raises > gain:
                best, gain = Die(d.index, result, True, True), result.raises - d.result.raises
        if best is not None:
            dice[best.index] = best
    return dice, kept[-1] in triggers


def auto_fire_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    fighter = state.fighters[res.unit]
    shots = [Shot(*s) for s in res.ctx.shots]
    wild = rolls.get("auto.wild")
    dice, reload = burst(list(rolls["auto.trait"]), wild[0] if wild else None, shots,
                         _triggers(fighter.weapon), state.options.hit_test)
    effects, hits = [], []
    for d in dice:
        shot = shots[d.index]
        target = state.fighters[shot.target]
        roll = _roll_text(d.result)
        wild_text = ", the Wild Die's" if d.wild else ""
        if d.hit:
            raised = damage.raise_bonus(d.result.total, shot.defence, direct=True)
            effects.append(Effect("hit", f"{fighter.name} hits {target.name} ({roll}"
                                  f"{wild_text}{', with a raise' if raised else ''})",
                                  fighter.id, {"fighter": fighter.name, "target": target.name,
                                               "roll": roll, "raise": raised,
                                               "wild": d.wild}))
            hits.append(then("fire_hit", res.unit, AttackContext(
                shot.target, False, shot.modifier, shot.defence, raised)))
        else:
            effects.append(Effect("missed", f"{fighter.name} misses {target.name} ({roll})",
                                  fighter.id, {"fighter": fighter.name, "target": target.name,
                                               "roll": roll}))
    if reload:
        state = state.with_fighter(res.unit, fighter._replace(needs_reload=True))
        ignored = len(shots) - len(dice)
        effects.append(Effect("burst_reload", f"Reload! {fighter.name}'s burst stops at die "
                              f"{len(dice)}; {ignored} later dice are ignored", fighter.id,
                              {"fighter": fighter.name, "die": len(dice), "ignored": ignored}))
    return RULEBOOK.done(state, effects, hits)


def fire_hit_start(state: Battle, unit: int, ctx: AttackContext) -> Step:
    """One hit of a burst rolls its damage; the attack procedure goes on from there (§2.9,
    §2.12)."""
    fighter = state.fighters[unit]
    return ask_dice(state, "attack", "damage", unit, ctx,
                    damage_dice(fighter, False, ctx.raised, explode=state.options.dice_explode))


def _die_classes(sides: int, shot: Shot, triggers: frozenset[int], reading: str,
                 explode: bool) -> Distribution:
    """(calls Reload!, hits) of one die of a burst, exactly."""
    depth = max(EXPLOSION_DEPTH, (shot.defence - shot.modifier) // sides + 2)
    dist = exploding(sides, depth) if explode else die(sides)
    return dist.map(lambda v: (int(v) in triggers, _hit(int(v), shot, reading)[1]))


def _wild_dist(shots: list[Shot], explode: bool) -> Distribution:
    depth = max(EXPLOSION_DEPTH, *((s.defence - s.modifier) // WILD_DIE + 2 for s in shots))
    return exploding(WILD_DIE, depth) if explode else die(WILD_DIE)


def auto_fire_odds(state: Battle, command: Command) -> Distribution:
    """The number of hits of a burst, exactly (the Wild Die taken as ``burst`` takes it)."""
    _, fighter, weapon, shots = _auto(state, command)
    reading, explode = state.options.hit_test, state.options.dice_explode
    triggers, sides = _triggers(weapon), fighter.trait("shooting")
    # (stopped, hits, the shots a miss left to the Wild Die) after each die
    states = Distribution.certain((False, 0, frozenset()))
    for k, shot in enumerate(shots):
        classes = _die_classes(sides, shot, triggers, reading, explode)

        def step(st, shot=shot, classes=classes, k=k):
            stopped, hits, missed = st
            if stopped:
                return Distribution.certain(st)
            return classes.map(lambda c: (c[0], hits + c[1],
                                          missed if c[1] else missed | {shot}))
        states = states.bind(step)
    if not fighter.wild_card:
        return states.map(lambda st: st[1])
    wild = _wild_dist(shots, explode)

    def with_wild(st):
        _, hits, missed = st
        return wild.map(lambda w: hits + any(_hit(int(w), s, reading)[1] for s in missed))
    return states.bind(with_wild)


# --- suppressive fire (§2.16) -------------------------------------------------------------------


class SuppressContext(NamedTuple):
    cells: tuple[tuple[int, int], ...]  # the cell of each roll, in order
    modifiers: tuple[int, ...]


class CheckContext(NamedTuple):
    cell: tuple[int, int]
    successes: int
    raises: int


def _cell_shot(state: Battle, fighter: Fighter, weapon: Weapon, cell: Cell) -> int:
    """The range and cover modifier of a roll at a cell: the cover between the shooter and
    the cell, not the cell's own (§2.16, which gives that to the check)."""
    cell_in_sight(state, fighter, cell, "params.cells")
    band = ranged.range_band(ranged.distance(fighter.cell, cell), weapon.short, weapon.medium,
                             weapon.long, twice_long=state.options.twice_long)
    return (ranged.band_penalty(band, scope=weapon.scope, scope_reading=state.options.scope)
            - cover.cover_between(fighter.cell, cell, state.cover))


def _suppress(state: Battle, command: Command) -> tuple[int, Fighter, Weapon, list[Cell],
                                                         list[int]]:
    i, fighter, after = shooter(state, command)
    weapon = firearm(fighter, "§2.16")
    raw = command.params.get("cells")
    if not isinstance(raw, list | tuple) or not raw:
        raise RuleError("bad_command", field="params.cells",
                        template=gettext_noop("cells is a list of cells \"x,y\", one a roll"))
    cells = [parse_cell(c, "params.cells") for c in raw]
    suppression.check_suppressive_cells(weapon.rof, cells)
    extra = cover.light_penalty(state.light) + _penalties(fighter, after)
    if state.options.suppressive_auto_penalty:
        extra += suppression.auto_fire_modifier(rock_and_roll=fighter.rock_and_roll)
    shots = {c: _cell_shot(state, fighter, weapon, c) + extra for c in dict.fromkeys(cells)}
    return i, fighter, weapon, cells, [shots[c] for c in cells]


def suppressive_fire_validate(state: Battle, command: Command) -> None:
    _suppress(state, command)


def suppressive_fire_declare(state: Battle, command: Command) -> Step:
    i, fighter, weapon, cells, modifiers = _suppress(state, command)
    state = state.with_fighter(i, fighter._replace(actions=fighter.actions + 1, attacked=True))
    named = ", ".join(dict.fromkeys(cell_key(c) for c in cells))
    said = Effect("suppressive_fire", f"{fighter.name} lays suppressive fire on {named}",
                  fighter.id, {"fighter": fighter.name, "cells": named})
    dice = _trait_dice(state, "suppress", "Shooting", fighter, fighter.trait("shooting"),
                       weapon.rof)
    return ask_dice(state, "suppressive_fire", "roll", i,
                    SuppressContext(tuple(cells), tuple(modifiers)), dice, (said,))


def suppressed_cells(values: list[int], wild: int | None, cells: list[Cell],
                     modifiers: list[int], triggers: frozenset[int], *, extra: bool
                     ) -> tuple[dict[Cell, tuple[int, int]], list[Die], bool]:
    """Each cell's (successes, raises) of a suppressive burst at TN 4 (§2.16), the dice, and
    whether it called "Reload!" (§2.8); the Wild Die replaces one result as in ``burst``."""
    shots = [Shot(0, m, trait.TN, extra) for m in modifiers]
    dice, reload = burst(values, wild, shots, triggers, damage.MEET_OR_BEAT)
    out: dict[Cell, tuple[int, int]] = {}
    for d in dice:
        if d.hit:
            successes, raises = out.get(cells[d.index], (0, 0))
            out[cells[d.index]] = (successes + 1, raises + d.result.raises)
    return out, dice, reload


def suppressive_fire_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    fighter = state.fighters[res.unit]
    wild = rolls.get("suppress.wild")
    cells = list(res.ctx.cells)
    struck, dice, reload = suppressed_cells(
        list(rolls["suppress.trait"]), wild[0] if wild else None, cells,
        list(res.ctx.modifiers), _triggers(fighter.weapon), extra=not fighter.wild_card)
    effects = []
    for d in dice:
        roll = _roll_text(d.result)
        cell = cell_key(cells[d.index])
        kind = "suppress_success" if d.hit else "suppress_miss"
        verb = "strikes" if d.hit else "misses"
        effects.append(Effect(kind, f"{fighter.name}'s fire {verb} cell {cell} ({roll}"
                              f"{', the Wild Die' if d.wild else ''})", fighter.id,
                              {"fighter": fighter.name, "cell": cell, "roll": roll,
                               "wild": d.wild}))
    if reload:
        state = state.with_fighter(res.unit, fighter._replace(needs_reload=True))
        ignored = len(cells) - len(dice)
        effects.append(Effect("burst_reload", f"Reload! {fighter.name}'s burst stops at die "
                              f"{len(dice)}; {ignored} later dice are ignored", fighter.id,
                              {"fighter": fighter.name, "die": len(dice), "ignored": ignored}))
    checks = [then("suppression", j, CheckContext(cell, *struck[cell]))
              for cell in dict.fromkeys(cells) if cell in struck
              for j, f in enumerate(state.fighters)
              if f.cell == cell and f.fighting_on and j != res.unit]
    return RULEBOOK.done(state, effects, checks)


def suppression_start(state: Battle, j: int, ctx: CheckContext) -> Step:
    """One fighter's check in a suppressed cell: base skill or Spirit (§2.16)."""
    f = state.fighters[j]
    skill = "spirit" if f.wild_card else "base_skill"
    what = "Spirit" if f.wild_card else "base skill"
    return ask_dice(state, "suppression", "roll", j, ctx,
                    _trait_dice(state, "suppression", what, f, f.trait(skill)))


def suppression_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    f = state.fighters[res.unit]
    ctx = res.ctx
    modifier = suppression.check_modifier(
        ctx.successes, ctx.raises, prone=f.prone, cover=state.cover(tuple(ctx.cell)),
        cover_reading=state.options.suppression_cover,
        hits_reading=state.options.suppression_hits)
    modifier += damage.wound_penalty(f.wounds) if f.wild_card else 0
    result = _rolled(rolls, "suppression", modifier)
    outcome = suppression.suppression_result(result, state.options.suppression_one)
    data = {"fighter": f.name, "roll": _roll_text(result)}
    if outcome == "unaffected":
        return RULEBOOK.done(state, (Effect("suppression_held", f"{f.name} holds under the "
                                            f"fire ({data['roll']})", f.id, data),))
    if outcome == "shaken":
        if f.shaken:
            return RULEBOOK.done(state, (Effect(
                "suppression_shaken", f"{f.name} fails under the fire and stays Shaken "
                f"({data['roll']})", f.id, data),))
        return RULEBOOK.done(state.with_fighter(res.unit, f._replace(shaken=True)), (Effect(
            "suppression_shaken", f"{f.name} fails under the fire and is Shaken "
            f"({data['roll']})", f.id, data),))
    wounds = f.wounds + 1
    condition = damage.condition(wild_card=f.wild_card, wounds=wounds)
    effects = [Effect("suppression_wounded", f"{f.name} is wounded under the fire "
                      f"({data['roll']}), {wounds} wound(s) in all", f.id,
                      {**data, "total": wounds})]
    if condition != damage.FIGHTING:
        effects.append(Effect(condition, f"{f.name} is "
                              f"{'dying' if condition == damage.DYING else 'out of the fight'}",
                              f.id, {"fighter": f.name}))
    hurt = f._replace(wounds=wounds, shaken=True, condition=condition)
    return RULEBOOK.done(state.with_fighter(res.unit, hurt), effects)


def suppressive_fire_odds(state: Battle, command: Command) -> Distribution:
    """The number of cells the fire strikes (one success or more), exactly."""
    _, fighter, weapon, cells, modifiers = _suppress(state, command)
    shots = [Shot(0, m, trait.TN, not fighter.wild_card) for m in modifiers]
    triggers, sides, explode = _triggers(weapon), fighter.trait("shooting"), \
        state.options.dice_explode
    states = Distribution.certain((False, frozenset(), frozenset()))
    for k, shot in enumerate(shots):
        classes = _die_classes(sides, shot, triggers, damage.MEET_OR_BEAT, explode)

        def step(st, cell=cells[k], classes=classes, shot=shot, k=k):
            stopped, struck, missed = st
            if stopped:
                return Distribution.certain(st)
            return classes.map(lambda c: (c[0], struck | {cell} if c[1] else struck,
                                          missed if c[1] else missed | {(k, cell, shot)}))
        states = states.bind(step)
    if not fighter.wild_card:
        return states.map(lambda st: len(st[1]))
    wild = _wild_dist(shots, explode)

    def with_wild(st):
        _, struck, missed = st

        def cells_after(w):
            first = next((cell for _, cell, shot in sorted(missed)
                          if _hit(int(w), shot, damage.MEET_OR_BEAT)[1]), None)
            return len(struck | ({first} if first is not None else set()))
        return wild.map(cells_after)
    return states.bind(with_wild)


# --- the catalogue --------------------------------------------------------------------------------


def _valid(validate, state: Battle, fighter: Fighter, params: dict) -> bool:
    try:
        validate(state, Command(action="", unit=fighter.id, params=params))
    except RuleError:
        return False
    return True


def cells_near_fighters(state: Battle, fighter: Fighter, reach: int) -> list[Cell]:
    """The cells a form offers to fire at: every other fighter's cell and the cells touching
    it, within ``reach`` of ``fighter`` (a bounded list on a map of any size; ``validate``
    accepts any cell the rules allow)."""
    near = {(x + dx, y + dy) for f in state.fighters if f.fighting_on and f.id != fighter.id
            for x, y in (f.cell,) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return sorted((c for c in near if state.on_map(c)
                   and ranged.distance(fighter.cell, c) <= reach), key=lambda c: (c[1], c[0]))


def commands(state: Battle, fighter: Fighter) -> list[CommandSpec]:
    """Automatic and suppressive fire as the catalogue lists them: the enemies a burst may
    take (each alone is legal; none pre-ticked, whom to fire at is the player's choice), the
    cells suppressive fire may name near the fighters, one pick per die of the rate of fire
    (§2.16: a cell may take several; the default: every roll at the nearest enemy's cell, or
    the first cell)."""
    specs = []
    weapon = fighter.weapon
    if weapon is None or weapon.rof < 2:
        return specs
    targets = tuple(Choice(t.id, t.name) for t in state.fighters
                    if t.side != fighter.side and t.fighting_on
                    and _valid(auto_fire_validate, state, fighter, {"targets": [t.id]}))
    if targets:
        specs.append(CommandSpec("auto_fire", "automatic fire", "§2.15", fighter.id,
                                 fighter.name, (ParamSpec(
                                     "targets", "targets", "unit", choices=targets,
                                     multiple=True),)))
    if weapon.rof < 3:
        return specs
    near = sorted((ranged.distance(fighter.cell, t.cell), t.cell) for t in state.fighters
                  if t.side != fighter.side and t.fighting_on)
    cells = cells_near_fighters(state, fighter, 4 * weapon.long)
    legal = tuple(Choice(cell_key(c), cell_label(cell_key(c))) for c in cells
                  if _valid(suppressive_fire_validate, state, fighter,
                            {"cells": [cell_key(c)] * weapon.rof}))
    if not legal:
        return specs
    values = {c.value for c in legal}
    default = next((cell_key(c) for _, c in near if cell_key(c) in values), legal[0].value)
    specs.append(CommandSpec("suppressive_fire", "suppressive fire", "§2.16", fighter.id,
                             fighter.name, (ParamSpec(
                                 "cells", "cells, one a roll", "choice",
                                 default=[default] * weapon.rof, choices=legal,
                                 count=weapon.rof),)))
    return specs


RULEBOOK.register(
    Action("auto_fire", "§2.15", auto_fire_validate, auto_fire_declare, auto_fire_odds),
    Action("suppressive_fire", "§2.16", suppressive_fire_validate, suppressive_fire_declare,
           suppressive_fire_odds),
    Procedure("auto_fire", AutoContext, on_dice=auto_fire_on_dice),
    Procedure("fire_hit", AttackContext, start=fire_hit_start),
    Procedure("suppressive_fire", SuppressContext, on_dice=suppressive_fire_on_dice),
    Procedure("suppression", CheckContext, on_dice=suppression_on_dice,
              start=suppression_start),
)
