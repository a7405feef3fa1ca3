"""Celery tasks of the clubs app: the invitation e-mail (queued by ``clubs.invitations.invite``
once the invitation is committed)."""
from __future__ import annotations

from celery import shared_task


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_invitation(invitation_id: int, language: str | None = None) -> int:
    """E-mail an invitation's link to its address; 0 when it is no longer open."""
    from clubs.invitation_email import send_invitation_email

    return send_invitation_email(invitation_id=invitation_id, language=language)
