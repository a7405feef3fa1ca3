"""Melee through the fold (digest §2.10; worked examples #14-#17): the charge, its test and
move, the defender's free shot, the tests at contact, pairing, melee dice, the morale tests
after the round, a melee that goes on, and the fates of the fallen."""

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DecisionNeeded, DiceNeeded
from rules.steelwar.summary import summarize
from tests.rules.steelwar.fold_support import SYSTEM, Table, setup, squad

# --- squads -----------------------------------------------------------------------------------


def keno_guard(n: int, squad_id="keno.g", **extra) -> dict:
    """The Keno Guard: regulars (d8), fearsome as a whole (§2.10)."""
    return squad(squad_id, "Keno Guard", "regular", 2,
                 [{"weapon": "automat", "count": n}], keno_guard=True, **extra)


def androids(n: int, squad_id="steel.a", **extra) -> dict:
    return squad(squad_id, "androids", "regular", 2,
                 [{"kind": "android", "weapon": "automat", "count": n}], **extra)


def riflemen(n: int, squad_id="steel.r", quality="regular", leadership=2, **extra) -> dict:
    return squad(squad_id, "riflemen", quality, leadership,
                 [{"weapon": "rifle", "count": n}], **extra)


def partisans(n: int, squad_id="keno.p", **extra) -> dict:
    return squad(squad_id, "partisans", "recruit", 1, [{"weapon": "rifle", "count": n}], **extra)


def table(steel: list, keno: list, **kw) -> Table:
    return Table(setup(steel=steel, keno=keno, **kw))


# --- driving -----------------------------------------------------------------------------------


def keys(t: Table) -> dict[str, int]:
    return {r.key: r.sides for r in t.pending().requests}


def last(t: Table, kind: str):
    return [e for e in t.effects if e.kind == kind][-1]


def fig(t: Table, squad_id: str, figure_id: str):
    return t.figure(squad_id, figure_id)


def charge(t: Table, attacker: str, target: str, *, test=8, move=(3, 3), distance=4,
           **params):
    """Activate ``attacker``, declare the charge, roll its test and its move."""
    t.activate(attacker)
    t.declare("charge", attacker, target=target, distance=distance, **params)
    t.roll({"charge.quality": test})
    t.roll({"charge.move": list(move)})


def melee_rolls(t: Table, attackers: dict, defenders: dict):
    rolls = {f"melee.attacker.{k}": v for k, v in attackers.items()}
    rolls |= {f"melee.defender.{k}": v for k, v in defenders.items()}
    return t.roll(rolls)


def rolls_for(t: Table, value):
    """Every pending die at ``value`` (capped at the die)."""
    return t.roll({r.key: [min(value, r.sides)] * r.count for r in t.pending().requests})


# --- §4 #14: the charge test ----------------------------------------------------------------------


def test_example_14_a_steady_squad_with_leadership_2_needs_more_than_3():
    t = table([riflemen(4)], [partisans(3)])
    t.activate("steel.r")
    t.declare("charge", "steel.r", target="keno.p", distance=5)
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.unit) == ("charge.quality", 8, "steel.r")
    assert "charge test" in req.label and "§2.10" in req.label
    before = t.state
    t.roll({"charge.quality": 4})
    assert keys(t) == {"charge.move": 6}
    assert t.pending().requests[0].count == 2
    t.state = before
    t.roll({"charge.quality": 3})
    test = last(t, "charge_test")
    assert test.data == {"roll": 3, "die": 8, "threshold": 3, "passed": False,
                         "action": "attack partisans", "rule": "§2.10"}
    assert isinstance(t.pending(), AwaitingCommand)
    assert t.state.activation.actions_used == 2  # the whole activation is lost
    assert "charge" in t.squad("steel.r").failed_reactions
    assert t.kinds()[-1] == "charge_refused"


def test_example_14_odds_of_the_charge_test_are_exact():
    t = table([riflemen(4, quality="recruit")], [partisans(3)])
    t.activate("steel.r")
    odds = SYSTEM.odds(t.state, {"action": "charge", "unit": "steel.r",
                                 "params": {"target": "keno.p", "distance": 5}})
    assert odds[True] == Fraction(1, 2)  # d6 > 2 + 1 (Steady)


