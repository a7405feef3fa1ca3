"""The head states a process keeps between writes (battles.heads), the locked read that then
skips the head state projection, and log rows that take their position, metadata and time
from the stored events (the projection sent with the append)."""

import random
from datetime import timedelta

import pytest
from django.db import transaction

from battles import heads, selectors, services
from battles.models import BattleLogEntry, UnitStatus
from battles.streams import stream_of
from eventstore.selectors import read_stream
from tests.battles.test_projections import play, projections, solo_duel

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_heads():
    heads.forget()
    yield
    heads.forget()


def _fire(battle, user, **extra):
    battle.refresh_from_db()
    return services.declare(
        battle_id=battle.pk,
        user=user,
        expected_version=battle.version,
        command={"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}},
        **extra,
    )


def test_a_committed_write_keeps_its_head(battle, people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        _fire(battle, people["alice"])
    battle.refresh_from_db()
    kept = heads.get(battle)
    current = selectors.state_at(battle=battle)
    assert kept is not None and kept.token[0] == battle.version
    assert current.system.state_to_json(kept.state) == battle.head_state
    stored = {
        row.unit: {"side": row.side, "name": row.name, "status": row.status}
        for row in UnitStatus.objects.filter(battle=battle)
    }
    assert kept.units == stored and stored


def test_a_write_that_rolls_back_keeps_nothing(battle, people, django_capture_on_commit_callbacks):
    commits = django_capture_on_commit_callbacks(execute=True)
    with commits, pytest.raises(ZeroDivisionError), transaction.atomic():
        _fire(battle, people["alice"])
        1 / 0  # noqa: B018 - the caller's transaction fails after the write
    battle.refresh_from_db()
    assert heads.get(battle) is None and heads.known_version(battle.pk) is None


def test_a_kept_head_answers_only_its_battle_at_its_version(
    battle, people, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _fire(battle, people["alice"])
    battle.refresh_from_db()
    assert heads.get(battle) is not None
    battle.version += 1
    assert heads.get(battle) is None  # a later version
    battle.version -= 1
    battle.created_at += timedelta(microseconds=1)
    assert heads.get(battle) is None  # another battle given the same id


def test_the_locked_read_skips_the_head_state_it_has(battle, people):
    _fire(battle, people["alice"])
    battle.refresh_from_db()
    with transaction.atomic():
        same = selectors.battle_for(
            user=people["alice"], battle_id=battle.pk, lock=True, known_head=battle.version
        )
        older = selectors.battle_for(
            user=people["alice"], battle_id=battle.pk, lock=True, known_head=battle.version - 1
        )
    assert same.head_state is None and same.version == battle.version
    assert older.head_state == battle.head_state is not None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_writes_from_kept_heads_equal_a_rebuild(
    club, people, seed, django_capture_on_commit_callbacks
):
    """Every write after the first starts from the head the previous one kept (corrections
    and refused input included); a rebuild from the stream gives the same projections."""
    battle = solo_duel(club, people, f"kept {seed}", 3)
    used = []
    get = heads.get

    def spying_get(battle):
        kept = get(battle)
        used.append(kept is not None)
        return kept

    heads.get = spying_get
    try:
        play(
            battle,
            people["alice"],
            random.Random(seed),
            40,
            around=lambda: django_capture_on_commit_callbacks(execute=True),
        )
    finally:
        heads.get = get
    assert sum(used) > len(used) / 2  # most writes started from a kept head
    incremental = projections(battle)
    services.rebuild(battle=battle)
    assert projections(battle) == incremental


def test_log_rows_carry_the_stored_events_position_metadata_and_time(battle, people):
    """Facts are projected in the append's round trip, corrections and the conclusion
    after it: either way a log row repeats its event's position, metadata and time."""
    _fire(battle, people["alice"], dice={"shot": [6], "cover": [1]}, idempotency_key="k1")
    battle.refresh_from_db()
    services.correct(
        battle_id=battle.pk,
        user=people["alice"],
        expected_version=battle.version,
        target_version=battle.version,
        action="void",
        data=None,
    )
    rows = {
        row.version: (row.position, row.metadata, row.recorded_at)
        for row in BattleLogEntry.objects.filter(battle=battle)
    }
    events = {
        e.version: (e.position, dict(e.metadata), e.recorded_at)
        for e in read_stream(stream_of(battle))
    }
    assert rows == events and len(rows) >= 3


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_state_read_sees_one_moment_of_the_database(clients, battle, people):
    """The battle row, the snapshot and the events of ``?at=N`` are read in one
    REPEATABLE READ, read-only transaction (PostgreSQL)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _fire(battle, people["alice"])
    with CaptureQueriesContext(connection) as queries:
        response = clients["bob"].get(f"/api/battles/{battle.pk}/state/?at=1")
    assert response.status_code == 200 and response.json()["version"] == 1
    statements = [q["sql"] for q in queries.captured_queries]
    isolation = next(
        i for i, sql in enumerate(statements) if sql.startswith("SET TRANSACTION ISOLATION")
    )
    assert "REPEATABLE READ" in statements[isolation]
    assert any("battles_battlesnapshot" in sql for sql in statements[isolation:])


def test_inside_a_transaction_the_caller_decides_its_isolation(battle, people):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with transaction.atomic(), CaptureQueriesContext(connection) as queries, \
            selectors.one_snapshot():
        selectors.state_at(battle=battle)
    assert not any("ISOLATION" in q["sql"] for q in queries.captured_queries)
