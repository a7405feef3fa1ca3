"""Psionics through the fold (digest §2.16, §3.6; examples #20, #26, #27)."""

from fractions import Fraction

import pytest

from rules.core.facts import declare
from tests.rules.steelwar.fold_support import SYSTEM, Table, setup, squad


def wanderers(psi_die=8, leader_is_psionic=True, **extra):
    """Barf-jat wanderers led by a psionic "master" (d8, §3.7)."""
    master = {"id": "psi", "role": "commander" if leader_is_psionic else "rifleman",
              "weapon": "pistol", "psi_die": psi_die}
    return squad("barf.1", "wanderers", "regular", 1,
                 [master, {"weapon": "rifle", "count": 3}], **extra)


def guards(quality="regular", **extra):
    """§4 #20: Keno Guard regulars (d8), 7 men, leadership 2."""
    return squad("keno.g", "guards", quality, 2,
                 [{"id": "cmd", "role": "commander", "weapon": "smg"},
                  {"id": "w1", "weapon": "smg"}, {"id": "w2", "weapon": "smg"},
                  {"weapon": "smg", "count": 4}], keno_guard=True, **extra)


def androids(**extra):
    return squad("steel.a", "androids", "regular", 2,
                 [{"id": "a1", "kind": "android", "weapon": "rifle"},
                  {"kind": "android", "weapon": "rifle", "count": 3}], **extra)


def robots():
    return squad("steel.r", "robots", "regular", 2, [{"kind": "robot", "count": 2}])


def tank():
    return squad("steel.t", "tank", "regular", 2, [{"role": "crew", "count": 3}],
                 movement_class="tracked", speed=12)


def table(*others, barf=None, motivation="medium", options=None) -> Table:
    return Table({
        "sides": [
            {"id": "barf", "name": "Barf-jat", "motivation": "medium", "fatigue": "tired",
             "squads": [barf or wanderers()]},
            {"id": "enemy", "name": "enemy", "motivation": motivation, "fatigue": "tired",
             "squads": list(others) or [guards()]},
        ],
        **({"options": options} if options else {}),
    })


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def psi(t: Table, power: str, target="keno.g", distance=5, **params):
    return t.declare("psi_power", "barf.1", power=power, target=target, distance=distance,
                     **params)


def refused(t: Table, code: str, **params):
    return t.refused(declare("psi_power", "barf.1", params), code)


# --- §4 #26: zones ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("distance", "die"), [(0, 8), (12, 8), (13, 6), (24, 6), (30, 4)])
def test_example_26_a_master_rolls_d8_in_zone_1_d6_in_zone_2_d4_in_zone_3(distance, die):
    t = table()
    t.activate("barf.1")
    psi(t, "panic", distance=distance, line_of_sight=True)
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.unit) == ("psi.roll", die, "barf.1")


def test_example_26_beyond_zone_3_the_master_cannot_reach():
    t = table()
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="panic", target="keno.g", distance=37,
                  line_of_sight=True)
    assert err.rule == "§2.16" and "below d4" in err.message and "zone 4" in err.message


def test_the_clamp_house_rule_rolls_d4_beyond():
    t = table(options={"psi_below_d4": "clamp_d4"})
    t.activate("barf.1")
    psi(t, "panic", distance=40, line_of_sight=True)
    assert t.pending().requests[0].sides == 4


def test_beyond_zone_1_only_targets_in_line_of_sight():
    t = table()
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="panic", target="keno.g", distance=13)
    assert "line of sight" in err.message
    psi(t, "panic", distance=12)  # zone 1: no line of sight needed
    assert t.pending_keys() == ["psi.roll"]


def test_a_power_that_could_never_work_at_that_range_is_refused():
    t = table(guards())
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="psi_blast", target="keno.g", distance=13,
                  line_of_sight=True)
    assert "needs 7" in err.message and "d6" in err.message


# --- the roll -------------------------------------------------------------------------------------


