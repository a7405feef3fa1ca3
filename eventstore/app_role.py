"""The role the application connects as, distinct from the owner that runs the migrations.

The owner creates (and so owns) every table; the application's role owns nothing, so it cannot
``ALTER TABLE ... DISABLE TRIGGER`` the event table's append-only triggers, nor drop them. It
may SELECT and INSERT everywhere, UPDATE and DELETE everywhere but on :data:`APPEND_ONLY`
tables, and use the sequences; default privileges extend the same to tables the owner creates
later (re-run :func:`grant_app_role` after each ``migrate`` so that the exceptions hold).
PostgreSQL only.
"""
from __future__ import annotations

from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from eventstore.models import Event

#: Tables the application writes only by INSERT (or not at all).
APPEND_ONLY = (Event._meta.db_table, "django_migrations")


class AppRoleError(Exception):
    """The role cannot be made safe (it is a superuser, or owns something)."""


def grant_app_role(
    connection: BaseDatabaseWrapper, role: str, *, password: str | None = None
) -> list[str]:
    """Create ``role`` (LOGIN) if missing, set its password if given, and grant it what the
    application needs on ``connection``'s database, connected as the owner, in one
    transaction. The statements run, the password masked."""
    if connection.vendor != "postgresql":
        raise AppRoleError(f"an application role is a PostgreSQL matter, not {connection.vendor}")
    quote = connection.ops.quote_name
    name = quote(role)
    run: list[str] = []

    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:

        def execute(statement: str, params: list | None = None, shown: str | None = None):
            cursor.execute(statement, params)
            run.append(shown or statement)

        cursor.execute("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %s", [role])
        found = cursor.fetchone()
        if found is None:
            execute(f"CREATE ROLE {name} LOGIN")
        elif any(found):
            raise AppRoleError(f"role {role} is a superuser or bypasses row security: "
                               "it could disable the append-only triggers")
        if password:
            execute(f"ALTER ROLE {name} PASSWORD %s", [password],
                    shown=f"ALTER ROLE {name} PASSWORD '***'")
        cursor.execute(
            "SELECT string_agg(relname, ', ') FROM pg_class WHERE relowner = "
            "(SELECT oid FROM pg_roles WHERE rolname = %s)", [role])
        owned = cursor.fetchone()[0]
        if owned:
            raise AppRoleError(f"role {role} owns {owned}: migrate as the owner, not as {role}")
        cursor.execute("SELECT current_database(), current_schema()")
        database, schema = (quote(value) for value in cursor.fetchone())
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "ORDER BY tablename")
        tables = [row[0] for row in cursor.fetchall()]

        # TEMPORARY: a battle correction copies the log rows it rewrites into a temporary
        # table (battles/services/projection_sql.py); PUBLIC has it by default, not always.
        execute(f"GRANT CONNECT, TEMPORARY ON DATABASE {database} TO {name}")
        execute(f"GRANT USAGE ON SCHEMA {schema} TO {name}")
        execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA {schema} FROM {name}")
        execute(f"GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA {schema} TO {name}")
        for table in tables:
            if table not in APPEND_ONLY:
                execute(f"GRANT UPDATE, DELETE ON {quote(table)} TO {name}")
        execute(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {schema} TO {name}")
        execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} "
                f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {name}")
        execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} "
                f"GRANT USAGE, SELECT ON SEQUENCES TO {name}")
    return run
