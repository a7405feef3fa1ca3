"""The e-mail that carries an invitation's link (``clubs.tasks.send_invitation``), in the
language of the organizer's request that made the invitation."""
from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import timezone, translation

from clubs.invitations import invitation_url
from clubs.models import Invitation


def send_invitation_email(*, invitation_id: int, language: str | None = None) -> int:
    """Send the invitation's e-mail; 0 (nothing sent) if it was used, revoked or expired
    meanwhile, or has no address."""
    invitation = (Invitation.objects.select_related("club", "created_by")
                  .filter(pk=invitation_id, used_at__isnull=True, revoked=False,
                          expires_at__gt=timezone.now()).exclude(email="").first())
    if invitation is None:
        return 0
    with translation.override(language or settings.LANGUAGE_CODE):
        context = {
            "club": invitation.club.name,
            "role": invitation.get_role_display(),
            "inviter": invitation.created_by.get_username() if invitation.created_by else "",
            "url": invitation_url(invitation),
            "expires_at": invitation.expires_at,
        }
        subject = render_to_string("email/invitation_subject.txt", context)
        body = render_to_string("email/invitation.txt", context)
    return send_mail(" ".join(subject.split()), body, None, [invitation.email])
