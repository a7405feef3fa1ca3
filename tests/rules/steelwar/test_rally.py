"""§2.18: rally -- chain of command, comms test, rally roll, ceiling."""

import pytest

from rules.core.errors import RuleError
from rules.steelwar.options import Options
from rules.steelwar.rally import (
    bypassed_links,
    check_rally_allowed,
    comms_die,
    comms_needed,
    comms_test,
    rally_current_threat,
    rally_result,
    rally_threshold,
)

SQUAD = ("bn1", "coy3", "plt1", "sq2")


@pytest.mark.parametrize(
    ("officer", "links"),
    [(("bn1", "coy3", "plt1"), 0), (("bn1", "coy3"), 1), (("bn1",), 2), ((), 3),
     (("bn1", "coy3", "plt2"), None), (("bn1", "coy2"), None), (SQUAD, None),
     (("bn1", "coy3", "plt1", "sq2", "x"), None)],
)
def test_bypassed_links_in_the_direct_vertical_line(officer, links):
    assert bypassed_links(officer, SQUAD) == links


def test_comms_die_drops_a_step_per_bypassed_link():
    assert comms_die(10, 0) == 10
    assert comms_die(10, 1) == 8
    assert comms_die(6, 1) == 4
    assert comms_die(6, 2) is None
    assert comms_die(6, 2, options=Options(comms_below_d4="clamp_d4")) == 4
    assert comms_die(6, 1, psi_die=10) == 8
    with pytest.raises(RuleError):
        comms_die(6, -1)
    with pytest.raises(RuleError):
        comms_die(5, 0)


def test_no_comms_test_within_six_inches_in_line_of_sight():
    assert not comms_needed(6, True)
    assert comms_needed(6, True, options=Options(rally_contact_inclusive=False))
    assert comms_needed(5, False)
    assert comms_needed(7, True)


def test_comms_test_beats_the_worse_leadership():
    assert not comms_test(2, 2, 2)
    assert comms_test(3, 1, 2)
    assert not comms_test(3, 3, 1)
    assert comms_test(1, 3, 3, both_psionic=True)
    with pytest.raises(RuleError):
        comms_test(9, 2, 2, die=8)


def test_rally_requirements():
    assert check_rally_allowed(officer_path=("bn1", "coy3"), squad_path=SQUAD,
                               officer_on_table=True, both_have_radio=True, distance=30,
                               line_of_sight=False) == 1
    with pytest.raises(RuleError, match="directly above"):
        check_rally_allowed(officer_path=("bn1", "coy3", "plt2"), squad_path=SQUAD,
                            officer_on_table=True, both_have_radio=True, distance=3,
                            line_of_sight=True)
    with pytest.raises(RuleError, match="on the table"):
        check_rally_allowed(officer_path=("bn1",), squad_path=SQUAD, officer_on_table=False,
                            both_have_radio=True, distance=3, line_of_sight=True)
    with pytest.raises(RuleError, match="contact"):
        check_rally_allowed(officer_path=("bn1",), squad_path=SQUAD, officer_on_table=True,
                            both_have_radio=False, distance=8, line_of_sight=True)


def test_rally_threshold_and_current_threat():
    threat = rally_current_threat({"unchecked_casualty": 1, "wounded_left_behind": 1}, "medium")
    assert threat == 2
    assert rally_threshold(2, 2, threat) == 6
    assert rally_current_threat({"wounded_left_behind": 1}, "low",
                                options=Options(rally_threat="none")) == 0


def test_rally_improves_one_grade_never_above_the_start():
    assert rally_result(8, 2, 2, 2, "broken", "steady") == "shaken"
    assert rally_result(6, 2, 2, 2, "broken", "steady") == "broken"
    assert rally_result(12, 1, 1, 0, "steady", "steady") == "steady"
    assert rally_result(12, 1, 1, 0, "routing", "confident") == "broken"
    with pytest.raises(RuleError):
        rally_result(11, 2, 2, 0, "broken", "steady", die=10)
