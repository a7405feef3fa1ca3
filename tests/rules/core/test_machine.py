"""The fact machinery: declare -> dice/decision -> effects, and refusal of out-of-turn facts."""

from types import MappingProxyType

import pytest

from rules.core.errors import RuleError
from rules.core.facts import Command, Fact, decide, declare, dice
from rules.core.system import (
    AwaitingCommand,
    DecisionNeeded,
    DiceNeeded,
    RuleSystem,
    fold,
    replay,
)
from tests.rules.core.toy import TOY, ToyState


def code_of(state, fact):
    with pytest.raises(RuleError) as exc:
        TOY.apply(state, fact)
    return exc.value.code


def test_the_toy_system_satisfies_the_protocol():
    assert isinstance(TOY, RuleSystem)


def test_a_declaration_asks_for_named_dice():
    state = TOY.apply(ToyState(), declare("attack", "red")).state
    pending = TOY.pending(state)
    assert isinstance(pending, DiceNeeded)
    assert [r.label for r in pending.requests] == ["attacker 2d6", "defender die d8"]
    assert pending.to_json()["requests"][0]["count"] == 2


def test_dice_may_arrive_in_parts_and_the_pending_list_shrinks():
    state = TOY.apply(ToyState(), declare("attack", "red")).state
    state = TOY.apply(state, dice({"defender.die": [3]})).state
    assert [r.key for r in TOY.pending(state).requests] == ["attacker.total"]
    step = TOY.apply(state, dice({"attacker.total": [2, 2]}))
    assert step.state.score == 1
    assert [e.kind for e in step.effects] == ["scored"]
    assert isinstance(TOY.pending(step.state), AwaitingCommand)


def test_a_tie_asks_for_a_decision_and_the_answer_is_checked():
    state = replay(TOY, {}, [declare("attack"), dice({"attacker.total": [1, 2], "defender.die": 3})])
    assert isinstance(TOY.pending(state.state), DecisionNeeded)
    assert code_of(state.state, decide("tie.break", "charge")) == "bad_decision"
    assert code_of(state.state, decide("other.key", "push")) == "bad_decision"
    assert TOY.apply(state.state, decide("tie.break", "push")).state.score == 1


@pytest.mark.parametrize(
    ("rolls", "code"),
    [
        ({"attacker.total": [7, 1]}, "die_out_of_range"),
        ({"attacker.total": [1]}, "wrong_die"),
        ({"defender.die": {"sides": 6, "values": [1]}}, "wrong_die"),
        ({"no.such.die": [1]}, "wrong_die"),
        ({}, "wrong_die"),
    ],
)
def test_bad_dice_are_refused_and_the_state_is_unchanged(rolls, code):
    state = TOY.apply(ToyState(), declare("attack")).state
    before = TOY.state_to_json(state)
    assert code_of(state, dice(rolls)) == code
    assert TOY.state_to_json(state) == before


def test_out_of_turn_facts_are_refused_with_their_own_codes():
    idle = ToyState()
    rolling = TOY.apply(idle, declare("attack")).state
    tied = TOY.apply(rolling, dice({"attacker.total": [1, 1], "defender.die": [2]})).state
    assert code_of(idle, dice({"defender.die": [1]})) == "nothing_pending"
    assert code_of(idle, decide("tie.break", "push")) == "nothing_pending"
    assert code_of(rolling, declare("attack")) == "dice_pending"
    assert code_of(rolling, decide("tie.break", "push")) == "dice_pending"
    assert code_of(tied, dice({"defender.die": [1]})) == "decision_pending"
    assert code_of(tied, declare("attack")) == "decision_pending"
    assert code_of(idle, Fact("shuffle", {})) == "bad_fact"
    assert code_of(idle, {"data": {}}) == "bad_fact"
    assert code_of(idle, {"type": "declare", "data": {"unit": "red"}}) == "bad_command"


def test_a_declaration_may_carry_its_dice():
    step = TOY.apply(
        ToyState(), declare("attack", dice={"attacker.total": [6, 6], "defender.die": [8]})
    )
    assert step.state.score == 1
    assert [e.kind for e in step.effects] == ["declared", "scored"]


def test_dice_sent_with_a_declaration_that_were_never_asked_for_are_refused():
    fact = declare("attack", dice={"attacker.total": [6, 6], "defender.die": [8], "extra": [1]})
    assert code_of(ToyState(), fact) == "wrong_die"


def test_facts_round_trip_through_json_and_fold_accepts_either_form():
    facts = [declare("attack", "red", {"x": 1}), dice({"attacker.total": [6, 6], "defender.die": 1})]
    as_json = [f.to_json() for f in facts]
    assert fold(TOY, ToyState(), as_json) == fold(TOY, ToyState(), facts)
    assert Command.from_json(as_json[0]["data"]) == Command("attack", "red", {"x": 1})


def test_bad_setup_names_the_field():
    with pytest.raises(RuleError) as exc:
        TOY.initial_state({"score": "high"})
    assert (exc.value.code, exc.value.field) == ("bad_setup", "score")


def test_pending_serialises_for_clients():
    assert AwaitingCommand(("red",)).to_json() == {"kind": "command", "units": ["red"]}
    tied = replay(TOY, {}, [declare("attack"), dice({"attacker.total": [1, 1], "defender.die": 2})])
    assert TOY.pending(tied.state).to_json()["options"][0] == {"value": "push", "label": "push"}


@pytest.mark.parametrize("params", [None, [], "fast", 3])
def test_params_that_are_not_a_mapping_are_refused(params):
    with pytest.raises(RuleError) as err:
        Command.from_json({"action": "end_turn", "params": params})
    assert err.value.code == "bad_command" and err.value.field == "params"


def test_a_command_without_params_has_the_empty_mapping_and_reads_back_the_same():
    cmd = Command.from_json({"action": "end_turn"})
    assert dict(cmd.params) == {} and cmd.to_json() == {"action": "end_turn"}
    assert Command.from_json({"action": "end_turn", "params": {"a": 1}}).params == {"a": 1}


@pytest.mark.parametrize("command", [None, ["end_turn"], "end_turn", 3])
def test_a_command_that_is_not_a_mapping_is_refused(command):
    with pytest.raises(RuleError) as err:
        Command.from_json(command)
    assert err.value.code == "bad_command" and err.value.field == "action"


def test_a_command_is_read_as_it_is_and_any_mapping_as_a_dict():
    cmd = Command("move", "red", {"x": 1})
    assert Command.from_json(cmd) is cmd
    read = Command.from_json(MappingProxyType({"action": "move", "unit": "red", "params": {"x": 1}}))
    assert read == cmd
