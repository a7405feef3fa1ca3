"""The health check of a persistent PostgreSQL connection (config/postgresql/base.py): a
connection the server has said nothing on is reused without a round trip; one the server
ended is found and replaced before the request's first query."""
import pytest
from django.conf import settings
from django.db import connection, connections

from config.database import ENGINE
from tests.config.servers import wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def other():
    """A second connection to the test database, as a worker holds one (closed at the end)."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


def _last_query(pid: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [pid])
        return cursor.fetchone()[0]


def test_the_settings_use_the_project_backend_with_health_checks():
    assert settings.DATABASES["default"]["ENGINE"] == ENGINE
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    assert connection.health_check_enabled


def test_a_quiet_connection_is_healthy_without_a_query(other):
    with other.cursor() as cursor:
        cursor.execute("SELECT 'the last query'")
    pid = other.connection.info.backend_pid

    other.close_if_unusable_or_obsolete()  # a request starts
    with other.cursor() as cursor:  # its first query: the health check first
        assert other.health_check_done
        assert _last_query(pid) == "SELECT 'the last query'"
        cursor.execute("SELECT 2")
    assert other.connection.info.backend_pid == pid


def test_a_connection_the_server_ended_is_replaced_before_the_first_query(other):
    pid = other.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    assert wait_for(lambda: not other.is_usable(), timeout=5, interval=0.05)

    other.close_if_unusable_or_obsolete()  # the next request
    with other.cursor() as cursor:
        cursor.execute("SELECT 2")
        assert cursor.fetchone() == (2,)
    assert other.connection.info.backend_pid != pid


def test_a_connection_left_in_a_transaction_gets_the_query_check(other):
    other.connection.execute("BEGIN")
    with other.cursor():
        pass
    assert other.is_usable()
    assert _last_query(other.connection.info.backend_pid) == "SELECT 1"
    other.connection.execute("ROLLBACK")
