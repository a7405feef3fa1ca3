"""The gunicorn worker (config/gunicorn_worker.py): each connection wakes one worker, not all
of them, and the workers serve, time out and stop as gunicorn's sync workers do."""
import os
import select
import time
from pathlib import Path

import pytest
import requests
from django.db import connection

from tests.config.servers import gunicorn

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not hasattr(select, "EPOLLEXCLUSIVE"), reason="Linux's EPOLLEXCLUSIVE"),
]
REQUESTS = 40


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _workers(arbiter: int) -> list[int]:
    return [int(pid) for pid in
            Path(f"/proc/{arbiter}/task/{arbiter}/children").read_text().split()]


def _wake_ups(pid: int) -> int:
    """How often ``pid`` went to sleep of its own accord (each wake-up ends in one)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("voluntary_ctxt_switches:"):
            return int(line.split()[1])
    raise AssertionError("no voluntary_ctxt_switches")


def _workers_woken_per_request(base: str, arbiter: int) -> list[int]:
    """For each of REQUESTS sequential requests (each its own connection, as the sync worker
    closes them), how many workers woke up."""
    deadline = time.monotonic() + 20
    workers = _workers(arbiter)
    while len(workers) < 3 and time.monotonic() < deadline:  # the last may still be booting
        time.sleep(0.1)
        workers = _workers(arbiter)
    assert len(workers) == 3
    for _ in range(2 * len(workers)):
        assert requests.get(f"{base}/health/", timeout=10).status_code == 200
    woken = []
    for _ in range(REQUESTS):
        time.sleep(0.05)  # every worker back asleep
        before = [_wake_ups(pid) for pid in workers]
        assert requests.get(f"{base}/health/", timeout=10).status_code == 200
        time.sleep(0.05)
        woken.append(sum(_wake_ups(pid) != n for pid, n in zip(workers, before, strict=True)))
    return woken


def test_a_connection_wakes_one_worker_not_all_three():
    with gunicorn(database_url=_database_url(), port=8611, workers=3) as (base, arbiter):
        woken = _workers_woken_per_request(base, arbiter)
    assert sorted(woken)[REQUESTS // 2] == 1, woken  # the median request woke one worker


def test_gunicorns_own_sync_worker_wakes_them_all():
    """The measure above can tell: the sync worker it replaces wakes every idle worker."""
    with gunicorn(database_url=_database_url(), port=8612, workers=3,
                  GUNICORN_CMD_ARGS="--preload --worker-class sync") as (base, arbiter):
        woken = _workers_woken_per_request(base, arbiter)
    assert sorted(woken)[REQUESTS // 2] == 3, woken


def test_a_worker_stuck_in_a_request_is_killed_at_the_timeout_and_replaced():
    with gunicorn(database_url=_database_url(), port=8613, workers=1,
                  GUNICORN_TIMEOUT="3", DB_STATEMENT_TIMEOUT_MS="0") as (base, arbiter):
        [worker] = _workers(arbiter)
        try:  # the worker is aborted: gunicorn answers 500 or drops the connection
            status = requests.get(f"{base}/probe/sleep/?tag=hang&before=10&seconds=0",
                                  timeout=15).status_code
        except requests.ConnectionError:
            status = None
        assert status != 200
        assert requests.get(f"{base}/health/", timeout=30).status_code == 200
        assert _workers(arbiter) != [worker]
        os.kill(arbiter, 0)  # the arbiter lives on
