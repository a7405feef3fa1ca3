"""Worked examples of the digest (§4) that need sequencing, played through the fold."""

import pytest

from rules.core.facts import declare
from tests.rules.steelwar.fold_support import (
    Table,
    keno_partisans,
    setup,
    squad,
)


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def requests(t: Table) -> dict[str, int]:
    return {r.key: r.sides for r in t.pending().requests}


def last(t: Table, kind: str):
    return [e for e in t.effects if e.kind == kind][-1]


# --- #3 and #4: the Steel recruits' fire ------------------------------------------------------


def test_example_3_at_13_inches_the_lmg_and_then_the_sniper_fire_alone():
    t = Table(setup())
    t.activate("steel.1")
    smgs = ["cmd", "3", "4", "5", "6", "7", "8"]
    err = t.refused(declare("fire", "steel.1", {"target": "keno.1", "weapons": smgs,
                                                "distance": 13}), "weapon_out_of_range")
    assert "zone 1" in err.message
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=13)
    assert requests(t) == {"shooter.quality": 6, "shooter.support.1": 8, "target.range": 8}
    t.dice(shooter__quality=1, shooter__support__1=1, target__range=5)  # no effect
    t.dice(panic__quality=6)  # recruits first fired upon keep their nerve (§2.14)
    t.declare("fire", "steel.1", target="keno.1", weapons=["sn"], distance=13)
    assert requests(t) == {"shooter.quality": 6, "shooter.rof": 4, "target.range": 8}
    t.dice(shooter__quality=6, shooter__rof=4, target__range=3)
    # a hit from a sniper firing alone: its owner names the victim (§2.9)
    pending = t.pending()
    assert pending.key == "sniper.victim"
    assert "cmd" in {o.value for o in pending.options}
    t.decide("sniper.victim", "cmd")
    assert requests(t) == {"hit.1.power": 10, "hit.1.armour": 4}


def test_example_4_at_5_inches_four_smgs_and_the_lmg_then_three_smgs_and_the_sniper():
    t = Table(setup())
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["cmd", "3", "4", "5", "mg"],
              distance=5)
    assert requests(t) == {"shooter.quality": 6, "shooter.rof": 12, "shooter.support.1": 8,
                           "target.range": 4}
    t.dice(shooter__quality=5, shooter__rof=9, shooter__support__1=2, target__range=3)
    # 2 dice beat 3: suppression and (6 + 12 + 8) / 4 = 6.5 -> 7 potential hits on 10 figures
    assert last(t, "potential_hits").data["hits"] == 7
    assert list(requests(t)) == ["hit.1.figure"]
    for n in range(1, 8):
        t.roll({f"hit.{n}.figure": 1})  # always the left-most figure still standing
    # the LMG supports the SMGs, so the hits use the SMGs' power d8 (§2.5)
    assert {k: v for k, v in requests(t).items() if k.endswith("power")} == {
        f"hit.{n}.power": 8 for n in range(1, 8)}
    t.roll({**{f"hit.{n}.power": 1 for n in range(1, 8)},
            **{f"hit.{n}.armour": 4 for n in range(1, 8)}})
    t.roll({"morale.quality": 6})
    t.roll({"panic.quality": 6})  # recruits first fired upon keep their nerve (§2.14)
    t.declare("fire", "steel.1", target="keno.1", weapons=["6", "7", "8", "sn"], distance=5)
    assert requests(t) == {"shooter.quality": 6, "shooter.rof": 10, "target.range": 4}
    t.dice(shooter__quality=6, shooter__rof=9, target__range=2)
    # joined to the SMGs, the sniper no longer picks his victim: allocation is random
    assert "sniper.victim" not in str(t.pending())
    assert list(requests(t)) == ["hit.1.figure"]


# --- #8 and #11: the partisans in the flimsy house -----------------------------------------------


def partisans_in_the_house() -> Table:
    return Table(setup(keno=[keno_partisans(cover="light", prone=True)]))


def test_example_8_light_cover_and_prone_make_the_range_die_d10_and_two_dice_beat_it():
    t = partisans_in_the_house()
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=10)
    assert requests(t)["target.range"] == 10  # zone 2 d6, +1 light cover, +1 prone
    t.dice(shooter__quality=3, shooter__support__1=6, target__range=2)
    result = last(t, "fire_result")
    assert result.data["outcome"] == "suppress_and_hits"
    assert t.squad("keno.1").suppression == 1


