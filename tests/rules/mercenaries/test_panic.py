"""Panic in play (§2.13): the morale test's result entered at the table, only the flight
directly away (or keeping the position) offered and accepted, fleeing off the map, a commander
stopping it, the readings, and the state's JSON."""

import copy
import json

import pytest

from rules.core.errors import RuleError
from rules.core.facts import declare
from rules.core.markers import MARKER, Marker, markers
from rules.core.system import AwaitingCommand
from rules.mercenaries import panic
from rules.mercenaries.play_panic import AT_THE_TABLE
from tests.rules.mercenaries.playing import SYSTEM, fighter, kinds, one, play, refused, russian

TERMS = SYSTEM.terms
RIFLE = {"name": "assault rifle", "damage": [2, 8, 0], "ap": 2, "range": [6, 12, 24], "rof": 1}


def man(kind, cell, **extra):
    traits = {"agility": 6, "spirit": 6, "strength": 6, "vigor": 6, "fighting": 6,
              "shooting": 8, "base_skill": 6, "notice": 6, "stealth": 6}
    if kind == "extra":
        del traits["spirit"]
    out = {"kind": kind, "cell": list(cell), "traits": traits, "toughness": 5, "parry": 5,
           "weapon": RIFLE}
    out.update(extra)
    return out


SETUP = {
    "map": {"width": 10, "height": 6, "cells": []},
    "first_side": "a",
    "sides": {
        "a": {"name": "Mercenaries", "squads": {"s": {"name": "Alpha", "fighters": {
            "rourke": man("wild_card", (3, 2), name="Sgt. Rourke", rank="sergeant"),
            "kane": man("wild_card", (3, 1), name="Kane"),
            "diaz": man("extra", (2, 3), name="Diaz"),
            "soto": man("extra", (2, 4), name="Soto"),
        }}}},
        "b": {"name": "Junta", "squads": {
            "t": {"name": "Patrol", "fighters": {
                f"p{n}": man("extra", (7, 2 + n), name=f"Private {n}") for n in range(3)}},
            "u": {"name": "Scouts", "fighters": {
                "scout": man("extra", (4, 0), name="Scout")}},
        }},
    },
}


def battle(**options):
    return SYSTEM.initial_state({**copy.deepcopy(SETUP), "options": options})


def offered(state, unit):
    return {s.action: s for s in SYSTEM.commands(state) if s.unit == unit}


def panicked(state, *ids):
    return play(state, declare("panic", None, {"fighters": list(ids)}))


# --- the pure rules -----------------------------------------------------------------------------


def test_directly_away_is_the_grid_direction_nearest_the_line_from_the_group():
    assert panic.away((2, 3), [(7, 2), (7, 3), (7, 4)]) == ((-1, 0),)
    assert panic.away((2, 3), [(7, 1)]) == ((-1, 0),)  # 21.8 degrees: still west
    assert panic.away((2, 3), [(6, 0)]) == ((-1, 1),)  # 36.9 degrees: south-west
    # on the group's centre: any step farther from each of them; none when they surround him
    assert len(panic.away((2, 3), [(2, 3)])) == 8
    assert panic.away((2, 3), [(3, 4), (1, 4)]) == ((0, -1),)  # centre 2,4: north
    assert panic.away((2, 3), [(1, 3), (3, 3)]) == ()  # between them: no step is away
    assert panic.away((2, 3), []) == ()


def test_the_nearest_or_the_most_numerous_group_by_the_reading():
    groups = {"patrol": [(7, 2), (7, 3), (7, 4)], "scouts": [(4, 0)]}
    assert panic.feared(groups, (2, 3)) == ("scouts",)
    assert panic.feared(groups, (2, 3), reading=panic.MOST_NUMEROUS) == ("patrol",)
    # equally near: the most numerous; still tied: both together
    assert panic.feared({"a": [(5, 3)], "b": [(5, 0), (5, 1)]}, (2, 3)) == ("b",)
    assert panic.feared({"a": [(5, 3)], "b": [(5, 0)]}, (2, 3)) == ("a", "b")
    assert panic.feared({"a": [(5, 3)], "b": [(9, 0)]}, (2, 3),
                        reading=panic.MOST_NUMEROUS) == ("a",)
    assert panic.feared({}, (2, 3)) == ()


