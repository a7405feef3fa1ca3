"""Connected as the application's role (``grant_app_role``), the app writes as usual but
cannot disable, drop or go around the event table's append-only triggers."""
import io
import uuid
from contextlib import contextmanager

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import CommandError, call_command
from django.db import DatabaseError, ProgrammingError, connection, transaction
from django.utils import timezone

from eventstore.models import Event
from eventstore.selectors import read_stream
from eventstore.services import append
from eventstore.types import NewEvent, StreamId

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TABLE = Event._meta.db_table


@pytest.fixture
def app_role():
    """A role of this test's own (roles are cluster-wide), granted by the command as the owner;
    dropped at the end."""
    role = f"app_{uuid.uuid4().hex[:10]}"
    call_command("grant_app_role", role=role, stdout=io.StringIO())
    yield role
    connection.close()
    with connection.cursor() as cursor:
        cursor.execute(f'DROP OWNED BY "{role}"')
        cursor.execute(f'DROP ROLE "{role}"')


@contextmanager
def connected_as(role: str):
    """The default connection reconnected as ``role``; as the owner again afterwards."""
    saved = connection.settings_dict["USER"]
    connection.close()
    connection.settings_dict["USER"] = role
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            assert cursor.fetchone()[0] == role
        yield
    finally:
        connection.close()
        connection.settings_dict["USER"] = saved


def _refused(statement: str) -> DatabaseError:
    with pytest.raises(DatabaseError) as caught, transaction.atomic(), connection.cursor() as c:
        c.execute(statement)
    return caught.value


def test_the_app_role_writes_as_usual_but_cannot_touch_the_triggers(app_role, campaign):
    stream = StreamId("battle", uuid.uuid4().hex)
    user = get_user_model().objects.get(username="org")
    with connected_as(app_role):
        # Normal writes: events, a campaign's service (events and projections), auth, sessions.
        append(stream, expected_version=0, events=[NewEvent("x", {"n": 1})])
        append(stream, expected_version=1, events=[NewEvent("x", {"n": 2})])
        from campaign.services.campaigns import start_campaign

        start_campaign(user=user, club=campaign.club, name="Second front",
                       start_date=campaign.start_date)
        user.last_login = timezone.now()
        user.save(update_fields=["last_login"])
        session = SessionStore()
        session["k"] = 1
        session.create()
        session.delete()

        for statement in (
            f"ALTER TABLE {TABLE} DISABLE TRIGGER eventstore_event_no_update_delete",
            f"ALTER TABLE {TABLE} DISABLE TRIGGER ALL",
            f"DROP TRIGGER eventstore_event_no_update_delete ON {TABLE}",
            f"DROP TABLE {TABLE}",
        ):
            assert "must be owner" in str(_refused(statement)), statement
        for statement in (
            f"UPDATE {TABLE} SET data = '{{}}'",
            f"DELETE FROM {TABLE}",
            f"TRUNCATE {TABLE}",
        ):
            assert "permission denied" in str(_refused(statement)), statement
        assert isinstance(_refused("SET session_replication_role = replica"), ProgrammingError)
    assert [e.data for e in read_stream(stream)] == [{"n": 1}, {"n": 2}]


def test_a_superuser_is_refused_as_the_app_role():
    with pytest.raises(CommandError, match="superuser"):
        call_command("grant_app_role", role=connection.settings_dict["USER"])


def test_the_app_role_may_create_temporary_tables_even_if_public_may_not():
    """A correction's rewrite copies its rows into a temporary table
    (``battles.services.projection_sql``): granted to the role itself, not left to PUBLIC."""
    from battles.services import projection_sql

    with connection.cursor() as cursor:
        cursor.execute("SELECT current_database()")
        database = cursor.fetchone()[0]
        cursor.execute(f'REVOKE TEMPORARY ON DATABASE "{database}" FROM PUBLIC')
    role = f"app_{uuid.uuid4().hex[:10]}"
    try:
        call_command("grant_app_role", role=role, stdout=io.StringIO())
        with connected_as(role), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(projection_sql._CREATE_REWRITE_TABLE)
    finally:
        connection.close()
        with connection.cursor() as cursor:
            cursor.execute(f'GRANT TEMPORARY ON DATABASE "{database}" TO PUBLIC')
            cursor.execute(f'DROP OWNED BY "{role}"')
            cursor.execute(f'DROP ROLE "{role}"')
