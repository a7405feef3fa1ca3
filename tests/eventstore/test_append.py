"""append: versions, optimistic concurrency, idempotency, outer transactions, bad input."""
from __future__ import annotations

import pytest
from django.db import transaction

from eventstore.errors import WrongExpectedVersion
from eventstore.models import Event
from eventstore.selectors import read_stream, stream_version
from eventstore.services import append
from eventstore.types import NewEvent, StreamId

pytestmark = pytest.mark.django_db


def moved(n: int = 1) -> list[NewEvent]:
    return [NewEvent("squad_moved", {"inches": i}) for i in range(n)]


def test_a_new_stream_starts_at_version_1(new_stream):
    stream = new_stream()
    result = append(stream, expected_version=0, events=moved(3))
    assert (result.from_version, result.to_version, result.replayed) == (1, 3, False)
    assert [e.version for e in result.events] == [1, 2, 3]
    assert stream_version(stream) == 3


def test_positions_increase_with_versions_within_an_append(new_stream):
    result = append(new_stream(), expected_version=0, events=moved(5))
    positions = [e.position for e in result.events]
    assert positions == sorted(positions) and len(set(positions)) == 5


def test_the_result_is_what_read_stream_returns(new_stream):
    stream = new_stream()
    result = append(stream, expected_version=0, events=moved(2), metadata={"recorded_by": 7})
    assert list(result.events) == read_stream(stream)


def test_appends_continue_from_the_expected_version(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=moved(2))
    result = append(stream, expected_version=2, events=moved(1))
    assert (result.from_version, result.to_version) == (3, 3)


@pytest.mark.parametrize("expected", [0, 1, 3, 9])
def test_a_stale_expected_version_raises_with_the_current_version_and_stores_nothing(
    new_stream, expected
):
    stream = new_stream()
    append(stream, expected_version=0, events=moved(2))
    with pytest.raises(WrongExpectedVersion) as raised:
        append(stream, expected_version=expected, events=moved(1))
    assert raised.value.current_version == 2
    assert raised.value.expected == expected and raised.value.stream == stream
    assert str(stream) in str(raised.value)
    assert stream_version(stream) == 2


def test_expected_version_0_on_an_existing_stream_is_refused(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=moved())
    with pytest.raises(WrongExpectedVersion):
        append(stream, expected_version=0, events=moved())


def test_metadata_is_merged_under_each_events_own(new_stream):
    stream = new_stream()
    events = [
        NewEvent("squad_moved", {}, metadata={"causation_id": "c1"}),
        NewEvent("squad_moved", {}, metadata={"recorded_by": "referee"}),
    ]
    append(stream, expected_version=0, events=events, metadata={"recorded_by": "player-3"})
    assert [e.metadata for e in read_stream(stream)] == [
        {"recorded_by": "player-3", "causation_id": "c1"},
        {"recorded_by": "referee"},
    ]


def test_streams_of_different_types_with_the_same_id_are_distinct():
    append(StreamId("battle", 7), expected_version=0, events=moved())
    append(StreamId("campaign", 7), expected_version=0, events=moved(2))
    assert stream_version(StreamId("battle", "7")) == 1
    assert stream_version(StreamId("campaign", "7")) == 2


# --- idempotency ------------------------------------------------------------------------


def test_a_reused_idempotency_key_returns_the_first_result_and_appends_nothing(new_stream):
    stream = new_stream()
    first = append(stream, expected_version=0, events=moved(2), idempotency_key="req-1")
    again = append(stream, expected_version=0, events=moved(2), idempotency_key="req-1")
    assert again.replayed and not first.replayed
    assert (again.from_version, again.to_version, again.events) == (1, 2, first.events)
    assert stream_version(stream) == 2


def test_a_replay_wins_over_a_stale_expected_version(new_stream):
    stream = new_stream()
    first = append(stream, expected_version=0, events=moved(1), idempotency_key="req-1")
    append(stream, expected_version=1, events=moved(3), idempotency_key="req-2")
    again = append(stream, expected_version=0, events=moved(1), idempotency_key="req-1")
    assert again.replayed and again.events == first.events
    assert stream_version(stream) == 4


