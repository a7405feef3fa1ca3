"""The campaign fold: ``state = apply(state, event)``, pure, with the effects each event had.

Services check a command against the current state before they append its events, so the
fold trusts the ledger: every event it reads was valid when it was recorded. The core folds
its own events and hands the rest to the campaign's plug-in (:mod:`campaign.plugins`): the
plug-in's event types through its ``handlers()``, and its share of time passing and of a
battle's result through its hooks (``pass_time``, ``settle_casualty``, ``after_casualties``,
``force_fought``). What the core derives (and nothing stores): soldiers' fates from a
battle's result (deaths, prisoners, wounds), battles fought, results.

As-of views are this fold stopped early (:func:`fold`, :func:`fold_to_date`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import date, timedelta
from typing import NamedTuple

from campaign.ledger import events as ev
from campaign.ledger.corrections import Correction, corrections_in, effective
from campaign.ledger.sentences import (
    ATTRIBUTE,
    ATTRIBUTE_VALUE,
    FLAG,
    PERSON_FIELD,
    UNIT_ATTRIBUTE,
    UNIT_ATTRIBUTE_VALUE,
    UNIT_FIELD,
    Sentence,
    Term,
    gettext_noop,
    joined,
    word,
)
from campaign.ledger.state import (
    CampaignState,
    Entry,
    Force,
    Formation,
    LedgerEffect,
    Scenario,
    ScenarioLink,
    Soldier,
    Squad,
)


class Step(NamedTuple):
    state: CampaignState
    effects: tuple[LedgerEffect, ...] = ()


Handler = Callable[[CampaignState, ev.LedgerEvent], tuple[CampaignState, list[LedgerEffect]]]
_HANDLERS: dict[str, Handler] = {}


def _handles(event_class: type[ev.LedgerEvent]) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        _HANDLERS[event_class.type] = handler
        return handler

    return register


def apply(
    state: CampaignState, entry: Entry, corrections: Mapping[int, Correction] | None = None
) -> Step:
    """Fold one ledger entry (``version``, ``type``, ``data``) into ``state``: the core's
    handler, else the campaign plug-in's. Under ``corrections``
    (:mod:`campaign.ledger.corrections`) a voided entry changes nothing but the version and
    an amended one is read with its amended data."""
    if corrections:
        corrected = effective(entry, corrections)
        if corrected is None:
            return Step(replace(state, version=entry.version))
        entry = corrected
    handler = _HANDLERS.get(entry.type)
    if handler is None:
        handler = state.plugin.handlers()[entry.type]
    event = ev.parse(entry.type, entry.data)
    new_state, effects = handler(state, event)
    return Step(replace(new_state, version=entry.version), tuple(effects))


def fold(
    entries: Iterable[Entry],
    *,
    state: CampaignState | None = None,
    stop_before: Callable[[Entry], bool] | None = None,
    corrections: Mapping[int, Correction] | None = None,
) -> CampaignState:
    """The state after ``entries`` (from ``state``, or from the beginning); with
    ``stop_before``, the state just before the first entry it accepts. Read under
    ``corrections`` (default: the corrections among ``entries``; a fold that starts from a
    ``state`` must be given them, or none may be among the entries)."""
    entries = list(entries)
    if corrections is None:
        corrections = corrections_in(entries)
    state = state if state is not None else CampaignState()
    for entry in entries:
        if stop_before is not None and stop_before(entry):
            break
        state = apply(state, entry, corrections).state
    return state


def fold_to_date(
    entries: Iterable[Entry], on: date, corrections: Mapping[int, Correction] | None = None
) -> CampaignState:
    """The state at the end of in-game day ``on``: every event recorded while the calendar
    stood at or before ``on``; a calendar advance that crosses ``on`` is folded only up to
    it (time folds the same in one step or in several). Read under ``corrections`` (default:
    those among ``entries``)."""
    entries = list(entries)
    if corrections is None:
        corrections = corrections_in(entries)
    state = CampaignState()
    for entry in entries:
        if effective(entry, corrections) is None:
            state = apply(state, entry, corrections).state  # voided: only the version moves
            continue
        entry = effective(entry, corrections)
        if entry.type == ev.CalendarAdvanced.type and state.date is not None:
            days = entry.data["days"]
            if state.date + timedelta(days=days) > on:
                remaining = (on - state.date).days
                if remaining > 0:
                    partial = Entry(state.version, entry.type, {"days": remaining})
                    state = apply(state, partial).state
                break
        state = apply(state, entry).state
        if state.date is not None and state.date > on:  # pragma: no cover - started later
            return CampaignState()
    return state


def battle_started_entry(battle_id: int) -> Callable[[Entry], bool]:
    """``stop_before`` predicate: the moment the battle was set up."""

    def is_start(entry: Entry) -> bool:
        return entry.type == ev.BattleStarted.type and entry.data.get("battle_id") == battle_id

    return is_start


# --- helpers --------------------------------------------------------------------------------


def bump(state: CampaignState, kind: str, new_id: int) -> dict[str, int]:
    return {**state.last_ids, kind: max(state.last_ids.get(kind, 0), new_id)}


def set_soldiers(state: CampaignState, *changed: Soldier) -> CampaignState:
    return replace(state, soldiers={**state.soldiers, **{s.id: s for s in changed}})


def vacate_commands(
    state: CampaignState, soldier: Soldier, *, squads_only: bool = False
) -> tuple[CampaignState, list[LedgerEffect]]:
    """A soldier who is dead, captured or transferred gives up the posts he held."""
    effects: list[LedgerEffect] = []
    squads = dict(state.squads)
    formations = dict(state.formations)
    for kind, post_id in state.commands(soldier.id):
        if kind == "squad":
            squad = squads[post_id]
            squads[post_id] = replace(squad, commander_id=None)
            text = Sentence(gettext_noop("{soldier} no longer commands {post}"),
                            soldier=soldier.name, post=squad.name)
            effects.append(
                LedgerEffect(
                    "command_lost", text, force_id=squad.force_id, squad_id=squad.id,
                    soldier_id=soldier.id,
                )
            )
        elif not squads_only:
            formation = formations[post_id]
            formations[post_id] = replace(formation, commander_id=None)
            text = Sentence(gettext_noop("{soldier} no longer commands {post}"),
                            soldier=soldier.name, post=formation.name)
            effects.append(
                LedgerEffect(
                    "command_lost", text, force_id=formation.force_id,
                    formation_id=formation.id, soldier_id=soldier.id,
                )
            )
    return replace(state, squads=squads, formations=formations), effects


def soldier_effect(
    kind: str, soldier: Soldier, text: str, **extra: object
) -> LedgerEffect:
    return LedgerEffect(
        kind, text, force_id=soldier.force_id, squad_id=soldier.squad_id,
        soldier_id=soldier.id, **extra,
    )


def _handover(
    state: CampaignState,
    post: str,
    old_id: int | None,
    e: ev.FormationCommanderAssigned | ev.SquadCommanderAssigned,
    effect: Callable[..., LedgerEffect],
) -> list[LedgerEffect]:
    """A post of the chain of command (named ``post``, held by ``old_id``) changes hands:
    the old commander hands it over, the new one (``e.soldier_id``, if any) takes command.
    ``effect(kind, soldier, text, **extra)`` makes the post's effect about a soldier."""
    effects: list[LedgerEffect] = []
    if old_id is not None and old_id != e.soldier_id:
        old = state.soldiers[old_id]
        effects.append(effect("command_lost", old, Sentence(
            gettext_noop("{soldier} hands over {post}"), soldier=old.name, post=post)))
    if e.soldier_id is not None:
        new_cmd = state.soldiers[e.soldier_id]
        effects.append(effect("command_taken", new_cmd,
                              Sentence(gettext_noop("{soldier} takes command of {post}"),
                                       soldier=new_cmd.name, post=post),
                              data={"reason": e.reason}))
    return effects


