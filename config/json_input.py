"""Strings in JSON input that no database column can store, refused before they reach a
serializer or the database.

JSON may escape a UTF-16 surrogate without its pair (``"\\ud800"``) or a NUL
(``"\\u0000"``); Python's ``json`` decodes them into ``str``. A lone surrogate is no
Unicode text: PostgreSQL's ``jsonb`` and ``text`` cannot store it, UTF-8 cannot encode it
(so neither can a response that repeats it). PostgreSQL cannot store a NUL either. DRF's
``CharField`` refuses both, but dictionary keys, ``JSONField``/``DictField`` values and
imported files are not char fields. :func:`refuse_unstorable_text`, called by the API's JSON
parser for every document (:func:`config.parsers.load_json`, bodies and uploaded files alike),
answers 400 ``lone_surrogate`` or ``nul_character`` naming the path of one.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from django.utils.translation import gettext as _

from config.errors import Invalid

_UNSTORABLE = re.compile("[\ud800-\udfff\x00]")


def _escaped(text: str) -> str:
    """``text`` with each surrogate or NUL written as a ``\\uXXXX`` escape (printable,
    encodable)."""
    return _UNSTORABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def unstorable_path(value: Any) -> tuple[str, str] | None:
    """(dotted path, the character) of a string (or key) in ``value`` holding a lone
    surrogate or a NUL, the path's own such characters escaped; None if there is none
    (the path is ``""`` if ``value`` is such a string). Iterative: as deep as the parser
    let the document be."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if found := _UNSTORABLE.search(item):
                return path, found.group()
        elif isinstance(item, dict):
            children = []
            for key, child in item.items():
                key_text = str(key)
                here = f"{path}.{_escaped(key_text)}" if path else _escaped(key_text)
                if found := _UNSTORABLE.search(key_text):
                    return here, found.group()
                children.append((here, child))
            stack.extend(reversed(children))
        elif isinstance(item, list | tuple):
            stack.extend(reversed([(f"{path}.{i}" if path else str(i), child)
                                   for i, child in enumerate(item)]))
    return None


def refuse_unstorable_text(document: Any, *, field: str | None = None) -> None:
    """400 ``lone_surrogate`` / ``nul_character`` if ``document`` (parsed JSON) holds one
    anywhere; the error's ``field`` is its path, under ``field`` when given."""
    try:
        # C-fast: refuses a lone surrogate, writes a NUL as \u0000 (a string holding a
        # backslash and "u0000" matches too, and is then found clean by the walk)
        if b"\\u0000" not in orjson.dumps(document):
            return
    except (orjson.JSONEncodeError, TypeError):
        pass  # a lone surrogate, or something else orjson refuses (an integer over 64 bits)
    found = unstorable_path(document)
    if found is None:
        return
    path, char = found
    where = ".".join(p for p in (field, path) if p) or None
    place = where or _("the body")
    if char == "\x00":
        raise Invalid(
            "nul_character",
            _("%(field)s: holds a NUL character (\\u0000), which cannot be stored")
            % {"field": place},
            field=where,
        )
    raise Invalid(
        "lone_surrogate",
        _("%(field)s: holds a lone UTF-16 surrogate, which is not a character")
        % {"field": place},
        field=where,
    )

