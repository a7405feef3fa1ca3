"""What every keyed write shares, battles and campaigns alike: the fingerprint of the request
an ``Idempotency-Key`` was first used for, and the two refusals of a key used again.

A retry (the same key, the same request) gets the first answer and appends nothing; the same
key sent with another request is refused. The API layer (:mod:`config.idempotency`) reads
the key and fingerprints the request; the write services keep and compare the fingerprints.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from config.errors import Conflict, Refused

#: The metadata key of the fingerprint of the request an idempotency key was first used for.
REQUEST_FINGERPRINT = "request_fingerprint"


def fingerprint(operation: str, payload: Mapping[str, Any]) -> str:
    """SHA-256 of an operation and its arguments (any JSON; other values as text)."""
    text = json.dumps({"op": operation, "payload": payload}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def key_used_for_another_request() -> Refused:
    """422 ``idempotency_key_reused``: the key answered a request with another fingerprint."""
    return Refused(
        "idempotency_key_reused",
        _("this Idempotency-Key was used for a different request"),
        field="Idempotency-Key",
    )


def key_used_for_another_kind() -> Conflict:
    """409 ``idempotency_key_reused``: the key recorded events of a request whose answer was
    not kept (another kind of write to the same stream)."""
    return Conflict(
        "idempotency_key_reused",
        _("this Idempotency-Key already recorded events of another request"),
        field="Idempotency-Key",
    )


def ensure_same_request(stored: str | None, request_fingerprint: str | None) -> None:
    """Refuse (422) a key whose first request had another fingerprint (either unknown: no
    check)."""
    if stored and request_fingerprint and stored != request_fingerprint:
        raise key_used_for_another_request()
