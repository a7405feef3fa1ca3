"""The event store's SQL, per database (PostgreSQL, SQLite): one statement per operation.

Internal to the app: use :mod:`eventstore.services` and :mod:`eventstore.selectors`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from django.conf import settings
from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper

from eventstore.errors import EventStoreError

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Dialect:
    """The statements of one database, and how its rows' ``recorded_at`` become datetimes."""

    append: str
    read_stream: str
    read_all_from_start: str
    read_all_after: str
    stream_version: str
    version_of_key: str
    position_exists: str
    list_streams: str
    to_datetime: Callable[[BaseDatabaseWrapper, Any], datetime]


def _statements(
    *, recorded_at: str, head: str, append_into: str, append_rows: str, read_order: str,
    visible: str,
) -> dict:
    """The statements, from the parts that differ between databases.

    Every read returns the columns ``stream_type, stream_id, version, position, event_type,
    schema_version, data, metadata, recorded_at`` in that order (see selectors._decode).
    """
    columns = (
        "stream_type, stream_id, version, position, event_type, schema_version, data, metadata, "
        + recorded_at
    )
    return {
        # Appends: one INSERT ... SELECT of the whole batch, given as one JSON array of
        # [type, schema_version, data, metadata] items. "head" is the stream's last event.
        # The WHERE clause checks the expected version (0 rows inserted when stale); the
        # unique (stream, version) index turns a concurrent writer that passed the same check
        # into a unique violation, and the partial unique (stream, idempotency_key) index
        # does the same for a reused key. The key is stored on the batch's first event only.
        "append": f"""
WITH head AS (
    SELECT {head} FROM eventstore_event
    WHERE stream_type = CAST(%(type)s AS text) AND stream_id = CAST(%(id)s AS text)
    ORDER BY version DESC LIMIT 1
)
INSERT INTO eventstore_event
    (stream_type, stream_id, version, event_type, schema_version, data, metadata,
     idempotency_key, recorded_at{append_into})
{append_rows}
WHERE COALESCE((SELECT version FROM head), 0) = CAST(%(expected)s AS integer)
ORDER BY e.item_number
RETURNING position, version""",
        "read_stream": f"""
SELECT {columns} FROM eventstore_event
WHERE stream_type = %s AND stream_id = %s AND version BETWEEN %s AND %s
ORDER BY version""",
        "read_all_from_start": f"""
SELECT {columns} FROM eventstore_event
WHERE {visible}
ORDER BY {read_order} LIMIT %s""",
        "read_all_after": f"""
SELECT {columns} FROM eventstore_event
WHERE {visible}
  AND ({read_order}) > (SELECT {read_order} FROM eventstore_event WHERE position = %s)
ORDER BY {read_order} LIMIT %s""",
        "stream_version": """
SELECT COALESCE(MAX(version), 0) FROM eventstore_event
WHERE stream_type = %s AND stream_id = %s""",
        "version_of_key": """
SELECT version FROM eventstore_event
WHERE stream_type = %s AND stream_id = %s AND idempotency_key = %s""",
        "position_exists": "SELECT 1 FROM eventstore_event WHERE position = %s",
        "list_streams": """
SELECT stream_id FROM eventstore_event WHERE stream_type = %s AND version = 1
ORDER BY position""",
    }


