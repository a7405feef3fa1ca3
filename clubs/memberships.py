"""Organizers change members' roles and remove members; a member may leave (issue 19).

A club always keeps an organizer: demoting, removing or letting leave its last organizer is
refused (:class:`~config.errors.Refused` ``last_organizer``). The club's organizer rows are
locked while the count is checked, so two organizers demoting each other at once cannot
both succeed.
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from clubs.access import require_club_organizer
from clubs.models import Membership
from clubs.selectors import member_club
from config.errors import Invalid, NotFound, Refused


def memberships(*, user, club_id: int) -> QuerySet[Membership]:
    """The club's members (readable by its members), organizers first, then by name."""
    member_club(user=user, club_id=club_id)
    return (Membership.objects.filter(club_id=club_id).select_related("user")
            .order_by("role", "user__username"))


def _membership(*, club_id: int, membership_id: int) -> Membership:
    membership = (Membership.objects.select_related("user", "club")
                  .filter(club_id=club_id, pk=membership_id).first())
    if membership is None:
        raise NotFound("not_found", _("no member %(id)s") % {"id": membership_id},
                       field="member")
    return membership


def _keep_an_organizer(membership: Membership) -> None:
    """:class:`Refused` if ``membership`` is its club's last organizer (rows locked)."""
    if membership.role != Membership.Role.ORGANIZER:
        return
    organizers = list(Membership.objects.select_for_update().filter(
        club_id=membership.club_id, role=Membership.Role.ORGANIZER).values_list("pk", flat=True))
    if organizers == [membership.pk]:
        raise Refused("last_organizer", _("%(name)s is the last organizer of %(club)s: make "
                                          "another member an organizer first") % {
            "name": membership.user.get_username(), "club": membership.club.name})


def change_role(*, user, club_id: int, membership_id: int, role: str) -> Membership:
    """Give a member another role (organizers only)."""
    member_club(user=user, club_id=club_id)
    require_club_organizer(user=user, club_id=club_id, what=_("change roles"))
    if role not in Membership.Role.values:
        raise Invalid("bad_role", _("the role must be organizer or player"), field="role")
    with transaction.atomic():
        membership = _membership(club_id=club_id, membership_id=membership_id)
        if membership.role == role:
            return membership
        if role != Membership.Role.ORGANIZER:
            _keep_an_organizer(membership)
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def remove_member(*, user, club_id: int, membership_id: int) -> Membership:
    """Remove a member from the club: organizers remove anyone, a member removes himself
    (leaves). The removed membership is returned."""
    member_club(user=user, club_id=club_id)
    with transaction.atomic():
        membership = _membership(club_id=club_id, membership_id=membership_id)
        if membership.user_id != user.pk:
            require_club_organizer(user=user, club_id=club_id, what=_("remove members"))
        _keep_an_organizer(membership)
        membership.delete()
    return membership


def leave_club(*, user, club_id: int) -> Membership:
    """The user leaves the club (not its last organizer)."""
    club = member_club(user=user, club_id=club_id)
    own = Membership.objects.get(club=club, user=user)
    return remove_member(user=user, club_id=club_id, membership_id=own.pk)
