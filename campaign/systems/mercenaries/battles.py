"""Mercenaries' campaign battles: the ``mercenaries`` battle setup from a scenario's map, its
sides and the members ticked, and the battle's summary taken over.

Ids in the setup: a force is the side ``force-<id>``, a squad ``squad-<id>``, a member the
fighter ``soldier-<id>``, so the summary maps back to the campaign. Each squad stands in one
cell of its side's deployment edge (§2.2: any number of fighters share a cell), the squads
spread along the edge. Who goes first: the scenario's first force (§2.1: the text does not
say). Weapons are the book's improvised weapons (§2.27, in melee) or rows of the campaign's
weapon table (``house_rules``): the source lost the book's (§0), a row missing refuses the
battle naming the table and the row. A Wild Card's bennies at the start of the battle are the
house rule's (``bennies.per_battle``: his own count or a number; the book does not say how they
refresh, §2.19), whatever he spent in his last battle. A member's rank (mercenary, sergeant
or lieutenant) is his fighter's ``rank``: a commander, who can stop the flight of the
panicked (§2.13). Pure.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaign.ledger.fold import fought_in
from campaign.ledger.state import CampaignState, Soldier
from campaign.systems.mercenaries.house_rules import starting_bennies
from rules.core.errors import RuleError, gettext_noop
from rules.core.summary import UNCHECKED, WOUNDED
from rules.mercenaries import options as readings
from rules.mercenaries.battle_setup import TRAITS
from rules.mercenaries.manoeuvres import IMPROVISED

#: The book's own weapon profiles (§2.27: improvised weapons, Str + a die in melee), by the
#: name a member's weapon gives; every other weapon is a row of the campaign's table.
BOOK_WEAPONS = {f"improvised weapon ({size})": size for size in IMPROVISED}


def _improvised(soldier: Soldier, name: str, attribute: str) -> dict:
    """§2.27: an improvised weapon in melee does Strength + its die; thrown (Str + die at
    range) is not what this battle's ranged attack rolls, and the book does not say what a
    wielder below its minimum Strength suffers: both refused."""
    short, medium, long, die, min_strength = IMPROVISED[BOOK_WEAPONS[name]]
    if attribute == "weapon":
        raise RuleError(
            "not_implemented",
            template=gettext_noop("{soldier}: an improvised weapon is a melee weapon here; "
                                  "thrown, it does Strength + a die at range, which this "
                                  "battle does not roll (§2.27)"),
            params={"soldier": soldier.name}, field="attributes.weapon", rule="§2.27")
    strength = int(str(soldier.attributes.get("strength") or "d0").removeprefix("d"))
    if strength < min_strength:
        raise RuleError(
            "not_implemented",
            template=gettext_noop("{soldier}'s Strength d{strength} is below the {weapon}'s "
                                  "minimum d{minimum} (§2.27): the book does not say what "
                                  "that costs"),
            params={"soldier": soldier.name, "strength": strength, "weapon": name,
                    "minimum": min_strength},
            field="attributes.melee_weapon", rule="§2.27")
    return {"name": name, "damage": [1, die, 0]}


def side_id(force_id: int) -> str:
    return f"force-{force_id}"


def ref_of(ident: str, kind: str) -> int | None:
    prefix = f"{kind}-"
    rest = ident.removeprefix(prefix) if ident.startswith(prefix) else ""
    return int(rest) if rest.isdigit() else None


def check_battle_options(options: Mapping) -> dict:
    """The club's readings of rules the text leaves open (``rules.mercenaries.options``):
    only those that differ from the defaults are kept."""
    parsed = readings.parse(dict(options)).to_json()
    default = readings.DEFAULT_OPTIONS.to_json()
    return {k: v for k, v in parsed.items() if v != default[k]}


def _cells(scenario_attributes: Mapping[str, Any]) -> list[dict]:
    """The map's terrain lines (``"x,y": 1 | 2 | 4 | "building" | "jungle"``) as the
    setup's cells (§3.1: buildings and jungle give +4)."""
    out = []
    for key, value in (scenario_attributes.get("terrain") or {}).items():
        parts = str(key).replace(" ", "").split(",")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise RuleError("bad_attribute",
                            template=gettext_noop("terrain: {cell!r} is not a cell x,y"),
                            params={"cell": key}, field=f"attributes.terrain.{key}")
        kind = str(value)
        if kind not in ("1", "2", "4", "building", "jungle"):
            raise RuleError("bad_attribute",
                            template=gettext_noop("terrain {cell}: {value!r} is not 1, 2, 4, "
                                                  "building or jungle (§3.1)"),
                            params={"cell": key, "value": value},
                            field=f"attributes.terrain.{key}")
        cover = 4 if not kind.isdigit() else int(kind)
        out.append({"cell": [int(parts[0]), int(parts[1])], "cover": cover,
                    "building": kind == "building", "jungle": kind == "jungle"})
    return out


def terrain_cells(scenario_attributes: Mapping[str, Any]) -> list[dict]:
    """The setup's ``map.cells`` of the scenario's terrain."""
    return _cells(scenario_attributes)


def _deploy(edge: str, n: int, width: int, height: int) -> list[int]:
    """The cell of the n-th squad on ``edge``: the squads two cells apart along it."""
    along = height if edge in ("west", "east") else width
    at = min(2 * n, along - 1)
    return {"west": [0, at], "east": [width - 1, at], "north": [at, 0],
            "south": [at, height - 1]}[edge]


