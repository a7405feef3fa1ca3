"""Conditional GET for reads of the campaign's projections.

What the projections show changes only when the campaign's ledger is projected further
(``Campaign.projected_version``), so that version names a read's content: with the path and
query (which choose what is read) it is the read's ``ETag``, and its key in the server cache.
A client that sends the tag back in ``If-None-Match`` gets ``304 Not Modified`` and no body
until a new ledger event is projected; the first reader at a version builds the answer and
the server cache keeps it for the next ones. The answers are the same for every member of
the club (role plays no part) and carry no translated text, so the cache is shared; the tag
also names the format and the language, because the browsable API's HTML page around the
same data differs by both. Outsiders get their 404 before any tag is computed.
``Cache-Control: private, no-cache``: a client keeps the answer but asks again every time,
and no shared cache keeps one member's answer for another.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import cache
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from campaign.models import Campaign

CACHE_CONTROL = "private, no-cache"
#: How long a server-cached answer is kept; a new projected version never reads it again.
CACHE_SECONDS = 3600


def read_key(request: Request, campaign: Campaign) -> str:
    """What the read shows: the campaign's projected ledger version, the path and query."""
    what = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:16]
    return f"c{campaign.pk}-v{campaign.projected_version}-{what}"


def conditional(request: Request, campaign: Campaign, build: Callable[[], dict]) -> Response:
    """304 if the client holds the current answer; else the answer, from the server cache
    when another reader already built it at this projected version (``build`` otherwise)."""
    key = read_key(request, campaign)
    etag = quote_etag(f"{key}-{request.accepted_renderer.format}-{get_language() or ''}")
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = Response(status=status.HTTP_304_NOT_MODIFIED)
    else:
        body = cache.get(f"read:{key}")
        if body is None:
            body = build()
            cache.set(f"read:{key}", body, CACHE_SECONDS)
        response = Response(body)
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    return response
