"""The event store's SQL, per database (PostgreSQL, SQLite): one statement per operation.

Internal to the app: use :mod:`eventstore.services` and :mod:`eventstore.selectors`.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.backends.base.base import BaseDatabaseWrapper

from eventstore.errors import EventStoreError

# The columns every read returns, in the order selectors decode them.
READ_COLUMNS = (
    "stream_type, stream_id, version, position, event_type, schema_version, data, metadata,"
    " recorded_at"
)

READ_STREAM = f"""
SELECT {READ_COLUMNS} FROM eventstore_event
WHERE stream_type = %s AND stream_id = %s AND version BETWEEN %s AND %s
ORDER BY version
"""

STREAM_VERSION = """
SELECT COALESCE(MAX(version), 0) FROM eventstore_event WHERE stream_type = %s AND stream_id = %s
"""

VERSION_OF_KEY = """
SELECT version FROM eventstore_event
WHERE stream_type = %s AND stream_id = %s AND idempotency_key = %s
"""

POSITION_EXISTS = "SELECT 1 FROM eventstore_event WHERE position = %s"

LIST_STREAMS = """
SELECT stream_id FROM eventstore_event WHERE stream_type = %s AND version = 1 ORDER BY position
"""

# Appends: one INSERT ... SELECT of the whole batch, given as one JSON array of
# [type, schema_version, data, metadata] items. The WHERE clause checks the expected version
# (0 rows inserted when stale); the unique (stream, version) index turns a concurrent writer
# that passed the same check into a unique violation, and the partial unique
# (stream, idempotency_key) index does the same for a reused key. The key is stored on the
# batch's first event only.
_APPEND_GUARD = """
WHERE (SELECT COALESCE(MAX(version), 0) FROM eventstore_event
       WHERE stream_type = %(type)s AND stream_id = %(id)s) = %(expected)s
"""
_APPEND_INTO = """
INSERT INTO eventstore_event
    (stream_type, stream_id, version, event_type, schema_version, data, metadata,
     idempotency_key, recorded_at)
"""


@dataclass(frozen=True, slots=True)
class Dialect:
    """The statements that differ between databases."""

    append: str
    read_all_from_start: str
    read_all_after: str
    naive_datetimes: bool


POSTGRESQL = Dialect(
    append=_APPEND_INTO
    + """
SELECT %(type)s, %(id)s, %(expected)s + e.n, e.item ->> 0, (e.item ->> 1)::smallint,
       e.item -> 2, e.item -> 3, CASE WHEN e.n = 1 THEN %(key)s END, %(at)s
FROM jsonb_array_elements(%(batch)s::jsonb) WITH ORDINALITY AS e(item, n)
"""
    + _APPEND_GUARD
    + "ORDER BY e.n RETURNING position, version",
    # Commit-safe order: only rows of transactions that have ended (xid below the oldest
    # running transaction's, the snapshot's xmin), in (transaction id, position) order. A
    # transaction still running holds back every row ordered after its own.
    read_all_from_start=f"""
SELECT {READ_COLUMNS} FROM eventstore_event
WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id, position
LIMIT %s
""",
    read_all_after=f"""
SELECT {READ_COLUMNS} FROM eventstore_event
WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  AND (transaction_id, position) > (SELECT c.transaction_id, c.position
                                    FROM eventstore_event c WHERE c.position = %s)
ORDER BY transaction_id, position
LIMIT %s
""",
    naive_datetimes=False,
)

# SQLite serialises writers (one write transaction at a time), so positions are assigned
# in commit order and plain position order is safe for subscribers.
SQLITE = Dialect(
    append=_APPEND_INTO
    + """
SELECT %(type)s, %(id)s, %(expected)s + e.key + 1, json_extract(e.value, '$[0]'),
       json_extract(e.value, '$[1]'), json_extract(e.value, '$[2]'),
       json_extract(e.value, '$[3]'), CASE WHEN e.key = 0 THEN %(key)s END, %(at)s
FROM json_each(%(batch)s) AS e
"""
    + _APPEND_GUARD
    + "ORDER BY e.key RETURNING position, version",
    read_all_from_start=f"SELECT {READ_COLUMNS} FROM eventstore_event ORDER BY position LIMIT %s",
    read_all_after=f"""
SELECT {READ_COLUMNS} FROM eventstore_event WHERE position > %s ORDER BY position LIMIT %s
""",
    naive_datetimes=True,
)

_DIALECTS = {"postgresql": POSTGRESQL, "sqlite": SQLITE}


def dialect(connection: BaseDatabaseWrapper) -> Dialect:
    try:
        return _DIALECTS[connection.vendor]
    except KeyError:
        raise EventStoreError(
            f"the event store runs on PostgreSQL or SQLite, not {connection.vendor}"
        ) from None
