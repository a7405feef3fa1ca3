"""Battle commands through the real server over HTTP, next to the in-process path; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [REDIS_URL=redis://127.0.0.1:6379/0] \
        .venv/bin/python -m bench.http [--runs 3] [--events 3000] [--port 8202] \
        [--against /path/to/another/checkout]

It creates its own database (``bench_http``, dropped at the end) on the server that
DATABASE_URL names and starts gunicorn as deployed (``config/gunicorn.py``: its workers,
timeouts and worker class; ``DEBUG`` off) on 127.0.0.1 only. The battle is
``bench.battles``' (``tests/battles/steelwar_table.py``: declarations, table dice, server
dice, decisions), recorded by sequential commands, each its own request with an
``Idempotency-Key``, as a script sends them: ``Authorization: Token`` with a personal API
token, JSON bodies, one keep-alive HTTP connection (opened again whenever the server closes
it). Each run records one battle in-process (``bench.battles``: DRF's APIClient, the whole
Django stack minus the network, the user forced in) and then one over HTTP, so that both see
the same load. Per run: commands/s, p50/p95 of a command, the client's CPU per command and,
over HTTP, the server's (gunicorn's workers, from /proc) and PostgreSQL's (the backends
serving the bench's database; the servers keep their connections for the whole run). Then ``COUNTED_COMMANDS`` more commands on a second server
that logs its queries count the queries and connection health checks of a request.

``--against DIR`` is the A/B comparison: a second server runs the code of another checkout
(e.g. ``git worktree add /tmp/before <commit>``; same database, migrated by this tree) and
each run records one more battle over HTTP through it, alternated with this tree's, so that
both see the same load.

Target (issue 17): >= 250 sequential commands/s over HTTP on the 2-core development VM.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

from bench import _machine
from bench._database import own_database

BENCH_DB = "bench_http"
HOST = "127.0.0.1"
TARGET_EVENTS = 3000
RUNS = 3
COUNTED_COMMANDS = 200
TARGET_COMMANDS_PER_S = 250
CLOCK_TICK = os.sysconf("SC_CLK_TCK")
#: The servers keep their database connections for the whole run (deployed: 60 s, then a
#: new one), so that the PostgreSQL processes serving them can be measured.
CONN_MAX_AGE = 3600
ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.http")
    parser.add_argument("--runs", type=int, default=RUNS,
                        help="battles recorded each way (in-process, then over HTTP)")
    parser.add_argument("--events", type=int, default=TARGET_EVENTS, help="events per battle")
    parser.add_argument("--port", type=int, default=8202, help="gunicorn's port on 127.0.0.1")
    parser.add_argument("--against", type=Path, default=None, metavar="DIR",
                        help="also time a server running the checkout in DIR, alternated")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    with own_database(BENCH_DB, bench="http"):
        results = _run(args)
    print(json.dumps(results, indent=2))


class _Response:
    """What ``bench.battles._Table`` reads of a response."""

    def __init__(self, status: int, content: bytes) -> None:
        self.status_code, self.content = status, content

    def json(self):
        return json.loads(self.content)


class HttpClient:
    """A script's client: one keep-alive connection, token auth, JSON bodies. ``post`` takes
    the test client's arguments (``HTTP_X_Y`` headers) so that ``bench.battles`` drives it."""

    def __init__(self, port: int, key: str) -> None:
        self.port, self.connects = port, 0
        self.headers = {"Authorization": f"Token {key}", "Content-Type": "application/json",
                        "Accept": "application/json", "Connection": "keep-alive"}
        self.connection: http.client.HTTPConnection | None = None

    def post(self, path: str, body: dict, format: str = "json", **extra) -> _Response:
        headers = dict(self.headers)
        for name, value in extra.items():  # HTTP_IDEMPOTENCY_KEY -> Idempotency-Key
            headers[name.removeprefix("HTTP_").replace("_", "-").title()] = value
        return self.request("POST", path, json.dumps(body).encode(), headers)

    def request(self, method: str, path: str, body: bytes | None, headers: dict) -> _Response:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=60)
            self.connects += 1
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        content = response.read()
        if response.will_close:
            self.connection.close()
            self.connection = None
        return _Response(response.status, content)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def _server(port: int, query_log: str | None = None, root: Path = ROOT) -> subprocess.Popen:
    """gunicorn as deployed by the checkout ``root`` on 127.0.0.1:``port``, once /health/
    answers; with ``query_log``, one that counts each request's queries into that file
    (bench/_http_server.py)."""
    env = {**os.environ, "DEBUG": "0", "GUNICORN_BIND": f"{HOST}:{port}", "PYTHONPATH": str(root),
           "DB_CONN_MAX_AGE": str(CONN_MAX_AGE)}
    if query_log:
        env["BENCH_HTTP_QUERY_LOG"] = query_log
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(Path(__file__).with_name("_http_server.py")),
         "--log-level", "warning", "config.wsgi:application"],
        cwd=root, env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=5)
            connection.request("GET", "/health/")
            if connection.getresponse().status == 200:
                connection.close()
                return process
        except OSError:
            pass
        time.sleep(0.2)
    os.killpg(process.pid, 15)
    raise RuntimeError("gunicorn did not answer /health/ within 60 s")