def test_success_is_the_powers_number_or_more():
    t = table()
    patch(t, "keno.g", suppression=3)
    t.activate("barf.1")
    psi(t, "remove_suppression", dice_map={"psi.roll": 1})
    assert t.squad("keno.g").suppression == 3 and not t.effects[-1].data["passed"]
    psi(t, "psi_strike", dice_map={"psi.roll": 4})
    assert t.pending_keys() == ["morale.quality"]


def test_the_greater_than_house_rule():
    t = table(options={"psi_success_comparison": "greater_than"})
    patch(t, "keno.g", suppression=3)
    t.activate("barf.1")
    psi(t, "remove_suppression", dice_map={"psi.roll": 2})
    assert t.squad("keno.g").suppression == 3


def test_odds_of_a_power():
    t = table()
    t.activate("barf.1")
    dist = SYSTEM.odds(t.state, {"action": "psi_power", "unit": "barf.1",
                                 "params": {"power": "psi_blast", "target": "keno.g",
                                            "distance": 3}})
    assert dist[True] == Fraction(2, 8)
    err = refused(t, "bad_command", power="panic", target="keno.g")
    assert err.field == "params.distance"


# --- the ten powers ---------------------------------------------------------------------------------


def test_remove_suppression_removes_every_marker_of_a_friend():
    t = table(barf=wanderers(), options=None)
    patch(t, "barf.1", suppression=0)
    t.activate("barf.1")
    patch(t, "keno.g", suppression=2)
    psi(t, "remove_suppression", dice_map={"psi.roll": 2})
    assert t.squad("keno.g").suppression == 0


def test_inspire_is_a_rally_test_with_the_psionic_as_commander_next_to_the_squad():
    friends = squad("barf.2", "friends", "recruit", 2, [{"weapon": "rifle", "count": 4}])
    t = Table(setup(steel=[wanderers(), friends], keno=[guards()]))
    patch(t, "barf.2", morale="broken")
    t.activate("barf.1")
    psi(t, "inspire", target="barf.2", dice_map={"psi.roll": 4})
    (req,) = t.pending().requests  # no comms test
    assert (req.key, req.sides) == ("rally.quality", 6)
    t.dice(rally__quality=4)  # more than 1 (psionic commander) + 2 + 0
    assert t.squad("barf.2").morale == "shaken"
    rally = next(e for e in t.effects if e.kind == "rally_test")
    assert rally.data["threshold"] == 3


def test_inspire_by_a_psionic_who_commands_nothing_uses_leadership_2():
    friends = squad("barf.2", "friends", "recruit", 2, [{"weapon": "rifle", "count": 4}])
    t = Table(setup(steel=[wanderers(leader_is_psionic=False), friends], keno=[guards()]))
    patch(t, "barf.2", morale="broken")
    t.activate("barf.1")
    psi(t, "inspire", target="barf.2", dice_map={"psi.roll": 4, "rally.quality": 4})
    assert t.squad("barf.2").morale == "broken"  # needs more than 2 + 2


def test_no_step_back_is_imposed_without_conditions():
    t = table()
    patch(t, "keno.g", suppression=1, morale="broken")
    t.activate("barf.1")
    psi(t, "no_step_back", dice_map={"psi.roll": 6})
    s = t.squad("keno.g")
    assert s.no_step_back and s.suppression == 0


def test_psi_detection_and_avert_eyes_are_recorded_for_the_missing_observation_rules():
    t = table()
    t.activate("barf.1")
    fx = psi(t, "psi_detection", target="barf.1")
    assert t.state.resolution is None and "missing from the source" in fx[-1].text
    assert "psi_detection" in t.state.activation.psi_powers
    psi(t, "avert_eyes", target="barf.1")
    assert t.squad("barf.1").avert_eyes_turn == t.state.turn == 1


def test_psi_detection_works_on_the_psionics_own_squad_only():
    t = table()
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="avert_eyes", target="keno.g")
    assert err.rule == "§3.6"


