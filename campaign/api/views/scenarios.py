"""The scenario graph: scenarios, links, picks, starting a battle, results."""
from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api import filters
from campaign.api import serializers as s
from campaign.api.base import ERRORS, CampaignScoped, CommandView, recorded_json
from campaign.api.views.forces import ListCommandView
from campaign.models import Scenario, ScenarioLink
from campaign.services import scenarios as services
from campaign.services.battle_setup import start_scenario_battle
from config.api_errors import ApiError


class ScenarioListView(ListCommandView):
    """The scenarios (nodes of the graph); organizers plan new ones."""

    model = Scenario
    serializer_class = s.ScenarioSerializer
    command_serializer = s.ScenarioCreateSerializer
    filterset_class = filters.ScenarioFilter
    created = ("scenario_id", "scenarios")

    def campaign_queryset(self, campaign):
        return Scenario.objects.filter(campaign=campaign).order_by("ref")

    def perform(self, campaign, data, write, **kwargs):
        return services.plan_scenario(user=self.request.user, campaign=campaign, **data, **write)


class ScenarioDetailView(CampaignScoped, APIView):
    @extend_schema(responses={200: s.ScenarioSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        scenario = Scenario.objects.filter(campaign=self.get_campaign(), ref=ref).first()
        if scenario is None:
            raise ApiError("not_found", _("no scenario %(ref)s in this campaign") % {"ref": ref},
                           status_code=status.HTTP_404_NOT_FOUND)
        return Response(s.ScenarioSerializer(scenario).data)


class LinkListView(ListCommandView):
    """The links of the graph (edges, optionally conditional on a result)."""

    model = ScenarioLink
    serializer_class = s.ScenarioLinkSerializer
    command_serializer = s.LinkCreateSerializer

    def campaign_queryset(self, campaign):
        return ScenarioLink.objects.filter(campaign=campaign).order_by("version")

    def perform(self, campaign, data, write, **kwargs):
        return services.link_scenarios(user=self.request.user, campaign=campaign, **data,
                                       **write)



class PicksView(CommandView):
    """The squads and soldiers a force sends into the scenario (its owner or organizers)."""

    serializer_class = s.PicksSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.pick_units(user=self.request.user, campaign=campaign, scenario_id=ref,
                                   force_id=data["force_id"],
                                   squads=[dict(p) for p in data["squads"]],
                                   officers=data.get("officers", ()), **write)


class ScenarioAttributesView(CommandView):
    """A planned scenario's attributes (its plug-in's scenario schema), or with ``force_id``
    its side's (the side schema); organizers."""

    serializer_class = s.ScenarioAttributesSerializer

    def perform(self, campaign, data, write, ref: int):
        if data.get("force_id") is not None:
            return services.set_side_attributes(user=self.request.user, campaign=campaign,
                                                scenario_id=ref, force_id=data["force_id"],
                                                attributes=data["attributes"], **write)
        return services.set_scenario_attributes(user=self.request.user, campaign=campaign,
                                                scenario_id=ref,
                                                attributes=data["attributes"], **write)


class ResultView(CommandView):
    """Each force's result, recorded by hand (organizers)."""

    serializer_class = s.ResultSerializer

    def perform(self, campaign, data, write, ref: int):
        results = {}
        for key, value in data["results"].items():
            if not str(key).isdigit():
                raise ApiError("bad_result", _("%(key)r is not a force id") % {"key": key}, field="results")
            results[int(key)] = value
        return services.record_scenario_result(user=self.request.user, campaign=campaign,
                                               scenario_id=ref, results=results, **write)


class BattleStartView(CampaignScoped, APIView):
    """Start the scenario's battle from campaign state (organizers): the rule system's setup
    is built, the battle created, and the ledger records who went in."""

    @extend_schema(request=s.BattleStartSerializer,
                   responses={201: s.RecordedSerializer, **ERRORS})
    def post(self, request: Request, campaign_id: int, ref: int) -> Response:
        form = s.BattleStartSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        battle, recorded = start_scenario_battle(
            user=request.user, campaign=self.get_campaign(), scenario_id=ref,
            name=form.validated_data.get("name"),
            expected_version=form.validated_data.get("expected_version"),
        )
        body = recorded_json(recorded)
        body["battle_id"] = battle.pk
        return Response(body, status=status.HTTP_201_CREATED)