def test_a_replay_returns_only_the_events_of_that_append(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=moved(1))
    first = append(stream, expected_version=1, events=moved(2), idempotency_key="req-1")
    append(stream, expected_version=3, events=moved(2))
    again = append(stream, expected_version=3, events=moved(2), idempotency_key="req-1")
    assert [e.version for e in again.events] == [2, 3] == [e.version for e in first.events]


def test_the_same_key_on_another_stream_is_another_request(new_stream):
    a, b = new_stream(), new_stream()
    append(a, expected_version=0, events=moved(), idempotency_key="req-1")
    result = append(b, expected_version=0, events=moved(), idempotency_key="req-1")
    assert not result.replayed


def test_an_unused_key_with_a_stale_version_is_a_conflict(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=moved())
    with pytest.raises(WrongExpectedVersion):
        append(stream, expected_version=0, events=moved(), idempotency_key="req-new")


def test_the_database_refuses_a_second_row_with_the_same_key(new_stream):
    from django.db import IntegrityError

    stream = new_stream()
    append(stream, expected_version=0, events=moved(), idempotency_key="req-1")
    row = Event.objects.get(stream_id=stream.id)
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.bulk_create(
            [Event(stream_type=row.stream_type, stream_id=row.stream_id, version=2,
                   event_type="x", schema_version=1, data={}, idempotency_key="req-1",
                   recorded_at=row.recorded_at)]
        )


def test_the_key_is_recorded_in_every_events_metadata(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=moved(2), idempotency_key="req-1")
    assert [e.metadata for e in read_stream(stream)] == [{"idempotency_key": "req-1"}] * 2


# --- inside an outer transaction --------------------------------------------------------


def test_append_joins_the_callers_transaction(new_stream):
    stream = new_stream()
    with pytest.raises(RuntimeError), transaction.atomic():
        append(stream, expected_version=0, events=moved())
        assert stream_version(stream) == 1
        raise RuntimeError("the projection update failed")
    assert stream_version(stream) == 0


def test_a_refused_append_leaves_the_outer_transaction_usable(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=moved())
    with transaction.atomic():
        with pytest.raises(WrongExpectedVersion):
            append(stream, expected_version=0, events=moved())
        first = append(stream, expected_version=1, events=moved(), idempotency_key="req-1")
        again = append(stream, expected_version=1, events=moved(), idempotency_key="req-1")
        assert again.replayed and again.events == first.events
    assert stream_version(stream) == 2


def test_a_unique_violation_inside_a_transaction_rolls_back_to_the_savepoint(new_stream):
    """The key is used at version 1 and the retry is sent at version 1: the guard passes
    and the insert hits the (stream, key) index. The retry gets the first result and the
    outer transaction goes on (on PostgreSQL: the savepoint sent in a pipeline)."""
    stream, other = new_stream(), new_stream()
    with transaction.atomic():
        first = append(stream, expected_version=0, events=moved(2), idempotency_key="req-1")
        append(other, expected_version=0, events=moved())
        again = append(stream, expected_version=2, events=moved(), idempotency_key="req-1")
        assert again.replayed and again.events == first.events
        append(stream, expected_version=2, events=moved())
        append(other, expected_version=1, events=moved())
    assert (stream_version(stream), stream_version(other)) == (3, 2)


@pytest.mark.postgres
def test_a_failing_statement_in_the_savepoint_leaves_the_transaction_usable(new_stream):
    """Any other database error is raised as is, after the rollback to the savepoint."""
    from django.db import DataError

    stream = new_stream()
    with transaction.atomic():
        append(stream, expected_version=0, events=moved())
        with pytest.raises(DataError):
            append(stream, expected_version=2**31, events=moved())  # integer out of range
        append(stream, expected_version=1, events=moved())
    assert stream_version(stream) == 2


def test_the_callers_metadata_is_not_modified(new_stream):
    metadata = {"recorded_by": "player-3"}
    append(new_stream(), expected_version=0, events=moved(), metadata=metadata, idempotency_key="k")
    assert metadata == {"recorded_by": "player-3"}


# --- round trips ------------------------------------------------------------------------


def statements(queries) -> list[str]:
    return [
        "append" if "INSERT INTO eventstore_event" in q["sql"] else q["sql"].split()[0].upper()
        for q in queries.captured_queries
    ]