# --- the campaign ---------------------------------------------------------------------------


@_handles(ev.CampaignStarted)
def _campaign_started(state: CampaignState, e: ev.CampaignStarted):
    start = date.fromisoformat(e.start_date)
    new = replace(
        state,
        name=e.name,
        rule_system=e.rule_system,
        rule_version=e.rule_version,
        start_date=start,
        date=start,
        seed_sha256=e.seed_sha256,
    )
    new = replace(new, house_rules=new.plugin.parse_house_rules(e.house_rules))
    return new, [LedgerEffect("campaign_started", Sentence(
        gettext_noop("Campaign {name} begins on {date}"), name=e.name, date=e.start_date))]


@_handles(ev.HouseRulesChanged)
def _house_rules_changed(state: CampaignState, e: ev.HouseRulesChanged):
    rules = state.plugin.parse_house_rules(e.house_rules)
    return replace(state, house_rules=rules), [
        LedgerEffect("house_rules_changed", Sentence(gettext_noop("The house rules changed")),
                     data=rules.to_json())
    ]


@_handles(ev.BattleOptionsSet)
def _battle_options_set(state: CampaignState, e: ev.BattleOptionsSet):
    readings = joined([
        Sentence(gettext_noop("{option} = {value}"), option=Term("reading", k),
                 value=_reading_value(v))
        for k, v in sorted(e.options.items())
    ], ", ") or word(gettext_noop("the defaults"))
    return replace(state, battle_options=dict(e.options)), [
        LedgerEffect("battle_options_set",
                     Sentence(gettext_noop("Battles are now played with {options}"),
                              options=readings),
                     data=dict(e.options))
    ]


