"""§2.12: a Routing squad surrenders if any enemy is within 12" — recorded by the table
(``surrender``), since the engine knows no positions."""

import pytest

from rules.core.facts import declare
from rules.core.system import AwaitingCommand
from rules.steelwar.summary import summarize
from tests.rules.steelwar.fold_support import Table, setup, squad


def _table(**keno) -> Table:
    steel = [squad("steel.r", "riflemen", "regular", 2, [{"weapon": "rifle", "count": 4}])]
    partisans = squad("keno.p", "partisans", "recruit", 1, [{"weapon": "rifle", "count": 3}],
                      **({"morale": "routing"} | keno))
    other = squad("keno.q", "scouts", "recruit", 1, [{"weapon": "rifle", "count": 2}])
    return Table(setup(steel=steel, keno=[partisans, other]))


def _surrender(unit="keno.p", **params):
    return declare("surrender", unit, {"enemy": "steel.r", "distance": 8} | params)


def test_a_routing_squad_with_an_enemy_within_12_inches_surrenders():
    t = _table()
    t.apply(_surrender(distance=12))  # 12" is within 12"
    squad_now = t.squad("keno.p")
    assert squad_now.presence == "surrendered"
    assert {(f.status, f.captured_by) for f in squad_now.figures} == {("prisoner", "steel")}
    effect = t.effects[-1]
    assert effect.kind == "surrendered" and effect.unit == "keno.p"
    assert effect.data == {"to": "steel.r"}
    assert isinstance(t.pending(), AwaitingCommand)
    summary = summarize(t.state)
    assert {p.unit for p in summary.prisoners} == {"keno.p"} and len(summary.prisoners) == 3


def test_it_is_recorded_outside_the_squads_activation_and_spends_no_action():
    t = _table()
    t.activate("steel.r")
    t.apply(_surrender())
    assert t.state.activation.actions_used == 0
    assert t.squad("keno.p").presence == "surrendered"


@pytest.mark.parametrize(
    ("fact", "field"),
    [
        (_surrender(distance=12.5), "params.distance"),  # too far
        (_surrender(unit="keno.q"), "unit"),  # not Routing
        (_surrender(enemy="keno.q"), "params.enemy"),  # its own side
    ],
)
def test_refusals_name_the_rule_and_change_nothing(fact, field):
    t = _table()
    error = t.refused(fact, "action_forbidden")
    assert error.field == field and "§2.12" in str(error)


def test_a_squad_in_not_one_step_back_does_not_surrender():
    t = _table()
    i = t.state.index["keno.p"]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(no_step_back=True))
    error = t.refused(_surrender(), "action_forbidden")
    assert "§2.15" in str(error)


def test_bad_parameters_are_refused():
    t = _table()
    t.refused(_surrender(distance=-1), "bad_command")
    t.refused(_surrender(enemy="nobody"), "bad_command")
    t.refused(declare("surrender", None, {"enemy": "steel.r", "distance": 3}), "bad_command")


def test_a_squad_that_surrendered_cannot_surrender_again():
    t = _table()
    t.apply(_surrender())
    t.refused(_surrender(), "action_forbidden")
