"""Which of a force's lost soldiers its sheet shows first: the living and the recent fallen.

A force sheet grows with the campaign's dead (issue 17: 442 -> 1,177 soldiers over a long
campaign). What a player looks at is who can still fight and who was lost lately, so the
sheet lists the living (fit, wounded, recovering) and **the recent fallen**: the dead and
captured whose loss came at or after the start of the force's latest concluded battle (the
casualties of its last battle and every loss recorded since). A force that has not finished
a battle yet shows all its fallen. The older fallen are read on demand, newest loss first,
a page at a time (``older_fallen``; the API's ``forces/<ref>/fallen/``, the page's
``?fallen=N``).

"Recent" is measured in ledger versions, so "now" and any earlier moment (the force page's
"before battle N") use the same rule with ``up_to``.
"""
from __future__ import annotations

from django.db.models import Max, Q, QuerySet

from campaign.models import Campaign, HistoryEntry, Soldier

#: Statuses of the fallen: no longer on the squad's strength.
FALLEN = ("dead", "captured")
#: History kinds that mark a soldier's loss (``campaign.ledger.fold``).
LOSS_KINDS = ("died", "captured")


def recent_since(*, campaign: Campaign, force_ref: int, up_to: int | None = None) -> int:
    """The ledger version from which a loss counts as recent for the force: the start of its
    latest battle taken over by ``up_to`` (0 if none: every loss is recent)."""
    taken_over = HistoryEntry.counted.filter(campaign=campaign, kind="result_taken_over",
                                             battle_id__isnull=False)
    started = HistoryEntry.counted.filter(
        campaign=campaign, subject=HistoryEntry.Subject.FORCE, subject_ref=force_ref,
        kind="battle_started", battle_id__in=taken_over.values("battle_id"))
    if up_to is not None:
        taken_over = taken_over.filter(version__lte=up_to)
        started = started.filter(version__lte=up_to,
                                 battle_id__in=taken_over.values("battle_id"))
    return started.aggregate(v=Max("version"))["v"] or 0


def shown_soldiers(*, campaign: Campaign, force_ref: int, since: int) -> QuerySet[Soldier]:
    """The force's living and recent fallen (the projections: now)."""
    return Soldier.objects.filter(campaign=campaign, force_ref=force_ref).filter(
        ~Q(status__in=FALLEN) | Q(version__gte=since)).order_by("ref")


def older_fallen(*, campaign: Campaign, force_ref: int, since: int) -> QuerySet[Soldier]:
    """The force's fallen lost before ``since``, the latest loss first (now)."""
    return Soldier.objects.filter(campaign=campaign, force_ref=force_ref, status__in=FALLEN,
                                  version__lt=since).order_by("-version", "-ref")


def loss_versions(*, campaign: Campaign, soldier_refs, up_to: int | None = None) -> dict:
    """Soldier ref -> the ledger version of his latest loss (death or capture) by ``up_to``:
    when each of the fallen of an earlier moment fell (the fold carries no versions)."""
    rows = HistoryEntry.counted.filter(
        campaign=campaign, subject=HistoryEntry.Subject.SOLDIER,
        subject_ref__in=list(soldier_refs), kind__in=LOSS_KINDS)
    if up_to is not None:
        rows = rows.filter(version__lte=up_to)
    return dict(rows.values("subject_ref").annotate(v=Max("version"))
                .values_list("subject_ref", "v"))
