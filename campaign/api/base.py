"""What every campaign view shares: the campaign from the URL (404 for outsiders) and the
shape of a command's answer."""
from __future__ import annotations

import functools
from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from campaign.api import serializers as s
from campaign.ledger.state import entity_json
from campaign.models import Campaign
from campaign.selectors.campaigns import campaign_for
from campaign.services.ledger import Recorded, WriteOptions
from config.idempotency import answer, keyed
from config.request_input import IDEMPOTENCY_KEY_MAX_LENGTH

IDEMPOTENCY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": IDEMPOTENCY_KEY_MAX_LENGTH},
    OpenApiParameter.HEADER,
    description="a retry with the same key returns the first result and appends nothing "
    "(no control characters)",
)
ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="malformed input"),
    403: OpenApiResponse(s.ErrorSerializer, description="not an organizer / not your force"),
    404: OpenApiResponse(s.ErrorSerializer, description="no such thing, or not your club"),
    409: OpenApiResponse(s.ErrorSerializer, description="stale expected_version"),
    422: OpenApiResponse(s.ErrorSerializer, description="the campaign's state forbids it"),
}


def plain_rows(serializer_class: type, queryset) -> list[dict[str, Any]]:
    """What ``serializer_class(queryset, many=True).data`` gives for a serializer of plain
    model fields (renamed by ``source``), read with ``values_list``: several times faster
    for long lists such as a force's soldiers. The serializer stays the API's definition."""
    names, sources = _names_and_sources(serializer_class)
    return [dict(zip(names, row, strict=True)) for row in queryset.values_list(*sources)]


@functools.cache
def _names_and_sources(serializer_class: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The serializer's field names and their model sources (built once: building a
    serializer's fields costs more than reading a force's rows)."""
    fields = serializer_class().fields
    return tuple(fields), tuple(fields[name].source for name in fields)


class CampaignScoped:
    """Views under ``/api/campaigns/<campaign_id>/``. List views name their ``model`` and
    implement ``campaign_queryset``."""

    request: Request
    kwargs: dict
    model: type | None = None

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation: no campaign
            return self.model.objects.none()
        return self.campaign_queryset(self.get_campaign())

    def campaign_queryset(self, campaign: Campaign):
        raise NotImplementedError

    def get_campaign(self) -> Campaign:
        if not hasattr(self, "_campaign"):
            self._campaign = campaign_for(user=self.request.user,
                                          campaign_id=self.kwargs["campaign_id"])
        return self._campaign


def recorded_json(recorded: Recorded, created: tuple[str, str] | None = None) -> dict[str, Any]:
    """A command's answer: the version after it, whether it was a replay, its events, and
    (for creations) the new id with the entity as the ledger now has it."""
    body: dict[str, Any] = {
        "version": recorded.version,
        "replayed": recorded.replayed,
        "events": [{"version": e.version, "type": e.type, "data": e.data}
                   for e in recorded.events],
    }
    if created and recorded.events and created[0] in recorded.events[0].data:
        key, kind = created
        ref = recorded.events[0].data[key]
        body["id"] = ref
        entity = getattr(recorded.state, kind).get(ref)
        if entity is not None:
            body["entity"] = entity_json(entity)
    return body


def read_command(request: Request, form: serializers.Serializer) -> tuple[dict, WriteOptions]:
    """A command's input: its validated body (400 if malformed) without ``expected_version``,
    and the write options (``expected_version``, the ``Idempotency-Key`` header and the
    request's fingerprint, :func:`config.idempotency.keyed`) to pass to the service."""
    form.is_valid(raise_exception=True)
    data = dict(form.validated_data)
    expected_version = data.pop("expected_version", None)
    write: WriteOptions = {**keyed(request, data), "expected_version": expected_version}
    return data, write


class CommandView(CampaignScoped, generics.GenericAPIView):
    """POST a command: validate its shape, call :meth:`perform` (a service), answer with
    what was recorded. ``created`` = (event key of the new id, state attribute)."""

    created: tuple[str, str] | None = None
    pagination_class = None
    filter_backends: list = []

    def perform(self, campaign: Campaign, data: dict, write: WriteOptions, **kwargs) -> Recorded:
        raise NotImplementedError

    @extend_schema(parameters=[IDEMPOTENCY], responses={200: s.RecordedSerializer,
                                                        201: s.RecordedSerializer, **ERRORS})
    def post(self, request: Request, campaign_id: int, **kwargs) -> Response:
        campaign = self.get_campaign()
        data, write = read_command(request, self.get_serializer(data=request.data))
        recorded = self.perform(campaign, data, write, **kwargs)
        return answer(recorded_json(recorded, self.created),
                      created=bool(self.created) and not recorded.replayed)
