"""Creating campaigns, forces, scenarios and scenario links in the admin (issue 19).

The add page of each of these admins is the set-up pages' own form (``campaign.pages.
setup_forms``) calling the same service (``start_campaign``, ``raise_force``,
``plan_scenario``, ``link_scenarios``), which appends the ledger events; the rows listed in
the admin are projections of them and are never saved here. A service's refusal is shown on
the form next to its field and stores nothing.

Only organizers create (the services allow no one else): the clubs offered are those the
user organizes, and a force, scenario or link is added to a campaign of those clubs, chosen
first (``?campaign=``); another club's campaign answers 404. A form carries a one-time key,
so a form sent twice records once (as on the pages).
"""
from __future__ import annotations

from uuid import uuid4

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.models import Campaign
from campaign.pages.setup import show_error, writing
from campaign.pages.setup_forms import ForceForm, LinkForm, NewCampaignForm, ScenarioForm
from campaign.services.campaigns import start_campaign
from campaign.services.forces import raise_force
from campaign.services.ledger import state_of
from campaign.services.scenarios import link_scenarios, plan_scenario
from clubs.admin_scoping import organized_club_ids
from clubs.models import Club
from clubs.selectors import members
from config.admin_actions import SERVICE_ERRORS
from config.request_input import ascii_int

TEMPLATE = "admin/campaign/create.html"


class CampaignChoiceForm(forms.Form):
    campaign = forms.ModelChoiceField(label=gettext_lazy("Campaign"), queryset=None,
                                      empty_label=None)

    def __init__(self, *args, campaigns, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["campaign"].queryset = campaigns


class CreatedThroughServices:
    """An admin whose add page calls a service instead of saving a model: ``form_for``
    builds the form, ``create`` calls the service and says what it recorded. Mixed in
    before the admin's read-only base (``ProjectionAdmin`` refuses every add)."""

    #: Whether the row belongs to a campaign chosen before the form (not a campaign itself).
    in_campaign = True
    intro = ""

    def has_add_permission(self, request, obj=None):
        """Organizers of a club, superusers included only as organizers: the services
        let no one else create."""
        return bool(getattr(request.user, "is_active", False) and organized_club_ids(request))

    def campaigns(self, request):
        return (Campaign.objects.filter(club_id__in=organized_club_ids(request))
                .select_related("club").order_by("club__name", "name"))

    def form_for(self, request, campaign: Campaign | None, data) -> forms.Form:
        raise NotImplementedError

    def create(self, request, campaign: Campaign | None, form: forms.Form) -> str:
        raise NotImplementedError

    def add_view(self, request, form_url="", extra_context=None):
        if not self.has_add_permission(request):
            raise PermissionDenied
        campaign, chooser = None, None
        if self.in_campaign:
            campaigns = self.campaigns(request)
            chosen = ascii_int(request.GET.get("campaign"))
            if chosen is None:
                if not campaigns.exists():  # nothing to choose: say so, and where to start one
                    return self._page(request, no_campaign=reverse("admin:campaign_campaign_add"))
                chooser = CampaignChoiceForm(campaigns=campaigns)
                return self._page(request, chooser=chooser)
            campaign = campaigns.filter(pk=chosen).first()
            if campaign is None:
                raise Http404(_("No such campaign."))
        posted = request.method == "POST"
        form = self.form_for(request, campaign, request.POST if posted else None)
        if posted and form.is_valid():
            try:
                with transaction.atomic():
                    done = self.create(request, campaign, form)
            except SERVICE_ERRORS as error:
                field = getattr(error, "field", None)
                show_error(form, error, field.split(".")[0] if field else None)
            else:
                self.message_user(request, done, messages.SUCCESS)
                opts = self.model._meta
                url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
                if campaign is not None:
                    url += f"?campaign__id__exact={campaign.pk}"
                return redirect(url)
        return self._page(request, form=form, campaign=campaign)

    def _page(self, request, *, form=None, chooser=None, campaign=None,
              no_campaign: str = "") -> TemplateResponse:
        """The add page: the campaign chooser, the form, or (``no_campaign``: the address of
        adding one) word that there is no campaign to add to yet."""
        opts = self.model._meta
        context = {
            **self.admin_site.each_context(request),
            "opts": opts,
            "title": _("Add %s") % opts.verbose_name,
            "intro": self.intro,
            "campaign": campaign,
            "form": form,
            "chooser": chooser,
            "no_campaign": no_campaign,
            "key": uuid4().hex,
        }
        return TemplateResponse(request, TEMPLATE, context)


class CampaignCreation(CreatedThroughServices):
    """A campaign started as the "new campaign" page starts it (``start_campaign``); its
    house rules and readings are then set on its settings page."""

    in_campaign = False
    intro = gettext_lazy("A campaign starts under its rule system's default house rules and "
                         "readings; set them on its settings page afterwards.")

    def form_for(self, request, campaign, data):
        clubs = Club.objects.filter(pk__in=organized_club_ids(request)).order_by("name")
        return NewCampaignForm(data, clubs=clubs)

    def create(self, request, campaign, form) -> str:
        started = start_campaign(user=request.user, **form.cleaned_data)
        return _("The campaign %(name)s has started.") % {"name": started.name}


class ForceCreation(CreatedThroughServices):
    """A force raised for a member of the campaign's club (``raise_force``)."""

    intro = gettext_lazy("A force of one of the club's members, who commands it between "
                         "battles.")

    def form_for(self, request, campaign, data):
        owners = list(members(club_id=campaign.club_id).order_by("username"))
        return ForceForm(data, owners=owners)

    def create(self, request, campaign, form) -> str:
        raise_force(user=request.user, campaign=campaign, **form.cleaned_data,
                    **writing(request))
        return _("The force %(name)s is raised.") % {"name": form.cleaned_data["name"]}


class ScenarioCreation(CreatedThroughServices):
    """A scenario planned between forces of the campaign (``plan_scenario``)."""

    def form_for(self, request, campaign, data):
        return ScenarioForm(data, state=state_of(campaign_id=campaign.pk))

    def create(self, request, campaign, form) -> str:
        plan_scenario(user=request.user, campaign=campaign, **form.cleaned_data,
                      **writing(request))
        return _("The scenario %(name)s is planned.") % {"name": form.cleaned_data["name"]}


class LinkCreation(CreatedThroughServices):
    """A link between two scenarios of the campaign (``link_scenarios``)."""

    def form_for(self, request, campaign, data):
        return LinkForm(data, state=state_of(campaign_id=campaign.pk))

    def create(self, request, campaign, form) -> str:
        link_scenarios(user=request.user, campaign=campaign, **form.link(), **writing(request))
        return _("The scenarios are linked.")
