"""config.renderers.JSONRenderer: DRF's JSONRenderer's bytes, written by orjson."""

from __future__ import annotations

import datetime
import decimal
import uuid

import pytest
from django.utils.translation import gettext_lazy
from rest_framework import renderers
from rest_framework.exceptions import ErrorDetail
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

from config.renderers import JSONRenderer

DATA = [
    None,
    {"version": 12, "events": [{"type": "dice", "data": {"rolls": {"a": [4]}}}], "ok": True},
    ReturnDict({"name": "2-е отделение", "ratio": 0.25}, serializer=None),
    ReturnList([1, 2.5, None, "x"], serializer=None),
    {"detail": ErrorDetail("a 7 on a d6", code="bad_die"), "lazy": gettext_lazy("Battles")},
    {"when": datetime.datetime(2026, 11, 22, 10, 0, 5, 123456, tzinfo=datetime.UTC),
     "day": datetime.date(2026, 11, 22), "at": datetime.time(10, 0)},
    {"amount": decimal.Decimal("1.50"), "id": uuid.UUID(int=7), "pair": (1, 2), 3: "int key"},
    {"text": "line\u2028separator and paragraph\u2029separator"},
    {"huge": 2**70},
]


@pytest.mark.parametrize("data", DATA)
def test_same_bytes_as_drf(data):
    assert JSONRenderer().render(data) == renderers.JSONRenderer().render(data)


def test_indented_output_is_drf_own():
    data = {"a": [1, 2]}
    media = "application/json; indent=2"
    assert JSONRenderer().render(data, media) == renderers.JSONRenderer().render(data, media)
    assert b"\n" in JSONRenderer().render(data, media)


def test_a_lone_surrogate_fails_as_with_drf():
    with pytest.raises(UnicodeEncodeError):
        renderers.JSONRenderer().render({"surrogate": "\ud800"})
    with pytest.raises(UnicodeEncodeError):
        JSONRenderer().render({"surrogate": "\ud800"})


def test_what_drf_cannot_encode_fails_as_with_drf():
    with pytest.raises(TypeError):
        renderers.JSONRenderer().render({"x": object()})
    with pytest.raises(TypeError):
        JSONRenderer().render({"x": object()})


def test_is_the_api_default():
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_RENDERER_CLASSES[0] is JSONRenderer
