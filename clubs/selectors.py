"""Who belongs to which club, and in which role (keyword-only, typed).

Outsiders never learn a club exists: :func:`member_club` answers 404 for a club the user
is not a member of, exactly as for a club that does not exist.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import F, QuerySet
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from config.errors import NotFound


def club_role(*, user, club_id: int) -> str | None:
    """The user's role in the club (``"organizer"`` or ``"player"``), or None for outsiders."""
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        Membership.objects.filter(club_id=club_id, user=user).values_list("role", flat=True).first()
    )


def member_club(*, user, club_id: int, field: str = "club") -> Club:
    """The club, if the user belongs to it; :class:`NotFound` ``not_found`` otherwise."""
    club = None
    if getattr(user, "is_authenticated", False):
        club = Club.objects.filter(pk=club_id, memberships__user=user).first()
    if club is None:
        raise NotFound("not_found", _("no club %(club)s") % {"club": club_id}, field=field)
    return club


def clubs_of(*, user) -> QuerySet:
    """The ids of the clubs the user belongs to (a subquery: ``club_id__in=clubs_of(...)``)."""
    return Membership.objects.filter(user=user).values("club_id")


def organized_clubs(*, user) -> QuerySet:
    """The ids of the clubs the user organizes (a subquery, as :func:`clubs_of`)."""
    return Membership.objects.filter(user=user, role=Membership.Role.ORGANIZER).values("club_id")


def members(*, club_id: int) -> QuerySet:
    """The users who belong to the club, whatever their role."""
    return get_user_model().objects.filter(memberships__club_id=club_id)


def clubs_with_role(*, user) -> QuerySet[Club]:
    """The clubs the user belongs to, by name, each with ``role``: the user's role in it."""
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return (Club.objects.filter(memberships__user=user)
            .annotate(role=F("memberships__role")).order_by("name"))
