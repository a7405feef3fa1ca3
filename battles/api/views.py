"""Battles REST API: thin views over :mod:`battles.services` and :mod:`battles.selectors`.

Outsiders (not members of the battle's club) get 404 for every battle URL; club members who
do not take part may read; participants and the club's organizers may write.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from battles import selectors, services
from battles.api import serializers as s
from battles.api.consequences import in_language
from battles.models import BattleLogEntry, UnitStatus
from clubs.selectors import member_club
from config.api_errors import ApiError
from config.error_schema import ErrorSerializer
from config.idempotency import answer, keyed
from config.parsers import FormParser, JSONParser, MultiPartParser, load_json, too_large
from config.request_input import IDEMPOTENCY_KEY_MAX_LENGTH, INT32_MAX, int_param

#: The ``Idempotency-Key`` header as :func:`config.request_input.idempotency_key` reads it.
KEY_SCHEMA = {"type": "string", "minLength": 1, "maxLength": IDEMPOTENCY_KEY_MAX_LENGTH}
IDEMPOTENCY = OpenApiParameter(
    "Idempotency-Key",
    KEY_SCHEMA,
    OpenApiParameter.HEADER,
    description="a retry with the same key returns the first response and appends nothing "
    "(no control characters)",
)
IDEMPOTENCY_CREATE = OpenApiParameter(
    "Idempotency-Key",
    KEY_SCHEMA,
    OpenApiParameter.HEADER,
    description="a retry with the same key returns the battle the first request started "
    "(no control characters)",
)
ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="malformed input"),
    403: OpenApiResponse(ErrorSerializer, description="a club member not taking part"),
    404: OpenApiResponse(ErrorSerializer, description="no such battle, or not your club"),
    409: OpenApiResponse(
        ErrorSerializer,
        description="stale expected_version (with current_version), or the battle is concluded",
    ),
    422: OpenApiResponse(ErrorSerializer, description="the rules forbid it"),
}


class BattleListView(APIView):
    """Battles of your clubs; start a new one."""

    @extend_schema(responses=s.BattleSerializer(many=True))
    def get(self, request: Request) -> Response:
        battles = selectors.visible_battles(user=request.user).prefetch_related(
            "participants__user"
        )
        return Response(s.BattleSerializer(battles, many=True).data)

    @extend_schema(
        request=s.BattleCreateSerializer,
        parameters=[IDEMPOTENCY_CREATE],
        responses={201: s.BattleSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        form = s.BattleCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        club = member_club(user=request.user, club_id=data["club"])
        battle = services.create_battle(
            club=club,
            name=data["name"],
            rule_system=data["rule_system"],
            rule_version=data.get("rule_version"),
            setup=data["setup"],
            participants=services.club_participants(
                club, [(p["user"], p["side"]) for p in data.get("participants", [])]
            ),
            created_by=request.user,
            snapshot_every=data.get("snapshot_every"),
            **keyed(request, data),
        )
        return Response(s.BattleSerializer(battle).data, status=status.HTTP_201_CREATED)


class BattleDetailView(APIView):
    @extend_schema(responses={200: s.BattleSerializer, 404: ErrorSerializer})
    def get(self, request: Request, pk: int) -> Response:
        battle = selectors.battle_for(user=request.user, battle_id=pk)
        return Response(s.BattleSerializer(battle).data)


class StateView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "at",
                {"type": "integer", "minimum": 0, "maximum": INT32_MAX},
                description="the state after this version",
            )
        ],
        responses={200: s.StateSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        at = int_param(request.query_params, "at", code="bad_version")
        with selectors.one_snapshot():
            battle = selectors.battle_for(user=request.user, battle_id=pk)
            current = selectors.state_at(battle=battle, version=at)
            return Response(current.to_json())


class CommandsView(APIView):
    """What may be declared now, for forms and clients (the rule system's catalogue)."""

    @extend_schema(
        responses={
            200: s.CommandsSerializer,
            404: ErrorSerializer,
            422: OpenApiResponse(ErrorSerializer,
                                 description="the rule system lists no catalogue"),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        with selectors.one_snapshot():
            battle = selectors.battle_for(user=request.user, battle_id=pk)
            return Response(selectors.commands_of(battle=battle))


class SummaryView(APIView):
    """What the campaign takes over when the battle is concluded (the killed, wounded,
    captured and unchecked casualties, by name, and each unit's status): as of now for an
    open battle, as recorded for a concluded one. Nothing is recorded."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        with selectors.one_snapshot():
            battle = selectors.battle_for(user=request.user, battle_id=pk)
            return Response(selectors.summary_of(battle=battle))


@extend_schema(
    parameters=[
        OpenApiParameter(
            "changed_by", OpenApiTypes.INT,
            description="only the facts whose status or effects this correction (its "
            "version) changed last: the consequences its answer counts but does not list",
        )
    ]
)
class LogView(generics.ListAPIView):
    """The battle log: every event with how it counts now and its derived effects."""

    serializer_class = s.LogEntrySerializer
    queryset = BattleLogEntry.objects.none()  # for the schema; get_queryset filters

    def get_queryset(self):
        changed_by = int_param(self.request.query_params, "changed_by")
        battle = selectors.battle_for(user=self.request.user, battle_id=self.kwargs["pk"])
        rows = BattleLogEntry.objects.filter(battle=battle)
        if changed_by is not None:
            rows = rows.filter(changed_by=changed_by)
        return rows.order_by("version")


class UnitStatusView(generics.ListAPIView):
    """Each unit's status in the battle now."""

    serializer_class = s.UnitStatusSerializer
    pagination_class = None
    queryset = UnitStatus.objects.none()  # for the schema; get_queryset filters

    def get_queryset(self):
        battle = selectors.battle_for(user=self.request.user, battle_id=self.kwargs["pk"])
        return UnitStatus.objects.filter(battle=battle)


class _WriteView(APIView):
    form_class: type[s.WriteSerializer]

    def form(self, request: Request, pk: int) -> dict:
        """The validated body. An invalid body is reported only to users who may write
        (others get the 404/403 the service would give)."""
        form = self.form_class(data=request.data)
        if not form.is_valid():
            selectors.battle_for(user=request.user, battle_id=pk, write=True)
            form.is_valid(raise_exception=True)
        return dict(form.validated_data)

    #: Whether a write answers 201 (a fact or a correction recorded) or 200 (the conclusion),
    #: the same on a retry.
    creates = True

    def respond(self, result: services.WriteResult) -> Response:
        """The write's answer; a correction's consequences in the request's language."""
        return answer(in_language(result.body), created=self.creates)


def _write_schema(form):
    return extend_schema(
        request=form,
        parameters=[IDEMPOTENCY],
        responses={201: s.WriteResultSerializer, 200: s.WriteResultSerializer, **ERRORS},
    )


class DeclareView(_WriteView):
    """Declare an action, optionally with its dice (entered and/or rolled by the server)."""

    form_class = s.DeclareSerializer

    @_write_schema(s.DeclareSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.declare(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                command=data["command"],
                dice=data.get("dice"),
                server_dice=data.get("server_dice"),
                **keyed(request, data),
            )
        )


class DiceView(_WriteView):
    """Enter dice from the table and/or have the server roll them (verifiably)."""

    form_class = s.DiceSerializer

    @_write_schema(s.DiceSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.enter_dice(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                rolls=data.get("rolls"),
                server_dice=data.get("server_dice"),
                **keyed(request, data),
            )
        )


class DrawView(_WriteView):
    """Enter cards or chips drawn at the table and/or have the server draw them (verifiably)."""

    form_class = s.DrawSerializer

    @_write_schema(s.DrawSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.enter_draw(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                draws=data.get("draws"),
                server_draw=data.get("server_draw"),
                **keyed(request, data),
            )
        )


class DecideView(_WriteView):
    """Answer the pending decision."""

    form_class = s.DecideSerializer

    @_write_schema(s.DecideSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.decide(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                key=data["key"],
                choice=data["choice"],
                **keyed(request, data),
            )
        )


class CorrectionView(_WriteView):
    """Void or amend an earlier fact; everything after it is replayed."""

    form_class = s.CorrectionSerializer

    @_write_schema(s.CorrectionSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.correct(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                target_version=data["target_version"],
                action=data["action"],
                data=data.get("data"),
                reason=data.get("reason", ""),
                **keyed(request, data),
            )
        )


class ConcludeView(_WriteView):
    """Conclude the battle with its result; records the casualty summary, reveals the seed."""

    form_class = s.ConcludeSerializer
    creates = False

    @_write_schema(s.ConcludeSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.conclude_battle(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                result=data["result"],
                **keyed(request, data),
            )
        )


class ReopenView(_WriteView):
    """Reopen a concluded battle to correct it (organizers); conclude it again after."""

    form_class = s.ReopenSerializer
    creates = False

    @_write_schema(s.ReopenSerializer)
    def post(self, request: Request, pk: int) -> Response:
        data = self.form(request, pk)
        return self.respond(
            services.reopen_battle(
                battle_id=pk,
                user=request.user,
                expected_version=data["expected_version"],
                reason=data["reason"],
                **keyed(request, data),
            )
        )


class OddsView(APIView):
    """Exact odds of an action if declared now, or of the declared action whose dice are
    pending (nothing is recorded)."""

    @extend_schema(request=s.OddsSerializer, responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request: Request, pk: int) -> Response:
        battle = selectors.battle_for(user=request.user, battle_id=pk)
        form = s.OddsSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        command = form.validated_data.get("command")
        return Response(selectors.odds_of(battle=battle, command=command))


class VerifyDiceView(APIView):
    """Re-derive every server roll and draw from the revealed seed (after conclusion)."""

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ErrorSerializer, 409: ErrorSerializer}
    )
    def get(self, request: Request, pk: int) -> Response:
        battle = selectors.battle_for(user=request.user, battle_id=pk)
        return Response(selectors.verify_dice(battle=battle))


class ReplayView(APIView):
    """What would differ if the battle were replayed under another rules version."""

    @extend_schema(
        parameters=[OpenApiParameter("rule_version", str, required=True)],
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        battle = selectors.battle_for(user=request.user, battle_id=pk)
        version = request.query_params.get("rule_version")
        if not version:
            raise ApiError("required", _("rule_version is required"), field="rule_version")
        return Response(selectors.rule_version_diff(battle=battle, rule_version=version))


class ExportView(APIView):
    """The battle as a JSON file of its events."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ErrorSerializer})
    def get(self, request: Request, pk: int) -> HttpResponse:
        battle = selectors.battle_for(user=request.user, battle_id=pk)
        document = services.export_battle(battle=battle)
        response = HttpResponse(
            json.dumps(document, ensure_ascii=False, indent=1),
            content_type="application/json",
        )
        response["Content-Disposition"] = f'attachment; filename="battle-{battle.pk}.json"'
        return response


class ImportView(APIView):
    """Create a battle in one of your clubs from an exported file; all or nothing."""

    parser_classes = [JSONParser, MultiPartParser, FormParser]
    #: An exported battle is larger than other requests (docs/battles.md, "Limits").
    body_size_setting = "BATTLE_IMPORT_MAX_BODY_SIZE"

    @extend_schema(request=s.ImportSerializer, responses={201: s.BattleSerializer, **ERRORS})
    def post(self, request: Request) -> Response:
        form = s.ImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        club = member_club(user=request.user, club_id=data["club"])
        document = data.get("document")
        if document is None:
            upload = data["file"]
            if upload.size > settings.BATTLE_IMPORT_MAX_BODY_SIZE:
                raise too_large(settings.BATTLE_IMPORT_MAX_BODY_SIZE, field="file")
            try:
                document = load_json(upload.read(), field="file")
            except (ValueError, UnicodeDecodeError) as error:
                raise ApiError(
                    "invalid_import", _("file: not JSON (%(error)s)") % {"error": error},
                    field="file",
                ) from None
        result = services.import_battle(club=club, document=document, imported_by=request.user)
        body = s.BattleSerializer(result.battle).data
        body["unmatched_participants"] = result.unmatched_participants
        return Response(body, status=status.HTTP_201_CREATED)
