"""The example system of docs/adding-a-rule-system.md is a playable battle: created, declared,
rolled, decided, concluded and exported through the API like any registered system."""

import pytest

from battles import services
from rules.core import registry
from tests.battles.helpers import dice, post, state_json, url
from tests.rules.toys import skirmish

pytestmark = pytest.mark.django_db


@pytest.fixture
def skirmish_battle(club, people):
    skirmish.register()
    yield services.create_battle(
        club=club,
        name="Ford",
        rule_system="skirmish",
        rule_version="1.0",
        setup=skirmish.SETUP,
        participants=[
            services.ParticipantSpec(user=people["alice"], side="red"),
            services.ParticipantSpec(user=people["bob"], side="blue"),
        ],
        created_by=people["org"],
    )
    registry.unregister("skirmish", "1.0")


def test_the_example_is_played_and_concluded_through_the_api(clients, skirmish_battle):
    battle = skirmish_battle
    shoot = {"action": "shoot", "unit": "r1", "params": {"target": "b1"}}
    declared = post(clients["alice"], battle, "declare/",
                    {"expected_version": 1, "command": shoot})
    assert declared.status_code == 201, declared.json()
    assert [r["key"] for r in declared.json()["pending"]["requests"]] == ["hit", "save"]
    rolled = dice(clients["bob"], battle, 2, hit=[6], save=[1])
    assert rolled.status_code == 201, rolled.json()
    assert rolled.json()["pending"]["kind"] == "decision"
    decided = post(clients["bob"], battle, "decide/",
                   {"expected_version": 3, "key": "nerve", "choice": "ground"})
    assert decided.status_code == 201, decided.json()
    assert decided.json()["text"] == "Blue pickets goes to ground"
    refused = post(clients["bob"], battle, "declare/", {
        "expected_version": 4, "command": {"action": "shoot", "unit": "b1",
                                           "params": {"target": "r1"}}})
    assert refused.status_code == 422 and refused.json()["rule"] == "§4"
    assert state_json(clients["alice"], battle)["state"]["units"][1]["pinned"] is True
    concluded = post(clients["org"], battle, "conclude/",
                     {"expected_version": 4, "result": {"red": "win", "blue": "lose"}})
    assert concluded.status_code == 200, concluded.json()
    (figure,) = concluded.json()["events"][0]["data"]["summary"]["figures"]
    assert (figure["unit"], figure["details"]) == ("b1", {"shot_by": "r1"})
    assert clients["alice"].get(url(battle, "export/")).status_code == 200