def test_confident_charges_at_threat_0_and_shaken_at_3():
    t = table([riflemen(4, morale="confident")], [partisans(3)], steel_fatigue="fresh")
    t.activate("steel.r")
    t.declare("charge", "steel.r", target="keno.p", distance=5)
    t.roll({"charge.quality": 3})
    assert last(t, "charge_test").data["threshold"] == 2
    t = table([riflemen(4, morale="shaken")], [partisans(3)])
    t.activate("steel.r")
    t.declare("charge", "steel.r", target="keno.p", distance=5)
    t.roll({"charge.quality": 5})
    assert last(t, "charge_test").data == {"roll": 5, "die": 8, "threshold": 5,
                                           "passed": False, "action": "attack partisans",
                                           "rule": "§2.10"}


# --- the charge move -------------------------------------------------------------------------------


def test_the_charge_move_is_2d6_divided_by_terrain_and_connects_within_2_inches():
    t = table([riflemen(4)], [partisans(3)])
    charge(t, "steel.r", "keno.p", distance=6, terrain="forest", move=(4, 5))  # 9 // 2 = 4
    moved = last(t, "charge_moved")
    assert moved.data["allowance"] == 4 and moved.data["remaining"] == 2
    assert moved.data["contact"] is True
    assert keys(t) == {"morale.quality": 6}  # the partisans' test at contact


def test_an_impassable_charge_is_refused():
    t = table([riflemen(4)], [partisans(3)])
    t.activate("steel.r")
    err = t.refused(declare("charge", "steel.r", {"target": "keno.p", "distance": 3,
                                                  "terrain": "deep_water"}), "action_forbidden")
    assert "§2.1" in err.message


def test_a_prone_squad_first_passes_its_reaction_test_to_move():
    t = table([riflemen(4, prone=True)], [partisans(3)])
    t.activate("steel.r")
    t.declare("charge", "steel.r", target="keno.p", distance=3)
    assert keys(t) == {"reaction.move_while_prone": 8}
    t.roll({"reaction.move_while_prone": 5})  # 5 > 2 + 2
    assert keys(t) == {"charge.quality": 8}


# --- §2.10 step 2b: the charge falls short --------------------------------------------------------


def short_charge(**kw) -> Table:
    t = table([riflemen(6)], [partisans(4)], **kw)
    charge(t, "steel.r", "keno.p", distance=10, move=(1, 1))
    assert last(t, "charge_moved").data == {"target": "keno.p", "rolls": [1, 1],
                                            "allowance": 2, "remaining": 8, "contact": False}
    return t


def test_falling_short_gives_the_defender_a_free_shot_that_may_be_declined():
    t = short_charge()
    pending = t.pending()
    assert isinstance(pending, DecisionNeeded)
    assert pending.key == "charge.free_fire" and pending.unit == "keno.p"
    assert pending.multiple and pending.at_least == 0
    assert [o.value for o in pending.options] == ["1", "2", "3", "4"]
    t.decide("charge.free_fire", [])
    assert last(t, "no_free_shot").data == {"attacker": "steel.r"}
    # no casualties: the second combat move without a test (PROPOSED)
    assert keys(t) == {"charge.second_move": 6}
    t.roll({"charge.second_move": [2, 2]})
    failed = last(t, "charge_failed")
    assert failed.data == {"target": "keno.p", "back_to_start": False}
    assert isinstance(t.pending(), AwaitingCommand)


def test_without_casualties_the_house_rule_may_end_the_charge():
    t = short_charge(options={"charge_short_no_casualties": "charge_fails"})
    t.decide("charge.free_fire", [])
    assert t.kinds()[-1] == "charge_failed"
    assert isinstance(t.pending(), AwaitingCommand)


def free_shot_kills_one(t: Table):
    """The partisans' three rifles fire: 6 and 4 beat a 1, two potential hits; the first kills
    rifleman 1, the second does nothing."""
    t.decide("charge.free_fire", ["1", "2", "3"])
    assert keys(t) == {"shooter.quality": 6, "shooter.rof": 4, "target.range": 6}
    t.roll({"shooter.quality": 6, "shooter.rof": 4, "target.range": 1})
    t.roll({"hit.1.figure": 1})
    t.roll({"hit.2.figure": 1})
    t.roll({"hit.1.power": 10, "hit.1.armour": 1, "hit.2.power": 1, "hit.2.armour": 4})
    assert fig(t, "steel.r", "1").status == "killed"


