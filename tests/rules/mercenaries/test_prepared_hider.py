"""The prepared hider (§2.17, ``play_hider``): a hidden fighter ready for discovery interrupts
the enemy who spots him with his prepared shot or blow, played through the rulebook."""

import pytest

from rules.core.errors import RuleError
from rules.core.facts import declare, dice
from rules.core.system import AwaitingCommand, DiceNeeded
from rules.mercenaries.examples import _fighter
from rules.mercenaries.terms import TERMS
from tests.rules.mercenaries.playing import SYSTEM, fighter, kinds, one, play, refused


def _scene(*, hider_kit=None, j2_cell=(4, 1)):
    """Example 10's soldier (Stealth d4, prone in a small wood +2, camouflage +2) at 1,1, ready
    to be spotted from the next cell at TN 5; Lt. Moreno (a Wild Card) two cells off, Private
    Ruiz further; Diaz, in the open, is not hidden."""
    soldier = _fighter("Soldier", "extra", [1, 1], hidden=True, camouflage=2, **(hider_kit or {}))
    soldier["traits"]["stealth"] = 4
    return {
        "map": {"width": 6, "height": 3, "light": "normal", "cells": [{"cell": [1, 1], "cover": 2}]},
        "first_side": "mercs",
        "sides": {
            "mercs": {"name": "Mercenaries", "squads": {"a": {"name": "A", "fighters": {
                "m1": soldier, "m2": _fighter("Diaz", "extra", [0, 2])}}}},
            "junta": {"name": "Junta", "squads": {"p": {"name": "P", "fighters": {
                "j1": _fighter("Lt. Moreno", "wild_card", [3, 1]),
                "j2": _fighter("Private Ruiz", "extra", list(j2_cell))}}}},
        },
    }


def _prone(**kit):
    """The soldier went prone last turn (going prone is a move); his turn again."""
    state, _ = play(SYSTEM.initial_state(_scene(**kit)), declare("go_prone", "m1"),
                    declare("end_turn"), declare("end_turn"))
    return state


def _ready(way="shot", **kit):
    state, effects = play(_prone(**kit), declare("hide_ready", "m1", {"with": way}),
                          declare("end_turn"))
    return state, effects


def test_the_catalogue_offers_a_shot_or_a_blow_to_a_hider_who_did_nothing():
    [spec] = [s for s in SYSTEM.commands(_prone()) if s.action == "hide_ready"]
    assert [c.value for c in spec.params[0].choices] == ["shot", "blow"]
    assert TERMS.choice(_prone(), "m1", "with", "shot", "ru", None).startswith("выстрел")
    assert not [s for s in SYSTEM.commands(_prone()) if s.action == "hide_ready"
                and s.unit == "m2"]  # Diaz is not hidden


def test_a_prepared_hider_shoots_the_enemy_who_spots_him_and_the_enemy_goes_on():
    state, effects = _ready()
    assert "hider_ready_shot" in kinds(effects)
    # Moreno comes beside him (example 10, TN 5) and spots him on a 5.
    state, effects = play(state, declare("move", "j1", {"to": "2,1"}))
    assert one(effects, "notice_check").data["tn"] == 5
    state, effects = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted", "hider_interrupts", "held_attack"]
    assert one(effects, "held_attack").data == {
        "fighter": "Soldier", "target": "Lt. Moreno", "modifier": 0, "defence": 4}
    assert SYSTEM.pending(state).requests[0].unit == "m1"
    # The shot hits; 3 damage does not beat Toughness 5.
    state, effects = play(state, dice({"attack.trait": [7]}), dice({"damage.weapon": [1, 2]}))
    assert kinds(effects)[0] == "hit"
    assert fighter(state, "m1").ready_hidden_turn is None  # spent
    # His shot is active (-4): Ruiz, three cells off, rolls against 2+1+2+2+0-4 = 3.
    assert one(effects, "notice_check").data == {
        "fighter": "Private Ruiz", "target": "Soldier", "tn": 3}
    state, effects = play(state, dice({"notice.trait": [2]}))
    assert kinds(effects) == ["not_spotted"]
    # Moreno's turn goes on: he knows where the soldier is and may shoot him.
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)
    assert SYSTEM.validate(state, {"action": "shoot", "unit": "j1",
                                   "params": {"target": "m1"}}) is None
    refused(state, "shoot", "j2", {"target": "m1"}, match="has not spotted")


def test_a_failed_notice_asks_no_interrupt_and_a_search_that_spots_him_does():
    state, _ = _ready()
    state, _ = play(state, declare("move", "j1", {"to": "2,1"}))
    state, effects = play(state, dice({"notice.trait": [4], "notice.wild": [3]}))
    assert kinds(effects) == ["not_spotted"]
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)
    assert fighter(state, "m1").ready_hidden_turn is not None  # he still waits
    state, effects = play(state, declare("search", "j1", {"target": "m1"}),
                          dice({"notice.trait": [5], "notice.wild": [2]}))
    assert kinds(effects)[-3:] == ["spotted", "hider_interrupts", "held_attack"]
    # a miss: the searcher goes on with his turn (his second action was the search)
    state, effects = play(state, dice({"attack.trait": [1]}), dice({"notice.trait": [1]}))
    assert "missed" in kinds(effects)
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_the_preparation_lapses_at_his_own_next_turn():
    state, _ = _ready()
    state, _ = play(state, declare("end_turn"))
    assert fighter(state, "m1").ready_hidden_turn is not None
    state, _ = play(state, declare("end_turn"), declare("move", "j1", {"to": "2,1"}))
    state, effects = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted"]  # no interrupt: the preparation stood one turn
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_a_prepared_blow_strikes_only_the_spotter_in_his_cell():
    state, effects = _ready("blow", j2_cell=(2, 0))
    assert "hider_ready_blow" in kinds(effects)
    # Moreno spots him from the next cell: out of reach of a blow, the preparation waits.
    state, _ = play(state, declare("move", "j1", {"to": "2,1"}))
    state, effects = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted"]
    assert fighter(state, "m1").ready_hidden_with == "blow"
    # Ruiz walks into his cell and spots him there (-4: TN 3): the blow, a reaction.
    state, effects = play(state, declare("move", "j2", {"to": "1,1"}))
    assert one(effects, "notice_check").data["tn"] == 3
    state, effects = play(state, dice({"notice.trait": [3]}))
    assert kinds(effects) == ["spotted", "hider_interrupts", "attack_declared"]
    # a reaction: no multi-action -2 after the turn he spent preparing
    assert one(effects, "attack_declared").data == {
        "fighter": "Soldier", "target": "Private Ruiz", "melee": True, "modifier": 0,
        "defence": 5}
    assert SYSTEM.pending(state).requests[0].key == "attack.trait"


