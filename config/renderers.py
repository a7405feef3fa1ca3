"""The API's JSON renderer: DRF's, with compact responses written by orjson.

Every battle command answers with its events, effects and what is pending; orjson writes
that several times faster than the standard library (``docs/benchmarks.md``). The output is
DRF's: compact, UTF-8, ``\\u2028``/``\\u2029`` escaped, and whatever orjson does not encode the
standard way (dates, lazy translations, decimals...) goes through DRF's own encoder. Indented
output (``Accept: application/json; indent=4``, the browsable API) and anything orjson refuses
(an integer wider than 64 bits, a lone surrogate) are rendered by DRF itself. A NaN or an
infinity, which no value of this API holds, would come out as ``null`` instead of DRF's error.
"""

from __future__ import annotations

import orjson
from rest_framework import renderers

from eventstore.jsontext import ORJSON_OPTIONS

_LINE_SEPARATORS = ((b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None or self.ensure_ascii or not self.compact:
            return super().render(data, accepted_media_type, renderer_context)
        if self.get_indent(accepted_media_type, renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        try:
            out = orjson.dumps(data, default=self.encoder_class().default, option=ORJSON_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError: let DRF decide, with its errors
            return super().render(data, accepted_media_type, renderer_context)
        for raw, escaped in _LINE_SEPARATORS:
            if raw in out:
                out = out.replace(raw, escaped)
        return out
