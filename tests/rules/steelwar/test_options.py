"""Options: every PROPOSED reading of the digest is a named, validated, documented field."""

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules.steelwar
from rules.steelwar.options import DEFAULT_OPTIONS, Options, describe

README = Path(rules.steelwar.__file__).with_name("README.md")  # the package: never compiled
SOURCES = {"SOURCE", "INFERRED", "PROPOSED"}


def test_defaults_are_the_digests_proposals():
    o = Options()
    assert o.zone_boundary == "inner"
    assert o.rof_rounding == "down_to_die"
    assert (o.rof_pistol, o.rof_shotgun, o.rof_automat, o.rof_improved_automat,
            o.rof_best_automat) == (1, 1, 2, 3, 4)
    assert o.killed_threshold == "at_least_3x"
    assert o.morale_half_rule == "twice_roll_at_most_threshold"
    assert o.medic_surgeon_stacking == "best_only"
    assert o.charge_threat_confident == 0
    assert o.threat_first_suppressed_high is None
    assert o.threat_lost_more_than_remain_medium == 3
    assert o == DEFAULT_OPTIONS


def test_round_trip_through_a_dict():
    club = Options.from_dict({"rof_pistol": 0.5, "zone_boundary": "outer",
                              "threat_casualties_high": 1})
    assert Options.from_dict(club.to_dict()) == club
    assert club.changed() == {"rof_pistol": 0.5, "zone_boundary": "outer",
                              "threat_casualties_high": 1}
    assert Options().changed() == {}


def test_unknown_key_names_the_key():
    with pytest.raises(ValueError, match="'rof_laser'"):
        Options.from_dict({"rof_laser": 3})


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("rof_pistol", "one", "must be int or float"),
        ("rof_pistol", True, "must be int or float"),
        ("rof_pistol", -1, "at least 0"),
        ("zone_boundary", "middle", "must be one of 'inner', 'outer'"),
        ("hits_without_replacement", 1, "must be one of True, False"),
        ("charge_threat_confident", 1.5, "must be int"),
        ("charge_threat_confident", None, "may not be null"),
        ("threat_casualties_low", -2, "at least 0"),
        ("psi_inspire_default_leadership", 4, "at most 3"),
        ("wheeled_bushes", "muddy", "must be one of"),
    ],
)
def test_wrong_types_and_values_are_refused(key, value, message):
    with pytest.raises(ValueError, match=message) as err:
        Options.from_dict({key: value})
    assert key in str(err.value)


def test_direct_construction_is_validated_too():
    with pytest.raises(ValueError, match="killed_threshold"):
        Options(killed_threshold="double")


def test_from_dict_wants_a_mapping():
    with pytest.raises(ValueError, match="mapping"):
        Options.from_dict([("rof_pistol", 1)])


def test_options_are_frozen_and_hashable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_OPTIONS.rof_pistol = 2
    assert hash(Options()) == hash(DEFAULT_OPTIONS)


def test_every_option_is_documented_in_its_metadata():
    for row in describe():
        assert row["source"] in SOURCES, row["name"]
        assert row["rule"].startswith("§"), row["name"]
        for key in ("reading", "alternatives", "reason"):
            assert row[key], (row["name"], key)


def test_every_ambiguity_of_digest_section_7_is_an_option():
    covered = set()
    for row in describe():
        covered |= {int(n) for n in re.findall(r"§7 #(\d+)", row["rule"])}
    # §7 #15 (melee fate typo) is fixed data: 5-6 are the only faces left for "unharmed".
    assert covered | {15} == set(range(1, 27))


def test_readme_lists_every_option_with_its_default():
    text = README.read_text("utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line for line in text.splitlines()
            if line.startswith("| `")}
    for row in describe():
        assert row["name"] in rows, f"README misses option {row['name']}"
        default = "null" if row["default"] is None else str(row["default"])
        if isinstance(row["default"], bool):
            default = str(row["default"]).lower()
        assert f"`{default}`" in rows[row["name"]], f"README default of {row['name']}"


_CHOICES = {row["name"]: row["choices"] for row in describe() if row["choices"]}


@given(st.sampled_from(sorted(_CHOICES)), st.data())
def test_any_allowed_choice_round_trips(name, data):
    value = data.draw(st.sampled_from(_CHOICES[name]))
    o = Options.from_dict({name: value})
    assert getattr(o, name) == value
    assert Options.from_dict(o.to_dict()) == o


def test_readme_module_table_names_real_functions():
    import importlib

    text = README.read_text("utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `") and ".py`" in line]
    assert len(rows) >= 13
    for row in rows:
        cells = row.split("|")
        module = importlib.import_module("rules.steelwar." + cells[1].strip().strip("`")[:-3])
        for name in re.findall(r"`([\w.]+)`", cells[3]):
            target = module
            for part in name.split("."):
                target = getattr(target, part)


def test_every_reading_and_its_choices_are_labelled_in_english_and_russian():
    from rules.core.terms import READING, READING_VALUE
    from rules.steelwar.terms import TERMS

    for row in describe():
        for language in ("en", "ru"):
            assert TERMS.labelled(READING, row["name"], language), (row["name"], language)
            for choice in row["choices"] or ():
                if isinstance(choice, str):
                    assert TERMS.labelled(READING_VALUE, choice, language), (choice, language)


def test_readings_carry_the_versions_own_defaults():
    from rules.core import registry
    from rules.steelwar.system import SteelWar

    registry.register(SteelWar("9.9-test", defaults={"zone_boundary": "outer"}))
    try:
        rows = {r["name"]: r for r in registry.readings("steelwar", "9.9-test")}
        assert rows["zone_boundary"]["default"] == "outer"
        assert {r["name"]: r["default"] for r in registry.readings("steelwar", "1.0")}[
            "zone_boundary"] == "inner"
        assert rows["zone_boundary"]["kind"] == "choice" and rows["rof_pistol"]["kind"] == "number"
        assert rows["threat_casualties_high"]["nullable"] is True
        assert rows["shaken_may_charge"]["kind"] == "bool"
    finally:
        registry.unregister("steelwar", "9.9-test")
