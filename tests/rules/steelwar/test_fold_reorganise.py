"""Reorganisation and the wounded through the fold (digest §2.11, table §3.8)."""

import json

import pytest

from rules.core.facts import declare
from tests.rules.steelwar.fold_support import SYSTEM, Table, setup, squad


def section(*, medic=False, android=False, **extra):
    figures = [{"id": "cmd", "role": "commander", "weapon": "smg"},
               {"id": "w1", "weapon": "rifle"}, {"id": "w2", "weapon": "rifle"},
               {"id": "w3", "weapon": "rifle"}, {"id": "r", "weapon": "rifle"}]
    if medic:
        figures.append({"id": "doc", "role": "medic"})
    if android:
        for f in figures:
            f["kind"] = "android"
    return squad("steel.1", "1st squad", "regular", 2, figures, **extra)


def table(wounded=("w1", "w2", "w3"), options=None, **kw) -> Table:
    t = Table(setup(steel=[section(**kw)], options=options))
    wound(t, "steel.1", *wounded)
    return t


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def wound(t: Table, squad_id: str, *figure_ids: str, status="wounded_unchecked"):
    i = t.state.index[squad_id]
    s = t.state.squads[i]
    for fid in figure_ids:
        k = s.figure_index(fid)
        s = s.with_figure(k, s.figures[k]._replace(status=status))
    t.state = t.state.with_squad(i, s)


def status(t: Table, fid: str) -> str:
    return t.figure("steel.1", fid).status


# --- the fate of the wounded -------------------------------------------------------------------


def test_each_unchecked_casualty_rolls_a_d6_1_2_killed_3_5_stabilised_6_returned():
    t = table()
    t.activate("steel.1")
    t.declare("reorganise", "steel.1")
    assert sorted(t.pending_keys()) == ["reorg.w1", "reorg.w2", "reorg.w3"]
    assert {r.sides for r in t.pending().requests} == {6}
    t.roll({"reorg.w1": 2, "reorg.w2": 5, "reorg.w3": 6})
    assert (status(t, "w1"), status(t, "w2"), status(t, "w3")) == (
        "killed", "stabilised", "returned")
    assert t.squad("steel.1").unchecked_casualties() == 0
    fates = [e.data["fate"] for e in t.effects if e.kind == "wounded_fate"]
    assert fates == ["killed", "stabilised", "returned_to_duty"]
    assert t.state.activation.actions_used == 1 and t.state.activation.reorganised


def test_a_returned_figure_fights_again_and_a_stabilised_one_does_not():
    t = table()
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", dice_map={"reorg.w1": 3, "reorg.w2": 6, "reorg.w3": 1})
    fighting = {f.id for f in t.squad("steel.1").fighting_figures()}
    assert fighting == {"cmd", "w2", "r"}


def test_a_medic_in_the_squad_adds_1():
    t = table(medic=True)
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", dice_map={"reorg.w1": 5, "reorg.w2": 2, "reorg.w3": 1})
    assert (status(t, "w1"), status(t, "w2"), status(t, "w3")) == (
        "returned", "stabilised", "killed")
    assert [e.data["bonus"] for e in t.effects if e.kind == "wounded_fate"] == [1, 1, 1]


def test_a_wounded_medic_helps_no_one():
    t = table(medic=True, wounded=("w1", "doc"))
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", dice_map={"reorg.w1": 5, "reorg.doc": 5})
    assert (status(t, "w1"), status(t, "doc")) == ("stabilised", "stabilised")


@pytest.mark.parametrize(("inches", "fate"), [(6, "returned"), (7, "stabilised")])
def test_a_medical_vehicle_within_6_inches_adds_1(inches, fate):
    t = table(wounded=("w1",))
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", medical_vehicle=inches, dice_map={"reorg.w1": 5})
    assert status(t, "w1") == fate


def test_a_field_surgeon_adds_2_and_does_not_stack_with_a_medic_by_default():
    t = table(medic=True, wounded=("w1",))
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", surgeon=True, dice_map={"reorg.w1": 3})
    assert status(t, "w1") == "stabilised"  # 3 + 2