def test_the_free_shot_cannot_suppress_and_its_casualties_force_a_new_test():
    t = short_charge()
    free_shot_kills_one(t)
    assert t.squad("steel.r").suppression == 0  # only hits count
    assert "suppressed" not in t.kinds()
    # the casualties from fire bring the fire's own morale test first (§2.12)...
    assert keys(t) == {"morale.quality": 8}
    t.roll({"morale.quality": 8})
    # ... then the charge test again: more than leadership 2 + 1 casualty
    assert keys(t) == {"charge.retest": 8}
    t.roll({"charge.retest": 4})
    assert last(t, "charge_test").data["threshold"] == 3
    assert keys(t) == {"charge.second_move": 6}


def test_failing_the_test_after_the_free_shot_means_a_marker_and_back_to_the_start():
    t = table([riflemen(6, cover="light")], [partisans(4)])
    charge(t, "steel.r", "keno.p", distance=10, move=(1, 1))
    assert t.squad("steel.r").cover == "none"
    free_shot_kills_one(t)
    t.roll({"morale.quality": 8})
    t.roll({"charge.retest": 3})
    attackers = t.squad("steel.r")
    assert attackers.suppression == 1 and not attackers.ever_suppressed
    assert attackers.cover == "light"  # back at the starting position
    assert last(t, "charge_failed").data["back_to_start"] is True
    assert isinstance(t.pending(), AwaitingCommand)


def test_a_free_shot_with_one_beating_die_does_nothing():
    t = short_charge()
    t.decide("charge.free_fire", ["1"])
    t.roll({"shooter.quality": 6, "shooter.rof": 1, "target.range": 3})
    assert last(t, "fire_result").data["outcome"] == "suppress"
    assert t.squad("steel.r").suppression == 0
    assert keys(t) == {"charge.second_move": 6}


def test_a_suppressed_defender_takes_no_free_shot():
    t = table([riflemen(6)], [partisans(4, )])
    i = t.state.index["keno.p"]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(suppression=1))
    charge(t, "steel.r", "keno.p", distance=10, move=(1, 1))
    assert "§2.7" in last(t, "no_free_shot").text
    assert keys(t) == {"charge.second_move": 6}


def test_a_free_shot_out_of_range_is_refused_and_may_be_chosen_again():
    t = table([riflemen(6)], [squad("keno.s", "SMG men", "recruit", 1,
                                    [{"weapon": "smg", "count": 3}])])
    charge(t, "steel.r", "keno.s", distance=12, move=(1, 1))
    before = t.json()
    with pytest.raises(RuleError) as err:  # 10" is zone 2 for the recruits' d6
        t.apply(decide("charge.free_fire", ["1"]))
    assert "§2.4" in err.value.message and t.json() == before
    t.decide("charge.free_fire", [])


def test_weapons_the_attackers_fired_this_activation_do_not_block_the_defenders_free_shot():
    t = table([riflemen(6)], [partisans(4)])
    t.activate("steel.r")
    t.declare("fire", "steel.r", target="keno.p", weapons=["1"], distance=12)
    rolls_for(t, 1)  # no effect
    while isinstance(t.pending(), DiceNeeded):
        rolls_for(t, 6)  # recruits first fired upon keep their nerve (§2.14)
    t.declare("charge", "steel.r", target="keno.p", distance=10)
    t.roll({"charge.quality": 8})
    t.roll({"charge.move": [1, 1]})
    t.decide("charge.free_fire", ["1"])  # the partisans' figure 1, not the riflemen's
    assert "shooter.quality" in keys(t)


# --- §2.10 step 3: contact -----------------------------------------------------------------------


def test_the_defender_that_fails_its_test_loses_morale_and_falls_back():
    t = table([riflemen(6)], [partisans(4)])
    charge(t, "steel.r", "keno.p", distance=4)
    contact = last(t, "melee_contact")
    assert contact.data["threat"] == 1 and contact.data["outnumbering"] == 1  # 6 against 4
    assert "charged by riflemen" in t.pending().requests[0].label
    t.roll({"morale.quality": 1})  # 1 <= (1 + 1) / 2: two grades
    partisans_now = t.squad("keno.p")
    assert partisans_now.morale == "broken"
    over = last(t, "melee_over")
    assert over.unit == "keno.p" and over.data == {"winner": "steel.r", "falls_back": True}
    assert "falls back 6\"" in over.text
    assert partisans_now.engaged_with is None and t.squad("steel.r").engaged_with is None
    assert isinstance(t.pending(), AwaitingCommand)