def _weapon(state: CampaignState, soldier: Soldier, attribute: str) -> dict | None:
    name = soldier.attributes.get(attribute)
    if not name:
        return None
    if name in BOOK_WEAPONS:
        return _improvised(soldier, name, attribute)
    profile = state.house_rules.weapons.get(name)
    if profile is None:
        template = (gettext_noop("the campaign's weapon table has no row {weapon!r} "
                                 "({soldier}'s firearm): the source lost the book's weapon "
                                 "table (§0), the organizer gives it in the house rules' "
                                 "weapons") if attribute == "weapon" else
                    gettext_noop("the campaign's weapon table has no row {weapon!r} "
                                 "({soldier}'s melee weapon): the source lost the book's "
                                 "weapon table (§0), the organizer gives it in the house "
                                 "rules' weapons"))
        raise RuleError("missing_table", template=template,
                        params={"weapon": name, "soldier": soldier.name},
                        field=f"house_rules.weapons.{name}")
    return {"name": name, **profile}


def _fighter(state: CampaignState, soldier: Soldier, cell: list[int]) -> dict:
    a = soldier.attributes
    kind = a["kind"]
    traits = {}
    for trait in TRAITS[kind]:
        die = a.get(trait)
        if die is None:
            raise RuleError("bad_attribute",
                            template=gettext_noop("{soldier} has no {trait} (an {kind} needs "
                                                  "it, §2.10)"),
                            params={"soldier": soldier.name, "trait": trait, "kind": kind},
                            field=f"attributes.{trait}")
        traits[trait] = int(die.removeprefix("d"))
    out = {"name": soldier.name, "kind": kind, "cell": cell, "traits": traits,
           "toughness": a["toughness"], "armour": a.get("armour") or 0, "parry": a["parry"],
           "weapon": _weapon(state, soldier, "weapon"),
           "melee_weapon": _weapon(state, soldier, "melee_weapon")}
    if a.get("defence") is not None:
        out["defence"] = a["defence"]
    if a.get("rank"):  # a commander, who can stop the flight of the panicked (§2.13)
        out["rank"] = a["rank"]
    if kind == "wild_card":  # an Extra has none (§2.19)
        bennies = starting_bennies(state.house_rules, a.get("bennies"))
        if bennies is not None:
            out["bennies"] = bennies
    return out


def battle_setup(state: CampaignState, scenario_attributes: Mapping[str, Any],
                 sides: Sequence[Mapping[str, Any]]) -> dict:
    """The ``mercenaries`` setup of the scenario's map and ``sides`` (as ``plan_side``
    recorded them)."""
    width, height = scenario_attributes["width"], scenario_attributes["height"]
    out_sides = {}
    for side in sides:
        force = state.forces[side["force_id"]]
        squads = {}
        for n, pick in enumerate(side["squads"]):
            squad = state.squads[pick["squad_id"]]
            cell = _deploy(side["edge"], n, width, height)
            squads[f"squad-{squad.id}"] = {"name": squad.name, "fighters": {
                f"soldier-{s}": _fighter(state, state.soldiers[s], cell)
                for s in pick["soldier_ids"]}}
        out_sides[side["side"]] = {"name": force.name, "squads": squads}
    setup = {"map": {"width": width, "height": height,
                     "light": scenario_attributes.get("light") or "normal",
                     "cells": _cells(scenario_attributes)},
             "first_side": sides[0]["side"], "sides": out_sides}
    if state.battle_options:
        setup["options"] = dict(state.battle_options)
    return setup


def take_over(*, state: CampaignState, scenario_id: int, battle_id: int,
              result: Mapping[str, str], summary, log_effects: Sequence[Mapping], roll):
    """The ``battle.result_taken_over`` event: every fighter the battle hurt (§2.11) is a
    ``wounded`` casualty with his wounds and condition in ``extra["wounds"]``, settled by the
    house rules (``fold.settle_casualty``); a killed or captured one (none in 0.1's play) as
    the summary says. Squads report their end status."""
    from campaign.ledger.events import BattleResultTakenOver

    in_battle = fought_in(state.scenarios[scenario_id])
    casualties, wounds = [], {}
    for figure in summary.figures:
        soldier_id = ref_of(figure.figure, "soldier")
        if soldier_id not in in_battle:
            continue
        if figure.outcome in (WOUNDED, UNCHECKED):
            casualties.append({"soldier_id": soldier_id, "outcome": "wounded"})
            wounds[str(soldier_id)] = {"wounds": int(figure.details.get("wounds", 1)),
                                       "condition": figure.details.get("condition",
                                                                       "fighting")}
        elif figure.outcome == "killed":
            casualties.append({"soldier_id": soldier_id, "outcome": "killed"})
        elif figure.outcome == "captured":
            casualties.append({"soldier_id": soldier_id, "outcome": "prisoner",
                               "captured_by_force_id": ref_of(figure.captured_by or "",
                                                              "force")})
    results = [{"force_id": ref_of(side, "force"), "result": outcome}
               for side, outcome in (result or {}).items() if ref_of(side, "force")]
    units = [{"squad_id": ref_of(u.unit, "squad"), "unit": u.unit, "end_status": u.text,
              **dict(u.status)}
             for u in summary.units if ref_of(u.unit, "squad") is not None]
    return BattleResultTakenOver(scenario_id=scenario_id, battle_id=battle_id,
                                 results=results, casualties=casualties, units=units,
                                 extra={"wounds": wounds})
