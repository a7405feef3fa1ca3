"""§2.3-§2.8: range zones, range die, rate of fire, shooter's dice, power, outcomes, hits."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import DIE_SIZES
from rules.core.errors import RuleError
from rules.steelwar import firepower as fp
from rules.steelwar.options import Options

ladder = st.sampled_from(DIE_SIZES)


# ---- range zones and range die ----


@pytest.mark.parametrize(
    ("distance", "quality", "zone"),
    [(0, 6, 1), (5, 6, 1), (6, 6, 1), (6.01, 6, 2), (10, 6, 2), (12, 8, 2), (13, 6, 3),
     (30, 6, 5), (30.5, 6, None), (60, 12, 5), (4, 4, 1), (21, 4, None)],
)
def test_range_zone_width_is_the_shooters_quality_die(distance, quality, zone):
    assert fp.range_zone(distance, quality) == zone


def test_zone_boundary_option_puts_a_boundary_in_the_outer_zone():
    outer = Options(zone_boundary="outer")
    assert fp.range_zone(6, 6, options=outer) == 2
    assert fp.range_zone(5.9, 6, options=outer) == 1
    assert fp.range_zone(0, 6, options=outer) == 1


def test_printed_recruit_zones_option():
    printed = Options(recruit_zones="as_printed")
    assert fp.range_zone(20, 6) == 4
    assert fp.range_zone(20, 6, options=printed) == 3
    assert fp.range_zone(33, 6, options=printed) == 5
    assert fp.range_zone(36.5, 6, options=printed) is None
    assert fp.range_zone(20, 8, options=printed) == 3  # only recruits are affected


def test_range_die_by_zone_prone_and_cover():
    assert fp.range_die(6, 5) == 4
    assert fp.range_die(8, 12, prone=True) == 8
    assert fp.range_die(6, 10, prone=True, cover="light") == 10
    assert fp.range_die(6, 10, cover="hard") == 10
    assert fp.range_die(6, 30, prone=True, cover="hard") == 12


def test_cover_protects_only_where_it_can():
    assert fp.range_die(6, 10, cover="light", attack="fragmentation") == 6
    assert fp.range_die(6, 10, cover="hard", attack="fragmentation") == 10
    assert fp.range_die(6, 10, cover="light", attack="fragmentation", cover_protects=True) == 8
    assert fp.range_die(6, 10, cover="hard", cover_protects=False) == 6
    club = Options(light_cover_vs_fragmentation=True)
    assert fp.range_die(6, 10, cover="light", attack="fragmentation", options=club) == 8


def test_range_die_past_d12_is_capped_or_refused():
    assert fp.range_die(6, 29, prone=True) == 12
    with pytest.raises(RuleError) as err:
        fp.range_die(6, 29, prone=True, options=Options(range_die_above_d12="refuse"))
    assert err.value.code == "die_above_d12"


def test_range_die_refuses_targets_beyond_zone_five_and_bad_input():
    with pytest.raises(RuleError) as err:
        fp.range_die(6, 31)
    assert err.value.code == "target_out_of_range" and "zone 5" in err.value.message
    with pytest.raises(RuleError):
        fp.range_die(6, 5, cover="bunker")
    with pytest.raises(RuleError):
        fp.range_die(6, 5, attack="laser")
    with pytest.raises(RuleError) as err:
        fp.range_die(7, 5)
    assert err.value.code == "wrong_die"
    with pytest.raises(RuleError):
        fp.range_die(6, -1)


# ---- rate of fire ----


@pytest.mark.parametrize(
    ("total", "die"),
    [(0.5, 4), (1, 4), (3.5, 4), (4, 4), (5, 4), (6, 6), (7, 6), (9, 8), (10, 10), (11, 10),
     (12, 12), (21, 12)],
)
def test_rof_rounds_down_to_a_die_and_up_to_d4(total, die):
    assert fp.rof_die(total) == die


def test_rof_example_5_reading():
    ex5 = Options(rof_rounding="example_5")
    assert fp.rof_die(9, options=ex5) == 6
    assert fp.rof_die(10, options=ex5) == 10
    assert fp.rof_die(12, options=ex5) == 12
    assert fp.rof_die(5, options=ex5) == 4
    assert fp.rof_die(2, options=ex5) == 4


def test_rof_above_twelve_can_be_refused():
    assert fp.rof_die(12, options=Options(rof_above_12="refuse")) == 12
    with pytest.raises(RuleError, match="split the fire"):
        fp.rof_die(13, options=Options(rof_above_12="refuse"))


@given(st.floats(0, 60, allow_nan=False), st.sampled_from(["down_to_die", "example_5"]))
def test_rof_die_is_always_a_ladder_die(total, rounding):
    assert fp.rof_die(total, options=Options(rof_rounding=rounding)) in DIE_SIZES


# ---- shooter dice and power ----


def test_small_arms_sum_into_one_die_and_each_support_weapon_adds_its_own():
    assert fp.shooter_dice(6, [("smg", 4), ("lmg", 1)]) == (6, 12, 8)
    assert fp.shooter_dice(6, [("smg", 3), ("sniper_rifle", 1)]) == (6, 10)
    assert fp.shooter_dice(8, [("automat", 5), ("lmg", 1), ("grenade_launcher", 1)]) == (8, 10, 8, 10)
    assert fp.shooter_dice(8, [("automat", 2), ("automat", 1)]) == (8, 6)


def test_a_shot_may_be_given_as_tuples_or_lists_and_is_validated_either_way():
    assert fp.shooter_dice(6, (("smg", 4), ("lmg", 1))) == (6, 12, 8)
    assert fp.shooter_dice(6, (["smg", 4], ["lmg", 1])) == (6, 12, 8)
    assert fp.shot_power_die((("smg", 4), ("lmg", 1))) == 8
    for _ in range(2):  # a refused shot is never remembered as valid
        with pytest.raises(RuleError):
            fp.shooter_dice(6, (("laser", 1),))
        with pytest.raises(RuleError):
            fp.shooter_dice(6, (("smg", 0),))


def test_a_support_weapon_alone_rolls_quality_and_its_die():
    assert fp.shooter_dice(6, [("lmg", 1)]) == (6, 8)
    assert fp.shooter_dice(8, [("hmg", 1)]) == (8, 12)


def test_pistols_fire_no_better_than_one():
    assert fp.shooter_dice(6, [("pistol", 4)]) == fp.shooter_dice(6, [("pistol", 1)]) == (6, 4)


def test_missing_rof_options_change_the_dice():
    assert fp.shooter_dice(8, [("automat", 4)]) == (8, 8)
    assert fp.shooter_dice(8, [("automat", 4)], options=Options(rof_automat=3)) == (8, 12)


def test_weapons_out_of_range_are_refused():
    with pytest.raises(RuleError) as err:
        fp.shooter_dice(6, [("smg", 7)], distance=13)
    assert err.value.code == "weapon_out_of_range"
    assert "zone 1" in err.value.message and "zone 3" in err.value.message
    with pytest.raises(RuleError) as err:
        fp.shooter_dice(8, [("flamethrower_opka13", 1)], distance=5)
    assert err.value.code == "weapon_out_of_range" and "4\"" in err.value.message
    assert fp.shooter_dice(8, [("flamethrower_opka13", 1)], distance=4) == (8, 6)
    with pytest.raises(RuleError) as err:
        fp.shooter_dice(6, [("rifle", 1)], distance=31)
    assert err.value.code == "target_out_of_range"


def test_bad_shots_are_refused():
    for shot in ([], [("laser", 1)], [("smg", 0)], [("smg", 1.5)], [("smg",)]):
        with pytest.raises(RuleError):
            fp.shooter_dice(6, shot)
    with pytest.raises(RuleError) as err:
        fp.shooter_dice(6, [("lmg", 1), ("grenade_launcher", 1)])
    assert err.value.code == "not_covered"


def test_power_of_a_combined_shot():
    assert fp.shot_power_die([("lmg", 1)]) == 10
    assert fp.shot_power_die([("smg", 4), ("lmg", 1)]) == 8
    assert fp.shot_power_die([("automat", 3), ("sniper_rifle", 1)]) == 8
    assert fp.shot_power_die([("automat", 1), ("sniper_rifle", 1)]) == 8  # tie -> lower
    assert fp.shot_power_die([("automat", 1), ("sniper_rifle", 2)]) == 10
    assert fp.shot_power_die([("flamethrower_keno", 1)]) == 12


@pytest.mark.parametrize(
    ("rule", "power"),
    [("most_numerous_tie_lower", 8), ("most_numerous_tie_higher", 10), ("lowest", 6),
     ("highest", 10)],
)
def test_mixed_small_arms_power_option(rule, power):
    shot = [("automat", 2), ("rifle", 2), ("pistol", 1)]
    assert fp.shot_power_die(shot, options=Options(mixed_small_arms_power=rule)) == power


def test_specials_work_only_for_a_weapon_firing_on_its_own():
    assert fp.support_specials_active([("sniper_rifle", 1)])
    assert not fp.support_specials_active([("sniper_rifle", 1), ("smg", 3)])
    assert fp.active_specials([("flamethrower_keno", 1)]) == {
        "flamethrower_autowound", "backpack_explodes"}
    assert fp.active_specials([("flamethrower_keno", 1), ("automat", 2)]) == frozenset()


def test_fires_per_activation_and_ammo():
    assert fp.fires_per_activation("hmg", ground_emplaced=True) == 2
    assert fp.fires_per_activation("hmg", ground_emplaced=False) == 1
    assert fp.fires_per_activation("lmg", ground_emplaced=True) == 1
    assert fp.shots_per_battle("grenade_launcher") == 3
    assert fp.shots_per_battle("automat") is None


# ---- outcome, suppression, hits ----


@pytest.mark.parametrize(
    ("shooter", "target", "outcome"),
    [((3, 6), 2, "suppress_and_hits"), ((3, 6), 3, "suppress"), ((3, 3), 3, "no_effect"),
     ((1, 1, 5), 4, "suppress"), ((5, 6, 7), 4, "suppress_and_hits")],
)
def test_fire_outcome_counts_dice_strictly_above_the_target(shooter, target, outcome):
    assert fp.fire_outcome(shooter, target) == outcome


def test_fire_outcome_checks_rolled_values():
    with pytest.raises(RuleError) as err:
        fp.fire_outcome((7, 2), 1, shooter_dice=(6, 8), target_die=10)
    assert err.value.code == "die_out_of_range"
    with pytest.raises(RuleError) as err:
        fp.fire_outcome((3, 2), 11, shooter_dice=(6, 8), target_die=10)
    assert err.value.code == "die_out_of_range"
    with pytest.raises(RuleError) as err:
        fp.fire_outcome((3,), 1, shooter_dice=(6, 8))
    assert err.value.code == "wrong_die"


def test_suppression_markers_cap_at_three_and_never_on_berserks():
    assert fp.suppression_after_fire(0, "suppress") == 1
    assert fp.suppression_after_fire(3, "suppress_and_hits") == 3
    assert fp.suppression_after_fire(1, "no_effect") == 1
    assert fp.suppression_after_fire(0, "suppress", no_step_back=True) == 0


def test_suppressed_infantry_may_do_only_five_things():
    assert fp.suppressed_allows("observe") is True
    assert fp.suppressed_allows("move_away_from_enemy") is True
    assert "only in cover" in fp.suppressed_allows("reorganise")
    assert fp.suppressed_allows("reorganise", in_cover=True) is True
    assert "§2.7" in fp.suppressed_allows("shoot")
    assert fp.suppressed_allows("shoot", vehicle=True) is True
    assert "get out" in fp.suppressed_allows("disembark", vehicle=True, crew_must_get_out=True)


def test_remove_suppression_is_a_command_test():
    assert not fp.remove_suppression_test(1, 1)
    assert fp.remove_suppression_test(2, 1, die=6)
    with pytest.raises(RuleError):
        fp.remove_suppression_test(0, 1, die=6)


@pytest.mark.parametrize(
    ("dice", "target", "hits"),
    [((6, 10), 10, 2), ((6, 8), 10, 1), ((8, 4), 12, 1), ((6, 4), 4, 3), ((6, 6), 8, 2),
     ((4, 4), 12, 1), ((12, 12, 12), 4, 9)],
)
def test_potential_hits_round_half_up(dice, target, hits):
    assert fp.potential_hits(dice, target) == hits


def test_potential_hits_is_not_bankers_rounding():
    # 10 / 4 = 2.5: half up gives 3 where Python's round() gives 2
    assert fp.potential_hits((6, 4), 4) == 3 != round(10 / 4)


@given(st.lists(ladder, min_size=2, max_size=6), ladder)
def test_two_or_more_shooter_dice_always_give_at_least_one_potential_hit(dice, target):
    assert fp.potential_hits(dice, target) >= 1


@pytest.mark.parametrize(
    ("power", "armour", "result"),
    [(5, 4, "wounded"), (4, 4, "no_effect"), (3, 4, "no_effect"), (12, 4, "killed"),
     (11, 4, "wounded"), (3, 1, "killed"), (2, 1, "wounded")],
)
def test_hit_result_power_against_armour(power, armour, result):
    assert fp.hit_result(power, armour) == result


def test_killed_threshold_option():
    strict = Options(killed_threshold="more_than_3x")
    assert fp.hit_result(12, 4, options=strict) == "wounded"
    assert fp.hit_result(4, 1, options=strict) == "killed"


def test_flamethrower_wounds_automatically_but_killed_still_kills():
    assert fp.hit_result(1, 4, flamethrower_autowound=True) == "wounded"
    assert fp.hit_result(12, 4, flamethrower_autowound=True) == "killed"


def test_hit_result_checks_dice():
    with pytest.raises(RuleError):
        fp.hit_result(11, 2, power_die=10)
    with pytest.raises(RuleError):
        fp.hit_result(5, 5, armour_die=4)


def test_armour_die():
    assert fp.armour_die("human") == 4
    assert fp.armour_die("flak_vest") == 4
    assert fp.armour_die("flak_vest", fragmentation=True) == 6
    assert fp.armour_die("power_armour", fragmentation=True) == 10
    assert fp.armour_die("human", psi_die=8, aimed_small_arms=True) == 8
    assert fp.armour_die("human", psi_die=8) == 4
    assert fp.armour_die("human", psi_die=8, aimed_small_arms=True, fragmentation=True) == 4
    assert fp.armour_die("power_armour", psi_die=6, aimed_small_arms=True) == 10
    with pytest.raises(RuleError):
        fp.armour_die("chainmail")


def test_rules_missing_from_the_source_are_refused():
    for missing in (fp.guidance_die, fp.evasion_die, fp.vehicle_armour_die):
        with pytest.raises(RuleError) as err:
            missing()
        assert err.value.code == "missing_table"