def test_fearsome_attackers_double_the_whole_threat_and_panic_regulars():
    t = table([riflemen(2)], [keno_guard(4)])
    charge(t, "keno.g", "steel.r", distance=3)
    # regulars charged by fearsome enemies take a panic test first (§2.14)
    assert keys(t) == {"panic.quality": 8}
    t.roll({"panic.quality": 8})
    contact = last(t, "melee_contact")
    assert contact.data["outnumbering"] == 2 and contact.data["fearsome"] is True
    assert contact.data["threat"] == 4  # 4 against 2: +2, doubled
    t.roll({"morale.quality": 6})
    assert last(t, "morale_test").data == {"roll": 6, "die": 8, "threshold": 6,
                                           "grades_lost": 1}


def test_fearsome_doubling_of_the_whole_threshold_is_a_house_rule():
    t = table([riflemen(2)], [keno_guard(4)],
              options={"fearsome_doubling": "threat_and_leadership"})
    charge(t, "keno.g", "steel.r", distance=3)
    t.roll({"panic.quality": 8})
    assert last(t, "melee_contact").data["threat"] == 6  # 2 x (2 + 2) - leadership 2


def test_riders_with_blades_count_twice_are_fearsome_and_fight_at_plus_2_on_easy_ground():
    riders = squad("steel.c", "cavalry", "regular", 2,
                   [{"weapon": "pistol", "mounted": True, "count": 2}],
                   movement_class="power_armour_cavalry", speed=12)
    t = table([riders], [partisans(3)])
    charge(t, "steel.c", "keno.p", distance=4, blades=True)
    contact = last(t, "melee_contact")
    assert contact.data["attackers"] == 4 and contact.data["outnumbering"] == 1
    assert contact.data["threat"] == 2
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    dice_ = keys(t)
    assert dice_["melee.attacker.1"] == 12  # d8 + pistol +1 + rider on open ground +2 = d12+
    assert dice_["melee.defender.1"] == 6


def test_a_routing_defender_surrenders_when_the_charge_reaches_it():
    t = table([riflemen(4)], [partisans(3, morale="routing")])
    charge(t, "steel.r", "keno.p", distance=3)
    squad_now = t.squad("keno.p")
    assert squad_now.presence == "surrendered"
    assert {f.status for f in squad_now.figures} == {"prisoner"}
    assert {f.captured_by for f in squad_now.figures} == {"steel"}
    assert isinstance(t.pending(), AwaitingCommand)


# --- §4 #15: pairing -------------------------------------------------------------------------------


def androids_reach_the_guard() -> Table:
    t = table([androids(3)], [keno_guard(5)])
    charge(t, "steel.a", "keno.g", distance=3)
    assert last(t, "melee_contact").data["threat"] == 0  # 3 against 5: no outnumbering
    t.roll({"morale.quality": 8})
    return t


def test_example_15_five_keno_guards_against_three_androids():
    t = androids_reach_the_guard()
    pending = t.pending()
    assert pending.key == "melee.pairs" and pending.multiple
    assert pending.options[0].value == "default"
    assert "1 vs 1, 2 vs 2, 3 vs 3, 1 vs 4, 2 vs 5" in pending.options[0].label
    assert len(pending.options) == 1 + 3 * 5
    # one guard per android leaves two guardsmen idle
    err = t.refused(decide("melee.pairs", ["1/1", "2/2", "3/3"]), "action_forbidden")
    assert err.rule == "§2.10" and "defender.4, defender.5" in err.message
    # the two spare guardsmen make a three-on-one
    t.decide("melee.pairs", ["1/1", "2/2", "3/3", "3/4", "3/5"])
    assert last(t, "melee_paired").data["pairs"] == [["1", "1"], ["2", "2"], ["3", "3"],
                                                     ["3", "4"], ["3", "5"]]
    assert sorted(keys(t)) == sorted(
        [f"melee.attacker.{n}" for n in "123"] + [f"melee.defender.{n}" for n in "12345"])


def test_the_default_pairing_is_the_first_option_and_cannot_be_mixed():
    t = androids_reach_the_guard()
    t.refused(decide("melee.pairs", ["default", "1/1"]), "bad_decision")
    t.decide("melee.pairs", ["default"])
    assert len(keys(t)) == 8