@_handles(ev.CampaignFinished)
def _campaign_finished(state: CampaignState, e: ev.CampaignFinished):
    return replace(state, finished=True, seed=e.seed), [
        LedgerEffect("campaign_finished",
                     Sentence(gettext_noop("Campaign {name} is over"), name=state.name))
    ]


@_handles(ev.EntryVoided)
def _entry_voided(state: CampaignState, e: ev.EntryVoided):
    """The fold reads the target as absent (:func:`fold`); the entry itself only tells."""
    text = Sentence(gettext_noop("Entry {version} voided: {reason}"), version=e.target_version,
                    reason=e.reason)
    return state, [LedgerEffect("entry_voided", text,
                                data={"target_version": e.target_version,
                                      "target_type": e.target_type, "reason": e.reason})]


@_handles(ev.EntryAmended)
def _entry_amended(state: CampaignState, e: ev.EntryAmended):
    """The fold reads the target with the amended data (:func:`fold`); this only tells."""
    text = Sentence(gettext_noop("Entry {version} amended: {reason}"), version=e.target_version,
                    reason=e.reason)
    return state, [LedgerEffect("entry_amended", text,
                                data={"target_version": e.target_version,
                                      "target_type": e.target_type, "reason": e.reason,
                                      "amended": dict(e.data)})]


@_handles(ev.CalendarAdvanced)
def _calendar_advanced(state: CampaignState, e: ev.CalendarAdvanced):
    """In-game time passes; what it does (fatigue, recovery...) is the plug-in's."""
    before = state.date
    after = before + timedelta(days=e.days)
    effects: list[LedgerEffect] = [
        LedgerEffect("calendar_advanced", Sentence(gettext_noop("{days} days pass: now {date}"),
                                                  days=e.days, date=after.isoformat()))
    ]
    state, more = state.plugin.pass_time(replace(state, date=after), e.days, before)
    return state, effects + more


# --- forces and the chain of command --------------------------------------------------------


@_handles(ev.ForceRaised)
def _force_raised(state: CampaignState, e: ev.ForceRaised):
    force = Force(id=e.force_id, owner_id=e.owner_id, name=e.name, faction=e.faction,
                  attributes={**state.plugin.new_force(), **e.attributes})
    new = replace(
        state, forces={**state.forces, force.id: force}, last_ids=bump(state, "force", force.id)
    )
    return new, [LedgerEffect("force_raised", Sentence(gettext_noop("{force} joins the campaign"),
                                                   force=e.name), force_id=force.id)]


#: A formation's level as the first word of a history sentence ("Company 1st company raised").
_LEVEL_WORDS = {"battalion": gettext_noop("Battalion"), "company": gettext_noop("Company"),
                "platoon": gettext_noop("Platoon")}


@_handles(ev.FormationRaised)
def _formation_raised(state: CampaignState, e: ev.FormationRaised):
    formation = Formation(
        id=e.formation_id, force_id=e.force_id, parent_id=e.parent_id, level=e.level, name=e.name
    )
    new = replace(
        state,
        formations={**state.formations, formation.id: formation},
        last_ids=bump(state, "formation", formation.id),
    )
    return new, [
        LedgerEffect(
            "formation_raised",
            Sentence(gettext_noop("{level} {formation} raised"),
                     level=word(_LEVEL_WORDS.get(e.level, e.level.capitalize())),
                     formation=e.name),
            force_id=e.force_id, formation_id=formation.id,
        )
    ]


@_handles(ev.FormationCommanderAssigned)
def _formation_commander(state: CampaignState, e: ev.FormationCommanderAssigned):
    formation = state.formations[e.formation_id]
    effects = _handover(
        state, formation.name, formation.commander_id, e,
        lambda kind, soldier, text, **extra: soldier_effect(
            kind, soldier, text, formation_id=formation.id, **extra
        ),
    )
    formation = replace(formation, commander_id=e.soldier_id)
    return replace(state, formations={**state.formations, formation.id: formation}), effects


@_handles(ev.SquadRaised)
def _squad_raised(state: CampaignState, e: ev.SquadRaised):
    plugin = state.plugin
    squad = Squad(
        id=e.squad_id, force_id=e.force_id, formation_id=e.formation_id, name=e.name,
        establishment=e.establishment,
        attributes={**plugin.unit_schema.defaults(), **e.attributes}, raised_on=state.date,
    )
    new = replace(
        state, squads={**state.squads, squad.id: squad}, last_ids=bump(state, "squad", squad.id)
    )
    return new, [
        LedgerEffect(
            "squad_raised", Sentence(gettext_noop("{squad} raised{note}"), squad=e.name,
                                    note=plugin.unit_note(squad)), force_id=e.force_id,
            formation_id=e.formation_id, squad_id=squad.id,
        )
    ]


