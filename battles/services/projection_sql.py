"""The SQL that writes a battle's projections, on PostgreSQL and SQLite.

One statement per write, the same on both databases but for how rows are read out of a JSON
parameter (PostgreSQL's ``jsonb_to_recordset``, SQLite's ``json_each``) and cast.
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from battles.models import BattleLogEntry
from eventstore import jsontext
from eventstore.sql import cursor as prepared_cursor

#: Log rows a correction rewrites per statement: each statement is bounded (its JSON
#: parameter, its run time: a statement timeout never meets a long battle's correction).
REWRITE_BATCH = 500

_LOG = BattleLogEntry._meta.db_table

#: The rewritten rows, as a table ``r``: one JSON array of objects in, typed columns out.
_REWRITE_ROWS = {
    "postgresql": """jsonb_to_recordset(CAST(%(rows)s AS jsonb)) AS r(
        version integer, status text, effects jsonb, text text, problem jsonb,
        effective_data jsonb, corrected_by integer)""",
    # json_extract gives an object or array as its JSON text (what a JSONField stores on
    # SQLite) and a JSON null as SQL NULL (as the ORM stores None).
    "sqlite": """(SELECT json_extract(value, '$.version') AS version,
        json_extract(value, '$.status') AS status, json_extract(value, '$.effects') AS effects,
        json_extract(value, '$.text') AS text, json_extract(value, '$.problem') AS problem,
        json_extract(value, '$.effective_data') AS effective_data,
        json_extract(value, '$.corrected_by') AS corrected_by
        FROM json_each(%(rows)s)) AS r""",
}
_BATTLE = {"postgresql": "CAST(%(battle)s AS bigint)", "sqlite": "%(battle)s"}
#: An integer parameter (named by ``%`` formatting).
_INTEGER = {"postgresql": "CAST(%%(%s)s AS integer)", "sqlite": "%%(%s)s"}


def rewrite_log(battle: Any, rows: list[dict[str, Any]]) -> None:
    """Rewrite the derived fields of the battle's log rows ``rows`` (each: ``version`` and
    the fields of :data:`battles.services.refold.LOG_FIELDS`), :data:`REWRITE_BATCH` rows
    per statement."""
    if not rows:
        return
    vendor = connection.vendor
    sql = f"""UPDATE {_LOG} SET status = r.status, effects = r.effects, text = r.text,
        problem = r.problem, effective_data = r.effective_data, corrected_by = r.corrected_by
    FROM {_REWRITE_ROWS[vendor]}
    WHERE {_LOG}.battle_id = {_BATTLE[vendor]} AND {_LOG}.version = r.version
        AND {_LOG}.version BETWEEN {_INTEGER[vendor] % "first"} AND {_INTEGER[vendor] % "last"}"""
    with prepared_cursor(connection) as cursor:
        for start in range(0, len(rows), REWRITE_BATCH):
            batch = rows[start : start + REWRITE_BATCH]
            versions = [row["version"] for row in batch]
            cursor.execute(
                sql,
                {
                    "battle": battle.pk,
                    "rows": jsontext.dumps(batch),
                    "first": min(versions),
                    "last": max(versions),
                },
            )
