"""Who may do what: participants and organizers write, other members read, outsiders get
404 for every battle URL (the battle's existence is not disclosed)."""

import pytest

from battles.models import Battle
from tests.battles.helpers import fire, head, post, url

pytestmark = pytest.mark.django_db

READS = ["", "state/", "log/", "units/", "export/", "replay/?rule_version=2.0"]


@pytest.mark.parametrize("who", ["alice", "bob", "org", "member"])
def test_club_members_read_every_view(clients, battle, who):
    for suffix in READS:
        response = clients[who].get(url(battle, suffix))
        assert response.status_code == 200, (suffix, response.content[:200])
    response = post(
        clients[who],
        battle,
        "odds/",
        {"command": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 3}}},
    )
    assert response.status_code == 200


def test_outsiders_get_404_everywhere(clients, battle):
    for suffix in [*READS, "dice/verify/"]:
        response = clients["outsider"].get(url(battle, suffix))
        assert response.status_code == 404, suffix
        assert response.json()["code"] == "not_found"
    for suffix in ["declare/", "dice/", "decide/", "odds/", "corrections/", "conclude/"]:
        response = post(clients["outsider"], battle, suffix, {"expected_version": 1})
        assert response.status_code == 404, suffix
    assert clients["outsider"].get("/api/battles/").json() == []
    assert head(battle) == 1


@pytest.mark.parametrize("who", ["alice", "bob", "org"])
def test_participants_and_organizers_write(clients, battle, who):
    assert fire(clients[who], battle, 1).status_code == 201
    assert head(battle) == 2


def test_a_member_not_taking_part_may_not_write(clients, battle):
    for suffix, body in [
        ("declare/", {"expected_version": 1, "command": {"action": "end_turn"}}),
        ("dice/", {"expected_version": 1, "rolls": {"shot": 1}}),
        ("decide/", {"expected_version": 1, "key": "rally", "choice": "hold"}),
        ("corrections/", {"expected_version": 1, "target_version": 1, "action": "void"}),
        ("conclude/", {"expected_version": 1, "result": {"red": "win", "blue": "lose"}}),
    ]:
        response = post(clients["member"], battle, suffix, body)
        assert response.status_code == 403, suffix
        assert response.json()["code"] == "not_a_participant"
    assert head(battle) == 1


def test_battle_list_shows_only_my_clubs(clients, battle):
    assert [b["id"] for b in clients["member"].get("/api/battles/").json()] == [battle.pk]


def test_only_members_create_battles_in_a_club(clients, club):
    from tests.battles.duel import SETUP

    response = clients["outsider"].post(
        "/api/battles/",
        {"club": club.pk, "name": "x", "rule_system": "duel", "setup": SETUP},
        format="json",
    )
    assert response.status_code == 404 and response.json()["field"] == "club"
    assert not Battle.objects.exists()


def test_imports_only_into_my_clubs(clients, battle):
    document = clients["alice"].get(url(battle, "export/")).json()
    response = clients["outsider"].post(
        "/api/battles/import/", {"club": battle.club_id, "document": document}, format="json"
    )
    assert response.status_code == 404
    assert Battle.objects.count() == 1
