"""§2.12, §2.17, §3.4, §3.5: morale grades, the morale test, threat level, allowed actions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.steelwar import morale as m
from rules.steelwar.options import Options

GRADES = ("confident", "steady", "shaken", "broken", "routing")
grades = st.sampled_from(GRADES)


def test_starting_morale_from_fatigue():
    assert m.starting_morale("fresh") == "confident"
    assert m.starting_morale("tired") == "steady"
    assert m.starting_morale("exhausted") == "shaken"
    with pytest.raises(RuleError) as err:
        m.starting_morale("sleepy")
    assert err.value.code == "unknown_fatigue"


@pytest.mark.parametrize(
    ("roll", "leadership", "threat", "delta"),
    [(9, 2, 6, 0), (6, 2, 6, -1), (5, 2, 6, -1), (4, 2, 6, -2), (1, 2, 6, -2),
     (4, 2, 1, 0), (3, 2, 1, -1), (2, 1, 2, -1), (1, 1, 2, -2)],
)
def test_morale_test(roll, leadership, threat, delta):
    assert m.morale_test(roll, leadership, threat) == delta


def test_morale_half_rule_option_differs_only_for_odd_thresholds():
    needed = Options(morale_half_rule="twice_roll_at_most_needed")
    assert m.morale_test(4, 2, 6, options=needed) == m.morale_test(4, 2, 6) == -2
    assert m.morale_test(5, 2, 6, options=needed) == m.morale_test(5, 2, 6) == -1
    # threshold 5: a 3 is not at most half of 5, but is half of the needed 6
    assert m.morale_test(3, 2, 3) == -1
    assert m.morale_test(3, 2, 3, options=needed) == -2


def test_berserks_pass_every_morale_test():
    assert m.morale_test(1, 3, 8, no_step_back=True) == 0


def test_morale_test_checks_the_roll():
    with pytest.raises(RuleError) as err:
        m.morale_test(9, 2, 6, die=8)
    assert err.value.code == "die_out_of_range"


@given(st.integers(1, 12), st.integers(1, 3), st.integers(0, 12))
def test_morale_test_result_is_zero_one_or_two_grades(roll, leadership, threat):
    delta = m.morale_test(roll, leadership, threat)
    assert delta in (0, -1, -2)
    assert (delta == 0) == (roll > leadership + threat)


@pytest.mark.parametrize(
    ("grade", "delta", "start", "new"),
    [("steady", -1, "steady", "shaken"), ("steady", -2, "steady", "broken"),
     ("broken", -2, "steady", "routing"), ("routing", -1, "steady", "routing"),
     ("broken", 1, "steady", "shaken"), ("steady", 1, "steady", "steady"),
     ("shaken", 2, "steady", "steady"), ("routing", 1, "confident", "broken"),
     ("confident", 0, "confident", "confident")],
)
def test_apply_grade_change(grade, delta, start, new):
    assert m.apply_grade_change(grade, delta, starting_grade=start) == new


def test_apply_grade_change_refuses_unknown_grades():
    with pytest.raises(RuleError) as err:
        m.apply_grade_change("heroic", -1, starting_grade="steady")
    assert err.value.code == "unknown_morale_grade"


@given(grades, st.integers(-4, 4), grades)
def test_morale_stays_on_the_ladder_and_never_rises_above_the_start(grade, delta, start):
    new = m.apply_grade_change(grade, delta, starting_grade=start)
    assert new in GRADES
    if delta > 0:
        assert GRADES.index(new) >= min(GRADES.index(grade), GRADES.index(start))
        assert GRADES.index(new) <= GRADES.index(grade)
    if delta < 0:
        assert GRADES.index(new) >= GRADES.index(grade)


def test_drops_past_routing_are_reported():
    assert m.overflows_routing("broken", -2)
    assert not m.overflows_routing("shaken", -2)
    assert not m.overflows_routing("routing", 1)


def test_routing_squads_surrender_to_an_enemy_within_twelve_inches():
    assert m.surrenders("routing", 12)
    assert not m.surrenders("routing", 13)
    assert not m.surrenders("routing", None)
    assert not m.surrenders("broken", 3)


def test_threat_uses_only_the_largest_trigger():
    triggers = {"first_suppressed", "casualties_from_fire", "commander_lost"}
    assert m.threat_level(triggers, {}, "medium") == 3


def test_additive_factors_are_added_to_a_triggered_test():
    assert m.threat_level({"commander_lost"}, {"artillery_or_air": 1}, "medium") == 4
    assert m.threat_level({"lost_more_than_remain"}, {"unchecked_casualty": 2}, "low") == 6
    assert m.threat_level({"casualties_from_fire"},
                          {"unchecked_casualty": 3, "wounded_left_behind": 1}, "low") == 8


def test_additive_factors_never_trigger_a_test():
    assert m.threat_level(set(), {"artillery_or_air": 1}, "low") is None


def test_no_test_cells():
    assert m.threat_level({"first_suppressed"}, {}, "high") is None
    assert m.threat_level({"first_suppressed", "commander_lost"}, {}, "high") == 2
    # unchecked casualties are not counted at high motivation
    assert m.threat_level({"commander_lost"}, {"unchecked_casualty": 4}, "high") == 2


def test_threat_follows_the_clubs_table_cells():
    club = Options(threat_first_suppressed_high=1, threat_casualties_medium=2)
    assert m.threat_level({"first_suppressed"}, {}, "high", options=club) == 1
    assert m.threat_level({"casualties_from_fire"}, {}, "medium", options=club) == 2


def test_threat_refuses_unknown_factors_and_bad_counts():
    with pytest.raises(RuleError) as err:
        m.threat_level({"rain"}, {}, "low")
    assert err.value.code == "unknown_threat_factor"
    with pytest.raises(RuleError):
        m.threat_level({"commander_lost"}, {"commander_lost": 1}, "low")
    with pytest.raises(RuleError):
        m.threat_level({"commander_lost"}, {"unchecked_casualty": -1}, "low")
    with pytest.raises(RuleError):
        m.threat_level({"commander_lost"}, {}, "fanatical")


def test_lost_more_than_remain():
    assert m.lost_more_than_remain(4, 3)
    assert not m.lost_more_than_remain(3, 3)


@pytest.mark.parametrize(
    ("grade", "kind", "allowed"),
    [("confident", "charge", True), ("steady", "move_toward_enemy", True),
     ("shaken", "move_toward_enemy", False), ("shaken", "leave_cover", True),
     ("shaken", "charge", True), ("broken", "shoot", False), ("broken", "shoot_back", True),
     ("broken", "move_toward_cover", True), ("broken", "charge", False),
     ("broken", "other", False), ("routing", "move_toward_own_edge", True),
     ("routing", "move_toward_cover", False), ("routing", "shoot_back", False)],
)
def test_what_each_grade_may_do(grade, kind, allowed):
    verdict = m.grade_allows(grade, kind)
    assert (verdict is True) == allowed
    if not allowed:
        assert "§2.12" in verdict


def test_shaken_charge_follows_the_option():
    no = Options(shaken_may_charge=False)
    assert "closer to the enemy" in m.grade_allows("shaken", "charge", options=no)


def test_check_grade_allows_raises_action_forbidden():
    m.check_grade_allows("steady", "shoot")
    with pytest.raises(RuleError) as err:
        m.check_grade_allows("routing", "shoot")
    assert err.value.code == "action_forbidden"
    with pytest.raises(RuleError):
        m.grade_allows("steady", "dance")


def test_is_better():
    assert m.is_better("confident", "steady")
    assert not m.is_better("broken", "broken")
