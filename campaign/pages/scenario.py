"""The scenario page's data: its sides, the units each force sends (with every soldier's
availability), its battle and results; and the "what changed" page of its take-over.

Both read the campaign's fold (``campaign.services.ledger.state_of``, ``campaign.selectors
.as_of``): the picks are checked by the same services that record them, and the outcome is
the ledger's difference between the versions just before and just after the take-over.
"""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.ledger.diff import diff_states
from campaign.ledger.events import BattleResultTakenOver
from campaign.ledger.state import CampaignState, force_json
from campaign.models import Campaign, CampaignBattle, Scenario
from campaign.pages.attribute_form import add_attribute_fields, attribute_values, show_error
from campaign.pages.force import SHOWN_CHANGES, Shown
from campaign.pages.terms import RESULT, term
from campaign.plugins.labels import shown_attributes
from campaign.selectors.as_of import across_event
from campaign.services.access import status_text
from campaign.services.ledger import state_of
from campaign.services.scenarios import (
    scenario_of,
    set_scenario_attributes,
    set_side_attributes,
)
from clubs.access import may_organize
from clubs.selectors import club_role
from config.errors import Invalid


def scenario_status(status: str) -> str:
    """A scenario's status ("planned", "in_battle", "concluded") in the reader's language
    (the projection's labels)."""
    return str(Scenario.Status(status).label) if status in Scenario.Status.values else status


def _member(soldier, picked: set[int], shown: Shown) -> dict:
    return {
        "id": soldier.id,
        "name": soldier.name,
        "role": shown.role(soldier.role),
        "available": soldier.available,
        "status": soldier.status,
        "reason": "" if soldier.available else status_text(soldier),
        "checked": soldier.id in picked,
    }


def _officers(state: CampaignState, force_id: int, chosen, shown: Shown) -> list[dict]:
    """The force's formation commanders, who may go on the table as officers (§2.18)."""
    out = []
    for formation in sorted(state.formations.values(), key=lambda f: f.id):
        soldier = state.soldiers.get(formation.commander_id)
        if formation.force_id != force_id or soldier is None:
            continue
        out.append({**_member(soldier, set(chosen), shown), "formation": formation.name})
    return out


def _side(state: CampaignState, scenario, force_id: int, *, user, organizer: bool,
          editable: bool, shown: Shown, ticked: tuple[dict, list] | None) -> dict:
    """One force of the scenario: its picks by name, and (for who may change them) every
    squad with every soldier and whether he can go, and its formation commanders, ticked as
    recorded (or as ``ticked``: squad id -> soldier ids and the officers, the form a refusal
    sends back)."""
    force = state.forces[force_id]
    picks = dict(scenario.picks.get(force_id, ()))
    boxes = ticked[0] if ticked is not None else picks
    officer_boxes = ticked[1] if ticked is not None else scenario.officers.get(force_id, ())
    untouched = not boxes and ticked is None  # nothing chosen: every squad, all who can fight
    may_pick = editable and (organizer or force.owner_id == user.pk)
    squads = []
    for squad in sorted(state.squads.values(), key=lambda q: q.id):
        if squad.force_id != force_id:
            continue
        members = sorted(state.squad_members(squad.id), key=lambda s: s.id)
        chosen = ({s.id for s in members if s.available} if untouched
                  else set(boxes.get(squad.id, ())))
        squads.append({
            "id": squad.id,
            "name": squad.name,
            "picked": squad.id in picks,
            "ticked": untouched or squad.id in boxes,
            "members": [_member(s, chosen, shown) for s in members],
            "going": [state.soldiers[s].name for s in picks.get(squad.id, ())],
        })
    officers = [state.soldiers[s].name for s in scenario.officers.get(force_id, ())]
    values = scenario.side_attributes.get(force_id, {})
    return {
        "attributes": shown_attributes(shown.plugin.side_schema, values, shown.system),
        "side_form": side_form(shown, force_id, values) if organizer and editable else None,
        "force_id": force_id,
        "name": force.name,
        "result": term(RESULT, scenario.results[force_id]) if force_id in scenario.results
        else "",
        "picked": [q for q in squads if q["picked"]],
        "officers": officers,
        "squads": squads if may_pick else [],
        "officer_choices": _officers(state, force_id, officer_boxes, shown) if may_pick else [],
        "may_pick": may_pick,
    }


def side_form(shown: Shown, force_id: int, values: dict, data=None) -> forms.Form | None:
    """The organizer's form of a side's attributes (the plug-in's side schema: Steel War's
    motivation), set to ``values``; None for a rule system whose sides have none."""
    schema = shown.plugin.side_schema
    if not schema.editable():
        return None
    form = forms.Form(data, prefix=f"side-{force_id}")
    add_attribute_fields(form, schema, shown.system, values=values)
    return form


