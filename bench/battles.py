"""Battle recording benchmark on PostgreSQL; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.battles

It creates its own database (``bench_battles``, dropped at the end) on the server that
DATABASE_URL names. A Steel War battle is recorded through the REST API in-process (DRF's
APIClient, the whole Django stack minus the network): sequential commands (declarations,
table dice, server dice, decisions chosen by a random but rules-abiding table) until the
stream holds 5,000 events; then the current state is read repeatedly (latest snapshot plus
the events after it). Targets: >= 200 commands/s, p95 current-state read < 20 ms.
"""
from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from urllib.parse import urlsplit, urlunsplit

BENCH_DB = "bench_battles"
TARGET_EVENTS = 5000
READS = 500
TARGET_COMMANDS_PER_S = 200
TARGET_P95_MS = 20


def main() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("bench.battles measures PostgreSQL: set DATABASE_URL=postgres://...")
    _recreate_database(url, drop_only=False)
    os.environ["DATABASE_URL"] = urlunsplit(urlsplit(url)._replace(path=f"/{BENCH_DB}"))
    os.environ.setdefault("SECRET_KEY", "bench-battles")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:
        results = _run()
    finally:
        from django.db import connections

        connections.close_all()
        _recreate_database(url, drop_only=True)
    print(json.dumps(results, indent=2))


def _recreate_database(url: str, *, drop_only: bool) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")
        if not drop_only:
            admin.execute(f"CREATE DATABASE {BENCH_DB}")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _run() -> dict:
    import django
    from django.core.management import call_command
    from django.db import connection

    django.setup()
    call_command("migrate", verbosity=0)

    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from battles.models import Battle, BattleSnapshot
    from campaign.models import Club, Membership
    from rules.core import registry
    from rules.core.facts import Fact
    from tests.battles.steelwar_table import SETUP, next_request

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server_version = cursor.fetchone()[0]
        cursor.execute("SHOW synchronous_commit")
        synchronous_commit = cursor.fetchone()[0]

    club = Club.objects.create(name="Bench club", slug="bench")
    user = get_user_model().objects.create_user("bench")
    Membership.objects.create(club=club, user=user, role="organizer")
    client = APIClient()
    client.force_authenticate(user)
    system = registry.get("steelwar")
    response = client.post(
        "/api/battles/",
        {"club": club.pk, "name": "bench", "rules_system": "steelwar", "setup": SETUP},
        format="json",
    )
    assert response.status_code == 201, response.content
    battle_id = response.json()["id"]

    rng = random.Random(7)
    state = system.initial_state(SETUP)  # the client's mirror, to choose the next command
    version, commands, timings = 1, 0, []
    started = time.perf_counter()
    while version < TARGET_EVENTS:
        kind, payload = next_request(system, state, rng)
        if kind == "dice":
            body = {"server_dice": "all"} if payload is None else {"rolls": payload}
        elif kind == "decide":
            body = {"key": payload[0], "choice": payload[1]}
        else:
            body = {"command": payload}
        t0 = time.perf_counter()
        response = client.post(
            f"/api/battles/{battle_id}/{kind}/", {"expected_version": version, **body},
            format="json",
        )
        timings.append(time.perf_counter() - t0)
        assert response.status_code == 201, response.content
        answer = response.json()
        version = answer["version"]
        commands += 1
        for event in answer["events"]:
            state = system.apply(state, Fact(event["type"], event["data"])).state
    elapsed = time.perf_counter() - started

    reads = []
    for _ in range(READS):
        t0 = time.perf_counter()
        response = client.get(f"/api/battles/{battle_id}/state/")
        reads.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200
    assert response.json()["state"] == system.state_to_json(state), "API state != mirror"
    at_reads = []
    for _ in range(READS // 5):
        at = rng.randint(1, version)
        t0 = time.perf_counter()
        client.get(f"/api/battles/{battle_id}/state/?at={at}")
        at_reads.append((time.perf_counter() - t0) * 1000)

    battle = Battle.objects.get(pk=battle_id)
    return {
        "machine": {
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "postgresql": server_version,
            "synchronous_commit": synchronous_commit,
        },
        "rules": f"{system.id} {system.version}",
        "commands": commands,
        "events": version,
        "snapshot_every": battle.snapshot_every,
        "snapshots": BattleSnapshot.objects.filter(battle=battle).count(),
        "commands_per_s": round(commands / elapsed, 1),
        "command_ms": {
            "p50": round(statistics.median(timings) * 1000, 2),
            "p95": round(_percentile(timings, 0.95) * 1000, 2),
        },
        "current_state_read_ms": {
            "p50": round(statistics.median(reads), 2),
            "p95": round(_percentile(reads, 0.95), 2),
            "p99": round(_percentile(reads, 0.99), 2),
        },
        "state_at_random_version_read_ms": {
            "p50": round(statistics.median(at_reads), 2),
            "p95": round(_percentile(at_reads, 0.95), 2),
        },
        "targets": {
            "commands_per_s": TARGET_COMMANDS_PER_S,
            "current_state_read_p95_ms": TARGET_P95_MS,
        },
    }


if __name__ == "__main__":
    main()
