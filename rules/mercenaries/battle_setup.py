"""A Mercenaries battle's setup, checked, and its initial state.

    {"map": {"width": 12, "height": 8, "light": "normal",
             "cells": [{"cell": [3, 4], "cover": 2, "building": false, "jungle": false}]},
     "first_side": "mercs",
     "sides": {"mercs": {"name": "Mercenaries", "squads": {"alpha": {"name": "Alpha team",
         "fighters": {"m1": {"name": "Sgt. Rourke", "kind": "wild_card", "cell": [0, 0],
             "traits": {"agility": 8, "spirit": 6, "strength": 6, "vigor": 8,
                        "fighting": 6, "shooting": 8},
             "toughness": 6, "armour": 2, "parry": 5, "defence": 4, "bennies": 3,
             "weapon": {"name": "assault rifle", "damage": [2, 8, 0], "ap": 2,
                        "range": [12, 24, 48], "rof": 3},
             "melee_weapon": {"name": "machete", "damage": [1, 6, 0]}}}}}},
               "junta": {...}}}

Optional per fighter: more trait dice (``OPTIONAL_TRAITS``: stealth, notice, smarts,
intimidation, taunt), ``"hidden": true`` (hidden from every enemy at the start, §2.17),
``"camouflage"`` 0..4, and ``"ghillie"``, ``"optics"``, ``"thermal"`` flags; ``"rank"``:
``"mercenary"``, ``"sergeant"`` or ``"lieutenant"``, a commander who can stop panicked Extras'
flight (§2.13). A firearm's
``"scope"`` flag is a sniper scope (§2.7, option ``scope``).

``"options"`` (optional) chooses readings of rules the text leaves open
(``rules.mercenaries.options``). Who goes first is the scenario's (§2.1: the text does not say); ranges are in cells (§2.7).
Ranged Defence is 4 unless given (the digest's reading, §2.7); a Wild Card has 3 bennies
unless given (Savage Worlds' default, §2.19), an Extra none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import RuleError, gettext_noop
from rules.core.limits import Limits, check
from rules.mercenaries import options
from rules.mercenaries.cover import COVER_VALUES, LIGHT_PENALTY
from rules.mercenaries.manoeuvres import IMPROVISED
from rules.mercenaries.movement import Square
from rules.mercenaries.panic import COMMANDER_RANKS
from rules.mercenaries.state import Battle, Fighter, Squad, Squares, Weapon
from rules.mercenaries.trait import TRAIT_DICE

#: Traits every fighter needs, by kind: a Wild Card rolls Spirit to recover from Shaken, an
#: Extra his base skill (§2.10).
TRAITS = {
    "wild_card": ("agility", "spirit", "strength", "vigor", "fighting", "shooting"),
    "extra": ("agility", "strength", "vigor", "fighting", "shooting", "base_skill"),
}
#: Traits a fighter may have besides (§2.17 Stealth and Notice, §2.27 Smarts for a trick or
#: a taunt, Intimidation and Taunt for a test of will).
OPTIONAL_TRAITS = ("stealth", "notice", "smarts", "intimidation", "taunt")
DEFAULT_DEFENCE = 4
WILD_CARD_BENNIES = 3
MAX_MAP = 200


def _bad(template: str, at: str, **params: Any) -> RuleError:
    return RuleError("bad_setup", template=template, params=params, field=at)


def _int(value: Any, field: str, low: int = 0, high: int = 99) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(gettext_noop("{field} must be a whole number from {low} to {high}"), field,
                   field=field, low=low, high=high)
    return value


def _mapping(value: Any, field: str) -> Mapping:
    if not isinstance(value, Mapping) or not value:
        raise _bad(gettext_noop("{field} must be a non-empty object"), field, field=field)
    return value


def _die(value: Any, field: str) -> int:
    if value not in TRAIT_DICE:
        raise _bad(gettext_noop("{field} must be a die: 4, 6, 8, 10 or 12"), field, field=field)
    return value


def _flag(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise _bad(gettext_noop("{field} must be true or false"), field, field=field)
    return value


def _cell(value: Any, field: str, width: int, height: int) -> tuple[int, int]:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(type(v) is int for v in value)
            or not (0 <= value[0] < width and 0 <= value[1] < height)):
        raise _bad(gettext_noop("{field} must be a cell [x, y] on the {width} x {height} map"),
                   field, field=field, width=width, height=height)
    return (value[0], value[1])


def _weapon(spec: Any, field: str, *, melee: bool) -> Weapon | None:
    if spec is None:
        return None
    spec = _mapping(spec, field)
    damage = spec.get("damage")
    if (not isinstance(damage, list | tuple) or len(damage) != 3
            or not all(type(v) is int for v in damage)
            or damage[0] < (0 if melee else 1) or damage[1] not in (2, 3, *TRAIT_DICE)):
        raise _bad(gettext_noop("{field} must be [dice, die size, bonus], e.g. [2, 8, 0]"),
                   f"{field}.damage", field=f"{field}.damage")
    ranges = (0, 0, 0)
    if not melee:
        ranges = spec.get("range")
        if (not isinstance(ranges, list | tuple) or len(ranges) != 3
                or not all(type(v) is int and v >= 0 for v in ranges)
                or not ranges[0] <= ranges[1] <= ranges[2] or ranges[2] < 1):
            raise _bad(gettext_noop("{field} must be [short, medium, long] in cells, growing"),
                       f"{field}.range", field=f"{field}.range")
    return Weapon(
        name=str(spec.get("name") or field), damage_dice=damage[0], damage_sides=damage[1],
        damage_bonus=damage[2], ap=_int(spec.get("ap", 0), f"{field}.ap"),
        short=ranges[0], medium=ranges[1], long=ranges[2],
        rof=_int(spec.get("rof", 1), f"{field}.rof", 1, 10), melee=melee,
        **({} if melee else _fire_properties(spec, field)),
        semi_auto=_kit_flag(spec, "semi_auto", field),
        short_burst=_kit_flag(spec, "short_burst", field),
        two_handed=_kit_flag(spec, "two_handed", field),
        improvised=_improvised(spec, field, melee=melee),
        scope=_kit_flag(spec, "scope", field),
    )


def _fire_properties(spec: Mapping, field: str, *, grenade: bool = False) -> dict[str, Any]:
    """A firearm's or grenade's properties for automatic, suppressive, area and lobbed fire
    (§2.8, §2.21-§2.22): ``sustained`` (a machine gun or extended magazine), ``area`` [width,
    height] in cells, ``indirect`` (may fire lobbed); a grenade is a 1-cell area, lobbed."""
    area = spec.get("area", [1, 1] if grenade else None)
    if area is not None and (not isinstance(area, list | tuple) or len(area) != 2
                             or not all(type(v) is int and 1 <= v <= 4 for v in area)):
        raise _bad(gettext_noop("{field} must be [width, height] in cells, 1 to 4 each"),
                   f"{field}.area", field=f"{field}.area")
    flags = {}
    for flag in ("sustained", "indirect"):
        value = spec.get(flag, grenade and flag == "indirect")
        if type(value) is not bool:
            raise _bad(gettext_noop("{field} must be true or false"), f"{field}.{flag}",
                       field=f"{field}.{flag}")
        flags[flag] = value
    width, height = area or (0, 0)
    rate = spec.get("rate")
    turns, crew = 0, 0
    if rate is not None:
        if (not isinstance(rate, list | tuple) or len(rate) != 2 or rate[0] != 1
                or type(rate[1]) is not int or not 1 <= rate[1] <= 20):
            raise _bad(gettext_noop("{field} must be [1, N]: one shot in N turns for one man"),
                       f"{field}.rate", field=f"{field}.rate")
        turns = rate[1]
        crew = _int(spec.get("crew", 1), f"{field}.crew", 1, 12)
    return {"area_width": width, "area_height": height, **flags, "turns_per_shot": turns,
            "crew": crew}


def _grenades(spec: Any, field: str) -> tuple[Weapon, ...]:
    """The grenades a fighter carries (§2.21-§2.22, §2.25): ``{"profile": weapon, "count":
    n}``, each thrown once."""
    if spec is None:
        return ()
    spec = _mapping(spec, field)
    count = _int(spec.get("count", 1), f"{field}.count", 1, 10)
    profile = _mapping(spec.get("profile"), f"{field}.profile")
    grenade = _weapon({**profile, "rof": 1}, f"{field}.profile", melee=False)
    grenade = grenade._replace(**_fire_properties(profile, f"{field}.profile", grenade=True))
    return (grenade,) * count


def _fighter(ident: str, spec: Any, side: str, squad: str, field: str, width: int,
             height: int, limits: Limits) -> Fighter:
    spec = _mapping(spec, field)
    check(limits, "id_length", len(ident), field)
    kind = spec.get("kind")
    if kind not in TRAITS:
        raise _bad(gettext_noop("{field} must be wild_card or extra"), f"{field}.kind",
                   field=f"{field}.kind")
    traits = _mapping(spec.get("traits"), f"{field}.traits")
    for name in TRAITS[kind]:
        if traits.get(name) not in TRAIT_DICE:
            raise _bad(gettext_noop("{field} must be a die: 4, 6, 8, 10 or 12"),
                       f"{field}.traits.{name}", field=f"{field}.traits.{name}")
    for name in OPTIONAL_TRAITS:
        if name in traits and traits[name] not in TRAIT_DICE:
            raise _bad(gettext_noop("{field} must be a die: 4, 6, 8, 10 or 12"),
                       f"{field}.traits.{name}", field=f"{field}.traits.{name}")
    if spec.get("hidden") is True and "stealth" not in traits:
        raise _bad(gettext_noop("{field} starts hidden and needs a Stealth die (§2.17)"),
                   f"{field}.traits.stealth", field=field)
    name = str(spec.get("name") or ident)
    check(limits, "name_length", len(name), f"{field}.name")
    wild_card = kind == "wild_card"
    return Fighter(
        id=ident, side=side, squad=squad, name=name, wild_card=wild_card,
        cell=_cell(spec.get("cell"), f"{field}.cell", width, height),
        traits=tuple((t, traits[t]) for t in TRAITS[kind])
        + tuple((t, _die(traits[t], f"{field}.traits.{t}")) for t in OPTIONAL_TRAITS
                if t in traits),
        toughness=_int(spec.get("toughness"), f"{field}.toughness", 1, 30),
        armour=_int(spec.get("armour", 0), f"{field}.armour", 0, 30),
        parry=_int(spec.get("parry"), f"{field}.parry", 0, 30),
        defence=_int(spec.get("defence", DEFAULT_DEFENCE), f"{field}.defence", 0, 30),
        weapon=_weapon(spec.get("weapon"), f"{field}.weapon", melee=False),
        melee_weapon=_weapon(spec.get("melee_weapon"), f"{field}.melee_weapon", melee=True),
        rock_and_roll=_flag(spec.get("rock_and_roll", False), f"{field}.rock_and_roll"),
        grenades=_grenades(spec.get("grenades"), f"{field}.grenades"),
        bennies=_int(spec.get("bennies", WILD_CARD_BENNIES if wild_card else 0),
                     f"{field}.bennies", 0, 10 if wild_card else 0),
        hidden=_kit_flag(spec, "hidden", field), known_to=(),
        camouflage=_int(spec.get("camouflage", 0), f"{field}.camouflage", 0, 4),
        ghillie=_kit_flag(spec, "ghillie", field), optics=_kit_flag(spec, "optics", field),
        thermal=_kit_flag(spec, "thermal", field),
        off_hand=_weapon(spec.get("off_hand"), f"{field}.off_hand",
                         melee=not (isinstance(spec.get("off_hand"), Mapping)
                                    and "range" in spec["off_hand"])),
        ambidextrous=_kit_flag(spec, "ambidextrous", field),
        two_fisted=_kit_flag(spec, "two_fisted", field),
        rank=_rank(spec, field),
    )


def _rank(spec: Mapping, field: str) -> str:
    """His rank, if a commander's (§2.13: mercenary, sergeant or lieutenant); none else."""
    rank = spec.get("rank", "")
    if rank not in ("", *COMMANDER_RANKS):
        raise _bad(gettext_noop("{field} is a commander's rank: mercenary, sergeant or "
                                "lieutenant"), f"{field}.rank", field=f"{field}.rank")
    return rank