@_handles(ev.SquadCommanderAssigned)
def _squad_commander(state: CampaignState, e: ev.SquadCommanderAssigned):
    squad = state.squads[e.squad_id]
    effects = _handover(
        state, squad.name, squad.commander_id, e,
        lambda kind, soldier, text, **extra: LedgerEffect(
            kind, text, force_id=squad.force_id, squad_id=squad.id, soldier_id=soldier.id,
            **extra,
        ),
    )
    squad = replace(squad, commander_id=e.soldier_id)
    return replace(state, squads={**state.squads, squad.id: squad}), effects


@_handles(ev.FormationAmended)
def _formation_amended(state: CampaignState, e: ev.FormationAmended):
    formation = state.formations[e.formation_id]
    updated = replace(formation, **e.changes)
    listed = joined([Sentence(_CHANGE, field=Term(UNIT_FIELD, k), old=getattr(formation, k),
                              new=v) for k, v in e.changes.items()], ", ")
    text = Sentence(gettext_noop("{unit}: {changes}"), unit=formation.name, changes=listed)
    return replace(state, formations={**state.formations, formation.id: updated}), [
        LedgerEffect(
            "formation_amended", text, force_id=formation.force_id,
            formation_id=formation.id, data={"changes": dict(e.changes), "reason": e.reason},
        )
    ]


@_handles(ev.SquadAmended)
def _squad_amended(state: CampaignState, e: ev.SquadAmended):
    squad = state.squads[e.squad_id]
    fields = {k: v for k, v in e.changes.items() if k != "attributes"}
    attributes = dict(e.changes.get("attributes", {}))
    updated = replace(squad, **fields, attributes={**squad.attributes, **attributes})
    listed = joined(
        [Sentence(_CHANGE, field=Term(UNIT_FIELD, k), old=getattr(squad, k), new=v)
         for k, v in fields.items()]
        + [Sentence(_CHANGE, field=Term(UNIT_ATTRIBUTE, k),
                    old=_attribute_value(k, squad.attributes.get(k), UNIT_ATTRIBUTE_VALUE),
                    new=_attribute_value(k, v, UNIT_ATTRIBUTE_VALUE))
           for k, v in attributes.items()], ", ")
    text = Sentence(gettext_noop("{unit}: {changes}"), unit=squad.name, changes=listed)
    return replace(state, squads={**state.squads, squad.id: updated}), [
        LedgerEffect(
            "squad_amended", text, force_id=squad.force_id,
            formation_id=squad.formation_id, squad_id=squad.id,
            data={"changes": dict(e.changes), "reason": e.reason},
        )
    ]


@_handles(ev.SquadTransferred)
def _squad_transferred(state: CampaignState, e: ev.SquadTransferred):
    """The squad's history and both formations' tell the move (§2.18)."""
    squad = state.squads[e.squad_id]
    old = state.formations.get(squad.formation_id) if squad.formation_id else None
    new = state.formations.get(e.to_formation_id) if e.to_formation_id else None
    none = word(gettext_noop("no formation"))
    text = Sentence(gettext_noop("{squad} moved from {from_formation} to {to_formation}"),
                    squad=squad.name, from_formation=old.name if old else none,
                    to_formation=new.name if new else none)
    data = {"from_formation_id": squad.formation_id, "to_formation_id": e.to_formation_id,
            "reason": e.reason}
    effects = [LedgerEffect("squad_transferred", text, force_id=squad.force_id,
                            formation_id=e.to_formation_id, squad_id=squad.id, data=data)]
    if old is not None:
        effects.append(LedgerEffect("squad_transferred", text, force_id=squad.force_id,
                                    formation_id=old.id, data=data))
    moved = replace(squad, formation_id=e.to_formation_id)
    return replace(state, squads={**state.squads, squad.id: moved}), effects


@_handles(ev.FormationReattached)
def _formation_reattached(state: CampaignState, e: ev.FormationReattached):
    """The formation's history and both parents' tell the move (§2.18)."""
    formation = state.formations[e.formation_id]
    old = state.formations.get(formation.parent_id) if formation.parent_id else None
    new = state.formations.get(e.to_parent_id) if e.to_parent_id else None
    none = word(gettext_noop("no higher formation"))
    text = Sentence(gettext_noop("{formation} moved from {from_parent} to {to_parent}"),
                    formation=formation.name, from_parent=old.name if old else none,
                    to_parent=new.name if new else none)
    data = {"from_parent_id": formation.parent_id, "to_parent_id": e.to_parent_id,
            "reason": e.reason}
    effects = [LedgerEffect("formation_reattached", text, force_id=formation.force_id,
                            formation_id=ref, data=data)
               for ref in dict.fromkeys([formation.id, *(f.id for f in (old, new) if f)])]
    moved = replace(formation, parent_id=e.to_parent_id)
    return replace(state, formations={**state.formations, formation.id: moved}), effects


