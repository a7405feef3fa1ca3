"""The campaign fold: ``state = apply(state, event)``, pure, with the effects each event had.

Services check a command against the current state before they append its events, so the
fold trusts the ledger: every event it reads was valid when it was recorded. What the fold
derives (and nothing stores):

- soldiers' fates from a battle's result (§2.9 commander replacement, §2.10 prisoners,
  §2.11 wounded fates), and the fatigue a battle adds (house rule);
- what in-game time does: fatigue builds at the front and falls at rest, the wounded are
  evacuated and the recovering return (house rules, ``campaign.rules``).

As-of views are this fold stopped early (:func:`fold`, :func:`fold_to_date`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date, timedelta
from typing import NamedTuple

from campaign.ledger import events as ev
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
from campaign.rules import HouseRules


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


def apply(state: CampaignState, entry: Entry) -> Step:
    """Fold one ledger entry (``version``, ``type``, ``data``) into ``state``."""
    event = ev.parse(entry.type, entry.data)
    new_state, effects = _HANDLERS[entry.type](state, event)
    return Step(replace(new_state, version=entry.version), tuple(effects))


def fold(
    entries: Iterable[Entry],
    *,
    state: CampaignState | None = None,
    stop_before: Callable[[Entry], bool] | None = None,
) -> CampaignState:
    """The state after ``entries`` (from ``state``, or from the beginning); with
    ``stop_before``, the state just before the first entry it accepts."""
    state = state if state is not None else CampaignState()
    for entry in entries:
        if stop_before is not None and stop_before(entry):
            break
        state = apply(state, entry).state
    return state


def fold_to_date(entries: Iterable[Entry], on: date) -> CampaignState:
    """The state at the end of in-game day ``on``: every event recorded while the calendar
    stood at or before ``on``; a calendar advance that crosses ``on`` is folded only up to
    it (time folds the same in one step or in several)."""
    state = CampaignState()
    for entry in entries:
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


def _bump(state: CampaignState, kind: str, new_id: int) -> dict[str, int]:
    return {**state.last_ids, kind: max(state.last_ids.get(kind, 0), new_id)}


def _set_soldiers(state: CampaignState, *changed: Soldier) -> CampaignState:
    return replace(state, soldiers={**state.soldiers, **{s.id: s for s in changed}})


def _vacate_commands(
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
            text = f"{soldier.name} no longer commands {squad.name}"
            effects.append(
                LedgerEffect(
                    "command_lost", text, force_id=squad.force_id, squad_id=squad.id,
                    soldier_id=soldier.id,
                )
            )
        elif not squads_only:
            formation = formations[post_id]
            formations[post_id] = replace(formation, commander_id=None)
            text = f"{soldier.name} no longer commands {formation.name}"
            effects.append(
                LedgerEffect(
                    "command_lost", text, force_id=formation.force_id,
                    formation_id=formation.id, soldier_id=soldier.id,
                )
            )
    return replace(state, squads=squads, formations=formations), effects


def _soldier_effect(
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
        effects.append(effect("command_lost", old, f"{old.name} hands over {post}"))
    if e.soldier_id is not None:
        new_cmd = state.soldiers[e.soldier_id]
        effects.append(effect("command_taken", new_cmd,
                              f"{new_cmd.name} takes command of {post}",
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
        house_rules=HouseRules.from_json(e.house_rules),
        seed_sha256=e.seed_sha256,
    )
    return new, [LedgerEffect("campaign_started", f"Campaign {e.name} begins on {e.start_date}")]


@_handles(ev.HouseRulesChanged)
def _house_rules_changed(state: CampaignState, e: ev.HouseRulesChanged):
    rules = HouseRules.from_json(e.house_rules)
    return replace(state, house_rules=rules), [
        LedgerEffect("house_rules_changed", "The house rules changed", data=rules.to_json())
    ]


@_handles(ev.BattleOptionsSet)
def _battle_options_set(state: CampaignState, e: ev.BattleOptionsSet):
    text = ", ".join(f"{k} = {v}" for k, v in sorted(e.options.items())) or "the defaults"
    return replace(state, battle_options=dict(e.options)), [
        LedgerEffect("battle_options_set", f"Battles are now played with {text}",
                     data=dict(e.options))
    ]


@_handles(ev.CampaignFinished)
def _campaign_finished(state: CampaignState, e: ev.CampaignFinished):
    return replace(state, finished=True, seed=e.seed), [
        LedgerEffect("campaign_finished", f"Campaign {state.name} is over")
    ]


@_handles(ev.CalendarAdvanced)
def _calendar_advanced(state: CampaignState, e: ev.CalendarAdvanced):
    """Time passes (house rules, ``campaign.rules``): fatigue builds at the front and falls at
    rest; the wounded are evacuated and recover."""
    before = state.date
    after = before + timedelta(days=e.days)
    rates = state.house_rules
    effects: list[LedgerEffect] = [
        LedgerEffect("calendar_advanced", f"{e.days} days pass: now {after.isoformat()}")
    ]
    forces: dict[int, Force] = {}
    for force in state.forces.values():
        updated = _pass_time_for_force(force, e.days, rates)
        forces[force.id] = updated
        old_level = rates.fatigue.level(force.fatigue_points)
        new_level = rates.fatigue.level(updated.fatigue_points)
        if updated.fatigue_points != force.fatigue_points:
            where = "at rest" if force.posture == "rest" else "at the front"
            effects.append(
                LedgerEffect(
                    "fatigue_changed",
                    f"{force.name}: {e.days} days {where}, fatigue {old_level} -> {new_level}"
                    f" ({force.fatigue_points} -> {updated.fatigue_points} points)",
                    force_id=force.id,
                    data={"from": force.fatigue_points, "to": updated.fatigue_points,
                          "level": new_level},
                )
            )
    soldiers: list[Soldier] = []
    for soldier in state.soldiers.values():
        current = soldier
        if current.status == "wounded":
            due = before + timedelta(days=rates.recovery.recovery_days)
            current = replace(current, status="recovering", recovery_due=due)
            effects.append(
                _soldier_effect(
                    "evacuated", current,
                    f"{current.name} evacuated to recover, due back {due.isoformat()}",
                    data={"due": due.isoformat()},
                )
            )
        if current.status == "recovering" and current.recovery_due <= after:
            current = replace(
                current, status="fit", recovery_due=None, wounded_on=None,
                recoveries=current.recoveries + 1,
            )
            effects.append(
                _soldier_effect(
                    "recovered", current, f"{current.name} recovered and returns to duty",
                    data={"by": "time"},
                )
            )
        if current is not soldier:
            soldiers.append(current)
    new = _set_soldiers(replace(state, date=after, forces=forces), *soldiers)
    return new, effects


def _pass_time_for_force(force: Force, days: int, rates: HouseRules) -> Force:
    fatigue = rates.fatigue
    if force.posture == "rest":
        rest_days = force.rest_days + days
        points = max(0, force.fatigue_points - rest_days // fatigue.rest_days_per_point)
        return replace(
            force,
            rest_days=rest_days % fatigue.rest_days_per_point,
            fatigue_points=points,
            consecutive_battles=0 if days > 0 else force.consecutive_battles,
        )
    front_days = force.front_days + days
    return replace(
        force,
        front_days=front_days % fatigue.front_days_per_point,
        fatigue_points=force.fatigue_points + front_days // fatigue.front_days_per_point,
    )


# --- forces and the chain of command --------------------------------------------------------


@_handles(ev.ForceRaised)
def _force_raised(state: CampaignState, e: ev.ForceRaised):
    force = Force(id=e.force_id, owner_id=e.owner_id, name=e.name, faction=e.faction)
    new = replace(
        state, forces={**state.forces, force.id: force}, last_ids=_bump(state, "force", force.id)
    )
    return new, [LedgerEffect("force_raised", f"{e.name} joins the campaign", force_id=force.id)]


@_handles(ev.ForceSentToRest)
def _force_sent_to_rest(state: CampaignState, e: ev.ForceSentToRest):
    force = replace(state.forces[e.force_id], posture="rest")
    return replace(state, forces={**state.forces, force.id: force}), [
        LedgerEffect("sent_to_rest", f"{force.name} is rotated out to rest", force_id=force.id)
    ]


@_handles(ev.ForceSentToFront)
def _force_sent_to_front(state: CampaignState, e: ev.ForceSentToFront):
    force = replace(state.forces[e.force_id], posture="front")
    return replace(state, forces={**state.forces, force.id: force}), [
        LedgerEffect("sent_to_front", f"{force.name} goes back to the front", force_id=force.id)
    ]


@_handles(ev.FormationRaised)
def _formation_raised(state: CampaignState, e: ev.FormationRaised):
    formation = Formation(
        id=e.formation_id, force_id=e.force_id, parent_id=e.parent_id, level=e.level, name=e.name
    )
    new = replace(
        state,
        formations={**state.formations, formation.id: formation},
        last_ids=_bump(state, "formation", formation.id),
    )
    return new, [
        LedgerEffect(
            "formation_raised", f"{e.level.capitalize()} {e.name} raised",
            force_id=e.force_id, formation_id=formation.id,
        )
    ]


@_handles(ev.FormationCommanderAssigned)
def _formation_commander(state: CampaignState, e: ev.FormationCommanderAssigned):
    formation = state.formations[e.formation_id]
    effects = _handover(
        state, formation.name, formation.commander_id, e,
        lambda kind, soldier, text, **extra: _soldier_effect(
            kind, soldier, text, formation_id=formation.id, **extra
        ),
    )
    formation = replace(formation, commander_id=e.soldier_id)
    return replace(state, formations={**state.formations, formation.id: formation}), effects


@_handles(ev.SquadRaised)
def _squad_raised(state: CampaignState, e: ev.SquadRaised):
    squad = Squad(
        id=e.squad_id, force_id=e.force_id, formation_id=e.formation_id, name=e.name,
        quality=e.quality, establishment=e.establishment, traits=dict(e.traits),
        raised_on=state.date,
    )
    new = replace(
        state, squads={**state.squads, squad.id: squad}, last_ids=_bump(state, "squad", squad.id)
    )
    return new, [
        LedgerEffect(
            "squad_raised", f"{e.name} raised ({e.quality})", force_id=e.force_id,
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


# --- soldiers -------------------------------------------------------------------------------


@_handles(ev.SoldierRecruited)
@_handles(ev.ReplacementJoined)
def _soldier_recruited(state: CampaignState, e: ev.SoldierRecruited):
    replacement = isinstance(e, ev.ReplacementJoined)
    soldier = Soldier(
        id=e.soldier_id, force_id=e.force_id, squad_id=e.squad_id, name=e.name, role=e.role,
        weapon=e.weapon, armour=e.armour, quality=e.quality,
        specialties=tuple(e.specialties), leadership=e.leadership, traits=dict(e.traits),
        joined_on=state.date, replacement=replacement,
    )
    where = state.squads[e.squad_id].name if e.squad_id else state.forces[e.force_id].name
    verb = "joins as a replacement" if replacement else "recruited"
    new = replace(
        _set_soldiers(state, soldier), last_ids=_bump(state, "soldier", soldier.id)
    )
    kind = "replacement_joined" if replacement else "recruited"
    return new, [_soldier_effect(kind, soldier, f"{e.name} ({e.role}) {verb}: {where}")]


@_handles(ev.SoldierAmended)
def _soldier_amended(state: CampaignState, e: ev.SoldierAmended):
    soldier = state.soldiers[e.soldier_id]
    changes = dict(e.changes)
    if "specialties" in changes:
        changes["specialties"] = tuple(changes["specialties"])
    updated = replace(soldier, **changes)
    listed = ", ".join(f"{k} {getattr(soldier, k)} -> {getattr(updated, k)}" for k in e.changes)
    return _set_soldiers(state, updated), [
        _soldier_effect(
            "amended", updated, f"{soldier.name}: {listed}",
            data={"changes": dict(e.changes), "reason": e.reason},
        )
    ]


@_handles(ev.SoldierTransferred)
def _soldier_transferred(state: CampaignState, e: ev.SoldierTransferred):
    soldier = state.soldiers[e.soldier_id]
    state, effects = _vacate_commands(state, soldier, squads_only=True)
    old = state.squads.get(soldier.squad_id) if soldier.squad_id else None
    new_squad = state.squads.get(e.to_squad_id) if e.to_squad_id else None
    moved = replace(soldier, squad_id=e.to_squad_id)
    from_name = old.name if old else "the reserve"
    to_name = new_squad.name if new_squad else "the reserve"
    text = f"{soldier.name} transferred from {from_name} to {to_name}"
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
    return _set_soldiers(state, moved), effects


@_handles(ev.LeadershipChanged)
def _leadership_changed(state: CampaignState, e: ev.LeadershipChanged):
    soldier = state.soldiers[e.soldier_id]
    updated = replace(soldier, leadership=e.leadership)
    return _set_soldiers(state, updated), [
        _soldier_effect(
            "leadership_changed", updated,
            f"{soldier.name}: leadership {soldier.leadership} -> {e.leadership}"
            + (f" ({e.reason})" if e.reason else ""),
            data={"from": soldier.leadership, "to": e.leadership, "reason": e.reason},
        )
    ]


def _died(state: CampaignState, soldier: Soldier, text: str, **extra: object):
    dead = replace(soldier, status="dead", recovery_due=None)
    state, effects = _vacate_commands(_set_soldiers(state, dead), dead)
    return state, [_soldier_effect("died", dead, text, **extra), *effects]


def _captured(
    state: CampaignState, soldier: Soldier, by_force_id: int | None, text: str, **extra: object
):
    prisoner = replace(soldier, status="captured", held_by_force_id=by_force_id,
                       recovery_due=None)
    state, effects = _vacate_commands(_set_soldiers(state, prisoner), prisoner)
    return state, [
        _soldier_effect("captured", prisoner, text, data={"by_force_id": by_force_id}, **extra),
        *effects,
    ]


@_handles(ev.SoldierDied)
def _soldier_died(state: CampaignState, e: ev.SoldierDied):
    soldier = state.soldiers[e.soldier_id]
    return _died(state, soldier, f"{soldier.name} died" + (f": {e.cause}" if e.cause else ""))


@_handles(ev.SoldierCaptured)
def _soldier_captured(state: CampaignState, e: ev.SoldierCaptured):
    soldier = state.soldiers[e.soldier_id]
    holder = state.forces[e.by_force_id].name if e.by_force_id else "the enemy"
    return _captured(state, soldier, e.by_force_id, f"{soldier.name} captured by {holder}")


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
            _soldier_effect(
                "released", back, f"{soldier.name} released in a prisoner exchange",
                data={"held_by_force_id": holder},
            )
        )
    return _set_soldiers(state, *returned), effects


@_handles(ev.RecoveryRolled)
def _recovery_rolled(state: CampaignState, e: ev.RecoveryRolled):
    soldier = state.soldiers[e.soldier_id]
    recovered = e.roll >= e.target
    dice = {"die": e.die, "roll": e.roll, "target": e.target, "source": e.source, "key": e.key}
    if recovered:
        updated = replace(
            soldier, status="fit", recovery_due=None, wounded_on=None,
            recoveries=soldier.recoveries + 1, last_recovery_roll_on=state.date,
        )
        text = f"{soldier.name} recovery roll d{e.die}: {e.roll} (needs {e.target}+): back to duty"
        effects = [
            _soldier_effect("recovery_roll", updated, text, data=dice),
            _soldier_effect("recovered", updated, f"{soldier.name} recovered and returns to duty",
                            data={"by": "roll"}),
        ]
    else:
        updated = replace(soldier, last_recovery_roll_on=state.date)
        text = f"{soldier.name} recovery roll d{e.die}: {e.roll} (needs {e.target}+): still recovering"
        effects = [_soldier_effect("recovery_roll", updated, text, data=dice)]
    return _set_soldiers(state, updated), effects


# --- scenarios and battles ------------------------------------------------------------------


@_handles(ev.ScenarioPlanned)
def _scenario_planned(state: CampaignState, e: ev.ScenarioPlanned):
    scenario = Scenario(
        id=e.scenario_id, name=e.name, force_ids=tuple(e.force_ids), description=e.description
    )
    new = replace(
        state,
        scenarios={**state.scenarios, scenario.id: scenario},
        last_ids=_bump(state, "scenario", scenario.id),
    )
    return new, [LedgerEffect("scenario_planned", f"Scenario {e.name} planned",
                              scenario_id=scenario.id)]


@_handles(ev.ScenarioLinked)
def _scenario_linked(state: CampaignState, e: ev.ScenarioLinked):
    link = ScenarioLink(e.from_id, e.to_id, e.condition, e.force_id)
    before, after = state.scenarios[e.from_id], state.scenarios[e.to_id]
    when = ""
    if e.condition:
        when = f" if {state.forces[e.force_id].name} gets a {e.condition}"
    return replace(state, links=(*state.links, link)), [
        LedgerEffect("scenario_linked", f"{before.name} leads to {after.name}{when}",
                     scenario_id=e.from_id)
    ]


def _update_scenario(state: CampaignState, scenario: Scenario) -> CampaignState:
    return replace(state, scenarios={**state.scenarios, scenario.id: scenario})


@_handles(ev.MotivationSet)
def _motivation_set(state: CampaignState, e: ev.MotivationSet):
    scenario = state.scenarios[e.scenario_id]
    updated = replace(scenario, motivation={**scenario.motivation, e.force_id: e.motivation})
    force = state.forces[e.force_id]
    return _update_scenario(state, updated), [
        LedgerEffect("motivation_set", f"{force.name}: {e.motivation} motivation in {scenario.name}",
                     force_id=e.force_id, scenario_id=scenario.id)
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
    return _update_scenario(state, updated), [
        LedgerEffect("units_picked", f"{force.name} sends {names} into {scenario.name}",
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
    new = replace(_update_scenario(state, updated), battles={**state.battles,
                                                              e.battle_id: scenario.id})
    effects = [
        LedgerEffect("battle_started", f"Battle {e.battle_id} of {scenario.name} begins",
                     scenario_id=scenario.id, battle_id=e.battle_id)
    ]
    for side in e.sides:
        force = state.forces[side["force_id"]]
        effects.append(
            LedgerEffect(
                "battle_started",
                f"{force.name} goes into {scenario.name} {side['fatigue']} "
                f"({side['starting_morale']}), {side['motivation']} motivation",
                force_id=force.id, scenario_id=scenario.id, battle_id=e.battle_id,
                data={k: side[k] for k in ("fatigue", "starting_morale", "motivation")},
            )
        )
    return new, effects


@_handles(ev.ScenarioResultRecorded)
def _scenario_result(state: CampaignState, e: ev.ScenarioResultRecorded):
    scenario = state.scenarios[e.scenario_id]
    results = {r["force_id"]: r["result"] for r in e.results}
    updated = replace(scenario, results={**scenario.results, **results})
    text = "; ".join(f"{state.forces[f].name}: {r}" for f, r in results.items())
    return _update_scenario(state, updated), [
        LedgerEffect("scenario_result", f"{scenario.name}: {text}", scenario_id=scenario.id,
                     data={"results": {str(k): v for k, v in results.items()}})
    ]


_FATES = {"killed", "stabilised", "returned_to_duty", "prisoner", "unharmed"}


@_handles(ev.BattleResultTakenOver)
def _battle_result_taken_over(state: CampaignState, e: ev.BattleResultTakenOver):
    """The battle's outcome for every soldier who fought (§2.9, §2.10, §2.11)."""
    scenario = state.scenarios[e.scenario_id]
    effects: list[LedgerEffect] = []
    where = f"in {scenario.name} (battle {e.battle_id})"
    units = {u["squad_id"]: u for u in e.units}
    settled = {r["soldier_id"]: r for r in e.reorganisation}

    # who fought: everyone the battle was set up with
    fought: dict[int, int | None] = {}  # soldier id -> squad id in the battle (officers: None)
    for side in scenario.sides:
        for pick in side["squads"]:
            for soldier_id in pick["soldier_ids"]:
                fought[soldier_id] = pick["squad_id"]
        for soldier_id in side.get("officers", ()):
            fought[soldier_id] = None
    outcome_of = {c["soldier_id"]: c for c in e.casualties}

    for soldier_id, squad_id in fought.items():
        soldier = state.soldiers[soldier_id]
        casualty = outcome_of.get(soldier_id, {"outcome": "unharmed"})
        outcome = casualty["outcome"]
        roll = settled.get(soldier_id)
        if outcome == "wounded" and roll is not None:
            outcome = roll["outcome"]
        state, fx = _fate(state, soldier, outcome, casualty, roll, where, e.battle_id)
        effects += fx
        soldier = state.soldiers[soldier_id]
        state = _set_soldiers(state, replace(soldier, battles_fought=soldier.battles_fought + 1))
        effects.append(
            _soldier_effect(
                "battle_fought", soldier, f"{soldier.name} fought {where}: {outcome}",
                scenario_id=scenario.id, battle_id=e.battle_id,
                data={"outcome": outcome, "squad_id": squad_id,
                      "unit": units.get(squad_id, {}), **({"roll": roll} if roll else {})},
            )
        )

    for command in e.commanders:
        state, fx = _commander_replaced(state, command, where, e.battle_id, scenario.id)
        effects += fx

    squads = dict(state.squads)
    for side in scenario.sides:
        for pick in side["squads"]:
            squad = squads[pick["squad_id"]]
            squads[squad.id] = replace(squad, battles_fought=squad.battles_fought + 1)
            unit = units.get(squad.id, {})
            effects.append(
                LedgerEffect(
                    "battle_fought", f"{squad.name} fought {where}",
                    force_id=squad.force_id, squad_id=squad.id, scenario_id=scenario.id,
                    battle_id=e.battle_id,
                    data={"unit": unit, "soldier_ids": list(pick["soldier_ids"]),
                          "casualties": {str(s): outcome_of[s]["outcome"]
                                         for s in pick["soldier_ids"] if s in outcome_of}},
                )
            )
    state = replace(state, squads=squads)

    forces = dict(state.forces)
    rates = state.house_rules.fatigue
    for side in scenario.sides:
        force = forces[side["force_id"]]
        added = rates.battle_points(force.consecutive_battles)
        updated = replace(
            force,
            fatigue_points=force.fatigue_points + added,
            consecutive_battles=force.consecutive_battles + 1,
            battles_fought=force.battles_fought + 1,
            posture="front",
        )
        forces[force.id] = updated
        effects.append(
            LedgerEffect(
                "fatigue_changed",
                f"{force.name}: battle {updated.consecutive_battles} in a row adds {added} "
                f"fatigue ({rates.level(force.fatigue_points)} -> "
                f"{rates.level(updated.fatigue_points)})",
                force_id=force.id, scenario_id=scenario.id, battle_id=e.battle_id,
                data={"from": force.fatigue_points, "to": updated.fatigue_points,
                      "level": rates.level(updated.fatigue_points)},
            )
        )
    state = replace(state, forces=forces)

    results = {r["force_id"]: r["result"] for r in e.results}
    updated_scenario = replace(
        scenario, taken_over=True, results={**scenario.results, **results}
    )
    state = _update_scenario(state, updated_scenario)
    effects.append(
        LedgerEffect("result_taken_over", f"Result of {scenario.name} taken over",
                     scenario_id=scenario.id, battle_id=e.battle_id,
                     data={"results": {str(k): v for k, v in results.items()}})
    )
    return state, effects