def _improvised(spec: Mapping, field: str, *, melee: bool) -> str:
    """An improvised melee weapon's size (§2.27: a rifle swung as a club, ...)."""
    size = spec.get("improvised", "")
    if size and (not melee or size not in IMPROVISED):
        raise _bad(gettext_noop("{field} is an improvised melee weapon's size: small, medium "
                                "or large"), f"{field}.improvised", field=f"{field}.improvised")
    return size


def _kit_flag(spec: Mapping, name: str, field: str) -> bool:
    value = spec.get(name, False)
    if not isinstance(value, bool):
        raise _bad(gettext_noop("{field} must be true or false"), f"{field}.{name}",
                   field=f"{field}.{name}")
    return value


def _map(spec: Any) -> tuple[int, int, str, tuple]:
    spec = _mapping(spec, "map")
    width = _int(spec.get("width"), "map.width", 1, MAX_MAP)
    height = _int(spec.get("height"), "map.height", 1, MAX_MAP)
    light = spec.get("light", "normal")
    if light not in LIGHT_PENALTY:
        raise _bad(gettext_noop("map.light must be normal, dim, dark or pitch_dark"),
                   "map.light")
    squares = {}
    cells = spec.get("cells", [])
    if not isinstance(cells, list):
        raise _bad(gettext_noop("{field} must be a list"), "map.cells", field="map.cells")
    for n, item in enumerate(cells):
        field = f"map.cells.{n}"
        item = _mapping(item, field)
        cell = _cell(item.get("cell"), f"{field}.cell", width, height)
        cover = item.get("cover", 0)
        if cover not in COVER_VALUES:
            raise _bad(gettext_noop("{field} must be 0, 1, 2 or 4"), f"{field}.cover",
                       field=f"{field}.cover")
        squares[cell] = Square(cover, bool(item.get("building")), bool(item.get("jungle")))
    return width, height, light, Squares(sorted(squares.items()))