def test_example_11_casualty_resolution_wounds_the_commander():
    t = partisans_in_the_house()
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=10,
              dice_map={"shooter.quality": [3], "shooter.support.1": [6], "target.range": [2]})
    assert last(t, "potential_hits").data["hits"] == 1  # 14 / 10 = 1.4 -> 1
    assert requests(t) == {"hit.1.figure": 10}
    t.roll({"hit.1.figure": 4})  # counting from the left: the commander
    assert last(t, "hit_allocated").data["figure"] == "cmd"
    assert requests(t) == {"hit.1.power": 10, "hit.1.armour": 4}  # the LMG alone: its own d10
    t.roll({"hit.1.power": 5, "hit.1.armour": 4})
    assert t.figure("keno.1", "cmd").status == "wounded_unchecked"
    assert last(t, "hit_resolved").data["result"] == "wounded"
    # the commander is lost: a subordinate takes over and rolls for his leadership (§2.9)
    assert t.pending().key == "commander.successor"


# --- #9: removing suppression over two actions -------------------------------------------------


def test_example_9_removing_suppression_fails_on_1_then_succeeds_on_2():
    t = Table(setup())
    patch(t, "keno.1", suppression=1)
    t.activate("keno.1")
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [1]})
    assert t.squad("keno.1").suppression == 1
    assert last(t, "command_test").data["passed"] is False
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [2]})
    assert t.squad("keno.1").suppression == 0
    assert t.state.activation.actions_used == 2


def test_removing_suppression_is_allowed_at_most_twice_per_activation():
    t = Table(setup())
    patch(t, "keno.1", suppression=3)
    t.activate("keno.1")
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [6]})
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [6]})
    t.state = t.state._replace(activation=t.state.activation._replace(actions_used=0))
    err = t.refused(declare("remove_suppression", "keno.1"), "action_forbidden")
    assert "twice" in err.message


# --- #18, #19, #20: threat and the morale test ----------------------------------------------------


def commander_hit_by_first_fire(*, artillery: bool) -> Table:
    """Medium motivation: suppressed for the first time, casualties, commander lost."""
    t = partisans_in_the_house()
    patch(t, "keno.1", leadership=2, under_bombardment=artillery)
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=10,
              dice_map={"shooter.quality": [3], "shooter.support.1": [6], "target.range": [2],
                        "hit.1.figure": [4], "hit.1.power": [9], "hit.1.armour": [3]})
    assert t.figure("keno.1", "cmd").status == "killed"
    t.decide("commander.successor", "5")
    t.roll({"commander.replacement": [4]})  # same leadership, 2
    return t


def test_example_18_only_the_largest_trigger_counts_commander_lost_3():
    t = commander_hit_by_first_fire(artillery=False)
    (req,) = t.pending().requests
    assert req.key == "morale.quality"
    t.roll({"morale.quality": 6})
    test = last(t, "morale_test")
    assert test.data["threshold"] == 2 + 3  # leadership 2 + threat 3
    assert test.data["grades_lost"] == 0


def test_example_19_artillery_adds_its_plus_1_at_medium_motivation():
    t = commander_hit_by_first_fire(artillery=True)
    t.roll({"morale.quality": 6})
    assert last(t, "morale_test").data["threshold"] == 2 + 4


def keno_guard_patrol() -> Table:
    """#20: Keno Guard regulars (d8), 7 men, leader 2, on a patrol (low motivation)."""
    guard = squad("keno.guard", "Keno Guard", "regular", 2,
                  [{"id": "cmd", "role": "commander", "weapon": "automat"},
                   {"weapon": "automat", "count": 6}], keno_guard=True, fearsome=True)
    gunners = squad("steel.mg", "MG team", "elite", 2,
                    [{"role": "crew", "count": 2}, {"id": "hmg", "weapon": "hmg"}])
    return Table(setup(steel=[gunners], keno=[guard], keno_motivation="low"))


