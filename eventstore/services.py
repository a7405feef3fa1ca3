"""Writing events. ``append`` is the one function in the project that stores events."""
from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from itertools import takewhile
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from eventstore import selectors, sql, upcasting
from eventstore.errors import InvalidArgument, WrongExpectedVersion
from eventstore.models import EVENT_TYPE_MAX_LENGTH, IDEMPOTENCY_KEY_MAX_LENGTH
from eventstore.types import AppendResult, NewEvent, RecordedEvent, StreamId

#: The metadata key under which ``append`` records its idempotency key on every event.
IDEMPOTENCY_KEY = "idempotency_key"
#: Deepest nesting of lists and objects accepted in a payload or in metadata.
MAX_JSON_DEPTH = 64
# Characters no backend stores the same: NUL (jsonb refuses it) and lone UTF-16 surrogates.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def append(
    stream: StreamId,
    *,
    expected_version: int,
    events: Sequence[NewEvent],
    idempotency_key: str | None = None,
    metadata: Mapping[str, Any] | None = None,
    then: Sequence[tuple[str, Any]] = (),
) -> AppendResult:
    """Append ``events`` to ``stream``, which must be at ``expected_version`` (0: new stream).

    All events or none are stored, as versions ``expected_version + 1 ..``. ``metadata`` is
    merged under each event's own metadata. A stale ``expected_version`` raises
    :class:`WrongExpectedVersion` and stores nothing, unless ``idempotency_key`` was already
    used on this stream: then the first call's result is returned with ``replayed=True``.

    Inside ``transaction.atomic()`` the append joins the caller's transaction (in a savepoint,
    so a refused append leaves it usable); outside, its single INSERT is its own transaction.
    Bad arguments raise :class:`InvalidArgument`.

    ``then``: statements ``(sql, params)`` to run right after the events are stored, in the
    same transaction and savepoint (on PostgreSQL in the same round trip), e.g. a projection
    of them; they see the new events, and they are undone when the append stores nothing.
    Made for a transaction with one append: the savepoint is released when it ends.
    """
    items, batch = _prepare(stream, expected_version, events, idempotency_key, metadata)
    connection = transaction.get_connection()
    recorded_at = timezone.now()
    params = {
        "type": stream.type,
        "id": stream.id,
        "expected": expected_version,
        "key": idempotency_key,
        "at": connection.ops.adapt_datetimefield_value(recorded_at),
        "batch": batch,
    }
    statement = sql.dialect(connection).append
    try:
        if connection.in_atomic_block or not connection.get_autocommit():
            rows = sql.fetch_in_savepoint(connection, statement, params, then)
        elif then:
            with transaction.atomic(using=connection.alias):
                rows = sql.fetch_in_savepoint(connection, statement, params, then)
        else:
            with sql.cursor(connection) as cursor:
                cursor.execute(statement, params)
                rows = cursor.fetchall()
    except IntegrityError as error:
        if not _is_unique_violation(error):
            raise
        rows = []
    if rows:
        position_of = dict((version, position) for position, version in rows)
        recorded = tuple(
            RecordedEvent(stream, version, position_of[version], type_, sv, data, meta, recorded_at)
            for version, (type_, sv, data, meta) in enumerate(items, expected_version + 1)
        )
        return AppendResult(stream, expected_version + 1, recorded[-1].version, recorded)
    if idempotency_key is not None and (replay := _replay(stream, idempotency_key)):
        return replay
    raise WrongExpectedVersion(
        stream, expected=expected_version, current_version=selectors.stream_version(stream)
    )


def _replay(stream: StreamId, key: str) -> AppendResult | None:
    """The result of the append that used ``key`` on ``stream``, or None."""
    connection = transaction.get_connection()
    with sql.cursor(connection) as cursor:
        cursor.execute(sql.dialect(connection).version_of_key, [stream.type, stream.id, key])
        row = cursor.fetchone()
    if row is None:
        return None
    # Every event of that append, and no other, carries the key in its metadata.
    events = tuple(
        takewhile(
            lambda event: event.metadata.get(IDEMPOTENCY_KEY) == key,
            selectors.read_stream(stream, from_version=row[0]),
        )
    )
    return AppendResult(stream, events[0].version, events[-1].version, events, replayed=True)


def _is_unique_violation(error: IntegrityError) -> bool:
    cause = error.__cause__
    return (
        getattr(cause, "sqlstate", None) == "23505"  # PostgreSQL unique_violation
        or getattr(cause, "sqlite_errorcode", None) == sqlite3.SQLITE_CONSTRAINT_UNIQUE
    )


# --- validation ------------------------------------------------------------------------


