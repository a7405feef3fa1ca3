"""GET /api/battles/<id>/commands/: what may be declared now, read like the state."""

import pytest

from battles import services
from tests.battles.helpers import battle_between, post, url
from tests.battles.steelwar_table import SETUP

pytestmark = pytest.mark.django_db


@pytest.fixture
def steelwar(club, people):
    return battle_between(club, people, "Steel against Keno", "steelwar", SETUP,
                          ("steel", "keno"), "1.0")


def commands(client, battle) -> list[dict]:
    response = client.get(url(battle, "commands/"))
    assert response.status_code == 200, response.json()
    return response.json()["commands"]


@pytest.mark.parametrize("who", ["alice", "bob", "org", "member"])
def test_club_members_read_the_catalogue_and_outsiders_get_404(clients, steelwar, who):
    listed = commands(clients[who], steelwar)
    assert listed[0]["action"] == "begin_activation"
    assert {c["action"] for c in listed} >= {"begin_activation", "end_turn"}
    response = clients["outsider"].get(url(steelwar, "commands/"))
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_a_listed_command_is_accepted_and_the_catalogue_follows_the_battle(clients, steelwar):
    first = commands(clients["alice"], steelwar)[0]
    command = {"action": first["action"], "unit": first["unit"]}
    response = post(clients["alice"], steelwar, "declare/",
                    {"expected_version": 1, "command": command})
    assert response.status_code == 201, response.json()
    listed = commands(clients["alice"], steelwar)
    fire = next(c for c in listed if c["action"] == "fire")
    assert fire["unit"] == first["unit"]
    params = {p["name"]: p for p in fire["params"]}
    assert params["weapons"]["kind"] == "figures" and params["weapons"]["default"]
    assert params["target"]["choices"]
    body = {"action": "fire", "unit": fire["unit"],
            "params": {p["name"]: p["default"] for p in fire["params"]
                       if p["default"] is not None}}
    response = post(clients["alice"], steelwar, "declare/",
                    {"expected_version": 2, "command": body})
    assert response.status_code == 201, response.json()
    assert commands(clients["alice"], steelwar) == []  # the dice are awaited


def test_a_rule_system_without_a_catalogue_says_so(clients, battle, monkeypatch):
    from rules.core.machine import FactMachine
    from tests.battles import duel

    monkeypatch.setattr(duel.Duel, "commands", FactMachine.commands)  # the duel, uncatalogued
    response = clients["alice"].get(url(battle, "commands/"))
    assert response.status_code == 422
    assert response.json()["code"] == "not_implemented"


def test_a_concluded_battle_lists_nothing(clients, steelwar, people):
    services.conclude_battle(battle_id=steelwar.pk, user=people["org"], expected_version=1,
                      result={"steel": "draw", "keno": "draw"})
    assert commands(clients["bob"], steelwar) == []
