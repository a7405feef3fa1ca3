"""Trait rolls (digest §1, §2.14): resolution of entered dice and exact odds with explosions."""

import random
from fractions import Fraction

import pytest

from rules.core.odds import AtLeast
from rules.mercenaries import trait


def roll_exploding(rng: random.Random, sides: int) -> int:
    total = 0
    while True:
        face = rng.randint(1, sides)
        total += face
        if face != sides:
            return total


class TestResolve:
    def test_wild_card_keeps_the_better_die(self):
        result = trait.resolve(2, 5, modifier=-1)
        assert (result.total, result.success, result.raises) == (4, True, 0)

    def test_a_raise_is_every_full_four_over_the_target(self):
        assert trait.resolve(12, 3).raises == 2
        assert trait.resolve(11, 3).raises == 1
        assert trait.resolve(7, 3).raises == 0
        assert trait.resolve(8, None).outcome == "raise"

    def test_snake_eyes_is_a_critical_failure_whatever_the_modifier(self):
        result = trait.resolve(1, 1, modifier=5)
        assert result.critical_failure and not result.success
        assert result.outcome == "critical_failure"

    def test_an_extras_natural_one_always_fails_without_further_effect(self):
        result = trait.resolve(1, None, modifier=5)
        assert not result.success and not result.critical_failure
        assert result.outcome == "failure"

    def test_a_wild_cards_single_one_is_no_failure_if_the_wild_die_carries(self):
        assert trait.resolve(1, 4).success

    def test_worked_example_1_three_actions_is_agility_at_tn_4(self):
        # digest §4.1: Agility +4 with the multi-action penalty -2 x 2 is TN 4 at +0
        assert trait.resolve(4, 1, modifier=4 - 2 * 2).success
        assert not trait.resolve(3, 2, modifier=4 - 2 * 2).success

    def test_worked_example_2_four_actions_is_tn_6(self):
        # digest §4.2: +4 - 6 = -2 at TN 4, the same as TN 6 at +0
        for kept in range(2, 12):
            at_minus_two = trait.resolve(kept, 2, modifier=4 - 2 * 3)
            at_tn_six = trait.resolve(kept, 2, tn=6)
            assert at_minus_two.success == at_tn_six.success == (kept >= 6)


class TestOdds:
    def test_a_d4_wild_card_succeeds_five_times_in_eight(self):
        # fail only if both dice show 1-3: 3/4 x 3/6
        assert trait.success_chance(4) == Fraction(5, 8)

    def test_an_extra_with_a_d4_succeeds_on_a_four_only(self):
        assert trait.success_chance(4, wild_die=None) == Fraction(1, 4)

    def test_without_explosions_a_d4_extra_cannot_reach_a_raise(self):
        dist = trait.odds(4, wild_die=None, explode=False)
        assert dist == {"failure": Fraction(3, 4), ("success", 0): Fraction(1, 4)}

    def test_snake_eyes_odds(self):
        assert trait.odds(8)["critical_failure"] == Fraction(1, 48)

    @pytest.mark.parametrize("die,wild,modifier", [(4, 6, 0), (8, 6, -2), (6, None, 1),
                                                   (12, 6, -4)])
    def test_odds_sum_to_one_and_agree_with_a_seeded_monte_carlo_run(self, die, wild, modifier):
        dist = trait.odds(die, wild_die=wild, modifier=modifier)
        assert sum(dist.values()) == 1
        rng = random.Random(20261124)
        n = 40_000
        wins = 0
        for _ in range(n):
            roll = trait.resolve(roll_exploding(rng, die),
                                 None if wild is None else roll_exploding(rng, wild),
                                 modifier=modifier)
            wins += roll.success
        expected = float(trait.success_chance(die, wild_die=wild, modifier=modifier))
        assert abs(wins / n - expected) < 0.01

    def test_raises_beyond_the_enumeration_are_a_lower_bound(self):
        dist = trait.odds(4, wild_die=None, depth=1, modifier=0)
        bounded = [o for o in dist if isinstance(o, tuple) and isinstance(o[1], AtLeast)]
        assert bounded == [("success", AtLeast(1))]  # 9+ on a d4: one raise or more
        assert dist[bounded[0]] == Fraction(1, 16)

    def test_a_target_beyond_the_depth_is_enumerated_deeper(self):
        # 9 on an exploding d4: two aces and a 1 or better (3/4 of 1/16) or three aces (1/64)
        dist = trait.odds(4, wild_die=None, depth=0, tn=9)
        assert dist.probability(lambda o: isinstance(o, tuple)) == Fraction(1, 16)
