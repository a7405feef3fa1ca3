"""Soldiers: the roster, recruitment, amendments, transfers, deaths, captures and prisoner
exchanges (a rule system's own commands are its plug-in's routes)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api import filters
from campaign.api import serializers as s
from campaign.api.base import (
    ERRORS,
    IDEMPOTENCY,
    CampaignScoped,
    CommandView,
    read_command,
    recorded_json,
)
from campaign.api.views.forces import ListCommandView
from campaign.models import Soldier
from campaign.selectors import forces as selectors
from campaign.services import soldiers as services


class SoldierListView(ListCommandView):
    """The campaign's soldiers (filter by force, squad, status...); recruit one."""

    model = Soldier
    serializer_class = s.SoldierSerializer
    command_serializer = s.RecruitSerializer
    filterset_class = filters.SoldierFilter
    created = ("soldier_id", "soldiers")

    def campaign_queryset(self, campaign):
        return selectors.soldiers(campaign=campaign)

    def perform(self, campaign, data, write, **kwargs):
        return services.recruit_soldier(user=self.request.user, campaign=campaign, **data,
                                        **write)


class SoldierDetailView(CampaignScoped, APIView):
    @extend_schema(responses={200: s.SoldierSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        return Response(s.SoldierSerializer(
            selectors.soldier_of(campaign=self.get_campaign(), ref=ref)).data)

    @extend_schema(request=s.AmendSerializer, parameters=[IDEMPOTENCY],
                   responses={200: s.RecordedSerializer, **ERRORS})
    def patch(self, request: Request, campaign_id: int, ref: int) -> Response:
        data, write = read_command(request, s.AmendSerializer(data=request.data))
        recorded = services.amend_soldier(
            user=request.user, campaign=self.get_campaign(), soldier_id=ref,
            changes=data["changes"], reason=data["reason"], **write,
        )
        return Response(recorded_json(recorded))


class TransferView(CommandView):
    serializer_class = s.TransferSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.transfer_soldier(user=self.request.user, campaign=campaign,
                                         soldier_id=ref, **data, **write)



class DeathView(CommandView):
    serializer_class = s.DeathSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.record_death(user=self.request.user, campaign=campaign,
                                     soldier_id=ref, **data, **write)


class CaptureView(CommandView):
    serializer_class = s.CaptureSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.record_capture(user=self.request.user, campaign=campaign,
                                       soldier_id=ref, **data, **write)



class ExchangeView(CommandView):
    """Prisoners go back to their own forces (organizers)."""

    serializer_class = s.ExchangeSerializer

    def perform(self, campaign, data, write, **kwargs):
        return services.exchange_prisoners(user=self.request.user, campaign=campaign,
                                           **data, **write)
