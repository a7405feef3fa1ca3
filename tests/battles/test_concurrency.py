"""Optimistic concurrency and idempotent retries."""

import threading

import pytest
from django.db import connections
from rest_framework.test import APIClient

from battles.models import BattleLogEntry, IdempotentResponse
from battles.streams import stream_of
from eventstore.selectors import read_stream
from tests.battles.helpers import dice, fire, head, post

pytestmark = pytest.mark.django_db


def test_two_clients_with_the_same_expected_version_one_gets_409(clients, battle):
    first = fire(clients["alice"], battle, 1, unit="r1")
    second = fire(clients["bob"], battle, 1, unit="b1", target="r1")
    assert first.status_code == 201
    assert second.status_code == 409
    assert second.json()["current_version"] == 2
    assert head(battle) == 2


def test_a_retry_with_the_same_idempotency_key_returns_the_first_body_and_appends_nothing(
    clients, battle
):
    body = {
        "expected_version": 1,
        "command": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}},
        "server_dice": "all",
    }
    first = post(clients["alice"], battle, "declare/", body, **{"Idempotency-Key": "k-1"})
    retry = post(clients["alice"], battle, "declare/", body, **{"Idempotency-Key": "k-1"})
    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert head(battle) == 3
    assert len(read_stream(stream_of(battle))) == 3
    assert IdempotentResponse.objects.count() == 1
    # later events do not change what the retry answers
    fire(clients["alice"], battle, 3, unit="r2")
    again = post(clients["alice"], battle, "declare/", body, **{"Idempotency-Key": "k-1"})
    assert again.json() == first.json() and head(battle) == 4


def test_the_event_store_records_the_idempotency_key(clients, battle):
    post(
        clients["alice"],
        battle,
        "declare/",
        {"expected_version": 1, "command": {"action": "end_turn"}},
        **{"Idempotency-Key": "z"},
    )
    event = read_stream(stream_of(battle))[-1]
    assert event.metadata.get("idempotency_key", "").endswith(":z")


def test_an_idempotency_key_reused_for_another_request_is_refused(clients, battle):
    post(
        clients["alice"],
        battle,
        "declare/",
        {"expected_version": 1, "command": {"action": "end_turn"}},
        **{"Idempotency-Key": "k"},
    )
    response = dice(clients["alice"], battle, 2, shot=[3])
    assert response.status_code == 422  # plain request: nothing pending
    reused = post(
        clients["alice"],
        battle,
        "dice/",
        {"expected_version": 2, "rolls": {"shot": [3]}},
        **{"Idempotency-Key": "k"},
    )
    assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"
    assert head(battle) == 2


def test_a_key_reused_for_another_request_that_the_rules_allow_is_refused(clients, battle):
    """Nothing refuses the second request before the append; the event store reports the
    key as used and the stored fingerprint differs."""
    first = post(
        clients["alice"],
        battle,
        "declare/",
        {"expected_version": 1, "command": {"action": "end_turn"}},
        **{"Idempotency-Key": "k"},
    )
    assert first.status_code == 201
    reused = post(
        clients["alice"],
        battle,
        "declare/",
        {"expected_version": 2, "command": {"action": "end_turn", "params": {}}},
        **{"Idempotency-Key": "k"},
    )
    assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"
    assert head(battle) == 2 and len(read_stream(stream_of(battle))) == 2
    assert IdempotentResponse.objects.count() == 1


def test_a_failed_request_stores_no_response_so_a_fixed_retry_may_reuse_the_key(clients, battle):
    fire(clients["alice"], battle, 1)
    bad = post(
        clients["alice"],
        battle,
        "dice/",
        {"expected_version": 2, "rolls": {"shot": [9]}},
        **{"Idempotency-Key": "d"},
    )
    assert bad.status_code == 422
    assert not IdempotentResponse.objects.exists()
    assert BattleLogEntry.objects.filter(battle=battle).count() == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_on_postgres_exactly_one_wins(people, battle):
    """Real threads with their own connections send the same expected version."""
    users = [people["alice"], people["bob"], people["org"]] * 2
    barrier = threading.Barrier(len(users))
    results: list[int] = []

    def send(user, index):
        client = APIClient()
        client.force_authenticate(user)
        barrier.wait()
        try:
            response = client.post(
                f"/api/battles/{battle.pk}/declare/",
                {"expected_version": 1, "command": {"action": "end_turn"}},
                format="json",
            )
            results.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(u, i)) for i, u in enumerate(users)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [201] + [409] * (len(users) - 1)
    assert head(battle) == 2
    assert len(read_stream(stream_of(battle))) == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_retry_that_waited_for_the_first_requests_lock_gets_its_response(
    people, battle, monkeypatch
):
    """The retry's locked read starts while the first request holds the battle's row, and
    returns once it commits: the battle has moved past the retry's expected version. The
    stored response is looked up by a statement of its own (which sees that commit) and
    returned, not a 409."""
    import time

    from django.db import connection

    from eventstore import writing

    holding, release = threading.Event(), threading.Event()
    real_append = writing.append

    def slow_append(*args, **kwargs):
        if threading.current_thread().name == "first":
            holding.set()
            assert release.wait(10)
        return real_append(*args, **kwargs)

    monkeypatch.setattr(writing, "append", slow_append)
    body = {"expected_version": 1, "command": {"action": "end_turn"}}
    answers = {}

    def send():
        client = APIClient()
        client.force_authenticate(people["alice"])
        try:
            answers[threading.current_thread().name] = post(
                client, battle, "declare/", body, **{"Idempotency-Key": "same"}
            )
        finally:
            connections.close_all()

    first = threading.Thread(target=send, name="first")
    retry = threading.Thread(target=send, name="retry")
    first.start()
    assert holding.wait(10)
    retry.start()
    for _ in range(200):  # until the retry waits for the battle's row lock
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                break
        time.sleep(0.05)
    else:
        raise AssertionError("the retry never waited for the lock")
    release.set()
    first.join(10)
    retry.join(10)
    assert answers["first"].status_code == answers["retry"].status_code == 201
    assert answers["retry"].json() == answers["first"].json()
    assert head(battle) == 2
    assert IdempotentResponse.objects.count() == 1
