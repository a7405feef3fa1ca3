"""Celery tasks of the campaign app: thin wrappers around services.

All run with late acks (a worker lost mid-task leaves the message to be redelivered) and
are idempotent: the projection records the ledger version it reached, and the take-over of
a battle appends under an idempotency key per battle, so a second run appends nothing.
"""
from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from eventstore.errors import WrongExpectedVersion

RETRY = {"autoretry_for": (OperationalError, WrongExpectedVersion), "retry_backoff": True,
         "max_retries": 8}


@shared_task(acks_late=True, **RETRY)
def project_campaign(campaign_id: int) -> int:
    """Bring one campaign's projections up to its ledger."""
    from campaign.services.projection import project_campaign as project

    return project(campaign_id=campaign_id)


@shared_task(acks_late=True, **RETRY)
def take_over_battle_result(battle_id: int, language: str | None = None) -> int | None:
    """Take a concluded battle's result over into its campaign's ledger (once); when this run
    appended it, queue the e-mail to the participants."""
    from campaign.services.outbox import enqueue
    from campaign.services.takeover import take_over_battle

    recorded = take_over_battle(battle_id=battle_id)
    if recorded is None:
        return None
    if recorded.events and not recorded.replayed:
        enqueue(send_battle_report, battle_id, recorded.version, language)
    return recorded.version


@shared_task(acks_late=True, **RETRY)
def send_battle_report(battle_id: int, version: int, language: str | None = None) -> int:
    """E-mail the participants what the campaign took over from the battle."""
    from campaign.services.battle_report import send_battle_report as send

    return send(battle_id=battle_id, version=version, language=language)


@shared_task(acks_late=True, **RETRY)
def relay_outbox() -> int:
    """Hand to Celery the outbox messages a broker outage kept back."""
    from campaign.services.outbox import relay

    return relay()


@shared_task(acks_late=True, **RETRY)
def process_pending_battles() -> dict:
    """Catch up after an outage: take over every concluded battle the ledgers do not have
    yet, and bring every lagging projection up to date."""
    from campaign.services.takeover import catch_up

    return catch_up()



@shared_task(acks_late=True)
def import_campaign(job: str, language: str | None = None) -> str | None:
    """Import a campaign file kept in the cache, reporting progress (all or nothing; a
    redelivered message finds the file gone and the job finished)."""
    from campaign.services.import_jobs import run_import

    status = run_import(job=job, language=language)
    return status and status["state"]


#: How often beat runs the catch-up (seconds), when a beat process runs.
CATCH_UP_EVERY = 300.0
#: How often beat runs the outbox relay (seconds): cheap, an indexed look-up of a table
#: that is empty unless the broker was out.
RELAY_EVERY = 30.0


def _schedule(sender, **kwargs) -> None:
    sender.add_periodic_task(CATCH_UP_EVERY, process_pending_battles.s(),
                             name="campaign: take over pending battles, catch up projections")
    sender.add_periodic_task(RELAY_EVERY, relay_outbox.s(),
                             name="campaign: hand the outbox to Celery")


def connect_schedule() -> None:
    from config.celery import app

    app.on_after_finalize.connect(_schedule, weak=False)


connect_schedule()
