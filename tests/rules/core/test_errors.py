import pickle

from rules.core.errors import RuleError


def test_rule_error_carries_code_message_rule_and_field():
    err = RuleError(
        "action_forbidden",
        "suppressed infantry may only move away from the enemy (§2.7)",
        rule="§2.7",
        field="params.direction",
    )
    assert err.code == "action_forbidden"
    assert err.rule == "§2.7"
    assert str(err) == err.message
    assert err.to_dict() == {
        "code": "action_forbidden",
        "message": "suppressed infantry may only move away from the enemy (§2.7)",
        "rule": "§2.7",
        "field": "params.direction",
    }


def test_rule_error_survives_pickling_with_keyword_arguments():
    err = pickle.loads(pickle.dumps(RuleError("wrong_die", "no", rule="§1")))
    assert (err.code, err.message, err.rule, err.field) == ("wrong_die", "no", "§1", None)
