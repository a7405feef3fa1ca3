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


def loads(text: str) -> Any:
    """``json.loads(text)``, by orjson (several times faster) unless the text holds a run of
    19 or more digits (orjson reads an integer wider than 64 bits as a float) or orjson
    refuses it (a lone surrogate, a number beyond a double: ``json`` reads them).

    The digits are found by mapping every byte to ``0`` (a digit) or a space and looking for
    19 zeros: three to five times faster than a regular expression, which cost more than
    the decoding itself."""
    if _LONG_RUN not in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZEROS):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


_DIGITS_AS_ZEROS = bytes(48 if 48 <= byte <= 57 else 32 for byte in range(256))
_LONG_RUN = b"0" * 19
