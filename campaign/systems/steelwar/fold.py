"""The Steel War's share of the campaign fold: its events (rest and front, leadership,
recovery rolls, motivation) and its hooks into the core's fold of time and of a battle's
result (house rules, ``house_rules``; §2.9 commander replacement, §2.11 wounded fates).

A force's fatigue lives in its attributes (``fatigue_points``, ``front_days``,
``rest_days``, ``consecutive_battles``, ``posture``); a scenario side's motivation in the
scenario's ``side_attributes``. Pure.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from campaign.ledger.fold import set_soldiers, soldier_effect, update_scenario
from campaign.ledger.sentences import Sentence, Term, gettext_noop, joined, word
from campaign.ledger.state import CampaignState, Force, LedgerEffect, Scenario
from campaign.systems.steelwar import events as ev
from campaign.systems.steelwar.house_rules import FatigueRates, HouseRules


def fatigue_level(state: CampaignState, force_id: int) -> str:
    """fresh / tired / exhausted (house rule thresholds)."""
    return state.house_rules.fatigue.level(state.forces[force_id].attributes["fatigue_points"])


def _with_force(state: CampaignState, force: Force, **changes) -> CampaignState:
    updated = replace(force, attributes={**force.attributes, **changes})
    return replace(state, forces={**state.forces, force.id: updated})


# --- time -----------------------------------------------------------------------------------


def pass_time(state: CampaignState, days: int, before) -> tuple[CampaignState, list]:
    """Time passes (house rules): fatigue builds at the front and falls at rest; the wounded
    are evacuated and recover."""
    rates: HouseRules = state.house_rules
    after = state.date
    effects: list[LedgerEffect] = []
    forces: dict[int, Force] = {}
    for force in state.forces.values():
        now = force.attributes
        new = _pass_time_for_force(now, days, rates.fatigue)
        forces[force.id] = replace(force, attributes=new)
        if new["fatigue_points"] != now["fatigue_points"]:
            old_level = rates.fatigue.level(now["fatigue_points"])
            new_level = rates.fatigue.level(new["fatigue_points"])
            where = word(gettext_noop("at rest") if now["posture"] == "rest"
                         else gettext_noop("at the front"))
            effects.append(
                LedgerEffect(
                    "fatigue_changed",
                    Sentence(gettext_noop("{force}: {days} days {where}, fatigue {old} -> {new}"
                                          " ({old_points} -> {new_points} points)"),
                             force=force.name, days=days, where=where,
                             old=Term("fatigue", old_level), new=Term("fatigue", new_level),
                             old_points=now["fatigue_points"],
                             new_points=new["fatigue_points"]),
                    force_id=force.id,
                    data={"from": now["fatigue_points"], "to": new["fatigue_points"],
                          "level": new_level},
                )
            )
    soldiers = []
    for soldier in state.soldiers.values():
        current = soldier
        if current.status == "wounded":
            due = before + timedelta(days=rates.recovery.recovery_days)
            current = replace(current, status="recovering", recovery_due=due)
            effects.append(
                soldier_effect(
                    "evacuated", current,
                    Sentence(gettext_noop("{soldier} evacuated to recover, due back {date}"),
                             soldier=current.name, date=due.isoformat()),
                    data={"due": due.isoformat()},
                )
            )
        if current.status == "recovering" and current.recovery_due <= after:
            current = replace(
                current, status="fit", recovery_due=None, wounded_on=None,
                recoveries=current.recoveries + 1,
            )
            effects.append(
                soldier_effect(
                    "recovered", current,
                    Sentence(gettext_noop("{soldier} recovered and returns to duty"),
                             soldier=current.name),
                    data={"by": "time"},
                )
            )
        if current is not soldier:
            soldiers.append(current)
    return set_soldiers(replace(state, forces=forces), *soldiers), effects


def _pass_time_for_force(now: dict, days: int, fatigue: FatigueRates) -> dict:
    if now["posture"] == "rest":
        rest_days = now["rest_days"] + days
        return {
            **now,
            "rest_days": rest_days % fatigue.rest_days_per_point,
            "fatigue_points": max(0, now["fatigue_points"]
                                  - rest_days // fatigue.rest_days_per_point),
            "consecutive_battles": 0 if days > 0 else now["consecutive_battles"],
        }
    front_days = now["front_days"] + days
    return {
        **now,
        "front_days": front_days % fatigue.front_days_per_point,
        "fatigue_points": now["fatigue_points"] + front_days // fatigue.front_days_per_point,
    }


# --- its events -----------------------------------------------------------------------------


def _sent_to_rest(state: CampaignState, e: ev.ForceSentToRest):
    force = state.forces[e.force_id]
    return _with_force(state, force, posture="rest"), [
        LedgerEffect("sent_to_rest", Sentence(gettext_noop("{force} is rotated out to rest"),
                                              force=force.name), force_id=force.id)
    ]


def _sent_to_front(state: CampaignState, e: ev.ForceSentToFront):
    force = state.forces[e.force_id]
    return _with_force(state, force, posture="front"), [
        LedgerEffect("sent_to_front", Sentence(gettext_noop("{force} goes back to the front"),
                                               force=force.name), force_id=force.id)
    ]


def _leadership_changed(state: CampaignState, e: ev.LeadershipChanged):
    soldier = state.soldiers[e.soldier_id]
    before = soldier.attributes.get("leadership")
    updated = replace(soldier, attributes={**soldier.attributes, "leadership": e.leadership})
    return set_soldiers(state, updated), [
        soldier_effect(
            "leadership_changed", updated,
            Sentence(gettext_noop("{soldier}: leadership {old} -> {new} ({reason})"),
                     soldier=soldier.name, old=before, new=e.leadership, reason=e.reason)
            if e.reason else
            Sentence(gettext_noop("{soldier}: leadership {old} -> {new}"),
                     soldier=soldier.name, old=before, new=e.leadership),
            data={"from": before, "to": e.leadership, "reason": e.reason},
        )
    ]


def _recovery_rolled(state: CampaignState, e: ev.RecoveryRolled):
    soldier = state.soldiers[e.soldier_id]
    recovered = e.roll >= e.target
    dice = {"die": e.die, "roll": e.roll, "target": e.target, "source": e.source, "key": e.key}
    if recovered:
        updated = replace(
            soldier, status="fit", recovery_due=None, wounded_on=None,
            recoveries=soldier.recoveries + 1, last_recovery_roll_on=state.date,
        )
        text = Sentence(gettext_noop("{soldier} recovery roll d{die}: {roll} (needs {target}+): "
                                     "back to duty"),
                        soldier=soldier.name, die=e.die, roll=e.roll, target=e.target)
        effects = [
            soldier_effect("recovery_roll", updated, text, data=dice),
            soldier_effect("recovered", updated,
                           Sentence(gettext_noop("{soldier} recovered and returns to duty"),
                                    soldier=soldier.name),
                           data={"by": "roll"}),
        ]
    else:
        updated = replace(soldier, last_recovery_roll_on=state.date)
        text = Sentence(gettext_noop("{soldier} recovery roll d{die}: {roll} (needs {target}+): "
                                     "still recovering"),
                        soldier=soldier.name, die=e.die, roll=e.roll, target=e.target)
        effects = [soldier_effect("recovery_roll", updated, text, data=dice)]
    return set_soldiers(state, updated), effects


def _motivation_set(state: CampaignState, e: ev.MotivationSet):
    scenario = state.scenarios[e.scenario_id]
    side = {**scenario.side_attributes.get(e.force_id, {}), "motivation": e.motivation}
    updated = replace(scenario, side_attributes={**scenario.side_attributes, e.force_id: side})
    force = state.forces[e.force_id]
    return update_scenario(state, updated), [
        LedgerEffect("motivation_set",
                     Sentence(gettext_noop("{force}: {motivation} motivation in {scenario}"),
                              force=force.name, motivation=Term("motivation", e.motivation),
                              scenario=scenario.name),
                     force_id=e.force_id, scenario_id=scenario.id)
    ]


HANDLERS = {
    ev.ForceSentToRest.type: _sent_to_rest,
    ev.ForceSentToFront.type: _sent_to_front,
    ev.LeadershipChanged.type: _leadership_changed,
    ev.RecoveryRolled.type: _recovery_rolled,
    ev.MotivationSet.type: _motivation_set,
}


# --- a battle's result ----------------------------------------------------------------------


def settle_casualty(state: CampaignState, soldier, outcome: str, event):
    """§2.11: a casualty still unchecked at the end takes the fate of its final
    reorganisation roll (``reorganisation`` in the event), with the dice in his history."""
    roll = {r["soldier_id"]: r for r in event.extra.get("reorganisation", ())}.get(soldier.id)
    if roll is None:
        return outcome, [], {}
    if outcome == "wounded":
        outcome = roll["outcome"]
    dice = []
    if "melee_fate" in roll:
        melee = roll["melee_fate"]
        dice.append(Sentence(gettext_noop("melee fate d{die} {roll}: {result}"),
                             die=melee["die"], roll=melee["roll"],
                             result=Term("fate", melee["result"])))
    if "roll" in roll:
        bonus = f"+{roll['modifier']}" if roll.get("modifier") else ""
        dice.append(Sentence(gettext_noop("final reorganisation d{die} {roll}{bonus}"),
                             die=roll["die"], roll=roll["roll"], bonus=bonus))
    effect = soldier_effect(
        "reorganisation_roll", soldier,
        Sentence(gettext_noop("{soldier}: {dice}: {outcome}"), soldier=soldier.name,
                 dice=joined(dice), outcome=Term("fate", outcome)),
        data=dict(roll), battle_id=event.battle_id,
    )
    return outcome, [effect], {"roll": roll}


def after_casualties(state: CampaignState, event, where: str):
    """§2.9: replaced commanders (``commanders`` in the event)."""
    effects: list[LedgerEffect] = []
    for command in event.extra.get("commanders", ()):
        state, fx = _commander_replaced(state, command, where, event.battle_id,
                                        event.scenario_id)
        effects += fx
    return state, effects


def _commander_replaced(
    state: CampaignState, command: dict, where: str, battle_id: int, scenario_id: int
) -> tuple[CampaignState, list[LedgerEffect]]:
    """§2.9: the lost commander's place is taken by a subordinate, whose leadership the d6
    moved; the campaign keeps the new leadership and the new commander."""
    squad = state.squads[command["squad_id"]]
    soldier = state.soldiers[command["soldier_id"]]
    before = soldier.attributes.get("leadership")
    effects: list[LedgerEffect] = []
    old_id = squad.commander_id
    if old_id is not None and old_id != soldier.id:
        old = state.soldiers[old_id]
        effects.append(
            LedgerEffect("command_lost",
                         Sentence(gettext_noop("{soldier} lost command of {squad} {where}"),
                                  soldier=old.name, squad=squad.name, where=where),
                         force_id=squad.force_id, squad_id=squad.id, soldier_id=old.id,
                         battle_id=battle_id, scenario_id=scenario_id)
        )
    leader = replace(soldier, attributes={**soldier.attributes,
                                          "leadership": command["leadership"]})
    effects.append(
        LedgerEffect(
            "command_taken",
            Sentence(gettext_noop("{soldier} took command of {squad} {where} (leadership "
                                  "{old} -> {new})"),
                     soldier=soldier.name, squad=squad.name, where=where, old=before,
                     new=command["leadership"]),
            force_id=squad.force_id, squad_id=squad.id, soldier_id=soldier.id,
            battle_id=battle_id, scenario_id=scenario_id,
            data={"reason": "commander_replaced", "leadership": command["leadership"],
                  "previous_leadership": before},
        )
    )
    if before != command["leadership"]:
        effects.append(
            soldier_effect(
                "leadership_changed", leader,
                Sentence(gettext_noop("{soldier}: leadership {old} -> {new} (replaced the "
                                      "commander {where}, §2.9)"),
                         soldier=soldier.name, old=before, new=command["leadership"],
                         where=where),
                battle_id=battle_id,
                data={"from": before, "to": command["leadership"],
                      "reason": "commander_replaced"},
            )
        )
    keeps_post = leader.status not in ("dead", "captured")
    squad = replace(squad, commander_id=leader.id if keeps_post else None)
    state = set_soldiers(replace(state, squads={**state.squads, squad.id: squad}), leader)
    return state, effects


def force_fought(state: CampaignState, force: Force, scenario: Scenario, event):
    """A battle tires the force, more for every battle in a row (house rule), and it is at
    the front."""
    rates = state.house_rules.fatigue
    now = force.attributes
    added = rates.battle_points(now["consecutive_battles"])
    new = {**now, "fatigue_points": now["fatigue_points"] + added,
           "consecutive_battles": now["consecutive_battles"] + 1, "posture": "front"}
    effect = LedgerEffect(
        "fatigue_changed",
        Sentence(gettext_noop("{force}: battle {battles} in a row adds {added} fatigue "
                              "({old} -> {new})"),
                 force=force.name, battles=new["consecutive_battles"], added=added,
                 old=Term("fatigue", rates.level(now["fatigue_points"])),
                 new=Term("fatigue", rates.level(new["fatigue_points"]))),
        force_id=force.id, scenario_id=scenario.id, battle_id=event.battle_id,
        data={"from": now["fatigue_points"], "to": new["fatigue_points"],
              "level": rates.level(new["fatigue_points"])},
    )
    return replace(force, attributes=new), [effect]
