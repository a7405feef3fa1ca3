"""Event store benchmark on PostgreSQL; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.eventstore

It creates its own database (``bench_eventstore``, dropped at the end) on the server that
DATABASE_URL names, so it never touches dev or test data. The server's settings are left
alone (synchronous_commit stays as configured: every append waits for its WAL flush); the
one figure measured with ``SET synchronous_commit = off`` in the benchmark's own session is
labelled as such and is not compared with the targets.

Each figure is measured in several rounds: ``best`` is the fastest round (the machine's
capability when nothing else competes for its 2 cores and its disk), ``median`` the typical
one on a shared machine.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable

from bench._database import own_database
from bench._machine import python as interpreter

BENCH_DB = "bench_eventstore"
ROUNDS = 3
SINGLE_APPENDS = 2000
BATCHES, BATCH_SIZE = 100, 50
NEW_STREAMS = 2000
READ_EVENTS = 10_000
WRITER_APPENDS = 1000
PAYLOAD = {"squad": "2nd Rifles", "weapon": "LMG", "dice": [4, 6, 8], "range_inches": 14}
TARGETS = {
    "single_appends_per_s": 2_000,
    "batched_50_events_per_s": 25_000,
    "read_decode_10k_stream_events_per_s": 100_000,
}


def main() -> None:
    with own_database(BENCH_DB, bench="eventstore"):
        results = _run()
    print(json.dumps(results, indent=2))


def _run() -> dict:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", "eventstore", verbosity=0)
    results = {
        "machine": _machine(),
        "single_appends_per_s": _rounds(_single_appends),
        "batched_50_events_per_s": _rounds(_batched_appends),
        "new_stream_appends_per_s": _rounds(_new_stream_appends),
        "read_decode_10k_stream_events_per_s": _rounds(_read_stream(), rounds=5),
        "writers_on_own_streams_events_per_s": {
            "1": _rounds(lambda n: _writers(1, n)),
            "4": _rounds(lambda n: _writers(4, n)),
        },
        "baseline_raw_psycopg": {
            "insert_commit_per_s": _rounds(_raw_insert_commit),
            "read_rows_per_s": _rounds(_raw_read, rounds=5),
        },
        "labelled_session_synchronous_commit_off": {
            "single_appends_per_s": _rounds(lambda n: _single_appends(n, synchronous=False)),
        },
    }
    results["targets_met_by_best_round"] = {
        name: results[name]["best"] >= target for name, target in TARGETS.items()
    }
    four, one = (results["writers_on_own_streams_events_per_s"][n]["best"] for n in "41")
    results["targets_met_by_best_round"]["4_writers_faster_than_1"] = four > one
    return results


def _machine() -> dict:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server = cursor.fetchone()[0]
        cursor.execute("SHOW synchronous_commit")
        synchronous_commit = cursor.fetchone()[0]
    return {
        "cores": os.cpu_count(),
        "python": interpreter(),
        "postgresql": server,
        "synchronous_commit": synchronous_commit,
        "load_average_at_start": os.getloadavg()[0],
    }


def _rounds(measure: Callable[[int], float], *, rounds: int = ROUNDS) -> dict:
    """``measure(round_number)`` -> per second, several times: best and median round."""
    figures = [measure(number) for number in range(rounds)]
    return {"best": round(max(figures)), "median": round(statistics.median(figures))}


def _events(n: int):
    from eventstore.types import NewEvent

    return [NewEvent("squad_fired", PAYLOAD, {"recorded_by": "bench"}) for _ in range(n)]


def _timed_appends(stream, events, count: int, ready=lambda: None) -> tuple[float, float]:
    """``count`` appends of ``events`` to a new ``stream`` at the expected version: the span.

    A first append warms up (connection, prepared statement); then ``ready()``, then the clock.
    """
    from eventstore.services import append

    append(stream, expected_version=0, events=events)
    ready()
    size, started = len(events), time.perf_counter()
    for number in range(1, count + 1):
        append(stream, expected_version=number * size, events=events)
    return started, time.perf_counter()


def _rate(count: int, span: tuple[float, float]) -> float:
    return count / (span[1] - span[0])


def _single_appends(round_number: int, *, synchronous: bool = True) -> float:
    from django.db import connection

    from eventstore.types import StreamId

    with connection.cursor() as cursor:
        cursor.execute(f"SET synchronous_commit = {'on' if synchronous else 'off'}")
    try:
        stream = StreamId("single" if synchronous else "single-async", round_number)
        return _rate(SINGLE_APPENDS, _timed_appends(stream, _events(1), SINGLE_APPENDS))
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET synchronous_commit")


def _batched_appends(round_number: int) -> float:
    from eventstore.types import StreamId

    span = _timed_appends(StreamId("batched", round_number), _events(BATCH_SIZE), BATCHES)
    return _rate(BATCHES * BATCH_SIZE, span)


def _new_stream_appends(round_number: int) -> float:
    from eventstore.services import append
    from eventstore.types import StreamId

    events = _events(1)
    started = time.perf_counter()
    for number in range(NEW_STREAMS):
        append(StreamId(f"new-{round_number}", number), expected_version=0, events=events)
    return NEW_STREAMS / (time.perf_counter() - started)


def _read_stream() -> Callable[[int], float]:
    from eventstore.selectors import read_stream
    from eventstore.services import append
    from eventstore.types import StreamId

    stream, events = StreamId("read", 1), _events(500)
    for batch in range(READ_EVENTS // 500):
        append(stream, expected_version=batch * 500, events=events)

    def measure(round_number: int) -> float:
        started = time.perf_counter()
        read = read_stream(stream)
        elapsed = time.perf_counter() - started
        assert len(read) == READ_EVENTS and read[-1].data == PAYLOAD
        return READ_EVENTS / elapsed

    return measure


def _writer(stream_id: str, start, spans) -> None:
    from django.db import connection

    from eventstore.types import StreamId

    try:
        stream = StreamId("writer", stream_id)
        spans.put(_timed_appends(stream, _events(1), WRITER_APPENDS, ready=start.wait))
    finally:
        connection.close()


def _writers(count: int, round_number: int) -> float:
    """``count`` processes, each with its own connection, append to a stream of their own."""
    from django.db import connections

    connections.close_all()  # the children must not share the parent's connection
    context = multiprocessing.get_context("fork")
    start, spans = context.Barrier(count), context.Queue()
    processes = [
        context.Process(target=_writer, args=(f"{count}-{round_number}-{n}", start, spans))
        for n in range(count)
    ]
    for process in processes:
        process.start()
    measured = [spans.get(timeout=600) for _ in processes]
    for process in processes:
        process.join()
    span = min(began for began, _ in measured), max(end for _, end in measured)
    return _rate(count * WRITER_APPENDS, span)


def _raw_insert_commit(round_number: int) -> float:
    """The floor: psycopg alone (its default: prepared after 5 runs), INSERT + COMMIT."""
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
        # A plain table: a temporary one writes no WAL, so its commits would not wait for a flush.
        conn.execute(f"CREATE TABLE raw_bench_{round_number} (id bigserial PRIMARY KEY, data jsonb)")
        conn.commit()
        payload = json.dumps(PAYLOAD)
        started = time.perf_counter()
        for _ in range(SINGLE_APPENDS):
            conn.execute(f"INSERT INTO raw_bench_{round_number} (data) VALUES (%s)", [payload])
            conn.commit()
        return SINGLE_APPENDS / (time.perf_counter() - started)


def _raw_read(round_number: int) -> float:
    """psycopg alone reading the 10,000-event stream (its jsonb loader decodes payloads)."""
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
        started = time.perf_counter()
        rows = conn.execute(
            "SELECT * FROM eventstore_event WHERE stream_type = 'read' AND stream_id = '1'"
            " ORDER BY version"
        ).fetchall()
        return len(rows) / (time.perf_counter() - started)


if __name__ == "__main__":
    main()