def test_a_hider_without_a_firearm_prepares_only_a_blow():
    state = _prone(hider_kit={"weapon": None})
    refused(state, "hide_ready", "m1", {"with": "shot"}, match="has no firearm")
    assert SYSTEM.validate(state, {"action": "hide_ready", "unit": "m1",
                                   "params": {"with": "blow"}}) is None


def test_bad_preparations_are_refused_and_change_nothing():
    state = _prone()
    refused(state, "hide_ready", "m2", {"with": "shot"}, match="not hidden from any enemy")
    refused(state, "hide_ready", "m1", {"with": "grenade"}, match="a shot or a blow")
    refused(state, "hide_ready", "m1", match="a shot or a blow")
    state, _ = play(state, declare("hide_ready", "m1", {"with": "shot"}))
    refused(state, "hide_ready", "m1", {"with": "blow"}, match="ready for discovery already")
    refused(state, "shoot", "m1", {"target": "j1"}, match="whole turn ready for discovery")
    moved, _ = play(SYSTEM.initial_state(_scene()), declare("go_prone", "m1"))
    refused(moved, "hide_ready", "m1", {"with": "blow"}, match="takes the whole turn")


def test_a_refusal_and_the_interrupt_read_in_russian():
    state = _prone()
    with pytest.raises(RuleError) as caught:
        SYSTEM.validate(state, {"action": "hide_ready", "unit": "m2", "params": {"with": "shot"}})
    reason = caught.value.params["reason"]
    assert TERMS.sentence(reason.template, "ru").format(**reason.params) == (
        "Diaz не скрыт ни от одного врага: к обнаружению готовится только прячущийся")
    ru = TERMS.effect({"kind": "hider_interrupts",
                       "data": {"fighter": "Soldier", "target": "Lt. Moreno"}}, "ru", {})
    assert ru.startswith("Soldier был готов к обнаружению и прерывает ход бойца Lt. Moreno")


def test_states_with_a_preparation_and_an_interrupt_round_trip_through_json():
    state, _ = _ready()
    assert SYSTEM.state_from_json(SYSTEM.state_to_json(state)) == state
    state, _ = play(state, declare("move", "j1", {"to": "2,1"}),
                    dice({"notice.trait": [5], "notice.wild": [1]}))
    assert isinstance(SYSTEM.pending(state), DiceNeeded)
    assert SYSTEM.state_from_json(SYSTEM.state_to_json(state)) == state
    # a state saved before the prepared hider existed still loads
    old = SYSTEM.state_to_json(SYSTEM.initial_state(_scene()))
    for f in old["fighters"]:
        del f["ready_hidden_turn"], f["ready_hidden_with"]
    assert SYSTEM.state_from_json(old) == SYSTEM.initial_state(_scene())


def test_a_spotter_shaken_by_the_interrupt_in_his_own_turn_may_spend_his_benny_on_order():
    state, _ = _ready()
    i, moreno = state.fighter("j1")
    state = state.with_fighter(i, moreno._replace(bennies=1))
    state, _ = play(state, declare("benny_orders", "j1", {"unshake_when_shaken": True}),
                    declare("move", "j1", {"to": "2,1"}),
                    dice({"notice.trait": [5], "notice.wild": [1]}),
                    dice({"attack.trait": [7]}))
    # 7 damage against Toughness 5 and Armour 1: Shaken, then his order
    state, effects = play(state, dice({"damage.weapon": [4, 3]}))
    assert kinds(effects)[1:3] == ["shaken", "unshaken"]
    assert not fighter(state, "j1").shaken and fighter(state, "j1").bennies == 0


def test_when_two_spot_him_at_once_the_first_has_the_prepared_shot():
    from rules.mercenaries import play_hider
    from rules.mercenaries.rulebook import RULEBOOK
    state, _ = _ready()
    h, soldier = state.fighter("m1")
    state = state.with_fighter(h, soldier._replace(known_to=("j1", "j2")))
    j1, j2 = state.fighter("j1")[0], state.fighter("j2")[0]
    step = RULEBOOK.done(state, (), play_hider.spotted_hook(state, j1, h)
                         + play_hider.spotted_hook(state, j2, h))
    assert kinds(step.effects) == ["hider_interrupts", "held_attack"]
    assert one(step.effects, "held_attack").data["target"] == "Lt. Moreno"
    state, effects = play(step.state, dice({"attack.trait": [1]}))
    assert "hider_interrupts" not in kinds(effects)  # Ruiz finds it spent
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)
