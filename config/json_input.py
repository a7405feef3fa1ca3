"""Lone surrogates in JSON input, refused before they reach a serializer or the database.

JSON may escape a UTF-16 surrogate without its pair (``"\\ud800"``); Python's ``json``
decodes it to a ``str`` that is no Unicode text: PostgreSQL's ``jsonb`` and ``text`` cannot
store it, UTF-8 cannot encode it (so neither can a response that repeats it). DRF's
``CharField`` refuses it, but dictionary keys, ``JSONField``/``DictField`` values and
imported files are not char fields. :class:`NoLoneSurrogatesJSONParser` (the API's JSON
parser) and :func:`refuse_lone_surrogates` (for JSON read otherwise, e.g. an uploaded file)
answer 400 ``lone_surrogate`` naming the path of one.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from django.utils.translation import gettext as _
from rest_framework.parsers import JSONParser

_SURROGATE = re.compile("[\ud800-\udfff]")


def _escaped(text: str) -> str:
    """``text`` with each surrogate written as a ``\\uXXXX`` escape (printable, encodable)."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def lone_surrogate_path(value: Any) -> str | None:
    """The dotted path of a string (or key) in ``value`` holding a lone surrogate, the
    surrogate escaped; None if there is none, ``""`` if ``value`` is such a string.
    Iterative: as deep as the parser let the document be."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return path
        elif isinstance(item, dict):
            children = []
            for key, child in item.items():
                key_text = str(key)
                here = f"{path}.{_escaped(key_text)}" if path else _escaped(key_text)
                if _SURROGATE.search(key_text):
                    return here
                children.append((here, child))
            stack.extend(reversed(children))
        elif isinstance(item, list | tuple):
            stack.extend(reversed([(f"{path}.{i}" if path else str(i), child)
                                   for i, child in enumerate(item)]))
    return None


def refuse_lone_surrogates(document: Any, *, field: str | None = None) -> None:
    """400 ``lone_surrogate`` if ``document`` (parsed JSON) holds a lone surrogate anywhere;
    the error's ``field`` is its path, under ``field`` when given."""
    try:
        orjson.dumps(document)  # C-fast; refuses a lone surrogate (and little else)
        return
    except (orjson.JSONEncodeError, TypeError):
        pass
    from config.api_errors import ApiError  # not at import: DRF's views import this parser

    path = lone_surrogate_path(document)
    if path is None:  # orjson refused something else (e.g. an integer wider than 64 bits)
        return
    where = ".".join(p for p in (field, path) if p) or None
    raise ApiError(
        "lone_surrogate",
        _("%(field)s: holds a lone UTF-16 surrogate, which is not a character")
        % {"field": where or _("the body")},
        field=where,
    )


class NoLoneSurrogatesJSONParser(JSONParser):
    """DRF's JSON parser, refusing a document with a lone surrogate anywhere (400)."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        refuse_lone_surrogates(data)
        return data
