"""Clubs, campaigns, house rules, the calendar, the ledger and the dice check."""
from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
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
from campaign.plugins import get as plugin_for
from campaign.plugins.labels import attribute_schemas
from campaign.selectors.campaigns import visible_campaigns
from campaign.selectors.dice import verify_campaign_dice
from campaign.services import campaigns as services
from campaign.services.ledger import ledger_of, state_of
from clubs.selectors import member_club


class CampaignListView(generics.ListAPIView):
    """Campaigns of your clubs; organizers start new ones."""

    serializer_class = s.CampaignSerializer
    filterset_class = filters.CampaignFilter

    def get_queryset(self):
        return visible_campaigns(user=self.request.user).order_by("pk")

    def get_serializer_class(self):
        if self.request.method == "POST":
            return s.CampaignCreateSerializer
        return s.CampaignSerializer

    @extend_schema(request=s.CampaignCreateSerializer,
                   responses={201: s.CampaignSerializer, **ERRORS})
    def post(self, request: Request) -> Response:
        form = s.CampaignCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        club_id = data.pop("club")
        club = member_club(user=request.user, club_id=club_id)
        campaign = services.start_campaign(user=request.user, club=club, **data)
        campaign.refresh_from_db()
        return Response(s.CampaignSerializer(campaign).data, status=status.HTTP_201_CREATED)


class CampaignDetailView(CampaignScoped, APIView):
    @extend_schema(responses={200: s.CampaignSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int) -> Response:
        return Response(s.CampaignSerializer(self.get_campaign()).data)


class AttributeSchemasView(CampaignScoped, APIView):
    """What the campaign's rule system records of its soldiers, squads, forces and scenario
    sides (its campaign plug-in's attribute schemas), labelled in your language."""

    @extend_schema(responses={200: s.AttributeSchemasSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int) -> Response:
        return Response(attribute_schemas(plugin_for(self.get_campaign().rule_system)))


class HouseRulesView(CampaignScoped, APIView):
    """The campaign's house rules (this project's rules, not the rulebook's), the defaults,
    and changes by an organizer."""

    @extend_schema(responses={200: s.HouseRulesSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign = self.get_campaign()
        plugin = plugin_for(campaign.rule_system)
        return Response({"label": _(plugin.house_rule_label) if plugin.house_rule_label else "",
                         "rules": campaign.house_rules,
                         "defaults": plugin.parse_house_rules({}).to_json()})

    @extend_schema(request=s.HouseRulesChangeSerializer, parameters=[IDEMPOTENCY],
                   responses={200: s.RecordedSerializer, **ERRORS})
    def patch(self, request: Request, campaign_id: int) -> Response:
        data, write = read_command(request, s.HouseRulesChangeSerializer(data=request.data))
        recorded = services.change_house_rules(user=request.user, campaign=self.get_campaign(),
                                               changes=data["changes"], **write)
        return Response(recorded_json(recorded))


class BattleOptionsView(CampaignScoped, APIView):
    """How the campaign's battles read the rule system's ambiguous (PROPOSED) rules: the
    club's choices, set by organizers, put into every battle's setup."""

    @extend_schema(responses={200: dict, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign = self.get_campaign()
        return Response({"options": state_of(campaign_id=campaign.pk).battle_options})

    @extend_schema(request=s.BattleOptionsSerializer, parameters=[IDEMPOTENCY],
                   responses={200: s.RecordedSerializer, **ERRORS})
    def put(self, request: Request, campaign_id: int) -> Response:
        data, write = read_command(request, s.BattleOptionsSerializer(data=request.data))
        recorded = services.set_battle_options(user=request.user, campaign=self.get_campaign(),
                                               options=data["options"], **write)
        return Response(recorded_json(recorded))


class CalendarView(CommandView):
    """In-game time passes (organizers): the rule system's campaign rules follow (Steel War:
    fatigue, evacuation and recovery)."""

    serializer_class = s.CalendarSerializer

    def perform(self, campaign, data, write, **kwargs):
        return services.advance_calendar(user=self.request.user, campaign=campaign,
                                         days=data["days"], **write)


class FinishView(CommandView):
    """The campaign ends (organizers); its dice seed is revealed."""

    serializer_class = s.WriteSerializer

    def perform(self, campaign, data, write, **kwargs):
        return services.finish_campaign(user=self.request.user, campaign=campaign, **write)


class LedgerView(CampaignScoped, generics.ListAPIView):
    """The campaign's ledger: every event, oldest first (``?type=`` to filter)."""

    serializer_class = s.LedgerEventSerializer
    filter_backends: list = []

    @extend_schema(parameters=[OpenApiParameter("type", str, description="event type")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return []
        events = ledger_of(campaign_id=self.get_campaign().pk)
        wanted = self.request.query_params.get("type")
        return [e for e in events if wanted is None or e.type == wanted]


class DiceVerifyView(CampaignScoped, APIView):
    """The campaign's server dice: the seed's commitment; once the campaign is over, every
    server roll re-derived from the revealed seed."""

    @extend_schema(responses={200: dict, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int) -> Response:
        return Response(verify_campaign_dice(campaign=self.get_campaign()))
