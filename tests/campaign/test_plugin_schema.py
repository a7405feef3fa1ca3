"""The plug-ins' attribute schema: each kind's check, defaults, unknown and kept attributes
refused naming the attribute, derived ones never stored; and the registry."""
import pytest

from campaign.plugins import Attribute, CampaignPlugin, Schema, get, register, supported
from campaign.plugins.registry import unregister
from rules.core.errors import RuleError

SCHEMA = Schema((
    Attribute("grade", "choice", "grade", choices=("green", "old"), required=True),
    Attribute("age", "int", "age", minimum=16, maximum=60),
    Attribute("motto", "text", "motto"),
    Attribute("mounted", "bool", "mounted", default=False),
    Attribute("skills", "list", "skills"),
    Attribute("extras", "map", "extras"),
    Attribute("xp", "int", "experience", minimum=0, default=0, editable=False),
    Attribute("level", "choice", "level", choices=("low", "high"), editable=False,
              derived=True),
))


def _refused(values, **kwargs) -> tuple[str, str]:
    with pytest.raises(RuleError) as error:
        SCHEMA.check(values, **kwargs)
    return error.value.code, error.value.field


def test_a_full_set_is_given_back_with_the_defaults_and_nothing_derived():
    assert SCHEMA.check({"grade": "old", "skills": ("scout",)}) == {
        "grade": "old", "age": None, "motto": None, "mounted": False, "skills": ["scout"],
        "extras": {}, "xp": 0}


@pytest.mark.parametrize(("values", "field"), [
    ({}, "attributes.grade"),
    ({"grade": "hero"}, "attributes.grade"),
    ({"grade": "old", "age": 12}, "attributes.age"),
    ({"grade": "old", "age": "20"}, "attributes.age"),
    ({"grade": "old", "age": True}, "attributes.age"),
    ({"grade": "old", "motto": 3}, "attributes.motto"),
    ({"grade": "old", "mounted": "yes"}, "attributes.mounted"),
    ({"grade": "old", "skills": ["", "x"]}, "attributes.skills"),
    ({"grade": "old", "extras": []}, "attributes.extras"),
    ({"grade": "old", "xp": 5}, "attributes.xp"),  # kept by the plug-in's events
    ({"grade": "old", "level": "high"}, "attributes.level"),  # derived
    ({"grade": "old", "wings": 2}, "attributes.wings"),
])
def test_what_does_not_fit_is_refused_naming_the_attribute(values, field):
    assert _refused(values) == ("bad_attribute", field)


def test_a_change_is_checked_over_the_current_values():
    current = SCHEMA.check({"grade": "green", "age": 20})
    assert SCHEMA.check({"age": 21}, base=current)["grade"] == "green"
    assert _refused(["grade"]) == ("bad_attribute", "attributes")


def test_the_schema_as_json_lists_choices_bounds_and_what_players_may_not_set():
    shown = {a["name"]: a for a in SCHEMA.to_json()}
    assert shown["grade"]["choices"] == ["green", "old"] and shown["grade"]["required"]
    assert (shown["age"]["minimum"], shown["age"]["maximum"]) == (16, 60)
    assert shown["xp"]["editable"] is False and shown["level"]["derived"] is True


def test_the_registry_finds_the_steel_war_by_name_and_refuses_a_system_without_a_plugin():
    assert "steelwar" in supported()
    assert get("steelwar").rule_system == "steelwar"
    with pytest.raises(RuleError) as error:
        get("chess")
    assert (error.value.code, error.value.field) == ("campaign_unsupported", "rule_system")


def test_a_second_plugin_for_a_registered_system_is_refused():
    class Toy(CampaignPlugin):
        rule_system = "toy_only"

    first = register(Toy())
    try:
        assert register(first) is first
        with pytest.raises(ValueError):
            register(Toy())
    finally:
        unregister("toy_only")