# --- §4 #16: the melee die -----------------------------------------------------------------------


def test_example_16_a_mirror_battalion_regular_with_koshmar_and_bayonet_rolls_d12():
    mirror = squad("steel.m", "Mirror battalion", "regular", 2,
                   [{"id": "m1", "weapon": "smg", "cold_weapon": True},
                    {"id": "m2", "weapon": "smg"}, {"id": "m3", "weapon": "automat"}])
    t = table([mirror], [partisans(3)])
    charge(t, "steel.m", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    dice_ = keys(t)
    assert dice_["melee.attacker.m1"] == 12  # d8 + SMG + bayonet
    assert dice_["melee.attacker.m2"] == 10
    assert dice_["melee.attacker.m3"] == 8
    request = next(r for r in t.pending().requests if r.key == "melee.attacker.m1")
    assert request.label == "Mirror battalion's rifleman (m1) melee die d12 (§2.10)"


# --- §4 #17: resolution ------------------------------------------------------------------------


def test_example_17_two_keno_guards_against_an_android():
    t = table([androids(1)], [keno_guard(2)])
    charge(t, "keno.g", "steel.a", distance=3)
    t.roll({"panic.quality": 8})  # regular androids charged by the fearsome Guard
    t.roll({"morale.quality": 8})  # threat 2 (two against one) doubled: 8 > 2 + 4
    t.decide("melee.pairs", ["default"])
    melee_rolls(t, {"1": 1, "2": 8}, {"1": 6})
    rolled = last(t, "melee_rolled")
    assert rolled.data["fallen"] == ["Keno Guard's rifleman (1)", "androids' rifleman (1)"]
    assert fig(t, "keno.g", "1").status == "lost_in_melee"
    assert fig(t, "steel.a", "1").status == "lost_in_melee"
    assert fig(t, "keno.g", "2").status == "ok"
    # the androids have nobody left in the fight: they lose without a test
    assert last(t, "melee_over").data == {"winner": "keno.g", "falls_back": False}
    assert keys(t) == {"fate.attacker.1": 6, "fate.defender.1": 6}
    t.roll({"fate.attacker.1": 5, "fate.defender.1": 3})
    assert fig(t, "keno.g", "1").status == "ok"  # the winner's unharmed return to the ranks
    android = fig(t, "steel.a", "1")
    assert (android.status, android.captured_by) == ("prisoner", "keno")


# --- a whole melee --------------------------------------------------------------------------------


def test_a_whole_melee_from_the_charge_to_the_prisoners():
    t = table([riflemen(6)], [partisans(4)])
    charge(t, "steel.r", "keno.p", distance=5, move=(2, 2))
    t.roll({"morale.quality": 5})  # 5 > 1 + 1
    t.decide("melee.pairs", ["default"])  # 1-1, 2-2, 3-3, 4-4, 5-1, 6-2
    mid = t.system.state_to_json(t.state)
    assert SYSTEM.state_from_json(json.loads(json.dumps(mid))) == t.state
    melee_rolls(t, {"1": 8, "2": 5, "3": 1, "4": 4, "5": 2, "6": 7},
                {"1": 3, "2": 5, "3": 6, "4": 4})
    # 4-4 tied with both standing: they roll again at once (options.melee_tie)
    assert keys(t) == {"melee.attacker.4": 8, "melee.defender.4": 6}
    melee_rolls(t, {"4": 6}, {"4": 2})
    # partisans lost 3, riflemen 2: the partisans test first at +3
    assert keys(t) == {"morale.quality": 6}
    t.roll({"morale.quality": 2})  # 2 <= 1 + 3, and 2 x 2 <= 4: two grades
    assert t.squad("keno.p").morale == "broken"
    assert last(t, "melee_over").data == {"winner": "steel.r", "falls_back": True}
    assert sorted(keys(t)) == ["fate.attacker.3", "fate.attacker.5", "fate.defender.1",
                               "fate.defender.2", "fate.defender.4"]
    t.roll({"fate.attacker.3": 1, "fate.attacker.5": 4, "fate.defender.1": 6,
            "fate.defender.2": 3, "fate.defender.4": 2})
    statuses = {f.id: (f.status, f.captured_by) for f in t.squad("steel.r").figures}
    assert statuses["3"] == ("killed", None)
    assert statuses["5"] == ("wounded_unchecked", None)  # the winner's wounded (PROPOSED)
    theirs = {f.id: (f.status, f.captured_by) for f in t.squad("keno.p").figures}
    assert theirs == {"1": ("prisoner", "steel"), "2": ("prisoner", "steel"),
                      "3": ("ok", None), "4": ("killed", None)}
    assert isinstance(t.pending(), AwaitingCommand)
    assert t.squad("steel.r").engaged_with is None
    summary = summarize(t.state)
    assert {(p.unit, p.figure, p.captured_by) for p in summary.prisoners} == {
        ("keno.p", "1", "steel"), ("keno.p", "2", "steel")}
    for s in t.system.state_to_json(t.state)["squads"]:
        assert len(json.dumps(s)) < 2048


def test_a_melee_in_which_neither_side_gives_way_goes_on_next_turn():
    t = table([riflemen(2)], [partisans(2)], options={"melee_tie": "next_turn"})
    charge(t, "steel.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    melee_rolls(t, {"1": 4, "2": 3}, {"1": 4, "2": 3})  # two ties: nobody falls
    t.roll({"morale.quality": 6})  # equal casualties: the defender first, at +0
    t.roll({"morale.quality": 8})  # then the attacker
    assert t.kinds()[-1] == "melee_goes_on"
    assert t.squad("steel.r").engaged_with == "keno.p"
    assert t.squad("keno.p").engaged_with == "steel.r"
    data = t.system.state_to_json(t.state)
    assert SYSTEM.state_from_json(json.loads(json.dumps(data))) == t.state
    # not twice in one turn, and no charging elsewhere meanwhile
    err = t.refused(declare("continue_melee", "steel.r"), "action_forbidden")
    assert "next turn" in err.message
    t.refused(declare("charge", "steel.r", {"target": "keno.p", "distance": 1}),
              "action_forbidden")
    t.end_activation()
    t.end_turn()
    t.activate("keno.p")  # the defender is activated first in the next turn
    t.declare("continue_melee", "keno.p")
    assert last(t, "melee_round").data == {"defender": "keno.p", "turn": 2}
    assert t.pending().key == "melee.pairs"
    t.decide("melee.pairs", ["1/1", "2/2"])
    melee_rolls(t, {"1": 8, "2": 8}, {"1": 1, "2": 2})
    assert last(t, "melee_over").data == {"winner": "steel.r", "falls_back": False}
    rolls_for(t, 5)
    assert {f.status for f in t.squad("keno.p").figures} == {"prisoner"}
    assert t.squad("keno.p").engaged_with is None


def test_a_commander_lost_in_melee_is_replaced():
    attackers = squad("steel.r", "riflemen", "regular", 2,
                      [{"id": "cmd", "role": "commander", "weapon": "rifle"},
                       {"weapon": "rifle", "count": 2}])
    t = table([attackers], [partisans(3)])
    charge(t, "steel.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["cmd/1", "2/2", "3/3"])
    melee_rolls(t, {"cmd": 1, "2": 8, "3": 8}, {"1": 6, "2": 1, "3": 1})
    t.roll({"morale.quality": 1})  # the partisans lost 2 and break
    t.roll({"fate.attacker.cmd": 1, "fate.defender.2": 1, "fate.defender.3": 1})
    assert fig(t, "steel.r", "cmd").status == "killed"
    assert t.pending().key == "commander.successor"


# --- bad input --------------------------------------------------------------------------------------


def test_robots_and_power_armour_cannot_charge():
    robots = squad("steel.x", "robots", "regular", 2, [{"kind": "robot", "count": 2}])
    suits = squad("steel.y", "suits", "regular", 2,
                  [{"armour": "power_armour", "weapon": "automat", "count": 2}],
                  movement_class="power_armour_cavalry", speed=6)
    t = table([robots, suits], [partisans(3)])
    for unit in ("steel.x", "steel.y"):
        t.activate(unit)
        err = t.refused(declare("charge", unit, {"target": "keno.p", "distance": 3}),
                        "action_forbidden")
        assert err.rule == "§2.10" and "robots and power-armour suits" in err.message
        t.end_activation()
    # nor can a squad that has nobody able to fight be charged
    t = table([riflemen(3)], [squad("keno.x", "robots", "regular", 2,
                                    [{"kind": "robot", "count": 2}])])
    t.activate("steel.r")
    err = t.refused(declare("charge", "steel.r", {"target": "keno.x", "distance": 3}),
                    "action_forbidden")
    assert err.rule == "§2.10"


@pytest.mark.parametrize("morale", ["broken", "routing"])
def test_broken_and_routing_squads_never_charge(morale):
    t = table([riflemen(4, morale=morale)], [partisans(3)])
    t.activate("steel.r")
    err = t.refused(declare("charge", "steel.r", {"target": "keno.p", "distance": 3}),
                    "action_forbidden")
    assert err.rule == "§2.10" and "never charges" in err.message


def test_shaken_squads_may_not_charge_under_the_house_rule():
    t = table([riflemen(4, morale="shaken")], [partisans(3)],
              options={"shaken_may_charge": False})
    t.activate("steel.r")
    t.refused(declare("charge", "steel.r", {"target": "keno.p", "distance": 3}),
              "action_forbidden")


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"distance": 3}, "bad_command"),  # no target
        ({"target": "keno.p"}, "bad_command"),  # no distance
        ({"target": "keno.p", "distance": -1}, "bad_command"),
        ({"target": "steel.r", "distance": 3}, "action_forbidden"),  # its own side
        ({"target": "nobody", "distance": 3}, "bad_command"),
        ({"target": "keno.p", "distance": 3, "blades": True}, "bad_command"),  # no riders
        ({"target": "keno.p", "distance": 3, "melee_terrain": "moon"}, "unknown_terrain"),
    ],
)
def test_bad_charge_declarations_are_refused(params, code):
    t = table([riflemen(4)], [partisans(3)])
    t.activate("steel.r")
    t.refused(declare("charge", "steel.r", params), code)


