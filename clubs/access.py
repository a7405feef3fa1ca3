"""Who may change what in a club: organizers run it (its campaigns, its battles' results),
players take part.

``user=None`` is the system itself (Celery tasks, management commands): always allowed.
The checks raise :mod:`config.errors` (the API gives them their statuses).
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from clubs.models import Membership
from clubs.selectors import club_role
from config.errors import Forbidden

#: The role of ``user=None``: the system itself.
SYSTEM = "system"


def role_in_club(*, user, club_id: int) -> str | None:
    """``"organizer"``, ``"player"``, ``"system"`` (``user`` is None) or None (an outsider)."""
    if user is None:
        return SYSTEM
    return club_role(user=user, club_id=club_id)


def may_organize(role: str | None) -> bool:
    """Whether a role (:func:`role_in_club`) runs the club: its organizers and the system."""
    return role in (SYSTEM, Membership.Role.ORGANIZER)


def require_club_organizer(*, user, club_id: int, what: str) -> None:
    """:class:`Forbidden` ``not_an_organizer`` unless the user organizes the club (``None``:
    the system). ``what`` completes "only the club's organizers may ..."."""
    if not may_organize(role_in_club(user=user, club_id=club_id)):
        raise Forbidden(
            "not_an_organizer", _("only the club's organizers may %(what)s") % {"what": what}
        )
