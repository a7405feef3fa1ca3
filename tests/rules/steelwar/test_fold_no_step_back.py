""""Not one step back!" through the fold (digest §2.15)."""

from fractions import Fraction

import pytest

from rules.core.facts import declare
from rules.steelwar.actions import no_step_back
from tests.rules.steelwar.fold_support import SYSTEM, Table, setup, squad

ENEMIES = ["steel.1", "steel.2", "steel.3"]


def guards(**extra):
    """Four Keno Guards, the last of a platoon, dug in."""
    return squad("keno.g", "last guards", "regular", 2,
                 [{"id": "cmd", "role": "commander", "weapon": "smg"},
                  {"id": "mg", "role": "machine_gunner", "weapon": "lmg"},
                  {"weapon": "smg", "count": 2}], **{"keno_guard": True, "cover": "hard", **extra})


def enemy(n: int, **extra):
    return squad(f"steel.{n}", f"squad {n}", "regular", 2,
                 [{"id": "cmd", "role": "commander", "weapon": "smg"},
                  {"weapon": "rifle", "count": 5}], **extra)


def table(options=None, **extra) -> Table:
    t = Table(setup(steel=[enemy(1), enemy(2), enemy(3), enemy(4)], keno=[guards(**extra)],
                    options=options))
    return t


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def params(**extra):
    return {"enemies": ENEMIES, "nearest_friend": None, "nearest_enemy": 9, **extra}


def test_the_keno_guard_rolls_d8_and_6_or_more_puts_it_in_the_state():
    t = table()
    patch(t, "keno.g", suppression=2)
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params())
    (req,) = t.pending().requests
    assert (req.key, req.sides) == ("no_step_back.test", 8)
    t.dice(no_step_back__test=6)
    s = t.squad("keno.g")
    assert s.no_step_back and s.suppression == 0
    assert t.effects[-1].data["markers_removed"] == 2
    assert t.state.activation.actions_used == 1
    assert no_step_back.fearsome(s)


def test_other_troops_roll_d6():
    t = Table(setup(steel=[enemy(1), enemy(2), enemy(3)],
                    keno=[guards(keno_guard=False)]))
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params())
    assert t.pending().requests[0].sides == 6
    t.refused({"type": "dice", "data": {"rolls": {"no_step_back.test": 7}}}, "die_out_of_range")


def test_failure_removes_the_squad_its_men_scatter():
    t = table()
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params(nearest_enemy=None),
              dice_map={"no_step_back.test": 5})
    s = t.squad("keno.g")
    assert s.presence == "removed" and not s.no_step_back
    assert t.effects[-1].data["outcome"] == "scattered"
    assert {f.status for f in s.figures} == {"ok"}


def test_failure_with_an_enemy_within_12_inches_is_a_surrender():
    t = table()
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params(nearest_enemy=12),
              dice_map={"no_step_back.test": 1})
    s = t.squad("keno.g")
    assert s.presence == "surrendered"
    assert {f.status for f in s.figures} == {"prisoner"}


def test_in_the_state_reaction_tests_pass_without_a_die():
    t = table()
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params(), dice_map={"no_step_back.test": 8})
    fx = t.declare("go_prone", "keno.g", open=True)
    assert t.state.resolution is None and t.squad("keno.g").prone
    assert fx[0].data["automatic"]


def test_the_house_rule_that_keeps_existing_markers():
    t = table(options={"no_step_back_clears_suppression": False})
    patch(t, "keno.g", suppression=1)
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params(), dice_map={"no_step_back.test": 8})
    assert t.squad("keno.g").suppression == 1


def test_the_free_timing_house_rule_needs_no_activation_and_no_action():
    t = table(options={"no_step_back_timing": "free"})
    t.declare("no_step_back", "keno.g", **params(), dice_map={"no_step_back.test": 6})
    assert t.squad("keno.g").no_step_back and t.state.activation is None