def _prepare(
    stream: object,
    expected_version: object,
    events: object,
    idempotency_key: object,
    metadata: object,
) -> tuple[list[list[Any]], str]:
    """Check an append's arguments; return its items and the batch as one JSON array."""
    if not isinstance(stream, StreamId):
        raise InvalidArgument(f"stream must be a StreamId, not {stream!r}")
    if not _is_int(expected_version) or expected_version < 0:
        raise InvalidArgument(
            f"expected_version must be an int >= 0 (0: a new stream), not {expected_version!r}"
        )
    if not isinstance(events, Sequence) or isinstance(events, str):
        raise InvalidArgument(f"events must be a list of NewEvent, not {events!r}")
    if not events:
        raise InvalidArgument("events is empty: an append stores at least one event")
    if idempotency_key is not None and (
        not isinstance(idempotency_key, str)
        or not 0 < len(idempotency_key) <= IDEMPOTENCY_KEY_MAX_LENGTH
    ):
        raise InvalidArgument(
            f"idempotency_key must be a string of 1 to {IDEMPOTENCY_KEY_MAX_LENGTH} characters"
        )
    common = dict(_json_object(metadata or {}, lambda: "metadata"))
    if IDEMPOTENCY_KEY in common:
        raise InvalidArgument("metadata: pass append(idempotency_key=...), not metadata")
    if idempotency_key is not None:
        common[IDEMPOTENCY_KEY] = idempotency_key
    current_version = upcasting.registry.current_version
    items = []
    for number, event in enumerate(events, 1):
        if not isinstance(event, NewEvent):
            raise InvalidArgument(f"event {number} must be a NewEvent, not {event!r}")

        def where(part: str = "", number: int = number, event: NewEvent = event) -> str:
            return f"event {number} ({event.type!r}){part}"

        type_ = event.type
        if not isinstance(type_, str) or not type_:
            raise InvalidArgument(f"{where()}: the event type must be a non-empty string")
        if len(type_) > EVENT_TYPE_MAX_LENGTH:
            raise InvalidArgument(f"{where()}: the event type is over {EVENT_TYPE_MAX_LENGTH} chars")
        meta = dict(common)
        if event.metadata or type(event.metadata) is not dict:
            own = _json_object(event.metadata, lambda: where(" metadata"))
            if IDEMPOTENCY_KEY in own:
                raise InvalidArgument(f"{where()}: pass append(idempotency_key=...), not metadata")
            meta.update(own)
        data = _json_object(event.data, lambda: where(" data"))
        current = current_version(type_)
        schema_version = event.schema_version
        if schema_version is None:
            schema_version = current
        elif not _is_int(schema_version) or not 1 <= schema_version <= current:
            raise InvalidArgument(
                f"{where()}: schema_version must be an int from 1 to {current} (the current "
                f"one), not {schema_version!r}"
            )
        items.append([type_, schema_version, data, meta])
    return items, json.dumps(items, ensure_ascii=False, separators=(",", ":"))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _NotJson(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.path: list[object] = []


def _json_object(value: object, what: Callable[[], str]) -> dict[str, Any]:
    """``value`` as a dict, if it is a JSON object storable on every backend.

    ``what`` names it in an error message (a callable: only built when needed).
    """
    if type(value) is not dict:
        if not isinstance(value, Mapping):
            raise InvalidArgument(
                f"{what()} must be a JSON object (a dict), not {type(value).__name__}"
            )
        value = dict(value)
    try:
        _check_json(value, 0)
    except _NotJson as error:
        path = "".join(f"[{step!r}]" for step in reversed(error.path))
        raise InvalidArgument(f"{what()}{path}: {error.reason}") from None
    return value


def _check_json(value: object, depth: int) -> None:
    """Raise _NotJson unless ``value`` stores and reads back as the same JSON value.

    JSON has string keys only (json.dumps would turn 1 into "1"), no NaN or infinity;
    PostgreSQL's jsonb has no NUL character, and UTF-8 no lone surrogate.
    """
    if isinstance(value, str):
        if _UNSTORABLE.search(value):
            raise _NotJson("a string contains a NUL character or a lone surrogate")
    elif value is None or isinstance(value, int):
        pass
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _NotJson(f"{value} is not a JSON number")
    elif depth >= MAX_JSON_DEPTH:
        raise _NotJson(f"nested deeper than {MAX_JSON_DEPTH} levels (or circular)")
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str) or _UNSTORABLE.search(key):
                raise _NotJson(f"key {key!r} is not a storable JSON key (a string)")
            try:
                _check_json(item, depth + 1)
            except _NotJson as error:
                error.path.append(key)
                raise
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            try:
                _check_json(item, depth + 1)
            except _NotJson as error:
                error.path.append(index)
                raise
    else:
        raise _NotJson(f"{type(value).__name__} is not JSON-serialisable")
