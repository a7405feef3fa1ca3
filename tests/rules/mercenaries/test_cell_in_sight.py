"""A cell a fighter names, to fire at or to watch, is on the map and in his sight (§2.5): one
refusal, the same code and sentence in English and Russian, whichever command names it
(suppressive fire §2.16, an area or lobbed attack §2.21-§2.22, a held attack §2.26)."""

import pytest
from django.utils import translation

from config.rule_messages import translate_sentence
from rules.core.errors import RuleError
from rules.core.facts import declare
from tests.rules.mercenaries.test_play_fire import MORTAR, SYSTEM, battle, man


def state():
    """Lind (mortar) and Rourke (rifle, rate of fire 3) at the west edge of a 12 x 8 field,
    a wall of jungle (+4) down the third column hiding from them what lies beyond."""
    return battle({"m": man("wild_card", (0, 4), name="Lind", weapon=MORTAR),
                   "w": man("wild_card", (0, 3), name="Rourke")},
                  {"a": man("extra", (9, 7), name="Ruiz")},
                  cells=[{"cell": [2, y], "cover": 4, "jungle": True} for y in range(8)])


def refusal(unit, action, params):
    before = SYSTEM.state_to_json(state())
    with pytest.raises(RuleError) as refused:
        SYSTEM.apply(state(), declare(action, unit, params))
    assert SYSTEM.state_to_json(state()) == before
    error = refused.value
    with translation.override("ru"):
        return error.code, error.field, str(error.message), translate_sentence(error.message,
                                                                               "mercenaries")


COMMANDS = [
    ("w", "suppressive_fire", "cells", lambda cell: {"cells": [cell] * 3}),
    ("m", "area_attack", "at", lambda cell: {"with": "weapon", "at": cell}),
    ("w", "hold", "cell", lambda cell: {"cell": cell}),
]


@pytest.mark.parametrize("cell", ["12,0", "4,4"])  # off the map; behind the jungle
@pytest.mark.parametrize("unit,action,field,params", COMMANDS)
def test_a_cell_off_the_map_or_out_of_sight_is_refused_alike_by_every_command(
        unit, action, field, params, cell):
    name = "Lind" if unit == "m" else "Rourke"
    assert refusal(unit, action, params(cell)) == (
        "action_forbidden", f"params.{field}",
        f"cell {cell} is off the map or out of {name}'s sight (§2.5)",
        f"клетка {cell} вне карты или вне поля зрения бойца {name} (§2.5)")


def test_lobbed_fire_may_fall_on_a_cell_out_of_sight_but_not_off_the_map():
    step = SYSTEM.apply(state(), declare("lobbed_attack", "m", {"with": "weapon", "at": "4,4"}))
    assert [(e.kind, e.data["cell"], e.data["modifier"]) for e in step.effects] == [
        ("area_attack", "4,4", -6)]  # §2.23: -6 at a square he cannot see
    assert refusal("m", "lobbed_attack", {"with": "weapon", "at": "0,8"})[2] == (
        "cell 0,8 is off the map or out of Lind's sight (§2.5)")


#: How a command that names no cell "x,y" is refused: a cell to fire at, or a destination
#: (a cell moved to or held).
A_CELL = ('a cell is named "x,y"', 'клетка записывается как "x,y"')
A_DESTINATION = ('the destination is a cell "x,y"', 'место назначения — клетка "x,y"')


@pytest.mark.parametrize("name", ["4", "4,4,4", "four,4", "4;4", 44, None])
@pytest.mark.parametrize("unit,action,field,params,sentences", [
    (*COMMANDS[0], A_CELL), (*COMMANDS[1], A_CELL), (*COMMANDS[2], A_DESTINATION),
    ("w", "move", "to", lambda cell: {"to": cell}, A_DESTINATION)])
def test_a_cell_not_named_x_y_is_refused_on_its_field_in_english_and_russian(
        unit, action, field, params, sentences, name):
    assert refusal(unit, action, params(name)) == ("bad_command", f"params.{field}", *sentences)