def test_example_20_as_a_psi_strike_morale_test_with_plus_3_threat():
    # the guards of #20 (low motivation, d8, leadership 2) carry their 2 unchecked casualties
    t = table(guards(), motivation="low")
    i = t.state.index["keno.g"]
    s = t.state.squads[i]
    for k in (1, 2):
        s = s.with_figure(k, s.figures[k]._replace(status="wounded_unchecked"))
    t.state = t.state.with_squad(i, s)
    t.activate("barf.1")
    psi(t, "psi_strike", dice_map={"psi.roll": 5})
    (req,) = t.pending().requests
    assert (req.key, req.sides) == ("morale.quality", 8)
    t.dice(morale__quality=6)  # 2 + 3 (psi strike) + 2 (two unchecked) = 7: fails by one grade
    test = next(e for e in t.effects if e.kind == "morale_test")
    assert test.data["threshold"] == 7
    assert t.squad("keno.g").morale == "shaken"


def test_androids_resist_psi_on_d6():
    t = table(androids())
    t.activate("barf.1")
    psi(t, "psi_strike", target="steel.a", dice_map={"psi.roll": 8})
    assert t.pending().requests[0].sides == 6  # regular d8 -> d6
    t.dice(morale__quality=6)
    psi(t, "panic", target="steel.a", dice_map={"psi.roll": 8})
    assert t.pending().requests[0].sides == 6


def test_the_panic_power_forces_a_panic_test_even_on_veterans_that_never_panic():
    t = table(guards(quality="veteran"))
    patch(t, "keno.g", panic_immune=True)
    t.activate("barf.1")
    psi(t, "panic", dice_map={"psi.roll": 4})
    (req,) = t.pending().requests
    assert (req.key, req.sides) == ("panic.quality", 10)
    t.dice(panic__quality=2)
    s = t.squad("keno.g")
    assert s.panicking and s.panic_immune and s.morale == "shaken"


def test_confusion_costs_the_target_its_activation():
    t = table()
    t.activate("barf.1")
    psi(t, "confusion", dice_map={"psi.roll": 4})
    assert t.activated("keno.g")
    t.end_activation()
    t.refused(declare("begin_activation", "keno.g"), "action_forbidden")


def test_confusion_on_a_squad_that_has_activated_changes_nothing():
    t = table()
    t.set_activated("keno.g", True)
    t.activate("barf.1")
    fx = psi(t, "confusion", dice_map={"psi.roll": 4})
    assert fx[-1].data["already_activated"]


@pytest.mark.parametrize(("choice", "morale", "panicking"),
                         [("two_grades", "broken", False), ("panic", "steady", True)])
def test_psi_blast_two_grades_or_panic_at_the_psionics_choice(choice, morale, panicking):
    t = table()
    t.activate("barf.1")
    psi(t, "psi_blast", dice_map={"psi.roll": 7})
    pending = t.pending()
    assert pending.key == "psi_blast" and {o.value for o in pending.options} == {
        "two_grades", "panic"}
    t.decide("psi_blast", choice)
    s = t.squad("keno.g")
    assert (s.morale, s.panicking) == (morale, panicking)


def test_murder_one_figure_shot_by_a_comrade_then_suppression_and_a_commander_lost_test():
    t = table()
    t.activate("barf.1")
    psi(t, "murder", dice_map={"psi.roll": 8})
    assert t.pending().key == "murder.victim"
    t.decide("murder.victim", "cmd")
    assert t.pending().key == "murder.shooter"
    t.decide("murder.shooter", "w1")
    assert {r.key: r.sides for r in t.pending().requests} == {"murder.power": 8,
                                                              "murder.armour": 4}
    t.roll({"murder.power": 6, "murder.armour": 2})  # 6 >= 3 x 2: killed
    assert t.figure("keno.g", "cmd").status == "killed"
    assert t.squad("keno.g").suppression == 1
    # the commander fell: a successor first, then the morale test at "commander lost"
    assert t.pending().key == "commander.successor"
    t.decide("commander.successor", "w2")
    t.dice(commander__replacement=4)
    (req,) = t.pending().requests
    assert req.key == "morale.quality" and "commander lost" in req.label
    t.dice(morale__quality=6)  # 2 + 3 (commander lost, medium) + 0 -> 6 > 5 passes
    assert t.squad("keno.g").morale == "steady"