# --- soldiers -------------------------------------------------------------------------------


@_handles(ev.SoldierRecruited)
@_handles(ev.ReplacementJoined)
def _soldier_recruited(state: CampaignState, e: ev.SoldierRecruited):
    replacement = isinstance(e, ev.ReplacementJoined)
    soldier = Soldier(
        id=e.soldier_id, force_id=e.force_id, squad_id=e.squad_id, name=e.name, role=e.role,
        attributes={**state.plugin.member_schema.defaults(), **e.attributes},
        joined_on=state.date, replacement=replacement,
    )
    where = state.squads[e.squad_id].name if e.squad_id else state.forces[e.force_id].name
    if e.role:
        template = (gettext_noop("{soldier} ({role}) joins as a replacement: {where}")
                    if replacement else gettext_noop("{soldier} ({role}) recruited: {where}"))
    else:  # a system whose members have no role (Mercenaries)
        template = (gettext_noop("{soldier} joins as a replacement: {where}") if replacement
                    else gettext_noop("{soldier} recruited: {where}"))
    new = replace(
        set_soldiers(state, soldier), last_ids=bump(state, "soldier", soldier.id)
    )
    kind = "replacement_joined" if replacement else "recruited"
    text = Sentence(template, soldier=e.name, role=Term("role", e.role), where=where)
    return new, [soldier_effect(kind, soldier, text)]


@_handles(ev.SoldierAmended)
def _soldier_amended(state: CampaignState, e: ev.SoldierAmended):
    soldier = state.soldiers[e.soldier_id]
    fields = {k: v for k, v in e.changes.items() if k != "attributes"}
    attributes = dict(e.changes.get("attributes", {}))
    updated = replace(soldier, **fields, attributes={**soldier.attributes, **attributes})
    listed = joined(
        [Sentence(_CHANGE, field=Term(PERSON_FIELD, k), old=_field_value(k, getattr(soldier, k)),
                  new=_field_value(k, v)) for k, v in fields.items()]
        + [Sentence(_CHANGE, field=Term(ATTRIBUTE, k),
                    old=_attribute_value(k, soldier.attributes.get(k)),
                    new=_attribute_value(k, v)) for k, v in attributes.items()],
        ", ")
    return set_soldiers(state, updated), [
        soldier_effect(
            "amended", updated,
            Sentence(gettext_noop("{soldier}: {changes}"), soldier=soldier.name,
                     changes=listed),
            data={"changes": dict(e.changes), "reason": e.reason},
        )
    ]


def _reading_value(value: object) -> object:
    """A reading's value in a history sentence: a choice by the rule system's label, a flag
    as yes or no in the reader's language (in English as Python wrote it)."""
    if isinstance(value, bool):
        return Term(FLAG, str(value))
    return Term("reading value", value) if isinstance(value, str) else value


_CHANGE = gettext_noop("{field} {old} -> {new}")


def _field_value(name: str, value: object) -> object:
    """A soldier's own field's value in an amendment's line (a role by its label)."""
    return Term("role", value) if name == "role" and isinstance(value, str) else value


def _attribute_value(name: str, value: object, kind: str = ATTRIBUTE_VALUE) -> object:
    """An attribute's value in an amendment's line: a text by the plug-in's label of it
    (``kind``: a soldier's attribute value, or a squad's with ``UNIT_ATTRIBUTE_VALUE``)."""
    if isinstance(value, str):
        return Term(kind + name, value)
    return _shown(value)


def _shown(value: object) -> object:
    """An attribute's value as the history text shows it (lists as the tuples they were)."""
    return tuple(value) if isinstance(value, list) else value


@_handles(ev.SoldierTransferred)
def _soldier_transferred(state: CampaignState, e: ev.SoldierTransferred):
    soldier = state.soldiers[e.soldier_id]
    state, effects = vacate_commands(state, soldier, squads_only=True)
    old = state.squads.get(soldier.squad_id) if soldier.squad_id else None
    new_squad = state.squads.get(e.to_squad_id) if e.to_squad_id else None
    moved = replace(soldier, squad_id=e.to_squad_id)
    reserve = word(gettext_noop("the reserve"))
    text = Sentence(gettext_noop("{soldier} transferred from {from_squad} to {to_squad}"),
                    soldier=soldier.name, from_squad=old.name if old else reserve,
                    to_squad=new_squad.name if new_squad else reserve)
    if old:
        effects.append(
            LedgerEffect("soldier_left", text, force_id=old.force_id, squad_id=old.id,
                         soldier_id=soldier.id)
        )
    effects.append(
        LedgerEffect("transferred", text, force_id=soldier.force_id, squad_id=e.to_squad_id,
                     soldier_id=soldier.id,
                     data={"from_squad_id": soldier.squad_id, "to_squad_id": e.to_squad_id})
    )
    return set_soldiers(state, moved), effects


