"""The API's request parsers: DRF's, bounded in body size and (JSON) nesting depth.

DRF's parsers leave a body's size to Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (an HTML 400
page when it is exceeded, and one limit for every view); and ``json`` recurses once per
nesting level, so a body of 100,000 nested arrays was a ``RecursionError`` (a 500). Here:

- a body longer than the view's limit is refused with 413 ``limit_exceeded`` before it is
  read (by its ``Content-Length``) or as soon as more than the limit has been read. The limit
  is ``DATA_UPLOAD_MAX_MEMORY_SIZE``, or the setting a view names in ``body_size_setting``
  (battle import: ``BATTLE_IMPORT_MAX_BODY_SIZE``);
- JSON is parsed by orjson (which stops at 1,024 levels instead of recursing further) and a
  document nested deeper than ``API_MAX_JSON_DEPTH`` is refused with 400 ``limit_exceeded``
  naming the path at fault, before any serializer, encoder or database sees it;
- a string or key holding a lone surrogate or a NUL, which no column can store, is refused
  with 400 naming its path (:mod:`config.json_input`).

:func:`load_json` applies the same bounds to JSON read elsewhere (an uploaded file).
"""

from __future__ import annotations

from typing import Any

import orjson
from django.conf import settings
from django.http import QueryDict
from django.utils.translation import gettext as _
from rest_framework import parsers

from config.errors import Invalid, TooLarge
from config.json_input import refuse_unstorable_text

LIMIT_EXCEEDED = "limit_exceeded"


def body_limit(parser_context: dict | None) -> int:
    """The largest body the view of ``parser_context`` accepts, in bytes."""
    view = (parser_context or {}).get("view")
    name = getattr(view, "body_size_setting", None) or "DATA_UPLOAD_MAX_MEMORY_SIZE"
    return getattr(settings, name)


def too_large(limit: int, field: str | None = None) -> Exception:
    """413 ``limit_exceeded``: a body (or an uploaded file) longer than ``limit`` bytes."""
    return TooLarge(
        LIMIT_EXCEEDED,
        _("the request body is larger than the limit of %(limit)s bytes (request body size)")
        % {"limit": limit},
        field=field,
    )


def _check_length(parser_context: dict | None, limit: int) -> None:
    request = (parser_context or {}).get("request")
    meta = getattr(request, "META", {})
    try:
        length = int(meta.get("CONTENT_LENGTH") or 0)
    except (TypeError, ValueError):
        length = 0
    if length > limit:
        raise too_large(limit)


def read_bounded(stream, limit: int, field: str | None = None) -> bytes:
    """At most ``limit`` bytes of ``stream``; :func:`too_large` if it holds more."""
    raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise too_large(limit, field)
    return raw


def _deep_path(node: Any, depth: int, limit: int) -> list[str] | None:
    """The path (innermost key first) to a container nested deeper than ``limit``, or None.
    Recurses at most ``limit + 1`` levels."""
    if depth > limit:
        return []
    for key, child in node.items() if node.__class__ is dict else enumerate(node):
        if child.__class__ is dict or child.__class__ is list:
            found = _deep_path(child, depth + 1, limit)
            if found is not None:
                found.append(str(key))
                return found
    return None


def too_deep(limit: int, path: str | None) -> Exception:
    """400 ``limit_exceeded``: JSON nested deeper than ``limit`` levels."""
    return Invalid(
        LIMIT_EXCEEDED,
        _("JSON is nested at most %(limit)s levels deep (JSON depth limit)") % {"limit": limit},
        field=path,
    )


def load_json(raw: bytes | str, *, field: str | None = None) -> Any:
    """``raw`` parsed, at most ``API_MAX_JSON_DEPTH`` levels deep, every string storable.
    Raises ``ValueError`` (``orjson.JSONDecodeError``) for text that is not JSON,
    :func:`too_deep` for deeper JSON, ``lone_surrogate`` / ``nul_character`` naming the path."""
    limit = settings.API_MAX_JSON_DEPTH
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        if "depth limit" in str(error):  # orjson's own bound: 1,024 levels
            raise too_deep(limit, field) from None
        if "surrogate" not in str(error):
            raise
        value = _with_lone_surrogates(raw, limit, field)
    if value.__class__ is dict or value.__class__ is list:
        path = _deep_path(value, 1, limit)
        if path is not None:
            inner = ".".join(reversed(path)) or None
            raise too_deep(limit, ".".join(p for p in (field, inner) if p) or None)
    refuse_unstorable_text(value, field=field)
    return value


def _with_lone_surrogates(raw: bytes | str, limit: int, field: str | None) -> Any:
    """JSON that orjson refuses for a lone surrogate, read by ``json`` (which keeps it) so
    that the refusal can name where it is; a document too deep for ``json`` is too deep."""
    import json

    try:
        return json.loads(raw)
    except RecursionError:
        raise too_deep(limit, field) from None


class JSONParser(parsers.BaseParser):
    """DRF's JSON parser with orjson, a bounded body and a bounded depth.

    Not a subclass of DRF's: DRF hands those ``request.body``, which Django bounds by
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` alone; this one reads the stream up to the view's limit."""

    media_type = "application/json"
    renderer_class = parsers.JSONParser.renderer_class

    def parse(self, stream, media_type=None, parser_context=None):
        limit = body_limit(parser_context)
        _check_length(parser_context, limit)
        raw = read_bounded(stream, limit)
        encoding = parsers.get_encoding(parser_context or {})
        try:
            if encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
                raw = raw.decode(encoding)
            return load_json(raw)
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
            raise parsers.ParseError(f"JSON parse error - {exc}") from None


class FormParser(parsers.BaseParser):
    """DRF's form parser with a bounded body (not a subclass, as :class:`JSONParser`)."""

    media_type = parsers.FormParser.media_type

    def parse(self, stream, media_type=None, parser_context=None):
        limit = body_limit(parser_context)
        _check_length(parser_context, limit)
        encoding = parsers.get_encoding(parser_context or {})
        return QueryDict(read_bounded(stream, limit), encoding=encoding)


class MultiPartParser(parsers.MultiPartParser):
    """DRF's multipart parser, refusing a body longer than the view's limit (files included)
    before reading it."""

    def parse(self, stream, media_type=None, parser_context=None):
        _check_length(parser_context, body_limit(parser_context))
        return super().parse(stream, media_type, parser_context)
