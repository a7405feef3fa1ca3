"""Every worked example of the Steel War digest (§4 #1-#28), with the example's own numbers.

Each test is the function-level part of its example. Examples that also need the whole battle
fold (a sequence of actions, activations and turns) say so in a comment; their fold-level test
lives in the fold engineer's ``test_fold_examples.py``.
"""

import pytest

from rules.core.errors import RuleError
from rules.steelwar import casualties, firepower, melee, morale, movement, psionics, rally
from rules.steelwar.options import Options
from rules.steelwar.reaction import reaction_test, reaction_threat
from rules.steelwar.tables import terrain_class


def test_example_01_movement_through_forest():
    infantry = terrain_class("forest", "infantry")
    assert movement.move_allowance(movement.base_speed("infantry"), infantry) == 3
    assert movement.combat_move((5, 4), infantry) == 4  # "2d6 halved if combat move"
    tank = terrain_class("forest", "tracked")  # not very dense forest
    assert movement.move_allowance(movement.base_speed("tank"), tank) == 4
    apc = terrain_class("forest", "all_terrain_wheeled")
    assert movement.move_allowance(12, apc) is None  # the APC cannot enter the forest


def test_example_02_towed_gun():
    # The truck moves, then the crew disembarks in the same activation (one action): the
    # farthest disembarked figure must be within 6" of the truck.
    assert movement.disembark_allowed(6)
    with pytest.raises(RuleError):
        movement.check_embark(7, disembark=True)
    # Unhitching and deploying the gun in the next turn takes one full activation: fold-level,
    # tested in test_fold_examples.py.


def test_example_03_fire_example_1_lmg_then_sniper_at_13_inches():
    recruits = 6
    assert firepower.range_zone(13, recruits) == 3
    with pytest.raises(RuleError) as err:  # "no point firing the obrubok SMGs"
        firepower.shooter_dice(recruits, [("smg", 7)], distance=13)
    assert err.value.code == "weapon_out_of_range"
    assert firepower.shooter_dice(recruits, [("lmg", 1)], distance=13) == (6, 8)
    sniper = [("sniper_rifle", 1)]
    assert firepower.shooter_dice(recruits, sniper, distance=13) == (6, 4)  # ROF 1 -> d4
    assert "sniper_pick" in firepower.active_specials(sniper)  # he aims at a chosen enemy


def test_example_04_fire_example_2_split_fire_at_5_inches():
    recruits = 6
    first = [("smg", 4), ("lmg", 1)]  # 3 x 4 = 12 -> d12, plus the LMG's d8
    assert firepower.shooter_dice(recruits, first, distance=5) == (6, 12, 8)
    assert firepower.shot_power_die(first) == 8  # power of the SMGs it supports
    second = [("smg", 3), ("sniper_rifle", 1)]  # 9 + 1 = 10 -> d10
    assert firepower.shooter_dice(recruits, second, distance=5) == (6, 10)
    assert not firepower.support_specials_active(second)  # the sniper no longer picks


def test_example_05_rof_rounding():
    assert firepower.rof_die(3 * 3) == 8  # the rule: round 9 down to the nearest die
    assert firepower.rof_die(3 * 3, options=Options(rof_rounding="example_5")) == 6  # as printed
    four_pistols = firepower.shooter_dice(8, [("pistol", 4)])
    assert four_pistols == firepower.shooter_dice(8, [("pistol", 1)]) == (8, 4)


def test_example_06_range_zones_for_recruits():
    zones = [firepower.range_zone(d, 6) for d in (3, 6, 9, 12)]
    assert zones == [1, 1, 2, 2]
    assert [firepower.range_die(6, d) for d in (5, 10, 15, 20, 25)] == [4, 6, 8, 10, 12]
    # the printed 12-24 / 24-30 / 30-36 bounds are an option, the uniform 6" rule the default
    assert firepower.range_zone(20, 6) == 4
    assert firepower.range_zone(20, 6, options=Options(recruit_zones="as_printed")) == 3


def test_example_07_prone_target_12_inches_from_regulars():
    assert firepower.range_die(8, 12) == 6
    assert firepower.range_die(8, 12, prone=True) == 8


