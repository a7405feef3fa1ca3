"""Bad input: a 4xx JSON error with a machine code and a sentence naming the rule or field,
and the battle unchanged afterwards (same version, same state)."""

import pytest

from battles.models import BattleLogEntry
from tests.battles.helpers import dice, fire, head, post, state_json

pytestmark = pytest.mark.django_db


@pytest.fixture
def firing(battle, clients):
    """A battle where r1 has declared fire and its dice are pending (version 2)."""
    assert fire(clients["alice"], battle, 1).status_code == 201
    return battle


def assert_unchanged(client, battle, before):
    assert head(battle) == before["version"]
    assert state_json(client, battle) == before
    assert BattleLogEntry.objects.filter(battle=battle).count() == before["version"]


def assert_error(response, status, code, *, field=None, rule=None):
    body = response.json()
    assert response.status_code == status, body
    assert set(body) >= {"code", "message", "rule", "field"}
    assert body["code"] == code
    assert body["message"]
    if field is not None:
        assert body["field"] == field
    if rule is not None:
        assert body["rule"] == rule
    return body


def test_a_seven_on_a_d6(clients, firing):
    before = state_json(clients["alice"], firing)
    body = assert_error(
        dice(clients["alice"], firing, 2, shot=[7]), 422, "die_out_of_range", field="rolls.shot"
    )
    assert "7 is not a face of a d6" in body["message"]
    assert_unchanged(clients["alice"], firing, before)


def test_a_die_for_the_wrong_request(clients, firing):
    before = state_json(clients["alice"], firing)
    body = assert_error(
        dice(clients["alice"], firing, 2, morale=[3]), 422, "wrong_die", field="rolls.morale"
    )
    assert "pending: shot, cover" in body["message"]
    assert_unchanged(clients["alice"], firing, before)


def test_the_wrong_die_size(clients, firing):
    before = state_json(clients["alice"], firing)
    response = post(
        clients["alice"],
        firing,
        "dice/",
        {"expected_version": 2, "rolls": {"cover": {"sides": 8, "values": [3]}}},
    )
    assert_error(response, 422, "wrong_die", field="rolls.cover")
    assert_unchanged(clients["alice"], firing, before)


def test_a_unit_not_in_the_battle(clients, battle):
    before = state_json(clients["alice"], battle)
    body = assert_error(
        fire(clients["alice"], battle, 1, unit="x9"), 422, "unknown_unit", field="unit"
    )
    assert "x9" in body["message"]
    assert_unchanged(clients["alice"], battle, before)


def test_an_action_the_units_state_forbids_names_the_rule(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 2, "cover": 2})  # b1 suppressed
    before = state_json(clients["bob"], battle)
    body = assert_error(
        fire(clients["bob"], battle, 2, unit="b1", target="r1"),
        422,
        "action_forbidden",
        rule="§D.2",
    )
    assert "suppressed" in body["message"]
    assert_unchanged(clients["bob"], battle, before)


def test_a_declaration_while_dice_are_pending(clients, firing):
    before = state_json(clients["alice"], firing)
    assert_error(fire(clients["alice"], firing, 2, unit="r2"), 422, "dice_pending")
    assert_unchanged(clients["alice"], firing, before)


def test_a_wrong_decision(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 2, "cover": 2})
    post(
        clients["bob"],
        battle,
        "declare/",
        {"expected_version": 2, "command": {"action": "rally", "unit": "b1"}},
    )
    before = state_json(clients["bob"], battle)
    response = post(
        clients["bob"],
        battle,
        "decide/",
        {"expected_version": 3, "key": "rally", "choice": "charge"},
    )
    assert_error(response, 422, "bad_decision")
    assert_unchanged(clients["bob"], battle, before)


def test_malformed_requests_name_the_field(clients, battle):
    before = state_json(clients["alice"], battle)
    response = post(clients["alice"], battle, "declare/", {"command": {"action": "fire"}})
    body = assert_error(response, 400, "required", field="expected_version")
    assert "expected_version" in body["message"]
    response = post(
        clients["alice"], battle, "declare/", {"expected_version": 1, "command": {"unit": "r1"}}
    )
    assert_error(response, 400, "bad_command", field="action")
    response = post(clients["alice"], battle, "dice/", {"expected_version": 1, "server_dice": 5})
    assert_error(response, 400, "invalid", field="server_dice")
    response = post(clients["alice"], battle, "dice/", {"expected_version": 1})
    assert_error(response, 400, "no_dice", field="rolls")
    assert_unchanged(clients["alice"], battle, before)


def test_dice_when_nothing_is_pending(clients, battle):
    before = state_json(clients["alice"], battle)
    assert_error(dice(clients["alice"], battle, 1, shot=[3]), 422, "nothing_pending")
    response = post(
        clients["alice"], battle, "dice/", {"expected_version": 1, "server_dice": ["shot"]}
    )
    assert_error(response, 422, "wrong_die", field="server_dice")
    assert_unchanged(clients["alice"], battle, before)


def test_a_write_to_a_concluded_battle(clients, battle):
    post(
        clients["org"],
        battle,
        "conclude/",
        {"expected_version": 1, "result": {"red": "draw", "blue": "draw"}},
    )
    before = state_json(clients["alice"], battle)
    body = assert_error(fire(clients["alice"], battle, 2), 409, "battle_concluded")
    assert "concluded" in body["message"]
    for suffix, payload in [
        ("dice/", {"expected_version": 2, "rolls": {"shot": 1}}),
        ("corrections/", {"expected_version": 2, "target_version": 1, "action": "void"}),
        ("conclude/", {"expected_version": 2, "result": {"red": "win", "blue": "lose"}}),
    ]:
        assert_error(post(clients["alice"], battle, suffix, payload), 409, "battle_concluded")
    assert_unchanged(clients["alice"], battle, before)


def test_a_stale_expected_version_gets_409_with_the_current_version(clients, firing):
    before = state_json(clients["alice"], firing)
    body = assert_error(
        dice(clients["alice"], firing, 1, shot=[3]),
        409,
        "wrong_expected_version",
        field="expected_version",
    )
    assert body["current_version"] == 2
    assert_unchanged(clients["alice"], firing, before)


def test_unknown_urls_and_unauthenticated_requests_use_the_same_format(client, battle):
    response = client.get(f"/api/battles/{battle.pk}/")
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "not_authenticated"
    assert response.json()["field"] is None
