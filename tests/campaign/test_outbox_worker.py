"""Broker faults with a real worker, on a redis-server of the test's own (port 6391).

A hung Redis (the process stopped, connections accepted but never answered) holds a
conclusion about 2 s (the socket timeout), not for ever.

Redis stopped while battles are concluded: every request answers its success, the take-overs
wait in the outbox and, once Redis is back and the relay runs (as beat runs it), each battle
is taken over exactly once. A worker killed mid-task: its unacknowledged message is given to
another worker once the visibility timeout (3 s here, from the environment) has passed.
"""
import os
import signal
import subprocess
import sys
import threading
import time
import uuid

import psycopg
import pytest
from django.db import connection

from campaign.models import OutboxMessage
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.campaigns import start_campaign
from campaign.services.outbox import RELAY_AFTER
from campaign.services.takeover import catch_up
from campaign.tasks import relay_outbox
from tests.campaign.brokers import RedisServer, publishing_to
from tests.campaign.test_worker import ROOT, WORKER, _taken_over, _wait_for
from tests.conftest import START, prepare_scenario, raise_army

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]

#: The visibility timeout the workers of these tests run with (seconds).
VISIBILITY = 3


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def queue(redis_server):
    """This process publishes to the private Redis, on a queue of the test's own."""
    with publishing_to(redis_server.url) as app:
        saved = app.conf.task_default_queue
        app.conf.task_default_queue = name = f"outbox-test-{uuid.uuid4().hex[:8]}"
        yield name
        app.conf.task_default_queue = saved


@pytest.fixture
def start_worker(queue, redis_server):
    """Start a worker subprocess on the private Redis and the test database."""
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        db = connection.settings_dict
        env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
            "REDIS_URL": redis_server.url,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY),
            "SECRET_KEY": os.environ.get("SECRET_KEY") or "worker-test-secret",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        process = subprocess.Popen([sys.executable, "-c", WORKER, queue], cwd=ROOT, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def _fail(worker: subprocess.Popen, message: str):
    if worker.poll() is None:
        worker.terminate()
    pytest.fail(message + ": " + worker.stderr.read().decode(errors="replace")[-3000:])


def _started_battle(club, people, n: int):
    """A campaign of its own with one battle started on its ready scenario."""
    campaign = start_campaign(user=people["org"], club=club, name=f"Operation {n}",
                              start_date=START)
    armies = {"steel": raise_army(campaign, people["alice"], "Steel"),
              "keno": raise_army(campaign, people["bob"], "Keno")}
    scenario_id = prepare_scenario(campaign, people, armies)
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=scenario_id)
    battle.refresh_from_db()
    return campaign, battle


def _conclude(client, battle):
    return client.post(
        f"/api/battles/{battle.pk}/conclude/",
        {"expected_version": battle.version, "result": {"force-1": "draw", "force-2": "draw"}},
        format="json",
    )


def test_battles_concluded_while_redis_is_down_answer_their_success_and_are_taken_over_once(
    club, people, clients, redis_server, start_worker
):
    games = [_started_battle(club, people, n) for n in range(4)]
    worker = start_worker()
    first_campaign, first = games[0]
    assert _conclude(clients["org"], first).status_code == 200
    if not _wait_for(lambda: _taken_over(first_campaign) == 1):  # the worker is up
        _fail(worker, "the worker did not take the first battle over")

    redis_server.stop()
    elapsed = []
    for _, battle in games[1:]:
        started = time.monotonic()
        response = _conclude(clients["org"], battle)
        elapsed.append(time.monotonic() - started)
        assert response.status_code == 200, response.content
    print(f"conclusions with Redis down: {', '.join(f'{s * 1000:.0f} ms' for s in elapsed)}")
    assert max(elapsed) < 3.0
    assert sorted(OutboxMessage.objects.filter(task__endswith="take_over_battle_result")
                  .values_list("args", flat=True)) == [[b.pk, "en"] for _, b in games[1:]]
    assert [_taken_over(c) for c, _ in games[1:]] == [0, 0, 0]

    redis_server.start()
    time.sleep(RELAY_AFTER.total_seconds())
    relay_outbox.delay()  # what beat sends every 30 seconds
    if not _wait_for(lambda: all(_taken_over(c) == 1 for c, _ in games)
                     and not OutboxMessage.objects.exists(), timeout=90):
        _fail(worker, "the outbox was not handed over after Redis came back")
    time.sleep(2)
    assert catch_up()["taken_over"] == []  # nothing was left for the periodic catch-up
    assert [_taken_over(c) for c, _ in games] == [1, 1, 1, 1]


def test_a_worker_killed_mid_task_has_its_task_redelivered_after_the_visibility_timeout(
    campaign, people, clients, armies, ready_scenario, start_worker
):
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=ready_scenario)
    battle.refresh_from_db()
    assert _conclude(clients["org"], battle).status_code == 200  # no worker yet: it waits

    db = connection.settings_dict
    lock = psycopg.connect(host=db["HOST"], port=db["PORT"], user=db["USER"], dbname=db["NAME"])
    lock.execute("LOCK TABLE campaign_campaignbattle IN ACCESS EXCLUSIVE MODE")
    try:
        first = start_worker()

        def blocked() -> bool:
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                               "current_database() AND wait_event_type = 'Lock'")
                return cursor.fetchone()[0] > 0

        if not _wait_for(blocked):
            _fail(first, "the worker did not start the take-over")
        first.kill()  # SIGKILL in the middle of the task: its message is never acknowledged
        first.wait(timeout=10)
    finally:
        lock.rollback()
        lock.close()
    assert _taken_over(campaign) == 0

    killed_at = time.monotonic()
    second = start_worker()
    if not _wait_for(lambda: _taken_over(campaign) == 1, timeout=60):
        _fail(second, "the killed worker's task was not redelivered")
    print(f"redelivered and taken over {time.monotonic() - killed_at:.1f} s after the kill")
    time.sleep(VISIBILITY + 2)
    assert _taken_over(campaign) == 1


def test_a_conclusion_with_redis_hung_answers_within_the_socket_timeout(
    campaign, people, clients, armies, ready_scenario, redis_server, queue
):
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=ready_scenario)
    battle.refresh_from_db()
    redis_server.process.send_signal(signal.SIGSTOP)
    # a watchdog, so that a publish that waits for ever ends when Redis goes on (and fails)
    watchdog = threading.Timer(15, redis_server.process.send_signal, (signal.SIGCONT,))
    watchdog.start()
    try:
        started = time.monotonic()
        response = _conclude(clients["org"], battle)
        elapsed = time.monotonic() - started
    finally:
        watchdog.cancel()
        redis_server.process.send_signal(signal.SIGCONT)
    print(f"conclusion with Redis hung: {elapsed * 1000:.0f} ms")
    assert response.status_code == 200, response.content
    assert elapsed < 5.0
    assert OutboxMessage.objects.filter(task__endswith="take_over_battle_result").count() == 1
