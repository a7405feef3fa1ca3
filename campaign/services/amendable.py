"""The core's amendable ledger entries (issue 19: "any ledger entry can be amended"): for
each event type whose data a person entered, the fields that may change and the command
that recorded it, run again on the campaign as it stood just before the entry
(:mod:`campaign.plugins.amendments`, :func:`campaign.services.corrections.amend_entry`).
A plug-in adds its own (``CampaignPlugin.amendable``).

Not here, so only voided: what nobody typed (a force sent to rest or front carries nothing
but the force), the campaign's start and end, a battle's set-up and taken-over result and
the corrections themselves (``campaign.ledger.corrections.NOT_CORRECTABLE``). Ids the
ledger handed out (a new soldier's, squad's...) never change: the amendment keeps them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from campaign.ledger import events as ev
from campaign.ledger.state import FORMATION_LEVELS
from campaign.plugins.amendments import Amendable, AmendField
from campaign.services import campaigns, forces, scenarios, soldiers
from campaign.services.access import bad_input
from rules.core.errors import gettext_noop

_REASON = AmendField("reason", "text", gettext_noop("reason (optional)"), optional=True)
_NAME = AmendField("name", "text", gettext_noop("name"))
_PERSON_NAME = AmendField("name", "text", gettext_noop("full name"))
_ATTRIBUTES = AmendField("attributes", "object", gettext_noop("attributes"),
                         schema="member_schema")
_CHANGES = AmendField("changes", "object", gettext_noop("changes"))
_LEVELS = tuple((level, level) for level in FORMATION_LEVELS)


def _results(data: Mapping[str, Any]) -> dict:
    """A scenario's results as the command takes them: ``{force_id: result}``."""
    results = data.get("results")
    if not isinstance(results, list) or not all(
        isinstance(r, Mapping) and isinstance(r.get("force_id"), int)
        and not isinstance(r.get("force_id"), bool) for r in results
    ):
        raise bad_input("bad_result", _("results are a list of {force_id, result}"),
                        field="results")
    return {"scenario_id": data["scenario_id"],
            "results": {r["force_id"]: r.get("result") for r in results}}


def battle_started(data: Mapping[str, Any], state) -> str | None:
    """A scenario's picks and side attributes made its battle: once started, they stand."""
    scenario = state.scenarios.get(data.get("scenario_id"))
    if scenario is not None and scenario.battle_id is not None:
        return gettext_noop("the scenario's battle was set up from this entry: it stands as "
                            "the battle was created")
    return None


def _results_labels() -> tuple:
    """A scenario's results (win / lose / draw) with their labels."""
    from battles.results import RESULT_LABELS

    return tuple(RESULT_LABELS.items())


def _keep(*names: str):
    """The entry's data fields handed to the command as they are."""
    return lambda data: {name: data.get(name) for name in names}


