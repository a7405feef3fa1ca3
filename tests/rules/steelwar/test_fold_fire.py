"""Fire, suppression, hits and the special fire rules through the fold (digest §2.3-§2.9)."""

import pytest

from rules.core.facts import declare
from tests.rules.steelwar.fold_support import Table, keno_partisans, setup, squad


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def requests(t: Table) -> dict[str, int]:
    return {r.key: r.sides for r in t.pending().requests}


def last(t: Table, kind: str):
    return [e for e in t.effects if e.kind == kind][-1]


def shooters(*figures, quality="elite", **extra) -> dict:
    return squad("steel.1", "shooters", quality, 2, list(figures), **extra)


def target(*figures, **extra) -> dict:
    return squad("keno.1", "targets", "recruit", 2, list(figures), **extra)


def hmg_team(**extra) -> dict:
    return shooters({"role": "crew", "count": 2}, {"id": "hmg", "weapon": "hmg"}, **extra)


def hits_on(t: Table, shooter: str, weapons: list[str], *, distance=3, picks=(), power=(),
            armour=(), **params):
    """Fire with every shooter die at its top face against a range die of 1 (the most hits),
    allocate them (``picks`` in order, then always the left-most figure) and resolve them
    (``power``/``armour`` for the first hits, then 1 against 4: no effect)."""
    t.declare("fire", shooter, target="keno.1", weapons=weapons, distance=distance, **params)
    t.roll({r.key: (1 if r.key == "target.range" else r.sides) for r in t.pending().requests})
    picks = list(picks)
    while any(k.endswith(".figure") for k in requests(t)):
        (key,) = requests(t)
        t.roll({key: picks.pop(0) if picks else 1})
    keys = requests(t)
    if any(k.endswith(".power") for k in keys):
        rolls = {}
        for key in keys:
            n = int(key.split(".")[1]) - 1
            if key.endswith(".power"):
                rolls[key] = power[n] if n < len(power) else 1
            else:
                rolls[key] = armour[n] if n < len(armour) else 4
        t.roll(rolls)


# --- suppression ------------------------------------------------------------------------------


def test_suppression_stops_at_three_markers():
    t = Table(setup(steel=[hmg_team()]))
    patch(t, "keno.1", suppression=3, ever_suppressed=True)
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=20,
              dice_map={"shooter.quality": [12], "shooter.support.1": [1], "target.range": [6]})
    assert t.squad("keno.1").suppression == 3
    assert last(t, "suppressed").data == {"markers": 3, "added": False}


def test_not_one_step_back_squads_take_no_suppression_marker():
    t = Table(setup(steel=[hmg_team()]))
    patch(t, "keno.1", no_step_back=True)
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=20,
              dice_map={"shooter.quality": [12], "shooter.support.1": [1], "target.range": [6]})
    assert t.squad("keno.1").suppression == 0
    assert t.kinds()[-1] == "suppression_ignored"


def test_a_suppressed_squad_cannot_fire():
    t = Table(setup())
    patch(t, "steel.1", suppression=1)
    t.activate("steel.1")
    assert t.refused(declare("fire", "steel.1", {"target": "keno.1", "weapons": ["mg"],
                                                 "distance": 5}), "action_forbidden").rule == "§2.7"


def test_a_first_suppression_triggers_a_morale_test_but_not_at_high_motivation():
    t = Table(setup(steel=[hmg_team()]))
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=20,
              dice_map={"shooter.quality": [12], "shooter.support.1": [1], "target.range": [6]})
    assert requests(t) == {"morale.quality": 6}
    t = Table(setup(steel=[hmg_team()], keno_motivation="high"))
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=20,
              dice_map={"shooter.quality": [12], "shooter.support.1": [1], "target.range": [6]})
    assert t.kinds()[-1] == "no_morale_test"
    t.dice(panic__quality=6)  # recruits first fired upon keep their nerve (§2.14)
    t.declare("end_activation")


def test_a_broken_squad_shoots_only_back_at_those_who_fired_at_it_this_turn():
    t = Table(setup(steel=[hmg_team()]))
    patch(t, "keno.1", morale="broken")
    t.activate("keno.1")
    t.refused(declare("fire", "keno.1", {"target": "steel.1", "weapons": ["5"], "distance": 5}),
              "action_forbidden")
    t.end_activation()
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=20,
              dice_map={"shooter.quality": [1], "shooter.support.1": [1], "target.range": [6],
                        "panic.quality": [6]})  # recruits first fired upon keep their nerve (§2.14)
    t.end_activation()
    t.set_activated("keno.1", False)
    t.activate("keno.1")
    t.declare("fire", "keno.1", target="steel.1", weapons=["5"], distance=5)


