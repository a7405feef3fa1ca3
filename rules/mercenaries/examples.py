"""Setups the contract suite plays Mercenaries from, and the odds it checks."""

from __future__ import annotations

from typing import Any

from rules.core.facts import declare, dice


def _fighter(name: str, kind: str, cell: list[int], **extra: Any) -> dict:
    fighter = {
        "name": name, "kind": kind, "cell": cell,
        "traits": {"agility": 6, "spirit": 6, "strength": 6, "vigor": 6, "fighting": 6,
                   "shooting": 8, "base_skill": 6, "notice": 6},
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
            "m1": _fighter("Sgt. Rourke", "wild_card", [1, 2], bennies=2, rank="sergeant"),
            "m2": _fighter("Diaz", "extra", [1, 3]),
        }}}},
        "junta": {"name": "Junta patrol", "squads": {"patrol": {"name": "Patrol", "fighters": {
            "j1": _fighter("Lt. Moreno", "wild_card", [5, 2], toughness=6, rank="lieutenant"),
            "j2": _fighter("Private Ruiz", "extra", [5, 3]),
            "j3": _fighter("Private Vega", "extra", [1, 3], weapon=None, melee_weapon=None),
        }}}},
    },
}

#: The same clearing played under the other readings (``rules.mercenaries.options``).
CLEARING_OTHER_READINGS = {**CLEARING, "options": {
    "hit_test": "exceed", "wound_on_shaken": "extra_wound", "jungle_action": False,
    "dice_explode": False, "twice_long": "maximum", "reaction_half": "round_down",
    "scope": "literal", "suppression_hits": "every_success", "suppression_one": "trait_die",
    "disarm_raise": "over_defence", "optics_close": "useless", "reload_walk": True,
    "spotter_reach": "impact", "panic_flight": "most_numerous", "panic_rally": "succeeds",
    "panic_commander": "wild_card"}}

#: A road crossing at close quarters, where held attacks, aiming and bennies come into play
#: often (§2.20, §2.26): both sides' Wild Cards have bennies.
CROSSING = {
    "map": {"width": 4, "height": 3, "light": "normal", "cells": [{"cell": [2, 1], "cover": 1}]},
    "first_side": "mercs",
    "sides": {
        "mercs": {"name": "Mercenaries", "squads": {"alpha": {"name": "Alpha team", "fighters": {
            "m1": _fighter("Sgt. Rourke", "wild_card", [0, 1], bennies=3),
            "m2": _fighter("Diaz", "extra", [0, 2]),
        }}}},
        "junta": {"name": "Junta patrol", "squads": {"patrol": {"name": "Patrol", "fighters": {
            "j1": _fighter("Lt. Moreno", "wild_card", [3, 1], bennies=2),
            "j2": _fighter("Private Ruiz", "extra", [3, 0]),
        }}}},
    },
}

#: a village at dusk (§2.15-§2.16, §2.21-§2.25): a machine gun, a mortar and grenades
#: against a squad in and around a building.
VILLAGE = {
    "map": {"width": 10, "height": 8, "light": "dim", "cells": [
        {"cell": [6, 4], "cover": 4, "building": True}, {"cell": [5, 2], "cover": 1},
        {"cell": [4, 4], "cover": 2}, {"cell": [7, 6], "cover": 2},
        {"cell": [1, 6], "cover": 4, "jungle": True}, {"cell": [1, 5], "cover": 4,
                                                        "jungle": True},
    ]},
    "first_side": "mercs",
    "sides": {
        "mercs": {"name": "Mercenaries", "squads": {"bravo": {"name": "Bravo team", "fighters": {
            "g1": _fighter("Gunner Kowalski", "wild_card", [1, 3], rock_and_roll=True, weapon={
                "name": "machine gun", "damage": [2, 8, 1], "ap": 2, "range": [8, 16, 32],
                "rof": 4, "sustained": True}),
            "g2": _fighter("Okafor", "extra", [2, 4], grenades={"count": 2, "profile": {
                "name": "frag grenade", "damage": [3, 6, 0], "range": [2, 4, 8]}}),
            "g3": _fighter("Mortarman Lind", "extra", [0, 6], weapon={
                "name": "light mortar", "damage": [3, 6, 0], "ap": 0, "range": [6, 12, 24],
                "area": [2, 2], "indirect": True, "rate": [1, 3], "crew": 2}),
            "g4": _fighter("Loader Mbeki", "extra", [0, 6], weapon=None),
            "g5": _fighter("Scout Halloran", "extra", [4, 6], weapon=None),
        }}}},
        "junta": {"name": "Village militia", "squads": {"militia": {
            "name": "Militia", "fighters": {
                "v1": _fighter("Capitán Ortega", "wild_card", [6, 4]),
                "v2": _fighter("Militiaman Soto", "extra", [6, 4]),
                "v3": _fighter("Militiaman Cruz", "extra", [5, 3]),
                "v4": _fighter("Militiaman Ibarra", "extra", [7, 5], weapon={
                    "name": "submachine gun", "damage": [2, 6, 0], "ap": 0,
                    "range": [4, 8, 16], "rof": 3}),
            }}}},
    },
}

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

#: The clearing with a pistol in the sergeant's other hand (§2.27 two weapons).
CLEARING_TWO_GUNS = {**CLEARING, "sides": {**CLEARING["sides"], "mercs": {
    "name": "Mercenaries", "squads": {"alpha": {"name": "Alpha team", "fighters": {
        **CLEARING["sides"]["mercs"]["squads"]["alpha"]["fighters"],
        "m1": _fighter("Sgt. Rourke", "wild_card", [1, 2], bennies=2, off_hand={
            "name": "pistol", "damage": [2, 6, 0], "range": [2, 8, 16], "ap": 1}),
    }}}}}}