@pytest.mark.parametrize(("roll", "grades", "grade"), [(6, 1, "shaken"), (4, 2, "broken")])
def test_example_20_lost_more_than_remain_plus_two_unchecked_casualties(roll, grades, grade):
    t = keno_guard_patrol()
    t.activate("steel.mg")
    t.declare("fire", "steel.mg", target="keno.guard", weapons=["hmg"], distance=3,
              dice_map={"shooter.quality": [12], "shooter.support.1": [12],
                        "target.range": [1]})
    assert last(t, "potential_hits").data["hits"] == 6  # (12 + 12) / 4
    for n in range(1, 7):
        t.roll({f"hit.{n}.figure": 2})  # never the commander, the left-most figure
    assert t.figure("keno.guard", "cmd").status == "ok"
    # two killed (9 >= 3 x 3), two wounded (5 > 4), two saved (2 <= 4)
    results = [(9, 3), (9, 3), (5, 4), (5, 4), (2, 4), (2, 4)]
    t.roll({**{f"hit.{n}.power": p for n, (p, _) in enumerate(results, 1)},
            **{f"hit.{n}.armour": a for n, (_, a) in enumerate(results, 1)}})
    assert t.squad("keno.guard").unchecked_casualties() == 2
    t.roll({"morale.quality": roll})
    test = last(t, "morale_test")
    # 4 lost > 3 left: threat 4, + 2 unchecked casualties at +1: 2 + 4 + 2 = 8
    assert test.data["threshold"] == 8
    assert test.data["grades_lost"] == grades
    assert t.squad("keno.guard").morale == grade


# --- #22, #23: grade drops and the ceiling ---------------------------------------------------------


def test_example_22_one_grade_steady_to_shaken_two_grades_steady_to_broken():
    t = commander_hit_by_first_fire(artillery=False)
    t.roll({"morale.quality": 2})  # 2 x 2 <= 5: two grades
    assert last(t, "morale_changed").data == {"from": "steady", "to": "broken"}


# --- #25: a failed reaction test cannot be retried this turn ---------------------------------------


def test_example_25_shaken_squad_fails_to_leave_cover_and_cannot_retry_this_turn():
    t = Table(setup(keno=[keno_partisans(cover="hard", morale="shaken")]))
    t.activate("keno.1")
    t.declare("move", "keno.1", leaves_cover=True, dice_map={"reaction.leave_cover_shaken": [3]})
    assert t.squad("keno.1").cover == "hard"  # 3 is not above leadership 1 + threat 2
    assert "leave_cover_shaken" in t.squad("keno.1").failed_reactions
    err = t.refused(declare("move", "keno.1", {"leaves_cover": True}), "action_forbidden")
    assert "next turn" in err.message
    t.declare("go_prone", "keno.1", dice_map={"reaction.go_prone": [1]})  # something else
    t.end_activation()
    # even with another activation this turn (a passed action), not again this turn
    t.set_activated("keno.1", False)
    t.activate("keno.1")
    t.refused(declare("move", "keno.1", {"leaves_cover": True}), "action_forbidden")
    t.end_activation()
    t.end_turn()
    t.activate("keno.1")
    t.declare("move", "keno.1", leaves_cover=True, dice_map={"reaction.leave_cover_shaken": [4]})
    assert t.squad("keno.1").cover == "none"


# --- #28: fire splitting -------------------------------------------------------------------------------


def automat_squad() -> dict:
    return squad("steel.2", "2nd squad", "regular", 2,
                 [{"id": "cmd", "role": "commander", "weapon": "automat"},
                  {"id": "mg", "role": "machine_gunner", "weapon": "lmg"},
                  {"weapon": "automat", "count": 6}])


def test_example_28_two_automats_and_the_lmg_then_the_remaining_five_automats():
    t = Table(setup(steel=[automat_squad()]))
    t.activate("steel.2")
    t.declare("fire", "steel.2", target="keno.1", weapons=["cmd", "3", "mg"], distance=12)
    assert requests(t) == {"shooter.quality": 8, "shooter.rof": 4, "shooter.support.1": 8,
                           "target.range": 6}  # 2 + 2 = 4 -> d4
    t.dice(shooter__quality=1, shooter__rof=1, shooter__support__1=1, target__range=6)
    t.dice(panic__quality=6)  # recruits first fired upon keep their nerve (§2.14)
    err = t.refused(declare("fire", "steel.2", {"target": "keno.1", "weapons": ["3", "4"],
                                                "distance": 12}), "action_forbidden")
    assert "once per activation" in err.message
    t.declare("fire", "steel.2", target="keno.1", weapons=["4", "5", "6", "7", "8"],
              distance=12)
    assert requests(t)["shooter.rof"] == 10  # 5 x 2
    t.dice(shooter__quality=1, shooter__rof=1, target__range=6)
    t.end_activation()
    t.end_turn()
    t.activate("steel.2")
    t.declare("fire", "steel.2", target="keno.1", weapons=["cmd", "3", "mg"], distance=12)