# --- who fires, how often ---------------------------------------------------------------------


def test_an_emplaced_tripod_mg_fires_twice_per_activation_but_not_aboard_a_vehicle():
    t = Table(setup(steel=[hmg_team()]))
    patch(t, "keno.1", ever_fired_upon=True)  # not their first fire: no panic test (§2.14)
    t.activate("steel.1")
    for _ in range(2):
        t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=20,
                  dice_map={"shooter.quality": [1], "shooter.support.1": [1],
                            "target.range": [6]})
    t.state = t.state._replace(activation=t.state.activation._replace(actions_used=0))
    err = t.refused(declare("fire", "steel.1", {"target": "keno.1", "weapons": ["hmg"],
                                                "distance": 20}), "action_forbidden")
    assert "twice" in err.message


def test_limited_ammunition_is_counted_across_turns():
    t = Table(setup(steel=[shooters({"id": "gl", "weapon": "grenade_launcher"})]))
    assert t.figure("steel.1", "gl").ammo == 3
    patch(t, "keno.1", ever_fired_upon=True)  # not their first fire: no panic test (§2.14)
    for _ in range(3):
        t.activate("steel.1")
        t.declare("fire", "steel.1", target="keno.1", weapons=["gl"], distance=20,
                  dice_map={"shooter.quality": [1], "shooter.support.1": [1],
                            "target.range": [6]})
        t.end_activation()
        t.end_turn()
    assert t.figure("steel.1", "gl").ammo == 0
    t.activate("steel.1")
    err = t.refused(declare("fire", "steel.1", {"target": "keno.1", "weapons": ["gl"],
                                                "distance": 20}), "action_forbidden")
    assert "no shots left" in err.message


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"target": "steel.1", "weapons": ["hmg"], "distance": 5}, "action_forbidden"),
        ({"target": "keno.1", "weapons": ["hmg"], "distance": 61}, "target_out_of_range"),
        ({"target": "keno.1", "weapons": [], "distance": 5}, "bad_command"),
        ({"target": "keno.1", "weapons": ["ghost"], "distance": 5}, "bad_command"),
        ({"target": "keno.1", "weapons": ["hmg"]}, "bad_command"),
    ],
)
def test_bad_fire_declarations_are_refused(params, code):
    t = Table(setup(steel=[hmg_team()]))
    t.activate("steel.1")
    t.refused(declare("fire", "steel.1", params), code)


def test_firing_at_a_vehicle_is_refused_because_vehicle_armour_is_not_in_the_source():
    truck = squad("keno.truck", "truck", "regular", 2, [{"role": "crew"}],
                  movement_class="wheeled", speed=12)
    t = Table(setup(steel=[hmg_team()], keno=[keno_partisans(), truck]))
    t.activate("steel.1")
    t.refused(declare("fire", "steel.1", {"target": "keno.truck", "weapons": ["hmg"],
                                          "distance": 5}), "missing_table")


def test_a_specialists_weapon_is_lost_with_him():
    shooter = Table(setup())
    i = shooter.state.index["steel.1"]
    sq = shooter.state.squads[i]
    mg = sq.figure_index("mg")
    shooter.state = shooter.state.with_squad(
        i, sq.with_figure(mg, sq.figures[mg]._replace(status="killed")))
    shooter.activate("steel.1")
    err = shooter.refused(declare("fire", "steel.1", {"target": "keno.1", "weapons": ["mg"],
                                                      "distance": 5}), "action_forbidden")
    assert "killed" in err.message


# --- allocation -------------------------------------------------------------------------------


def test_figures_outside_cover_are_hit_first():
    t = Table(setup(steel=[hmg_team()]))
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=3,
              cover="light", exposed=["9", "10"])
    t.roll({"shooter.quality": [12], "shooter.support.1": [12], "target.range": [1]})
    # 24 / 6 (zone 1 d4 + light cover) = 4 hits; two exposed figures: a d4, again above 2
    assert requests(t) == {"hit.1.figure": 4}
    t.roll({"hit.1.figure": [3]})
    assert t.kinds()[-1] == "allocation_rolled_again"
    t.roll({"hit.1.figure": [2]})
    # the last exposed figure needs no die; then the eight in cover: a d8
    assert [e.data["figure"] for e in t.effects if e.kind == "hit_allocated"] == ["10", "9"]
    assert requests(t) == {"hit.3.figure": 8}


