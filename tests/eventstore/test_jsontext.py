"""eventstore.jsontext.dumps: the JSON value json.dumps gives, and its errors where it has them."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eventstore import jsontext

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)  # wider than 64 bits: the fallback
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()  # lone surrogates included: the fallback
)
keys = st.text() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.booleans()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.tuples(inner, inner)
    | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)


@given(values)
def test_same_json_value_as_json_dumps(value):
    assert json.loads(jsontext.dumps(value)) == json.loads(json.dumps(value))


def test_compact_text_of_a_state():
    state = {"turn": 3, "squads": [{"id": "a.1", "figures": [{"id": "cmd", "ammo": None}]}],
             "name": "Отделение Орлова"}
    assert jsontext.dumps(state) == json.dumps(state, ensure_ascii=False, separators=(",", ":"))


def test_integer_keys_become_strings_as_with_json():
    assert jsontext.dumps({1: "a", None: "b", 2.5: "c"}) == '{"1":"a","null":"b","2.5":"c"}'


@dataclass
class Point:
    x: int


@pytest.mark.parametrize(
    "value", [datetime.datetime(2026, 11, 22, 10, 0), datetime.date(2026, 11, 22), Point(1), {1j}]
)
def test_refuses_what_json_refuses(value):
    with pytest.raises(TypeError):
        json.dumps(value)
    with pytest.raises(TypeError):
        jsontext.dumps({"value": value})


@given(values)
def test_loads_reads_what_json_loads_reads(value):
    text = json.dumps(value)
    assert jsontext.loads(text) == json.loads(text)
    compact = jsontext.dumps(value)
    assert jsontext.loads(compact) == json.loads(compact)


@pytest.mark.parametrize("text", ['{"n": 18446744073709551617}', '"\\ud800"', "[1e400]", "NaN"])
def test_loads_falls_back_where_orjson_reads_otherwise(text):
    assert repr(jsontext.loads(text)) == repr(json.loads(text))
