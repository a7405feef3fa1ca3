"""The pages where organizers set up a campaign: a new campaign, its settings (house rules,
readings of ambiguous rules), its scenarios and their links, its forces.

Thin views over ``campaign.services`` (start_campaign, change_house_rules,
set_battle_options, plan_scenario, link_scenarios, raise_force). Outsiders get 404 (the
campaign is not disclosed); members read the settings and scenarios, and raise their own
force; only organizers change the rest (403). A refused change is shown next to its field
and changes nothing.
"""
from __future__ import annotations

import re
from uuid import uuid4

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign.models import Campaign
from campaign.pages.setup_forms import (
    ForceForm,
    HouseRulesForm,
    LinkForm,
    NewCampaignForm,
    ReadingsForm,
    ScenarioForm,
)
from campaign.pages.terms import RESULT, term
from campaign.pages.views import _or_404
from campaign.plugins import get as plugin_for
from campaign.selectors.campaigns import campaign_for
from campaign.services.campaigns import change_house_rules, set_battle_options, start_campaign
from campaign.services.forces import raise_force
from campaign.services.ledger import state_of
from campaign.services.scenarios import link_scenarios, plan_scenario
from clubs.access import may_organize
from clubs.models import Club
from clubs.selectors import club_role, members, organized_clubs
from config.api_errors import localized_message
from config.errors import DomainError
from config.request_input import ascii_int
from eventstore.errors import WrongExpectedVersion
from rules.core.errors import RuleError

#: A form's one-time key, as the page writes it (``uuid4().hex``).
FORM_KEY = re.compile(r"[0-9a-f]{32}")


def show_error(form, error: DomainError | RuleError, field: str | None = None) -> None:
    """A service's refusal on the form: next to its field when the form has it, else above
    the form; in the page's language."""
    message = localized_message(error.code, error.message)[0]
    name = field if field is not None else error.field
    form.add_error(name if name in form.fields else None, message)


def writing(request, *, versioned: bool = False) -> dict:
    """How a form's change is appended: its one-time key (a form sent twice records once,
    DESIGN principle 5) and, for a form that sends every value at once (the settings), the
    ledger version its page was read at, so that a change made since is not overwritten."""
    options: dict = {}
    key = request.POST.get("key", "")
    if FORM_KEY.fullmatch(key):
        options["idempotency_key"] = f"page:{key}"
    if versioned:
        options["expected_version"] = ascii_int(request.POST.get("version"))
    return options


def stale(request, campaign: Campaign):
    """The page again with fresh values, when the campaign changed since it was read."""
    messages.error(request, _("The campaign was changed since this page was opened, and "
                              "nothing was saved: here it is as it stands now; make your "
                              "change again."))
    return redirect("campaign_pages:settings", campaign_id=campaign.pk)


def _campaign_and_role(request, campaign_id: int) -> tuple[Campaign, bool]:
    """The campaign (404 for outsiders) and whether the user organizes it; a change asked
    for by a member who does not organize is refused (403)."""
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    organizer = may_organize(club_role(user=request.user, club_id=campaign.club_id))
    return campaign, organizer


