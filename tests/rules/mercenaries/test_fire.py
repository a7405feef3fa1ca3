"""Automatic, suppressive, area, lobbed and spotted fire; artillery; grenades into buildings
(digest §2.15-§2.16, §2.21-§2.25; worked examples 13-15 and the derived vectors)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import indirect, suppression
from rules.mercenaries.trait import resolve


class TestAreaAndDeviation:
    def test_worked_example_13_a_2x2_area_is_named_by_its_top_left_cell(self):
        assert indirect.area_cells((5, 5), 2, 2) == [(5, 5), (6, 5), (5, 4), (6, 4)]

    def test_worked_example_14_on_the_d8_one_is_up_right_and_clockwise(self):
        assert indirect.deviation_direction_die(1) == 8
        assert indirect.deviation_offset(1, 1) == (1, 1)
        assert indirect.deviation_offset(1, 2) == (1, 0)
        assert indirect.deviation_offset(1, 8) == (0, 1)

    def test_two_or_three_cells_use_the_d12_clock(self):
        assert indirect.deviation_direction_die(3) == 12
        assert indirect.deviation_offset(2, 12) == (0, 2)
        assert indirect.deviation_offset(3, 3) == (3, 0)

    def test_worked_example_15_a_3_at_short_range_is_one_cell(self):
        assert indirect.deviation_cells(3, "short") == 1
        assert indirect.deviation_cells(3, "medium") == 2
        assert indirect.deviation_cells(3, "long") == 3

    def test_bad_dice_are_refused(self):
        with pytest.raises(RuleError, match="face of a d3"):
            indirect.deviation_cells(4, "long")
        with pytest.raises(RuleError, match="9 is not a direction"):
            indirect.deviation_offset(1, 9)


class TestSpotterAndArtillery:
    def test_derived_vector_a_notice_of_7_is_minus_2(self):
        assert indirect.spotted_penalty(7) == -2

    def test_a_failed_notice_leaves_minus_6_and_the_penalty_stops_at_0(self):
        assert indirect.spotted_penalty(3) == -6
        assert indirect.spotted_penalty(12) == 0

    def test_a_registered_square(self):
        assert indirect.spotted_penalty(None, registered=True) == 0

    @pytest.mark.parametrize("base,present,size,turns", [(4, 3, 4, 2), (4, 5, 4, 1),
                                                         (4, 1, 4, 4), (2, 4, 4, 1)])
    def test_derived_vectors_artillery_rate_of_fire(self, base, present, size, turns):
        assert indirect.artillery_rate(base, present, size) == turns

    def test_grenade_into_a_building(self):
        assert not indirect.grenade_needs_roll(1, throw_cells=1)
        assert indirect.grenade_needs_roll(4, throw_cells=4)
        assert indirect.bounce_back_most(5) == 2


class TestAutomaticAndSuppressiveFire:
    def test_auto_fire_is_minus_2_unless_rock_and_roll_or_mounted(self):
        assert suppression.auto_fire_modifier() == -2
        assert suppression.auto_fire_modifier(rock_and_roll=True) == 0
        assert suppression.auto_fire_modifier(vehicle_mounted=True) == 0

    def test_auto_fire_needs_rof_2(self):
        with pytest.raises(RuleError, match="rate of fire of 2"):
            suppression.check_auto_fire(1)

    def test_suppressive_cells_touch_one_another(self):
        suppression.check_suppressive_cells(3, [(0, 0), (1, 1), (0, 0)])
        with pytest.raises(RuleError, match="cell 3,3 does not touch"):
            suppression.check_suppressive_cells(3, [(0, 0), (1, 1), (3, 3)])

    def test_suppressive_fire_needs_rof_3_and_one_cell_a_roll(self):
        with pytest.raises(RuleError, match="rate of fire of 3"):
            suppression.check_suppressive_cells(2, [(0, 0), (0, 0)])
        with pytest.raises(RuleError, match="2 cells were named"):
            suppression.check_suppressive_cells(3, [(0, 0), (0, 1)])

    def test_the_check_modifier_and_its_cover_readings(self):
        assert suppression.check_modifier(2, 1, prone=True, cover=1) == -2 + 2 + 1
        assert suppression.check_modifier(1, 0, prone=False, cover=1,
                                          cover_reading=suppression.COVER_PLUS_TWO) == 2

    def test_a_cell_struck_several_times_by_either_reading(self):
        every = suppression.EVERY_SUCCESS
        assert suppression.check_penalty(1, 1) == suppression.check_penalty(1, 1, every) == -1
        assert suppression.check_penalty(3, 1) == -3
        assert suppression.check_penalty(3, 1, every) == -4
        assert suppression.check_penalty(0, 0, every) == 0
        with pytest.raises(ValueError):
            suppression.check_penalty(2, 0, "first_only")

    def test_the_spotters_reach_by_either_reading(self):
        impact = indirect.FROM_IMPACT
        assert indirect.spotter_in_reach((4, 6), (7, 5))
        assert not indirect.spotter_in_reach((1, 3), (7, 5))
        assert indirect.spotter_in_reach((1, 3), (7, 5), reading=impact)
        assert indirect.later_shot((7, 5), fired_at=((7, 5),), impacts=())
        assert not indirect.later_shot((6, 6), fired_at=((7, 5),), impacts=((8, 5),))
        assert indirect.later_shot((6, 6), fired_at=(), impacts=((8, 5),), reading=impact)
        assert not indirect.later_shot((4, 6), fired_at=(), impacts=((8, 5),), reading=impact)
        with pytest.raises(ValueError):
            indirect.later_shot((4, 6), fired_at=(), impacts=(), reading="gun")

    def test_a_wild_cards_natural_1_by_either_reading(self):
        one = resolve(1, 5)  # trait die 1, Wild Die 5: a success
        assert suppression.suppression_result(one) == "unaffected"
        assert suppression.suppression_result(one, suppression.TRAIT_DIE) == "wounded"
        assert suppression.suppression_result(resolve(1, 1), suppression.TRAIT_DIE) == "wounded"
        assert suppression.suppression_result(resolve(1, None), suppression.TRAIT_DIE) == (
            "wounded")

    def test_results(self):
        assert suppression.suppression_result(resolve(1, None, modifier=3)) == "wounded"
        assert suppression.suppression_result(resolve(3, None, modifier=-2)) == "wounded"
        assert suppression.suppression_result(resolve(3, None)) == "shaken"
        assert suppression.suppression_result(resolve(5, None)) == "unaffected"
        assert suppression.suppression_result(resolve(1, 1)) == "wounded"
        assert suppression.suppression_result(resolve(1, 5)) == "unaffected"
