"""The head state and the snapshots' states compressed with lz4 instead of pglz.

A write rewrites the battle's head state (about 20 KB of JSON for a club-sized battle, stored
compressed out of line); on PostgreSQL 15 here an update with commit took 1.1 ms with pglz and
0.8 ms with lz4 (docs/benchmarks.md). Only on PostgreSQL 14+ built with lz4; elsewhere (and
on SQLite) nothing changes. Rows written before keep their compression until rewritten.
"""

from django.db import migrations

COLUMNS = (("battles_battle", "head_state"), ("battles_battlesnapshot", "state"))


def lz4_available(connection) -> bool:
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings"
            " WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)"
        )
        return cursor.fetchone() is not None


def set_compression(method: str):
    def run(apps, schema_editor):
        if not lz4_available(schema_editor.connection):
            return
        for table, column in COLUMNS:
            schema_editor.execute(
                f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}"
            )

    return run


class Migration(migrations.Migration):

    dependencies = [
        ('battles', '0005_creation_keys'),
    ]

    operations = [
        migrations.RunPython(set_compression("lz4"), set_compression("pglz")),
    ]
