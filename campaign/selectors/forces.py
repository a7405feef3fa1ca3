"""The force sheet and the roster, from the read projections."""
from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.models import Campaign, Force, Formation, Soldier, Squad
from config.errors import NotFound


def _one(model, campaign: Campaign, ref: int, what: str):
    row = model.objects.filter(campaign=campaign, ref=ref).first()
    if row is None:
        raise NotFound("not_found", _("no %(what)s %(ref)s in this campaign") % {"what": what, "ref": ref})
    return row


def force_of(*, campaign: Campaign, ref: int) -> Force:
    return _one(Force, campaign, ref, "force")


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
    """A force (the row) with its chain of command, squads, soldiers and the prisoners it
    holds (querysets, each one indexed query)."""
    force = force_of(campaign=campaign, ref=ref)
    return {
        "force": force,
        "formations": formations(campaign=campaign).filter(force_ref=ref),
        "squads": squads(campaign=campaign).filter(force_ref=ref),
        "soldiers": soldiers(campaign=campaign).filter(force_ref=ref),
        "prisoners_held": soldiers(campaign=campaign).filter(held_by_force_ref=ref,
                                                             status="captured"),
    }
