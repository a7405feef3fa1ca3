"""Reopening a concluded battle (organizers): recorded in the battle's stream, open for
facts and corrections again, concluded again with a new conclusion (issue 19)."""

import pytest

from battles.models import Battle, BattleLogEntry
from battles.selectors import concluded_versions, conclusion_of
from battles.services import rebuild
from battles.streams import stream_of
from eventstore.selectors import read_stream
from tests.battles.helpers import fire, head, post, url

pytestmark = pytest.mark.django_db


def _conclude(client, battle):
    return post(client, battle, "conclude/", {"expected_version": head(battle),
                                              "result": {"red": "win", "blue": "lose"}})


def _reopen(client, battle, reason="the cover die was misread"):
    return post(client, battle, "reopen/", {"expected_version": head(battle),
                                            "reason": reason})


def test_a_reopened_battle_takes_corrections_and_is_concluded_again(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 6, "cover": 1})
    assert _conclude(clients["org"], battle).status_code == 200
    first = conclusion_of(battle_id=battle.pk)
    assert first.summary["counts"]["killed"] == 1 and not first.reopened

    response = _reopen(clients["org"], battle)
    assert response.status_code == 200, response.json()
    assert response.json()["events"][0]["type"] == "battle.reopened"
    assert clients["member"].get(url(battle)).json()["status"] == "open"
    assert conclusion_of(battle_id=battle.pk) is None
    fact = BattleLogEntry.objects.get(battle=battle, type="declare")
    amended = post(clients["org"], battle, "corrections/", {
        "expected_version": head(battle), "target_version": fact.version, "action": "amend",
        "data": {**fact.data, "dice": {**fact.data["dice"], "cover": 6}},
        "reason": "misread"})
    assert amended.status_code == 201, amended.json()
    assert _conclude(clients["org"], battle).status_code == 200
    second = conclusion_of(battle_id=battle.pk)
    assert second.reopened and second.version > first.version
    assert second.summary["counts"]["killed"] == 0
    assert concluded_versions(battle_ids=[battle.pk]) == {battle.pk: (second.version, True)}
    types = [e.type for e in read_stream(stream_of(battle))]
    assert types.count("battle.concluded") == 2 and "battle.reopened" in types

    before = Battle.objects.get(pk=battle.pk)
    rebuilt = rebuild(battle=battle)
    assert (rebuilt.status, rebuilt.result, rebuilt.version) == (
        before.status, before.result, before.version)


def test_only_organizers_reopen_a_concluded_battle_with_a_reason(clients, battle):
    assert _reopen(clients["org"], battle).json()["code"] == "battle_open"
    assert _conclude(clients["org"], battle).status_code == 200
    version = head(battle)
    assert _reopen(clients["alice"], battle).status_code == 403  # a participant
    assert _reopen(clients["member"], battle).status_code == 403
    assert _reopen(clients["outsider"], battle).status_code == 404
    assert _reopen(clients["org"], battle, reason="").status_code == 400
    assert head(battle) == version
    assert Battle.objects.get(pk=battle.pk).status == "concluded"
