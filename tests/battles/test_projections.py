"""Projections: snapshots every K events, the log, unit statuses; rebuilt from scratch they
equal the incremental result, and the state read from snapshots equals a fold from zero."""

import random
from contextlib import nullcontext

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battles import replay, selectors, services
from battles.models import Battle, BattleLogEntry, BattleSnapshot, UnitStatus
from battles.streams import stream_of, system_of
from config.errors import DomainError
from eventstore.selectors import read_stream
from rules.core.errors import RuleError
from rules.core.system import AwaitingCommand, DecisionNeeded, DiceNeeded
from tests.battles.duel import SETUP

pytestmark = pytest.mark.django_db


def projections(battle: Battle) -> dict:
    battle.refresh_from_db()
    return {
        "battle": (
            battle.version,
            battle.status,
            battle.result,
            battle.summary,
            battle.head_state,
            battle.corrections,
        ),
        "snapshots": list(
            BattleSnapshot.objects.filter(battle=battle)
            .order_by("version")
            .values_list("version", "state")
        ),
        "log": list(
            BattleLogEntry.objects.filter(battle=battle)
            .order_by("version")
            .values_list(
                "version",
                "type",
                "status",
                "effects",
                "text",
                "problem",
                "effective_data",
                "corrected_by",
                "consequences",
                "position",
                "metadata",
                "recorded_at",
            )
        ),
        "units": list(
            UnitStatus.objects.filter(battle=battle)
            .order_by("unit")
            .values_list("unit", "side", "name", "status")
        ),
    }


def fold_from_zero(battle: Battle):
    """The state computed independently of projections: every event from version 1."""
    events = read_stream(stream_of(battle))
    system = system_of(battle)
    fold = replay.Fold(
        system, None, replay.corrections_from((e.version, e.type, e.data) for e in events)
    )
    for event in events:
        fold.feed(event.version, event.type, event.data)
    return system.state_to_json(fold.state)


def solo_duel(club, people, name: str, snapshot_every: int) -> Battle:
    """A duel that alice records alone (the red side), with snapshots every K events."""
    return services.create_battle(
        club=club,
        name=name,
        rule_system="duel",
        rule_version="1.0",
        setup=SETUP,
        participants=[services.ParticipantSpec(user=people["alice"], side="red")],
        snapshot_every=snapshot_every,
    )


def play(battle: Battle, user, rng: random.Random, steps: int, around=nullcontext) -> None:
    """Answer whatever is pending with random valid (and sometimes invalid) input, with a
    correction now and then; rejected input must change nothing. Each write runs inside
    ``around()`` (e.g. to run its on-commit callbacks)."""
    for _ in range(steps):
        battle.refresh_from_db()
        current = selectors.state_at(battle=battle)
        pending, state, version = current.pending, current.state, battle.version
        kwargs = {"battle_id": battle.pk, "user": user, "expected_version": version}
        try:
            with around():
                _play_one(rng, pending, state, version, kwargs)
        except (RuleError, DomainError):
            battle.refresh_from_db()
            assert battle.version == version  # refused: nothing appended


def _play_one(rng: random.Random, pending, state: dict, version: int, kwargs: dict) -> None:
    """One write: a correction now and then, else an answer to what is pending."""
    if rng.random() < 0.1 and version > 2:
        target = rng.randrange(2, version + 1)
        action = rng.choice(["void", "amend"])
        data = None
        if action == "amend":
            data = {
                "rolls": {"shot": [rng.randint(1, 6)], "cover": [rng.randint(1, 6)]},
                "source": "table",
            }
        services.correct(target_version=target, action=action, data=data, **kwargs)
    elif isinstance(pending, DiceNeeded):
        if rng.random() < 0.3:
            services.enter_dice(server_dice="all", **kwargs)
        else:
            rolls = {
                r.key: [rng.randint(1, r.sides + (rng.random() < 0.05))]
                for r in pending.requests
            }
            services.enter_dice(rolls=rolls, **kwargs)
    elif isinstance(pending, DecisionNeeded):
        services.decide(key=pending.key, choice=rng.choice(pending.options).value, **kwargs)
    else:
        assert isinstance(pending, AwaitingCommand)
        units = state["units"]
        unit = rng.choice(sorted(units))
        if rng.random() < 0.15:
            command = {"action": "end_turn"}
        elif units[unit]["suppressed"]:
            command = {"action": "rally", "unit": unit}
        else:
            enemies = sorted(
                u for u, v in units.items() if v["side"] != units[unit]["side"]
            )
            command = {
                "action": "fire",
                "unit": unit,
                "params": {"target": rng.choice(enemies), "distance": rng.randint(1, 13)},
            }
        services.declare(command=command, **kwargs)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), every=st.integers(1, 7), steps=st.integers(5, 45))
def test_rebuild_equals_incremental_on_random_battles(club, people, seed, every, steps):
    battle = solo_duel(club, people, f"random {seed}", every)
    play(battle, people["alice"], random.Random(seed), steps)
    incremental = projections(battle)
    assert [v for v, _ in incremental["snapshots"]] == sorted(
        {1} | set(range(every, battle.version + 1, every))
    )
    head = selectors.state_at(battle=battle)
    assert head.system.state_to_json(head.state) == fold_from_zero(battle)
    services.rebuild(battle=battle)
    assert projections(battle) == incremental


def test_rebuild_projections_command_rebuilds_every_battle(battle, people):
    play(battle, people["alice"], random.Random(3), 20)
    before = projections(battle)
    BattleLogEntry.objects.filter(battle=battle).delete()
    UnitStatus.objects.filter(battle=battle).update(status={})
    call_command("rebuild_projections")
    assert projections(battle) == before


def test_feeding_an_event_twice_changes_nothing(battle, people):
    from battles.services.projection import project

    play(battle, people["alice"], random.Random(5), 10)
    before = projections(battle)
    project(
        battle=battle,
        events=read_stream(stream_of(battle)),
        state=selectors.state_at(battle=battle).state,
    )
    assert projections(battle) == before


def test_state_at_a_version_reads_from_the_latest_snapshot_before_it(
    battle, people, django_assert_max_num_queries
):
    play(battle, people["alice"], random.Random(11), 30)
    battle.refresh_from_db()
    latest = BattleSnapshot.objects.filter(battle=battle).order_by("-version").first()
    assert battle.version - latest.version < battle.snapshot_every
    for version in range(1, battle.version + 1):
        with django_assert_max_num_queries(3):  # snapshot, corrections, events after it
            at = selectors.state_at(battle=battle, version=version)
        events = read_stream(stream_of(battle), to_version=version)
        fold = replay.Fold(at.system, None, selectors.corrections_of(battle=battle))
        for event in events:
            fold.feed(event.version, event.type, event.data)
        assert at.system.state_to_json(at.state) == at.system.state_to_json(fold.state)
    with django_assert_max_num_queries(0):  # the head state is a projection on the battle
        selectors.state_at(battle=battle)


@pytest.mark.postgres
@pytest.mark.django_db
def test_state_columns_are_compressed_with_lz4_on_postgresql():
    """Migration 0006: the head state (rewritten by every write) and the snapshots' states."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attrelid::regclass::text, attname, attcompression FROM pg_attribute"
            " WHERE (attrelid, attname) IN (('battles_battle'::regclass, 'head_state'),"
            " ('battles_battlesnapshot'::regclass, 'state')) ORDER BY 1"
        )
        assert cursor.fetchall() == [
            ("battles_battle", "head_state", "l"),
            ("battles_battlesnapshot", "state", "l"),
        ]