POSTGRESQL = Dialect(
    **_statements(
        # Microseconds since 1970 (exact), turned into a datetime in Python: much cheaper
        # than parsing timestamptz text row by row.
        recorded_at="(EXTRACT(EPOCH FROM recorded_at) * 1000000)::bigint",
        head="version, order_xid",
        append_into=", order_xid",
        # order_xid: this transaction's id, raised to the stream's last event's order_xid
        # if that is larger (a transaction that began writing before that event's), so that
        # read_all keeps each stream in version order. See docs/eventstore.md.
        append_rows="""
SELECT CAST(%(type)s AS text), CAST(%(id)s AS text),
       CAST(%(expected)s AS integer) + e.item_number, e.item ->> 0,
       CAST(e.item ->> 1 AS smallint), e.item -> 2, e.item -> 3,
       CASE WHEN e.item_number = 1 THEN CAST(%(key)s AS text) END,
       CAST(%(at)s AS timestamptz),
       GREATEST(pg_current_xact_id(), (SELECT order_xid FROM head))
FROM jsonb_array_elements(CAST(%(batch)s AS jsonb)) WITH ORDINALITY AS e(item, item_number)""",
        # Commit-safe order: only rows whose order_xid is below the snapshot's xmin (the
        # oldest transaction still running, so every transaction that wrote them has ended),
        # in (order_xid, position) order. A running transaction holds back every row ordered
        # after its own.
        read_order="order_xid, position",
        visible="order_xid < pg_snapshot_xmin(pg_current_snapshot())",
    ),
    to_datetime=lambda connection, microseconds: _EPOCH + timedelta(microseconds=microseconds),
)

# SQLite serialises writers (one write transaction at a time), so positions are assigned
# in commit order and plain position order is safe for subscribers.
SQLITE = Dialect(
    **_statements(
        recorded_at="recorded_at",
        head="version",
        append_into="",
        append_rows="""
SELECT %(type)s, %(id)s, %(expected)s + e.item_number, json_extract(e.item, '$[0]'),
       json_extract(e.item, '$[1]'), json_extract(e.item, '$[2]'),
       json_extract(e.item, '$[3]'), CASE WHEN e.item_number = 1 THEN %(key)s END, %(at)s
FROM (SELECT key + 1 AS item_number, value AS item FROM json_each(%(batch)s)) AS e""",
        read_order="position",
        visible="TRUE",
    ),
    to_datetime=lambda connection, value: connection.ops.convert_datetimefield_value(
        value, None, connection
    ),
)

_DIALECTS = {"postgresql": POSTGRESQL, "sqlite": SQLITE}


def dialect(connection: BaseDatabaseWrapper) -> Dialect:
    try:
        return _DIALECTS[connection.vendor]
    except KeyError:
        raise EventStoreError(
            f"the event store runs on PostgreSQL or SQLite, not {connection.vendor}"
        ) from None


@contextmanager
def cursor(connection: BaseDatabaseWrapper) -> Iterator[CursorWrapper]:
    """A Django cursor for the event store's statements: fetch each result before the next.

    On PostgreSQL it binds parameters server-side and prepares each statement once per
    connection (an append's parse and plan cost more than its execution), and one such
    cursor is kept per connection. Django's own cursors keep client-side binding: they
    never prepare. Set ``EVENTSTORE_PREPARED_STATEMENTS = False`` behind a pooler that
    cannot keep prepared statements (PgBouncer in transaction mode before 1.21).
    """
    if (
        connection.vendor != "postgresql"
        or not getattr(settings, "EVENTSTORE_PREPARED_STATEMENTS", True)
        or connection.settings_dict["OPTIONS"].get("server_side_binding") is True
    ):
        with connection.cursor() as django_cursor:  # (server_side_binding: Django prepares)
            yield django_cursor
        return
    connection.close_if_health_check_failed()  # as Django's cursor(): CONN_HEALTH_CHECKS
    connection.ensure_connection()
    yield _kept_cursor(connection, _PREPARING_CURSORS)


_PREPARING_CURSORS: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
_THEN_CURSORS: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()


def _kept_cursor(connection: BaseDatabaseWrapper, kept: WeakKeyDictionary) -> CursorWrapper:
    """The connection's preparing cursor kept in ``kept`` (made on first use), wrapped anew
    each time, so that Django's execute wrappers and query logging (assertNumQueries, DEBUG)
    see its statements as they see any other."""
    raw = connection.connection
    reusable = kept.get(raw)
    if reusable is None:
        if raw.prepare_threshold is None:
            # Django opens connections with prepared statements off (None); 0 prepares the
            # statements of server-binding cursors at once. Django's cursors bind
            # client-side and never prepare, so only ours are affected.
            raw.prepare_threshold = 0
        reusable = kept[raw] = _preparing_cursor_class()(raw)
    return connection._prepare_cursor(reusable)


