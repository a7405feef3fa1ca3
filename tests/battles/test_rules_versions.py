"""Replaying a battle under another version of its rule system lists what would differ.

"duel" 2.0 (test-only) counts a tie as a hit where 1.0 suppresses."""

import json

import pytest
from django.core.management import CommandError, call_command

from tests.battles.helpers import fire, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied(battle, clients):
    fire(clients["alice"], battle, 1, dice={"shot": 6, "cover": 1})  # a hit in both versions
    fire(clients["alice"], battle, 2, dice={"shot": 3, "cover": 3})  # a tie
    return battle


def test_replay_under_another_version_lists_the_differing_outcomes(clients, tied):
    response = clients["member"].get(url(tied, "replay/?rule_version=2.0"))
    report = response.json()
    assert response.status_code == 200, report
    assert report["rule_version"] == "1.0" and report["other_version"] == "2.0"
    assert report["differs"] is True
    assert [
        (d["version"], d["current"]["text"], d["other"]["text"]) for d in report["differences"]
    ] == [(3, "Blue squad suppressed", "b1.f2 killed")]
    assert report["summary"]["current"]["counts"]["killed"] == 1
    assert report["summary"]["other"]["counts"]["killed"] == 2


def test_replay_under_the_same_version_differs_in_nothing(clients, tied):
    report = clients["member"].get(url(tied, "replay/?rule_version=1.0")).json()
    assert report["differences"] == [] and report["differs"] is False


def test_replay_needs_a_known_version(clients, tied):
    response = clients["member"].get(url(tied, "replay/?rule_version=7.0"))
    assert response.status_code == 422 and response.json()["code"] == "unknown_rule_system"
    assert response.json()["field"] == "version"
    response = clients["member"].get(url(tied, "replay/"))
    assert response.status_code == 400 and response.json()["field"] == "rule_version"


def test_replay_battle_command(tied, capsys):
    call_command("replay_battle", str(tied.pk), "--rule-version", "2.0")
    out = capsys.readouterr().out
    assert "#3 r1 declares fire: applied 'Blue squad suppressed' -> applied 'b1.f2 killed'" in out
    assert "1 of 3 events differ; the summary differs" in out
    call_command("replay_battle", str(tied.pk), "--rule-version", "2.0", "--json")
    assert json.loads(capsys.readouterr().out)["differs"] is True
    with pytest.raises(CommandError):
        call_command("replay_battle", str(tied.pk), "--rule-version", "7.0")
