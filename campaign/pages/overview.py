"""The campaign overview's data: the scenario graph with its results, and per-battle series
of casualties and morale for the charts.

Reads the campaign's read projections (scenarios, links, history rows); everything else the
overview shows comes from ``campaign.selectors``.
"""
from __future__ import annotations

from collections import defaultdict

from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.models import Campaign, HistoryEntry, Scenario, ScenarioLink
from campaign.pages.charts import Series, line_chart, scenario_graph
from campaign.pages.terms import RESULT, term
from campaign.selectors.forces import forces, squads

#: Figure outcomes that count as a casualty in the chart.
CASUALTY_OUTCOMES = {"killed", "wounded", "captured", "unchecked"}


def _result_text(scenario: Scenario, force_names: dict[int, str]) -> str:
    if scenario.results:
        return ", ".join(
            f"{force_names.get(int(ref), ref)}: {term(RESULT, res)}"
            for ref, res in sorted(scenario.results.items())
        )
    return str(scenario.get_status_display())


def graph(*, campaign: Campaign, force_names: dict[int, str]):
    """The scenario graph laid out for inline SVG; played links drawn solid."""
    scenarios = list(Scenario.objects.filter(campaign=campaign).order_by("ref"))
    links = ScenarioLink.objects.filter(campaign=campaign).order_by("version")
    nodes = []
    for s in scenarios:
        state = "played" if s.status == Scenario.Status.CONCLUDED else (
            "current" if s.status == Scenario.Status.IN_BATTLE or s.open else "planned"
        )
        nodes.append(
            {
                "id": s.ref,
                "name": s.name,
                "state": state,
                "result_text": _result_text(s, force_names),
                "url": reverse("battles_pages:table", args=[s.battle_id]) if s.battle_id else "",
                "page": reverse("campaign_pages:scenario", args=[campaign.pk, s.ref]),
                "outcome": reverse("campaign_pages:scenario-outcome", args=[campaign.pk, s.ref])
                if s.battle_id and s.status == Scenario.Status.CONCLUDED else "",
                "scenario": s,
            }
        )
    by_ref = {s.ref: s for s in scenarios}
    edges = []
    for link in links:
        source = by_ref.get(link.from_ref)
        taken = bool(source and source.results) and (
            not link.condition
            or source.results.get(str(link.force_ref)) == link.condition
        )
        label = (
            _("if %(force)s: %(result)s")
            % {"force": force_names.get(link.force_ref, link.force_ref),
               "result": term(RESULT, link.condition)}
            if link.condition
            else _("always")
        )
        edges.append({"source": link.from_ref, "target": link.to_ref, "taken": taken,
                      "label": label})
    return scenario_graph(nodes, edges), nodes


def charts(*, campaign: Campaign, force_names: dict[int, str], ladder: tuple[str, ...]):
    """Casualties and worst morale of each force, battle by battle (in ledger order).

    From the squads' ``battle_fought`` history rows: their ``casualties`` (soldier ->
    outcome) and the unit's ``morale_low``. Morale is drawn as steps above the worst grade
    (Routing 0 ... Confident 4), so higher is better.
    """
    rows = HistoryEntry.counted.filter(
        campaign=campaign, subject=HistoryEntry.Subject.SQUAD, kind="battle_fought"
    ).order_by("version", "seq")
    battles: list[int] = []
    names: dict[int, str] = {}
    casualties: dict[int, dict[int, int]] = defaultdict(dict)
    morale: dict[int, dict[int, int]] = defaultdict(dict)
    scenario_names = dict(Scenario.objects.filter(campaign=campaign).values_list("ref", "name"))
    force_of_squad = dict(squads(campaign=campaign).values_list("ref", "force_ref"))
    for row in rows:
        if row.battle_id not in names:
            battles.append(row.battle_id)
            names[row.battle_id] = scenario_names.get(row.scenario_ref, f"#{row.battle_id}")
        force = force_of_squad.get(row.subject_ref)
        outcomes = (row.data.get("casualties") or {}).values()
        casualties[force][row.battle_id] = casualties[force].get(row.battle_id, 0) + sum(1 for o in outcomes if o in CASUALTY_OUTCOMES)
        # a force that did not fight a battle has no point there (a gap, not a zero)
        low = (row.data.get("unit") or {}).get("morale_low")
        if low in ladder:
            steps = len(ladder) - 1 - ladder.index(low)
            morale[force][row.battle_id] = min(morale[force].get(row.battle_id, steps), steps)
    if not battles:
        return None
    labels = [names[b] for b in battles]
    force_ids = sorted(set(casualties) | set(morale), key=lambda f: (f is None, f))
    casualty_chart = line_chart(
        labels,
        [Series(force_names.get(f, "?"), [casualties[f].get(b) for b in battles]) for f in force_ids],
    )
    morale_chart = line_chart(
        labels,
        [Series(force_names.get(f, "?"), [morale[f].get(b) for b in battles]) for f in force_ids],
        y_max=len(ladder) - 1,
        y_tick_count=len(ladder) - 1,
    )
    return {"casualties": casualty_chart, "morale": morale_chart}


def force_names(campaign: Campaign) -> dict[int, str]:
    return dict(forces(campaign=campaign).values_list("ref", "name"))
