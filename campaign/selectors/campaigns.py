"""Which campaigns a user sees: those of the clubs he belongs to (outsiders get 404)."""
from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.models import Campaign
from clubs.selectors import clubs_of
from config.errors import NotFound


def visible_campaigns(*, user) -> QuerySet[Campaign]:
    """Campaigns of the clubs the user belongs to."""
    if not getattr(user, "is_authenticated", False):
        return Campaign.objects.none()
    return Campaign.objects.filter(club_id__in=clubs_of(user=user)).select_related("club")


def campaign_for(*, user, campaign_id: int) -> Campaign:
    """The campaign, if the user belongs to its club; 404 ``not_found`` otherwise (its
    existence is not disclosed)."""
    campaign = visible_campaigns(user=user).filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound("not_found", _("no campaign %(campaign_id)s") % {"campaign_id": campaign_id})
    return campaign
