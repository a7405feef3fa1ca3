"""Pages of the campaign app: thin views that call campaign selectors and render templates."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from battles.selectors import visible_battles
from campaign.models import HistoryEntry
from campaign.pages import overview
from campaign.pages.force import battles_of, force_page
from campaign.pages.terms import HISTORY_KINDS, MORALE, POSTURE, QUALITY, STATUS, term
from campaign.selectors.campaigns import campaign_for, visible_campaigns
from campaign.selectors.forces import force_of, forces, soldier_of, squad_of
from campaign.selectors.history import history, record_of
from campaign.systems import adapter_for
from config.api_errors import ApiError
from config.request_input import ascii_int


def _or_404(call, **kwargs):
    """Run a selector; its 404 ``ApiError`` (outsiders, unknown refs) becomes the page's 404."""
    try:
        return call(**kwargs)
    except ApiError as error:
        if error.status_code == 404:
            raise Http404(error.message) from None
        raise


@login_required
def home(request):
    """My campaigns (and the battles of my clubs)."""
    campaigns = visible_campaigns(user=request.user).order_by("-created_at")
    battles = visible_battles(user=request.user)[:5]
    return render(request, "pages/home.html", {"campaigns": campaigns, "battles": battles})


@login_required
def campaign_overview(request, campaign_id: int):
    """The scenario graph with results, the forces, and charts of casualties and morale."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    names = overview.force_names(campaign)
    graph, scenarios = overview.graph(campaign=campaign, force_names=names)
    ladder = adapter_for(campaign.rule_system).MORALE_LADDER
    return render(
        request,
        "pages/campaign.html",
        {
            "campaign": campaign,
            "forces": forces(campaign=campaign),
            "graph": graph,
            "scenarios": scenarios,
            "charts": overview.charts(campaign=campaign, force_names=names, ladder=ladder),
            "ladder": [term(MORALE, grade) for grade in reversed(ladder)],
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
        {"campaign": campaign, "battles": battles, "before_battle": before,
         "posture": term(POSTURE, page["force"]["posture"]), **page},
    )


def _record(request, campaign_id: int, ref: int, subject: str, getter, template: str):
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    entity = _or_404(getter, campaign=campaign, ref=ref)
    ladder = adapter_for(campaign.rule_system).MORALE_LADDER
    record = record_of(campaign=campaign, subject=subject, ref=ref, ladder=ladder)
    timeline = [
        {"row": row, "kind": term(HISTORY_KINDS, row.kind)}
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
            "morale_low": term(MORALE, record["morale_low"]),
            "timeline": timeline,
            "quality": term(QUALITY, entity.quality),
            "status": term(STATUS, getattr(entity, "status", "")),
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
