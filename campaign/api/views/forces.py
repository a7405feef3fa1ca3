"""Forces (the force sheet), formations, squads, commanders, replacements."""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from campaign.api import filters
from campaign.api import serializers as s
from campaign.api.base import (
    ERRORS,
    IDEMPOTENCY,
    CampaignScoped,
    CommandView,
    plain_rows,
    read_command,
    recorded_json,
)
from campaign.api.conditional import conditional
from campaign.models import Force, Formation, Soldier, Squad
from campaign.pages.roster_table import roster_csv_response
from campaign.selectors import fallen
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
    """The force sheet: the force, its chain of command, squads, its living and recently
    fallen soldiers (the older fallen: ``forces/<ref>/fallen/``) and the prisoners it holds.
    Conditional: ``ETag`` from the campaign's projected ledger version (304 on a match)."""

    @extend_schema(responses={200: s.ForceSheetSerializer, 304: None,
                              404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        campaign = self.get_campaign()
        return conditional(request, campaign, lambda: self._sheet(campaign, ref))

    def _sheet(self, campaign, ref: int) -> dict:
        sheet = selectors.force_sheet(campaign=campaign, ref=ref)
        return {
            "force": s.ForceSerializer(sheet["force"]).data,
            **{part: plain_rows(serializer, sheet[part]) for part, serializer in (
                ("formations", s.FormationSerializer), ("squads", s.SquadSerializer),
                ("soldiers", s.SoldierSerializer), ("prisoners_held", s.SoldierSerializer))},
            "fallen": {
                "recent_since_version": sheet["recent_since"],
                "older_count": sheet["older_fallen"].count(),
                "older_url": reverse("campaign:force-fallen", request=self.request,
                                     kwargs={"campaign_id": campaign.pk, "ref": ref}),
            },
        }


class FirstRenderer(BaseContentNegotiation):
    """Content negotiation that always picks the view's first renderer (DRF's documented
    way to ignore ``Accept``)."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class ForceRosterCsvView(CampaignScoped, APIView):
    """The force's roster as CSV, as the roster page downloads it: one row per soldier,
    headers and values labelled in the request's language, UTF-8 with a byte order mark.
    Whatever the ``Accept`` header asks, the file is CSV and an error is JSON."""

    content_negotiation_class = FirstRenderer

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> HttpResponse:
        return roster_csv_response(campaign=self.get_campaign(), force_id=ref)


class FallenPage(PageNumberPagination):
    page_size = 50


class ForceFallenView(CampaignScoped, generics.ListAPIView):
    """The force's older fallen, not on its sheet: the dead and captured lost before the
    start of its latest concluded battle, the latest loss first, a page at a time."""

    model = Soldier
    serializer_class = s.SoldierSerializer
    filter_backends: list = []
    pagination_class = FallenPage

    def campaign_queryset(self, campaign):
        ref = self.kwargs["ref"]
        selectors.force_of(campaign=campaign, ref=ref)
        since = fallen.recent_since(campaign=campaign, force_ref=ref)
        return fallen.older_fallen(campaign=campaign, force_ref=ref, since=since)

    def list(self, request: Request, *args, **kwargs) -> Response:
        return conditional(request, self.get_campaign(),
                           lambda: super(ForceFallenView, self).list(request).data)




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


class FormationDetailView(CampaignScoped, APIView):
    @extend_schema(responses={200: s.FormationSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        return Response(s.FormationSerializer(
            selectors.formation_of(campaign=self.get_campaign(), ref=ref)).data)

    @extend_schema(request=s.FormationAmendSerializer, parameters=[IDEMPOTENCY],
                   responses={200: s.RecordedSerializer, **ERRORS})
    def patch(self, request: Request, campaign_id: int, ref: int) -> Response:
        """Rename the formation."""
        data, write = read_command(request, s.FormationAmendSerializer(data=request.data))
        recorded = services.amend_formation(
            user=request.user, campaign=self.get_campaign(), formation_id=ref,
            changes=data["changes"], reason=data["reason"], **write,
        )
        return Response(recorded_json(recorded))


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

    @extend_schema(request=s.SquadAmendSerializer, parameters=[IDEMPOTENCY],
                   responses={200: s.RecordedSerializer, **ERRORS})
    def patch(self, request: Request, campaign_id: int, ref: int) -> Response:
        """Change or correct the squad: its name, establishment, attributes."""
        data, write = read_command(request, s.SquadAmendSerializer(data=request.data))
        recorded = services.amend_squad(
            user=request.user, campaign=self.get_campaign(), squad_id=ref,
            changes=data["changes"], reason=data["reason"], **write,
        )
        return Response(recorded_json(recorded))


class SquadTransferView(CommandView):
    """The squad moves to another formation of its force (owner or organizers, §2.18)."""

    serializer_class = s.SquadTransferSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.transfer_squad(user=self.request.user, campaign=campaign,
                                       squad_id=ref, **data, **write)


class FormationReattachView(CommandView):
    """The formation moves under another of its force, one level up (§2.18)."""

    serializer_class = s.FormationReattachSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.reattach_formation(user=self.request.user, campaign=campaign,
                                           formation_id=ref, **data, **write)


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
