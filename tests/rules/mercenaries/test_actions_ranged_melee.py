"""Multi-action (§2.4, §3.9; worked examples 1-2), ranged attacks (§2.7-§2.8, §3.4-§3.5,
§3.12-§3.13; worked examples 4, 5, 17) and melee (§2.6; worked example 16)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import actions, melee, ranged
from rules.mercenaries.trait import resolve


class TestMultiAction:
    @pytest.mark.parametrize("n,penalty", [(0, 0), (1, 0), (2, -2), (3, -4), (4, -6), (5, -8)])
    def test_table_3_9_penalty(self, n, penalty):
        assert actions.multi_action_penalty(n) == penalty

    def test_worked_example_1_three_actions_is_tn_4(self):
        assert actions.tangle_modifier(3) == 0
        assert actions.equivalent_tn(3) == 4

    def test_worked_example_2_four_actions_is_tn_6_and_so_on(self):
        assert actions.equivalent_tn(4) == 6
        assert actions.equivalent_tn(5) == 8

    def test_only_a_wild_card_over_two_actions_rolls(self):
        assert actions.needs_tangle_check(3, wild_card=True)
        assert not actions.needs_tangle_check(2, wild_card=True)
        assert not actions.needs_tangle_check(2, wild_card=False)

    def test_an_extra_cannot_take_three_actions(self):
        with pytest.raises(RuleError, match="at most 2"):
            actions.check_actions(3, wild_card=False)

    def test_the_check_at_four_actions(self):
        mod = actions.tangle_modifier(4)
        assert actions.untangled(resolve(6, 2, modifier=mod))
        assert not actions.untangled(resolve(5, 2, modifier=mod))


class TestRangeBands:
    @pytest.mark.parametrize("cells,band", [(0, "short"), (3, "short"), (4, "medium"),
                                            (6, "medium"), (12, "long"), (13, "extreme"),
                                            (24, "extreme"), (25, "maximum"), (48, "maximum")])
    def test_bands_of_a_3_6_12_weapon(self, cells, band):
        assert ranged.range_band(cells, 3, 6, 12) == band

    def test_exactly_twice_long_is_a_reading(self):
        assert ranged.range_band(24, 3, 6, 12, twice_long=ranged.TWICE_LONG_MAXIMUM) == "maximum"

    def test_beyond_four_times_long_is_out_of_range(self):
        with pytest.raises(RuleError, match="49 cells away"):
            ranged.range_band(49, 3, 6, 12)

    def test_a_mortar_does_not_fire_beyond_long(self):
        with pytest.raises(RuleError):
            ranged.range_band(13, 3, 6, 12, beyond_long=False)

    def test_chebyshev_distance(self):
        assert ranged.distance((0, 0), (3, 2)) == 3

    @pytest.mark.parametrize("band,plain,scoped,literal", [("extreme", -6, -4, -6),
                                                           ("maximum", -8, -6, -4),
                                                           ("long", -4, -4, -4)])
    def test_scope_readings(self, band, plain, scoped, literal):
        assert ranged.band_penalty(band) == plain
        assert ranged.band_penalty(band, scope=True) == scoped
        assert ranged.band_penalty(band, scope=True, scope_reading=ranged.LITERAL) == literal


class TestShotgun:
    def test_worked_example_4_extreme_range_halves_1d6_plus_2(self):
        assert ranged.shotgun_damage("extreme", 1, 6, 2) == (1, 3, 1)

    def test_worked_example_5_maximum_range_is_1d2(self):
        assert ranged.shotgun_damage("maximum", 1, 6, 2) == (1, 2, 0)

    def test_long_range_is_the_weapons_damage(self):
        assert ranged.shotgun_damage("long", 1, 6, 2) == (1, 6, 2)


class TestCalledShots:
    def test_worked_example_17_eye_is_minus_6_plus_4_damage(self):
        assert ranged.called_shot("eye") == (-6, 4)

    def test_unknown_target_refused(self):
        with pytest.raises(RuleError, match="'tail'"):
            ranged.called_shot("tail")


class TestReload:
    def test_single_shots_reload_on_a_2(self):
        assert ranged.reload_triggers(automatic=False, sustained_weapon=False) == {2}

    def test_an_smgs_auto_fire_reloads_on_2_or_3_a_machine_guns_on_2(self):
        assert ranged.reload_triggers(automatic=True, sustained_weapon=False) == {2, 3}
        assert ranged.reload_triggers(automatic=True, sustained_weapon=True) == {2}

    def test_a_burst_ends_at_the_first_trigger_which_still_counts(self):
        assert ranged.burst_until_reload([5, 3, 2, 6], frozenset({2, 3})) == [5, 3]
        assert ranged.burst_until_reload([5, 4, 6], frozenset({2})) == [5, 4, 6]


class TestMelee:
    @pytest.mark.parametrize("attackers,defenders,bonus", [(4, 2, 1), (9, 3, 2), (4, 1, 3),
                                                           (3, 2, 0), (1, 1, 0)])
    def test_worked_example_16_gang_up(self, attackers, defenders, bonus):
        assert melee.gang_up(attackers, defenders) == bonus

    def test_the_arms_matrix(self):
        assert melee.arms_modifier("melee_weapon", "unarmed") == 2
        assert melee.arms_modifier("improvised", "melee_weapon") == -1
        assert melee.arms_modifier("unarmed", "melee_weapon") == -2

    def test_a_neighbouring_cell_is_never_melee_range(self):
        with pytest.raises(RuleError, match="own cell"):
            melee.check_same_cell((0, 0), (0, 1))
        melee.check_same_cell((2, 2), (2, 2))
