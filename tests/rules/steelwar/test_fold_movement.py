"""Movement, prone and transport through the fold (digest §2.1, §2.2, §2.4, §2.13)."""

import pytest

from rules.core.facts import declare
from tests.rules.steelwar.fold_support import Table, keno_partisans, setup, squad


def tank(**extra):
    return squad("steel.tank", "tank", "regular", 2, [{"role": "crew", "count": 3}],
                 movement_class="tracked", speed=12, **extra)


def apc(capacity=12, **extra):
    return squad("steel.apc", "APC", "regular", 2, [{"role": "crew", "count": 2}],
                 movement_class="all_terrain_wheeled", speed=12, capacity=capacity, **extra)


def table(**kw) -> Table:
    return Table(setup(steel=kw.pop("steel", None) or [_infantry(), tank(), apc()], **kw))


def _infantry(**extra):
    return squad("steel.1", "1st squad", "recruit", 2,
                 [{"id": "cmd", "role": "commander", "weapon": "smg"},
                  {"weapon": "smg", "count": 5}], **extra)


def moved(t: Table):
    return [e for e in t.effects if e.kind == "moved"][-1]


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


# --- §4 #1: infantry, a tank and an APC advance through forest ----------------------------------


def test_example_1_infantry_moves_3_inches_in_forest():
    t = table()
    t.activate("steel.1")
    t.declare("move", "steel.1", terrain="forest", distance=3)
    assert moved(t).data["allowance"] == 3
    t.refused(declare("move", "steel.1", {"terrain": "forest", "distance": 4}), "action_forbidden")


def test_example_1_infantry_combat_move_is_2d6_halved_in_forest():
    t = table()
    t.activate("steel.1")
    t.declare("move", "steel.1", mode="combat", terrain="forest")
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.count) == ("move.combat", 6, 2)
    t.dice(move__combat=[4, 5])
    assert moved(t).data["allowance"] == 4  # 9 // 2


def test_example_1_a_tank_moves_4_inches_in_thin_forest():
    t = table()
    t.activate("steel.tank")
    t.declare("move", "steel.tank", terrain="forest")
    assert moved(t).data["allowance"] == 4


def test_example_1_an_apc_cannot_enter_forest():
    t = table()
    t.activate("steel.apc")
    err = t.refused(declare("move", "steel.apc", {"terrain": "forest"}), "action_forbidden")
    assert "impassable" in err.message


def test_march_doubles_speed_on_easy_terrain_only():
    t = table()
    t.activate("steel.1")
    t.refused(declare("move", "steel.1", {"mode": "march", "terrain": "forest"}),
              "action_forbidden")
    t.declare("move", "steel.1", mode="march", terrain=["road", "open"], distance=12)
    assert moved(t).data["allowance"] == 12


def test_the_worst_terrain_crossed_counts():
    t = table()
    t.activate("steel.1")
    t.declare("move", "steel.1", terrain=["open", "swamp"])
    assert moved(t).data["allowance"] == 3


def test_a_unit_without_a_known_speed_is_refused_naming_the_missing_table():
    t = Table(setup(steel=[squad("steel.truck", "truck", 8, 2, [{"role": "crew"}],
                                 movement_class="wheeled")]))
    t.activate("steel.truck")
    t.refused(declare("move", "steel.truck", {"terrain": "road"}), "missing_table")


# --- prone -------------------------------------------------------------------------------------------


def test_going_prone_in_the_open_is_a_reaction_test_at_threat_2():
    t = table()
    t.activate("steel.1")
    t.declare("go_prone", "steel.1")
    (req,) = t.pending().requests
    assert req.key == "reaction.go_prone"
    t.dice(reaction__go_prone=4)  # recruit d6, leadership 2 + threat 2: needs 5
    assert not t.squad("steel.1").prone
    assert t.kinds()[-1] == "action_lost"
    err = t.refused(declare("go_prone", "steel.1"), "action_forbidden")
    assert "§2.13" in err.message


def test_going_prone_in_cover_is_a_reaction_test_at_threat_0():
    t = table(steel=[_infantry(cover="light")])
    t.activate("steel.1")
    t.declare("go_prone", "steel.1", dice_map={"reaction.go_prone": [3]})
    assert t.squad("steel.1").prone


def test_no_one_goes_prone_in_water():
    t = table()
    t.activate("steel.1")
    assert t.refused(declare("go_prone", "steel.1", {"in_water": True}),
                     "action_forbidden").rule == "§2.4"


def test_a_prone_squad_moves_only_after_a_reaction_test_and_stays_prone():
    t = table(steel=[_infantry(prone=True)])
    t.activate("steel.1")
    t.declare("move", "steel.1", terrain="open", distance=6)
    assert t.pending_keys() == ["reaction.move_while_prone"]
    t.dice(reaction__move_while_prone=5)
    assert moved(t).data["distance"] == 6
    assert t.squad("steel.1").prone


def test_a_failed_move_while_prone_spends_the_action_and_cannot_be_retried_this_turn():
    t = table(steel=[_infantry(prone=True)])
    t.activate("steel.1")
    t.declare("move", "steel.1", dice_map={"reaction.move_while_prone": [4]})
    assert "moved" not in t.kinds()
    assert t.state.activation.actions_used == 1
    t.refused(declare("move", "steel.1"), "action_forbidden")
    t.declare("stand_up", "steel.1")  # the other way: one action
    assert not t.squad("steel.1").prone
    t.end_activation()
    t.end_turn()
    patch(t, "steel.1", prone=True)
    t.activate("steel.1")
    t.declare("move", "steel.1", dice_map={"reaction.move_while_prone": [5]})
    assert moved(t)


