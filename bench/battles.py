"""Battle recording benchmark on PostgreSQL; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.battles \
        [--runs 3] [--events 5000] [--no-keys] [--correction] [--club] [--correction-at 10]

It creates its own database (``bench_battles``, dropped at the end) on the server that
DATABASE_URL names. A Steel War battle is recorded through the REST API in-process (DRF's
APIClient, the whole Django stack minus the network): sequential commands (declarations,
table dice, server dice, decisions chosen by a random but rules-abiding table), each its own
request and transaction, until the stream holds 5,000 events. Every command carries an
``Idempotency-Key``, as the battle page's script sends one (``--no-keys``: none). This is done
``--runs`` times, each time a new battle and the same sequence of commands (``--correction``:
command 100 amends a declaration to what it was, so that the battle has a correction, as real
ones do, and the rest of it pays for what that costs); the report gives
each run's commands/s, the best and the median, the latency percentiles of all commands, the
1-minute load average before and after each run, and the queries a command costs (counted
on 200 more commands, outside the timed runs). After each run the projections are checked
against the client's own fold (head state, one log row per event, unit statuses, snapshots,
one stored response per key). Then the current state is read repeatedly, and the state at
random versions (latest snapshot plus the events after it). ``--correction-at N`` then
times CORRECTIONS corrections of each kind at or after event N of the last battle, each a
request end to end (the refold, the log rows and snapshots it rewrites, the stored answer):
``unchanged`` amends the declaration at or after N to what it was (nothing after it
changes), ``everything`` voids the table dice at or after N and amends them back, in turn
(each changes nearly every later fact: they no longer fit); the projections are checked
after each kind. ``--direct`` builds the battle without timing commands: the same table
player (table dice only) folds its facts, which are appended to the event store 1,000 a
batch and projected by ``rebuild`` (seconds for 20,000 events instead of minutes).
Targets: >= 200 commands/s; p95 current-state read and state at any version < 20 ms on a
5,000-event battle; a correction at event 10 p95 < 300 ms at 5,000 events and < 1.5 s at
20,000, of both kinds (``--events 20000 --direct --correction-at 10``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import uuid
from collections import Counter

from bench import _machine
from bench._database import own_database
from bench._stats import percentile

BENCH_DB = "bench_battles"
TARGET_EVENTS = 5000
RUNS = 3
READS = 500
COUNTED_COMMANDS = 200
CORRECTION_AFTER = 100
CORRECTIONS = 20
FACTS = {"declare", "dice", "decide"}
TARGET_COMMANDS_PER_S = 200
TARGET_P95_MS = 20
TARGET_CORRECTION_P95_MS = {5000: 300, 20000: 1500}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.battles")
    parser.add_argument("--runs", type=int, default=RUNS, help="battles recorded (best, median)")
    parser.add_argument("--events", type=int, default=TARGET_EVENTS, help="events per battle")
    parser.add_argument(
        "--no-keys", action="store_true", help="send no Idempotency-Key with the commands"
    )
    parser.add_argument(
        "--correction",
        action="store_true",
        help=f"command {CORRECTION_AFTER} amends a declaration to what it was",
    )
    parser.add_argument(
        "--club",
        action="store_true",
        help="a club-sized battle: bench.rules_fold's 28 units (default: 4 squads)",
    )
    parser.add_argument(
        "--correction-at",
        type=int,
        default=None,
        metavar="N",
        help=f"then time {CORRECTIONS} corrections of each kind of the declaration at or "
        "after event N",
    )
    parser.add_argument(
        "--direct",
        action="store_true",
        help="build the battle on the event store directly (table dice only), timing no "
        "commands: for --correction-at on long battles",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    with own_database(BENCH_DB, bench="battles"):
        results = _run(
            runs=args.runs,
            events=args.events,
            keys=not args.no_keys,
            correction=args.correction,
            setup=_setup(club=args.club),
            correction_at=args.correction_at,
            direct=args.direct,
        )
    print(json.dumps(results, indent=2))


def _setup(*, club: bool) -> dict:
    """The battle recorded: the API tests' four squads, or a club's 28 units."""
    if club:
        from bench.rules_fold import battle_setup

        return battle_setup()
    from tests.battles.steelwar_table import SETUP

    return SETUP


def organizer_client(name: str = "bench"):
    """A new club and an API client signed in as its organizer (who may write its battles),
    both called ``name``."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from clubs.models import Club, Membership

    club = Club.objects.create(name=f"Bench club {name}", slug=name)
    user = get_user_model().objects.create_user(name)
    Membership.objects.create(club=club, user=user, role="organizer")
    client = APIClient()
    client.force_authenticate(user)
    return club, client


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


