"""Who may change what in a campaign: its club's organizers run it (``clubs.access``),
players command their own forces.

``user=None`` is the system itself (Celery tasks, management commands): always allowed.
Outsiders never learn a campaign exists (404, see ``campaign.selectors.campaigns``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.ledger.state import CampaignState
from campaign.ledger.state import Force as ForceState
from campaign.models import Campaign
from campaign.pages.terms import STATUS, term
from clubs.access import may_organize, require_club_organizer, role_in_club
from config.errors import Forbidden, Invalid, NotFound, Refused


def status_text(soldier) -> str:
    """A soldier's status as a sentence fragment in the request's language ("recovering until
    1942-06-14"), for refusals (the ledger's own ``describe_status`` stays English)."""
    if soldier.status == "recovering" and soldier.recovery_due:
        return _("recovering until %(date)s") % {"date": soldier.recovery_due.isoformat()}
    if soldier.status == "wounded":
        return _("wounded, awaiting evacuation")
    return str(term(STATUS, soldier.status))


def require_organizer(*, user, campaign: Campaign, what: str) -> None:
    """``not_an_organizer`` (``config.errors.Forbidden``) unless the user organizes the
    campaign's club (:func:`clubs.access.require_club_organizer`)."""
    require_club_organizer(user=user, club_id=campaign.club_id, what=what)


def require_force_editor(*, user, campaign: Campaign, force: ForceState) -> None:
    """403 ``not_your_force`` unless the user owns the force or organizes the club."""
    role = role_in_club(user=user, club_id=campaign.club_id)
    if may_organize(role):
        return
    if role is not None and force.owner_id == user.pk:
        return
    raise Forbidden(
        "not_your_force",
        _("only %(force)s's owner and the club's organizers may change it") % {"force": force.name},
    )


def not_found(what: str, ref: object, field: str | None = None) -> NotFound:
    return NotFound(
        "not_found", _("no %(what)s %(ref)s in this campaign") % {"what": what, "ref": ref}, field=field,
    )


def refused(code: str, message: str, *, field: str | None = None, rule: str | None = None):
    """A command the campaign's state does not allow."""
    return Refused(code, message, field=field, rule=rule)


def bad_input(code: str, message: str, *, field: str | None = None) -> Invalid:
    return Invalid(code, message, field=field)


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
