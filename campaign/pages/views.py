"""Pages of the campaign app: thin views that call campaign selectors and render templates."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from battles.selectors import visible_battles
from campaign.models import HistoryEntry
from campaign.pages import overview
from campaign.pages.force import Shown, battles_of, force_page
from campaign.pages.terms import MORALE, STATUS, history_kind, term
from campaign.pages.timeline import history_text
from campaign.plugins import get as plugin_for
from campaign.plugins.labels import shown_attributes
from campaign.selectors.campaigns import campaign_for, visible_campaigns
from campaign.selectors.forces import force_of, forces, soldier_of, squad_of
from campaign.selectors.history import history, record_of
from clubs.access import may_organize
from clubs.selectors import club_role, clubs_with_role, organized_clubs
from config.api_errors import domain_status
from config.errors import DomainError
from config.request_input import ascii_int


def _or_404(call, **kwargs):
    """Run a selector; its 404 (outsiders, unknown refs) becomes the page's 404."""
    try:
        return call(**kwargs)
    except DomainError as error:
        if domain_status(error) == 404:
            raise Http404(error.message) from None
        raise


@login_required
def home(request):
    """My campaigns, my clubs (with my role in each) and the battles of my clubs."""
    campaigns = visible_campaigns(user=request.user).order_by("-created_at")
    battles = visible_battles(user=request.user)[:5]
    organizes = organized_clubs(user=request.user).exists()
    return render(request, "pages/home.html", {"campaigns": campaigns, "battles": battles,
                                               "organizes": organizes,
                                               "clubs": clubs_with_role(user=request.user)})


@login_required
def campaign_overview(request, campaign_id: int):
    """The scenario graph with results, the forces, and charts of casualties and morale."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    names = overview.force_names(campaign)
    graph, scenarios = overview.graph(campaign=campaign, force_names=names)
    plugin = plugin_for(campaign.rule_system)
    ladder = plugin.morale_ladder()
    shown_forces = list(forces(campaign=campaign))
    for force in shown_forces:
        force.attributes_shown = shown_attributes(plugin.force_schema, force.attributes,
                                                  campaign.rule_system)
    return render(
        request,
        "pages/campaign.html",
        {
            "campaign": campaign,
            "forces": shown_forces,
            "graph": graph,
            "scenarios": scenarios,
            "charts": overview.charts(campaign=campaign, force_names=names, ladder=ladder),
            "ladder": [term(MORALE, grade) for grade in reversed(ladder)],
            "is_organizer": may_organize(club_role(user=request.user, club_id=campaign.club_id)),
        },
    )


@login_required
def force_detail(request, campaign_id: int, ref: int):
    """My force: squads with their living and recently fallen soldiers now, or before a
    battle (``?before_battle=N``) with the difference from now; ``?fallen=N``: the N-th page
    of the older fallen."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    _or_404(force_of, campaign=campaign, ref=ref)
    before = ascii_int(request.GET.get("before_battle"))
    battles = battles_of(campaign=campaign, force_id=ref)
    if before not in {b["battle_id"] for b in battles}:
        before = None
    page = force_page(campaign=campaign, force_id=ref, before_battle=before,
                      fallen_page=ascii_int(request.GET.get("fallen")))
    return render(
        request,
        "pages/force.html",
        {"campaign": campaign, "battles": battles, "before_battle": before, **page},
    )


def _record(request, campaign_id: int, ref: int, subject: str, getter, template: str):
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    entity = _or_404(getter, campaign=campaign, ref=ref)
    plugin = plugin_for(campaign.rule_system)
    record = record_of(campaign=campaign, subject=subject, ref=ref)
    schema = plugin.member_schema if subject == HistoryEntry.Subject.SOLDIER else (
        plugin.unit_schema)
    timeline = [
        {"row": row, "kind": history_kind(plugin, row.kind),
         **dict(zip(("text", "english"), history_text(row, campaign.rule_system), strict=True))}
        for row in history(campaign=campaign, subject=subject, ref=ref)
    ]
    return render(
        request,
        template,
        {
            "campaign": campaign,
            "entity": entity,
            "force": force_of(campaign=campaign, ref=entity.force_ref),
            "record": record,
            "report": shown_attributes(plugin.record_schema, record["report"],
                                       campaign.rule_system),
            "timeline": timeline,
            "attributes": shown_attributes(schema, entity.attributes, campaign.rule_system),
            "status": term(STATUS, getattr(entity, "status", "")),
            "role": Shown(campaign).role(getattr(entity, "role", "")),
        },
    )


@login_required
def squad_record(request, campaign_id: int, ref: int):
    """A squad's record: its totals and a timeline of everything that happened to it."""
    return _record(request, campaign_id, ref, HistoryEntry.Subject.SQUAD, squad_of,
                   "pages/squad.html")


@login_required
def soldier_record(request, campaign_id: int, ref: int):
    """A soldier's record: battles, wounds, recoveries, commands, as a timeline."""
    return _record(request, campaign_id, ref, HistoryEntry.Subject.SOLDIER, soldier_of,
                   "pages/soldier.html")
