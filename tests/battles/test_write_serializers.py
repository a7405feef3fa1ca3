"""The write bodies' serializers copy their declared fields shallowly (WriteSerializer.get_fields):
each serializer still validates with fields of its own, bound to it, and one request's
validation leaves nothing in the next one's."""

from __future__ import annotations

import pytest

from battles.api import serializers as s

BODIES = {
    s.DeclareSerializer: {"expected_version": 3, "command": {"action": "fire", "unit": "a.1"},
                          "dice": {"shooter.quality": [4]}, "server_dice": "all"},
    s.DiceSerializer: {"expected_version": 3, "rolls": {"target.range": [2]},
                       "server_dice": ["shooter.rof"]},
    s.DecideSerializer: {"expected_version": 3, "key": "hit.1.figure", "choice": "r2"},
    s.CorrectionSerializer: {"expected_version": 9, "target_version": 4, "action": "void"},
    s.ConcludeSerializer: {"expected_version": 9, "result": {"steel": "win", "keno": "lose"}},
}


@pytest.mark.parametrize("cls", list(BODIES))
def test_each_serializer_binds_fields_of_its_own(cls):
    first, second = cls(data=BODIES[cls]), cls(data=BODIES[cls])
    for name, declared in cls._declared_fields.items():
        mine, theirs = first.fields[name], second.fields[name]
        assert mine is not theirs and mine is not declared
        assert mine.parent is first and theirs.parent is second
        assert mine.field_name == name
        assert getattr(declared, "parent", None) is None  # the declaration stays unbound


@pytest.mark.parametrize("cls", list(BODIES))
def test_valid_bodies_validate_after_invalid_ones(cls):
    bad = cls(data={"expected_version": -1})
    assert not bad.is_valid()
    assert "expected_version" in bad.errors
    good = cls(data=BODIES[cls])
    assert good.is_valid(), good.errors
    assert good.validated_data["expected_version"] == BODIES[cls]["expected_version"]


def test_errors_name_the_field_at_fault():
    form = s.DiceSerializer(data={"expected_version": "three", "server_dice": 7})
    assert not form.is_valid()
    assert set(form.errors) == {"expected_version", "server_dice"}
    again = s.DiceSerializer(data={"expected_version": 1, "server_dice": "all"})
    assert again.is_valid(), again.errors
