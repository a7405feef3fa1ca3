"""The SQL that writes a battle's projections: one writer per read model, on PostgreSQL and
SQLite alike.

Each read model has one statement, the same on both databases but for how rows are read out
of a JSON parameter (PostgreSQL's ``jsonb_to_recordset``, SQLite's ``json_each``) and how
parameters are cast (:class:`_Dialect`). A projection's statements are run as one on
PostgreSQL (the log rows, snapshots, unit statuses and stored response are data-modifying
CTEs of the battle's ``UPDATE``: one round trip, which ``eventstore.services.append(then=
...)`` sends with the append of the events), one after the other on SQLite (which has no
data-modifying CTEs). ``docs/benchmarks.md`` ("Battle recording") has the measurements that
chose raw SQL over the ORM.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone

from battles.models import Battle, BattleLogEntry, BattleSnapshot, IdempotentResponse, UnitStatus
from eventstore import jsontext
from eventstore.models import Event
from eventstore.sql import cursor as prepared_cursor

#: Log rows a correction rewrites per statement: each statement is bounded (its input, its
#: run time: 0.2-0.4 s for 5,000 rows, far from the statement timeout however long the battle).
REWRITE_BATCH = 5000

Statement = tuple[str, dict[str, Any]]

_LOG = BattleLogEntry._meta.db_table
_EVENT = Event._meta.db_table


@dataclass(frozen=True)
class _Dialect:
    """What differs between the databases: typed parameters and rows read from JSON."""

    #: A parameter cast to a type (``{name}``, ``{type}``).
    param: str
    #: The rows of the JSON array parameter ``{name}`` as table ``{alias}``, with
    #: ``{columns}``: each column written as ``column`` (``{column}``, ``{type}``), JSON
    #: columns as ``json_column``.
    rows: str
    column: str
    json_column: str
    #: One statement for the whole projection (data-modifying CTEs).
    one_statement: bool

    def p(self, name: str, sql_type: str) -> str:
        return self.param.format(name=name, type=sql_type)

    def recordset(self, name: str, alias: str, columns: Sequence[tuple[str, str]]) -> str:
        spec = ", ".join(
            (self.json_column if sql_type == "jsonb" else self.column).format(
                column=column, type=sql_type
            )
            for column, sql_type in columns
        )
        return self.rows.format(name=name, alias=alias, columns=spec)


POSTGRESQL = _Dialect(
    param="CAST(%({name})s AS {type})",
    # jsonb_to_recordset gives SQL NULL for a JSON null, as the ORM stores None.
    rows="jsonb_to_recordset(CAST(%({name})s AS jsonb)) AS {alias}({columns})",
    column="{column} {type}",
    json_column="{column} {type}",
    one_statement=True,
)
SQLITE = _Dialect(
    param="%({name})s",
    rows="(SELECT {columns} FROM json_each(%({name})s)) AS {alias}",
    column="value ->> '$.{column}' AS {column}",
    # "->" gives a value's JSON text (what a JSONField stores on SQLite), 'null' for a JSON
    # null, which is stored as SQL NULL (as the ORM stores None).
    json_column="NULLIF(value -> '$.{column}', 'null') AS {column}",
    one_statement=False,
)


def _dialect() -> _Dialect:
    return POSTGRESQL if connection.vendor == "postgresql" else SQLITE


_LOG_COLUMNS = (
    ("version", "integer"),
    ("type", "text"),
    ("data", "jsonb"),
    ("effective_data", "jsonb"),
    ("status", "text"),
    ("corrected_by", "integer"),
    ("effects", "jsonb"),
    ("text", "text"),
    ("problem", "jsonb"),
    ("consequences", "jsonb"),
)
#: A log row's columns that a fold derives (and a correction may rewrite).
DERIVED_COLUMNS = (
    ("status", "text"),
    ("effects", "jsonb"),
    ("text", "text"),
    ("problem", "jsonb"),
    ("effective_data", "jsonb"),
    ("corrected_by", "integer"),
)


def _insert_log(d: _Dialect) -> str:
    """New log rows; a row's position, metadata and time are the stored event's (joined on
    stream and version, within the rows' range of versions, so that whatever the plan it
    reads the rows' events only), so that the statement can be sent with the append."""
    return f"""INSERT INTO {_LOG}
        (battle_id, version, position, type, data, effective_data, metadata, recorded_at,
         status, corrected_by, effects, text, problem, consequences)
    SELECT {d.p("battle", "bigint")}, r.version, e.position, r.type, r.data,
           r.effective_data, e.metadata, e.recorded_at, r.status, r.corrected_by, r.effects,
           r.text, r.problem, r.consequences
    FROM {d.recordset("log", "r", _LOG_COLUMNS)}
    JOIN {_EVENT} e ON e.stream_type = {d.p("stream_type", "text")}
        AND e.stream_id = {d.p("stream_id", "text")} AND e.version = r.version
        AND e.version BETWEEN {d.p("first", "integer")} AND {d.p("last", "integer")}"""


def _upsert_snapshots(d: _Dialect) -> str:
    return f"""INSERT INTO {BattleSnapshot._meta.db_table} (battle_id, version, state)
    SELECT {d.p("battle", "bigint")}, s.version, s.state
    FROM {d.recordset("snapshots", "s", (("version", "integer"), ("state", "jsonb")))}
    WHERE 1 = 1
    ON CONFLICT (battle_id, version) DO UPDATE SET state = excluded.state"""


def _upsert_units(d: _Dialect) -> str:
    columns = (("unit", "text"), ("side", "text"), ("name", "text"), ("status", "jsonb"))
    return f"""INSERT INTO {UnitStatus._meta.db_table} (battle_id, unit, side, name, status)
    SELECT {d.p("battle", "bigint")}, u.unit, u.side, u.name, u.status
    FROM {d.recordset("units", "u", columns)}
    WHERE 1 = 1
    ON CONFLICT (battle_id, unit) DO UPDATE
    SET side = excluded.side, name = excluded.name, status = excluded.status"""


def _insert_response(d: _Dialect) -> str:
    return f"""INSERT INTO {IdempotentResponse._meta.db_table}
        (battle_id, key, fingerprint, body, created_at)
    VALUES ({d.p("battle", "bigint")}, {d.p("key", "text")}, {d.p("fingerprint", "text")},
            {d.p("body", "jsonb")},
            {d.p("created_at", "timestamptz")})"""


def _update_battle(d: _Dialect) -> str:
    return f"""UPDATE {Battle._meta.db_table} SET
    version = {d.p("version", "integer")}, head_state = {d.p("head_state", "jsonb")},
    corrections = {d.p("corrections", "integer")}, status = {d.p("status", "text")},
    result = {d.p("result", "jsonb")}, summary = {d.p("summary", "jsonb")},
    concluded_at = {d.p("concluded_at", "timestamptz")}
WHERE id = {d.p("battle", "bigint")}"""


def _rewrite_log(d: _Dialect) -> str:
    """A correction's rewrite of derived columns; ``changed_by`` (the correction, for a row
    whose status or effects it changed; else null: kept) names the last one that did."""
    columns = (("version", "integer"), *DERIVED_COLUMNS, ("changed_by", "integer"))
    return f"""UPDATE {_LOG} SET status = r.status, effects = r.effects, text = r.text,
        problem = r.problem, effective_data = r.effective_data, corrected_by = r.corrected_by,
        changed_by = COALESCE(r.changed_by, {_LOG}.changed_by)
    FROM {d.recordset("rows", "r", columns)}
    WHERE {_LOG}.battle_id = {d.p("battle", "bigint")} AND {_LOG}.version = r.version
        AND {_LOG}.version BETWEEN {d.p("first", "integer")} AND {d.p("last", "integer")}"""


#: PostgreSQL: a batch of at least this many rows is copied (three round trips), a smaller
#: one sent as one ``UPDATE ... FROM jsonb_to_recordset`` (one round trip).
COPY_FROM_ROWS = 100
#: PostgreSQL: a correction's rewritten rows are copied (``COPY``) into this temporary table,
#: then applied and removed by one ``UPDATE`` (:func:`rewrite_log`).
_REWRITE_TABLE = "battle_log_rewrite"
_REWRITE_COLUMNS = (("version", "integer"), *DERIVED_COLUMNS, ("changed_by", "integer"))
_CREATE_REWRITE_TABLE = (
    f"CREATE TEMPORARY TABLE IF NOT EXISTS {_REWRITE_TABLE} ("
    + ", ".join(f"{column} {sql_type}" for column, sql_type in _REWRITE_COLUMNS)
    + ") ON COMMIT DELETE ROWS"
)
_COPY_REWRITE = (
    f"COPY {_REWRITE_TABLE} ({', '.join(column for column, _type in _REWRITE_COLUMNS)})"
    " FROM STDIN"
)
_APPLY_REWRITE = f"""WITH r AS (DELETE FROM {_REWRITE_TABLE} RETURNING *)
UPDATE {_LOG} SET status = r.status, effects = r.effects, text = r.text,
    problem = r.problem, effective_data = r.effective_data, corrected_by = r.corrected_by,
    changed_by = COALESCE(r.changed_by, {_LOG}.changed_by)
FROM r
WHERE {_LOG}.battle_id = CAST(%(battle)s AS bigint) AND {_LOG}.version = r.version
    AND {_LOG}.version BETWEEN CAST(%(first)s AS integer) AND CAST(%(last)s AS integer)"""


_SQL = {
    dialect: {
        "log": _insert_log(dialect),
        "snapshots": _upsert_snapshots(dialect),
        "units": _upsert_units(dialect),
        "response": _insert_response(dialect),
        "battle": _update_battle(dialect),
        "rewrite": _rewrite_log(dialect),
    }
    for dialect in (POSTGRESQL, SQLITE)
}


def _json(value: Any) -> str | None:
    """A JSON column's value as parameter text (``None``: SQL NULL, as the ORM stores it)."""
    return None if value is None else jsontext.dumps(value)


_EVENT_COLUMNS = ("position", "metadata", "recorded_at")


def statements(
    *,
    battle: Battle,
    stream: Any,
    rows: list[dict[str, Any]],
    snapshots: dict[int, dict],
    units: list[dict[str, Any]],
    response: dict[str, Any] | None,
    battle_columns: bool = True,
) -> list[Statement]:
    """The statements that store a projection: new log ``rows`` (their events already
    stored, or appended in the same round trip), ``snapshots`` (version -> state JSON),
    changed ``units``, the ``response`` for an idempotency key (``key, fingerprint,
    body``) and, with ``battle_columns``, the battle's columns. One statement on
    PostgreSQL."""
    d = _dialect()
    ops = connection.ops
    params: dict[str, Any] = {
        "battle": battle.pk,
        "version": battle.version,
        "head_state": _json(battle.head_state),
        "corrections": battle.corrections,
        "status": battle.status,
        "result": _json(battle.result),
        "summary": _json(battle.summary),
        "concluded_at": ops.adapt_datetimefield_value(battle.concluded_at),
    }
    parts = []
    if rows:
        versions = [row["version"] for row in rows]
        parts.append("log")
        params.update(
            log=jsontext.dumps(
                [{k: v for k, v in row.items() if k not in _EVENT_COLUMNS} for row in rows]
            ),
            stream_type=stream.type,
            stream_id=stream.id,
            first=min(versions),
            last=max(versions),
        )
    if snapshots:
        parts.append("snapshots")
        params["snapshots"] = jsontext.dumps(
            [{"version": v, "state": s} for v, s in sorted(snapshots.items())]
        )
    if units:
        parts.append("units")
        params["units"] = jsontext.dumps(units)
    if response is not None:
        parts.append("response")
        params.update(
            response,
            body=jsontext.dumps(response["body"]),
            created_at=ops.adapt_datetimefield_value(timezone.now()),
        )
    sql = _SQL[d]
    if d.one_statement:
        last = sql["battle"] if battle_columns else "SELECT 1"
        ctes = ",\n".join(f"{part} AS (\n{sql[part]})" for part in parts)
        return [((f"WITH {ctes}\n" if ctes else "") + last, params)]
    return [(sql[part], params) for part in (*parts, *(["battle"] if battle_columns else []))]


def execute(statements_: list[Statement]) -> None:
    """Run ``statements_`` (on the event store's preparing cursor: planned once per
    connection on PostgreSQL)."""
    with prepared_cursor(connection) as cursor:
        for sql, params in statements_:
            cursor.execute(sql, params)


_DERIVED_SQL = {
    dialect: f"""SELECT version, {", ".join(column for column, _type in DERIVED_COLUMNS)}
    FROM {_LOG} WHERE battle_id = {dialect.p("battle", "bigint")}
        AND version BETWEEN {dialect.p("first", "integer")} AND {dialect.p("last", "integer")}"""
    for dialect in (POSTGRESQL, SQLITE)
}


def derived_rows(battle: Battle, first: int, last: int) -> list[tuple]:
    """The battle's log rows ``first..last``: ``version`` and the :data:`DERIVED_COLUMNS`,
    JSON columns as text (decoded by the caller: many rows, read faster than the ORM's
    JSONField reads them)."""
    with prepared_cursor(connection) as cursor:
        cursor.execute(
            _DERIVED_SQL[_dialect()], {"battle": battle.pk, "first": first, "last": last}
        )
        return cursor.fetchall()


def rewrite_log(battle: Battle, rows: list[dict[str, Any]]) -> None:
    """Rewrite the derived columns (:data:`DERIVED_COLUMNS`) of the battle's log rows
    ``rows`` (each: ``version``, those columns and ``changed_by``), :data:`REWRITE_BATCH`
    rows a statement.

    PostgreSQL: a batch of :data:`COPY_FROM_ROWS` or more is copied into a temporary table
    (``COPY``: no JSON array to parse, no key repeated per row) and applied by one
    ``UPDATE`` that empties it, three round trips; a smaller one, and every batch on SQLite,
    is one ``UPDATE ... FROM`` the rows as a JSON array. ``docs/benchmarks.md`` ("Battle
    recording") has the measurements."""
    d = _dialect()
    with prepared_cursor(connection) as cursor:
        for start in range(0, len(rows), REWRITE_BATCH):
            batch = rows[start : start + REWRITE_BATCH]
            versions = [row["version"] for row in batch]
            params = {"battle": battle.pk, "first": min(versions), "last": max(versions)}
            if d.one_statement and len(batch) >= COPY_FROM_ROWS:
                _copy_rewrite(cursor, batch)
                cursor.execute(_APPLY_REWRITE, params)
            else:
                cursor.execute(_SQL[d]["rewrite"], {**params, "rows": jsontext.dumps(batch)})


def _copy_rewrite(cursor, rows: list[dict[str, Any]]) -> None:
    """Copy ``rows`` into the (session's) temporary table of rows to rewrite."""
    cursor.execute(_CREATE_REWRITE_TABLE)
    json_columns = {column for column, sql_type in _REWRITE_COLUMNS if sql_type == "jsonb"}
    columns = [(column, column in json_columns) for column, _type in _REWRITE_COLUMNS]
    with cursor.cursor.copy(_COPY_REWRITE) as copy:
        for row in rows:
            copy.write_row(
                [_json(row[column]) if is_json else row[column] for column, is_json in columns]
            )
