"""Bad-credentials flood benchmark: a real server, legitimate token requests alone and while
a bounded flood of bad credentials runs; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [REDIS_URL=redis://127.0.0.1:6379/0] \
        .venv/bin/python -m bench.auth_flood [--requests 2500] [--flood-rate 40] [--port 8201]

It creates its own database (``bench_auth_flood``, dropped at the end) on the server that
DATABASE_URL names, a club member with a password (hashed with the default hasher, as in
production) and a personal API token for them, and starts gunicorn (2 sync workers) on
127.0.0.1 only. With REDIS_URL set the workers share their throttle counts through it, as
deployed; without it each worker counts alone.

The legitimate client reads its battle list (``GET /api/battles/`` with
``Authorization: Token``) ``--requests`` times, one request after another: first alone,
then while a flood from another process sends bad credentials at ``--flood-rate`` requests/s
over 4 connections, for as long as the legitimate client runs (at most ``--flood-seconds``
and ``--flood-max`` requests, loopback only): HTTP Basic with the member's username and a
wrong password, Basic with unknown usernames, wrong tokens, and wrong passwords POSTed to
``/accounts/login/`` (with a CSRF token, as a browser would), in turn. Before issue 15 each
Basic request hashed a password (``password_hash_ms`` below) and about 4 such requests/s cut
this server's throughput from 122 to 3 requests/s.

Target: the legitimate p95 under the flood at most twice the p95 alone.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

from bench import _machine
from bench._database import own_database
from bench._stats import percentile

BENCH_DB = "bench_auth_flood"
HOST = "127.0.0.1"
REQUESTS = 2500
FLOOD_RATE = 40
FLOOD_CONNECTIONS = 4
FLOOD_SECONDS = 120
FLOOD_MAX = 10_000
WORKERS = 2
TARGET_RATIO = 2
USERNAME, PASSWORD = "bench-player", "a-long-bench-password-1942"
KINDS = ("basic_known_user", "basic_unknown_user", "bad_token", "login_post")
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.auth_flood")
    parser.add_argument("--requests", type=int, default=REQUESTS,
                        help="legitimate requests in each phase")
    parser.add_argument("--flood-rate", type=float, default=FLOOD_RATE,
                        help="bad-credential requests per second, all connections together")
    parser.add_argument("--flood-seconds", type=float, default=FLOOD_SECONDS,
                        help="the flood stops after this long at most")
    parser.add_argument("--flood-max", type=int, default=FLOOD_MAX,
                        help="the flood sends at most this many requests")
    parser.add_argument("--port", type=int, default=8201, help="gunicorn's port on 127.0.0.1")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    with own_database(BENCH_DB, bench="auth_flood"):
        results = _run(args)
    print(json.dumps(results, indent=2))


def _prepare() -> tuple[str, float]:
    """Migrate; a club member with a password and a token. The token's key, and what one
    password hash costs here (ms, the default hasher)."""
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from accounts.signin import forget
    from accounts.tokens import create_token
    from clubs.models import Club, Membership

    forget(HOST, USERNAME)  # counts an earlier run left in Redis

    user = get_user_model().objects.create_user(USERNAME, password=PASSWORD)
    club = Club.objects.create(name="Bench club", slug="bench")
    Membership.objects.create(club=club, user=user, role="player")
    _token, key = create_token(user=user, name="bench")
    hash_times = []
    for _ in range(3):
        t0 = time.perf_counter()
        make_password("a wrong password")
        hash_times.append(time.perf_counter() - t0)
    return key, round(min(hash_times) * 1000, 1)


def _server(port: int) -> subprocess.Popen:
    """gunicorn on 127.0.0.1:``port`` with the bench's environment, once /health/ answers."""
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application",
         "--bind", f"{HOST}:{port}", "--workers", str(WORKERS), "--log-level", "warning"],
        cwd=root, env={**os.environ, "DEBUG": "0"}, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,  # a JSON line per refusal
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            if _request(port, "GET", "/health/")[0] == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    process.terminate()
    raise RuntimeError("gunicorn did not answer /health/ within 60 s")


