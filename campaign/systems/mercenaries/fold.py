"""Mercenaries' share of the campaign fold: a side's deployment, and the house rules of
healing (this project's, not the book's: ``house_rules``): the wounded of a battle recover
``days_per_wound`` days a wound later. A member's ``wounds`` attribute holds the wounds he
took in his last battle until he is healed. Pure."""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from campaign.ledger.fold import fought_in, set_soldiers, soldier_effect, update_scenario
from campaign.ledger.sentences import ATTRIBUTE_VALUE, Sentence, Term, gettext_noop
from campaign.ledger.state import CampaignState, LedgerEffect
from campaign.systems.mercenaries.events import SideDeployed


def _side_deployed(state: CampaignState, e: SideDeployed):
    scenario = state.scenarios[e.scenario_id]
    side = {**scenario.side_attributes.get(e.force_id, {}), "edge": e.edge}
    updated = replace(scenario, side_attributes={**scenario.side_attributes, e.force_id: side})
    force = state.forces[e.force_id]
    return update_scenario(state, updated), [
        LedgerEffect("side_deployed",
                     Sentence(gettext_noop("{force} deploys on the {edge} edge in {scenario}"),
                              force=force.name, edge=Term(ATTRIBUTE_VALUE + "edge", e.edge),
                              scenario=scenario.name),
                     force_id=e.force_id, scenario_id=scenario.id)
    ]


HANDLERS = {SideDeployed.type: _side_deployed}


def after_casualties(state: CampaignState, event, where) -> tuple[CampaignState, list]:
    """House rule: who came out of the battle wounded (the core's ``wounded`` status) keeps
    his wounds and recovers ``days_per_wound`` days a wound later (at once with 0 days);
    who returned to duty or was unhurt has none."""
    wounds = {int(k): v["wounds"] for k, v in event.extra.get("wounds", {}).items()}
    days = state.house_rules.days_per_wound
    changed, effects = [], []
    for soldier_id in fought_in(state.scenarios[event.scenario_id]):
        soldier = state.soldiers[soldier_id]
        if soldier.status != "wounded":
            if soldier.attributes.get("wounds") and soldier.status not in ("dead", "captured"):
                changed.append(replace(soldier, attributes={**soldier.attributes, "wounds": 0}))
            continue
        taken = max(1, min(wounds.get(soldier_id, 1), 4))
        if not days:
            changed.append(replace(soldier, status="fit",
                                   attributes={**soldier.attributes, "wounds": 0}))
            continue
        due = state.date + timedelta(days=days * taken)
        healing = replace(soldier, status="recovering", recovery_due=due,
                          attributes={**soldier.attributes, "wounds": taken})
        changed.append(healing)
        effects.append(soldier_effect(
            "healing", healing,
            Sentence(gettext_noop("{soldier} heals {wounds} wounds, fit again on {date} "
                                  "(house rule)"),
                     soldier=soldier.name, wounds=taken, date=due.isoformat()),
            data={"wounds": taken, "due": due.isoformat()}))
    return set_soldiers(state, *changed), effects


def pass_time(state: CampaignState, days: int, before) -> tuple[CampaignState, list]:
    """House rule: a recovering member whose day has come is fit, his wounds healed."""
    changed, effects = [], []
    for soldier in state.soldiers.values():
        if soldier.status == "recovering" and soldier.recovery_due and (
                soldier.recovery_due <= state.date):
            fit = replace(soldier, status="fit", recovery_due=None,
                          recoveries=soldier.recoveries + 1,
                          attributes={**soldier.attributes, "wounds": 0})
            changed.append(fit)
            effects.append(soldier_effect(
                "recovered", fit, Sentence(gettext_noop("{soldier} has healed (house rule)"),
                                           soldier=soldier.name)))
    return set_soldiers(state, *changed), effects


def settle_casualty(state: CampaignState, soldier, outcome: str, event):
    """A fate the battle left open (§2.11: an Extra out of the fight, a Wild Card dying, the
    book says nothing of after the battle) by the house rules; a Wild Card who fought on
    with wounds returns wounded. Returns (outcome, effects, note)."""
    if outcome != "wounded":
        return outcome, [], {}
    detail = event.extra.get("wounds", {}).get(str(soldier.id), {})
    condition = detail.get("condition", "fighting")
    rules = state.house_rules
    fate = {"dying": rules.dying, "out_of_action": rules.out_of_action}.get(condition,
                                                                          "stabilised")
    return fate, [], {"wounds": detail.get("wounds", 0), "condition": condition}
