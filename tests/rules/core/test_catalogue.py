"""A catalogue parameter without a default (rules.core.catalogue): the player must choose."""

import pytest

from rules.core.catalogue import Choice, CommandSpec, ParamSpec

MEN = (Choice("diaz", "Diaz"), Choice("soto", "Soto"))
PANIC = CommandSpec("panic", "panic", "§2.13", params=(
    ParamSpec("fighters", "who panic", "unit", choices=MEN, multiple=True),))


def test_a_required_parameter_without_a_default_has_none_and_the_json_says_so():
    who = PANIC.param("fighters")
    assert who.no_default
    data = who.to_json()
    assert data["required"] is True and data["default"] is None
    assert ParamSpec.from_json(data) == who and ParamSpec.from_json(data).no_default
    assert PANIC.command() == {"action": "panic", "params": {}}  # nothing pre-filled


def test_a_default_or_an_optional_parameter_is_not_one_the_player_must_choose():
    assert not ParamSpec("fighters", "who", "unit", default=("diaz",), choices=MEN,
                         multiple=True).no_default
    assert not ParamSpec("spotter", "spotter", "unit", required=False, choices=MEN).no_default
    assert not ParamSpec("stopped", "it worked", "flag", default=False).no_default


def test_fills_are_each_choice_alone_and_for_a_list_all_of_them():
    assert PANIC.param("fighters").fills() == [["diaz"], ["soto"], ["diaz", "soto"]]
    one = ParamSpec("target", "target", "unit", choices=MEN)
    assert one.fills() == ["diaz", "soto"]
    alone = ParamSpec("fighters", "who", "unit", choices=MEN[:1], multiple=True)
    assert alone.fills() == [["diaz"]]
    assert ParamSpec("x", "x", "unit", choices=(), multiple=True).fills() == []
    assert ParamSpec("n", "n", "number", minimum=2).fills() == [2]
    assert ParamSpec("n", "n", "number").fills() == []
    none = ParamSpec("n", "n", "number", choices=(Choice(None, "none on the table"),),
                     minimum=12)
    assert none.fills() == [None, 12]  # the other values it takes, then its minimum
    assert CommandSpec("x", "x", params=(none,)).fillings() == [
        {"action": "x", "params": {"n": None}}, {"action": "x", "params": {"n": 12}}]
    assert ParamSpec.from_json(none.to_json()) == none
    assert ParamSpec("f", "f", "flag").fills() == [False, True]


def test_fillings_fill_only_the_parameters_without_a_default():
    spec = CommandSpec("shoot", "shoot", "§2.7", "rourke", "Sgt. Rourke", (
        ParamSpec("target", "target", "unit", choices=MEN),
        ParamSpec("part", "part", "choice", default="limb",
                  choices=(Choice("limb", "limb"), Choice("head", "head"))),
    ))
    assert spec.fillings() == [
        {"action": "shoot", "unit": "rourke", "params": {"part": "limb", "target": t}}
        for t in ("diaz", "soto")]
    with_defaults = CommandSpec("end_turn", "end the turn")
    assert with_defaults.fillings() == [with_defaults.command()]
    assert CommandSpec("panic", "panic", params=(
        ParamSpec("fighters", "who", "unit", choices=(), multiple=True),)).fillings() == []


CELLS = (Choice("3,0", "cell 3,0"), Choice("4,1", "cell 4,1"))


def test_a_counted_parameter_is_a_list_of_that_many_picks_and_its_json_says_so():
    cells = ParamSpec("cells", "cells, one a roll", "choice", default=("3,0",) * 3,
                      choices=CELLS, count=3)
    data = cells.to_json()
    assert data["count"] == 3 and data["multiple"] is False
    assert data["default"] == ["3,0", "3,0", "3,0"]
    assert ParamSpec.from_json(data) == cells
    assert "count" not in ParamSpec("to", "to", "choice", choices=CELLS).to_json()
    assert cells.fills() == [["3,0"] * 3, ["4,1"] * 3]  # each choice at every pick


@pytest.mark.parametrize("bad", [
    {"kind": "number", "count": 2},
    {"kind": "choice", "count": 2, "multiple": True},
    {"kind": "choice", "count": 0},
])
def test_a_count_is_refused_where_it_means_nothing(bad):
    with pytest.raises(ValueError, match="count of picks"):
        ParamSpec("cells", "cells", **bad)
