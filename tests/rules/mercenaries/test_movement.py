"""Movement and posture (digest §2.2-§2.3; worked example 18)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import movement
from rules.mercenaries.movement import Square
from rules.mercenaries.trait import resolve

OPEN = Square()
HOUSE = Square(cover=4, building=True)
JUNGLE = Square(cover=4, jungle=True)


def test_walk_one_run_two():
    movement.check_move(2, running=True)
    with pytest.raises(RuleError, match="at most 1"):
        movement.check_move(2, running=False)


def test_worked_example_18_from_one_building_cell_into_another_is_one_action():
    assert movement.step_actions(HOUSE, HOUSE) == 1
    assert movement.step_actions(HOUSE, OPEN) == 1
    assert movement.step_actions(OPEN, OPEN) == 0


def test_jungle_costs_an_action_by_the_letter_and_is_an_option():
    assert movement.step_actions(JUNGLE, OPEN) == 1
    assert movement.step_actions(JUNGLE, OPEN, jungle_costs=False) == 0


def test_no_diagonal_into_a_building():
    with pytest.raises(RuleError, match="not diagonally"):
        movement.check_step((0, 0), (1, 1), into=HOUSE, out_of=OPEN)
    movement.check_step((0, 0), (1, 0), into=HOUSE, out_of=OPEN)
    movement.check_step((0, 0), (1, 1), into=OPEN, out_of=OPEN)


def test_obstacle():
    assert movement.obstacle_crossing(None) == (True, False)
    assert movement.obstacle_crossing(resolve(3, 2)) == (False, False)
    assert movement.obstacle_crossing(resolve(5, 2)) == (True, False)
    assert movement.obstacle_crossing(resolve(8, 2)) == (True, True)


def test_trench():
    assert movement.trench_actions(wide=False) == 1
    assert movement.trench_actions(wide=True) == 0
    with pytest.raises(RuleError, match="six"):
        movement.check_trench_room(6)


def test_prone_defence():
    assert movement.prone_defence(same_cell=False, square=OPEN) == 2
    assert movement.prone_defence(same_cell=True, square=OPEN) == -2
    assert movement.prone_defence(same_cell=False, square=HOUSE) == 0
    assert movement.prone_defence(same_cell=False, square=OPEN, in_trench=True) == 0


def test_crawling_across_a_cell_takes_six_turns():
    cells, position, turns = 0, 0, 0
    while cells == 0:
        cells, position = movement.crawl(position, 1)
        turns += 1
    assert (turns, position) == (6, 0)
