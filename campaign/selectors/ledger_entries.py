"""The campaign's ledger as people read it: each entry with what it did (its history rows'
texts in the
reader's language), whether a correction voided or amended it, and what an organizer may correct."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator

from campaign.ledger.corrections import check_target, corrections_in
from campaign.ledger.events import CORRECTION_TYPES
from campaign.ledger.fold import apply
from campaign.ledger.state import CampaignState
from campaign.models import Campaign, HistoryEntry
from campaign.pages.timeline import history_text
from campaign.services.corrections import amendable_for
from campaign.services.ledger import ledger_of, state_of

PER_PAGE = 50


@dataclass
class LedgerLine:
    """One ledger entry: ``kind`` (its first effect's history kind), ``texts`` (what it
    did, ``(text, english)`` pairs written as the timelines write them:
    ``campaign.pages.timeline.history_text``), its ``correction`` (voided / amended, by, reason) and
    the correction it is (``target``: the entry it corrects)."""

    version: int
    type: str
    data: dict
    in_game_date: object = None
    kind: str = ""
    texts: list[str] = field(default_factory=list)
    correction: object = None
    target: int | None = None
    voidable: bool = False
    #: The fields an amendment may change (``AmendField``s), none when it cannot be amended.
    amendable: tuple = ()


def ledger_lines(*, campaign: Campaign, page: int | None = None) -> Page:
    """A page of the ledger, the latest entry first (50 a page)."""
    entries = ledger_of(campaign_id=campaign.pk)
    corrections = corrections_in(entries)
    pages = Paginator(list(reversed(entries)), PER_PAGE)
    shown = pages.get_page(page or 1)
    versions = [entry.version for entry in shown.object_list]
    rows: dict[int, list] = {}
    for row in (HistoryEntry.objects.filter(campaign=campaign, version__in=versions)
                .order_by("version", "seq").only("version", "kind", "text", "data",
                                                 "in_game_date")):
        rows.setdefault(row.version, []).append(row)
    table = amendable_for(campaign.rule_system)
    state = state_of(campaign_id=campaign.pk)
    lines = []
    for entry in shown.object_list:
        effects = rows.get(entry.version, [])
        texts = list(dict.fromkeys(history_text(row, campaign.rule_system) for row in effects))
        correction = corrections.get(entry.version)
        voided = correction is not None and correction.kind == "voided"
        correctable = check_target(entry.type) is None and not voided
        data = (dict(correction.data) if correction is not None and correction.data
                else dict(entry.data))
        amendable = table.get(entry.type) if correctable else None
        if amendable is not None and amendable.refusal and amendable.refusal(data, state):
            amendable = None
        lines.append(LedgerLine(
            version=entry.version, type=entry.type, data=data,
            in_game_date=effects[0].in_game_date if effects else None,
            kind=effects[0].kind if effects else "", texts=texts, correction=correction,
            target=int(entry.data["target_version"]) if entry.type in CORRECTION_TYPES
            else None,
            voidable=correctable,
            amendable=amendable.fields if amendable is not None else (),
        ))
    shown.object_list = lines
    return shown


def states_before(*, campaign: Campaign, versions) -> dict[int, CampaignState]:
    """The campaign as it stood just before each entry of ``versions``, as an amendment's
    command sees it (``campaign.services.corrections.amend_entry``): one fold of the ledger
    under all its corrections."""
    wanted = set(versions)
    if not wanted:
        return {}
    entries = ledger_of(campaign_id=campaign.pk)
    corrections = corrections_in(entries)
    state, out = CampaignState(), {}
    for entry in entries:
        if entry.version in wanted:
            out[entry.version] = state
            if len(out) == len(wanted):
                break
        state = apply(state, entry, corrections).state
    return out
