"""Recording a battle through the API: create, declare, dice, decide, state, log, odds."""

import pytest

from battles.models import Battle, BattleParticipant
from tests.battles.helpers import dice, fire, head, post, state_json, url

pytestmark = pytest.mark.django_db


def test_create_battle_through_the_api_commits_to_a_seed_and_starts_the_stream(
    clients, club, people
):
    response = clients["alice"].post(
        "/api/battles/",
        {
            "club": club.pk,
            "name": "Bridge at dawn",
            "rule_system": "duel",
            "rule_version": "1.0",
            "setup": {
                "sides": {
                    "red": {"units": {"r1": {"figures": 2}}},
                    "blue": {"units": {"b1": {"figures": 2}}},
                }
            },
            "participants": [
                {"user": people["alice"].pk, "side": "red"},
                {"user": people["bob"].pk, "side": "blue"},
            ],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["version"] == 1 and body["status"] == "open"
    assert len(body["seed_sha256"]) == 64 and body["seed"] is None
    assert {(p["username"], p["side"]) for p in body["participants"]} == {
        ("alice", "red"),
        ("bob", "blue"),
    }
    log = clients["alice"].get(url(body["id"], "log/")).json()["results"]
    assert [row["type"] for row in log] == ["battle.started"]
    assert log[0]["data"]["seed_sha256"] == body["seed_sha256"]


def test_create_battle_rejects_a_bad_setup_naming_the_field(clients, club):
    response = clients["alice"].post(
        "/api/battles/",
        {
            "club": club.pk,
            "name": "x",
            "rule_system": "duel",
            "setup": {"sides": {"red": {"units": {"r1": {"figures": 0}}}, "blue": {}}},
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "bad_setup"
    assert response.json()["field"] == "setup.sides.red.units.r1.figures"
    assert not Battle.objects.exists()


def test_create_battle_rejects_unknown_rule_system_and_non_member_participants(
    clients, club, people
):
    response = clients["alice"].post(
        "/api/battles/",
        {"club": club.pk, "name": "x", "rule_system": "chess", "setup": {}},
        format="json",
    )
    assert response.status_code == 422 and response.json()["code"] == "unknown_rule_system"
    from tests.battles.duel import SETUP

    response = clients["alice"].post(
        "/api/battles/",
        {
            "club": club.pk,
            "name": "x",
            "rule_system": "duel",
            "setup": SETUP,
            "participants": [{"user": people["outsider"].pk, "side": "red"}],
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "participants.0.user"
    response = clients["alice"].post(
        "/api/battles/",
        {
            "club": club.pk,
            "name": "x",
            "rule_system": "duel",
            "setup": SETUP,
            "participants": [{"user": people["bob"].pk, "side": "green"}],
        },
        format="json",
    )
    assert response.json()["code"] == "unknown_side"
    assert not Battle.objects.exists() and not BattleParticipant.objects.exists()


def test_declare_then_enter_dice_returns_events_effects_sentence_version_and_pending(
    clients, battle
):
    declared = fire(clients["alice"], battle, 1)
    assert declared.status_code == 201
    body = declared.json()
    assert body["version"] == 2
    assert body["pending"]["kind"] == "dice"
    assert [r["key"] for r in body["pending"]["requests"]] == ["shot", "cover"]
    rolled = dice(clients["bob"], battle, 2, shot=[5], cover=[2])
    body = rolled.json()
    assert rolled.status_code == 201
    assert body["version"] == 3
    assert body["events"][0]["type"] == "dice" and body["events"][0]["data"]["source"] == "table"
    assert body["effects"] == [
        {"kind": "casualty", "text": "b1.f1 killed", "unit": "b1", "data": {"figure": "b1.f1"}}
    ]
    assert body["text"] == "b1.f1 killed"
    assert body["pending"] == {"kind": "command"}


def test_bulk_declaration_with_all_its_dice_in_one_request(clients, battle):
    response = fire(clients["alice"], battle, 1, dice={"shot": 3, "cover": 3})
    body = response.json()
    assert response.status_code == 201, body
    assert body["version"] == 2 and body["text"] == "Blue squad suppressed"
    assert state_json(clients["alice"], battle)["state"]["units"]["b1"]["suppressed"] is True


def test_a_decision_is_pending_and_answered(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 3, "cover": 3})
    response = post(
        clients["bob"],
        battle,
        "declare/",
        {"expected_version": 2, "command": {"action": "rally", "unit": "b1"}},
    )
    pending = response.json()["pending"]
    assert pending["kind"] == "decision" and pending["key"] == "rally"
    assert [o["value"] for o in pending["options"]] == ["hold", "fall_back"]
    response = post(
        clients["bob"], battle, "decide/", {"expected_version": 3, "key": "rally", "choice": "hold"}
    )
    assert response.status_code == 201
    assert response.json()["text"] == "b1 rallies (hold)"
    assert response.json()["pending"] == {"kind": "command"}


def test_entered_and_server_dice_mix_in_one_request(clients, battle):
    fire(clients["alice"], battle, 1)
    response = post(
        clients["alice"],
        battle,
        "dice/",
        {"expected_version": 2, "rolls": {"shot": [4]}, "server_dice": ["cover"]},
    )
    body = response.json()
    assert response.status_code == 201, body
    assert [(e["version"], e["data"]["source"]) for e in body["events"]] == [
        (3, "table"),
        (4, "server"),
    ]
    cover = body["events"][1]["data"]["rolls"]["cover"]
    assert len(cover) == 1 and 1 <= cover[0] <= 6
    assert head(battle) == 4


def test_server_rolls_all_pending_dice(clients, battle):
    response = fire(clients["alice"], battle, 1, server_dice="all")
    body = response.json()
    assert response.status_code == 201
    assert body["events"][1]["data"]["source"] == "server"
    assert set(body["events"][1]["data"]["rolls"]) == {"shot", "cover"}
    assert body["pending"] == {"kind": "command"}


def test_state_at_any_version_and_the_log_with_effects(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 6, "cover": 1})
    fire(clients["alice"], battle, 2, dice={"shot": 6, "cover": 1})
    assert state_json(clients["member"], battle)["state"]["units"]["b1"]["lost"] == [
        "b1.f1",
        "b1.f2",
    ]
    at_two = state_json(clients["member"], battle, at=2)
    assert at_two["version"] == 2 and at_two["head_version"] == 3
    assert at_two["state"]["units"]["b1"]["lost"] == ["b1.f1"]
    assert state_json(clients["member"], battle, at=1)["state"]["units"]["b1"]["lost"] == []
    bad = clients["member"].get(url(battle, "state/?at=9"))
    assert bad.status_code == 400 and bad.json()["field"] == "at"
    log = clients["member"].get(url(battle, "log/")).json()["results"]
    assert [(r["version"], r["status"], r["text"]) for r in log] == [
        (1, "recorded", ""),
        (2, "applied", "b1.f1 killed"),
        (3, "applied", "b1.f2 killed"),
    ]
    assert log[1]["description"] == "r1 declares fire"


def test_unit_statuses(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 6, "cover": 1})
    units = {u["unit"]: u for u in clients["member"].get(url(battle, "units/")).json()}
    assert units["b1"]["status"] == {"figures_left": 3, "suppressed": False, "text": "3 of 4 left"}
    assert units["r1"]["status"]["text"] == "4 of 4 left" and units["r1"]["name"] == "Red squad"


def test_odds_of_a_declared_action_before_rolling(clients, battle):
    response = post(
        clients["member"],
        battle,
        "odds/",
        {"command": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}}},
    )
    assert response.status_code == 200
    outcomes = {o["outcome"]: o["p"] for o in response.json()["outcomes"]}
    assert outcomes == {"hit": "5/12", "suppressed": "1/6", "miss": "5/12"}
    assert head(battle) == 1
    forbidden = post(
        clients["member"],
        battle,
        "odds/",
        {"command": {"action": "fire", "unit": "zz", "params": {}}},
    )
    assert forbidden.status_code == 422 and forbidden.json()["field"] == "unit"


def test_openapi_schema_documents_every_battle_endpoint(clients):
    response = clients["outsider"].get("/api/schema/?format=json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for suffix in [
        "",
        "state/",
        "log/",
        "units/",
        "declare/",
        "dice/",
        "decide/",
        "odds/",
        "corrections/",
        "conclude/",
        "dice/verify/",
        "replay/",
        "export/",
    ]:
        assert f"/api/battles/{{id}}/{suffix}" in paths, suffix
    assert "/api/battles/import/" in paths
    declare = paths["/api/battles/{id}/declare/"]["post"]
    assert any(p["name"] == "Idempotency-Key" for p in declare["parameters"])


def test_odds_of_the_declared_action_whose_dice_are_pending(clients, battle):
    nothing = post(clients["member"], battle, "odds/", {})
    assert nothing.status_code == 422 and nothing.json()["code"] == "nothing_declared"
    fire(clients["alice"], battle, 1, distance=9)
    response = post(clients["member"], battle, "odds/", {})
    body = response.json()
    assert response.status_code == 200, body
    assert body["declared_at"] == 2 and body["command"]["params"]["distance"] == 9
    outcomes = {o["outcome"]: o["p"] for o in body["outcomes"]}
    assert outcomes == {"hit": "5/16", "suppressed": "1/8", "miss": "9/16"}  # d6 vs d8
    assert head(battle) == 2
