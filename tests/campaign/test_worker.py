"""A real Celery worker (a subprocess, Redis broker, the test PostgreSQL database).

A battle is concluded while no worker runs: the take-over message waits in Redis and
nothing is lost. When the worker starts, it takes the result over and projects it. A
second delivery of the same message appends nothing.
"""
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from battles.services.battles import conclude_battle
from campaign.ledger.events import BattleResultTakenOver
from campaign.models import Campaign, Scenario
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.ledger import ledger_of
from campaign.tasks import take_over_battle_result

pytestmark = [pytest.mark.celery_worker, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
#: The worker process: the project's Celery app, consuming and producing on one queue.
WORKER = """
import sys
import django
django.setup()
from config.celery import app
app.conf.task_default_queue = sys.argv[1]
app.worker_main(["worker", "-Q", sys.argv[1], "--pool", "solo", "--concurrency", "1",
                 "--without-mingle", "--without-gossip", "--loglevel", "WARNING"])
"""


@pytest.fixture
def queue():
    """A queue of this test's own, so no other worker on the broker takes its messages."""
    from config.celery import app

    name = f"campaign-test-{uuid.uuid4().hex[:8]}"
    saved = app.conf.task_default_queue, app.conf.task_always_eager
    app.conf.task_default_queue, app.conf.task_always_eager = name, False
    yield name
    app.conf.task_default_queue, app.conf.task_always_eager = saved
    with app.connection_for_write() as conn:
        conn.default_channel.queue_delete(name)


@pytest.fixture
def start_worker(queue):
    """Start a worker subprocess on the test database; stopped (by its pid) at the end."""
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        db = connection.settings_dict
        env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
            "SECRET_KEY": os.environ.get("SECRET_KEY") or "worker-test-secret",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        process = subprocess.Popen(
            [sys.executable, "-c", WORKER, queue],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def _wait_for(predicate, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.25)
    return False


def _taken_over(campaign) -> int:
    return [e.type for e in ledger_of(campaign_id=campaign.pk)].count(
        BattleResultTakenOver.type)


def test_a_battle_concluded_while_the_worker_is_down_is_taken_over_when_it_is_back(
    campaign, people, armies, ready_scenario, start_worker
):
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=ready_scenario)
    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=people["org"], expected_version=battle.version,
                    result={"force-1": "draw", "force-2": "draw"})
    time.sleep(1)
    assert _taken_over(campaign) == 0  # no worker: the message waits in Redis

    worker = start_worker()

    def projected() -> bool:
        scenario = Scenario.objects.filter(campaign=campaign, ref=ready_scenario).first()
        return scenario is not None and scenario.status == "concluded"

    if not _wait_for(projected):
        worker.terminate()
        pytest.fail("the worker did not take the battle over: "
                    + worker.stderr.read().decode(errors="replace")[-3000:])
    assert _taken_over(campaign) == 1
    campaign_row = Campaign.objects.get(pk=campaign.pk)
    assert _wait_for(lambda: Campaign.objects.get(pk=campaign.pk).projected_version
                     == len(ledger_of(campaign_id=campaign.pk)))

    # the same message delivered again (a redelivery after a lost ack) appends nothing
    take_over_battle_result.delay(battle.pk)
    take_over_battle_result.delay(battle.pk)
    time.sleep(3)
    assert _taken_over(campaign) == 1
    assert campaign_row.projected_version <= Campaign.objects.get(pk=campaign.pk).projected_version
