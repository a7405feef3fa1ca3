"""§2.16, §3.6, §3.7: psi zones, success, limits, survivability, androids, comms."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import DIE_SIZES
from rules.core.errors import RuleError
from rules.steelwar import psionics as psi
from rules.steelwar.options import Options


@pytest.mark.parametrize(("distance", "zone"), [(0, 1), (12, 1), (12.5, 2), (24, 2), (25, 3)])
def test_psi_zones_are_twelve_inches(distance, zone):
    assert psi.psi_zone(distance) == zone


def test_psi_die_drops_a_step_per_zone_and_is_impossible_below_d4():
    assert psi.psi_die_at(8, 10) == 8
    assert psi.psi_die_at(8, 20) == 6
    assert psi.psi_die_at(8, 30) == 4
    assert psi.psi_die_at(8, 40) is None
    assert psi.psi_die_at(8, 40, options=Options(psi_below_d4="clamp_d4")) == 4
    assert psi.psi_die_at(12, 12, options=Options(zone_boundary="outer")) == 10


def test_line_of_sight_is_needed_beyond_zone_one():
    assert not psi.needs_line_of_sight(12)
    assert psi.needs_line_of_sight(13)


def test_success_is_at_least_the_powers_number():
    assert psi.psi_success(4, "psi_strike")
    assert not psi.psi_success(3, "psi_strike")
    assert psi.psi_success(1, "psi_detection")
    strict = Options(psi_success_comparison="greater_than")
    assert not psi.psi_success(4, "psi_strike", options=strict)
    assert psi.psi_success(5, "psi_strike", options=strict)
    with pytest.raises(RuleError) as err:
        psi.psi_success(7, "psi_blast", die=6)
    assert err.value.code == "die_out_of_range"
    with pytest.raises(RuleError) as err:
        psi.psi_success(4, "mind_control")
    assert err.value.code == "unknown_psi_power"


def test_power_limits():
    assert psi.check_power_allowed("panic", suppressed=False).threshold == 4
    with pytest.raises(RuleError, match="suppressed"):
        psi.check_power_allowed("panic", suppressed=True)
    psi.check_power_allowed("panic", suppressed=True,
                            options=Options(suppressed_psionic_may_use_powers=True))
    with pytest.raises(RuleError, match="once per activation"):
        psi.check_power_allowed("panic", suppressed=False, powers_used_this_activation=("panic",))
    psi.check_power_allowed("panic", suppressed=False, powers_used_this_activation=("panic",),
                            options=Options(psi_power_once_per_activation=False))
    with pytest.raises(RuleError, match="1 figure"):
        psi.check_power_allowed("murder", suppressed=False, target_figures=1)
    psi.check_power_allowed("murder", suppressed=False, target_figures=2)


def test_powers_affect_people_only():
    assert psi.target_affected("infantry") and psi.target_affected("vehicle_crew")
    assert not psi.target_affected("robot") and not psi.target_affected("vehicle")


def test_survivability_armour():
    assert psi.psionic_armour_die(8, 4) == 8
    assert psi.psionic_armour_die(4, 10) == 10
    assert psi.psionic_armour_die(4, 10, options=Options(psionic_armour="psi_die")) == 4


def test_androids_resist_on_d6_at_best():
    assert psi.android_resist_die(8) == 6
    assert psi.android_resist_die(4) == 4
    assert psi.android_resist_die(4, options=Options(android_psi_resist="always_d6")) == 6


def test_comms_and_inspire_and_titles():
    assert psi.psi_comms_die(8, 6) == 8
    assert psi.psi_comms_die(4, 10) == 10
    assert psi.psi_inspire_leadership(None) == 2
    assert psi.psi_inspire_leadership(1) == 1
    assert psi.psi_inspire_leadership(None, options=Options(psi_inspire_default_leadership=3)) == 3
    assert psi.psi_title(8) == "master"
    assert psi.psi_title(12) == "legend"


@given(st.sampled_from(DIE_SIZES), st.floats(0, 100, allow_nan=False))
def test_the_psi_die_never_improves_with_range(die, distance):
    at = psi.psi_die_at(die, distance)
    assert at is None or (at in DIE_SIZES and at <= die)