def test_example_08_suppression_check_partisans_in_house():
    shooter = firepower.shooter_dice(6, [("lmg", 1)], distance=10)
    assert shooter == (6, 8)
    target = firepower.range_die(6, 10, prone=True, cover="light")
    assert target == 10
    outcome = firepower.fire_outcome((3, 6), 2, shooter_dice=shooter, target_die=target)
    assert outcome == "suppress_and_hits"


def test_example_09_removing_suppression_takes_two_tries():
    leadership = 1
    assert not firepower.remove_suppression_test(1, leadership, die=6)  # action 1: a 1
    assert firepower.remove_suppression_test(2, leadership, die=6)  # action 2: a 2
    # Two actions in one activation and the marker bookkeeping: fold-level, tested in
    # test_fold_examples.py.


def test_example_10_potential_hits_round_half_up():
    assert firepower.potential_hits((6, 10), 10) == 2  # 16 / 10 = 1.6 -> 2


def test_example_11_casualty_resolution_partisan_commander_wounded():
    shot = [("lmg", 1)]
    dice = firepower.shooter_dice(6, shot)
    assert firepower.fire_outcome((3, 6), 2, shooter_dice=dice, target_die=10) == (
        "suppress_and_hits")
    assert firepower.potential_hits(dice, 10) == 1  # 14 / 10 = 1.4 -> 1
    partisans = ("commander", *(f"partisan{i}" for i in range(2, 11)))
    assert casualties.allocation_dice(len(partisans)) == (10,)  # roll d10, count from the left
    assert casualties.allocation_order(partisans, 1, [(1,)]) == ("commander",)
    power = firepower.shot_power_die(shot)
    assert power == 10  # the LMG fired alone: its own power
    armour = firepower.armour_die("human")
    assert armour == 4
    result = firepower.hit_result(5, 4, power_die=power, armour_die=armour)
    assert result == "wounded"  # 5 > 4 and 5 < 12
    assert casualties.figure_after_hit("human", result) == "unchecked_casualty"


def test_example_12_support_fire_uses_the_supported_weapons_power():
    shot = [("automat", 3), ("sniper_rifle", 1)]
    assert firepower.shot_power_die(shot) == 8
    assert not firepower.support_specials_active(shot)


def test_example_13_man_sized_weapon_counts_as_a_figure():
    crew = ("gunner", "loader", "tripod_mg")
    assert casualties.allocation_dice(len(crew)) == (4,)  # 3 figures
    assert firepower.armour_die("man_sized_equipment") == 8
    outcome = casualties.figure_after_hit("man_sized_weapon", "wounded")
    assert outcome == "weapon_destroyed"
    assert not casualties.counts_as_morale_casualty(outcome)


def test_example_14_charge_test_steady_squad_needs_more_than_3():
    assert melee.charge_threat("steady") == 1
    assert not melee.charge_test(3, 2, "steady")
    assert melee.charge_test(4, 2, "steady")


def test_example_15_melee_pairing_five_guards_three_androids():
    guards = [f"guard{i}" for i in range(1, 6)]
    androids = ["android1", "android2", "android3"]
    pairs = [("guard1", "android1"), ("guard2", "android2"), ("guard3", "android3")]
    with pytest.raises(RuleError, match="guard4, guard5"):
        melee.validate_pairing(guards, androids, pairs)  # two guards would stand idle
    three_on_one = [*pairs, ("guard4", "android1"), ("guard5", "android1")]
    assert melee.validate_pairing(guards, androids, three_on_one)
    spread = [*pairs, ("guard4", "android2"), ("guard5", "android3")]
    assert melee.validate_pairing(guards, androids, spread)


def test_example_16_melee_die_mirror_battalion_koshmar_with_bayonet():
    assert melee.melee_die(8, weapon_id="smg", bayonet=True) == 12


def test_example_17_melee_resolution_two_guards_against_an_android():
    pairs = melee.validate_pairing(["guard1", "guard2"], ["android"],
                                   [("guard1", "android"), ("guard2", "android")])
    lost = melee.resolve_melee(pairs, {"android": 6, "guard1": 1, "guard2": 8})
    assert set(lost) == {"guard1", "android"}