def record_side(*, user, campaign: Campaign, scenario_id: int, force_id: int | None, data,
                expected_version: int | None) -> None:
    """Record a side's form (:func:`side_form`) through the campaign service."""
    scenario = scenario_of(state_of(campaign_id=campaign.pk), scenario_id)
    shown = Shown(campaign)
    form = (side_form(shown, force_id, scenario.side_attributes.get(force_id, {}), data=data)
            if force_id in scenario.force_ids else None)
    if form is None or not form.is_valid():
        raise Invalid("bad_side", _("the side's form could not be read"), field="force")
    set_side_attributes(user=user, campaign=campaign, scenario_id=scenario_id,
                        force_id=force_id, expected_version=expected_version,
                        attributes=attribute_values(shown.plugin.side_schema,
                                                    form.cleaned_data))


def scenario_form(shown: Shown, values: dict, data=None) -> forms.Form | None:
    """The organizer's form of the scenario's own attributes (the plug-in's scenario schema:
    a battlefield), set to ``values``; None for a rule system whose scenarios have none."""
    schema = shown.plugin.scenario_schema
    if not schema.editable():
        return None
    form = forms.Form(data, prefix="scenario")
    add_attribute_fields(form, schema, shown.system, values=values)
    return form


def record_scenario(*, user, campaign: Campaign, scenario_id: int, data,
                    expected_version: int | None) -> None:
    """Record the scenario's form (:func:`scenario_form`) through the campaign service."""
    scenario = scenario_of(state_of(campaign_id=campaign.pk), scenario_id)
    shown = Shown(campaign)
    form = scenario_form(shown, scenario.attributes, data=data)
    if form is None or not form.is_valid():
        raise Invalid("bad_scenario", _("the scenario's form could not be read"),
                      field="scenario")
    set_scenario_attributes(user=user, campaign=campaign, scenario_id=scenario_id,
                            expected_version=expected_version,
                            attributes=attribute_values(shown.plugin.scenario_schema,
                                                        form.cleaned_data))


def refused_scenario_form(shown: Shown, values: dict, data, error) -> forms.Form | None:
    """The scenario's form as it was sent, with its refusal by the input (or the map's row)
    it names: the form's own (an unreadable row), else the service's ``error``."""
    form = scenario_form(shown, values, data=data)
    if form is not None and form.is_valid() and error is not None:
        show_error(form, error)
    return form


def scenario_page(*, user, campaign: Campaign, scenario_id: int,
                  ticked: tuple[int, dict, list] | None = None, scenario_data=None,
                  scenario_error=None) -> dict:
    """Everything the scenario page shows (404 ``not_found`` for a scenario the campaign
    does not have); ``ticked``: a force and the boxes its refused form had ticked;
    ``scenario_data``: the refused scenario form's data and ``scenario_error`` its
    refusal."""
    state = state_of(campaign_id=campaign.pk)
    scenario = scenario_of(state, scenario_id)
    organizer = may_organize(club_role(user=user, club_id=campaign.club_id))
    editable = scenario.status == "planned"
    shown = Shown(campaign)
    sides = [_side(state, scenario, f, user=user, organizer=organizer, editable=editable,
                   shown=shown, ticked=ticked[1:] if ticked and ticked[0] == f else None)
             for f in scenario.force_ids]
    return {
        "scenario": scenario,
        "attributes": shown_attributes(shown.plugin.scenario_schema, scenario.attributes,
                                       shown.system),
        "scenario_form": (None if not (organizer and editable)
                          else scenario_form(shown, scenario.attributes)
                          if scenario_data is None
                          else refused_scenario_form(shown, scenario.attributes, scenario_data,
                                                     scenario_error)),
        "status": scenario_status(scenario.status),
        "open": state.scenario_open(scenario_id),
        "sides": sides,
        "version": state.version,
        "may_start": organizer and editable,
        "taken_over": scenario.taken_over,
    }


# --- what changed ---------------------------------------------------------------------------


#: The order the outcome page lists the kinds of entity the take-over changed.
_KINDS = (("forces", "force_schema"), ("squads", "unit_schema"),
          ("soldiers", "member_schema"))


