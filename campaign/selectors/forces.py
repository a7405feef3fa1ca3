"""The force sheet and the roster, from the read projections."""
from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.models import Campaign, Force, Formation, Soldier, Squad
from campaign.selectors import fallen
from config.errors import NotFound


def _one(model, campaign: Campaign, ref: int, what: str):
    row = model.objects.filter(campaign=campaign, ref=ref).first()
    if row is None:
        raise NotFound("not_found", _("no %(what)s %(ref)s in this campaign") % {"what": what, "ref": ref})
    return row


def force_of(*, campaign: Campaign, ref: int) -> Force:
    return _one(Force, campaign, ref, "force")


def formation_of(*, campaign: Campaign, ref: int) -> Formation:
    return _one(Formation, campaign, ref, "formation")


def squad_of(*, campaign: Campaign, ref: int) -> Squad:
    return _one(Squad, campaign, ref, "squad")


def soldier_of(*, campaign: Campaign, ref: int) -> Soldier:
    return _one(Soldier, campaign, ref, "soldier")


def forces(*, campaign: Campaign) -> QuerySet[Force]:
    return Force.objects.filter(campaign=campaign).order_by("ref")


def formations(*, campaign: Campaign) -> QuerySet[Formation]:
    return Formation.objects.filter(campaign=campaign).order_by("ref")


def squads(*, campaign: Campaign) -> QuerySet[Squad]:
    return Squad.objects.filter(campaign=campaign).order_by("ref")


def soldiers(*, campaign: Campaign) -> QuerySet[Soldier]:
    return Soldier.objects.filter(campaign=campaign).order_by("ref")


def force_sheet(*, campaign: Campaign, ref: int) -> dict:
    """A force (the row) with its chain of command, squads, its living and recent fallen
    soldiers (``campaign.selectors.fallen``), how many older fallen there are, and the
    prisoners it holds (querysets, each one indexed query)."""
    force = force_of(campaign=campaign, ref=ref)
    since = fallen.recent_since(campaign=campaign, force_ref=ref)
    return {
        "force": force,
        "formations": formations(campaign=campaign).filter(force_ref=ref),
        "squads": squads(campaign=campaign).filter(force_ref=ref),
        "soldiers": fallen.shown_soldiers(campaign=campaign, force_ref=ref, since=since),
        "recent_since": since,
        "older_fallen": fallen.older_fallen(campaign=campaign, force_ref=ref, since=since),
        "prisoners_held": soldiers(campaign=campaign).filter(held_by_force_ref=ref,
                                                             status="captured"),
    }