def test_a_commander_is_a_mercenary_sergeant_or_lieutenant_or_by_the_reading_a_wild_card():
    assert panic.is_commander("lieutenant", False)
    assert not panic.is_commander("", True)
    assert panic.is_commander("", True, reading=panic.WILD_CARD)
    assert not panic.is_commander("", False, reading=panic.WILD_CARD)


# --- panic entered at the table -------------------------------------------------------------------


def test_panic_is_entered_at_the_table_and_its_log_says_the_morale_test_is_not_in_the_text():
    state = battle()
    spec = next(s for s in SYSTEM.commands(state) if s.action == "panic")
    assert spec.unit is None  # the table's declaration, not a fighter's
    assert {c.value for c in spec.param("fighters").choices} == {
        "diaz", "soto", "p0", "p1", "p2", "scout"}  # Extras only, of either side
    # nobody is pre-ticked: who panics is the table's test, a default would be a guess
    who = spec.param("fighters")
    assert who.no_default and "fighters" not in spec.command()["params"]
    assert who.to_json()["default"] is None and who.to_json()["required"] is True
    state, effects = panicked(state, "diaz", "soto")
    assert fighter(state, "diaz").panicked and fighter(state, "soto").panicked
    line = one(effects, "panicked")
    assert "morale test is not in the text" in line.text and AT_THE_TABLE in line.text
    assert "Diaz, Soto" in line.text
    assert russian(effects) == ["Паника: Diaz, Soto (§2.13; теста морали нет в тексте, его "
                                "результат внесён за столом)"]
    # in the enemy's turn too (a test usually follows the enemy's fire)
    state, _ = play(state, declare("end_turn", None, {}))
    state, effects = panicked(state, "p0")
    assert fighter(state, "p0").panicked


@pytest.mark.parametrize(("ids", "words"), [
    (["rourke"], "is a Wild Card: only Extras (статисты) panic by this rule (§2.13)"),
    (["diaz", "p0"], "the fighters who panic are of one side"),
    (["diaz", "diaz"], "a fighter is named twice"),
    ([], "who panic: tick at least one fighter"),
    (["nobody"], "there is no fighter 'nobody'"),
])
def test_a_wild_card_or_a_bad_list_is_refused_and_nothing_changes(ids, words):
    error = refused(battle(), "panic", None, {"fighters": ids})
    assert words in str(error)


def test_a_wild_card_refusal_reads_in_russian():
    error = refused(battle(), "panic", None, {"fighters": ["kane", "diaz"]})
    reason = error.params["reason"]
    assert TERMS.sentence(reason.template, "ru").format(**reason.params) == (
        "Kane — Личность: по этому правилу паникуют только статисты")
    assert error.field == "params.fighters"


def test_panic_twice_is_refused():
    state, _ = panicked(battle(), "diaz")
    assert "is in panic already" in str(refused(state, "panic", None, {"fighters": ["diaz"]}))


# --- only the flight ------------------------------------------------------------------------------


def test_a_panicked_extra_is_offered_only_the_flight_directly_away():
    state, _ = panicked(battle(), "diaz")
    # the Scouts (one man at 4,0) are nearer than the Patrol: away from them is south-west
    specs = offered(state, "diaz")
    assert set(specs) <= {"move", "run", "flee", "hide"}
    assert [c.value for c in specs["move"].param("to").choices] == ["1,4"]
    assert [c.value for c in specs["run"].param("to").choices] == ["0,5"]
    assert "shoot" in offered(state, "soto")  # his comrade is not in panic


def test_a_move_toward_the_enemy_or_an_attack_is_refused_with_the_reason():
    state, _ = panicked(battle(), "diaz")
    error = refused(state, "move", "diaz", {"to": "3,3"})
    assert "Diaz is in panic and flees directly away from Scouts: cell 3,3 is not that way" \
        in str(error)
    assert error.field == "params.to"
    error = refused(state, "shoot", "diaz", {"target": "p0"})
    assert "may only flee directly away from the enemy or keep his position" in str(error)
    for action in ("go_prone", "reload"):
        refused(state, action, "diaz", {})
    state, effects = play(state, declare("move", "diaz", {"to": "1,4"}))
    assert fighter(state, "diaz").cell == (1, 4)


def test_the_most_numerous_group_first_by_the_other_reading():
    state, _ = panicked(battle(panic_flight="most_numerous"), "diaz")
    assert [c.value for c in offered(state, "diaz")["move"].param("to").choices] == ["1,3"]
    assert "flees directly away from Patrol" in str(
        refused(state, "move", "diaz", {"to": "1,4"}))


