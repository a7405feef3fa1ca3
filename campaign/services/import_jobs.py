"""A campaign import as a Celery task whose progress a page polls.

:func:`start_import` checks who asks (an organizer of the target club), keeps the file in
the cache (shared by the web and worker processes when Redis is deployed) and queues
:func:`campaign.tasks.import_campaign`; with tasks running inline (the embedded default) the
import is done when it returns. The task reports its progress (events appended out of the
file's total) in the cache as it goes: the import's own transaction hides everything else
until it commits. :func:`job_status` gives that progress, then the new campaign or the
refusal (in the language of the request that started it), to the user who started it only.
"""
from __future__ import annotations

import logging
import re
import secrets
from typing import Any

from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext as _
from kombu.exceptions import KombuError

from campaign.services.access import require_club_organizer
from clubs.models import Club
from config import errors
from config.rule_messages import localize_rule_message

log = logging.getLogger(__name__)

#: How long a job's status and its file are kept (seconds).
STATUS_TTL = 24 * 3600
FILE_TTL = 3600
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


#: What ``secrets.token_urlsafe(16)`` makes: a job id is nothing else (never a cache key).
JOB_ID = re.compile(r"[A-Za-z0-9_-]{22}")


def _key(job: str) -> str:
    return f"campaign-import:{job}"


def _file_key(job: str) -> str:
    return f"campaign-import:{job}:file"


def start_import(*, user, club: Club, document: Any, name: str | None = None,
                 language: str | None = None) -> dict:
    """Queue the import of ``document`` into ``club``; the job's status (final when tasks
    run inline, or when the cache cannot hold the file: then it is imported right here)."""
    require_club_organizer(user=user, club_id=club.pk, what=_("import a campaign"))
    from campaign.tasks import import_campaign

    job = secrets.token_urlsafe(16)
    cache.set(_key(job), {"job": job, "user": user.pk, "club": club.pk, "name": name,
                          "state": QUEUED, "done": 0, "total": None}, STATUS_TTL)
    cache.set(_file_key(job), document, FILE_TTL)
    if cache.get(_file_key(job)) is None:  # no cache to hand the file over: import it here
        run_import(job=job, language=language, document=document)
    else:
        try:
            import_campaign.delay(job, language)
        except (KombuError, OSError) as error:  # no broker now: import it here
            log.warning("campaign import %s runs in the request: %s", job, error)
            run_import(job=job, language=language)
    return job_status(user=user, job=job)


def job_status(*, user, job: str) -> dict:
    """``{"job", "state", "done", "total", "campaign"?, "error"?}`` of the user's own job;
    ``NotFound`` for anyone else's, or a job forgotten."""
    status = cache.get(_key(job)) if isinstance(job, str) and JOB_ID.fullmatch(job) else None
    if status is None or status.get("user") != getattr(user, "pk", None):
        raise errors.NotFound("not_found", _("no import %(job)s") % {"job": job}, field="job")
    return {k: v for k, v in status.items() if k not in ("user", "club", "name")}


def run_import(*, job: str, language: str | None = None, document: Any = None) -> dict | None:
    """The task's work: import the job's file, reporting progress; the final status."""
    from django.contrib.auth import get_user_model

    from campaign.services.transfer import import_campaign

    status = cache.get(_key(job))
    if status is None or status["state"] in (DONE, FAILED):  # forgotten, or redelivered
        return status
    if document is None:
        document = cache.get(_file_key(job))
    with translation.override(language or translation.get_language()):
        if document is None:
            return _finish(job, status, FAILED, error=_refusal(errors.Conflict(
                "import_expired", _("the file of this import is no longer kept: send it again"))))
        _save(job, {**status, "state": RUNNING})

        def progress(done: int, total: int) -> None:
            _save(job, {**status, "state": RUNNING, "done": done, "total": total})

        try:
            result = import_campaign(
                user=get_user_model().objects.get(pk=status["user"]),
                club=Club.objects.get(pk=status["club"]),
                document=document, name=status.get("name"), progress=progress,
            )
        except errors.DomainError as error:
            status = cache.get(_key(job)) or status
            return _finish(job, status, FAILED, error=_refusal(error))
        finally:
            cache.delete(_file_key(job))
    status = cache.get(_key(job)) or status
    return _finish(job, status, DONE, campaign={
        "id": result.campaign.pk, "name": result.campaign.name,
        "unmatched_users": result.unmatched_users,
        "unmatched_participants": result.unmatched_participants,
    })


def _refusal(error: errors.DomainError) -> dict:
    """What the job keeps of a refusal, for whoever polls it: its kind (``config.errors``:
    the API gives it its status), code, sentence in the job's language, rule and field."""
    message = localize_rule_message(error.extra.get("rule_code", error.code), error.message)
    return {"kind": type(error).__name__, "code": error.code, "message": str(message),
            "rule": error.rule, "field": error.field,
            **{k: v for k, v in error.extra.items() if k != "rule_code"}}


def _save(job: str, status: dict) -> None:
    cache.set(_key(job), status, STATUS_TTL)


def _finish(job: str, status: dict, state: str, **extra) -> dict:
    final = {**status, "state": state, **extra}
    if state == DONE:
        final["done"] = final.get("total") or final.get("done")
    _save(job, final)
    return final
