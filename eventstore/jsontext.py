"""JSON text for ``jsonb`` parameters, written by orjson (several times faster than ``json``).

A write stores a battle's whole head state as JSON (about 20 KB for a club's 28 units), its
log rows and unit statuses; with the standard library that encoding was the largest single
cost of a command after the database itself (``docs/benchmarks.md``). :func:`dumps` gives the
same JSON value as ``json.dumps(value)`` for everything a projection holds, and falls back to
``json.dumps`` itself, with its errors, for anything orjson refuses (an integer wider than
64 bits, a lone surrogate, an object JSON has no form for). Dates and dataclasses are not
encoded by orjson's own rules but go the standard library's way (which refuses them), so
what was stored before is what is stored now. (A NaN or an infinity would become ``null``
instead of ``NaN``, which ``jsonb`` refuses; the event store refuses them in the events, so no
state or log derived from them holds one.)
"""

from __future__ import annotations

import json
from typing import Any

import orjson

#: orjson as ``json`` would write: non-string keys as strings; dates and dataclasses left to
#: the caller's fallback (``json`` refuses them, DRF's encoder has its own forms).
ORJSON_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


def dumps(value: Any) -> str:
    """``json.dumps(value)``'s JSON value as compact text."""
    try:
        return orjson.dumps(value, option=ORJSON_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError: let the standard library decide
        return json.dumps(value)