def test_an_append_is_one_statement_in_a_savepoint_inside_a_transaction(new_stream):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    stream = new_stream()
    with CaptureQueriesContext(connection) as queries:
        append(stream, expected_version=0, events=moved(3))
    assert statements(queries) == ["SAVEPOINT", "append", "RELEASE"]


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_an_append_is_one_statement(new_stream):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        append(new_stream(), expected_version=0, events=moved(3))
    assert statements(queries) == ["append"]


@pytest.mark.postgres
def test_on_postgresql_the_append_statement_is_prepared_once_per_connection(new_stream):
    from django.db import connection

    stream = new_stream()
    for version in range(3):
        append(stream, expected_version=version, events=moved())
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements"
            " WHERE statement LIKE %s",
            ["%INSERT INTO eventstore_event%"],
        )
        assert cursor.fetchone()[0] == 1


@pytest.mark.postgres
def test_prepared_statements_can_be_turned_off(new_stream, settings):
    settings.EVENTSTORE_PREPARED_STATEMENTS = False
    stream = new_stream()
    append(stream, expected_version=0, events=moved(2))
    assert [e.version for e in read_stream(stream)] == [1, 2]


# --- then: a statement sent with the append -----------------------------------------------

_COUNT_INTO = "INSERT INTO eventstore_test_then (n) SELECT count(*) FROM eventstore_event"


@pytest.fixture
def then_table(db):
    """A scratch table for the statement run after an append."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE eventstore_test_then (n integer)")
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE eventstore_test_then")


def _then_rows() -> list[int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT n FROM eventstore_test_then")
        return [row[0] for row in cursor.fetchall()]


def _then(stream: StreamId) -> tuple[str, list]:
    """Counts the stream's stored events (so the statement shows what it sees)."""
    return (
        f"{_COUNT_INTO} WHERE stream_type = %s AND stream_id = %s",
        [stream.type, stream.id],
    )


def test_then_runs_after_the_append_and_sees_its_events(new_stream, then_table):
    stream = new_stream()
    with transaction.atomic():
        append(stream, expected_version=0, events=moved(2))
        append(stream, expected_version=2, events=moved(3), then=[_then(stream)])
    assert _then_rows() == [5]


@pytest.mark.django_db(transaction=True)
def test_then_outside_a_transaction_is_committed_with_the_append(new_stream, then_table):
    stream = new_stream()
    append(stream, expected_version=0, events=moved(), then=[_then(stream)])
    assert _then_rows() == [1] and stream_version(stream) == 1


def test_a_stale_append_undoes_then_and_leaves_the_transaction_usable(new_stream, then_table):
    stream = new_stream()
    with transaction.atomic():
        append(stream, expected_version=0, events=moved())
        with pytest.raises(WrongExpectedVersion):
            append(stream, expected_version=0, events=moved(), then=[_then(stream)])
        append(stream, expected_version=1, events=moved())
    assert _then_rows() == [] and stream_version(stream) == 2


def test_a_replayed_key_undoes_then(new_stream, then_table):
    stream = new_stream()
    with transaction.atomic():
        first = append(stream, expected_version=0, events=moved(), idempotency_key="k")
        again = append(
            stream, expected_version=1, events=moved(), idempotency_key="k", then=[_then(stream)]
        )
    assert again.replayed and again.events == first.events
    assert _then_rows() == [] and stream_version(stream) == 1


def test_a_failing_then_undoes_the_append(new_stream, then_table):
    from django.db import DatabaseError

    stream = new_stream()
    with transaction.atomic():
        with pytest.raises(DatabaseError):
            append(stream, expected_version=0, events=moved(), then=[("SELECT * FROM eventstore_no_such_table", [])])
        append(stream, expected_version=0, events=moved(2))
    assert stream_version(stream) == 2


@pytest.mark.postgres
def test_on_postgresql_then_goes_in_the_appends_round_trip(new_stream, then_table):
    """SAVEPOINT, the append and the statement in one pipeline; no RELEASE (the savepoint
    ends with the transaction)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    stream = new_stream()
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        append(stream, expected_version=0, events=moved(), then=[_then(stream)])
    assert statements(queries) == ["SAVEPOINT", "append", "INSERT"]
    assert _then_rows() == [1]