def test_murder_of_a_keno_backpack_operator_blows_up_his_backpack_then_the_murder_test():
    """§3.6 with §2.9: the comrade's hit lands on the operator: no power and armour test, the
    backpack explodes and every figure the player names within 4" takes a flamethrower hit;
    the squad gets its suppression marker and one morale test at "commander lost"."""
    fireteam = squad("keno.f", "flamethrower team", "regular", 2,
                     [{"id": "op", "role": "flamethrower", "weapon": "flamethrower_keno"},
                      {"id": "w1", "weapon": "rifle"}, {"id": "w2", "weapon": "rifle"},
                      {"id": "w3", "weapon": "rifle"}])
    neighbours = squad("keno.n", "neighbours", "recruit", 2,
                       [{"id": "a", "weapon": "rifle"}, {"id": "b", "weapon": "rifle"}])
    t = table(fireteam, neighbours)
    t.activate("barf.1")
    psi(t, "murder", target="keno.f", dice_map={"psi.roll": 8})
    assert "op" in {o.value for o in t.pending().options}
    t.decide("murder.victim", "op")
    t.decide("murder.shooter", "w1")
    assert t.figure("keno.f", "op").status == "killed"  # no dice: the backpack explodes
    assert t.squad("keno.f").suppression == 1
    assert "backpack_exploded" in t.kinds()
    decision = t.pending()
    assert decision.key == "backpack.blast" and decision.multiple
    t.decide("backpack.blast", ["keno.f/w2", "keno.n/a"])
    assert {r.key: r.sides for r in t.pending().requests} == {
        "hit.1.power": 12, "hit.1.armour": 4, "hit.2.power": 12, "hit.2.armour": 4}
    t.roll({"hit.1.power": 12, "hit.1.armour": 4, "hit.2.power": 1, "hit.2.armour": 4})
    assert t.figure("keno.f", "w2").status == "killed"
    assert t.figure("keno.n", "a").status == "wounded_unchecked"  # automatically wounded
    # the murdered squad's one test first: "commander lost", resisting the power
    (req,) = t.pending().requests
    assert (req.key, req.unit) == ("morale.quality", "keno.f") and "commander lost" in req.label
    t.dice(morale__quality=6)
    # then the neighbours, who lost a man to the blast
    (req,) = t.pending().requests
    assert (req.key, req.unit) == ("morale.quality", "keno.n")
    t.dice(morale__quality=6)
    assert t.pending().kind == "command"


def test_murder_of_a_keno_backpack_operator_who_commands_his_squad_replaces_him_first():
    fireteam = squad("keno.f", "flamethrower team", "regular", 2,
                     [{"id": "op", "role": "commander", "weapon": "flamethrower_keno"},
                      {"id": "w1", "weapon": "rifle"}, {"id": "w2", "weapon": "rifle"}])
    t = table(fireteam)
    t.activate("barf.1")
    psi(t, "murder", target="keno.f", dice_map={"psi.roll": 8})
    t.decide("murder.victim", "op")
    t.decide("murder.shooter", "w1")
    t.decide("backpack.blast", [])  # no one else within 4"
    assert t.pending().key == "commander.successor"
    t.decide("commander.successor", "w2")
    t.dice(commander__replacement=4)
    (req,) = t.pending().requests
    assert req.key == "morale.quality" and "commander lost" in req.label


def test_murder_is_not_for_one_man_units_but_a_tripod_mg_counts_as_a_figure():
    lone = squad("steel.s", "lone sniper", "regular", 2, [{"id": "s", "weapon": "sniper_rifle"}])
    team = squad("steel.m", "MG team", "regular", 2, [{"id": "g", "weapon": "pistol"},
                                                        {"id": "mg", "weapon": "hmg"}])
    t = table(lone, team)
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="murder", target="steel.s")
    assert err.rule == "§3.6"
    psi(t, "murder", target="steel.m", dice_map={"psi.roll": 8})
    assert t.pending().key == "murder.victim"