def died(state: CampaignState, soldier: Soldier, text: str, **extra: object):
    dead = replace(soldier, status="dead", recovery_due=None)
    state, effects = vacate_commands(set_soldiers(state, dead), dead)
    return state, [soldier_effect("died", dead, text, **extra), *effects]


def captured(
    state: CampaignState, soldier: Soldier, by_force_id: int | None, text: str, **extra: object
):
    prisoner = replace(soldier, status="captured", held_by_force_id=by_force_id,
                       recovery_due=None)
    state, effects = vacate_commands(set_soldiers(state, prisoner), prisoner)
    return state, [
        soldier_effect("captured", prisoner, text, data={"by_force_id": by_force_id}, **extra),
        *effects,
    ]


@_handles(ev.SoldierDied)
def _soldier_died(state: CampaignState, e: ev.SoldierDied):
    soldier = state.soldiers[e.soldier_id]
    text = (Sentence(gettext_noop("{soldier} died: {cause}"), soldier=soldier.name, cause=e.cause)
            if e.cause else Sentence(gettext_noop("{soldier} died"), soldier=soldier.name))
    return died(state, soldier, text)


@_handles(ev.SoldierCaptured)
def _soldier_captured(state: CampaignState, e: ev.SoldierCaptured):
    soldier = state.soldiers[e.soldier_id]
    holder = state.forces[e.by_force_id].name if e.by_force_id else word(
        gettext_noop("the enemy"))
    return captured(state, soldier, e.by_force_id, Sentence(
        gettext_noop("{soldier} captured by {holder}"), soldier=soldier.name, holder=holder))


@_handles(ev.PrisonersExchanged)
def _prisoners_exchanged(state: CampaignState, e: ev.PrisonersExchanged):
    returned: list[Soldier] = []
    effects: list[LedgerEffect] = []
    for soldier_id in e.soldier_ids:
        soldier = state.soldiers[soldier_id]
        holder = soldier.held_by_force_id
        back = replace(soldier, status="fit", held_by_force_id=None)
        returned.append(back)
        effects.append(
            soldier_effect(
                "released", back, Sentence(
                    gettext_noop("{soldier} released in a prisoner exchange"),
                    soldier=soldier.name),
                data={"held_by_force_id": holder},
            )
        )
    return set_soldiers(state, *returned), effects


# --- scenarios and battles ------------------------------------------------------------------


@_handles(ev.ScenarioPlanned)
def _scenario_planned(state: CampaignState, e: ev.ScenarioPlanned):
    scenario = Scenario(
        id=e.scenario_id, name=e.name, force_ids=tuple(e.force_ids), description=e.description
    )
    new = replace(
        state,
        scenarios={**state.scenarios, scenario.id: scenario},
        last_ids=bump(state, "scenario", scenario.id),
    )
    return new, [LedgerEffect("scenario_planned", Sentence(gettext_noop("Scenario {scenario} planned"),
                                                       scenario=e.name),
                              scenario_id=scenario.id)]


@_handles(ev.ScenarioLinked)
def _scenario_linked(state: CampaignState, e: ev.ScenarioLinked):
    link = ScenarioLink(e.from_id, e.to_id, e.condition, e.force_id)
    before, after = state.scenarios[e.from_id], state.scenarios[e.to_id]
    text = Sentence(gettext_noop("{before} leads to {after}"), before=before.name,
                    after=after.name)
    if e.condition:
        text = Sentence(gettext_noop("{before} leads to {after} if {force} gets a {result}"),
                        before=before.name, after=after.name,
                        force=state.forces[e.force_id].name, result=Term("result", e.condition))
    return replace(state, links=(*state.links, link)), [
        LedgerEffect("scenario_linked", text, scenario_id=e.from_id)
    ]


def update_scenario(state: CampaignState, scenario: Scenario) -> CampaignState:
    return replace(state, scenarios={**state.scenarios, scenario.id: scenario})


@_handles(ev.ScenarioAttributesSet)
def _scenario_attributes_set(state: CampaignState, e: ev.ScenarioAttributesSet):
    scenario = state.scenarios[e.scenario_id]
    updated = replace(scenario, attributes=dict(e.attributes))
    def value(name: str, attributes: dict) -> object:
        found = attributes.get(name)
        if isinstance(found, dict):  # a map: its lines, each value by its label
            return joined([Sentence(gettext_noop("{key}: {value}"), key=k,
                                    value=_attribute_value(name, v))
                           for k, v in found.items()], "; ") if found else ""
        return _attribute_value(name, found)

    changes = joined([
        Sentence(gettext_noop("{field} {new}"), field=Term(ATTRIBUTE, name),
                 new=value(name, e.attributes))
        if scenario.attributes.get(name) is None else
        Sentence(_CHANGE, field=Term(ATTRIBUTE, name), old=value(name, scenario.attributes),
                 new=value(name, e.attributes))
        for name in e.changed], ", ")
    return update_scenario(state, updated), [
        LedgerEffect("scenario_attributes_set",
                     Sentence(gettext_noop("{scenario} set up: {changes}"),
                              scenario=scenario.name, changes=changes),
                     scenario_id=scenario.id,
                     data={"changes": {n: e.attributes.get(n) for n in e.changed}})
    ]


