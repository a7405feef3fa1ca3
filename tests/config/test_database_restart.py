"""A PostgreSQL restart costs no request once the database is back, and loses no write.

A private cluster (never the shared server) on port 5491, migrated; a real gunicorn with two
workers on it. Persistent connections (DB_CONN_MAX_AGE) went stale on a restart and the first
request on each worker failed, /health/ included: connections are now health-checked before
reuse (CONN_HEALTH_CHECKS).
"""
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import requests

from tests.config.probe_urls import PROBE_STREAM
from tests.config.servers import ROOT, PrivateCluster, gunicorn, wait_for

pytestmark = pytest.mark.postgres

PORT = 5491
DATABASE = "ops_restart"


@pytest.fixture(scope="module")
def cluster():
    """The private cluster with a migrated database; stopped and removed at the end."""
    cluster = PrivateCluster(PORT)
    try:
        cluster.start()
        with psycopg.connect(cluster.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        env = {**os.environ, "DATABASE_URL": cluster.url(DATABASE),
               "SECRET_KEY": os.environ.get("SECRET_KEY") or "restart-test-secret"}
        env.pop("REDIS_URL", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=env, check=True, timeout=240)
        yield cluster
    finally:
        cluster.stop()


def _write(base: str) -> requests.Response:
    return requests.post(f"{base}/probe/write/", timeout=10)


def _stored(cluster: PrivateCluster, stream_ids: list[str]) -> set[str]:
    with psycopg.connect(cluster.url(DATABASE)) as conn:
        rows = conn.execute("SELECT stream_id FROM eventstore_event WHERE stream_type = %s"
                            " AND stream_id = ANY(%s)", [PROBE_STREAM, stream_ids]).fetchall()
    return {row[0] for row in rows}


def _warm_both_workers(base: str) -> list[str]:
    """Writes until both workers have answered (each holds a persistent connection): four at
    a time, since one request after another may all go to the same idle worker (each
    connection wakes one worker, config/gunicorn_worker.py)."""
    pids, written = set(), []
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(30):
            for response in pool.map(lambda _: _write(base), range(4)):
                assert response.status_code == 200, response.text[:300]
                pids.add(response.json()["pid"])
                written.append(response.json()["stream_id"])
            if len(pids) == 2:
                return written
    pytest.fail("the requests never reached both workers")


def test_after_a_restart_every_request_answers_200_and_no_write_is_lost(cluster):
    with gunicorn(database_url=cluster.url(DATABASE), port=8602, workers=2) as (base, _):
        acknowledged = _warm_both_workers(base)

        # A quiet restart: both workers hold a connection the server has closed.
        cluster.restart()
        for _ in range(6):  # both workers, whichever answers
            health = requests.get(f"{base}/health/", timeout=10)
            assert health.status_code == 200, health.text[:300]
            response = _write(base)
            assert response.status_code == 200, response.text[:300]
            acknowledged.append(response.json()["stream_id"])

        # A restart under load: writes go on through it.
        answers: list[tuple[float, int, str | None]] = []
        stop = threading.Event()

        def load() -> None:
            while not stop.is_set():
                started = time.monotonic()
                try:
                    response = _write(base)
                    stream_id = response.json()["stream_id"] if response.ok else None
                    answers.append((started, response.status_code, stream_id))
                except requests.RequestException:
                    answers.append((started, 0, None))

        loader = threading.Thread(target=load)
        loader.start()
        try:
            assert wait_for(lambda: len(answers) >= 5, timeout=30)
            cluster.restart()
            back = time.monotonic()
            assert wait_for(lambda: sum(1 for a in answers if a[0] > back) >= 20, timeout=60)
        finally:
            stop.set()
            loader.join(timeout=30)

        after = [status for started, status, _ in answers if started > back]
        assert after and all(status == 200 for status in after), after
        acknowledged += [stream_id for _, status, stream_id in answers if status == 200]
        assert _stored(cluster, acknowledged) == set(acknowledged)