def test_hits_beyond_the_figures_are_lost():
    t = Table(setup(steel=[hmg_team()], keno=[target({"weapon": "rifle", "count": 2})]))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["hmg"], power=(1, 1))
    assert last(t, "surplus_hits").data["lost"] == 4  # 6 potential hits, 2 figures
    assert [e.data["figure"] for e in t.effects if e.kind == "hit_resolved"] == ["1", "2"]


def test_a_man_sized_weapon_counts_as_a_figure_and_is_destroyed_not_a_casualty():
    crew = target({"id": "c1", "role": "crew"}, {"id": "c2", "role": "crew"},
                  {"id": "gun", "weapon": "hmg"})
    t = Table(setup(steel=[hmg_team()], keno=[crew]))
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=40,
              dice_map={"shooter.quality": [12], "shooter.support.1": [12],
                        "target.range": [1]})
    assert last(t, "potential_hits").data["hits"] == 2  # 24 / 12
    assert requests(t) == {"hit.1.figure": 4}  # crew of 2 + the gun = 3 figures
    t.roll({"hit.1.figure": 3})
    t.roll({"hit.2.figure": 1})
    assert requests(t)["hit.1.armour"] == 8
    t.roll({"hit.1.power": 9, "hit.1.armour": 8, "hit.2.power": 1, "hit.2.armour": 4})
    assert t.figure("keno.1", "gun").status == "destroyed"
    # only the first suppression, no casualty: a destroyed weapon is no morale casualty
    t.roll({"morale.quality": 6})
    assert "casualties" not in last(t, "morale_test").text


# --- armour and special results ---------------------------------------------------------------


def test_flak_vests_roll_d6_against_fragments_and_d4_against_bullets():
    vests = target({"armour": "flak_vest", "weapon": "rifle", "count": 6})
    t = Table(setup(steel=[shooters({"id": "gl", "weapon": "grenade_launcher"},
                                    {"id": "r", "weapon": "rifle"})], keno=[vests]))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["gl"])
    resolved = [e.data for e in t.effects if e.kind == "hit_resolved"]
    assert len(resolved) == 6  # (12 + 10) / 4 -> 6
    assert {(d["power"], d["armour"]) for d in resolved} == {(6, 6)}  # GL alone: its power d6
    t.roll({"morale.quality": 6})
    t.roll({"panic.quality": 6})  # recruits first fired upon keep their nerve (§2.14)
    t.end_activation()
    t.set_activated("steel.1", False)
    t.activate("steel.1")
    hits_on(t, "steel.1", ["r"], distance=3)
    assert {d.data["armour"] for d in t.effects if d.kind == "hit_resolved"} >= {4}


def test_light_cover_does_not_protect_against_fragments():
    t = Table(setup(steel=[shooters({"id": "gl", "weapon": "grenade_launcher"})],
                    keno=[keno_partisans(cover="light")]))
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["gl"], distance=3)
    assert requests(t)["target.range"] == 4  # zone 1, no step for the bushes


def test_a_lone_flamethrower_wounds_automatically_and_still_kills_on_three_times():
    t = Table(setup(steel=[shooters({"id": "ft", "weapon": "flamethrower_opka13"})]))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["ft"], power=(1, 12), armour=(4, 4))
    assert [e.data["result"] for e in t.effects if e.kind == "hit_resolved"][:2] == [
        "wounded", "killed"]


def test_robots_are_immobilised_then_destroyed_and_still_shoot():
    robots = target({"id": "r1", "kind": "robot", "weapon": "lmg"},
                    {"id": "r2", "kind": "robot", "weapon": "lmg"})
    t = Table(setup(steel=[hmg_team()], keno=[robots]))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["hmg"], distance=40, picks=[1], power=(9, 9), armour=(8, 8))
    assert t.figure("keno.1", "r1").immobilised and t.figure("keno.1", "r2").immobilised
    assert t.figure("keno.1", "r1").status == "ok"
    t.roll({"morale.quality": 6})
    t.roll({"panic.quality": 6})  # recruits first fired upon keep their nerve (§2.14)
    t.end_activation()
    patch(t, "keno.1", suppression=0)
    t.activate("keno.1")
    t.refused(declare("move", "keno.1", {"terrain": "open"}), "action_forbidden")
    t.declare("fire", "keno.1", target="steel.1", weapons=["r1"], distance=5)


