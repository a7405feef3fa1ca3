"""Voiding and amending ledger entries (organizers): a correction is a new ledger event,
the stream is never rewritten (DESIGN principle 4; :mod:`campaign.ledger.corrections`).

- **Void** any entry but those :data:`campaign.ledger.corrections.NOT_CORRECTABLE` names
  (the campaign's start and end, corrections, a battle's start; a battle's taken-over
  result is corrected by reopening the battle).
- **Amend** only entries whose payload an organizer typed and whose checks can be run
  again (:data:`AMENDABLE`): a calendar step's days, a death's cause, a scenario's recorded
  results. The amendment is checked like the original, against the state just before the
  entry (under the corrections already recorded).
- Either way the whole ledger is folded again under the new correction: when a later entry
  no longer fits (a voided recruit who later died, a voided scenario whose battle started),
  the correction is refused (409 ``correction_breaks_ledger``) naming that entry; correct
  that one first. The checks a command made when it was recorded (a recovery roll due,
  room in a squad) are not run again: the fold trusts them.

A reason is required. Projections are rebuilt under the correction
(:mod:`campaign.services.projection`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.corrections import VOIDED, check_target, corrections_in
from campaign.ledger.events import (
    CalendarAdvanced,
    EntryAmended,
    EntryVoided,
    LedgerEvent,
    ScenarioAttributesSet,
    ScenarioResultRecorded,
    SoldierDied,
)
from campaign.ledger.fold import apply, fold
from campaign.ledger.state import CampaignState, Entry
from campaign.models import Campaign, HistoryEntry
from campaign.services.access import bad_input, refused, require_organizer
from campaign.services.campaigns import check_days
from campaign.services.ledger import Recorded, WriteOptions, ledger_of, write
from campaign.services.scenarios import result_entries
from config.errors import Conflict, NotFound
from rules.core.errors import RuleError

#: Longest reason (and death cause) accepted.
REASON_MAX = 500

#: Why an entry type cannot be corrected, by :data:`NOT_CORRECTABLE` code.
_WHY_NOT = {
    "campaign_start": lambda: _("the campaign's start cannot be corrected"),
    "campaign_end": lambda: _("the campaign's end cannot be corrected"),
    "correction": lambda: _("a correction cannot be corrected: amend the entry it corrects "
                            "again"),
    "battle_start": lambda: _("a battle's set-up cannot be corrected: the battle was created "
                              "from it"),
    "battle_result": lambda: _("a battle's taken-over result is corrected by reopening the "
                               "battle: its next take-over replaces this one"),
}


def void_entry(
    *, user, campaign: Campaign, target_version: int, reason: str,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """Void the ledger entry at ``target_version`` (``reason`` required)."""
    require_organizer(user=user, campaign=campaign, what=_("correct the ledger"))
    reason = _check_reason(reason)

    def decide(state: CampaignState) -> list[LedgerEvent]:
        entries = ledger_of(campaign_id=campaign.pk, to_version=state.version)
        target = _target(entries, target_version)
        event = EntryVoided(target_version=target_version, target_type=target.type,
                            reason=reason)
        refold_with(campaign=campaign, entries=entries, events=[event])
        return [event]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def amend_entry(
    *, user, campaign: Campaign, target_version: int, data: Mapping[str, Any], reason: str,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """Amend the ledger entry at ``target_version``: ``data`` holds the fields that change
    (:data:`AMENDABLE`), checked as the command that recorded it checked them."""
    require_organizer(user=user, campaign=campaign, what=_("correct the ledger"))
    reason = _check_reason(reason)
    if not isinstance(data, Mapping) or not data:
        raise bad_input("bad_amendment", _("an amendment needs the entry's new data"),
                        field="data")

    def decide(state: CampaignState) -> list[LedgerEvent]:
        entries = ledger_of(campaign_id=campaign.pk, to_version=state.version)
        target = _target(entries, target_version)
        amendable = AMENDABLE.get(target.type)
        if amendable is None:
            raise refused("not_amendable",
                          _("entry #%(version)s (%(what)s) can only be voided")
                          % {"version": target_version, "what": _what(campaign, target)},
                          field="target_version")
        fields, check = amendable
        unknown = [name for name in data if name not in fields]
        if unknown:
            raise bad_input("bad_amendment", _("%(field)s cannot be amended here (only %(fields)s)")
                            % {"field": unknown[0], "fields": ", ".join(fields)},
                            field=f"data.{unknown[0]}")
        corrections = corrections_in(entries)
        before = fold(entries[: target_version - 1], corrections=corrections)
        found = corrections.get(target_version)
        current = dict(found.data) if found is not None and found.data else dict(target.data)
        amended = {**current, **check(before, current, data)}
        event = EntryAmended(target_version=target_version, target_type=target.type,
                             data=amended, reason=reason)
        refold_with(campaign=campaign, entries=entries, events=[event])
        return [event]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def refold_with(
    *, campaign: Campaign, entries: Sequence[Entry], events: Sequence[LedgerEvent]
) -> CampaignState:
    """The state after ``entries`` (the whole ledger) and the new ``events``, every entry
    folded again under the corrections among them; 409 ``correction_breaks_ledger`` naming
    the first entry that no longer fits."""
    version = entries[-1].version if entries else 0
    new = [Entry(version + n, e.type, e.to_data()) for n, e in enumerate(events, start=1)]
    everything = [*entries, *new]
    corrections = corrections_in(everything)
    state = CampaignState()
    for entry in everything:
        try:
            state = apply(state, entry, corrections).state
        except Exception as error:  # noqa: BLE001 - any failure of the fold: it no longer fits
            raise Conflict(
                "correction_breaks_ledger",
                _("the correction would leave entry #%(version)s (%(what)s) without what it "
                  "needs: correct that entry first") % {"version": entry.version,
                                                      "what": _what(campaign, entry)},
                field="target_version",
            ) from error
    return state


# --- amendable entries ------------------------------------------------------------------------


def _days(before: CampaignState, original: Mapping, data: Mapping) -> dict:
    return {"days": check_days(data.get("days"), field="data.days")}


def _cause(before: CampaignState, original: Mapping, data: Mapping) -> dict:
    cause = data.get("cause")
    if not isinstance(cause, str) or len(cause) > REASON_MAX:
        raise bad_input("bad_cause", _("a cause is text of at most %(most)s characters")
                        % {"most": REASON_MAX}, field="data.cause")
    return {"cause": cause.strip()}


def _results(before: CampaignState, original: Mapping, data: Mapping) -> dict:
    results = data.get("results")
    if not isinstance(results, list) or not all(
        isinstance(r, Mapping) and isinstance(r.get("force_id"), int)
        and not isinstance(r.get("force_id"), bool) for r in results
    ):
        raise bad_input("bad_result", _("results are a list of {force_id, result}"),
                        field="data.results")
    by_force = {r["force_id"]: r.get("result") for r in results}
    return {"results": result_entries(before, original["scenario_id"], by_force,
                                      field="data.results")}


def _scenario_attributes(before: CampaignState, original: Mapping, data: Mapping) -> dict:
    """A scenario's attributes as the plug-in checks them (422 naming the attribute), and
    the names they change."""
    scenario = before.scenarios[original["scenario_id"]]
    try:
        values = before.plugin.check_scenario(attributes=data.get("attributes"),
                                              base=scenario.attributes or None)
    except RuleError as error:
        raise refused(error.code, error.message, field=f"data.{error.field}",
                      rule=error.rule) from None
    changed = [name for name in before.plugin.scenario_schema.names()
               if name in values and values[name] != scenario.attributes.get(name)]
    return {"attributes": values, "changed": changed}


Check = Callable[[CampaignState, Mapping, Mapping], dict]
#: Entry type -> (the fields an amendment may change, their check).
AMENDABLE: Mapping[str, tuple[tuple[str, ...], Check]] = {
    CalendarAdvanced.type: (("days",), _days),
    SoldierDied.type: (("cause",), _cause),
    ScenarioResultRecorded.type: (("results",), _results),
    ScenarioAttributesSet.type: (("attributes",), _scenario_attributes),
}


# --- helpers ----------------------------------------------------------------------------------


def _check_reason(reason: object) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise bad_input("reason_required", _("say why the entry is corrected"), field="reason")
    if len(reason) > REASON_MAX:
        raise bad_input("reason_too_long", _("a reason is at most %(most)s characters")
                        % {"most": REASON_MAX}, field="reason")
    return reason.strip()


def _target(entries: Sequence[Entry], target_version: int) -> Entry:
    """The entry to correct, if it may be corrected."""
    if not isinstance(target_version, int) or not 1 <= target_version <= len(entries):
        raise NotFound("no_such_entry", _("the ledger has no entry #%(version)s")
                       % {"version": target_version}, field="target_version")
    target = entries[target_version - 1]
    why = check_target(target.type)
    if why is not None:
        raise refused("not_correctable", str(_WHY_NOT[why]()), field="target_version")
    found = corrections_in(entries).get(target_version)
    if found is not None and found.kind == VOIDED:
        raise refused("already_voided", _("entry #%(version)s is already voided")
                      % {"version": target_version}, field="target_version")
    return target


def _what(campaign: Campaign, entry: Entry) -> str:
    """An entry as the histories tell it (its first row's text), else its type."""
    text = (HistoryEntry.objects.filter(campaign=campaign, version=entry.version)
            .order_by("seq").values_list("text", flat=True).first())
    return text or entry.type