def test_example_18_threat_choice_uses_the_largest_trigger():
    triggers = {"first_suppressed", "casualties_from_fire", "commander_lost"}
    assert morale.threat_level(triggers, {}, "medium") == 3


def test_example_19_threat_with_artillery():
    triggers = {"first_suppressed", "casualties_from_fire", "commander_lost"}
    assert morale.threat_level(triggers, {"artillery_or_air": 1}, "medium") == 4


def test_example_20_morale_test_keno_guard_ambushed_on_patrol():
    killed, wounded, men = 2, 2, 7
    assert morale.lost_more_than_remain(killed + wounded, men - killed - wounded)
    threat = morale.threat_level(
        {"lost_more_than_remain", "casualties_from_fire"}, {"unchecked_casualty": wounded}, "low"
    )
    assert threat == 6
    assert 2 + threat == 8  # more than 8 on a d8 is impossible, but the test is rolled
    assert morale.morale_test(6, 2, threat, die=8) == -1
    assert morale.morale_test(4, 2, threat, die=8) == -2
    assert morale.morale_test(8, 2, threat, die=8) == -1


def test_example_21_rally_by_the_company_commander():
    squad = ("bn1", "coy1", "plt1", "sq1")
    links = rally.bypassed_links(("bn1", "coy1"), squad)
    assert links == 1  # the platoon commander is bypassed
    die = rally.comms_die(10, links)
    assert die == 8
    assert not rally.comms_test(2, 2, 2, die=die)  # attempt 1: a 2, needs more than 2
    assert rally.comms_test(3, 2, 2, die=die)  # attempt 2 succeeds (roll not stated)
    threat = rally.rally_current_threat({"unchecked_casualty": 1, "wounded_left_behind": 1},
                                        "medium")
    assert rally.rally_threshold(2, 2, threat) == 6
    assert rally.rally_result(8, 2, 2, threat, "broken", "steady", die=10) == "shaken"


def test_example_22_morale_drops_one_or_two_grades():
    assert morale.apply_grade_change("steady", -1, starting_grade="steady") == "shaken"
    assert morale.apply_grade_change("steady", -2, starting_grade="steady") == "broken"


def test_example_23_morale_never_rises_above_the_start():
    assert rally.rally_result(12, 1, 1, 0, "steady", "steady") == "steady"
    assert rally.rally_result(12, 1, 1, 0, "shaken", "steady") == "steady"


def test_example_24_chain_of_command():
    squad_1st_platoon = ("bn1", "coy3", "plt1", "sq1")
    assert rally.bypassed_links(("bn1", "coy3"), squad_1st_platoon) == 1
    assert rally.bypassed_links(("bn1", "coy3", "plt2"), squad_1st_platoon) is None


def test_example_25_reaction_failure_shaken_squad_leaving_cover():
    threat = reaction_threat("leave_cover_shaken")
    assert threat == 2
    assert not reaction_test(4, 2, threat)
    # The failed squad may not try again this activation or this turn, not even with an
    # action passed by its commander, but may next turn: fold-level, tested in
    # test_fold_examples.py.


def test_example_26_psi_zones_of_a_barf_jat_master():
    assert psionics.psi_title(8) == "master"
    assert [psionics.psi_die_at(8, d) for d in (6, 18, 30)] == [8, 6, 4]


def test_example_27_psionic_survivability():
    assert firepower.armour_die("human", psi_die=8, aimed_small_arms=True) == 8
    assert firepower.armour_die("human", psi_die=8, fragmentation=True) == 4


def test_example_28_fire_splitting():
    quality = 8
    first = [("automat", 2), ("lmg", 1)]
    second = [("automat", 5)]
    assert firepower.shooter_dice(quality, first) == (8, 4, 8)  # 2 x 2 = 4 -> d4, LMG d8
    assert firepower.shooter_dice(quality, second) == (8, 10)  # 5 x 2 = 10 -> d10
    assert firepower.fires_per_activation("lmg", ground_emplaced=False) == 1
    assert firepower.fires_per_activation("hmg", ground_emplaced=True) == 2
    # That no weapon fires twice in one activation is tracked by the fold:
    # test_fold_examples.py.
