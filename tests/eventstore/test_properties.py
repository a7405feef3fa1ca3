"""Property tests: whatever sequence of appends, the store's invariants hold.

- versions of a stream are contiguous from 1, and read_stream returns what was appended;
- read_all returns every appended event once, in append order, positions increasing;
- a stale expected_version appends nothing and reports the current version;
- a reused idempotency key returns the first result and appends nothing.
"""
from __future__ import annotations

import dataclasses
import itertools

import pytest
from django.db.models import Max
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eventstore.errors import WrongExpectedVersion
from eventstore.models import Event
from eventstore.selectors import read_stream, stream_version
from eventstore.services import append
from eventstore.types import NewEvent, StreamId
from tests.eventstore.support import read_all_until

pytestmark = pytest.mark.django_db(transaction=True)

_examples = itertools.count()

text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=8)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(-1e15, 1e15, allow_nan=False)  # jsonb rewrites huge exponents (see docs)
    | text
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
    max_leaves=6,
)
new_events = st.builds(
    NewEvent,
    type=st.sampled_from(["squad_moved", "die_rolled"]),
    data=st.dictionaries(text, json_values, max_size=3),
    metadata=st.dictionaries(st.sampled_from(["recorded_by", "correlation_id"]), text, max_size=2),
)
appends = st.tuples(
    st.integers(0, 2),  # which stream
    st.lists(new_events, min_size=1, max_size=3),
    st.sampled_from(["current", "behind", "ahead"]),  # the expected version given
    st.sampled_from([None, None, "req-1", "req-2"]),  # the idempotency key
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(calls=st.lists(appends, min_size=1, max_size=8))
def test_appends_and_reads_keep_the_stores_invariants(calls):
    example = next(_examples)
    streams = [StreamId("property", f"{example}-{n}") for n in range(3)]
    start = Event.objects.aggregate(last=Max("position"))["last"] or 0
    expected_streams = {stream: [] for stream in streams}
    first_results = {}
    appended = []

    for which, events, given_version, key in calls:
        stream = streams[which]
        current = len(expected_streams[stream])
        expected = {"current": current, "behind": current - 1, "ahead": current + 1}[given_version]
        expected = expected if expected >= 0 else current + 2
        call = {"expected_version": expected, "events": events, "idempotency_key": key}
        if key is not None and (stream, key) in first_results:
            result = append(stream, **call)
            assert result == dataclasses.replace(first_results[stream, key], replayed=True)
            assert stream_version(stream) == current
        elif given_version == "current":
            result = append(stream, **call)
            assert not result.replayed
            assert [e.version for e in result.events] == list(range(current + 1, result.to_version + 1))
            expected_streams[stream].extend((e.type, e.data) for e in events)
            first_results[stream, key] = result
            appended.extend(result.events)
        else:
            with pytest.raises(WrongExpectedVersion) as raised:
                append(stream, **call)
            assert raised.value.current_version == current == stream_version(stream)

    for stream in streams:
        stored = read_stream(stream)
        assert [e.version for e in stored] == list(range(1, len(stored) + 1))
        assert [(e.type, e.data) for e in stored] == expected_streams[stream]
    everything = read_all_until(len(appended), after=start)
    assert everything == appended
    positions = [e.position for e in everything]
    assert positions == sorted(set(positions))
