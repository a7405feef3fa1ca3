"""Setups the contract suite plays Mercenaries from, and the odds it checks."""

from __future__ import annotations

from typing import Any

from rules.core.facts import declare


def _fighter(name: str, kind: str, cell: list[int], **extra: Any) -> dict:
    fighter = {
        "name": name, "kind": kind, "cell": cell,
        "traits": {"agility": 6, "spirit": 6, "strength": 6, "vigor": 6, "fighting": 6,
                   "shooting": 8, "base_skill": 6},
        "toughness": 5, "armour": 1, "parry": 5,
        "weapon": {"name": "assault rifle", "damage": [2, 8, 0], "ap": 2,
                   "range": [6, 12, 24], "rof": 3},
        "melee_weapon": {"name": "machete", "damage": [1, 6, 0]},
    }
    if kind == "extra":
        del fighter["traits"]["spirit"]
    fighter.update(extra)
    return fighter


#: A jungle clearing: the mercenaries in the open, the junta's patrol at the treeline.
CLEARING = {
    "map": {"width": 8, "height": 6, "light": "normal", "cells": [
        {"cell": [4, 2], "cover": 2}, {"cell": [4, 3], "cover": 2},
        {"cell": [6, 1], "cover": 4, "jungle": True}, {"cell": [6, 4], "cover": 4,
                                                        "building": True},
    ]},
    "first_side": "mercs",
    "sides": {
        "mercs": {"name": "Mercenaries", "squads": {"alpha": {"name": "Alpha team", "fighters": {
            "m1": _fighter("Sgt. Rourke", "wild_card", [1, 2], bennies=2),
            "m2": _fighter("Diaz", "extra", [1, 3]),
        }}}},
        "junta": {"name": "Junta patrol", "squads": {"patrol": {"name": "Patrol", "fighters": {
            "j1": _fighter("Lt. Moreno", "wild_card", [5, 2], toughness=6),
            "j2": _fighter("Private Ruiz", "extra", [5, 3]),
            "j3": _fighter("Private Vega", "extra", [1, 3], weapon=None, melee_weapon=None),
        }}}},
    },
}

#: The same clearing played under the other readings (``rules.mercenaries.options``).
CLEARING_OTHER_READINGS = {**CLEARING, "options": {
    "hit_test": "exceed", "wound_on_shaken": "extra_wound", "jungle_action": False,
    "dice_explode": False, "twice_long": "maximum"}}

#: An ambush at dusk (§2.17, §2.27): a hidden scout in the woods, a melee in one cell, and
#: the traits that stealth, detection, tricks and tests of will roll.
_SKILLS = {"stealth": 8, "notice": 6, "smarts": 6, "intimidation": 6, "taunt": 6}
AMBUSH = {
    "map": {"width": 6, "height": 5, "light": "dim", "cells": [
        {"cell": [1, 1], "cover": 2}, {"cell": [2, 1], "cover": 1},
        {"cell": [4, 3], "cover": 4, "building": True},
    ]},
    "first_side": "mercs",
    "sides": {
        "mercs": {"name": "Mercenaries", "squads": {"scouts": {"name": "Scouts", "fighters": {
            "m1": _fighter("Sgt. Rourke", "wild_card", [1, 1], bennies=1, hidden=True,
                           optics=True, weapon={"name": "assault rifle", "damage": [2, 8, 0],
                                                "ap": 2, "range": [6, 12, 24], "rof": 3,
                                                "semi_auto": True, "short_burst": True},
                           traits={**_fighter("", "wild_card", [0, 0])["traits"],
                                   **_SKILLS}),
            "m2": _fighter("Diaz", "extra", [3, 2], traits={
                **_fighter("", "extra", [0, 0])["traits"], "stealth": 6}),
        }}}},
        "junta": {"name": "Junta patrol", "squads": {"patrol": {"name": "Patrol", "fighters": {
            "j1": _fighter("Lt. Moreno", "wild_card", [3, 2], bennies=1,
                           traits={**_fighter("", "wild_card", [0, 0])["traits"],
                                   **_SKILLS}),
            "j2": _fighter("Private Ruiz", "extra", [3, 3]),
        }}}},
    },
}

SETUPS = {"clearing": CLEARING, "clearing, other readings": CLEARING_OTHER_READINGS,
          "ambush at dusk": AMBUSH}

ODDS_CASES = (
    ("a rifle shot that must exceed Defence, no dice exploding", CLEARING_OTHER_READINGS,
     {"action": "shoot", "unit": "m1", "params": {"target": "j2"}}),
    ("a rifle shot across the clearing", CLEARING,
     {"action": "shoot", "unit": "m1", "params": {"target": "j2"}}),
    ("an Extra's machete in melee", CLEARING,
     {"action": "fight", "unit": "m2", "params": {"target": "j3"}}),
    ("a grapple in one cell", AMBUSH,
     {"action": "grapple", "unit": "m2", "params": {"target": "j1"}}),
    ("a search with binoculars at dusk", AMBUSH,
     {"action": "search", "unit": "j1", "params": {"target": "m1"}},
     (declare("end_turn"),)),
)


def outcome_of(before, command, effects, after) -> str:
    """The odds outcome a played attack came to."""
    if command["action"] == "grapple":
        return "success" if any(e.kind == "grappled" for e in effects) else "failure"
    if command["action"] == "search":
        return ("spotted" if any(e.kind == "spotted" for e in effects) else "not spotted")
    return "hit" if any(e.kind == "hit" for e in effects) else "miss"
