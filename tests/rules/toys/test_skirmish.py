"""The example system of docs/adding-a-rule-system.md, played through the core kit: a
declaration asks for dice, a follow-up asks for a decision and then dice, refusals leave the
state as it was, and the state round-trips through JSON mid-procedure."""

import json

import pytest

from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DecisionNeeded, DiceNeeded, RuleSystem, replay
from tests.rules.toys.skirmish import SETUP, SHOT_HITS, SKIRMISH

HIT = [declare("shoot", "r1", {"target": "b1"}), dice({"hit": [5], "save": [2]})]


def _play(*facts):
    return replay(SKIRMISH, SETUP, facts)


def test_it_is_a_rule_system():
    assert isinstance(SKIRMISH, RuleSystem)


def test_a_shot_asks_for_named_dice_and_a_hit_queues_a_nerve_decision():
    state, effects = _play(HIT[0])
    pending = SKIRMISH.pending(state)
    assert isinstance(pending, DiceNeeded) and pending.procedure == "shoot"
    assert [(r.key, r.unit) for r in pending.requests] == [("hit", "r1"), ("save", "b1")]
    state, effects = SKIRMISH.apply(state, dice({"hit": [5]}))  # one die at a time
    assert [r.key for r in SKIRMISH.pending(state).requests] == ["save"]
    state, effects = SKIRMISH.apply(state, dice({"save": [2]}))
    assert [e.kind for e in effects] == ["figure_lost"]
    pending = SKIRMISH.pending(state)
    assert isinstance(pending, DecisionNeeded) and pending.key == "nerve"
    assert pending.unit == "b1"


@pytest.mark.parametrize(("choice", "more", "pinned"), [
    ("ground", [], True),
    ("stand", [dice({"nerve": [3]})], True),
    ("stand", [dice({"nerve": [4]})], False),
])
def test_the_nerve_test_pins_or_holds(choice, more, pinned):
    state, _ = _play(*HIT, decide("nerve", choice), *more)
    assert isinstance(SKIRMISH.pending(state), AwaitingCommand)
    assert state.units[1].pinned is pinned and state.resolution is None


def test_a_save_ends_the_shot_and_a_lost_unit_takes_no_nerve_test():
    state, effects = _play(HIT[0], dice({"hit": [2], "save": [2]}))
    assert [e.kind for e in effects] == ["shoot_declared", "missed"]
    state, _ = _play(*HIT, decide("nerve", "stand"), dice({"nerve": [6]}), *HIT)
    assert state.units[1].standing == 0 and isinstance(SKIRMISH.pending(state), AwaitingCommand)


@pytest.mark.parametrize(("facts", "fact", "code"), [
    ([*HIT, decide("nerve", "ground")], declare("shoot", "b1", {"target": "r1"}),
     "action_forbidden"),
    ([], declare("shoot", "r1", {"target": "r1"}), "action_forbidden"),
    ([], declare("shoot", "r1", {"target": "x"}), "bad_command"),
    ([], declare("rally", "r1"), "action_forbidden"),
    ([], declare("charge", "r1"), "not_implemented"),
    ([], declare("dig", "r1"), "bad_command"),
    ([HIT[0]], declare("rally", "r1"), "dice_pending"),
    ([HIT[0]], dice({"hit": [7]}), "die_out_of_range"),
    (HIT, decide("nerve", "flee"), "bad_decision"),
])
def test_a_refusal_leaves_the_state_unchanged(facts, fact, code):
    state, _ = _play(*facts)
    before = SKIRMISH.state_to_json(state)
    with pytest.raises(RuleError) as error:
        SKIRMISH.apply(state, fact)
    assert error.value.code == code
    assert SKIRMISH.state_to_json(state) == before


def test_the_state_round_trips_through_json_mid_procedure():
    for facts in ([HIT[0]], HIT, [*HIT, decide("nerve", "stand")]):
        state, _ = _play(*facts)
        data = json.loads(json.dumps(SKIRMISH.state_to_json(state)))
        assert SKIRMISH.state_from_json(data) == state


def test_odds_are_exact_and_the_summary_keeps_the_shooter_in_details():
    state, _ = _play()
    odds = SKIRMISH.odds(state, {"action": "shoot", "unit": "r1", "params": {"target": "b1"}})
    assert odds["figure lost"] == SHOT_HITS and sum(odds.values()) == 1
    state, _ = _play(*HIT, decide("nerve", "ground"))
    summary = SKIRMISH.summarize(state)
    (lost,) = summary.killed
    assert (lost.unit, lost.side, dict(lost.details)) == ("b1", "blue", {"shot_by": "r1"})
    assert [u.text for u in summary.units] == ["3 of 3 standing", "1 of 2 standing, pinned"]
