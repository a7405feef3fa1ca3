"""Make the event table append-only in the database itself (hand-written, vendor-specific).

PostgreSQL: a BEFORE UPDATE OR DELETE row trigger and a BEFORE TRUNCATE statement trigger
raise SQLSTATE 23000 (Django: IntegrityError). SQLite: BEFORE UPDATE / BEFORE DELETE triggers
RAISE(ABORT) (IntegrityError too); SQLite has no TRUNCATE, and a DELETE trigger also disables
its "truncate optimisation". On SQLite a later migration that rebuilds this table (any
ALTER that Django implements by copying the table) drops these triggers: re-create them then.
"""
from django.db import migrations

FORWARD = {
    "postgresql": [
        """
        CREATE FUNCTION eventstore_event_refuse_change() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'eventstore_event is append-only: % refused', TG_OP
                USING ERRCODE = 'integrity_constraint_violation',
                      HINT = 'Correct a mistake by appending an event.';
        END;
        $$
        """,
        """
        CREATE TRIGGER eventstore_event_no_update_delete
        BEFORE UPDATE OR DELETE ON eventstore_event
        FOR EACH ROW EXECUTE FUNCTION eventstore_event_refuse_change()
        """,
        """
        CREATE TRIGGER eventstore_event_no_truncate
        BEFORE TRUNCATE ON eventstore_event
        FOR EACH STATEMENT EXECUTE FUNCTION eventstore_event_refuse_change()
        """,
    ],
    "sqlite": [
        """
        CREATE TRIGGER eventstore_event_no_update BEFORE UPDATE ON eventstore_event
        BEGIN SELECT RAISE(ABORT, 'eventstore_event is append-only: UPDATE refused'); END
        """,
        """
        CREATE TRIGGER eventstore_event_no_delete BEFORE DELETE ON eventstore_event
        BEGIN SELECT RAISE(ABORT, 'eventstore_event is append-only: DELETE refused'); END
        """,
    ],
}

BACKWARD = {
    "postgresql": [
        "DROP TRIGGER eventstore_event_no_truncate ON eventstore_event",
        "DROP TRIGGER eventstore_event_no_update_delete ON eventstore_event",
        "DROP FUNCTION eventstore_event_refuse_change()",
    ],
    "sqlite": [
        "DROP TRIGGER eventstore_event_no_delete",
        "DROP TRIGGER eventstore_event_no_update",
    ],
}


def _run(statements):
    def run(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        if vendor not in statements:
            raise NotImplementedError(f"eventstore supports PostgreSQL and SQLite, not {vendor}")
        for sql in statements[vendor]:
            schema_editor.execute(sql, params=None)  # None: the SQL has a literal %

    return run


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0001_initial")]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD), elidable=False)]
