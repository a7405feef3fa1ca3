"""Notice on the way (§2.17, example 10): a fighter whose move comes into or beside a hidden
enemy's cell rolls at the first such cell of his path, not only where the move ends; the
prepared hider interrupts him there and the group roll follows before he goes on
(``play_stealth.approached``, ``play_readiness.advance``)."""

import pytest

from rules.core.facts import declare, dice
from rules.core.system import AwaitingCommand, DiceNeeded
from rules.mercenaries.examples import _fighter
from tests.rules.mercenaries.playing import SYSTEM, fighter, kinds, one, play, russian


def _hider(name, cell):
    """Example 10's soldier: Stealth d4 (2), "digital" camouflage (+2), in a small wood."""
    soldier = _fighter(name, "extra", list(cell), hidden=True, camouflage=2)
    soldier["traits"]["stealth"] = 4
    return soldier


def _scene(*, soldier=(0, 2), scout=None, mover="wild_card", privates=(), options=None,
           diaz=None):
    """Lt. Moreno (or Private Ruiz, an Extra) at 0,0 runs to 2,2 by 1,1; the soldier hides
    in a small wood (+2) at ``soldier``; a second hider, the scout, listed first, at
    ``scout``; the patrol's other Extras at ``privates``; Diaz, not hidden, at ``diaz``."""
    hiders = {}
    if scout is not None:
        hiders["m0"] = _hider("Scout", scout)
    hiders["m1"] = _hider("Soldier", soldier)
    if diaz is not None:
        hiders["m2"] = _fighter("Diaz", "extra", list(diaz))
    patrol = {"j1": (_fighter("Lt. Moreno", "wild_card", [0, 0]) if mover == "wild_card"
                     else _fighter("Private Ruiz", "extra", [0, 0]))}
    for n, cell in enumerate(privates, 2):
        patrol[f"j{n}"] = _fighter(f"Private {n}", "extra", list(cell))
    woods = [{"cell": list(soldier), "cover": 2}] + ([{"cell": list(scout), "cover": 2}]
                                                     if scout is not None else [])
    setup = {
        "map": {"width": 6, "height": 6, "light": "normal", "cells": woods},
        "first_side": "mercs",
        "sides": {
            "mercs": {"name": "Mercenaries", "squads": {"a": {"name": "A", "fighters": hiders}}},
            "junta": {"name": "Junta", "squads": {"p": {"name": "Patrol", "fighters": patrol}}},
        },
    }
    if options:
        setup["options"] = options
    return SYSTEM.initial_state(setup)


def _junta_turn(ready=None, hold=None, **scene):
    """The soldier went prone (a move); with ``ready`` he then lies in wait a whole turn;
    Diaz holds an attack on the cell ``hold``."""
    state, _ = play(_scene(**scene), declare("go_prone", "m1"))
    if hold:
        state, _ = play(state, declare("hold", "m2", {"cell": hold}))
    state, _ = play(state, declare("end_turn"))
    if ready:
        state, _ = play(state, declare("end_turn"), declare("hide_ready", "m1", {"with": ready}),
                        declare("end_turn"))
    return state


def _run(state):
    return play(state, declare("run", "j1", {"to": "2,2"}))


def _roller(state):
    pending = SYSTEM.pending(state)
    assert isinstance(pending, DiceNeeded)
    return {r.unit for r in pending.requests}


