"""Bad input is refused with a clear InvalidArgument, and nothing is stored."""
from __future__ import annotations

import pytest

from eventstore.errors import InvalidArgument
from eventstore.models import Event
from eventstore.services import append
from eventstore.types import NewEvent, StreamId

pytestmark = pytest.mark.django_db

STREAM = StreamId("battle", "1")
GOOD = [NewEvent("squad_moved", {"inches": 6})]


class Unserialisable:
    pass


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"expected_version": -1}, "expected_version must be an int >= 0"),
        ({"expected_version": "0"}, "expected_version must be an int >= 0"),
        ({"expected_version": 1.0}, "expected_version must be an int >= 0"),
        ({"expected_version": True}, "expected_version must be an int >= 0"),
        ({"expected_version": None}, "expected_version must be an int >= 0"),
        ({"events": []}, "events is empty"),
        ({"events": ()}, "events is empty"),
        ({"events": NewEvent("x", {})}, "events must be a list of NewEvent"),
        ({"events": [{"type": "x"}]}, "event 1 must be a NewEvent"),
        ({"events": [NewEvent("", {})]}, "event 1 (''): the event type must be a non-empty"),
        ({"events": [NewEvent(None, {})]}, "the event type must be a non-empty string"),
        ({"events": [NewEvent("x" * 129, {})]}, "the event type is over 128"),
        ({"events": [*GOOD, NewEvent("x", {"at": Unserialisable()})]},
         "event 2 ('x') data['at']: Unserialisable is not JSON-serialisable"),
        ({"events": [NewEvent("x", {"a": [1, {2}]})]}, "data['a'][1]: set is not JSON"),
        ({"events": [NewEvent("x", {"a": float("nan")})]}, "data['a']: nan is not a JSON number"),
        ({"events": [NewEvent("x", {"a": float("inf")})]}, "inf is not a JSON number"),
        ({"events": [NewEvent("x", {1: "a"})]}, "key 1 is not a storable JSON key"),
        ({"events": [NewEvent("x", {"a": "nul\x00"})]}, "NUL character"),
        ({"events": [NewEvent("x", {"a": "\ud800"})]}, "lone surrogate"),
        ({"events": [NewEvent("x", ["not", "an", "object"])]}, "data must be a JSON object"),
        ({"events": [NewEvent("x", None)]}, "data must be a JSON object"),
        ({"events": [NewEvent("x", {}, metadata=[])]}, "metadata must be a JSON object"),
        ({"events": [NewEvent("x", {}, schema_version=0)]}, "schema_version must be an int"),
        ({"events": [NewEvent("x", {}, schema_version=2)]}, "from 1 to 1 (the current one)"),
        ({"metadata": {"who": object()}}, "metadata['who']: object is not JSON"),
        ({"metadata": {"idempotency_key": "k"}}, "pass append(idempotency_key=...)"),
        ({"idempotency_key": ""}, "idempotency_key must be a string of 1 to 255"),
        ({"idempotency_key": 12}, "idempotency_key must be a string"),
        ({"idempotency_key": "k" * 256}, "idempotency_key must be a string"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_stored(arguments, message):
    with pytest.raises(InvalidArgument) as raised:
        append(STREAM, **{"expected_version": 0, "events": GOOD, **arguments})
    assert message in str(raised.value)
    assert not Event.objects.exists()


def test_a_circular_payload_is_refused():
    data: dict = {}
    data["self"] = data
    with pytest.raises(InvalidArgument, match="nested deeper than 64 levels"):
        append(STREAM, expected_version=0, events=[NewEvent("x", data)])


def test_the_stream_must_be_a_stream_id():
    with pytest.raises(InvalidArgument, match="stream must be a StreamId"):
        append(("battle", "1"), expected_version=0, events=GOOD)


@pytest.mark.parametrize(
    ("type_", "id_", "message"),
    [
        ("", "1", "stream type must be a non-empty string"),
        ("battle", "", "stream id must be a non-empty string"),
        ("battle", None, "stream id must be a non-empty string"),
        ("b" * 65, "1", "stream type is longer than 64"),
        ("battle", "9" * 129, "stream id is longer than 128"),
    ],
)
def test_a_stream_id_needs_a_type_and_an_id(type_, id_, message):
    with pytest.raises(InvalidArgument, match=message):
        StreamId(type_, id_)


def test_an_int_stream_id_is_its_decimal_string():
    assert StreamId("battle", 42) == StreamId("battle", "42")
    assert str(StreamId("battle", 42)) == "battle/42"


def test_tuples_are_stored_as_lists():
    result = append(STREAM, expected_version=0, events=[NewEvent("x", {"dice": (4, 6)})])
    from eventstore.selectors import read_stream

    assert read_stream(STREAM)[0].data == {"dice": [4, 6]}
    assert result.events[0].version == 1