def test_he_flees_only_the_enemies_he_knows_of():
    setup = copy.deepcopy(SETUP)
    setup["sides"]["b"]["squads"]["u"]["fighters"]["scout"]["hidden"] = True
    state, _ = panicked(SYSTEM.initial_state(setup), "diaz")
    assert [c.value for c in offered(state, "diaz")["move"].param("to").choices] == ["1,3"]
    for squad in setup["sides"]["b"]["squads"].values():
        for man_ in squad["fighters"].values():
            man_["hidden"] = True
    state, _ = panicked(SYSTEM.initial_state(setup), "diaz")
    assert "knows of no enemy to flee from: he keeps his position" in str(
        refused(state, "move", "diaz", {"to": "1,3"}))
    assert not {"move", "run", "flee"} & set(offered(state, "diaz"))


def test_a_prone_panicked_man_stays_down():
    state, _ = play(battle(), declare("go_prone", "diaz", {}))
    state, _ = panicked(state, "diaz")
    state, _ = play(state, declare("end_turn", None, {}), declare("end_turn", None, {}))
    assert "stand_up" not in offered(state, "diaz")
    refused(state, "stand_up", "diaz", {})
    refused(state, "crawl", "diaz", {"direction": "west"})


def test_a_panicked_man_hides_in_cover_not_in_the_open():
    setup = copy.deepcopy(SETUP)
    # Soto in cover, Diaz in the open, the enemy out of sight behind a line of +4 cover
    setup["map"]["cells"] = [{"cell": [2, 4], "cover": 2},
                             *({"cell": [3, y], "cover": 4} for y in range(6))]
    state = SYSTEM.initial_state(setup)
    state, _ = panicked(state, "diaz", "soto")
    assert "hides only in cover" in str(refused(state, "hide", "diaz", {}))
    assert "hide" not in offered(state, "diaz")
    state, effects = play(state, declare("hide", "soto", {}))
    assert fighter(state, "soto").hidden


def test_panic_lapses_his_held_attack():
    state, _ = play(battle(), declare("hold", "diaz", {"cell": "5,3"}))
    assert fighter(state, "diaz").hold_cell == "5,3"
    state, _ = panicked(state, "diaz")
    assert fighter(state, "diaz").hold_cell is None


# --- fleeing off the map ---------------------------------------------------------------------


def _fled():
    state, _ = panicked(battle(panic_flight="most_numerous"), "diaz")
    state, _ = play(state, declare("run", "diaz", {"to": "0,3"}),
                    declare("end_turn", None, {}), declare("end_turn", None, {}))
    assert "flee" in offered(state, "diaz")
    return play(state, declare("flee", "diaz", {}))


def test_fleeing_off_the_map_takes_him_out_of_the_battle_not_as_a_casualty():
    state, _ = panicked(battle(), "diaz")
    assert "leaves the battlefield only by a step off the map's edge" in str(
        refused(state, "flee", "diaz", {}))
    state, effects = _fled()
    assert kinds(effects) == ["fled"]
    assert fighter(state, "diaz").condition == panic.FLED
    assert not fighter(state, "diaz").fighting_on
    assert "diaz" not in SYSTEM.pending(state).units
    assert russian(effects) == ["Diaz бежит с поля боя: выбыл из боя, но не потеря"]
    summary = SYSTEM.summarize(state)
    assert "diaz" not in {f.figure for f in summary.figures}  # no casualty: he comes back
    alpha = next(u for u in summary.units if u.unit == "s")
    assert alpha.status["fled"] == 1 and alpha.status["out"] == 1
    assert alpha.text == "3 of 4 in the fight, 1 fled"
    # the enemy cannot finish off a man who left
    state, _ = play(state, declare("end_turn", None, {}))
    assert "can no longer resist" in str(refused(state, "finish_off", "p0",
                                                 {"target": "diaz"}))


def test_the_squad_card_marks_who_is_in_panic_and_the_summary_does_not_change():
    before = battle()
    state, _ = panicked(before, "diaz", "soto")
    assert markers(SYSTEM, state) == (Marker("s", "diaz", "panicked"),
                                      Marker("s", "soto", "panicked"))
    assert markers(SYSTEM, before) == ()
    # what the campaign takes over is as it was: panic is no casualty and ends with the battle
    assert SYSTEM.summarize(state).to_json() == SYSTEM.summarize(before).to_json()
    assert [TERMS.label(MARKER, "panicked", lang) for lang in ("en", "ru")] == [
        "in panic", "в панике"]
    state, _ = _fled()  # he who fled is no longer on the table: no marker, counted as fled
    assert markers(SYSTEM, state) == ()


