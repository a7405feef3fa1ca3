"""Groups of Extras (digest §2.18), with the text's worked examples 6 and 7 (§4)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries.groups import LOOP, ROUNDED, group_modifier, group_wild_die


@pytest.mark.parametrize("extras,die", [(1, None), (2, 4), (3, 4), (4, 6), (7, 6), (8, 8),
                                        (15, 8), (16, 10), (40, 10)])
def test_group_wild_die_by_group_size(extras, die):
    assert group_wild_die(extras) == die


def test_an_empty_group_is_refused():
    with pytest.raises(RuleError, match="at least one"):
        group_wild_die(0)


@pytest.mark.parametrize("reading", [LOOP, ROUNDED])
def test_worked_example_6_plus_two_that_seven_of_ten_have_is_plus_one(reading):
    assert group_modifier(2, 7, 10, reading=reading) == 1


@pytest.mark.parametrize("reading", [LOOP, ROUNDED])
def test_worked_example_7_plus_two_that_eight_of_ten_have_is_plus_two(reading):
    assert group_modifier(2, 8, 10, reading=reading) == 2


@pytest.mark.parametrize("reading", [LOOP, ROUNDED])
def test_no_majority_no_modifier(reading):
    assert group_modifier(2, 5, 10, reading=reading) == 0
    assert group_modifier(-2, 5, 10, reading=reading) == 0


def test_the_readings_differ_for_a_large_bonus():
    assert group_modifier(4, 9, 10, reading=LOOP) == 3
    assert group_modifier(4, 9, 10, reading=ROUNDED) == 4


def test_a_penalty_keeps_its_sign():
    assert group_modifier(-2, 8, 10) == -2


def test_more_with_the_modifier_than_in_the_group_is_refused():
    with pytest.raises(RuleError):
        group_modifier(2, 11, 10)
