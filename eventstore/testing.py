"""Test support: let Django's test flush empty the append-only event table.

Transactional tests (``django_db(transaction=True)``, ``transactional_db``, ``live_server``)
end with Django's flush, which TRUNCATEs every table on PostgreSQL and DELETEs on SQLite:
exactly what the event table's triggers refuse. ``allow_test_flush`` opens a way for that
flush only, on the test database, without touching the triggers' definition:

- PostgreSQL: ``SET session_replication_role = replica`` on the test connection (superuser
  only), which skips ordinary triggers for that session; the flush runs on the same
  connection and Django closes it right after, so the next test starts with a fresh session.
- SQLite: the triggers are dropped, the event rows deleted and the triggers re-created from
  their own stored SQL, so the flush's DELETE finds no row to refuse.

Use it by importing the autouse fixture into a conftest.py::

    from eventstore.testing import eventstore_test_flush  # noqa: F401
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper

TABLE = "eventstore_event"


def allow_test_flush(conn: BaseDatabaseWrapper = connection) -> None:
    """Let the coming test-teardown flush empty the event table (test databases only)."""
    with conn.cursor() as cursor:
        if conn.vendor == "postgresql":
            cursor.execute("SET session_replication_role = replica")
        elif conn.vendor == "sqlite":
            cursor.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s",
                [TABLE],
            )
            triggers = cursor.fetchall()
            for name, _ in triggers:
                cursor.execute(f'DROP TRIGGER "{name}"')
            cursor.execute(f"DELETE FROM {TABLE}")
            for _, create in triggers:
                cursor.execute(create)


def _is_transactional(request: pytest.FixtureRequest) -> bool:
    marker = request.node.get_closest_marker("django_db")
    if marker and (
        marker.kwargs.get("transaction")
        or marker.kwargs.get("reset_sequences")
        or (marker.args and marker.args[0])
    ):
        return True
    return bool(
        {"transactional_db", "live_server", "django_db_reset_sequences"} & set(request.fixturenames)
    )


@pytest.fixture(autouse=True)
def eventstore_test_flush(request: pytest.FixtureRequest, django_db_blocker):
    """Autouse: after a transactional test, before its flush, call :func:`allow_test_flush`."""
    if not _is_transactional(request):
        yield
        return
    # Depend on the database fixture, so that this teardown runs before its flush.
    request.getfixturevalue("transactional_db")
    yield
    with django_db_blocker.unblock():
        allow_test_flush()