# --- morale and suppression -----------------------------------------------------------------------


def test_suppressed_infantry_may_only_move_away_from_the_enemy():
    t = table()
    patch(t, "steel.1", suppression=1)
    t.activate("steel.1")
    err = t.refused(declare("move", "steel.1", {"direction": "toward_enemy"}), "action_forbidden")
    assert err.rule == "§2.7"
    t.refused(declare("go_prone", "steel.1"), "action_forbidden")
    t.declare("move", "steel.1", direction="away_from_enemy")
    assert moved(t)


@pytest.mark.parametrize(
    ("morale", "direction", "allowed"),
    [
        ("shaken", "toward_enemy", False),
        ("shaken", "other", True),
        ("broken", "other", False),
        ("broken", "toward_cover", True),
        ("broken", "toward_own_edge", True),
        ("routing", "toward_cover", False),
        ("routing", "toward_own_edge", True),
    ],
)
def test_the_morale_grade_limits_where_a_squad_may_move(morale, direction, allowed):
    t = table()
    patch(t, "steel.1", morale=morale)
    t.activate("steel.1")
    fact = declare("move", "steel.1", {"direction": direction})
    if allowed:
        t.apply(fact)
    else:
        assert t.refused(fact, "action_forbidden").rule == "§2.12"


def test_a_routing_squad_may_leave_the_table_by_its_own_edge():
    t = table()
    patch(t, "steel.1", morale="routing")
    t.activate("steel.1")
    t.refused(declare("remove_suppression", "steel.1"), "action_forbidden")
    t.declare("move", "steel.1", direction="toward_own_edge", leaves_table=True)
    assert t.squad("steel.1").presence == "left_table"
    t.end_activation()
    t.end_turn()
    t.refused(declare("begin_activation", "steel.1"), "action_forbidden")


def test_a_shaken_squad_leaving_cover_takes_a_reaction_test_at_threat_2():
    t = table(steel=[_infantry(cover="hard", morale="shaken")])
    t.activate("steel.1")
    t.declare("move", "steel.1", leaves_cover=True)
    assert t.pending_keys() == ["reaction.leave_cover_shaken"]
    t.dice(reaction__leave_cover_shaken=5)
    assert t.squad("steel.1").cover == "none"


# --- §2.2 transport --------------------------------------------------------------------------------


def test_embark_within_6_inches_and_ride_the_vehicle():
    t = table()
    t.activate("steel.1")
    t.refused(declare("embark", "steel.1", {"vehicle": "steel.apc", "farthest": 7}),
              "action_forbidden")
    t.refused(declare("embark", "steel.1", {"vehicle": "keno.1", "farthest": 2}),
              "action_forbidden")
    t.declare("embark", "steel.1", vehicle="steel.apc", farthest=6)
    assert t.squad("steel.1").embarked_in == "steel.apc"
    t.refused(declare("move", "steel.1"), "action_forbidden")


def test_capacity_is_checked_when_the_scenario_gives_it():
    t = Table(setup(steel=[_infantry(), apc(capacity=4)]))
    t.activate("steel.1")
    t.refused(declare("embark", "steel.1", {"vehicle": "steel.apc", "farthest": 1}),
              "action_forbidden")


def test_a_suppressed_vehicle_lets_nobody_out():
    t = table(steel=[_infantry(embarked_in="steel.apc"), apc()])
    patch(t, "steel.apc", suppression=1)
    t.activate("steel.1")
    assert t.refused(declare("disembark", "steel.1", {"farthest": 3}),
                     "action_forbidden").rule == "§2.7"


def test_example_2_truck_moves_crew_disembarks_then_unlimbering_takes_the_next_activation():
    truck = squad("steel.truck", "truck", "regular", 2, [{"role": "crew"}],
                  movement_class="wheeled", speed=12)
    crew = squad("steel.gun", "gun crew", "regular", 2,
                 [{"role": "crew", "count": 2}, {"kind": "weapon", "weapon": "hmg"}],
                 embarked_in="steel.truck", limbered=True)
    t = Table(setup(steel=[truck, crew], keno=[keno_partisans()]))
    t.activate("steel.truck")
    t.declare("move", "steel.truck", terrain="road", distance=12)
    t.end_activation()
    t.activate("steel.gun")
    t.declare("disembark", "steel.gun", farthest=4)
    t.refused(declare("unlimber", "steel.gun"), "action_forbidden")  # not a whole activation
    t.end_activation()
    t.end_turn()
    t.activate("steel.gun")
    t.declare("unlimber", "steel.gun")
    assert not t.squad("steel.gun").limbered
    assert t.state.activation.actions_used == 2
    t.refused(declare("move", "steel.gun"), "action_forbidden")


def test_an_unknown_surrounding_terrain_is_refused_naming_it():
    """Found by the rule-system contract: an unknown ``surrounding`` was accepted (it matters
    only for rails, §3.1) where every other terrain name is checked."""
    from rules.core.errors import RuleError

    table = Table(setup())
    table.declare("begin_activation", "steel.1")
    with pytest.raises(RuleError) as refused:
        table.system.validate(table.state, {"action": "move", "unit": "steel.1",
                                            "params": {"distance": 2, "terrain": "open",
                                                       "surrounding": "lava"}})
    assert (refused.value.code, refused.value.field) == ("bad_command", "params.surrounding")
