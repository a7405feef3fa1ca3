"""Test-only URLs (never in production): the project's routes plus two probes for the
database-operation tests, served in-process or by a real gunicorn (``probe_settings``)."""
import os
import re
import time
import uuid

from django.db import connection
from django.urls import path
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from config.urls import urlpatterns as project_urlpatterns
from eventstore.services import append
from eventstore.types import NewEvent, StreamId

#: The stream type of the events ``write`` appends.
PROBE_STREAM = "ops-probe"


@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([])  # a probe measures the database, not the anonymous rate limit
def sleep(request):
    """Python sleeps ``before`` seconds, then PostgreSQL ``seconds`` in a statement tagged
    ``tag`` (so that pg_stat_activity can find it)."""
    tag = request.GET["tag"]
    assert re.fullmatch(r"[a-z0-9]+", tag)
    time.sleep(float(request.GET.get("before", 0)))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT pg_sleep(%s) /* probe {tag} */", [float(request.GET["seconds"])])
    return Response({"slept": True})


@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([])  # a probe measures the database, not the anonymous rate limit
def write(request):
    """Append one event to a new stream; its id, and the pid of the worker that wrote it."""
    stream_id = uuid.uuid4().hex
    append(StreamId(PROBE_STREAM, stream_id), expected_version=0,
           events=[NewEvent("ops.probed", {"n": 1})])
    return Response({"stream_id": stream_id, "pid": os.getpid()})


urlpatterns = [
    path("probe/sleep/", sleep),
    path("probe/write/", write),
    *project_urlpatterns,
]