def test_a_run_past_a_hidden_soldier_rolls_beside_him_and_goes_on_unseen():
    # 1,1 is beside 0,2; 2,2, where the run ends, is two cells off: before, no roll at all.
    state, effects = _run(_junta_turn())
    assert kinds(effects) == ["ran", "passing", "notice_check"]
    assert one(effects, "passing").data == {"fighter": "Lt. Moreno", "cell": "1,1",
                                            "to": "2,2"}
    assert one(effects, "notice_check").data["tn"] == 5  # example 10's TN
    assert fighter(state, "j1").cell == (1, 1) and _roller(state) == {"j1"}
    state, effects = play(state, dice({"notice.trait": [4], "notice.wild": [3]}))
    assert kinds(effects) == ["not_spotted", "move_resumed"]
    assert fighter(state, "j1").cell == (2, 2) and fighter(state, "m1").known_to == ()
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_a_run_past_a_hidden_soldier_who_is_spotted_lets_the_mover_act_after_his_move():
    state, _ = _run(_junta_turn())
    state, effects = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted", "move_resumed"]
    assert fighter(state, "m1").known_to == ("j1",) and fighter(state, "j1").cell == (2, 2)
    assert SYSTEM.validate(state, {"action": "shoot", "unit": "j1",
                                   "params": {"target": "m1"}}) is None