class _Table:
    """The client side: one battle, the client's own fold of it, and its next command."""

    def __init__(self, client, system, battle_id: int, setup: dict, *, keys: bool) -> None:
        self.client, self.system, self.battle_id, self.keys = client, system, battle_id, keys
        self.state = system.initial_state(setup)
        self.version = 1
        self.rng = random.Random(7)  # the same commands in every run
        self.last_declaration: dict | None = None

    def command(self) -> tuple[str, dict, dict]:
        """The next request: its kind, body and headers (chosen from the client's state)."""
        from tests.battles.steelwar_table import next_request, request_body

        kind, payload = next_request(self.system, self.state, self.rng)
        body = request_body(kind, payload)
        headers = {"HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex} if self.keys else {}
        return kind, {"expected_version": self.version, **body}, headers

    def send(self, kind: str, body: dict, headers: dict):
        return self.client.post(
            f"/api/battles/{self.battle_id}/{kind}/", body, format="json", **headers
        )

    def accept(self, response) -> None:
        """Check the answer and fold its events into the client's state."""
        from rules.core.facts import Fact

        assert response.status_code == 201, response.content
        answer = response.json()
        assert answer["from_version"] == self.version + 1, answer
        self.version = answer["version"]
        for event in answer["events"]:
            if event["type"] not in FACTS:
                continue  # the bench's correction changes no effect (checked)
            self.state = self.system.apply(self.state, Fact(event["type"], event["data"])).state
            if event["type"] == "declare":
                self.last_declaration = event

    def correction(self) -> tuple[str, dict, dict]:
        """An amendment of the last declaration to what it was: a correction that refolds
        from the snapshot before it and changes no effect (the target becomes "amended")."""
        target = self.last_declaration
        body = {
            "expected_version": self.version,
            "target_version": target["version"],
            "action": "amend",
            "data": target["data"],
            "reason": "bench: the same declaration",
        }
        headers = {"HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex} if self.keys else {}
        return "corrections", body, headers


def _new_battle(client, club, setup: dict) -> int:
    response = client.post(
        "/api/battles/",
        {"club": club.pk, "name": "bench", "rule_system": "steelwar", "setup": setup},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def _record(
    client, system, club, *, events: int, keys: bool, correction: bool, setup: dict
) -> tuple[_Table, dict, list]:
    """Record one battle up to ``events`` events; its figures and each command's latency.
    With ``correction``, command number CORRECTION_AFTER is an amendment that changes
    nothing (then every later write also lists the facts corrections left unfit)."""
    table = _Table(client, system, _new_battle(client, club, setup), setup, keys=keys)
    load_before = os.getloadavg()[0]
    timings: list[float] = []
    started, cpu_started = time.perf_counter(), time.process_time()
    while table.version < events:
        if correction and len(timings) == CORRECTION_AFTER and table.last_declaration:
            kind, body, headers = table.correction()
        else:
            kind, body, headers = table.command()
        t0 = time.perf_counter()
        response = table.send(kind, body, headers)
        timings.append(time.perf_counter() - t0)
        table.accept(response)
        if kind == "corrections":
            changed = response.json()["events"][0]["consequences"]  # only "applied" -> "amended"
            assert changed["more"] == 0, changed
            assert all(c["before"]["text"] == c["after"]["text"] for c in changed["facts"]), changed
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    commands = len(timings)
    return (
        table,
        {
            "commands": commands,
            "events": table.version,
            "commands_per_s": round(commands / elapsed, 1),
            "server_commands_per_s": round(commands / sum(timings), 1),
            "command_ms": {
                "p50": _ms(statistics.median(timings)),
                "p95": _ms(percentile(timings, 0.95)),
            },
            # the client's own CPU (Django, DRF, the rules, psycopg), not the waits: on a
            # loaded machine the wall clock above is mostly waiting for a core or the server
            "client_cpu_ms_per_command": round(cpu * 1000 / commands, 2),
            "load_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        },
        timings,
    )


def _check_projections(table: _Table, *, commands: int | None) -> None:
    """The projections equal what the client folded itself: nothing was skipped."""
    from battles.models import (
        Battle,
        BattleLogEntry,
        BattleSnapshot,
        IdempotentResponse,
        UnitStatus,
    )
    from rules.core.summary import summarize

    def plain(value):
        return json.loads(json.dumps(value))

    system, state = table.system, table.state
    battle = Battle.objects.get(pk=table.battle_id)
    assert battle.version == table.version
    assert battle.head_state == plain(system.state_to_json(state)), "head state != client fold"
    versions = list(
        BattleLogEntry.objects.filter(battle=battle)
        .order_by("version")
        .values_list("version", flat=True)
    )
    assert versions == list(range(1, table.version + 1)), "log rows != events"
    units = {
        u.unit: {
            "side": u.side,
            "name": u.name,
            "status": plain({**dict(u.status), "text": u.text}),
        }
        for u in summarize(system, state).units
    }
    stored = {
        row.unit: {"side": row.side, "name": row.name, "status": row.status}
        for row in UnitStatus.objects.filter(battle=battle)
    }
    assert stored == units, "unit statuses != summary of the client's fold"
    snapshots = list(BattleSnapshot.objects.filter(battle=battle).values_list("version", flat=True))
    expected = [1] + list(range(battle.snapshot_every, table.version + 1, battle.snapshot_every))
    assert sorted(snapshots) == expected, "snapshots missing"
    if table.keys and commands is not None:
        assert IdempotentResponse.objects.filter(battle=battle).count() == commands


def _count_queries(table: _Table, commands: int) -> dict:
    """Queries per command (BEGIN and COMMIT included), by kind, over ``commands`` more."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts, kinds = Counter(), Counter()
    for _ in range(commands):
        kind, body, headers = table.command()
        label = "server dice" if body.get("server_dice") else kind
        with CaptureQueriesContext(connection) as queries:
            response = table.send(kind, body, headers)
        table.accept(response)
        counts[label] += len(queries.captured_queries)
        kinds[label] += 1
    return {
        "mean": round(sum(counts.values()) / commands, 2),
        **{label: round(counts[label] / kinds[label], 2) for label in sorted(kinds)},
    }


def _direct_battle(client, system, club, *, events: int, setup: dict) -> _Table:
    """A battle of ``events`` events built without the API's commands: the same table
    player (table dice only) folds its own facts, which are appended to the event store
    in batches and projected by ``rebuild`` (the code a correction's tests compare with).
    Recording 20,000 events command by command takes minutes; this takes seconds."""
    from battles.models import Battle
    from battles.services import rebuild
    from battles.streams import stream_of
    from eventstore.services import append
    from eventstore.types import NewEvent
    from rules.core.facts import DECLARE, Command, Fact
    from tests.battles.steelwar_table import next_request

    table = _Table(client, system, _new_battle(client, club, setup), setup, keys=False)
    battle = Battle.objects.get(pk=table.battle_id)
    user = client.handler._force_user.pk
    new: list = []
    while table.version + len(new) < events:
        kind, payload = next_request(system, table.state, table.rng, server_share=0)
        if kind == "dice":
            data = {"rolls": payload, "source": "table"}
        elif kind == "decide":
            data = {"key": payload[0], "choice": payload[1]}
        else:
            data = Command.from_json(payload).to_json()
        table.state = system.apply(table.state, Fact(kind, data)).state
        new.append(NewEvent(kind, data, {"user": user}))
        if kind == DECLARE:
            table.last_declaration = {"version": table.version + len(new), "data": data}
    for start in range(0, len(new), 1000):
        batch = new[start : start + 1000]
        append(stream_of(battle), expected_version=table.version, events=batch)
        table.version += len(batch)
    rebuild(battle=battle)
    return table


def _corrections(table: _Table, at: int) -> dict:
    """Time CORRECTIONS corrections of each kind at or after event ``at``, each request end
    to end, and check the projections after each kind:

    - ``unchanged``: the first declaration at or after ``at`` amended to what it was
      (nothing after it changes but its own status);
    - ``everything``: the first table dice at or after ``at`` voided, then amended back to
      what they were, and so on: each correction changes the outcome of nearly every fact
      after it (the facts that relied on those dice, and everything after them, no longer
      fit; counted in ``later_facts_changed``).
    """
    from battles.models import BattleLogEntry

    def first(event_type: str) -> BattleLogEntry:
        rows = BattleLogEntry.objects.filter(
            battle_id=table.battle_id, type=event_type, version__gte=at
        )
        return next(r for r in rows.order_by("version")[:100] if r.data.get("source") != "server")

    declaration, dice = first("declare"), first("dice")
    kinds = {
        "unchanged": (declaration, [{"action": "amend", "data": declaration.data,
                                     "reason": "bench: the same declaration"}]),
        "everything": (dice, [{"action": "void", "reason": "bench: never rolled"},
                              {"action": "amend", "data": dice.data,
                               "reason": "bench: rolled after all"}]),
    }
    report = {}
    for kind, (target, bodies) in kinds.items():
        timings, cpu, changed, sizes = [], [], [], []
        load_before = os.getloadavg()[0]
        for number in range(CORRECTIONS):
            body = {"expected_version": table.version, "target_version": target.version,
                    **bodies[number % len(bodies)]}
            headers = {"HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex} if table.keys else {}
            t0, cpu0 = time.perf_counter(), time.process_time()
            response = table.send("corrections", body, headers)
            timings.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - cpu0)
            table.accept(response)
            sizes.append(len(response.content))
            consequences = response.json()["events"][0]["consequences"]
            facts = consequences["facts"]
            changed.append(consequences["changed"] - any(c["version"] == target.version
                                                         for c in facts))
            if kind == "unchanged":  # only the target's status ("applied" -> "amended")
                assert consequences["more"] == 0
                assert all(c["before"]["text"] == c["after"]["text"] for c in facts)
        _check_projections(table, commands=None)  # an even number: back to the table's fold
        report[kind] = {
            "target_version": target.version,
            "events_after_it": table.version - target.version,
            "corrections": CORRECTIONS,
            "later_facts_changed": {"min": min(changed), "max": max(changed)},
            "answer_bytes": {"min": min(sizes), "max": max(sizes)},
            "ms": {"p50": _ms(statistics.median(timings)), "p95": _ms(percentile(timings, 0.95)),
                   "max": _ms(max(timings))},
            "client_cpu_ms": {"p50": _ms(statistics.median(cpu)),
                              "p95": _ms(percentile(cpu, 0.95))},
            "load_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            "queries": _correction_queries(table, target.version, bodies),
        }
    return report


def _correction_queries(table: _Table, target: int, bodies: list[dict]) -> list[int]:
    """The queries (BEGIN and COMMIT included) of one more correction with each body."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for body in bodies:
        with CaptureQueriesContext(connection) as queries:
            response = table.send(
                "corrections",
                {"expected_version": table.version, "target_version": target, **body},
                {},
            )
        table.accept(response)
        counts.append(len(queries.captured_queries))
    return counts


def _run(
    *, runs: int, events: int, keys: bool, correction: bool, setup: dict,
    correction_at: int | None = None, direct: bool = False,
) -> dict:
    import django
    from django.core.management import call_command
    from django.db import connection

    django.setup()
    call_command("migrate", verbosity=0)

    from battles.models import Battle, BattleSnapshot
    from rules.core import registry

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server_version = cursor.fetchone()[0]
        cursor.execute("SHOW synchronous_commit")
        synchronous_commit = cursor.fetchone()[0]
        round_trip_before = _machine.round_trip_ms(cursor)

    club, client = organizer_client()
    system = registry.get("steelwar")

    recorded, timings = [], []
    for _ in range(0 if direct else runs):
        table, figures, run_timings = _record(
            client, system, club, events=events, keys=keys, correction=correction, setup=setup
        )
        _check_projections(table, commands=figures["commands"])
        recorded.append(figures)
        timings += run_timings
    if direct:
        started = time.perf_counter()
        table = _direct_battle(client, system, club, events=events, setup=setup)
        built_s = round(time.perf_counter() - started, 1)
        _check_projections(table, commands=None)
        table.keys = keys
    commands = (
        {"built_directly_s": built_s}
        if direct
        else {
            "runs": recorded,
            "commands_per_s": {
                "best": max(run["commands_per_s"] for run in recorded),
                "median": statistics.median(run["commands_per_s"] for run in recorded),
            },
            "command_ms": {
                "p50": _ms(statistics.median(timings)),
                "p95": _ms(percentile(timings, 0.95)),
            },
            "queries_per_command": _count_queries(table, COUNTED_COMMANDS),
        }
    )

    battle_id, rng = table.battle_id, random.Random(11)
    reads = []
    for _ in range(READS):
        t0 = time.perf_counter()
        response = client.get(f"/api/battles/{battle_id}/state/")
        reads.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200
    assert response.json()["state"] == system.state_to_json(table.state), "API state != mirror"
    at_reads = []
    for _ in range(READS // 5):
        at = rng.randint(1, table.version)
        t0 = time.perf_counter()
        client.get(f"/api/battles/{battle_id}/state/?at={at}")
        at_reads.append((time.perf_counter() - t0) * 1000)

    corrections = _corrections(table, correction_at) if correction_at is not None else None
    battle = Battle.objects.get(pk=battle_id)
    with connection.cursor() as cursor:
        round_trip_after = _machine.round_trip_ms(cursor)
    return {
        "machine": {
            "cores": os.cpu_count(),
            "python": _machine.python(),
            "calibration_us_sum_range_1000": _machine.calibration_us(),
            "postgresql": server_version,
            "synchronous_commit": synchronous_commit,
            "select_1_round_trip_ms": {"before": round_trip_before, "after": round_trip_after},
        },
        "rules": f"{system.id} {system.version}",
        "idempotency_keys": keys,
        "correction": correction,
        "squads": sum(len(side["squads"]) for side in setup["sides"]),
        "events_per_battle": events,
        "snapshot_every": battle.snapshot_every,
        "snapshots": BattleSnapshot.objects.filter(battle=battle).count(),
        **commands,
        "current_state_read_ms": {
            "p50": round(statistics.median(reads), 2),
            "p95": round(percentile(reads, 0.95), 2),
            "p99": round(percentile(reads, 0.99), 2),
        },
        "state_at_random_version_read_ms": {
            "p50": round(statistics.median(at_reads), 2),
            "p95": round(percentile(at_reads, 0.95), 2),
        },
        "correction_request": corrections or "not measured (--correction-at N)",
        "targets": {
            "commands_per_s": TARGET_COMMANDS_PER_S,
            "current_state_read_p95_ms": TARGET_P95_MS,
            "state_at_any_version_p95_ms": TARGET_P95_MS,
            "correction_p95_ms_by_events": TARGET_CORRECTION_P95_MS,
        },
    }


if __name__ == "__main__":
    main()