def outcome_page(*, campaign: Campaign, scenario_id: int) -> dict:
    """What the take-over of the scenario's battle changed in the campaign: the difference
    between the ledger just before and just after it (DESIGN principle 8), every force,
    squad and soldier by name, each changed field labelled in the reader's language; the
    soldiers whose wound is still to be settled are listed apart. ``version`` is None while
    the battle is not taken over."""
    state = state_of(campaign_id=campaign.pk)
    scenario = scenario_of(state, scenario_id)
    moment = across_event(campaign=campaign, found=lambda entry: (
        entry.type == BattleResultTakenOver.type
        and entry.data.get("scenario_id") == scenario_id))
    base = {"scenario": scenario, "status": scenario_status(scenario.status),
            "version": None, "groups": [], "count": 0, "awaiting": []}
    if moment is None:
        return base
    version, before, after = moment
    diff = diff_states(before, after)
    shown = Shown(campaign)
    groups = []
    for kind, schema_name in _KINDS:
        schema = getattr(shown.plugin, schema_name)
        rows = []
        for row in diff.get(kind, []):
            if row.get("added"):
                rows.append({"id": row["id"], "name": row["name"], "changes": [
                    {"field": "added", "label": "", "old": None, "new": None}]})
                continue
            found = [{"field": f, "old": old, "new": new}
                     for f, (old, new) in row["changes"].items()
                     if (f in SHOWN_CHANGES or f.startswith("attributes."))
                     and f not in _NAMED]
            named = [_named(f, old, new, before, after)
                     for f, (old, new) in row["changes"].items() if f in _NAMED]
            if found or named:
                rows.append({"id": row["id"], "name": row["name"],
                             "changes": shown.changes(schema, found) + named})
        if rows:
            groups.append({"kind": kind, "title": _KIND_TITLES[kind](), "rows": rows})
    changed = {row["id"] for row in diff.get("soldiers", [])}
    awaiting = [
        {"name": s.name, "reason": status_text(s)}
        for s in (after.soldiers[i] for i in sorted(changed))
        if s.status == "wounded"
    ]
    return {**base, "version": version, "groups": groups, "awaiting": awaiting,
            "count": sum(len(r["changes"]) for g in groups for r in g["rows"]),
            "date": diff["to"]["date"]}


#: Fields that hold another entity's id, shown by its name: which state's map names it.
_NAMED = {"squad_id": "squads", "commander_id": "soldiers", "held_by_force_id": "forces"}


def _named(field: str, old, new, before: CampaignState, after: CampaignState) -> dict:
    """A change of a field that holds an id ("commander", "squad", "held by"), by names."""
    def name(state: CampaignState, ref):
        entity = getattr(state, _NAMED[field]).get(ref) if ref is not None else None
        return entity.name if entity is not None else None

    labels = {"squad_id": _("squad"), "commander_id": _("commander"),
              "held_by_force_id": _("held by")}
    return {"field": field, "label": labels[field], "old": name(before, old),
            "new": name(after, new)}


_KIND_TITLES = {
    "forces": lambda: _("Forces"),
    "squads": lambda: _("Squads"),
    "soldiers": lambda: _("Soldiers"),
}


def battle_links(*, battle_id: int) -> list[dict]:
    """The campaign pages of a battle: its scenario and, once taken over, what it changed
    (none for a battle outside any campaign). The battle table's reader may see the battle,
    so he belongs to the campaign's club and may read these."""
    link = CampaignBattle.objects.filter(battle_id=battle_id).first()
    if link is None:
        return []
    args = [link.campaign_id, link.scenario_ref]
    scenario = state_of(campaign_id=link.campaign_id).scenarios.get(link.scenario_ref)
    links = [{"label": _("Scenario: %(name)s") % {"name": scenario.name} if scenario
              else _("the scenario"), "url": reverse("campaign_pages:scenario", args=args)}]
    if scenario is not None and scenario.taken_over:
        links.append({"label": _("What the battle changed in the campaign"),
                      "url": reverse("campaign_pages:scenario-outcome", args=args)})
    return links


def forces_after_battle(*, battle_id: int) -> list[dict]:
    """What fighting the battle will change in each of its forces, whatever its result
    (the plug-in's ``force_fought``: Steel War's fatigue, §2.17), by name in the reader's
    language; none for a battle outside any campaign or already taken over."""
    link = CampaignBattle.objects.select_related("campaign").filter(battle_id=battle_id).first()
    if link is None:
        return []
    state = state_of(campaign_id=link.campaign_id)
    scenario = state.scenarios.get(link.scenario_ref)
    if scenario is None or scenario.taken_over:
        return []
    shown = Shown(link.campaign)
    plugin = shown.plugin
    lines = []
    for force_id in scenario.force_ids:
        force = state.forces[force_id]
        fought, _effects = plugin.force_fought(state, force, scenario,
                                               SimpleNamespace(battle_id=battle_id))
        after = replace(state, forces={**state.forces, force_id: fought})
        old = _flat_attributes(force_json(state, force))
        new = _flat_attributes(force_json(after, fought))
        changes = [{"field": k, "old": old.get(k), "new": v} for k, v in new.items()
                   if old.get(k) != v and k in plugin.force_schema.by_name]
        for change in shown.changes(plugin.force_schema,
                                    [{**c, "field": f"attributes.{c['field']}"}
                                     for c in changes]):
            lines.append(_("%(force)s: %(label)s %(old)s → %(new)s") % {
                "force": force.name, "label": change["label"], "old": change["old"],
                "new": change["new"]})
    return [{"label": _("The forces, after this battle"), "lines": lines}] if lines else []


def _flat_attributes(data: dict) -> dict:
    return dict(data.get("attributes") or {})
