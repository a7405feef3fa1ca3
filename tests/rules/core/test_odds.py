from fractions import Fraction

import pytest

from rules.core.odds import Distribution, dice_product, die, enumerate_dice, independent, sum_of


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
