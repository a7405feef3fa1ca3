"""Events are immutable in the database itself: triggers refuse UPDATE, DELETE, TRUNCATE."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import IntegrityError, connection, transaction

from eventstore.errors import ImmutableEvent
from eventstore.models import Event
from eventstore.selectors import read_stream
from eventstore.services import append
from eventstore.types import NewEvent, StreamId

pytestmark = pytest.mark.django_db

STREAM = StreamId("battle", "1")


@pytest.fixture
def recorded():
    result = append(STREAM, expected_version=0, events=[NewEvent("x", {"n": 1})] * 2)
    yield result.events
    assert read_stream(STREAM) == list(result.events), "the events did not change"


@contextmanager
def refused():
    """Expect the database to refuse, inside a savepoint so that the test can go on."""
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        yield


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE eventstore_event SET data = '{}'",
        "UPDATE eventstore_event SET stream_id = 'other' WHERE version = 2",
        "DELETE FROM eventstore_event",
        "DELETE FROM eventstore_event WHERE version = 2",
    ],
)
def test_raw_sql_updates_and_deletes_are_refused(recorded, statement):
    with refused(), connection.cursor() as cursor:
        cursor.execute(statement)


def test_queryset_update_is_refused(recorded):
    with refused():
        Event.objects.filter(stream_id=STREAM.id).update(event_type="other")


def test_queryset_delete_is_refused(recorded):
    with refused():
        Event.objects.all().delete()


def test_instance_delete_is_refused(recorded):
    with refused():
        Event.objects.get(position=recorded[0].position).delete()


def test_save_of_a_stored_event_is_refused(recorded):
    row = Event.objects.get(position=recorded[0].position)
    row.data = {"n": 2}
    with pytest.raises(ImmutableEvent, match="immutable"):
        row.save()


def test_events_are_not_created_through_the_orm(recorded):
    with pytest.raises(ImmutableEvent, match="only by eventstore.services.append"):
        Event.objects.create(
            stream_type="battle", stream_id="2", version=1, event_type="x", schema_version=1,
            data={}, recorded_at=recorded[0].recorded_at,
        )


@pytest.mark.postgres
def test_truncate_is_refused_on_postgresql(recorded):
    with refused(), connection.cursor() as cursor:
        cursor.execute("TRUNCATE eventstore_event")


@pytest.mark.postgres
def test_truncate_cascade_is_refused_on_postgresql(recorded):
    with refused(), connection.cursor() as cursor:
        cursor.execute("TRUNCATE eventstore_event RESTART IDENTITY CASCADE")
