"""Celery work enqueued with the write that needs it, and never failing that write.

:func:`enqueue` records the task in an :class:`~campaign.models.OutboxMessage` row inside the
current transaction and, once the transaction commits, hands it to Celery and deletes the row.
A broker that is down or hung does not fail the committed write: the publish is bounded
(settings: 1 s connect timeout, 2 s socket timeout, no publish retry), its error is logged,
and the row stays for :func:`relay` (the ``relay_outbox`` task every 30 seconds when a beat
runs, and the catch-up). With tasks running inline (no ``REDIS_URL``) a failing task is logged the same way
and its row stays. A message may reach Celery twice (a relay racing a slow hand-over); the
tasks are idempotent.
"""
from __future__ import annotations

import json
import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from campaign.models import OutboxMessage

log = logging.getLogger(__name__)

#: A row this old is no longer waiting for its own on-commit hand-over.
RELAY_AFTER = timedelta(seconds=5)
#: Rows one relay reads at most.
RELAY_BATCH = 1000


def enqueue(task, *args) -> None:
    """Record ``task(*args)`` in the current transaction; hand it to Celery after commit."""
    message = OutboxMessage.objects.create(task=task.name, args=list(args))
    transaction.on_commit(lambda: _hand_over(message.task, message.args, [message.pk]))


def relay(*, older_than: timedelta = RELAY_AFTER) -> int:
    """Hand to Celery the rows older than ``older_than`` (each distinct task and arguments
    once), deleting them; stop at the first failure. The number of messages sent."""
    cutoff = timezone.now() - older_than
    waiting: dict[tuple[str, str], list[int]] = {}
    for pk, task, args in OutboxMessage.objects.filter(created_at__lte=cutoff).values_list(
        "pk", "task", "args"
    )[:RELAY_BATCH]:
        waiting.setdefault((task, json.dumps(args)), []).append(pk)
    sent = 0
    for (task, args), pks in waiting.items():
        if not _hand_over(task, json.loads(args), pks):
            break
        sent += 1
    return sent


def _hand_over(task: str, args: list, pks: list[int]) -> bool:
    """Publish ``task(*args)`` (run it, when tasks run inline) and delete the rows ``pks``;
    False, logged, when that fails: the rows stay for the relay."""
    from config.celery import app

    try:
        app.tasks[task].apply_async(args=args)
    except Exception:
        log.warning("outbox: %s%s was not handed to Celery; the relay will retry it",
                    task, tuple(args), exc_info=True)
        return False
    try:
        OutboxMessage.objects.filter(pk__in=pks).delete()
    except Exception:  # the message is sent; a row left behind only sends it again
        log.warning("outbox: %s%s was sent but its row not deleted", task, tuple(args),
                    exc_info=True)
    return True