@login_required
@require_http_methods(["GET", "POST"])
def new_campaign(request):
    """An organizer starts a campaign in one of the clubs he organizes."""
    clubs = Club.objects.filter(pk__in=organized_clubs(user=request.user)).order_by("name")
    if not clubs.exists():
        raise PermissionDenied(_("Only a club's organizers may start a campaign."))
    form = NewCampaignForm(request.POST or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = start_campaign(user=request.user, **form.cleaned_data)
        except (DomainError, RuleError) as error:
            show_error(form, error)
        else:
            messages.success(request, _("The campaign %(name)s has started: set its rules, "
                                        "then its forces and scenarios.") % {"name": campaign.name})
            return redirect("campaign_pages:settings", campaign_id=campaign.pk)
    return render(request, "pages/setup/new_campaign.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request, campaign_id: int):
    """The campaign's house rules and its readings of the rules the rulebook leaves open,
    each beside its default; two forms, each saved on its own."""
    campaign, organizer = _campaign_and_role(request, campaign_id)
    part = request.POST.get("part") if request.method == "POST" else None
    if part is not None and not organizer:
        raise PermissionDenied(_("Only the club's organizers may change the campaign's rules."))
    state = state_of(campaign_id=campaign.pk)
    plugin = plugin_for(campaign.rule_system)
    house = HouseRulesForm(request.POST if part == "house_rules" else None,
                           schema=plugin.house_rules_schema, rule_system=campaign.rule_system,
                           current=state.house_rules.to_json(), disabled=not organizer)
    readings = ReadingsForm(request.POST if part == "readings" else None,
                            rule_system=campaign.rule_system, rule_version=campaign.rule_version,
                            current=state.battle_options, disabled=not organizer)
    if part == "house_rules" and house.is_valid():
        try:
            change_house_rules(user=request.user, campaign=campaign, changes=house.changes(),
                               **writing(request, versioned=True))
        except WrongExpectedVersion:
            return stale(request, campaign)
        except (DomainError, RuleError) as error:
            show_error(house, error, house.field_for(error.field))
        else:
            messages.success(request, _("The house rules are saved."))
            return redirect("campaign_pages:settings", campaign_id=campaign.pk)
    if part == "readings" and readings.is_valid():
        try:
            set_battle_options(user=request.user, campaign=campaign, options=readings.options(),
                               **writing(request, versioned=True))
        except WrongExpectedVersion:
            return stale(request, campaign)
        except (DomainError, RuleError) as error:
            show_error(readings, error)
        else:
            messages.success(request, _("The readings of the rules are saved; battles started "
                                        "from now on play by them."))
            return redirect("campaign_pages:settings", campaign_id=campaign.pk)
    return render(request, "pages/setup/settings.html", {
        "campaign": campaign, "organizer": organizer, "house": house, "readings": readings,
        "house_rule_label": _(plugin.house_rule_label) if plugin.house_rule_label else "",
        "version": state.version, "keys": {"house_rules": uuid4().hex, "readings": uuid4().hex},
    })


@login_required
@require_http_methods(["GET", "POST"])
def campaign_scenarios(request, campaign_id: int):
    """The scenarios and the links between them; organizers plan and link scenarios."""
    campaign, organizer = _campaign_and_role(request, campaign_id)
    part = request.POST.get("part") if request.method == "POST" else None
    if part is not None and not organizer:
        raise PermissionDenied(_("Only the club's organizers may plan scenarios."))
    state = state_of(campaign_id=campaign.pk)
    scenario_form = ScenarioForm(request.POST if part == "scenario" else None, state=state)
    link_form = LinkForm(request.POST if part == "link" else None, state=state)
    if part == "scenario" and scenario_form.is_valid():
        try:
            plan_scenario(user=request.user, campaign=campaign, **scenario_form.cleaned_data,
                          **writing(request))
        except (DomainError, RuleError) as error:
            show_error(scenario_form, error, error.field and error.field.split(".")[0])
        else:
            messages.success(request, _("The scenario %(name)s is planned.")
                             % {"name": scenario_form.cleaned_data["name"]})
            return redirect("campaign_pages:scenarios", campaign_id=campaign.pk)
    if part == "link" and link_form.is_valid():
        try:
            link_scenarios(user=request.user, campaign=campaign, **link_form.link(),
                           **writing(request))
        except (DomainError, RuleError) as error:
            show_error(link_form, error)
        else:
            messages.success(request, _("The scenarios are linked."))
            return redirect("campaign_pages:scenarios", campaign_id=campaign.pk)
    scenarios = sorted(state.scenarios.values(), key=lambda s: s.id)
    names = {s.id: s.name for s in scenarios}
    force_names = {f.id: f.name for f in state.forces.values()}
    links = [{"from": names.get(link.from_id, "?"), "to": names.get(link.to_id, "?"),
              "force": force_names.get(link.force_id),
              "condition": term(RESULT, link.condition) if link.condition else None}
             for link in state.links]
    shown = [{"name": s.name, "description": s.description,
              "forces": [force_names.get(f, "?") for f in s.force_ids]} for s in scenarios]
    return render(request, "pages/setup/scenarios.html", {
        "campaign": campaign, "organizer": organizer, "scenarios": shown, "links": links,
        "scenario_form": scenario_form, "link_form": link_form,
        "enough_forces": len(state.forces) >= 2, "enough_scenarios": len(scenarios) >= 2,
        "keys": {"scenario": uuid4().hex, "link": uuid4().hex},
    })


@login_required
@require_http_methods(["GET", "POST"])
def new_force(request, campaign_id: int):
    """A force raised: by an organizer for any member of the club, by a player for himself."""
    campaign, organizer = _campaign_and_role(request, campaign_id)
    owners = list(members(club_id=campaign.club_id).order_by("username")) if organizer else None
    form = ForceForm(request.POST or None, owners=owners)
    if request.method == "POST" and form.is_valid():
        try:
            raise_force(user=request.user, campaign=campaign, **form.cleaned_data,
                        **writing(request))
        except (DomainError, RuleError) as error:
            show_error(form, error)
        else:
            messages.success(request, _("The force %(name)s is raised.")
                             % {"name": form.cleaned_data["name"]})
            return redirect("campaign_pages:campaign", campaign_id=campaign.pk)
    return render(request, "pages/setup/new_force.html", {
        "campaign": campaign, "organizer": organizer, "form": form, "key": uuid4().hex})