def _fate(
    state: CampaignState, soldier: Soldier, outcome: str, casualty: dict, roll: dict | None,
    where: str, battle_id: int,
) -> tuple[CampaignState, list[LedgerEffect]]:
    if outcome not in _FATES:
        raise ValueError(f"unsettled outcome {outcome!r} for soldier {soldier.id}")
    extra = {"battle_id": battle_id}
    if roll is not None:
        dice = []
        if "melee_fate" in roll:
            melee = roll["melee_fate"]
            dice.append(f"melee fate d{melee['die']} {melee['roll']}: {melee['result']}")
        if "roll" in roll:
            bonus = f"+{roll['modifier']}" if roll.get("modifier") else ""
            dice.append(f"final reorganisation d{roll['die']} {roll['roll']}{bonus}")
        fx = [
            _soldier_effect(
                "reorganisation_roll", soldier,
                f"{soldier.name}: {'; '.join(dice)}: {outcome}", data=dict(roll), **extra,
            )
        ]
    else:
        fx = []
    if outcome == "killed":
        state, more = _died(state, soldier, f"{soldier.name} killed {where}", **extra)
        return state, fx + more
    if outcome == "prisoner":
        holder_id = casualty.get("captured_by_force_id")
        holder = state.forces[holder_id].name if holder_id else "the enemy"
        state, more = _captured(
            state, soldier, holder_id, f"{soldier.name} taken prisoner by {holder} {where}",
            **extra,
        )
        return state, fx + more
    if outcome == "stabilised":
        hurt = replace(soldier, status="wounded", wounded_on=state.date,
                       wounds=soldier.wounds + 1)
        return _set_soldiers(state, hurt), fx + [
            _soldier_effect("wounded", hurt, f"{soldier.name} wounded {where}, stabilised",
                            data={"fate": "stabilised"}, **extra)
        ]
    if outcome == "returned_to_duty":
        hurt = replace(soldier, wounds=soldier.wounds + 1)
        return _set_soldiers(state, hurt), fx + [
            _soldier_effect("wounded", hurt,
                            f"{soldier.name} wounded {where}, returned to duty",
                            data={"fate": "returned_to_duty"}, **extra)
        ]
    return state, fx