def _picks(squads: list) -> tuple:
    return tuple((p["squad_id"], tuple(p["soldier_ids"])) for p in squads)


@_handles(ev.UnitsPicked)
def _units_picked(state: CampaignState, e: ev.UnitsPicked):
    scenario = state.scenarios[e.scenario_id]
    updated = replace(scenario, picks={**scenario.picks, e.force_id: _picks(e.squads)},
                      officers={**scenario.officers, e.force_id: tuple(e.officers)})
    force = state.forces[e.force_id]
    names = ", ".join([state.squads[p["squad_id"]].name for p in e.squads]
                      + [state.soldiers[s].name for s in e.officers])
    return update_scenario(state, updated), [
        LedgerEffect("units_picked", Sentence(gettext_noop("{force} sends {units} into {scenario}"),
                                              force=force.name, units=names,
                                              scenario=scenario.name),
                     force_id=e.force_id, scenario_id=scenario.id)
    ]


@_handles(ev.BattleStarted)
def _battle_started(state: CampaignState, e: ev.BattleStarted):
    scenario = state.scenarios[e.scenario_id]
    sides = tuple(
        {**side, "squads": [dict(p) for p in side["squads"]],
         "officers": list(side.get("officers", ()))}
        for side in e.sides
    )
    updated = replace(scenario, battle_id=e.battle_id, sides=sides, played_on=state.date)
    new = replace(update_scenario(state, updated), battles={**state.battles,
                                                              e.battle_id: scenario.id})
    effects = [
        LedgerEffect("battle_started", Sentence(gettext_noop("Battle {battle} of {scenario} begins"),
                                                battle=e.battle_id, scenario=scenario.name),
                     scenario_id=scenario.id, battle_id=e.battle_id)
    ]
    for side in e.sides:
        force = state.forces[side["force_id"]]
        how, data = state.plugin.describe_side(side)
        effects.append(
            LedgerEffect(
                "battle_started", Sentence(gettext_noop("{force} goes into {scenario}{how}"),
                                           force=force.name, scenario=scenario.name, how=how),
                force_id=force.id, scenario_id=scenario.id, battle_id=e.battle_id, data=data,
            )
        )
    return new, effects


@_handles(ev.ScenarioResultRecorded)
def _scenario_result(state: CampaignState, e: ev.ScenarioResultRecorded):
    scenario = state.scenarios[e.scenario_id]
    results = {r["force_id"]: r["result"] for r in e.results}
    updated = replace(scenario, results={**scenario.results, **results})
    text = joined([Sentence(gettext_noop("{force}: {result}"), force=state.forces[f].name,
                            result=Term("result", r)) for f, r in results.items()])
    return update_scenario(state, updated), [
        LedgerEffect("scenario_result", Sentence(gettext_noop("{scenario}: {results}"),
                                                 scenario=scenario.name, results=text),
                     scenario_id=scenario.id,
                     data={"results": {str(k): v for k, v in results.items()}})
    ]


_FATES = {"killed", "stabilised", "returned_to_duty", "prisoner", "unharmed"}


def fought_in(scenario: Scenario) -> dict[int, int | None]:
    """Everyone the scenario's battle was set up with: soldier id -> his squad in the battle
    (formation commanders on the table as officers: None)."""
    fought: dict[int, int | None] = {}
    for side in scenario.sides:
        for pick in side["squads"]:
            for soldier_id in pick["soldier_ids"]:
                fought[soldier_id] = pick["squad_id"]
        for soldier_id in side.get("officers", ()):
            fought[soldier_id] = None
    return fought


