"""A complete Steel War battle of more than 200 events recorded through the API reaches the
state computed independently by folding the same facts with the rule system directly."""

import random

import pytest

from rules.core import registry
from rules.core.summary import summarize
from rules.core.system import replay
from tests.battles.helpers import post, state_json, url
from tests.battles.steelwar_table import SETUP, next_request, request_body

pytestmark = pytest.mark.django_db

FACT_TYPES = {"declare", "dice", "decide"}


def record_battle(client, battle_id: int, system, rng: random.Random, events: int) -> list[dict]:
    """Play through the API until ``events`` events are recorded; return the stored facts."""
    facts: list[dict] = []
    version = 1
    while version < events:
        current = system.state_from_json(state_json(client, battle_id)["state"])
        kind, payload = next_request(system, current, rng)
        body = request_body(kind, payload)
        response = post(client, battle_id, f"{kind}/", {"expected_version": version, **body})
        assert response.status_code == 201, response.json()
        answer = response.json()
        assert answer["from_version"] == version + 1
        version = answer["version"]
        facts += [
            {"type": e["type"], "data": e["data"]}
            for e in answer["events"]
            if e["type"] in FACT_TYPES
        ]
    return facts


def test_a_steelwar_battle_of_200_events_matches_an_independent_fold(clients, club, people):
    system = registry.get("steelwar")
    response = clients["alice"].post(
        "/api/battles/",
        {
            "club": club.pk,
            "name": "Steel against Keno",
            "rule_system": "steelwar",
            "rule_version": system.version,
            "setup": SETUP,
            "participants": [
                {"user": people["alice"].pk, "side": "steel"},
                {"user": people["bob"].pk, "side": "keno"},
            ],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    battle_id = response.json()["id"]
    facts = record_battle(clients["alice"], battle_id, system, random.Random(2024), 210)
    assert len(facts) >= 200 - 1

    independent = replay(system, SETUP, facts).state
    recorded = state_json(clients["member"], battle_id)
    assert recorded["version"] >= 210
    assert recorded["state"] == system.state_to_json(independent)
    assert recorded["pending"] == system.pending(independent).to_json()
    sources = {f["data"].get("source") for f in facts if f["type"] == "dice"}
    assert sources == {"table", "server"}

    log = clients["member"].get(url(battle_id, "log/") + "?page=2").json()
    assert log["count"] == recorded["version"]
    assert all(row["status"] in {"applied", "recorded"} for row in log["results"])

    conclude = post(
        clients["bob"],
        battle_id,
        "conclude/",
        {"expected_version": recorded["version"], "result": {"steel": "win", "keno": "lose"}},
    )
    assert conclude.status_code == 200, conclude.json()
    assert (
        conclude.json()["events"][0]["data"]["summary"] == summarize(system, independent).to_json()
    )
    assert clients["member"].get(url(battle_id, "dice/verify/")).json()["verified"] is True


def test_steelwar_odds_of_a_fire_through_the_api(clients, club, people):
    from battles import services

    system = registry.get("steelwar")
    battle = services.create_battle(
        club=club,
        name="odds",
        rule_system="steelwar",
        setup=SETUP,
        participants=[services.ParticipantSpec(user=people["alice"], side="steel")],
    )
    post(
        clients["alice"],
        battle.pk,
        "declare/",
        {"expected_version": 1, "command": {"action": "begin_activation", "unit": "steel.1"}},
    )
    command = {
        "action": "fire",
        "unit": "steel.1",
        "params": {"target": "keno.1", "distance": 10, "weapons": ["3", "4", "5"]},
    }
    response = post(clients["member"], battle.pk, "odds/", {"command": command})
    assert response.status_code == 200, response.json()
    state = system.state_from_json(state_json(clients["member"], battle.pk)["state"])
    expected = system.odds(state, command).to_json()
    assert [{k: v for k, v in o.items() if k != "label"} for o in response.json()["outcomes"]] \
        == expected
    assert [o["label"] for o in response.json()["outcomes"]] == [o["outcome"] for o in expected]
    fire = post(
        clients["alice"], battle.pk, "declare/", {"expected_version": 2, "command": command}
    )
    assert fire.status_code == 201, fire.json()
    pending = post(clients["member"], battle.pk, "odds/", {}).json()
    assert pending["declared_at"] == 3 and pending["outcomes"] == response.json()["outcomes"]
