"""A campaign as one file: export (organizers), import into a club (its organizers) as a
Celery task, and the import's progress."""
from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpResponse
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.api import serializers as s
from campaign.api.base import ERRORS, CampaignScoped
from campaign.services import import_jobs
from campaign.services.transfer import export_campaign
from clubs.selectors import member_club
from config import errors
from config.api_errors import DOMAIN_STATUS
from config.parsers import FormParser, JSONParser, MultiPartParser, load_json, too_large
from config.request_input import INT64_MAX


class CampaignImportSerializer(serializers.Serializer):
    club = serializers.IntegerField(min_value=1, max_value=INT64_MAX,
                                    help_text="the club the campaign is imported into")
    name = serializers.CharField(required=False, max_length=200,
                                 help_text="a name instead of the file's")
    document = serializers.JSONField(required=False, help_text="an exported campaign")
    file = serializers.FileField(required=False, help_text="an exported campaign (.json)")

    def validate(self, attrs):
        if "document" not in attrs and "file" not in attrs:
            raise serializers.ValidationError({"document": _("send 'document' or 'file'")})
        return attrs


def read_upload(upload, limit: int):
    """An uploaded JSON file, bounded in size."""
    if upload.size > limit:
        raise too_large(limit, field="file")
    try:
        return load_json(upload.read(), field="file")
    except (ValueError, UnicodeDecodeError) as error:
        raise errors.Invalid("invalid_import", _("file: not JSON (%(error)s)") %
                             {"error": error}, field="file") from None


class ExportView(CampaignScoped, APIView):
    """The campaign as one JSON file: its ledger, its battles and their revealed dice seeds
    (organizers)."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 403: s.ErrorSerializer,
                              404: s.ErrorSerializer})
    def get(self, request: Request, campaign_id: int) -> HttpResponse:
        campaign = self.get_campaign()
        document = export_campaign(user=request.user, campaign=campaign)
        response = HttpResponse(json.dumps(document, ensure_ascii=False, indent=1),
                                content_type="application/json")
        filename = f"campaign-{slugify(campaign.name) or campaign.pk}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class ImportView(APIView):
    """Import an exported campaign into one of your clubs (its organizers); all or nothing.

    201 with the job and the new campaign when the import ran at once (tasks inline), 202
    with the job to poll (``GET /api/campaigns/import/<job>/``) when a worker runs it; a
    refused file answers its error."""

    parser_classes = [JSONParser, MultiPartParser, FormParser]
    body_size_setting = "CAMPAIGN_IMPORT_MAX_BODY_SIZE"

    @extend_schema(request=CampaignImportSerializer,
                   responses={201: OpenApiTypes.OBJECT, 202: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request: Request) -> Response:
        form = CampaignImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        club = member_club(user=request.user, club_id=data["club"])
        document = data.get("document")
        if document is None:
            document = read_upload(data["file"], settings.CAMPAIGN_IMPORT_MAX_BODY_SIZE)
        job = import_jobs.start_import(user=request.user, club=club, document=document,
                                       name=data.get("name"), language=get_language())
        return job_response(job)


def job_response(job: dict) -> Response:
    """A job's status: 201 done, 202 still under way, the refusal's status when refused."""
    if job["state"] == import_jobs.FAILED:
        body = dict(job["error"])
        kind = getattr(errors, body.pop("kind", "Invalid"), errors.Invalid)
        return Response(body, status=DOMAIN_STATUS.get(kind, status.HTTP_400_BAD_REQUEST))
    code = status.HTTP_201_CREATED if job["state"] == import_jobs.DONE else status.HTTP_202_ACCEPTED
    return Response(job, status=code)


class ImportJobView(APIView):
    """An import's progress (events appended out of the file's total), then its campaign or
    its refusal: for the user who started it."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: s.ErrorSerializer})
    def get(self, request: Request, job: str) -> Response:
        return Response(import_jobs.job_status(user=request.user, job=job))