def core_amendable() -> dict[str, Amendable]:
    """Event type -> :class:`Amendable`, the core's."""
    return {
        ev.HouseRulesChanged.type: Amendable(
            (AmendField("house_rules", "object", gettext_noop("house rules")),),
            campaigns.change_house_rules, lambda d: {"changes": d.get("house_rules")}),
        ev.BattleOptionsSet.type: Amendable(
            (AmendField("options", "object", gettext_noop("battle options")),),
            campaigns.set_battle_options, _keep("options")),
        ev.CalendarAdvanced.type: Amendable(
            (AmendField("days", "int", gettext_noop("days")),),
            campaigns.advance_calendar, _keep("days")),
        ev.ForceRaised.type: Amendable(
            (_NAME, AmendField("faction", "text", gettext_noop("faction"), optional=True)),
            forces.raise_force, _keep("name", "faction", "owner_id")),
        ev.FormationRaised.type: Amendable(
            (_NAME, AmendField("level", "choice", gettext_noop("level"), choices=_LEVELS),
             AmendField("parent_id", "formation", gettext_noop("part of"), optional=True)),
            forces.raise_formation, _keep("force_id", "level", "name", "parent_id")),
        ev.FormationAmended.type: Amendable(
            (replace(_CHANGES, parts=("name",)), _REASON), forces.amend_formation,
            _keep("formation_id", "changes", "reason")),
        ev.FormationCommanderAssigned.type: Amendable(
            (AmendField("soldier_id", "soldier", gettext_noop("commander")),),
            forces.assign_formation_commander, _keep("formation_id", "soldier_id")),
        ev.FormationReattached.type: Amendable(
            (AmendField("to_parent_id", "formation", gettext_noop("part of"), optional=True),
             _REASON),
            forces.reattach_formation, _keep("formation_id", "to_parent_id", "reason")),
        ev.SquadRaised.type: Amendable(
            (_NAME, AmendField("establishment", "int", gettext_noop("establishment")),
             AmendField("formation_id", "formation", gettext_noop("formation"), optional=True),
             replace(_ATTRIBUTES, schema="unit_schema")),
            forces.raise_squad,
            _keep("force_id", "name", "establishment", "formation_id", "attributes")),
        ev.SquadAmended.type: Amendable(
            (replace(_CHANGES, schema="unit_schema", parts=("name", "establishment")),
             _REASON), forces.amend_squad, _keep("squad_id", "changes", "reason")),
        ev.SquadCommanderAssigned.type: Amendable(
            (AmendField("soldier_id", "soldier", gettext_noop("commander")),),
            forces.assign_squad_commander, _keep("squad_id", "soldier_id")),
        ev.SquadTransferred.type: Amendable(
            (AmendField("to_formation_id", "formation", gettext_noop("formation"),
                        optional=True), _REASON),
            forces.transfer_squad, _keep("squad_id", "to_formation_id", "reason")),
        ev.SoldierRecruited.type: Amendable(
            (_PERSON_NAME, AmendField("role", "role", gettext_noop("role"), optional=True),
             AmendField("squad_id", "squad", gettext_noop("squad"), optional=True),
             _ATTRIBUTES),
            soldiers.recruit_soldier,
            _keep("force_id", "name", "role", "squad_id", "attributes")),
        ev.ReplacementJoined.type: Amendable(
            (_PERSON_NAME, AmendField("role", "role", gettext_noop("role"), optional=True),
             _ATTRIBUTES),
            soldiers.add_replacement, _keep("squad_id", "name", "role", "attributes")),
        ev.SoldierAmended.type: Amendable(
            (replace(_CHANGES, schema="member_schema", parts=("name", "role")), _REASON),
            soldiers.amend_soldier,
            _keep("soldier_id", "changes", "reason")),
        ev.SoldierTransferred.type: Amendable(
            (AmendField("to_squad_id", "squad", gettext_noop("squad"), optional=True),),
            soldiers.transfer_soldier, _keep("soldier_id", "to_squad_id")),
        ev.SoldierDied.type: Amendable(
            (AmendField("cause", "text", gettext_noop("cause"), optional=True),),
            soldiers.record_death, _keep("soldier_id", "cause")),
        ev.SoldierCaptured.type: Amendable(
            (AmendField("by_force_id", "force", gettext_noop("held by"), optional=True),
             _REASON),
            soldiers.record_capture, _keep("soldier_id", "by_force_id", "reason")),
        ev.PrisonersExchanged.type: Amendable(
            (AmendField("soldier_ids", "list", gettext_noop("prisoners"), items="prisoners"),),
            soldiers.exchange_prisoners, _keep("soldier_ids")),
        ev.ScenarioPlanned.type: Amendable(
            (_NAME, AmendField("description", "text", gettext_noop("description"),
                               optional=True)),
            scenarios.plan_scenario, _keep("name", "force_ids", "description")),
        ev.ScenarioLinked.type: Amendable(
            (AmendField("condition", "choice", gettext_noop("condition"), optional=True,
                        choices=_results_labels),
             AmendField("force_id", "force", gettext_noop("force"), optional=True)),
            scenarios.link_scenarios, _keep("from_id", "to_id", "condition", "force_id")),
        ev.UnitsPicked.type: Amendable(
            (AmendField("squads", "list", gettext_noop("squads"), items="picks"),
             AmendField("officers", "list", gettext_noop("officers"), items="officers")),
            scenarios.pick_units, _keep("scenario_id", "force_id", "squads", "officers"),
            refusal=battle_started),
        ev.ScenarioResultRecorded.type: Amendable(
            (AmendField("results", "list", gettext_noop("results")),),
            scenarios.record_scenario_result, _results),
        ev.ScenarioAttributesSet.type: Amendable(
            (replace(_ATTRIBUTES, schema="scenario_schema"),), scenarios.set_scenario_attributes,
            _keep("scenario_id", "attributes"), refusal=battle_started),
    }