@_handles(ev.BattleResultTakenOver)
def _battle_result_taken_over(state: CampaignState, e: ev.BattleResultTakenOver):
    """The battle's outcome for every soldier who fought (deaths, prisoners, wounds; a wound
    left open is settled by the plug-in), the plug-in's share (commanders replaced...),
    battles fought, the results."""
    plugin = state.plugin
    scenario = state.scenarios[e.scenario_id]
    effects: list[LedgerEffect] = []
    where = Sentence(gettext_noop("in {scenario} (battle {battle})"), scenario=scenario.name,
                     battle=e.battle_id)
    units = {u["squad_id"]: u for u in e.units}
    outcome_of = {c["soldier_id"]: c for c in e.casualties}

    for soldier_id, squad_id in fought_in(scenario).items():
        soldier = state.soldiers[soldier_id]
        casualty = outcome_of.get(soldier_id, {"outcome": "unharmed"})
        outcome, fx, note = plugin.settle_casualty(state, soldier, casualty["outcome"], e)
        effects += fx
        state, fx = _fate(state, soldier, outcome, casualty, where, e.battle_id)
        effects += fx
        soldier = state.soldiers[soldier_id]
        state = set_soldiers(state, replace(soldier, battles_fought=soldier.battles_fought + 1))
        effects.append(
            soldier_effect(
                "battle_fought", soldier,
                Sentence(gettext_noop("{soldier} fought {where}: {outcome}"),
                         soldier=soldier.name, where=where, outcome=Term("fate", outcome)),
                scenario_id=scenario.id, battle_id=e.battle_id,
                data={"outcome": outcome, "squad_id": squad_id,
                      "unit": units.get(squad_id, {}), **note},
            )
        )

    state, fx = plugin.after_casualties(state, e, where)
    effects += fx

    squads = dict(state.squads)
    for side in scenario.sides:
        for pick in side["squads"]:
            squad = squads[pick["squad_id"]]
            squads[squad.id] = replace(squad, battles_fought=squad.battles_fought + 1)
            unit = units.get(squad.id, {})
            effects.append(
                LedgerEffect(
                    "battle_fought", Sentence(gettext_noop("{squad} fought {where}"),
                                              squad=squad.name, where=where),
                    force_id=squad.force_id, squad_id=squad.id, scenario_id=scenario.id,
                    battle_id=e.battle_id,
                    data={"unit": unit, "soldier_ids": list(pick["soldier_ids"]),
                          "casualties": {str(s): outcome_of[s]["outcome"]
                                         for s in pick["soldier_ids"] if s in outcome_of}},
                )
            )
    state = replace(state, squads=squads)

    forces = dict(state.forces)
    for side in scenario.sides:
        force = forces[side["force_id"]]
        updated, fx = plugin.force_fought(state, force, scenario, e)
        forces[force.id] = replace(updated, battles_fought=force.battles_fought + 1)
        effects += fx
    state = replace(state, forces=forces)

    results = {r["force_id"]: r["result"] for r in e.results}
    updated_scenario = replace(
        scenario, taken_over=True, results={**scenario.results, **results},
        taken_over_at=state.version + 1,  # versions are consecutive: this entry's
        taken_over_battle_version=e.battle_version,
    )
    state = update_scenario(state, updated_scenario)
    effects.append(
        LedgerEffect("result_taken_over",
                     Sentence(gettext_noop("Result of {scenario} taken over"),
                              scenario=scenario.name),
                     scenario_id=scenario.id, battle_id=e.battle_id,
                     data={"results": {str(k): v for k, v in results.items()}})
    )
    return state, effects


def _fate(
    state: CampaignState, soldier: Soldier, outcome: str, casualty: dict, where: str,
    battle_id: int,
) -> tuple[CampaignState, list[LedgerEffect]]:
    """A soldier's settled outcome: killed, prisoner, stabilised (wounded, out of action),
    returned to duty (wounded, fit), unharmed."""
    if outcome not in _FATES:
        raise ValueError(f"unsettled outcome {outcome!r} for soldier {soldier.id}")
    extra = {"battle_id": battle_id}
    if outcome == "killed":
        return died(state, soldier, Sentence(gettext_noop("{soldier} killed {where}"),
                                             soldier=soldier.name, where=where), **extra)
    if outcome == "prisoner":
        holder_id = casualty.get("captured_by_force_id")
        holder = state.forces[holder_id].name if holder_id else word(gettext_noop("the enemy"))
        return captured(
            state, soldier, holder_id,
            Sentence(gettext_noop("{soldier} taken prisoner by {holder} {where}"),
                     soldier=soldier.name, holder=holder, where=where),
            **extra,
        )
    if outcome == "stabilised":
        hurt = replace(soldier, status="wounded", wounded_on=state.date,
                       wounds=soldier.wounds + 1)
        return set_soldiers(state, hurt), [
            soldier_effect("wounded", hurt,
                           Sentence(gettext_noop("{soldier} wounded {where}, stabilised"),
                                    soldier=soldier.name, where=where),
                           data={"fate": "stabilised"}, **extra)
        ]
    if outcome == "returned_to_duty":
        hurt = replace(soldier, wounds=soldier.wounds + 1)
        return set_soldiers(state, hurt), [
            soldier_effect("wounded", hurt,
                           Sentence(gettext_noop("{soldier} wounded {where}, returned to duty"),
                                    soldier=soldier.name, where=where),
                           data={"fate": "returned_to_duty"}, **extra)
        ]
    return state, []
