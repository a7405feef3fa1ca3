"""As-of views: the campaign as it stood at a ledger version, before a battle, or on an
in-game date (DESIGN principle 8: the fold of the ledger up to that point), and the
difference between two such moments. Every moment is read under every correction recorded
so far (as the battles' ``?at=N``): a voided death is absent from every as-of view, the
version it was recorded at included."""
from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _

from campaign.ledger.corrections import corrections_in, effective
from campaign.ledger.diff import diff_states
from campaign.ledger.fold import apply, battle_started_entry, fold, fold_to_date
from campaign.ledger.state import CampaignState, state_json
from campaign.models import Campaign
from campaign.services.ledger import ledger_of, state_of
from config.errors import Invalid, NotFound, Refused


def state_as_of(
    *,
    campaign: Campaign,
    version: int | None = None,
    before_battle: int | None = None,
    on_date: date | None = None,
) -> CampaignState:
    """The campaign at one moment; at most one of ``version`` (after that ledger event),
    ``before_battle`` (just before the battle was set up) and ``on_date`` (the end of that
    in-game day). None of them: now."""
    if sum(x is not None for x in (version, before_battle, on_date)) > 1:
        raise Invalid("bad_moment", _("give one of version, before_battle, on_date"))
    if version is None and before_battle is None and on_date is None:
        return state_of(campaign_id=campaign.pk)  # the process's kept fold, extended
    everything = ledger_of(campaign_id=campaign.pk)
    corrections = corrections_in(everything)  # the past as the ledger reads it now
    entries = everything if version is None else everything[:version]
    if before_battle is not None:
        started = battle_started_entry(before_battle)
        if not any(started(e) for e in entries):
            raise NotFound("not_found", _("battle %(before_battle)s is not part of this campaign") % {"before_battle": before_battle},
                           field="before_battle")
        return fold(entries, stop_before=started, corrections=corrections)
    if on_date is not None:
        if campaign.start_date and on_date < campaign.start_date:
            raise Refused("before_start", _("the campaign starts on %(date)s") % {"date": campaign.start_date.isoformat()}, field="on_date")
        return fold_to_date(entries, on_date, corrections)
    return fold(entries, corrections=corrections)


def as_of(*, campaign: Campaign, force_id: int | None = None, **moment) -> dict:
    """The state at a moment as JSON (one force of it with ``force_id``)."""
    state = state_as_of(campaign=campaign, **moment)
    if force_id is not None and force_id not in state.forces:
        raise NotFound("not_found", _("no force %(force_id)s at that moment") % {"force_id": force_id}, field="force")
    return state_json(state, force_id=force_id)


def difference(
    *, campaign: Campaign, before: dict, after: dict, force_id: int | None = None
) -> dict:
    """What changed between two moments (each a dict of ``state_as_of`` arguments)."""
    return diff_states(state_as_of(campaign=campaign, **before),
                       state_as_of(campaign=campaign, **after), force_id=force_id)


def across_event(*, campaign: Campaign, found) -> tuple[int, CampaignState, CampaignState] | None:
    """The latest ledger event ``found(entry)`` accepts that no correction voided, as
    ``(version, the state just before it, the state just after it)``, read under every
    correction recorded (a battle reopened and taken over again shows its last take-over):
    one read of the ledger and one fold (None if there is no such event)."""
    entries = ledger_of(campaign_id=campaign.pk)
    corrections = corrections_in(entries)
    index = next((i for i in range(len(entries) - 1, -1, -1)
                  if found(entries[i]) and effective(entries[i], corrections) is not None),
                 None)
    if index is None:
        return None
    before = fold(entries[:index], corrections=corrections)
    return entries[index].version, before, apply(before, entries[index], corrections).state