SETUPS = {"clearing": CLEARING, "clearing, other readings": CLEARING_OTHER_READINGS,
          "crossing": CROSSING, "village": VILLAGE,
          "ambush at dusk": AMBUSH}

#: the mortar's first shot at the unseen square (-6, the spotter cannot help) lands two
#: cells off in an empty cell; two rounds later (1/3 with a crew of two) it fires again.
_MORTAR_AGAIN = {"action": "lobbed_attack", "unit": "g3",
                 "params": {"with": "weapon", "at": "7,5", "spotter": "g5"}}
_FIRST_MORTAR_SHOT = (
    declare("lobbed_attack", "g3", _MORTAR_AGAIN["params"]), dice({"area.trait": [1]}),
    dice({"area.deviation": [3]}), dice({"area.direction": [12]}),
    *(declare("end_turn", None, {}) for _ in range(4)),
)

ODDS_CASES = (
    ("a rifle shot that must exceed Defence, no dice exploding", CLEARING_OTHER_READINGS,
     {"action": "shoot", "unit": "m1", "params": {"target": "j2"}}),
    ("a rifle shot across the clearing", CLEARING,
     {"action": "shoot", "unit": "m1", "params": {"target": "j2"}}),
    ("an Extra's machete in melee", CLEARING,
     {"action": "fight", "unit": "m2", "params": {"target": "j3"}}),
    ("a shot aimed the turn before, a miss re-rolled for a benny", CROSSING,
     {"action": "shoot", "unit": "m1", "params": {"target": "j1"}},
     (declare("aim", "m1", {"target": "j1"}), declare("end_turn"), declare("end_turn"),
      declare("benny_orders", "m1", {"reroll_on_miss": True}))),
    # fire in play (play_fire, play_area)
    ("a Wild Card's machine-gun burst at two militiamen", VILLAGE,
     {"action": "auto_fire", "unit": "g1", "params": {"targets": ["v3", "v4", "v4"]}}),
    ("an Extra's rifle burst at one militiaman", CLEARING,
     {"action": "auto_fire", "unit": "m2", "params": {"targets": ["j2"]}}),
    ("a machine gun suppressing two cells", VILLAGE,
     {"action": "suppressive_fire", "unit": "g1",
      "params": {"cells": ["5,3", "6,4", "6,4", "5,3"]}}),
    ("a grenade thrown into a building", VILLAGE,
     {"action": "area_attack", "unit": "g2", "params": {"with": "grenade", "at": "6,4"}}),
    ("a mortar lobbing at a militiaman", VILLAGE,
     {"action": "lobbed_attack", "unit": "g3", "params": {"with": "weapon", "at": "7,5"}}),
    ("a mortar's second shot at an unseen square, a spotter directing it", VILLAGE,
     _MORTAR_AGAIN, _FIRST_MORTAR_SHOT),
    ("a grapple in one cell", AMBUSH,
     {"action": "grapple", "unit": "m2", "params": {"target": "j1"}}),
    ("a pistol shot with the other hand after the rifle's", CLEARING_TWO_GUNS,
     {"action": "off_hand_shot", "unit": "m1", "params": {"target": "j2"}},
     (declare("shoot", "m1", {"target": "j2"}),
      dice({"attack.trait": [1], "attack.wild": [1]}))),
    ("a search with binoculars at dusk", AMBUSH,
     {"action": "search", "unit": "j1", "params": {"target": "m1"}},
     (declare("end_turn"),)),
)


def outcome_of(before, command, effects, after) -> str:
    """The odds outcome a played attack came to."""
    action = command["action"]
    if action == "auto_fire":
        return sum(e.kind == "hit" for e in effects)
    if action == "suppressive_fire":
        return len({e.data["cell"] for e in effects if e.kind == "suppress_success"})
    if action in ("area_attack", "lobbed_attack"):
        from rules.mercenaries.play_area import outcome_of as landed
        return landed(effects)
    if command["action"] == "grapple":
        return "success" if any(e.kind == "grappled" for e in effects) else "failure"
    if command["action"] == "search":
        return ("spotted" if any(e.kind == "spotted" for e in effects) else "not spotted")
    return "hit" if any(e.kind == "hit" for e in effects) else "miss"

#: A patrol at dusk (§2.17-§2.18): a hidden scout in the brush, and a patrol whose three
#: Extras roll Notice at him as a group when he moves or shoots, their lieutenant alone.
PATROL = {
    "map": {"width": 16, "height": 3, "light": "dim", "cells": [
        {"cell": [0, 1], "cover": 2}, {"cell": [1, 1], "cover": 2}, {"cell": [1, 0], "cover": 2},
    ]},
    "first_side": "mercs",
    "sides": {
        "mercs": {"name": "Mercenaries", "squads": {"scouts": {"name": "Scouts", "fighters": {
            "m1": _fighter("Diaz", "extra", [0, 1], hidden=True, traits={
                **_fighter("", "extra", [0, 0])["traits"], "stealth": 6}),
        }}}},
        "junta": {"name": "Junta patrol", "squads": {"patrol": {"name": "2nd squad", "fighters": {
            "j1": _fighter("Lt. Moreno", "wild_card", [6, 1], bennies=1),
            "j2": _fighter("Private Ruiz", "extra", [6, 0]),
            "j3": _fighter("Private Soto", "extra", [6, 2]),
            "j4": _fighter("Private Vega", "extra", [12, 1]),
        }}}},
    },
}
SETUPS["patrol at dusk"] = PATROL
