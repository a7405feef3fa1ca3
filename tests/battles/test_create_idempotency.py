"""Starting a battle with an Idempotency-Key: a retry gets the same battle, not a second one."""

import pytest

from battles import services
from battles.models import Battle, CreationKey
from eventstore.models import Event
from tests.battles.duel import SETUP

pytestmark = pytest.mark.django_db


def _start(client, club, people, key=None, name="Bridge at dawn"):
    body = {
        "club": club.pk,
        "name": name,
        "rule_system": "duel",
        "rule_version": "1.0",
        "setup": SETUP,
        "participants": [{"user": people["alice"].pk, "side": "red"}],
    }
    headers = {"Idempotency-Key": key} if key is not None else None
    return client.post("/api/battles/", body, format="json", headers=headers)


def _started() -> int:
    return Event.objects.filter(stream_type="battle", event_type="battle.started").count()


def test_a_retry_with_the_same_key_gets_the_same_battle(clients, club, people):
    first = _start(clients["alice"], club, people, key="start-1")
    again = _start(clients["alice"], club, people, key="start-1")
    assert first.status_code == again.status_code == 201, again.json()
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["seed_sha256"] == first.json()["seed_sha256"]
    assert Battle.objects.count() == 1 and _started() == 1


def test_without_a_key_or_with_another_key_each_request_starts_a_battle(clients, club, people):
    _start(clients["alice"], club, people)
    _start(clients["alice"], club, people)
    _start(clients["alice"], club, people, key="a")
    _start(clients["alice"], club, people, key="b")
    assert Battle.objects.count() == 4 and _started() == 4


def test_keys_belong_to_their_user(clients, club, people):
    mine = _start(clients["alice"], club, people, key="same")
    theirs = _start(clients["org"], club, people, key="same")
    assert mine.status_code == theirs.status_code == 201
    assert mine.json()["id"] != theirs.json()["id"]


def test_the_same_key_for_another_request_is_refused_and_starts_nothing(clients, club, people):
    _start(clients["alice"], club, people, key="k")
    other = _start(clients["alice"], club, people, key="k", name="Another battle")
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused"
    assert other.json()["field"] == "Idempotency-Key"
    assert Battle.objects.count() == 1 and _started() == 1


def test_an_overlong_key_is_refused_and_starts_nothing(clients, club, people):
    response = _start(clients["alice"], club, people, key="k" * 201)
    assert response.status_code == 400
    assert response.json()["code"] == "bad_idempotency_key"
    assert Battle.objects.count() == 0 and _started() == 0


def test_a_retry_racing_the_first_request_gets_its_battle(club, people, monkeypatch):
    """The retry looked before the first request had stored its key: its own insert of the
    key fails, its battle is rolled back, and it answers with the first one's battle."""
    from battles.services import battles as module

    spec = [services.ParticipantSpec(user=people["alice"], side="red")]
    kwargs = dict(
        club=club, name="Race", rule_system="duel", rule_version="1.0", setup=SETUP,
        participants=spec, created_by=people["alice"], idempotency_key="race",
    )
    first = services.create_battle(**kwargs)
    looked = []
    real = module._created_with

    def missed_once(*args):
        looked.append(args)
        return None if len(looked) == 1 else real(*args)

    monkeypatch.setattr(module, "_created_with", missed_once)
    again = services.create_battle(**kwargs)
    assert again.pk == first.pk and len(looked) == 2
    assert Battle.objects.count() == 1 and CreationKey.objects.count() == 1
    assert _started() == 1
