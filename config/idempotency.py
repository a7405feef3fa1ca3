"""The API's side of a keyed write, shared by battles and campaigns: the ``Idempotency-Key``
header and the fingerprint of the request it came with (handed to the write services, which
keep them with what they record), and the answer to a write.

A write service returns a domain result whose JSON is the same on a retry (``replayed``); the
status is the view's: 201 for a write that creates, 200 otherwise (see each view).
"""
from __future__ import annotations

from typing import Any, TypedDict

from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from config.request_input import idempotency_key
from eventstore.idempotency import fingerprint


class Keyed(TypedDict):
    """The key of a write (None without the header) and the fingerprint of its request."""

    idempotency_key: str | None
    request_fingerprint: str | None


def keyed(request: Request, data: dict[str, Any]) -> Keyed:
    """The request's ``Idempotency-Key`` (400 if malformed) and, with a key, the SHA-256 of
    its method, path and validated body ``data``: the same key sent with another request is
    refused (422 ``idempotency_key_reused``)."""
    key = idempotency_key(request)
    request_print = fingerprint(f"{request.method} {request.path}", data) if key else None
    return {"idempotency_key": key, "request_fingerprint": request_print}


def answer(body: dict[str, Any], *, created: bool) -> Response:
    """A write's answer: its JSON, with 201 if it created something, else 200."""
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
