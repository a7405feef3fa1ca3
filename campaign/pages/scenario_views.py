"""The scenario pages: a scenario's sides and picks, choosing the units that go and starting
its battle; and what its battle's take-over changed in the campaign.

The forms post back to the page, which hands them to the same services as the API
(``campaign.services.scenarios.pick_units``, ``campaign.services.battle_setup``): a refusal
is the service's sentence, shown beside the form with the service's status, and nothing is
recorded.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaign.pages import scenario as pages
from campaign.pages.views import _or_404
from campaign.selectors.campaigns import campaign_for
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.scenarios import pick_units
from config.api_errors import domain_status, localized_message
from config.errors import DomainError, Invalid
from config.request_input import INT32_MAX, ascii_int
from eventstore.errors import WrongExpectedVersion


def _ids(values: list[str], field: str) -> list[int]:
    ids = [ascii_int(v, maximum=INT32_MAX) for v in values]
    if any(i is None for i in ids):
        raise Invalid("bad_pick", _("the form sent something that is not a unit"), field=field)
    return ids


def _picks(post) -> tuple[int, list[dict], list[int]]:
    """The force, its squads (each with the soldiers ticked) and its officers from the
    picks form."""
    (force_id,) = _ids([post.get("force", "")], "force_id")
    squads = [{"squad_id": squad_id,
               "soldier_ids": _ids(post.getlist(f"soldier-{squad_id}"), "soldier_ids")}
              for squad_id in _ids(post.getlist("squad"), "squads")]
    return force_id, squads, _ids(post.getlist("officer"), "officers")


def _ticked(post) -> tuple[int, dict, list] | None:
    """The boxes a refused picks form had ticked, to show them again (None if unreadable)."""
    if post.get("action") != "picks":
        return None
    try:
        force_id, squads, officers = _picks(post)
    except (Invalid, ValueError):
        return None
    return force_id, {q["squad_id"]: q["soldier_ids"] for q in squads}, officers


def _soldier_at(post, field: str | None) -> int | None:
    """The soldier a refusal's ``field`` names (``squads.<n>.soldier_ids.<k>``), to mark
    his box."""
    parts = (field or "").split(".")
    ticked = _ticked(post)
    if ticked is None or len(parts) != 4 or parts[0] != "squads" or parts[2] != "soldier_ids":
        return None
    squads = list(ticked[1].values())
    n, k = ascii_int(parts[1]), ascii_int(parts[3])
    if n is None or k is None or n >= len(squads) or k >= len(squads[n]):
        return None
    return squads[n][k]


def _write(request, campaign, scenario_id: int):
    """Record the posted form; the response to send (a redirect), or the refusal."""
    action = request.POST.get("action")
    version = ascii_int(request.POST.get("version"), maximum=INT32_MAX)
    if action == "picks":
        force_id, squads, officers = _picks(request.POST)
        pick_units(user=request.user, campaign=campaign, scenario_id=scenario_id,
                   force_id=force_id, squads=squads, officers=officers,
                   expected_version=version)
        messages.success(request, _("The units going into the battle are recorded."))
        return redirect("campaign_pages:scenario", campaign.pk, scenario_id)
    if action == "side":
        pages.record_side(user=request.user, campaign=campaign, scenario_id=scenario_id,
                          force_id=ascii_int(request.POST.get("force"), maximum=INT32_MAX),
                          data=request.POST, expected_version=version)
        messages.success(request, _("The side is recorded."))
        return redirect("campaign_pages:scenario", campaign.pk, scenario_id)
    if action == "scenario":
        pages.record_scenario(user=request.user, campaign=campaign, scenario_id=scenario_id,
                              data=request.POST, expected_version=version)
        messages.success(request, _("The scenario is recorded."))
        return redirect("campaign_pages:scenario", campaign.pk, scenario_id)
    if action == "start":
        battle, _recorded = start_scenario_battle(user=request.user, campaign=campaign,
                                                  scenario_id=scenario_id,
                                                  expected_version=version)
        return redirect("battles_pages:table", battle.pk)
    raise Invalid("bad_action", _("the form asked for nothing this page does"), field="action")


def _refusal(error) -> tuple[int, str]:
    """The status and sentence of a refused form: the service's, or a stale page's 409."""
    if isinstance(error, WrongExpectedVersion):
        return 409, _("The campaign changed since this page was loaded; reload it and try "
                      "again.")
    message, _english = localized_message(error.extra.get("rule_code", error.code),
                                          error.message)  # a rule's sentence, as the API
    return domain_status(error), message


@login_required
def scenario_detail(request, campaign_id: int, ref: int):
    """A scenario: its sides, what each force sends, its status, battle and results; the
    organizer (and each force's owner for his own force) chooses the units, and the
    organizer starts the battle."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    data = _or_404(pages.scenario_page, user=request.user, campaign=campaign, scenario_id=ref)
    error, status = None, 200
    if request.method == "POST":
        try:
            return _write(request, campaign, ref)
        except (DomainError, WrongExpectedVersion) as refusal:
            status, message = _refusal(refusal)
            # the scenario's form as sent, its refusal by the input it names
            beside_form = (request.POST.get("action") == "scenario"
                           and isinstance(refusal, DomainError))
            data = pages.scenario_page(user=request.user, campaign=campaign, scenario_id=ref,
                                       ticked=_ticked(request.POST),
                                       scenario_data=request.POST if beside_form else None,
                                       scenario_error=refusal if beside_form else None)
            force = request.POST.get("force")
            # beside the form it came from, if the page shows it; else at the top
            shown = any(str(side["force_id"]) == force and side["may_pick"]
                        for side in data["sides"])
            error = {"message": message, "force": force if shown else None,
                     "scenario": beside_form and data["scenario_form"] is not None,
                     "soldier": _soldier_at(request.POST, getattr(refusal, "field", None))}
    return render(request, "pages/scenario.html",
                  {"campaign": campaign, "error": error, **data}, status=status)


@login_required
def scenario_outcome(request, campaign_id: int, ref: int):
    """What the take-over of the scenario's battle changed: deaths, wounds, captures, the
    forces' state, each by name."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    data = _or_404(pages.outcome_page, campaign=campaign, scenario_id=ref)
    return render(request, "pages/scenario_outcome.html", {"campaign": campaign, **data})