def test_the_cumulative_house_rule_stacks_medic_and_surgeon():
    t = table(medic=True, wounded=("w1",), options={"medic_surgeon_stacking": "cumulative"})
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", surgeon=True, dice_map={"reorg.w1": 3})
    assert status(t, "w1") == "returned"  # 3 + 1 + 2


def test_androids_get_no_medical_bonus():
    t = table(medic=True, android=True, wounded=("w1",))
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", surgeon=True, dice_map={"reorg.w1": 5})
    assert status(t, "w1") == "stabilised"


def test_robots_are_never_healed_by_reorganisation():
    robots = squad("steel.r", "robots", "regular", 2,
                   [{"id": "r1", "kind": "robot"}, {"id": "r2", "kind": "robot"}])
    t = Table(setup(steel=[robots]))
    i = t.state.index["steel.r"]
    s = t.state.squads[i]
    t.state = t.state.with_squad(i, s.with_figure(0, s.figures[0]._replace(immobilised=True)))
    t.activate("steel.r")
    t.declare("reorganise", "steel.r")
    assert t.state.resolution is None and t.figure("steel.r", "r1").immobilised
    assert t.kinds()[-1] == "reorganised"


def test_without_unchecked_casualties_reorganising_only_regroups_the_squad():
    t = table(wounded=())
    t.activate("steel.1")
    fx = t.declare("reorganise", "steel.1")
    assert [e.kind for e in fx] == ["reorganised"]
    assert "regroup around the commander" in fx[0].text
    assert t.state.resolution is None and t.state.activation.actions_used == 1


def test_killed_figures_are_not_unchecked_casualties():
    t = table(wounded=("w1",))
    wound(t, "steel.1", "w2", status="killed")
    t.activate("steel.1")
    t.declare("reorganise", "steel.1")
    assert t.pending_keys() == ["reorg.w1"]


def test_a_suppressed_squad_may_reorganise_in_cover():
    t = table(wounded=("w1",), cover="light")
    patch(t, "steel.1", suppression=2)
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", dice_map={"reorg.w1": 6})
    assert status(t, "w1") == "returned"


def test_the_state_between_declaration_and_dice_survives_json():
    t = table()
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", medical_vehicle=3)
    data = json.loads(t.json())
    again = SYSTEM.state_from_json(data)
    assert again == t.state
    step = SYSTEM.apply(again, {"type": "dice", "data": {"rolls": {
        "reorg.w1": 5, "reorg.w2": 1, "reorg.w3": 2}}})
    w1 = step.state.squads[0].figures[1]
    assert w1.status == "returned"  # 5 + 1 (medical vehicle)


# --- refusals: each names the rule, the state is unchanged -----------------------------------


def test_reorganising_twice_in_one_activation_is_refused():
    t = table()
    t.activate("steel.1")
    t.declare("reorganise", "steel.1", dice_map={"reorg.w1": 3, "reorg.w2": 3, "reorg.w3": 3})
    err = t.refused(declare("reorganise", "steel.1"), "action_forbidden")
    assert err.rule == "§2.11" and "§2.11" in err.message


def test_a_suppressed_squad_in_the_open_may_not_reorganise():
    t = table()
    patch(t, "steel.1", suppression=1)
    t.activate("steel.1")
    err = t.refused(declare("reorganise", "steel.1"), "action_forbidden")
    assert err.rule == "§2.7" and "only in cover" in err.message


def test_a_wound_die_outside_the_d6_is_refused():
    t = table()
    t.activate("steel.1")
    t.declare("reorganise", "steel.1")
    t.refused({"type": "dice", "data": {"rolls": {"reorg.w1": 7}}}, "die_out_of_range")
    t.refused({"type": "dice", "data": {"rolls": {"reorg.cmd": 3}}}, "wrong_die")


def test_a_broken_squad_may_not_reorganise():
    t = table()
    patch(t, "steel.1", morale="broken")
    t.activate("steel.1")
    err = t.refused(declare("reorganise", "steel.1"), "action_forbidden")
    assert "§2.12" in err.message


def test_a_bad_medical_vehicle_distance_is_a_bad_command():
    t = table()
    t.activate("steel.1")
    err = t.refused(declare("reorganise", "steel.1", {"medical_vehicle": -2}), "bad_command")
    assert err.field == "params.medical_vehicle"
