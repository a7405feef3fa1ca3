"""§2.11: reorganisation settles the fate of unchecked casualties."""

import pytest

from rules.core.errors import RuleError
from rules.steelwar.options import Options
from rules.steelwar.reorganisation import (
    check_can_reorganise,
    medical_bonus,
    medical_vehicle_in_range,
    wounded_fate,
)


@pytest.mark.parametrize(
    ("d6", "fate"),
    [(1, "killed"), (2, "killed"), (3, "stabilised"), (5, "stabilised"),
     (6, "returned_to_duty")],
)
def test_wounded_fate_without_help(d6, fate):
    assert wounded_fate(d6) == fate


def test_medic_and_surgeon_bonuses():
    assert wounded_fate(2, medic_or_medical_vehicle=True) == "stabilised"
    assert wounded_fate(5, medic_or_medical_vehicle=True) == "returned_to_duty"
    assert wounded_fate(4, surgeon=True) == "returned_to_duty"
    assert wounded_fate(1, surgeon=True) == "stabilised"


def test_medic_and_surgeon_do_not_stack_by_default():
    assert medical_bonus(medic_or_medical_vehicle=True, surgeon=True) == 2
    stack = Options(medic_surgeon_stacking="cumulative")
    assert medical_bonus(medic_or_medical_vehicle=True, surgeon=True, options=stack) == 3
    assert wounded_fate(3, medic_or_medical_vehicle=True, surgeon=True) == "stabilised"
    assert wounded_fate(3, medic_or_medical_vehicle=True, surgeon=True,
                        options=stack) == "returned_to_duty"


def test_androids_get_no_medical_bonus_and_robots_are_never_healed():
    assert wounded_fate(2, medic_or_medical_vehicle=True, surgeon=True, android=True) == "killed"
    with pytest.raises(RuleError) as err:
        wounded_fate(6, robot=True)
    assert err.value.code == "action_forbidden"


def test_wounded_fate_refuses_a_bad_die():
    with pytest.raises(RuleError) as err:
        wounded_fate(7)
    assert err.value.code == "die_out_of_range"


def test_medical_vehicle_within_six_inches():
    assert medical_vehicle_in_range(6)
    assert not medical_vehicle_in_range(6.5)


def test_when_a_squad_may_reorganise():
    check_can_reorganise(suppressed=False, in_cover=False, reorganised_this_activation=False)
    check_can_reorganise(suppressed=True, in_cover=True, reorganised_this_activation=False)
    with pytest.raises(RuleError, match="only in cover"):
        check_can_reorganise(suppressed=True, in_cover=False, reorganised_this_activation=False)
    with pytest.raises(RuleError, match="cannot be repeated"):
        check_can_reorganise(suppressed=False, in_cover=True, reorganised_this_activation=True)
