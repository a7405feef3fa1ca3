"""Histories and records of soldiers, squads, formations and forces; as-of views; diffs."""
from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api import filters
from campaign.api import serializers as s
from campaign.api.base import CampaignScoped
from campaign.models import HistoryEntry
from campaign.selectors import forces as force_selectors
from campaign.selectors.as_of import as_of, difference
from campaign.selectors.history import history, record_of
from config.api_errors import ApiError
from config.request_input import INT32_MAX, INT64_MAX, int_param

_EXISTS = {
    HistoryEntry.Subject.SOLDIER: force_selectors.soldier_of,
    HistoryEntry.Subject.SQUAD: force_selectors.squad_of,
    HistoryEntry.Subject.FORCE: force_selectors.force_of,
}


class HistoryView(CampaignScoped, generics.ListAPIView):
    """A soldier's, squad's or force's history across the campaign, oldest first; each row's
    text in the request's language."""

    model = HistoryEntry
    serializer_class = s.HistoryEntrySerializer
    filterset_class = filters.HistoryFilter
    subject: str = HistoryEntry.Subject.SOLDIER

    def campaign_queryset(self, campaign):
        _EXISTS[self.subject](campaign=campaign, ref=self.kwargs["ref"])
        return history(campaign=campaign, subject=self.subject, ref=self.kwargs["ref"])

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False):
            context["rule_system"] = self.get_campaign().rule_system
        return context


class SoldierHistoryView(HistoryView):
    subject = HistoryEntry.Subject.SOLDIER


class SquadHistoryView(HistoryView):
    subject = HistoryEntry.Subject.SQUAD


class ForceHistoryView(HistoryView):
    subject = HistoryEntry.Subject.FORCE


class RecordView(CampaignScoped, APIView):
    """A soldier's or squad's record: battles fought, wounds and recoveries, commands taken,
    and the rule system's totals of his battles' reports (Steel War: fire given and taken,
    morale low point)."""

    subject: str = HistoryEntry.Subject.SOLDIER

    @extend_schema(responses={200: s.RecordSerializer, 404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int, ref: int) -> Response:
        campaign = self.get_campaign()
        _EXISTS[self.subject](campaign=campaign, ref=ref)
        return Response(record_of(campaign=campaign, subject=self.subject, ref=ref))


class SoldierRecordView(RecordView):
    subject = HistoryEntry.Subject.SOLDIER


class SquadRecordView(RecordView):
    subject = HistoryEntry.Subject.SQUAD


def _int(params, name: str, maximum: int = INT32_MAX) -> int | None:
    return int_param(params, name, maximum=maximum, code="bad_moment")


def _date(params, name: str) -> date | None:
    raw = params.get(name)
    if raw in (None, ""):
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ApiError("bad_moment", _("%(name)s must be a date YYYY-MM-DD") % {"name": name}, field=name) from None


def _moment(params, prefix: str = "") -> dict:
    return {"version": _int(params, f"{prefix}version"),
            "before_battle": _int(params, f"{prefix}before_battle", INT64_MAX),
            "on_date": _date(params, f"{prefix}date")}


#: The schema of an integer query parameter as :func:`_int` reads it.
VERSION = {"type": "integer", "minimum": 0, "maximum": INT32_MAX}
BATTLE_ID = {"type": "integer", "minimum": 0, "maximum": INT64_MAX}
DATE = {"type": "string", "format": "date"}

MOMENT_ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="a moment that is not a number or date"),
    404: OpenApiResponse(s.ErrorSerializer, description="no such campaign, force or battle"),
    422: OpenApiResponse(s.ErrorSerializer, description="a moment outside the campaign"),
}

MOMENT = [
    OpenApiParameter("version", VERSION, description="after this ledger version"),
    OpenApiParameter("before_battle", BATTLE_ID,
                     description="just before this battle was set up"),
    OpenApiParameter("date", DATE, description="at the end of this in-game day (YYYY-MM-DD)"),
    OpenApiParameter("force", VERSION, description="only this force"),
]


class AsOfView(CampaignScoped, APIView):
    """The campaign (or one force) as it stood at a moment: the fold of its ledger up to
    there. Without a moment: now, straight from the ledger."""

    @extend_schema(parameters=MOMENT, responses={200: dict, **MOMENT_ERRORS})
    def get(self, request: Request, campaign_id: int) -> Response:
        params = request.query_params
        return Response(as_of(campaign=self.get_campaign(), force_id=_int(params, "force"),
                              **_moment(params)))


class DiffView(CampaignScoped, APIView):
    """What changed between two moments (``from_*`` and ``to_*``: version, before_battle,
    date; a missing ``to_*`` means now)."""

    @extend_schema(
        parameters=[
            OpenApiParameter(f"{end}_{name}", kind, description=f"{end}: {text}")
            for end in ("from", "to")
            for name, kind, text in (("version", VERSION, "after this ledger version"),
                                     ("before_battle", BATTLE_ID, "just before this battle"),
                                     ("date", DATE, "end of this in-game day"))
        ] + [OpenApiParameter("force", VERSION, description="only this force")],
        responses={200: dict, **MOMENT_ERRORS},
    )
    def get(self, request: Request, campaign_id: int) -> Response:
        params = request.query_params
        before = _moment(params, "from_")
        if all(v is None for v in before.values()):
            raise ApiError("bad_moment", _("give from_version, from_before_battle or from_date"),
                           field="from_version")
        return Response(difference(campaign=self.get_campaign(), before=before,
                                   after=_moment(params, "to_"),
                                   force_id=_int(params, "force")))
