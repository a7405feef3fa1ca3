"""PostgreSQL, real connections: concurrent writers, and subscribers under out-of-order commits.

Each test runs its writers in threads, each thread with its own database connection, and
commits for real (``transaction=True``).
"""
from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection, transaction

from eventstore.errors import WrongExpectedVersion
from eventstore.models import Event
from eventstore.selectors import read_all, read_stream, stream_version
from eventstore.services import append
from eventstore.types import NewEvent, StreamId
from tests.eventstore.support import TIMEOUT, in_threads, read_all_until

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

WORKERS = 8
APPENDS_PER_WORKER = 12


def append_with_retries(stream, events, *, key=None, in_outer_transaction=False):
    """Append at the version last seen; on a conflict, retry at the version reported."""
    expected = stream_version(stream)
    while True:
        try:
            if in_outer_transaction:
                with transaction.atomic():
                    return append(stream, expected_version=expected, events=events,
                                  idempotency_key=key)
            return append(stream, expected_version=expected, events=events, idempotency_key=key)
        except WrongExpectedVersion as conflict:
            expected = conflict.current_version


def test_eight_writers_on_one_stream_make_contiguous_versions_and_store_each_key_once():
    """Workers i and i+4 send the same requests (same keys): a client retrying elsewhere."""
    stream = StreamId("battle", "contested")
    start = threading.Barrier(WORKERS, timeout=TIMEOUT)

    def worker(number):
        start.wait()
        results = {}
        for request in range(APPENDS_PER_WORKER):
            key = f"req-{number % 4}-{request}"
            events = [NewEvent("die_rolled", {"key": key, "n": n}) for n in range(1 + request % 2)]
            results[key] = append_with_retries(
                stream, events, key=key, in_outer_transaction=number % 2 == 1
            )
        return results

    results = in_threads(*[lambda n=n: worker(n) for n in range(WORKERS)])

    stored = read_stream(stream)
    requests = 4 * APPENDS_PER_WORKER
    assert [e.version for e in stored] == list(range(1, len(stored) + 1))
    assert len(stored) == sum(1 + r % 2 for r in range(APPENDS_PER_WORKER)) * 4
    per_key = Counter(e.data["key"] for e in stored)
    assert len(per_key) == requests
    assert all(count == 1 + int(key.rsplit("-", 1)[1]) % 2 for key, count in per_key.items())
    assert Event.objects.filter(idempotency_key__isnull=False).count() == requests
    for number in range(4):
        for key, first in results[number].items():
            twin = results[number + 4][key]
            assert twin.events == first.events, "both senders of a request get one result"
            assert [first.replayed, twin.replayed].count(False) == 1
    for result in (r for worker_results in results for r in worker_results.values()):
        assert [e.version for e in result.events] == list(
            range(result.from_version, result.to_version + 1)
        )


def test_writers_to_different_streams_are_not_serialised():
    """Four transactions each hold an uncommitted append at the same moment."""
    all_appended = threading.Barrier(4, timeout=TIMEOUT)

    def writer(number):
        with transaction.atomic():
            append(StreamId("battle", number), expected_version=0, events=[NewEvent("x", {})])
            all_appended.wait()  # a global write lock would leave the others blocked here
        return number

    assert in_threads(*[lambda n=n: writer(n) for n in range(4)]) == [0, 1, 2, 3]
    assert read_all_until(4)


def test_a_late_commit_with_a_lower_position_is_not_skipped_by_a_reader():
    """A appends first (lower position) but commits after B; the reader read B first.

    B holds a transaction id older than A's (it wrote before A), so B is visible as soon as
    it commits, while A is still open. A subscriber that then resumed with
    ``position > B.position`` would never see A. read_all resumes after B in
    (order_xid, position) order, where A comes after B.
    """
    a_stream, b_stream = StreamId("battle", "A"), StreamId("battle", "B")
    b_has_xid, a_appended, b_committed, a_may_commit = (threading.Event() for _ in range(4))

    def transaction_b():
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_current_xact_id()")  # B's id is older than A's
            b_has_xid.set()
            assert a_appended.wait(TIMEOUT)
            event = append(b_stream, expected_version=0, events=[NewEvent("b", {})]).events[0]
        b_committed.set()
        return event

    def transaction_a():
        assert b_has_xid.wait(TIMEOUT)
        with transaction.atomic():
            event = append(a_stream, expected_version=0, events=[NewEvent("a", {})]).events[0]
            a_appended.set()
            assert a_may_commit.wait(TIMEOUT)
        return event

    def reader():
        assert b_committed.wait(TIMEOUT)
        seen_first = read_all_until(1)
        a_may_commit.set()
        return seen_first

    a, b, seen_first = in_threads(transaction_a, transaction_b, reader)
    assert a.position < b.position, "A took the lower position"
    assert [e.stream for e in seen_first] == [b_stream], "the reader saw B while A was open"
    assert not Event.objects.filter(position__gt=b.position).exists(), (
        "A is committed, yet a cursor of 'position > B' would never see it"
    )
    assert read_all_until(1, after=b.position) == [read_stream(a_stream)[0]]
    assert [e.stream for e in read_all()] == [b_stream, a_stream]


def test_a_reader_waits_for_an_open_transaction_holding_a_lower_position():
    """A appends (lower position) and stays open; B appends and commits; nothing is served
    until A ends, then A and B come in order."""
    a_stream, b_stream = StreamId("battle", "A"), StreamId("battle", "B")
    a_appended, a_may_commit = threading.Event(), threading.Event()

    def transaction_a():
        with transaction.atomic():
            append(a_stream, expected_version=0, events=[NewEvent("a", {})])
            a_appended.set()
            assert a_may_commit.wait(TIMEOUT)

    def transaction_b_then_read():
        assert a_appended.wait(TIMEOUT)
        append(b_stream, expected_version=0, events=[NewEvent("b", {})])
        while_a_is_open = read_all()
        a_may_commit.set()
        return while_a_is_open

    _, while_a_is_open = in_threads(transaction_a, transaction_b_then_read)
    assert while_a_is_open == []
    assert [e.stream for e in read_all_until(2)] == [a_stream, b_stream]


def test_read_all_keeps_a_streams_order_when_an_older_transaction_appends_last():
    """T_old began writing before T_new, but appends version 2 after T_new's version 1.

    Ordered by the writer's transaction id alone, version 2 would come first; the event
    inherits the larger id of the stream's previous event instead.
    """
    stream = StreamId("campaign", "ledger")
    old_has_xid, new_committed = threading.Event(), threading.Event()

    def old_transaction():
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_current_xact_id()")  # e.g. a projection update
            old_has_xid.set()
            assert new_committed.wait(TIMEOUT)
            append(stream, expected_version=1, events=[NewEvent("second", {})])

    def new_transaction():
        assert old_has_xid.wait(TIMEOUT)
        append(stream, expected_version=0, events=[NewEvent("first", {})])
        new_committed.set()

    in_threads(old_transaction, new_transaction)
    assert [(e.version, e.type) for e in read_all_until(2)] == [(1, "first"), (2, "second")]