def _commander_replaced(
    state: CampaignState, command: dict, where: str, battle_id: int, scenario_id: int
) -> tuple[CampaignState, list[LedgerEffect]]:
    """§2.9: the lost commander's place is taken by a subordinate, whose leadership the d6
    moved; the campaign keeps the new leadership and the new commander."""
    squad = state.squads[command["squad_id"]]
    soldier = state.soldiers[command["soldier_id"]]
    effects: list[LedgerEffect] = []
    old_id = squad.commander_id
    if old_id is not None and old_id != soldier.id:
        old = state.soldiers[old_id]
        effects.append(
            LedgerEffect("command_lost", f"{old.name} lost command of {squad.name} {where}",
                         force_id=squad.force_id, squad_id=squad.id, soldier_id=old.id,
                         battle_id=battle_id, scenario_id=scenario_id)
        )
    leader = replace(soldier, leadership=command["leadership"])
    effects.append(
        LedgerEffect(
            "command_taken",
            f"{soldier.name} took command of {squad.name} {where} (leadership "
            f"{soldier.leadership} -> {command['leadership']})",
            force_id=squad.force_id, squad_id=squad.id, soldier_id=soldier.id,
            battle_id=battle_id, scenario_id=scenario_id,
            data={"reason": "commander_replaced", "leadership": command["leadership"],
                  "previous_leadership": soldier.leadership},
        )
    )
    if soldier.leadership != command["leadership"]:
        effects.append(
            _soldier_effect(
                "leadership_changed", leader,
                f"{soldier.name}: leadership {soldier.leadership} -> {command['leadership']} "
                f"(replaced the commander {where}, §2.9)",
                battle_id=battle_id,
                data={"from": soldier.leadership, "to": command["leadership"],
                      "reason": "commander_replaced"},
            )
        )
    keeps_post = leader.status not in ("dead", "captured")
    squad = replace(squad, commander_id=leader.id if keeps_post else None)
    state = _set_soldiers(replace(state, squads={**state.squads, squad.id: squad}), leader)
    return state, effects
