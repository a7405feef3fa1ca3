"""read_stream, read_all, stream_version, list_streams."""
from __future__ import annotations

import pytest
from django.db import transaction

from eventstore.errors import InvalidArgument, UnknownPosition
from eventstore.selectors import list_streams, read_all, read_stream, stream_version
from eventstore.services import append
from eventstore.types import NewEvent, StreamId
from tests.eventstore.support import read_all_until


def events(*numbers: int) -> list[NewEvent]:
    return [NewEvent("die_rolled", {"n": n}) for n in numbers]


@pytest.mark.django_db
class TestReadStream:
    def test_returns_the_stream_in_version_order(self, new_stream):
        stream = new_stream()
        append(stream, expected_version=0, events=events(1, 2))
        append(new_stream(), expected_version=0, events=events(99))
        append(stream, expected_version=2, events=events(3))
        read = read_stream(stream)
        assert [(e.version, e.data["n"], e.stream) for e in read] == [
            (1, 1, stream), (2, 2, stream), (3, 3, stream),
        ]

    @pytest.mark.parametrize(
        ("from_version", "to_version", "versions"),
        [(1, None, [1, 2, 3, 4]), (2, None, [2, 3, 4]), (2, 3, [2, 3]), (4, 4, [4]),
         (5, None, []), (3, 2, []), (1, 0, [])],
    )
    def test_reads_a_range_of_versions(self, new_stream, from_version, to_version, versions):
        stream = new_stream()
        append(stream, expected_version=0, events=events(1, 2, 3, 4))
        read = read_stream(stream, from_version=from_version, to_version=to_version)
        assert [e.version for e in read] == versions

    def test_a_stream_never_written_is_empty_at_version_0(self, new_stream):
        stream = new_stream()
        assert read_stream(stream) == []
        assert stream_version(stream) == 0

    def test_recorded_events_carry_everything_appended(self, new_stream):
        stream = new_stream()
        result = append(
            stream, expected_version=0, events=[NewEvent("fired", {"dice": [4, 6]}, {"by": 1})]
        )
        (event,) = read_stream(stream)
        assert event == result.events[0]
        assert (event.type, event.schema_version, event.data, event.metadata) == (
            "fired", 1, {"dice": [4, 6]}, {"by": 1},
        )
        assert event.recorded_at.tzinfo is not None

    @pytest.mark.parametrize(
        "arguments", [{"from_version": 0}, {"from_version": "1"}, {"to_version": -1}]
    )
    def test_bad_ranges_are_refused(self, new_stream, arguments):
        with pytest.raises(InvalidArgument):
            read_stream(new_stream(), **arguments)


@pytest.mark.django_db
def test_list_streams_lists_one_type_in_creation_order():
    for stream in [StreamId("battle", 10), StreamId("campaign", 1), StreamId("battle", 9)]:
        append(stream, expected_version=0, events=events(1, 2))
    assert list_streams(type="battle") == [StreamId("battle", 10), StreamId("battle", 9)]
    assert list_streams(type="nothing") == []


@pytest.mark.django_db(transaction=True)
class TestReadAll:
    def test_returns_every_stream_in_commit_order_page_by_page(self):
        a, b = StreamId("battle", 1), StreamId("campaign", 1)
        appended = [
            *append(a, expected_version=0, events=events(1, 2)).events,
            *append(b, expected_version=0, events=events(3)).events,
            *append(a, expected_version=2, events=events(4, 5)).events,
        ]
        assert read_all_until(5) == appended
        first = read_all(limit=2)
        assert first == appended[:2]
        assert read_all(after=first[-1].position, limit=2) == appended[2:4]
        assert read_all(after=appended[-1].position) == []

    def test_an_unknown_position_is_an_error_not_an_empty_page(self):
        append(StreamId("battle", 1), expected_version=0, events=events(1))
        with pytest.raises(UnknownPosition):
            read_all(after=10**9)

    @pytest.mark.parametrize("arguments", [{"after": -1}, {"limit": 0}, {"after": None}])
    def test_bad_arguments_are_refused(self, arguments):
        with pytest.raises(InvalidArgument):
            read_all(**arguments)


@pytest.mark.postgres
@pytest.mark.django_db
def test_read_all_returns_only_committed_events_on_postgresql():
    """The reader's own uncommitted events are held back like everyone else's."""
    with transaction.atomic():
        append(StreamId("battle", 1), expected_version=0, events=events(1))
        assert read_all() == []
        assert len(read_stream(StreamId("battle", 1))) == 1
