"""§2.14: panic triggers by quality and the panic test."""

import pytest

from rules.core.errors import RuleError
from rules.steelwar.options import Options
from rules.steelwar.panic import (
    PANIC_FAILURE_GRADE_CHANGE,
    panic_possible,
    panic_test,
    panic_triggers_for,
)


@pytest.mark.parametrize(
    ("die", "event", "panics"),
    [(4, "enemy_unit_first_seen", True), (4, "first_fired_upon", False),
     (6, "enemy_armour_first_seen", True), (6, "first_fired_upon", True),
     (6, "enemy_unit_first_seen", False), (8, "fearsome_charge", True),
     (8, "first_fired_upon", False), (10, "fearsome_charge", False),
     (12, "enemy_unit_first_seen", False)],
)
def test_panic_triggers_by_quality(die, event, panics):
    assert panic_triggers_for(die, event) is panics


def test_cumulative_triggers_option():
    cumulative = Options(panic_triggers_cumulative=True)
    assert panic_triggers_for(4, "first_fired_upon", options=cumulative)
    assert panic_triggers_for(6, "fearsome_charge", options=cumulative)
    assert not panic_triggers_for(8, "first_fired_upon", options=cumulative)
    assert not panic_triggers_for(10, "fearsome_charge", options=cumulative)


def test_unknown_events_and_dice():
    with pytest.raises(RuleError):
        panic_triggers_for(6, "thunder")
    with pytest.raises(RuleError):
        panic_triggers_for(7, "first_fired_upon")


def test_panic_test_is_a_reaction_test_at_threat_zero():
    assert panic_test(3, 2)
    assert not panic_test(2, 2)
    assert panic_test(1, 3, no_step_back=True)
    assert PANIC_FAILURE_GRADE_CHANGE == -1
    with pytest.raises(RuleError):
        panic_test(0, 2, die=6)


def test_a_squad_that_passed_never_panics_again():
    assert panic_possible(panic_immune=False)
    assert not panic_possible(panic_immune=True)
    assert not panic_possible(panic_immune=False, no_step_back=True)
