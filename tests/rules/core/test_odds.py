from fractions import Fraction

import pytest

from rules.core.odds import (
    AtLeast,
    Distribution,
    dice_product,
    die,
    enumerate_dice,
    exploding,
    independent,
    sum_of,
    undecided,
)


def test_a_die_is_uniform_and_sums_to_one():
    d = die(6)
    assert sum(d.values()) == 1
    assert d[3] == Fraction(1, 6)


def test_probabilities_must_sum_to_exactly_one():
    with pytest.raises(ValueError):
        Distribution({"a": Fraction(1, 2), "b": Fraction(1, 3)})
    with pytest.raises(ValueError):
        Distribution({"a": Fraction(3, 2), "b": Fraction(-1, 2)})


def test_two_d6_sum_to_seven_one_time_in_six():
    assert sum_of(die(6), 2)[7] == Fraction(1, 6)
    assert dice_product((6, 6)).map(sum)[12] == Fraction(1, 36)


def test_probability_and_expectation_are_exact():
    d = die(8)
    assert d.probability(lambda x: x > 6) == Fraction(1, 4)
    assert d.expected() == Fraction(9, 2)
    assert d.expected(lambda x: x * x) == Fraction(51, 2)


def test_bind_chains_a_second_random_step():
    # roll a d4; on 4 roll a d6 and add it
    d = die(4).bind(lambda x: die(6).map(lambda y: x + y) if x == 4 else Distribution.certain(x))
    assert d[1] == Fraction(1, 4)
    assert d[5] == Fraction(1, 24)
    assert sum(d.values()) == 1


def test_enumerate_dice_walks_every_combination_once():
    rows = list(enumerate_dice((4, 6)))
    assert len(rows) == 24 and sum(p for _, p in rows) == 1


def test_independent_joins_outcomes_as_tuples():
    joint = independent(die(4), Distribution.from_weights({"x": 1, "y": 3}))
    assert joint[(2, "y")] == Fraction(3, 16)


def test_zero_probabilities_are_dropped_and_json_lists_the_likeliest_first():
    d = Distribution.from_weights({"a": 0, "b": 1, "c": 3})
    assert "a" not in d
    assert [row["outcome"] for row in d.to_json()] == ["c", "b"]
    assert d.to_json()[0]["p"] == "3/4"


class TestExplodingDie:
    @pytest.mark.parametrize("sides", [4, 6, 8, 10, 12])
    def test_a_top_face_is_never_a_final_total(self, sides):
        dist = exploding(sides, 2)
        assert all(int(total) % sides for total in dist)

    def test_the_remainder_is_one_outcome_with_the_rest_of_the_probability(self):
        dist = exploding(6, 2)
        assert dist[AtLeast(19)] == Fraction(1, 216)
        assert dist[7] == Fraction(1, 36)  # 6 then 1
        assert sum(dist.values()) == 1

    def test_undecided_mass_only_below_the_bound(self):
        dist = exploding(4, 1)  # AtLeast(9)
        assert undecided(dist, 9) == 0
        assert undecided(dist, 12) == Fraction(1, 16)

    def test_bad_die(self):
        with pytest.raises(ValueError):
            exploding(1)
