"""A scenario's battle, set up from campaign state and created through the battles service.

Each side goes in with the soldiers its force picked (still able to fight) and what the
campaign's plug-in adds to a side (Steel War: the motivation the organizer set and the
fatigue that sets its starting morale, §2.17); the plug-in builds the rule system's setup.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Model
from django.utils.translation import gettext as _

from battles.services.battles import ParticipantSpec, create_battle
from campaign.ledger.events import BattleStarted
from campaign.ledger.state import CampaignState
from campaign.models import Campaign, CampaignBattle
from campaign.plugins import CampaignPlugin
from campaign.plugins import get as plugin_for
from campaign.services.access import refused, require_organizer
from campaign.services.ledger import Recorded, state_of, write
from campaign.services.scenarios import resolve_officers, resolve_picks, scenario_of
from config.errors import Conflict
from rules.core.errors import RuleError


def plan_sides(state: CampaignState, scenario_id: int, plugin: CampaignPlugin) -> list[dict]:
    """The sides of the scenario's battle as the campaign stands now (the
    ``scenario.battle_started`` sides).

    Refuses a scenario that is locked by the graph, already played, or not ready: every
    force needs what the plug-in asks (Steel War: its motivation) and its picks, and every
    soldier picked must still be able to fight (422, naming him)."""
    scenario = scenario_of(state, scenario_id)
    if scenario.battle_id is not None or scenario.status == "concluded":
        raise refused("scenario_started", _("%(scenario)s has already been played") % {"scenario": scenario.name},
                      field="scenario_id")
    if not state.scenario_open(scenario_id):
        raise refused("scenario_locked", _("%(scenario)s is not open: the results of the scenarios leading to it do not allow it (yet)") % {"scenario": scenario.name}, field="scenario_id")
    plans = []
    for force_id in scenario.force_ids:
        force = state.forces[force_id]
        try:
            plugin.check_side_ready(state, scenario, force_id)
        except RuleError as error:
            raise refused(error.code, error.message, field=error.field, rule=error.rule) from None
        picks = scenario.picks.get(force_id)
        if not picks:
            raise refused("units_missing", _("%(force)s has not picked its units for %(scenario)s") % {"force": force.name, "scenario": scenario.name}, field="squads")
        squads = resolve_picks(
            state, force_id, [{"squad_id": q, "soldier_ids": list(ids)} for q, ids in picks]
        )
        officers = resolve_officers(state, force_id, scenario.officers.get(force_id, ()),
                                    squads)
        plans.append(plugin.plan_side(state, scenario, force_id, squads, officers))
    return plans


def start_scenario_battle(
    *,
    user,
    campaign: Campaign,
    scenario_id: int,
    name: str | None = None,
    expected_version: int | None = None,
) -> tuple[Model, Recorded]:
    """The organizer starts the scenario's battle: the rule system's setup is built from
    campaign state, the battle created (each force's owner takes part on its side), and the
    ``scenario.battle_started`` event records which soldiers went in, and how (the plug-in's
    side: Steel War's motivation, fatigue and starting morale)."""
    require_organizer(user=user, campaign=campaign, what=_("start battles"))
    plugin = plugin_for(campaign.rule_system)
    state = state_of(campaign_id=campaign.pk)
    plans = plan_sides(state, scenario_id, plugin)
    try:
        setup = plugin.scenario_battle_setup(state, state.scenarios[scenario_id], plans)
    except RuleError as error:
        raise refused(error.code, error.message, field=error.field, rule=error.rule) from None
    scenario = state.scenarios[scenario_id]
    owners = {u.pk: u for u in get_user_model().objects.filter(
        pk__in=[state.forces[p["force_id"]].owner_id for p in plans])}
    participants = [
        ParticipantSpec(user=owners[state.forces[p["force_id"]].owner_id],
                        side=p["side"])
        for p in plans
        if state.forces[p["force_id"]].owner_id in owners
    ]
    with transaction.atomic():
        battle = create_battle(
            club=campaign.club, name=name or f"{campaign.name}: {scenario.name}",
            rule_system=campaign.rule_system, rule_version=campaign.rule_version,
            setup=setup, participants=participants, created_by=user,
        )
        CampaignBattle.objects.create(battle=battle, campaign=campaign, scenario_ref=scenario_id)

        def decide(fresh: CampaignState):
            if (plan_sides(fresh, scenario_id, plugin) != plans
                    or fresh.scenarios[scenario_id].attributes != scenario.attributes):
                raise Conflict("scenario_changed", _("%(scenario)s changed while its battle was being set up; try again") % {"scenario": scenario.name})
            return [BattleStarted(scenario_id=scenario_id, battle_id=battle.pk, sides=plans)]

        recorded = write(campaign_id=campaign.pk, user=user, decide=decide,
                         expected_version=expected_version)
    return battle, recorded