def test_a_suppressed_squad_cannot_charge():
    t = table([riflemen(4, )], [partisans(3)])
    i = t.state.index["steel.r"]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(suppression=1))
    t.activate("steel.r")
    err = t.refused(declare("charge", "steel.r", {"target": "keno.p", "distance": 3}),
                    "action_forbidden")
    assert err.rule == "§2.7"


def test_a_melee_die_outside_its_die_and_dice_for_another_request_are_refused():
    t = table([riflemen(2)], [partisans(2)])
    charge(t, "steel.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    err = t.refused(dice({"melee.attacker.1": 9}), "die_out_of_range")
    assert "§2.10" in err.message and "d8" in err.message
    t.refused(dice({"melee.defender.1": 7}), "die_out_of_range")  # a recruit's d6
    t.refused(dice({"fate.attacker.1": 3}), "wrong_die")
    t.refused(dice({"charge.quality": 3}), "wrong_die")
    t.refused(declare("end_activation"), "dice_pending")


def test_a_failed_charge_test_may_not_be_tried_again_this_turn():
    t = table([riflemen(4)], [partisans(3)])
    t.activate("steel.r")
    t.declare("charge", "steel.r", target="keno.p", distance=3)
    t.roll({"charge.quality": 1})
    t.refused(declare("charge", "steel.r", {"target": "keno.p", "distance": 3}),
              "action_forbidden")


# --- invariants --------------------------------------------------------------------------------


@st.composite
def melees(draw):
    n_a = draw(st.integers(1, 4))
    n_d = draw(st.integers(1, 4))
    pairs = {(k % n_a + 1, k % n_d + 1) for k in range(max(n_a, n_d))}
    extra = draw(st.lists(st.tuples(st.integers(1, n_a), st.integers(1, n_d)), max_size=4))
    pairs |= set(extra)
    rolls_a = draw(st.lists(st.integers(1, 8), min_size=n_a, max_size=n_a))
    rolls_d = draw(st.lists(st.integers(1, 6), min_size=n_d, max_size=n_d))
    return n_a, n_d, sorted(pairs), rolls_a, rolls_d


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(melees())
def test_per_pair_at_most_one_casualty_and_never_more_casualties_than_figures(case):
    n_a, n_d, pairs, rolls_a, rolls_d = case
    t = table([riflemen(n_a)], [partisans(n_d)], options={"melee_tie": "next_turn"})
    charge(t, "steel.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", [f"{a}/{d}" for a, d in pairs])
    a_roll = {str(k + 1): v for k, v in enumerate(rolls_a)}
    d_roll = {str(k + 1): v for k, v in enumerate(rolls_d)}
    melee_rolls(t, a_roll, d_roll)
    fallen = {("a", f.id) for f in t.squad("steel.r").figures if f.status == "lost_in_melee"}
    fallen |= {("d", f.id) for f in t.squad("keno.p").figures if f.status == "lost_in_melee"}
    assert len(fallen) <= len(pairs)
    assert len(fallen) < n_a + n_d  # the highest roll never falls
    for a, d in pairs:
        ra, rd = a_roll[str(a)], d_roll[str(d)]
        # each fall comes from a strictly higher enemy in some pair of the figure's own
        if ("a", str(a)) in fallen:
            assert any(d_roll[str(y)] > ra for x, y in pairs if x == a)
        if ("d", str(d)) in fallen:
            assert any(a_roll[str(x)] > rd for x, y in pairs if y == d)
        if ra < rd:
            assert ("a", str(a)) in fallen
        if rd < ra:
            assert ("d", str(d)) in fallen
    # play the melee out: every figure ends in exactly one status, none is left lost in melee
    for _ in range(40):
        pending = t.pending()
        if isinstance(pending, AwaitingCommand):
            break
        if isinstance(pending, DecisionNeeded):
            t.decide(pending.key, ["default"])
        else:
            assert isinstance(pending, DiceNeeded)
            rolls_for(t, 4)
    for unit, n in (("steel.r", n_a), ("keno.p", n_d)):
        assert len(t.squad(unit).figures) == n
        if t.squad(unit).engaged_with is None:
            assert all(f.status != "lost_in_melee" for f in t.squad(unit).figures)


# --- prisoners in the battle summary -----------------------------------------------------------


def three_sides() -> dict:
    out = setup(steel=[riflemen(2)], keno=[partisans(2)])
    out["sides"].append({"id": "otlok", "name": "Otlok", "motivation": "medium",
                         "fatigue": "tired", "squads": [riflemen(2, squad_id="otlok.r")]})
    return out


def test_the_summary_names_the_side_that_holds_each_prisoner():
    t = Table(three_sides())
    charge(t, "otlok.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    melee_rolls(t, {"1": 8, "2": 8}, {"1": 1, "2": 2})  # the partisans are wiped out
    t.roll({"fate.defender.1": 6, "fate.defender.2": 3})
    prisoners = summarize(t.state).prisoners
    assert {(p.figure, p.captured_by) for p in prisoners} == {("1", "otlok"), ("2", "otlok")}


def test_figures_down_in_a_melee_that_was_still_going_on_are_unchecked_in_the_summary():
    t = table([riflemen(3)], [partisans(3)], options={"melee_tie": "next_turn"})
    charge(t, "steel.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    melee_rolls(t, {"1": 5, "2": 3, "3": 4}, {"1": 5, "2": 3, "3": 2})  # only 3 vs 3 decided
    t.roll({"morale.quality": 6})  # the partisans, one down, hold...
    t.roll({"morale.quality": 8})  # ... and so do the riflemen
    assert t.kinds()[-1] == "melee_goes_on"
    (down,) = [o for o in summarize(t.state).figures if o.unit == "keno.p"]
    assert (down.figure, down.outcome, down.fate) == ("3", "unchecked", "lost_in_melee")


def test_a_squad_routing_when_its_melee_goes_on_surrenders():
    t = table([riflemen(2)], [partisans(2)], options={"melee_tie": "next_turn"})
    charge(t, "steel.r", "keno.p", distance=3)
    t.roll({"morale.quality": 6})
    t.decide("melee.pairs", ["default"])
    melee_rolls(t, {"1": 5, "2": 3}, {"1": 2, "2": 3})  # defender 1 falls
    t.roll({"morale.quality": 6})
    t.roll({"morale.quality": 8})
    t.end_activation()
    t.end_turn()
    i = t.state.index["keno.p"]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(morale="routing"))  # shot at
    t.activate("steel.r")
    t.declare("continue_melee", "steel.r")
    assert t.squad("keno.p").presence == "surrendered"
    assert keys(t) == {"fate.defender.1": 6}
    t.roll({"fate.defender.1": 4})
    assert {(f.status, f.captured_by) for f in t.squad("keno.p").figures} == {
        ("prisoner", "steel")}
