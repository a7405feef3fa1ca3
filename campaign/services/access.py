"""Who may change what in a campaign: organizers run it, players command their own forces.

``user=None`` is the system itself (Celery tasks, management commands): always allowed.
Outsiders never learn a campaign exists (404, see ``campaign.selectors.campaigns``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import status

from campaign.ledger.state import CampaignState
from campaign.ledger.state import Force as ForceState
from campaign.models import Campaign, Membership
from campaign.pages.terms import STATUS, term
from campaign.selectors.clubs import club_role
from config.api_errors import ApiError


def role_in(*, user, campaign: Campaign) -> str | None:
    """``"organizer"``, ``"player"``, ``"system"`` (``user`` is None) or None."""
    if user is None:
        return "system"
    return club_role(user=user, club_id=campaign.club_id)


def status_text(soldier) -> str:
    """A soldier's status as a sentence fragment in the request's language ("recovering until
    1942-06-14"), for refusals (the ledger's own ``describe_status`` stays English)."""
    if soldier.status == "recovering" and soldier.recovery_due:
        return _("recovering until %(date)s") % {"date": soldier.recovery_due.isoformat()}
    if soldier.status == "wounded":
        return _("wounded, awaiting evacuation")
    return str(term(STATUS, soldier.status))


def require_organizer(*, user, campaign: Campaign, what: str) -> None:
    """403 ``not_an_organizer`` unless the user organizes the campaign's club."""
    require_club_organizer(user=user, club_id=campaign.club_id, what=what)


def require_club_organizer(*, user, club_id: int, what: str) -> None:
    """403 ``not_an_organizer`` unless the user organizes the club (``None``: the system)."""
    if user is not None and club_role(user=user, club_id=club_id) != Membership.Role.ORGANIZER:
        raise ApiError(
            "not_an_organizer",
            _("only the club's organizers may %(what)s") % {"what": what},
            status_code=status.HTTP_403_FORBIDDEN,
        )


def require_force_editor(*, user, campaign: Campaign, force: ForceState) -> None:
    """403 ``not_your_force`` unless the user owns the force or organizes the club."""
    role = role_in(user=user, campaign=campaign)
    if role in ("system", Membership.Role.ORGANIZER):
        return
    if role is not None and force.owner_id == user.pk:
        return
    raise ApiError(
        "not_your_force",
        _("only %(force)s's owner and the club's organizers may change it") % {"force": force.name},
        status_code=status.HTTP_403_FORBIDDEN,
    )


def not_found(what: str, ref: object, field: str | None = None) -> ApiError:
    return ApiError(
        "not_found", _("no %(what)s %(ref)s in this campaign") % {"what": what, "ref": ref}, field=field,
        status_code=status.HTTP_404_NOT_FOUND,
    )


def refused(code: str, message: str, *, field: str | None = None, rule: str | None = None):
    """A command the campaign's state does not allow: HTTP 422."""
    return ApiError(
        code, message, field=field, rule=rule,
        status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
    )


def bad_input(code: str, message: str, *, field: str | None = None) -> ApiError:
    return ApiError(code, message, field=field)


def force_in_state(state: CampaignState, force_id: int, field: str = "force_id") -> ForceState:
    force = state.forces.get(force_id)
    if force is None:
        raise not_found("force", force_id, field)
    return force


def editable_force(
    state: CampaignState, force_id: int, *, user, campaign: Campaign, field: str = "force_id"
) -> ForceState:
    """The campaign's force ``force_id`` (404 if it has none), if the user may change it
    (else 403, :func:`require_force_editor`)."""
    force = force_in_state(state, force_id, field)
    require_force_editor(user=user, campaign=campaign, force=force)
    return force
