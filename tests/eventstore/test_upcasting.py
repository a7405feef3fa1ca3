"""Schema evolution: old payloads are upcast when read; stored rows never change."""
from __future__ import annotations

import pytest

from eventstore import upcasting
from eventstore.errors import InvalidArgument, SchemaError
from eventstore.models import Event
from eventstore.selectors import read_stream
from eventstore.services import append
from eventstore.types import NewEvent
from eventstore.upcasting import UpcasterRegistry, register_schema_version, register_upcaster
from tests.eventstore.support import read_all_until


@pytest.fixture(autouse=True)
def registry(monkeypatch):
    """A fresh default registry for each test."""
    fresh = UpcasterRegistry()
    monkeypatch.setattr(upcasting, "registry", fresh)
    return fresh


def split_name(data):
    first, _, last = data.pop("name").partition(" ")
    return {**data, "first_name": first, "last_name": last}


@pytest.mark.django_db
def test_a_v1_payload_is_read_as_v2(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=[NewEvent("soldier_enlisted", {"name": "Ada Kent"})])
    register_upcaster("soldier_enlisted", 1, split_name)  # the code moved on to v2

    (event,) = read_stream(stream)
    assert event.schema_version == 2
    assert event.data == {"first_name": "Ada", "last_name": "Kent"}
    stored = Event.objects.get(position=event.position)
    assert (stored.schema_version, stored.data) == (1, {"name": "Ada Kent"})


@pytest.mark.django_db
def test_new_events_are_stored_at_the_current_version(new_stream):
    register_upcaster("soldier_enlisted", 1, split_name)
    stream = new_stream()
    new = {"first_name": "Ada", "last_name": "Kent"}
    result = append(stream, expected_version=0, events=[NewEvent("soldier_enlisted", new)])
    assert result.events[0].schema_version == 2
    assert Event.objects.get(position=result.events[0].position).schema_version == 2
    assert read_stream(stream)[0].data == new


@pytest.mark.django_db
def test_an_older_version_can_still_be_appended_explicitly(new_stream):
    register_upcaster("soldier_enlisted", 1, split_name)
    stream = new_stream()
    old = NewEvent("soldier_enlisted", {"name": "Bo Lee"}, schema_version=1)
    append(stream, expected_version=0, events=[old])
    assert read_stream(stream)[0].data == {"first_name": "Bo", "last_name": "Lee"}


@pytest.mark.django_db
def test_upcasters_chain_from_any_old_version(new_stream, registry):
    @register_upcaster("squad_fired", from_version=1)
    def _v1_to_v2(data):
        return {**data, "cover": "none"}

    @register_upcaster("squad_fired", from_version=2)
    def _v2_to_v3(data):
        inches = data.pop("range")
        return {**data, "range_inches": inches}

    stream = new_stream()
    append(
        stream,
        expected_version=0,
        events=[
            NewEvent("squad_fired", {"range": 10}, schema_version=1),
            NewEvent("squad_fired", {"range": 12, "cover": "light"}, schema_version=2),
            NewEvent("squad_fired", {"range_inches": 8, "cover": "heavy"}),
        ],
    )
    assert [(e.schema_version, e.data) for e in read_stream(stream)] == [
        (3, {"range_inches": 10, "cover": "none"}),
        (3, {"range_inches": 12, "cover": "light"}),
        (3, {"range_inches": 8, "cover": "heavy"}),
    ]


@pytest.mark.django_db(transaction=True)
def test_read_all_upcasts_too(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=[NewEvent("soldier_enlisted", {"name": "Cy Ng"})])
    register_upcaster("soldier_enlisted", 1, split_name)
    (event,) = read_all_until(1)
    assert (event.schema_version, event.data["last_name"]) == (2, "Ng")


@pytest.mark.django_db
def test_a_missing_link_in_the_chain_is_a_schema_error(new_stream):
    stream = new_stream()
    append(stream, expected_version=0, events=[NewEvent("squad_fired", {})])
    register_schema_version("squad_fired", 3)
    register_upcaster("squad_fired", 2, dict)
    with pytest.raises(SchemaError, match="no upcaster from schema version 1"):
        read_stream(stream)


@pytest.mark.django_db
def test_a_schema_version_above_the_current_one_is_refused(new_stream):
    register_schema_version("squad_fired", 2)
    with pytest.raises(InvalidArgument, match="from 1 to 2"):
        append(new_stream(), expected_version=0, events=[NewEvent("squad_fired", {}, {}, 3)])


def test_registration_mistakes_are_schema_errors(registry):
    registry.register_upcaster("a", 1, dict)
    with pytest.raises(SchemaError, match="an upcaster from version 1 exists"):
        registry.register_upcaster("a", 1, dict)
    with pytest.raises(SchemaError, match="cannot be 1"):
        registry.register_schema_version("a", 1)
    with pytest.raises(SchemaError, match="ints from 1"):
        registry.register_upcaster("a", 0, dict)
    assert registry.current_version("a") == 2
    assert registry.current_version("unregistered") == 1