def _then_cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """A second preparing cursor of the connection, for a statement sent in the same
    pipeline as one on :func:`cursor`'s (each cursor keeps its own results)."""
    return _kept_cursor(connection, _THEN_CURSORS)


#: The savepoint around an append inside the caller's transaction. One name is enough: it is
#: released (or rolled back to) before anything else runs on the connection.
SAVEPOINT = "eventstore_append"


def fetch_in_savepoint(
    connection: BaseDatabaseWrapper,
    statement: str,
    params: Any,
    then: Sequence[tuple[str, Any]] = (),
) -> list[tuple]:
    """Run ``statement`` in a savepoint of the caller's transaction and return its rows.

    If it fails, the transaction is rolled back to the savepoint (so it stays usable) and the
    error is raised, as Django's ``atomic()`` savepoints do. With the preparing cursor on
    PostgreSQL, ``SAVEPOINT``, the statement and ``RELEASE`` are sent together in psycopg's
    pipeline mode: one round trip instead of three, each still a separate statement in
    Django's query log. Otherwise: ``transaction.atomic()``.

    ``then``: statements ``(sql, params)`` run after the first in the same savepoint (and
    round trip) when the first returns rows; when it returns none, all are undone.
    In the pipeline the savepoint is then not released: the transaction's end releases it
    (so this is for a transaction that runs one such pair).
    """
    with cursor(connection) as statement_cursor:
        pipeline = _pipeline_of(connection, statement_cursor)
        if pipeline is None:
            with transaction.atomic(using=connection.alias):
                statement_cursor.execute(statement, params)
                rows = statement_cursor.fetchall()
                if rows:
                    for then_statement in then:
                        statement_cursor.execute(*then_statement)
                return rows
        with connection.cursor() as command_cursor:
            try:
                # The pipeline sends them all and waits for their results once, when it
                # ends; an error in one skips the next ones, then surfaces here.
                with connection.wrap_database_errors, pipeline():
                    command_cursor.execute(f"SAVEPOINT {SAVEPOINT}")
                    statement_cursor.execute(statement, params)
                    if not then:
                        command_cursor.execute(f"RELEASE SAVEPOINT {SAVEPOINT}")
                    for then_statement in then:
                        _then_cursor(connection).execute(*then_statement)
            except BaseException:
                _rollback_to_savepoint(connection)
                raise
        rows = statement_cursor.fetchall()
        if not rows and then:
            _rollback_to_savepoint(connection)
        return rows


def _pipeline_of(connection: BaseDatabaseWrapper, statement_cursor: Any) -> Callable | None:
    """psycopg's ``Connection.pipeline`` when ``statement_cursor`` is the preparing cursor
    (psycopg 3 with a libpq that has pipeline mode), else ``None``."""
    if connection.vendor != "postgresql":
        return None
    if type(getattr(statement_cursor, "cursor", None)) is not _preparing_cursor_class():
        return None
    import psycopg

    if not psycopg.Pipeline.is_supported():
        return None
    return connection.connection.pipeline


def _rollback_to_savepoint(connection: BaseDatabaseWrapper) -> None:
    """After a failure in the pipeline: back to the savepoint, and drop it. If the
    savepoint was never made (the transaction had already failed before it), there is
    nothing to undo: the caller's error is the one to see."""
    from django.db import DatabaseError

    try:
        with connection.cursor() as command_cursor:
            command_cursor.execute(f"ROLLBACK TO SAVEPOINT {SAVEPOINT}")
            command_cursor.execute(f"RELEASE SAVEPOINT {SAVEPOINT}")
    except DatabaseError:
        pass


@cache
def _preparing_cursor_class() -> type:
    import psycopg

    class PreparingCursor(psycopg.Cursor):
        """psycopg's server-binding cursor, showing its prepared statements in Django's log.

        psycopg leaves ``_query`` unset when it runs a prepared statement, and Django's
        query log (DEBUG, assertNumQueries) reads the statement from there.
        """

        def _send_query_prepared(self, name, pgq, *, binary=None):
            self._query = pgq
            super()._send_query_prepared(name, pgq, binary=binary)

    return PreparingCursor