def test_an_immobilised_robot_hit_again_is_destroyed_and_a_killed_result_destroys_at_once():
    robots = target({"id": "r1", "kind": "robot", "weapon": "lmg", "count": 1},
                    {"id": "r2", "kind": "robot", "weapon": "lmg"})
    t = Table(setup(steel=[hmg_team()], keno=[robots]))
    i = t.state.index["keno.1"]
    sq = t.state.squads[i]
    t.state = t.state.with_squad(i, sq.with_figure(0, sq.figures[0]._replace(immobilised=True)))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["hmg"], distance=40, picks=[1], power=(9, 10), armour=(8, 3))
    assert t.figure("keno.1", "r1").status == "destroyed"
    assert t.figure("keno.1", "r2").status == "destroyed"


def test_power_armour_and_horses_are_lost_on_a_wound_the_man_fights_on():
    riders = target({"id": "pa", "armour": "power_armour", "weapon": "rifle"},
                    {"id": "cav", "mounted": True, "weapon": "rifle"})
    t = Table(setup(steel=[hmg_team()], keno=[riders]))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["hmg"], distance=40, picks=[1], power=(3, 5), armour=(2, 4))
    assert requests(t) == {"morale.quality": 6}  # first suppression only: no casualty
    pa, cav = t.figure("keno.1", "pa"), t.figure("keno.1", "cav")
    assert (pa.status, pa.armour) == ("ok", "human")
    assert (cav.status, cav.mounted) == ("ok", False)


def test_a_psionic_rolls_his_psi_die_as_armour_against_aimed_small_arms():
    psi = target({"id": "psi", "role": "psionic", "psi_die": 8, "weapon": "pistol"})
    t = Table(setup(steel=[shooters({"id": "r", "weapon": "rifle"},
                                    {"id": "r2", "weapon": "rifle"})], keno=[psi]))
    t.activate("steel.1")
    hits_on(t, "steel.1", ["r", "r2"])
    assert last(t, "hit_resolved").data["armour"] == 8


def test_the_keno_backpack_explodes_when_its_operator_is_hit():
    operator = target({"id": "op", "role": "flamethrower", "weapon": "flamethrower_keno"})
    neighbours = squad("keno.2", "neighbours", "recruit", 2,
                       [{"id": "a", "weapon": "rifle"}, {"id": "b", "weapon": "rifle"}])
    t = Table(setup(steel=[hmg_team()], keno=[operator, neighbours]))
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["hmg"], distance=40,
              dice_map={"shooter.quality": [12], "shooter.support.1": [12],
                        "target.range": [1]})
    # the operator is hit: no wound test, he dies; the player names every figure within 4"
    assert t.figure("keno.1", "op").status == "killed"
    decision = t.pending()
    assert decision.key == "backpack.blast" and decision.multiple
    assert {"keno.2/a", "keno.2/b", "steel.1/1"} <= {o.value for o in decision.options}
    t.decide("backpack.blast", ["keno.2/a", "steel.1/1"])
    assert requests(t) == {"hit.2.power": 12, "hit.2.armour": 4, "hit.3.power": 12,
                           "hit.3.armour": 4}
    t.roll({"hit.2.power": 1, "hit.2.armour": 4, "hit.3.power": 12, "hit.3.armour": 4})
    assert t.figure("keno.2", "a").status == "wounded_unchecked"  # automatically wounded
    assert t.figure("steel.1", "1").status == "killed"
    # the operator's squad is gone; both other squads lost men to fire: morale tests
    assert t.pending().requests[0].unit == "keno.2"
    t.roll({"morale.quality": 6})
    assert t.pending().requests[0].unit == "steel.1"


def test_commander_replacement_drifts_leadership_and_the_morale_test_uses_the_new_one():
    t = Table(setup(steel=[hmg_team()], keno=[keno_partisans()]))
    patch(t, "keno.1", leadership=2)
    t.activate("steel.1")
    hits_on(t, "steel.1", ["hmg"], distance=40, picks=[4], power=(9,), armour=(3,))
    assert t.figure("keno.1", "cmd").status == "killed"
    t.decide("commander.successor", "7")
    t.roll({"commander.replacement": 2})
    assert t.squad("keno.1").leadership == 3
    assert t.figure("keno.1", "7").role == "commander"
    t.roll({"morale.quality": 6})
    assert last(t, "morale_test").data["threshold"] == 3 + 3
