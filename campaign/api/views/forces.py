"""Forces (the force sheet), formations, squads, commanders, replacements."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api import filters
from campaign.api import serializers as s
from campaign.api.base import CampaignScoped, CommandView, plain_rows
from campaign.models import Force, Formation, Squad
from campaign.selectors import forces as selectors
from campaign.services import forces as services
from campaign.services import soldiers as soldier_services
from config.request_input import int_param


class ListCommandView(CommandView, generics.ListAPIView):
    """GET lists a projection; POST records a command (``command_serializer``)."""

    command_serializer: type = s.WriteSerializer
    filter_backends = generics.ListAPIView.filter_backends
    pagination_class = generics.ListAPIView.pagination_class

    def get_serializer_class(self):
        if self.request.method == "POST":
            return self.command_serializer
        return self.serializer_class


class ForceListView(ListCommandView):
    """The campaign's forces; a player raises his own (organizers: anyone's)."""

    model = Force
    serializer_class = s.ForceSerializer
    command_serializer = s.ForceCreateSerializer
    created = ("force_id", "forces")

    def campaign_queryset(self, campaign):
        return selectors.forces(campaign=campaign)

    def perform(self, campaign, data, write, **kwargs):
        return services.raise_force(user=self.request.user, campaign=campaign, **data, **write)


class ForceSheetView(CampaignScoped, APIView):
    """The force sheet: the force, its chain of command, squads, soldiers and the
    prisoners it holds."""

    @extend_schema(responses={200: s.ForceSheetSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        sheet = selectors.force_sheet(campaign=self.get_campaign(), ref=ref)
        return Response({
            "force": s.ForceSerializer(sheet["force"]).data,
            **{part: plain_rows(serializer, sheet[part]) for part, serializer in (
                ("formations", s.FormationSerializer), ("squads", s.SquadSerializer),
                ("soldiers", s.SoldierSerializer), ("prisoners_held", s.SoldierSerializer))},
        })




class FormationListView(ListCommandView):
    """Formations of the chain of command (battalion, company, platoon; §2.18)."""

    model = Formation
    serializer_class = s.FormationSerializer
    command_serializer = s.FormationCreateSerializer
    created = ("formation_id", "formations")

    def campaign_queryset(self, campaign):
        queryset = selectors.formations(campaign=campaign)
        force = int_param(self.request.query_params, "force")
        return queryset if force is None else queryset.filter(force_ref=force)

    def perform(self, campaign, data, write, **kwargs):
        return services.raise_formation(user=self.request.user, campaign=campaign, **data,
                                        **write)


class FormationCommanderView(CommandView):
    serializer_class = s.CommanderSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.assign_formation_commander(user=self.request.user, campaign=campaign,
                                                   formation_id=ref, **data, **write)


class SquadListView(ListCommandView):
    model = Squad
    serializer_class = s.SquadSerializer
    command_serializer = s.SquadCreateSerializer
    filterset_class = filters.SquadFilter
    created = ("squad_id", "squads")

    def campaign_queryset(self, campaign):
        return selectors.squads(campaign=campaign)

    def perform(self, campaign, data, write, **kwargs):
        return services.raise_squad(user=self.request.user, campaign=campaign, **data, **write)


class SquadDetailView(CampaignScoped, APIView):
    @extend_schema(responses={200: s.SquadSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        return Response(s.SquadSerializer(
            selectors.squad_of(campaign=self.get_campaign(), ref=ref)).data)


class SquadCommanderView(CommandView):
    serializer_class = s.CommanderSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.assign_squad_commander(user=self.request.user, campaign=campaign,
                                               squad_id=ref, **data, **write)


class ReplacementView(CommandView):
    """A replacement fills a gap in the squad (organizers; house rule)."""

    serializer_class = s.ReplacementSerializer
    created = ("soldier_id", "soldiers")

    def perform(self, campaign, data, write, ref: int):
        return soldier_services.add_replacement(user=self.request.user, campaign=campaign,
                                                squad_id=ref, **data, **write)
