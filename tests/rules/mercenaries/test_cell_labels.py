"""Cells offered as choices read in the page's language: "cell 3,4", «клетка 3,4» (moving,
running, holding a cell or a line, area, lobbed and suppressive fire)."""

import pytest

from rules.core import registry
from rules.core.terms import Names
from rules.mercenaries.examples import CLEARING, VILLAGE

SYSTEM = registry.get("mercenaries")
TERMS = SYSTEM.terms


def _choices(state, action):
    """(unit, parameter, value, English label) of every choice ``action`` offers now."""
    return [(spec.unit, p.name, c.value, c.label) for spec in SYSTEM.commands(state)
            if spec.action == action for p in spec.params for c in p.choices]


def _russian(state, unit, param, value):
    return TERMS.choice(state, unit, param, value, "ru", Names())


@pytest.mark.parametrize("setup,action,param", [
    (CLEARING, "move", "to"), (CLEARING, "run", "to"), (CLEARING, "hold", "cell"),
    (VILLAGE, "area_attack", "at"), (VILLAGE, "lobbed_attack", "at"),
    (VILLAGE, "suppressive_fire", "cells"),
])
def test_a_cell_choice_reads_cell_x_y_and_kletka_x_y(setup, action, param):
    state = SYSTEM.initial_state(setup)
    offered = [row for row in _choices(state, action) if row[1] == param]
    assert offered, f"{action} offers no {param}"
    for unit, name, value, english in offered:
        assert english == f"cell {value}"
        assert TERMS.choice(state, unit, name, value, "en", Names()) == f"cell {value}"
        assert _russian(state, unit, name, value) == f"клетка {value}"


def test_a_held_line_reads_by_the_first_cell_it_runs_through():
    state = SYSTEM.initial_state(CLEARING)
    lines = [row for row in _choices(state, "hold_line") if row[0] == "m1"]
    assert lines
    x, y = state.fighter("m1")[1].cell  # Sgt. Rourke at 1,2
    for unit, param, value, english in lines:
        dx, dy = map(int, value.split(","))
        cell = f"{x + dx},{y + dy}"
        assert english == f"the line through cell {cell}"
        assert _russian(state, unit, param, value) == f"линия через клетку {cell}"


def test_other_choices_keep_the_catalogues_label():
    state = SYSTEM.initial_state(CLEARING)
    assert _russian(state, "m1", "target", "j2") is None  # a fighter: named by the page
    assert _russian(state, "m1", "to", "north") is None  # not a cell "x,y"
    assert _russian(state, "m1", "to", 3) is None
    assert _russian(state, "nobody", "direction", "1,0") is None  # no fighter to start from
