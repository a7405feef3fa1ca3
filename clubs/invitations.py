"""Invitations to join a club (issue 19, "Joining and roles"): an organizer invites by a link
or by e-mail; the invitee signs up or signs in and joins with the invitation's role.

- An invitation is single use and expires (:data:`VALID_FOR`, 7 days by default); an
  organizer may revoke it while it is open.
- Accepting is refused, with the reason, when the invitation is expired, used or revoked
  (:class:`~config.errors.Conflict`), or when the user already belongs to the club
  (``already_a_member``: the invitation stays open and the member keeps his role; organizers
  change roles on the club page).
- An unknown token is :class:`~config.errors.NotFound`, as for an outsider.
- An e-mail invitation is sent by the ``clubs.tasks.send_invitation`` Celery task once the
  invitation is committed.
"""
from __future__ import annotations

import logging
import re
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import require_club_organizer
from clubs.models import Invitation, Membership
from clubs.selectors import member_club
from config.errors import Conflict, Invalid, NotFound

log = logging.getLogger(__name__)

#: What a token may look like (``secrets.token_urlsafe``): anything else is no invitation.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: How long an invitation is valid unless the organizer says otherwise.
VALID_FOR = timedelta(days=7)
#: The longest validity an organizer may give.
MAX_VALID_FOR = timedelta(days=30)


def invitation_url(invitation: Invitation) -> str:
    """The invitation's link, absolute (``SITE_URL``): the page ``/join/<token>/``."""
    return settings.SITE_URL.rstrip("/") + reverse("clubs_pages:join", args=[invitation.token])


def _role(role: str) -> str:
    if role not in Membership.Role.values:
        raise Invalid("bad_role", _("the role must be organizer or player"), field="role")
    return role


def invite(*, user, club_id: int, role: str = Membership.Role.PLAYER, email: str = "",
           valid_for: timedelta = VALID_FOR, language: str | None = None) -> Invitation:
    """A new invitation to ``club_id`` with ``role`` (organizers only); with ``email``, the
    link is e-mailed there (in ``language``) once the invitation is committed."""
    member_club(user=user, club_id=club_id)
    require_club_organizer(user=user, club_id=club_id, what=_("invite people"))
    _role(role)
    email = (email or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise Invalid("bad_email", _("%(email)s is not an e-mail address")
                          % {"email": email}, field="email") from None
    if not timedelta(0) < valid_for <= MAX_VALID_FOR:
        raise Invalid("bad_validity", _("an invitation is valid for 1 to %(days)s days")
                      % {"days": MAX_VALID_FOR.days}, field="valid_for")
    invitation = Invitation.objects.create(
        club_id=club_id, role=role, email=email, created_by=user,
        expires_at=timezone.now() + valid_for)
    if email:
        transaction.on_commit(lambda: _queue_email(invitation.pk, language))
    return invitation


def _queue_email(invitation_id: int, language: str | None) -> None:
    """Hand the e-mail to Celery; a broker that is down is logged, never fails the invite."""
    from clubs.tasks import send_invitation

    try:
        send_invitation.delay(invitation_id, language)
    except Exception:
        log.warning("invitation %s: the e-mail was not queued", invitation_id, exc_info=True)


def open_invitations(*, user, club_id: int) -> QuerySet[Invitation]:
    """The club's invitations not used, revoked nor expired, newest first (organizers only)."""
    member_club(user=user, club_id=club_id)
    require_club_organizer(user=user, club_id=club_id, what=_("see the invitations"))
    return (Invitation.objects.filter(club_id=club_id, used_at__isnull=True, revoked=False,
                                      expires_at__gt=timezone.now())
            .select_related("created_by"))


def revoke(*, user, club_id: int, invitation_id: int) -> Invitation:
    """Revoke an open invitation of the club (organizers only); its link no longer works."""
    member_club(user=user, club_id=club_id)
    require_club_organizer(user=user, club_id=club_id, what=_("revoke invitations"))
    invitation = Invitation.objects.filter(club_id=club_id, pk=invitation_id).first()
    if invitation is None:
        raise NotFound("not_found", _("no invitation %(id)s") % {"id": invitation_id},
                       field="invitation")
    if not Invitation.objects.filter(pk=invitation.pk, used_at__isnull=True).update(
            revoked=True):  # used meanwhile: one conditional UPDATE decides
        raise Conflict("invitation_used", _("this invitation was used already"))
    invitation.revoked = True
    return invitation


def invitation_for(*, token: str) -> Invitation:
    """The invitation of a link, whatever its state; :class:`NotFound` for an unknown token."""
    invitation = None
    if TOKEN.fullmatch(str(token)):  # never a string the database refuses (NUL) in a query
        invitation = (Invitation.objects.select_related("club", "created_by")
                      .filter(token=token).first())
    if invitation is None:
        raise NotFound("not_found", _("this invitation link is not valid"), field="token")
    return invitation


def check_open(invitation: Invitation) -> None:
    """:class:`Conflict` with the reason unless the invitation can still be accepted."""
    if invitation.revoked:
        raise Conflict("invitation_revoked", _("this invitation was revoked by an organizer"))
    if invitation.used_at is not None:
        raise Conflict("invitation_used", _("this invitation was used already"))
    if invitation.expires_at <= timezone.now():
        raise Conflict("invitation_expired", _("this invitation has expired; ask the club's "
                                               "organizer for a new one"))


def check_acceptable(invitation: Invitation, *, user) -> None:
    """:func:`check_open`, and :class:`Conflict` ``already_a_member`` for a member of the
    club (he keeps his role; the invitation stays open)."""
    check_open(invitation)
    existing = Membership.objects.filter(club_id=invitation.club_id, user=user).first()
    if existing is not None:
        raise Conflict("already_a_member", _("you are already a member of %(club)s as "
                                             "%(role)s") % {
            "club": invitation.club.name, "role": existing.get_role_display()})


def accept(*, user, token: str) -> Membership:
    """Join the invitation's club with its role (a signed-in user); the invitation is spent.

    Single use even under concurrency: the invitation is marked used by one conditional
    UPDATE, which only one request can win."""
    if not getattr(user, "is_authenticated", False):
        raise Invalid("not_signed_in", _("sign in or sign up to accept the invitation"))
    invitation = invitation_for(token=token)
    check_acceptable(invitation, user=user)
    now = timezone.now()
    with transaction.atomic():
        won = Invitation.objects.filter(
            pk=invitation.pk, used_at__isnull=True, revoked=False, expires_at__gt=now,
        ).update(used_at=now, used_by=user)
        if not won:
            invitation.refresh_from_db()
            check_open(invitation)
            raise Conflict("invitation_used", _("this invitation was used already"))
        try:
            with transaction.atomic():
                return Membership.objects.create(club_id=invitation.club_id, user=user,
                                                 role=invitation.role)
        except IntegrityError:  # joined meanwhile by another invitation
            raise Conflict("already_a_member", _("you are already a member of %(club)s")
                           % {"club": invitation.club.name}) from None
