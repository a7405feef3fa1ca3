"""§1 and §2.13: the command test and the reaction test."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.steelwar.options import Options
from rules.steelwar.reaction import go_prone_threat, quality_test, reaction_test, reaction_threat


def test_tests_pass_only_strictly_above_leadership_plus_threat():
    assert quality_test(3, 1, 1)
    assert not quality_test(2, 1, 1)
    assert reaction_test(5, 2, 2)
    assert not reaction_test(4, 2, 2)


def test_berserks_pass_every_reaction_test():
    assert reaction_test(1, 3, 5, no_step_back=True)


def test_reaction_test_checks_the_roll():
    with pytest.raises(RuleError) as err:
        reaction_test(7, 2, 0, die=6)
    assert err.value.code == "die_out_of_range"


def test_reaction_threats_of_the_list():
    assert reaction_threat("go_prone_open") == 2
    assert reaction_threat("go_prone_other") == 0
    assert reaction_threat("move_while_prone") == 2
    assert reaction_threat("leave_cover_shaken") == 2
    assert reaction_threat("panic_event") == 0
    with pytest.raises(RuleError):
        reaction_threat("dance")


def test_prone_and_shaken_threat_options():
    plain = Options(prone_move_threat=0, shaken_leave_cover_threat=0)
    assert reaction_threat("move_while_prone", options=plain) == 0
    assert reaction_threat("leave_cover_shaken", options=plain) == 0


def test_going_prone():
    assert go_prone_threat(open_terrain=True) == 2
    assert go_prone_threat(open_terrain=False) == 0
    with pytest.raises(RuleError) as err:
        go_prone_threat(open_terrain=True, in_water=True)
    assert err.value.code == "action_forbidden"


@given(st.integers(1, 12), st.integers(1, 3), st.integers(0, 6))
def test_reaction_test_is_the_command_test(roll, leadership, threat):
    assert reaction_test(roll, leadership, threat) == quality_test(roll, leadership, threat)