def build(setup: Mapping[str, Any], limits: Limits) -> Battle:
    """The initial state of ``setup`` (the module's docstring), or ``RuleError("bad_setup")``
    naming the field at fault."""
    if not isinstance(setup, Mapping):
        raise _bad(gettext_noop("a setup is an object"), "")
    width, height, light, squares = _map(setup.get("map"))
    sides = _mapping(setup.get("sides"), "sides")
    if len(sides) != 2:
        raise _bad(gettext_noop("a battle has two sides"), "sides")
    squads, fighters, seen = [], [], set()
    for side, side_spec in sides.items():
        side_spec = _mapping(side_spec, f"sides.{side}")
        squad_specs = _mapping(side_spec.get("squads"), f"sides.{side}.squads")
        check(limits, "units", len(squads) + len(squad_specs), f"sides.{side}.squads")
        for squad, squad_spec in squad_specs.items():
            field = f"sides.{side}.squads.{squad}"
            squad_spec = _mapping(squad_spec, field)
            if squad in {s.id for s in squads}:
                raise _bad(gettext_noop("{field}: the squad id is used twice"), field,
                           field=field)
            squads.append(Squad(squad, side, str(squad_spec.get("name") or squad)))
            specs = _mapping(squad_spec.get("fighters"), f"{field}.fighters")
            check(limits, "figures_per_unit", len(specs), f"{field}.fighters")
            for ident, spec in specs.items():
                if ident in seen:
                    raise _bad(gettext_noop("{field}: the fighter id is used twice"),
                               f"{field}.fighters.{ident}", field=f"{field}.fighters.{ident}")
                seen.add(ident)
                fighters.append(_fighter(ident, spec, side, squad, f"{field}.fighters.{ident}",
                                         width, height, limits))
    check(limits, "figures", len(fighters), "sides")
    order = list(sides)
    first = setup.get("first_side", order[0])
    if first not in order:
        raise _bad(gettext_noop("first_side must be one of the sides"), "first_side")
    return Battle(
        options=options.parse(setup.get("options")),
        sides=tuple(order), side_names=tuple(str(sides[s].get("name") or s) for s in order),
        squads=tuple(squads), fighters=tuple(fighters), width=width, height=height,
        squares=squares, light=light, side=order.index(first),
    )