def test_powers_affect_people_only_but_vehicle_crews_too():
    t = table(robots(), tank())
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="panic", target="steel.r")
    assert "people only" in err.message
    psi(t, "panic", target="steel.t")
    assert t.pending_keys() == ["psi.roll"]


# --- limits and refusals ------------------------------------------------------------------------


def test_each_power_once_per_activation_and_two_powers_at_most():
    t = table()
    t.activate("barf.1")
    psi(t, "panic", dice_map={"psi.roll": 1})
    err = refused(t, "action_forbidden", power="panic", target="keno.g")
    assert "once per activation" in err.message
    psi(t, "confusion", dice_map={"psi.roll": 1})
    refused(t, "action_forbidden", power="psi_strike", target="keno.g")


def test_the_house_rule_allows_the_same_power_twice():
    t = table(options={"psi_power_once_per_activation": False})
    t.activate("barf.1")
    psi(t, "panic", dice_map={"psi.roll": 1})
    psi(t, "panic", dice_map={"psi.roll": 1})


def test_a_suppressed_psionic_cannot_use_powers_unless_the_house_rule_says_so():
    t = table()
    patch(t, "barf.1", suppression=1)
    t.activate("barf.1")
    err = refused(t, "action_forbidden", power="panic", target="keno.g")
    assert err.rule == "§2.16"
    t2 = table(options={"suppressed_psionic_may_use_powers": True})
    patch(t2, "barf.1", suppression=1)
    t2.activate("barf.1")
    psi(t2, "panic")


def test_a_psi_die_outside_its_die_is_refused():
    t = table()
    t.activate("barf.1")
    psi(t, "panic", distance=20, line_of_sight=True)
    t.refused({"type": "dice", "data": {"rolls": {"psi.roll": 7}}}, "die_out_of_range")
    t.refused({"type": "dice", "data": {"rolls": {"psi.roll": {"sides": 8, "values": [3]}}}},
              "wrong_die")


def test_unknown_powers_and_squads_without_a_psionic_are_refused():
    t = table()
    t.activate("barf.1")
    refused(t, "unknown_psi_power", power="mind_control", target="keno.g")
    t2 = table(barf=squad("barf.1", "plain", "regular", 2, [{"weapon": "rifle"}]))
    t2.activate("barf.1")
    refused(t2, "action_forbidden", power="panic", target="keno.g")


# --- §4 #27: survivability, wired in the hit resolution of fire --------------------------------------


def test_example_27_a_master_hit_by_aimed_small_arms_rolls_d8_as_armour():
    master = squad("barf.1", "master", "veteran", 1,
                   [{"id": "psi", "role": "commander", "weapon": "pistol", "psi_die": 8}])
    shooters = squad("keno.1", "riflemen", "regular", 2, [{"weapon": "rifle", "count": 4}])
    t = Table(setup(steel=[master], keno=[shooters]))
    t.activate("keno.1")
    t.declare("fire", "keno.1", target="barf.1", weapons=["1", "2", "3", "4"], distance=5,
              dice_map={"shooter.quality": 8, "shooter.rof": 4, "target.range": 1})
    armour = next(r for r in t.pending().requests if r.key == "hit.1.armour")
    assert armour.sides == 8


def test_a_murder_waiting_for_its_decision_survives_json():
    t = table()
    t.activate("barf.1")
    psi(t, "murder", dice_map={"psi.roll": 8})
    t.decide("murder.victim", "w1")
    again = SYSTEM.state_from_json(SYSTEM.state_to_json(t.state))
    assert again == t.state
    step = SYSTEM.apply(again, {"type": "decide", "data": {"key": "murder.shooter",
                                                            "choice": "w2"}})
    assert {r.key for r in SYSTEM.pending(step.state).requests} == {"murder.power",
                                                                     "murder.armour"}