def _stop(process: subprocess.Popen) -> None:
    os.killpg(process.pid, 15)
    process.wait(timeout=30)


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of ``pids`` so far (0 for one that is gone or not readable)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / CLOCK_TICK


def _workers(server: subprocess.Popen) -> list[int]:
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return [int(pid) for pid in children]


def _backends() -> list[int]:
    """PostgreSQL's processes serving the bench's database (empty if not on this machine)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid()")
        pids = [row[0] for row in cursor.fetchall()]
    return [pid for pid in pids if Path(f"/proc/{pid}/stat").exists()]


def _token_client(name: str):
    """A new club, its organizer ``name`` and a personal API token of theirs: (club, key)."""
    from django.contrib.auth import get_user_model

    from accounts.tokens import create_token
    from bench.battles import organizer_client

    club, _client = organizer_client(name)
    _token, key = create_token(user=get_user_model().objects.get(username=name), name="bench")
    return club, key


def _in_process(system, setup: dict, events: int) -> dict:
    from bench.battles import _check_projections, _record, organizer_client

    club, client = organizer_client(f"in-process-{uuid.uuid4().hex[:8]}")
    table, figures, _timings = _record(client, system, club, events=events, keys=True,
                                       correction=False, setup=setup)
    _check_projections(table, commands=figures["commands"])
    return figures


def _over_http(system, setup: dict, events: int, port: int, server) -> dict:
    from bench.battles import _check_projections, _record

    club, key = _token_client(f"http-{uuid.uuid4().hex[:8]}")
    client = HttpClient(port, key)
    for _ in range(10):  # every worker has its connection and its modules
        assert client.request("GET", "/api/battles/", None, client.headers).status_code == 200
    workers = _workers(server)
    backends = _backends()
    server_cpu, db_cpu = _cpu_seconds(workers), _cpu_seconds(backends)
    connects = client.connects
    table, figures, _timings = _record(client, system, club, events=events, keys=True,
                                       correction=False, setup=setup)
    commands = figures["commands"]
    figures["server_cpu_ms_per_command"] = round(
        (_cpu_seconds(workers) - server_cpu) * 1000 / commands, 2)
    figures["postgresql_cpu_ms_per_command"] = round(
        (_cpu_seconds(backends) - db_cpu) * 1000 / commands, 2) if backends else None
    figures["connections_per_command"] = round((client.connects - connects) / commands, 2)
    client.close()
    _check_projections(table, commands=commands)
    return figures


def _count_queries(system, setup: dict, port: int) -> dict:
    """Queries and health-check round trips of a command, by kind, on a server that logs
    them."""
    from bench.battles import _new_battle, _Table

    with tempfile.NamedTemporaryFile("r", suffix=".log") as log:
        server = _server(port, query_log=log.name)
        try:
            club, key = _token_client(f"counted-{uuid.uuid4().hex[:8]}")
            client = HttpClient(port, key)
            table = _Table(client, system, _new_battle(client, club, setup), setup, keys=True)
            kinds = []
            for _ in range(COUNTED_COMMANDS):
                kind, body, headers = table.command()
                kinds.append("server dice" if body.get("server_dice") else kind)
                table.accept(table.send(kind, body, headers))
            client.close()
        finally:
            _stop(server)
        lines = log.read().split()
    commands = f"/api/battles/{table.battle_id}/"
    rows = [(int(lines[i + 1]), int(lines[i + 2])) for i in range(0, len(lines), 3)
            if lines[i].startswith(commands)]
    assert len(rows) == len(kinds), (len(rows), len(kinds))
    queries, checks, counts = Counter(), Counter(), Counter(kinds)
    for kind, (n, health) in zip(kinds, rows, strict=True):
        queries[kind] += n
        checks[kind] += health
    return {
        "queries": {"mean": round(sum(queries.values()) / len(kinds), 2),
                    **{k: round(queries[k] / counts[k], 2) for k in sorted(counts)}},
        "health_check_round_trips": round(sum(checks.values()) / len(kinds), 2),
    }


def _summary(runs: list[dict]) -> dict:
    rates = [run["commands_per_s"] for run in runs]
    return {"commands_per_s": {"best": max(rates), "median": statistics.median(rates)},
            "p50_ms": statistics.median(run["command_ms"]["p50"] for run in runs),
            "p95_ms": statistics.median(run["command_ms"]["p95"] for run in runs)}


def _run(args) -> dict:
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.db import connection

    from bench.battles import _setup
    from rules.core import registry

    system, setup = registry.get("steelwar"), _setup(club=False)
    with connection.cursor() as cursor:
        round_trip = _machine.round_trip_ms(cursor)
    in_process, over_http, against = [], [], []
    server = _server(args.port)
    other = _server(args.port + 1, root=args.against.resolve()) if args.against else None
    try:
        for _ in range(args.runs):
            in_process.append(_in_process(system, setup, args.events))
            over_http.append(_over_http(system, setup, args.events, args.port, server))
            if other:
                against.append(_over_http(system, setup, args.events, args.port + 1, other))
    finally:
        _stop(server)
        if other:
            _stop(other)
    counted = _count_queries(system, setup, args.port)
    inside, outside = _summary(in_process), _summary(over_http)
    return {
        "machine": {
            "cores": os.cpu_count(),
            "python": _machine.python(),
            "calibration_us_sum_range_1000": _machine.calibration_us(),
            "select_1_round_trip_ms": round_trip,
        },
        "server": _server_description(),
        "database": {"CONN_MAX_AGE": settings.DATABASES["default"]["CONN_MAX_AGE"],
                     "CONN_HEALTH_CHECKS": settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]},
        "events_per_battle": args.events,
        "in_process": {"runs": in_process, **inside},
        "http": {"runs": over_http, **outside, **counted},
        "http_over_in_process_p50": round(outside["p50_ms"] / inside["p50_ms"], 2),
        "against": {"checkout": str(args.against), "runs": against, **_summary(against)}
        if against else "not measured (--against DIR)",
        "target_commands_per_s": TARGET_COMMANDS_PER_S,
        "met": outside["commands_per_s"]["median"] >= TARGET_COMMANDS_PER_S,
    }


def _server_description() -> str:
    import config.gunicorn as deployed

    worker_class = getattr(deployed, "worker_class", "sync")
    threads = getattr(deployed, "threads", 1)
    return (f"gunicorn (config/gunicorn.py): {deployed.workers} {worker_class} workers"
            f"{f' x {threads} threads' if threads > 1 else ''}, {HOST}")


if __name__ == "__main__":
    main()
