"""§2.15: "Not one step back!" conditions, test, failure and end."""

import pytest

from rules.core.errors import RuleError
from rules.steelwar import no_step_back as nsb
from rules.steelwar.options import Options

GOOD = {
    "in_cover_or_prone": True,
    "nearest_friend_inches": 13,
    "visible_enemy_grades": ["steady", "confident", "shaken"],
    "morale": "shaken",
}


def test_conditions_hold():
    assert nsb.unmet_conditions(**GOOD) == []
    nsb.check_conditions(**GOOD)
    assert nsb.unmet_conditions(**{**GOOD, "nearest_friend_inches": None}) == []


@pytest.mark.parametrize(
    ("change", "fragment"),
    [({"in_cover_or_prone": False}, "cover or prone"),
     ({"nearest_friend_inches": 12}, "friendly"),
     ({"visible_enemy_grades": ["steady", "steady", "broken"]}, "enemy squads"),
     ({"morale": "broken"}, "Shaken or better")],
)
def test_each_condition(change, fragment):
    unmet = nsb.unmet_conditions(**{**GOOD, **change})
    assert len(unmet) == 1 and fragment in unmet[0]
    with pytest.raises(RuleError) as err:
        nsb.check_conditions(**{**GOOD, **change})
    assert err.value.code == "action_forbidden"


def test_broken_enemies_count_under_the_not_routing_reading():
    enemies = ["steady", "steady", "broken"]
    assert nsb.unmet_conditions(**{**GOOD, "visible_enemy_grades": enemies},
                                options=Options(no_step_back_enemy_counts="not_routing")) == []


def test_test_die_and_success_on_six():
    assert nsb.no_step_back_die(keno_guard=True) == 8
    assert nsb.no_step_back_die(keno_guard=False) == 6
    assert nsb.no_step_back_test(6, keno_guard=False)
    assert not nsb.no_step_back_test(5, keno_guard=False)
    assert nsb.no_step_back_test(8, keno_guard=True)
    with pytest.raises(RuleError) as err:
        nsb.no_step_back_test(7, keno_guard=False)
    assert err.value.code == "die_out_of_range"


def test_failure_removes_the_squad():
    assert nsb.failure_outcome(12) == "surrendered"
    assert nsb.failure_outcome(20) == "scattered"
    assert nsb.failure_outcome(None) == "scattered"


def test_the_state_ends_when_only_broken_enemies_are_in_view():
    assert nsb.state_ends([])
    assert nsb.state_ends(["broken", "routing"])
    assert not nsb.state_ends(["broken", "shaken"])
    assert not nsb.state_ends(["routing"], options=Options(no_step_back_end="broken_only"))
    assert nsb.MORALE_AFTER == "steady"
