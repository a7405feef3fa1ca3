"""Voiding and amending ledger entries (organizers): a correction is a new ledger event,
the stream is never rewritten (DESIGN principle 4; :mod:`campaign.ledger.corrections`).

- **Void** any entry but those :data:`campaign.ledger.corrections.NOT_CORRECTABLE` names
  (the campaign's start and end, corrections, a battle's start; a battle's taken-over
  result is corrected by reopening the battle).
- **Amend** any entry whose data a person entered (:func:`amendable_for`: the core's
  :mod:`campaign.services.amendable` and the plug-in's): recruitments, amendments, moves,
  deaths, captures, exchanges, commands, scenarios, picks, results, calendar steps, house
  rules, battle options; Steel War's leadership, motivation and entered recovery dice. The
  command that recorded the entry is run again with the amended values on the state just
  before the entry (under the corrections already recorded; ``rehearse`` appends nothing),
  so an amendment is checked exactly as the original was; the ids the ledger handed out
  stay. An entry that holds nothing a person typed (a force sent to rest) is only voided;
  picks and side attributes a battle was set up from, and a server's dice, stand.
- Either way the whole ledger is folded again under the new correction: when a later entry
  no longer fits (a voided recruit who later died, a voided scenario whose battle started),
  the correction is refused (409 ``correction_breaks_ledger``) naming that entry; correct
  that one first. The checks a command made when it was recorded (a recovery roll due,
  room in a squad) are not run again: the fold trusts them.

A reason is required. Projections are rebuilt under the correction
(:mod:`campaign.services.projection`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.corrections import VOIDED, check_target, corrections_in
from campaign.ledger.events import EntryAmended, EntryVoided, LedgerEvent
from campaign.ledger.fold import apply, fold
from campaign.ledger.state import CampaignState, Entry
from campaign.models import Campaign, HistoryEntry
from campaign.plugins import get as plugin_for
from campaign.plugins.amendments import Amendable, AmendField
from campaign.services.access import bad_input, refused, require_organizer
from campaign.services.amendable import core_amendable
from campaign.services.ledger import Recorded, WriteOptions, ledger_of, rehearse, write
from config.errors import Conflict, DomainError, NotFound
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
    (:func:`amendable_for`); the command that recorded the entry is run again with them on
    the campaign as it stood just before it (nothing appended), and whatever it refuses
    the amendment refuses, naming the field (``data.<field>``)."""
    require_organizer(user=user, campaign=campaign, what=_("correct the ledger"))
    reason = _check_reason(reason)
    if not isinstance(data, Mapping) or not data:
        raise bad_input("bad_amendment", _("an amendment needs the entry's new data"),
                        field="data")
    table = amendable_for(campaign.rule_system)

    def decide(state: CampaignState) -> list[LedgerEvent]:
        entries = ledger_of(campaign_id=campaign.pk, to_version=state.version)
        target = _target(entries, target_version)
        amendable = table.get(target.type)
        if amendable is None:
            raise refused("not_amendable",
                          _("entry #%(version)s (%(what)s) holds nothing a person entered "
                            "that could be amended: void it instead")
                          % {"version": target_version, "what": _what(campaign, target)},
                          field="target_version")
        corrections = corrections_in(entries)
        found = corrections.get(target_version)
        current = dict(found.data) if found is not None and found.data else dict(target.data)
        why = amendable.refusal(current, state) if amendable.refusal else None
        if why is not None:
            raise refused("not_amendable", _("entry #%(version)s cannot be amended: %(why)s")
                          % {"version": target_version, "why": _(why)},
                          field="target_version")
        fields = {f.name: f for f in amendable.fields}
        for name, value in data.items():
            if name not in fields:
                raise bad_input("bad_amendment",
                                _("%(field)s cannot be amended here (only %(fields)s)")
                                % {"field": name, "fields": ", ".join(fields)},
                                field=f"data.{name}")
            _check_value(fields[name], value)
        before = fold(entries[: target_version - 1], corrections=corrections)
        wanted = {**current, **data}
        try:
            events = rehearse(before, lambda: amendable.command(
                user=user, campaign=campaign, **amendable.arguments(wanted)))
        except (DomainError, RuleError) as error:
            raise _in_data(error) from None
        same = [e for e in events if e.type == target.type]
        if not same:
            raise refused("amendment_records_nothing",
                          _("with these values the entry would record nothing (nothing "
                            "changes then): void it instead"), field="data")
        if len(events) != 1:
            raise refused("amendment_needs_more",
                          _("with these values the command would record more than this "
                            "entry (%(types)s): void it and record the command again")
                          % {"types": ", ".join(e.type for e in events)}, field="data")
        new = same[0].to_data()
        amended = {**current, **{name: new[name] for name in fields if name in new}}
        if amended == current:
            raise refused("amendment_changes_nothing",
                          _("the amendment changes nothing in entry #%(version)s")
                          % {"version": target_version}, field="data")
        event = EntryAmended(target_version=target_version, target_type=target.type,
                             data=amended, reason=reason)
        refold_with(campaign=campaign, entries=entries, events=[event])
        return [event]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def amendable_for(rule_system: str) -> dict[str, Amendable]:
    """Entry type -> :class:`~campaign.plugins.amendments.Amendable`: the core's
    (:mod:`campaign.services.amendable`) and the campaign plug-in's."""
    return {**core_amendable(), **plugin_for(rule_system).amendable()}


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


# --- checking an amendment ------------------------------------------------------------------


def _check_value(field: AmendField, value: Any) -> None:
    """The shape of an amended value (what the API's serializer checks of the command's
    input); its meaning is the command's to check."""
    if value is None and field.optional and field.kind not in ("text", "role"):
        return
    if field.kind in ("text", "role"):
        ok = isinstance(value, str) and len(value) <= REASON_MAX
        expected = _("text of at most %(most)s characters") % {"most": REASON_MAX}
    elif field.kind == "object":
        ok, expected = isinstance(value, Mapping), _("an object")
    elif field.kind == "list":
        ok, expected = isinstance(value, list), _("a list")
    elif field.kind == "choice":
        choices = [key for key, _label in field.choice_list()]
        ok, expected = value in choices, ", ".join(choices)
    elif field.kind == "int":
        return  # the command says what a good number is
    else:  # a reference: one of the campaign's forces, squads, formations or soldiers
        ok = isinstance(value, int) and not isinstance(value, bool)
        expected = _("the id of a %(what)s") % {"what": _(field.kind)}
    if not ok:
        raise bad_input("bad_amendment", _("%(field)s must be %(expected)s")
                        % {"field": _(field.label), "expected": expected},
                        field=f"data.{field.name}")


def _in_data(error: DomainError | RuleError) -> DomainError | RuleError:
    """The command's refusal, its field named inside the amendment's ``data``."""
    where = f"data.{error.field}" if error.field else "data"
    if isinstance(error, RuleError):
        return RuleError(error.code, error.message, rule=error.rule, field=where)
    return type(error)(error.code, error.message, rule=error.rule, field=where, **error.extra)


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
