"""Reading events: one stream in version order, or all streams in commit-safe order."""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import connection

from eventstore import sql, upcasting
from eventstore.errors import InvalidArgument, UnknownPosition
from eventstore.types import RecordedEvent, StreamId

MAX_VERSION = 2**31 - 1
DEFAULT_READ_ALL_LIMIT = 1000
_JSON = json.JSONDecoder()


def read_stream(
    stream: StreamId, *, from_version: int = 1, to_version: int | None = None
) -> list[RecordedEvent]:
    """Events ``from_version..to_version`` (inclusive; None: to the end) of ``stream``."""
    _check_int("from_version", from_version, minimum=1)
    if to_version is not None:
        _check_int("to_version", to_version, minimum=0)
    rows = _fetch(
        _dialect().read_stream,
        [stream.type, stream.id, from_version, MAX_VERSION if to_version is None else to_version],
    )
    return _decode(rows, {(stream.type, stream.id): stream})


def read_all(*, after: int = 0, limit: int = DEFAULT_READ_ALL_LIMIT) -> list[RecordedEvent]:
    """Up to ``limit`` events of all streams, in commit-safe order, after position ``after``.

    ``after`` is 0 (the beginning) or the ``position`` of the last event a subscriber
    processed. Each stream comes in version order. On PostgreSQL the order is
    (``order_xid``, position) and an event is returned only once every transaction that
    could precede it has ended, so an event committed late is never skipped; positions are
    not always increasing in that order, and only committed events are returned. On
    SQLite, whose writers are serialised, the order is position order.
    """
    _check_int("after", after, minimum=0)
    _check_int("limit", limit, minimum=1)
    dialect = _dialect()
    if after:
        rows = _fetch(dialect.read_all_after, [after, limit])
        if not rows and not _fetch(dialect.position_exists, [after]):
            raise UnknownPosition(f"no event has position {after}")
    else:
        rows = _fetch(dialect.read_all_from_start, [limit])
    return _decode(rows, {})


def stream_version(stream: StreamId) -> int:
    """The stream's current version: its number of events (0 for a stream never written)."""
    return _fetch(_dialect().stream_version, [stream.type, stream.id])[0][0]


def list_streams(*, type: str) -> list[StreamId]:  # noqa: A002 - the stream's "type"
    """The streams of one type, in the order they were created."""
    rows = _fetch(_dialect().list_streams, [type])
    return [StreamId(type, stream_id) for (stream_id,) in rows]


def _dialect() -> sql.Dialect:
    return sql.dialect(connection)


def _fetch(query: str, params: list[Any]) -> list[tuple]:
    with sql.cursor(connection) as cursor:
        cursor.execute(query, params)
        return cursor.fetchall()


def _decode(rows: Iterable[tuple], streams: dict[tuple[str, str], StreamId]) -> list[RecordedEvent]:
    """RecordedEvents from rows of the dialect's read columns, payloads upcast.

    This is the read path's hot loop: no ORM instances, one StreamId per stream, one
    datetime per distinct ``recorded_at`` (an append's events share it), and the upcaster
    registry is consulted only for types registered above schema version 1.
    """
    decode = _JSON.raw_decode  # json.loads without its per-call checks: the text is ours
    current = upcasting.registry.current_versions
    upcast = upcasting.registry.upcast
    to_datetime = _dialect().to_datetime
    raw_at = at = None
    events = []
    for stream_type, stream_id, version, position, type_, schema_version, data, meta, when in rows:
        stream = streams.get((stream_type, stream_id))
        if stream is None:
            stream = streams[stream_type, stream_id] = StreamId(stream_type, stream_id)
        if when != raw_at:
            raw_at, at = when, to_datetime(connection, when)
        data = decode(data)[0]
        if current and schema_version < current.get(type_, 0):
            schema_version, data = upcast(type_, schema_version, data)
        events.append(
            RecordedEvent(
                stream, version, position, type_, schema_version, data, decode(meta)[0], at
            )
        )
    return events


def _check_int(name: str, value: object, *, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise InvalidArgument(f"{name} must be an int >= {minimum}, not {value!r}")