def test_one_who_is_not_in_panic_does_not_flee():
    assert "Diaz is not in panic" in str(refused(battle(), "flee", "diaz", {}))


# --- a commander stops the flight -----------------------------------------------------------------


def test_a_commander_stops_the_flight_as_the_table_says():
    state, _ = panicked(battle(), "diaz", "soto")
    spec = offered(state, "rourke")["stop_panic"]
    assert [c.value for c in spec.param("squad").choices] == ["s"]
    state, effects = play(state, declare("stop_panic", "rourke", {"squad": "s",
                                                                  "stopped": False}))
    assert kinds(effects) == ["panic_goes_on"] and AT_THE_TABLE in effects[0].text
    assert fighter(state, "diaz").panicked
    state, effects = play(state, declare("stop_panic", "rourke", {"squad": "s"}))
    assert kinds(effects) == ["panic_stopped"]
    assert "the rally is not in the text" in effects[0].text
    assert russian(effects)[0].startswith("Sgt. Rourke останавливает бегущих из отделения Alpha")
    assert not fighter(state, "diaz").panicked and not fighter(state, "soto").panicked
    assert fighter(state, "rourke").actions == 2  # each attempt is one of his actions
    assert "shoot" in offered(state, "diaz")


def test_only_a_commander_stops_it_and_only_a_squad_in_panic():
    state, _ = panicked(battle(), "diaz")
    assert "Kane is not a commander" in str(refused(state, "stop_panic", "kane", {"squad": "s"}))
    assert "there is no squad 't' on his side" in str(
        refused(state, "stop_panic", "rourke", {"squad": "t"}))
    assert "nobody of Alpha is in panic" in str(
        refused(battle(), "stop_panic", "rourke", {"squad": "s"}))
    assert "true or false" in str(refused(state, "stop_panic", "rourke",
                                          {"squad": "s", "stopped": "yes"}))
    # an Extra with a rank panics like any Extra, and then gives no orders
    setup = copy.deepcopy(SETUP)
    setup["sides"]["a"]["squads"]["s"]["fighters"]["diaz"]["rank"] = "sergeant"
    state, _ = panicked(SYSTEM.initial_state(setup), "diaz", "soto")
    assert "stop_panic" not in offered(state, "diaz") and "stop_panic" in offered(state,
                                                                                 "rourke")
    assert "may only flee" in str(refused(state, "stop_panic", "diaz", {"squad": "s"}))


def test_every_wild_card_commands_and_the_order_simply_works_by_the_other_readings():
    state, _ = panicked(battle(panic_commander="wild_card", panic_rally="succeeds"), "diaz")
    spec = offered(state, "kane")["stop_panic"]
    assert spec.param("stopped") is None
    assert "simply stops the flight" in str(
        refused(state, "stop_panic", "kane", {"squad": "s", "stopped": False}))
    state, effects = play(state, declare("stop_panic", "kane", {"squad": "s"}))
    assert kinds(effects) == ["panic_ordered"] and "reading" in effects[0].text
    assert not fighter(state, "diaz").panicked
    assert russian(effects)[0].startswith("Kane останавливает бегущих")


# --- the state's JSON -------------------------------------------------------------------------


def test_panic_and_flight_survive_a_json_round_trip_and_old_states_still_load():
    state, _ = _fled()
    state, _ = panicked(state, "soto")
    data = json.loads(json.dumps(SYSTEM.state_to_json(state)))
    assert SYSTEM.state_from_json(data) == state
    old = SYSTEM.state_to_json(battle())
    for f in old["fighters"]:
        del f["panicked"], f["rank"]
    for name in ("panic_flight", "panic_rally", "panic_commander"):
        del old["options"][name]
    assert SYSTEM.state_from_json(old) == battle()._replace(fighters=tuple(
        f._replace(rank="") for f in battle().fighters))
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_a_rank_that_is_not_a_commanders_is_refused_at_setup():
    bad = copy.deepcopy(SETUP)
    bad["sides"]["a"]["squads"]["s"]["fighters"]["diaz"]["rank"] = "general"
    with pytest.raises(RuleError) as caught:
        SYSTEM.initial_state(bad)
    assert caught.value.field == "sides.a.squads.s.fighters.diaz.rank"