def test_a_hider_beside_two_cells_of_the_path_is_rolled_at_once_at_the_first():
    state, effects = _run(_junta_turn(soldier=(1, 2)))
    assert kinds(effects) == ["ran", "passing", "notice_check"]
    state, effects = play(state, dice({"notice.trait": [2], "notice.wild": [2]}))
    assert kinds(effects) == ["not_spotted", "move_resumed"]  # no second roll at 2,2
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_two_hiders_are_rolled_at_in_the_order_the_path_passes_them():
    # The scout (listed first, standing in a wood at 3,3: 2+2+2-2 = 4) is beside 2,2 only.
    state, effects = _run(_junta_turn(scout=(3, 3)))
    assert one(effects, "notice_check").data["target"] == "Soldier"
    state, effects = play(state, dice({"notice.trait": [1], "notice.wild": [2]}))
    assert kinds(effects) == ["not_spotted", "move_resumed", "notice_check"]
    assert one(effects, "notice_check").data == {"fighter": "Lt. Moreno", "target": "Scout",
                                                 "tn": 4}
    assert fighter(state, "j1").cell == (2, 2)
    state, effects = play(state, dice({"notice.trait": [4], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted"]
    assert fighter(state, "m0").known_to == ("j1",) and fighter(state, "m1").known_to == ()


def test_a_held_attack_on_the_cell_beside_the_hider_fires_first_then_the_runner_looks():
    state, effects = _run(_junta_turn(hold="1,1", diaz=(4, 0)))
    assert kinds(effects) == ["ran", "interrupted", "held_attack"]
    state, effects = play(state, dice({"attack.trait": [1]}))
    assert kinds(effects) == ["missed", "notice_check"]
    assert fighter(state, "j1").cell == (1, 1)
    state, effects = play(state, dice({"notice.trait": [2], "notice.wild": [1]}))
    assert kinds(effects) == ["not_spotted", "move_resumed"]
    assert fighter(state, "j1").cell == (2, 2)


def test_a_walk_or_a_run_that_passes_no_hider_asks_no_roll():
    state = _junta_turn()
    for action, to in (("move", "1,0"), ("run", "2,0")):
        after, effects = play(state, declare(action, "j1", {"to": to}))
        assert kinds(effects) == ["moved" if action == "move" else "ran"]
        assert isinstance(SYSTEM.pending(after), AwaitingCommand)


def test_the_prepared_soldier_shoots_the_runner_where_he_spots_him_and_he_goes_on():
    state, effects = _run(_junta_turn(ready="shot"))
    state, effects = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted", "hider_interrupts", "held_attack"]
    assert one(effects, "held_attack").data["target"] == "Lt. Moreno"
    assert fighter(state, "j1").cell == (1, 1) and _roller(state) == {"m1"}
    state, effects = play(state, dice({"attack.trait": [1]}))
    assert kinds(effects) == ["missed", "move_resumed"]
    assert fighter(state, "j1").cell == (2, 2)
    assert fighter(state, "m1").ready_hidden_turn is None  # spent


def test_a_runner_the_prepared_shot_puts_out_of_the_fight_stops_where_he_was_shot():
    state, _ = _run(_junta_turn(ready="shot", mover="extra"))
    state, effects = play(state, dice({"notice.trait": [5]}), dice({"attack.trait": [6]}),
                          dice({"damage.weapon": [7, 3]}))
    assert "out_of_action" in kinds(effects) and "move_resumed" not in kinds(effects)
    assert fighter(state, "j1").cell == (1, 1)
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_a_prepared_blow_strikes_a_runner_who_spots_him_passing_through_his_cell():
    # The run passes through the soldier's cell 1,1: the same cell, TN 2+1+2+2-4 = 3.
    state, effects = _run(_junta_turn(ready="blow", soldier=(1, 1)))
    assert kinds(effects) == ["ran", "passing", "notice_check"]
    assert one(effects, "notice_check").data["tn"] == 3
    state, effects = play(state, dice({"notice.trait": [3], "notice.wild": [1]}))
    assert kinds(effects)[:2] == ["spotted", "hider_interrupts"]
    assert fighter(state, "j1").cell == (1, 1)


def test_the_patrol_rolls_as_a_group_at_the_prepared_shot_before_the_runner_goes_on():
    # His shot is active (-4): the two privates, 2-10 cells off, roll at 2+1+2+2-4 = 3 as
    # one group with the group Wild Die d4 (§2.18).
    state, _ = _run(_junta_turn(ready="shot", privates=((5, 4), (5, 5))))
    state, _ = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    state, effects = play(state, dice({"attack.trait": [1]}))
    assert kinds(effects) == ["missed", "group_notice_check"]
    assert one(effects, "group_notice_check").data["each"] == "3 (Private 2), 3 (Private 3)"
    assert fighter(state, "j1").cell == (1, 1)  # he goes on after the patrol's roll
    state, effects = play(state, dice({"group_notice.trait": [1], "group_notice.wild": [3]}))
    assert kinds(effects) == ["spotted", "spotted", "move_resumed"]
    assert fighter(state, "m1").known_to == ("j1", "j2", "j3")
    assert fighter(state, "j1").cell == (2, 2)


@pytest.mark.parametrize("kind", ["passing", "move_resumed"])
def test_the_way_reads_in_russian(kind):
    state, effects = _run(_junta_turn())
    _, more = play(state, dice({"notice.trait": [1], "notice.wild": [1]}))
    [line] = russian([one(effects + more, kind)])
    assert line in ("Lt. Moreno по пути в клетку 2,2 проходит клетку 1,1",
                    "Lt. Moreno продолжает движение в клетку 2,2")


def test_a_state_waiting_for_a_roll_on_the_way_round_trips_through_json():
    state, _ = _run(_junta_turn(soldier=(1, 2)))
    data = SYSTEM.state_to_json(state)
    assert data["queue"][-1]["ctx"] == {"to": [2, 2], "looked": ["m1"]}
    again = SYSTEM.state_from_json(data)
    assert SYSTEM.state_to_json(again) == data
    _, effects = play(again, dice({"notice.trait": [2], "notice.wild": [2]}))
    assert kinds(effects) == ["not_spotted", "move_resumed"]


def test_a_crawl_into_a_cell_beside_a_hider_rolls_there():
    # Moreno goes prone (his move), then crawls south from the middle of 0,0: the fourth
    # crawl enters 0,1, beside the soldier.
    state, _ = play(_junta_turn(), declare("go_prone", "j1"), declare("end_turn"))
    for n in range(4):
        state, effects = play(state, declare("end_turn"),  # the mercenaries' turn passes
                              declare("crawl", "j1", {"direction": "south"}))
        if n < 3:
            assert "notice_check" not in kinds(effects)
            state, _ = play(state, declare("end_turn"))
    assert kinds(effects)[-2:] == ["crawled", "notice_check"]
    assert one(effects, "notice_check").data["tn"] == 5
    assert fighter(state, "j1").cell == (0, 1)