def test_odds_of_the_test():
    t = table()
    t.activate("keno.g")
    dist = SYSTEM.odds(t.state, {"action": "no_step_back", "unit": "keno.g",
                                 "params": params()})
    assert dist[True] == Fraction(3, 8)


# --- the conditions -------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "extra", "words"), [
    ({"cover": "none"}, {}, "in cover or prone"),
    ({}, {"nearest_friend": 12}, "no friendly troops"),
    ({"morale": "broken"}, {}, "Shaken or better"),
    ({}, {"enemies": ENEMIES[:2]}, "2 are"),
])
def test_the_test_is_refused_when_a_condition_fails(change, extra, words):
    t = table()
    patch(t, "keno.g", **change)
    t.activate("keno.g")
    err = t.refused(declare("no_step_back", "keno.g", params(**extra)), "action_forbidden")
    assert err.rule == "§2.15" and words in err.message


def test_prone_is_as_good_as_cover():
    t = table(cover="none", prone=True)
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params())
    assert t.pending_keys() == ["no_step_back.test"]


def test_broken_enemies_do_not_count_as_a_threat():
    t = table()
    patch(t, "steel.3", morale="broken")
    t.activate("keno.g")
    err = t.refused(declare("no_step_back", "keno.g", params()), "action_forbidden")
    assert "2 are" in err.message
    t.declare("no_step_back", "keno.g", **params(enemies=ENEMIES[:2] + ["steel.4"]))


def test_a_friend_is_not_an_enemy_in_view():
    t = Table(setup(steel=[enemy(1), enemy(2)], keno=[guards(), squad(
        "keno.2", "friends", "regular", 2, [{"weapon": "rifle"}])]))
    t.activate("keno.g")
    t.refused(declare("no_step_back", "keno.g", params(enemies=["steel.1", "steel.2", "keno.2"])),
              "action_forbidden")


def test_a_bad_distance_is_a_bad_command():
    t = table()
    t.activate("keno.g")
    err = t.refused(declare("no_step_back", "keno.g", params(nearest_friend="far")),
                    "bad_command")
    assert err.field == "params.nearest_friend"


# --- the end of the state --------------------------------------------------------------------------


def berserks() -> Table:
    t = table()
    t.activate("keno.g")
    t.declare("no_step_back", "keno.g", **params(), dice_map={"no_step_back.test": 7})
    t.end_activation()
    return t


def test_the_state_ends_when_only_broken_or_routing_enemies_are_in_view_and_morale_is_steady():
    t = berserks()
    patch(t, "keno.g", morale="shaken")
    patch(t, "steel.1", morale="broken")
    patch(t, "steel.2", morale="routing")
    t.declare("end_no_step_back", "keno.g", enemies=["steel.1", "steel.2"])
    s = t.squad("keno.g")
    assert not s.no_step_back and s.morale == "steady"
    assert t.effects[-1].kind == "no_step_back_ended"


def test_the_state_goes_on_while_a_steady_enemy_is_in_view():
    t = berserks()
    patch(t, "steel.1", morale="broken")
    err = t.refused(declare("end_no_step_back", "keno.g", {"enemies": ["steel.1", "steel.2"]}),
                    "action_forbidden")
    assert err.rule == "§2.15"


def test_under_the_broken_only_house_rule_a_routing_enemy_keeps_the_state():
    t = table(options={"no_step_back_end": "broken_only"})
    patch(t, "keno.g", no_step_back=True)
    patch(t, "steel.1", morale="routing")
    t.refused(declare("end_no_step_back", "keno.g", {"enemies": ["steel.1"]}), "action_forbidden")
    t.declare("end_no_step_back", "keno.g", enemies=[])


def test_only_a_squad_in_the_state_can_leave_it_or_enter_it_once():
    t = table()
    t.refused(declare("end_no_step_back", "keno.g", {"enemies": []}), "action_forbidden")
    t2 = berserks()
    t2.end_turn()
    t2.activate("keno.g")
    t2.refused(declare("no_step_back", "keno.g", params()), "action_forbidden")