def _request(port: int, method: str, path: str, headers: dict | None = None,
             body: str | None = None) -> tuple[int, bytes, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read(), response
    finally:
        connection.close()


def _legitimate(port: int, key: str, n: int) -> list[float]:
    """``n`` token-authenticated reads, one after another: their latencies (s)."""
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        status, _body, _response = _request(port, "GET", "/api/battles/",
                                            {"Authorization": f"Token {key}"})
        times.append(time.perf_counter() - t0)
        assert status == 200, f"legitimate request answered {status}"
    return times


def _login_form(port: int) -> tuple[str, str]:
    """A CSRF cookie and the form's token, as a browser gets them from the sign-in page."""
    _status, body, response = _request(port, "GET", "/accounts/login/")
    cookie = response.getheader("Set-Cookie", "").split(";", 1)[0]
    return cookie, CSRF_INPUT.search(body.decode()).group(1)


def _flood(port: int, rate: float, seconds: float, most: int, stop, out) -> None:
    """Send bad credentials at ``rate``/s over FLOOD_CONNECTIONS threads until ``stop`` is
    set, ``seconds`` pass or ``most`` are sent; put {kind: {status: count}} and timings."""
    counts: dict[str, Counter] = {kind: Counter() for kind in KINDS}
    lock = threading.Lock()
    sent = [0]  # requests sent so far; the next one's kind is KINDS[sent % len(KINDS)]
    deadline = time.monotonic() + seconds
    interval = FLOOD_CONNECTIONS / rate

    def connection_loop(index: int) -> None:
        cookie, csrf = _login_form(port)
        next_at = time.monotonic() + index * interval / FLOOD_CONNECTIONS
        while not stop.is_set() and time.monotonic() < deadline:
            with lock:
                if sent[0] >= most:
                    return
                n = sent[0]
                sent[0] += 1
            time.sleep(max(0.0, next_at - time.monotonic()))
            next_at += interval
            kind = KINDS[n % len(KINDS)]
            status = _bad_request(port, kind, n // len(KINDS), cookie, csrf)
            with lock:
                counts[kind][str(status)] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=connection_loop, args=(i,)) for i in range(FLOOD_CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    out.put({"sent": sent[0], "seconds": round(elapsed, 1),
             "per_s": round(sent[0] / elapsed, 1) if elapsed else 0,
             "statuses": {kind: dict(counts[kind]) for kind in KINDS}})


def _bad_request(port: int, kind: str, n: int, cookie: str, csrf: str) -> int:
    if kind == "basic_known_user":
        raw = base64.b64encode(f"{USERNAME}:wrong-{n}".encode()).decode()
        return _request(port, "GET", "/api/battles/", {"Authorization": f"Basic {raw}"})[0]
    if kind == "basic_unknown_user":
        raw = base64.b64encode(f"ghost-{n}:wrong".encode()).decode()
        return _request(port, "GET", "/api/battles/", {"Authorization": f"Basic {raw}"})[0]
    if kind == "bad_token":
        return _request(port, "GET", "/api/battles/", {"Authorization": f"Token wgt_bad{n}"})[0]
    username = USERNAME if n % 2 else f"ghost-{n}"
    body = (f"csrfmiddlewaretoken={csrf}&username={username}&password=wrong-{n}")
    return _request(port, "POST", "/accounts/login/", {
        "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}, body)[0]


def _summary(times: list[float]) -> dict:
    return {
        "requests": len(times),
        "p50_ms": round(statistics.median(times) * 1000, 2),
        "p95_ms": round(percentile(times, 0.95) * 1000, 2),
        "max_ms": round(max(times) * 1000, 2),
        "per_s": round(len(times) / sum(times), 1),
    }


def _run(args) -> dict:
    key, hash_ms = _prepare()
    from django.conf import settings

    server = _server(args.port)
    try:
        _legitimate(args.port, key, 20)  # warm both workers
        alone = _summary(_legitimate(args.port, key, args.requests))
        stop, out = multiprocessing.Event(), multiprocessing.Queue()
        flood = multiprocessing.Process(
            target=_flood,
            args=(args.port, args.flood_rate, args.flood_seconds, args.flood_max, stop, out),
        )
        flood.start()
        time.sleep(1)  # the flood under way
        flooded = _summary(_legitimate(args.port, key, args.requests))
        stop.set()
        flood_report = out.get(timeout=120)
        flood.join()
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
    ratio = round(flooded["p95_ms"] / alone["p95_ms"], 2)
    logins = flood_report["statuses"]["login_post"]
    return {
        "machine": {
            "cores": os.cpu_count(),
            "python": _machine.python(),
            "calibration_us_sum_range_1000": _machine.calibration_us(),
            "load_average_1min": round(os.getloadavg()[0], 2),
        },
        "server": f"gunicorn, {WORKERS} sync workers, {HOST}",
        "throttle_cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1],
        "sign_in_throttle": settings.SIGN_IN_THROTTLE,
        "password_hash_ms": hash_ms,
        "legitimate_alone": alone,
        "legitimate_under_flood": flooded,
        "flood": flood_report,
        "login_posts_checked_not_throttled": logins.get("200", 0),
        "p95_ratio": ratio,
        "target_ratio": TARGET_RATIO,
        "met": ratio <= TARGET_RATIO,
    }


if __name__ == "__main__":
    main()
