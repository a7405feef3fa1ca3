"""The scenario graph: planning scenarios, linking them, the units each force sends, and results recorded by hand."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.events import (
    ScenarioAttributesSet,
    ScenarioLinked,
    ScenarioPlanned,
    ScenarioResultRecorded,
    UnitsPicked,
)
from campaign.ledger.state import RESULTS, CampaignState, Scenario
from campaign.models import Campaign
from campaign.plugins import get as plugin_for
from campaign.services.access import (
    bad_input,
    editable_force,
    force_in_state,
    not_found,
    refused,
    require_organizer,
    status_text,
)
from campaign.services.ledger import Recorded, WriteOptions, write
from rules.core.errors import RuleError


def scenario_of(state: CampaignState, scenario_id: int, field: str = "scenario_id") -> Scenario:
    scenario = state.scenarios.get(scenario_id)
    if scenario is None:
        raise not_found("scenario", scenario_id, field)
    return scenario


def not_started(scenario: Scenario) -> None:
    if scenario.battle_id is not None or scenario.status == "concluded":
        raise refused("scenario_started", _("%(scenario)s has already been played (%(status)s)")
                      % {"scenario": scenario.name, "status": scenario.status.replace('_', ' ')}, field="scenario_id")


def plan_scenario(
    *,
    user,
    campaign: Campaign,
    name: str,
    force_ids: Sequence[int],
    description: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer adds a scenario (a node of the graph) between two or more forces."""
    require_organizer(user=user, campaign=campaign, what=_("plan scenarios"))
    ids = list(dict.fromkeys(force_ids))
    if len(ids) < 2:
        raise bad_input("bad_sides", _("a scenario is fought between at least two forces"),
                        field="force_ids")
    if not name.strip():
        raise bad_input("bad_name", _("a scenario needs a name"), field="name")

    def decide(state: CampaignState):
        for n, force_id in enumerate(ids):
            force_in_state(state, force_id, f"force_ids.{n}")
        return [ScenarioPlanned(scenario_id=state.next_id("scenario"), name=name,
                                force_ids=ids, description=description)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def link_scenarios(
    *,
    user,
    campaign: Campaign,
    from_id: int,
    to_id: int,
    condition: str | None = None,
    force_id: int | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer links scenarios: ``to_id`` follows ``from_id``, optionally only when
    ``force_id`` got ``condition`` (win / lose / draw) in ``from_id``. The graph stays
    acyclic."""
    require_organizer(user=user, campaign=campaign, what=_("link scenarios"))
    if condition is not None and condition not in RESULTS:
        raise bad_input("bad_condition", _("condition must be one of %(results)s") % {"results": ', '.join(RESULTS)},
                        field="condition")
    if (condition is None) != (force_id is None):
        raise bad_input("bad_condition", _("a condition needs the force whose result it reads, and a force needs a condition"), field="force_id")

    def decide(state: CampaignState):
        before = scenario_of(state, from_id, "from_id")
        scenario_of(state, to_id, "to_id")
        if from_id == to_id or _reaches(state, to_id, from_id):
            raise refused("cycle", _("that link would make the scenario graph loop back"),
                          field="to_id")
        if force_id is not None and force_id not in before.force_ids:
            raise refused("not_in_scenario", _("force %(force_id)s does not fight in %(before)s") % {"force_id": force_id, "before": before.name}, field="force_id")
        return [ScenarioLinked(from_id=from_id, to_id=to_id, condition=condition,
                               force_id=force_id)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def _reaches(state: CampaignState, start: int, goal: int) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node in seen:
            continue
        seen.add(node)
        todo.extend(link.to_id for link in state.links if link.from_id == node)
    return False



def pick_units(
    *,
    user,
    campaign: Campaign,
    scenario_id: int,
    force_id: int,
    squads: Sequence[Mapping[str, Any]],
    officers: Sequence[int] = (),
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The force's owner (or an organizer) picks the squads for the scenario, each with the
    soldiers who go (``soldier_ids``; default: every soldier of the squad able to fight),
    and the formation commanders who go on the table as officers (§2.18: they rally the
    squads below them). Dead, captured and not yet recovered wounded soldiers cannot take
    part."""

    def decide(state: CampaignState):
        scenario = scenario_of(state, scenario_id)
        not_started(scenario)
        force = editable_force(state, force_id, user=user, campaign=campaign)
        if force_id not in scenario.force_ids:
            raise refused("not_in_scenario", _("%(force)s does not fight in %(scenario)s") % {"force": force.name, "scenario": scenario.name},
                          field="force_id")
        picks = resolve_picks(state, force_id, squads)
        chosen = resolve_officers(state, force_id, officers, picks)
        return [UnitsPicked(scenario_id=scenario_id, force_id=force_id, squads=[
            {"squad_id": squad_id, "soldier_ids": list(soldier_ids)}
            for squad_id, soldier_ids in picks
        ], officers=list(chosen))]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def set_side_attributes(
    *,
    user,
    campaign: Campaign,
    scenario_id: int,
    force_id: int,
    attributes: Mapping[str, Any],
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer gives a force's side of a planned scenario the attributes of the rule
    system's side schema (Steel War: its motivation, §2.17), as the plug-in records them."""
    require_organizer(user=user, campaign=campaign, what=_("set a side's attributes"))
    plugin = plugin_for(campaign.rule_system)

    def decide(state: CampaignState):
        scenario = scenario_of(state, scenario_id)
        not_started(scenario)
        if force_id not in scenario.force_ids:
            raise refused("not_in_scenario", _("force %(force_id)s does not fight in %(scenario)s")
                          % {"force_id": force_id, "scenario": scenario.name}, field="force_id")
        try:
            return plugin.side_events(state, scenario_id, force_id, attributes)
        except RuleError as error:
            raise bad_input(error.code, error.message, field=error.field) from None

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def set_scenario_attributes(
    *,
    user,
    campaign: Campaign,
    scenario_id: int,
    attributes: Mapping[str, Any],
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer gives a planned scenario the attributes of the rule system's scenario
    schema (what its battle is fought on), checked by the plug-in; nothing changed records
    nothing."""
    require_organizer(user=user, campaign=campaign, what=_("set a scenario's attributes"))
    plugin = plugin_for(campaign.rule_system)

    def decide(state: CampaignState):
        scenario = scenario_of(state, scenario_id)
        not_started(scenario)
        base = scenario.attributes or None
        try:
            values = plugin.check_scenario(attributes=attributes, base=base)
        except RuleError as error:  # 422 naming the attribute, as a soldier's
            raise refused(error.code, error.message, field=error.field,
                          rule=error.rule) from None
        changed = [name for name in plugin.scenario_schema.names()
                   if name in values and values[name] != scenario.attributes.get(name)]
        if not changed:
            return []
        return [ScenarioAttributesSet(scenario_id=scenario_id, attributes=values,
                                      changed=changed)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def resolve_picks(
    state: CampaignState, force_id: int, squads: Sequence[Mapping[str, Any]]
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Check a force's picks against its current state: ``((squad id, soldier ids), ...)``.

    Refuses (422 ``soldier_unavailable``, naming him) a soldier who is dead, captured,
    wounded or recovering, and a squad left with nobody able to fight."""
    if not squads:
        raise bad_input("no_squads", _("pick at least one squad"), field="squads")
    out: list[tuple[int, tuple[int, ...]]] = []
    seen: set[int] = set()
    for n, pick in enumerate(squads):
        squad_id = pick.get("squad_id")
        squad = state.squads.get(squad_id)
        if squad is None or squad.force_id != force_id:
            raise not_found("squad", squad_id, f"squads.{n}.squad_id")
        if squad_id in seen:
            raise bad_input("duplicate_squad", _("%(squad)s is picked twice") % {"squad": squad.name},
                            field=f"squads.{n}.squad_id")
        seen.add(squad_id)
        members = {s.id: s for s in state.squad_members(squad_id)}
        chosen = pick.get("soldier_ids")
        if chosen is None:
            ids = tuple(sorted(s.id for s in members.values() if s.available))
        else:
            ids = tuple(dict.fromkeys(chosen))
            for k, soldier_id in enumerate(ids):
                soldier = members.get(soldier_id)
                field = f"squads.{n}.soldier_ids.{k}"
                if soldier is None:
                    raise refused("not_in_squad", _("soldier %(soldier_id)s is not in %(squad)s") % {"soldier_id": soldier_id, "squad": squad.name},
                                  field=field)
                if not soldier.available:
                    raise refused(
                        "soldier_unavailable",
                        _("%(soldier)s (%(squad)s) cannot take part: %(status)s")
                        % {"soldier": soldier.name, "squad": squad.name,
                           "status": status_text(soldier)},
                        field=field,
                    )
        if not ids:
            raise refused("squad_unavailable", _("%(squad)s has nobody able to fight") % {"squad": squad.name},
                          field=f"squads.{n}")
        out.append((squad_id, ids))
    return tuple(out)


def resolve_officers(
    state: CampaignState, force_id: int, officers: Sequence[int], picks
) -> tuple[int, ...]:
    """Check the officers a force sends: formation commanders of the force, able to fight,
    not already in one of the picked squads."""
    in_squads = {s for _, ids in picks for s in ids}
    chosen = tuple(dict.fromkeys(officers))
    for n, soldier_id in enumerate(chosen):
        field = f"officers.{n}"
        soldier = state.soldiers.get(soldier_id)
        if soldier is None or soldier.force_id != force_id:
            raise not_found("soldier", soldier_id, field)
        if not any(kind == "formation" for kind, _ in state.commands(soldier_id)):
            raise refused("not_an_officer", _("%(soldier)s commands no formation") % {"soldier": soldier.name},
                          field=field)
        if not soldier.available:
            raise refused("soldier_unavailable", _("%(soldier)s cannot take part: %(status)s")
                          % {"soldier": soldier.name, "status": status_text(soldier)}, field=field)
        if soldier_id in in_squads:
            raise refused("picked_twice", _("%(soldier)s already goes with his squad") % {"soldier": soldier.name},
                          field=field)
    return chosen


def record_scenario_result(
    *,
    user,
    campaign: Campaign,
    scenario_id: int,
    results: Mapping[int, str],
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer records each force's result (win / lose / draw), e.g. for a scenario
    settled without a recorded battle; it opens the linked scenarios."""
    require_organizer(user=user, campaign=campaign, what=_("record results"))

    def decide(state: CampaignState):
        entries = result_entries(state, scenario_id, results)
        return [ScenarioResultRecorded(scenario_id=scenario_id, results=entries)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def result_entries(
    state: CampaignState, scenario_id: int, results: Mapping[int, str], field: str = "results"
) -> list[dict]:
    """``[{"force_id", "result"}]`` of a scenario's recorded result, each force one that
    fights in it and each result win / lose / draw (at least one)."""
    scenario = scenario_of(state, scenario_id)
    entries = []
    for force_id, result in results.items():
        if force_id not in scenario.force_ids:
            raise refused("not_in_scenario", _("force %(force_id)s does not fight in %(scenario)s") % {"force_id": force_id, "scenario": scenario.name}, field=f"{field}.{force_id}")
        if result not in RESULTS:
            raise bad_input("bad_result", _("%(result)r is not one of %(results)s") % {"result": result, "results": ', '.join(RESULTS)}, field=f"{field}.{force_id}")
        entries.append({"force_id": force_id, "result": result})
    if not entries:
        raise bad_input("bad_result", _("give at least one force's result"), field=field)
    return entries
