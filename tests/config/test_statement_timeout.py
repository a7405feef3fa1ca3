"""A statement cannot outlive its request: web connections run under DB_STATEMENT_TIMEOUT_MS
(below gunicorn's worker timeout), the Celery worker under its own longer one, and a cancelled
statement answers a 503 JSON ``statement_timeout``."""
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests
from django.conf import settings
from django.db import connection
from django.test import override_settings

from config.database import database_settings, statement_timeout_option, use_statement_timeout
from tests.config.servers import ROOT, gunicorn, wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _statement_timeout_is(milliseconds: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('statement_timeout')::interval"
                       " = make_interval(secs => %s / 1000.0)", [milliseconds])
        return cursor.fetchone()[0]


def _running(tag: str) -> list[str]:
    """The statements tagged ``tag`` running on the server (this query excepted)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT query FROM pg_stat_activity WHERE state = 'active' "
            "AND pid <> pg_backend_pid() AND query LIKE %s", [f"%probe {tag}%"])
        return [row[0] for row in cursor.fetchall()]


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def short_timeout():
    """This process's connections under a 300 ms statement timeout, as the settings' own
    mechanism sets it; back to the settings' value afterwards."""
    use_statement_timeout(300)
    yield
    use_statement_timeout(settings.DB_STATEMENT_TIMEOUT_MS)


def test_the_settings_connection_runs_under_the_web_statement_timeout():
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    assert 0 < settings.DB_STATEMENT_TIMEOUT_MS < settings.GUNICORN_TIMEOUT * 1000
    assert _statement_timeout_is(settings.DB_STATEMENT_TIMEOUT_MS)


def test_a_url_keeps_its_own_options_and_gets_one_statement_timeout():
    db = database_settings("postgres://u@h/d?options=-c%20lock_timeout%3D5",
                           conn_max_age=60, statement_timeout_ms=1234)
    assert db["OPTIONS"]["options"] == "-c lock_timeout=5 -c statement_timeout=1234"
    assert statement_timeout_option(db["OPTIONS"]["options"], 99) == (
        "-c lock_timeout=5 -c statement_timeout=99")
    sqlite = database_settings("sqlite:///x.db", conn_max_age=0, statement_timeout_ms=5)
    assert "statement_timeout" not in str(sqlite.get("OPTIONS"))
    assert sqlite["CONN_HEALTH_CHECKS"] is True


#: Builds a Celery worker as `celery worker` does (which sends celeryd_init before its pool
#: starts), then prints the session's statement timeout in milliseconds.
WORKER_TIMEOUT = """
import django
django.setup()
from django.db import connection
from config.celery import app
app.Worker(pool="solo", concurrency=1, without_mingle=True, without_gossip=True, quiet=True)
with connection.cursor() as cursor:
    cursor.execute("SELECT extract(epoch FROM current_setting('statement_timeout')::interval)")
    print(int(cursor.fetchone()[0] * 1000))
"""


def test_the_celery_worker_switches_to_its_longer_timeout():
    env = {**os.environ, "DATABASE_URL": _database_url(), "DB_STATEMENT_TIMEOUT_MS": "2000",
           "DB_WORKER_STATEMENT_TIMEOUT_MS": "123000",
           "SECRET_KEY": os.environ.get("SECRET_KEY") or "worker-test-secret"}
    result = subprocess.run([sys.executable, "-c", WORKER_TIMEOUT], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.split()[-1] == "123000"
    assert settings.DB_WORKER_STATEMENT_TIMEOUT_MS > settings.DB_STATEMENT_TIMEOUT_MS


@override_settings(ROOT_URLCONF="tests.config.probe_urls")
def test_a_statement_past_the_timeout_is_cancelled_and_answers_503_json(client, short_timeout):
    tag = uuid.uuid4().hex
    response = client.get("/probe/sleep/", {"seconds": 5, "tag": tag})
    assert response.status_code == 503
    body = response.json()
    assert body["code"] == "statement_timeout" and body["message"]
    assert _running(tag) == []


@override_settings(ROOT_URLCONF="tests.config.probe_urls")
def test_the_timeout_sentence_is_in_russian_too(client, short_timeout):
    response = client.get("/probe/sleep/", {"seconds": 5, "tag": "ru"},
                          HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 503
    assert response.json()["message"].startswith("база данных отвечала слишком долго")


def _worker_pids(arbiter: int) -> list[int]:
    return [int(pid) for pid in
            Path(f"/proc/{arbiter}/task/{arbiter}/children").read_text().split()]


def test_under_gunicorn_a_slow_statement_answers_503_and_a_killed_worker_leaves_none():
    """gunicorn's worker timeout 6 s, the statement timeout 5 s.

    A statement alone is cancelled by PostgreSQL: 503 JSON. A request that spends 4 s in Python
    first is aborted by gunicorn at 6-7.5 s while its statement runs: nothing is left running.
    A worker killed outright mid-statement (SIGKILL: the OOM killer, a container stopped past its
    grace) cannot cancel anything itself: PostgreSQL's statement timeout ends its statement."""
    with gunicorn(database_url=_database_url(), port=8601, GUNICORN_TIMEOUT="6",
                  DB_STATEMENT_TIMEOUT_MS="5000") as (base, arbiter):
        tag = uuid.uuid4().hex
        response = requests.get(f"{base}/probe/sleep/", params={"seconds": 30, "tag": tag},
                                timeout=20)
        assert response.status_code == 503, response.text[:500]
        assert response.json()["code"] == "statement_timeout"
        assert _running(tag) == []

        tag = uuid.uuid4().hex
        started = time.monotonic()
        try:
            aborted = requests.get(f"{base}/probe/sleep/",
                                   params={"before": 4, "seconds": 30, "tag": tag}, timeout=20)
        except requests.ConnectionError:
            aborted = None
        elapsed = time.monotonic() - started
        # gunicorn aborted the worker (its last words are a bare 500, or none) while the
        # statement ran: after its 6 s, before the statement's own timeout at 9 s.
        assert aborted is None or aborted.status_code == 500 and "html" in aborted.headers[
            "Content-Type"], aborted.text[:500]
        assert 6 <= elapsed < 9, elapsed
        assert wait_for(lambda: not _running(tag), timeout=10), _running(tag)

        tag = uuid.uuid4().hex
        request = threading.Thread(target=lambda: _get_quietly(
            f"{base}/probe/sleep/", {"seconds": 30, "tag": tag}))
        request.start()
        assert wait_for(lambda: _running(tag), timeout=10), "the statement never ran"
        for pid in _worker_pids(arbiter):
            os.kill(pid, signal.SIGKILL)
        request.join(timeout=30)
        assert _running(tag), "the statement ends with its worker only after its timeout"
        assert wait_for(lambda: not _running(tag), timeout=8), (
            f"the killed worker's statement still runs: {_running(tag)}")


def _get_quietly(url: str, params: dict) -> None:
    with contextlib.suppress(requests.RequestException):
        requests.get(url, params=params, timeout=30)
