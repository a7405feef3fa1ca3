"""The campaign's house rules (this project's, not the rulebook's): defaults, checks,
partial changes."""
import pytest

from campaign.plugins import get as plugin_for
from campaign.systems.steelwar.house_rules import DEFAULT_HOUSE_RULES, HOUSE_RULE_LABEL, HouseRules
from rules.core.errors import RuleError


def test_the_defaults_tire_a_force_over_consecutive_battles():
    fatigue = DEFAULT_HOUSE_RULES.fatigue
    points = 0
    levels = []
    for consecutive in range(3):
        points += fatigue.battle_points(consecutive)
        levels.append(fatigue.level(points))
    assert levels == ["fresh", "tired", "exhausted"]


def test_the_label_says_it_is_a_house_rule_and_not_the_book():
    assert "House rule" in HOUSE_RULE_LABEL and "not the rulebook" in HOUSE_RULE_LABEL


def test_missing_keys_take_the_defaults_and_json_round_trips():
    rules = HouseRules.from_json({"recovery": {"recovery_days": 21}})
    assert rules.recovery.recovery_days == 21
    assert rules.fatigue == DEFAULT_HOUSE_RULES.fatigue
    assert HouseRules.from_json(rules.to_json()) == rules


def test_a_partial_change_is_merged_into_the_current_rules():
    rules = DEFAULT_HOUSE_RULES.merged({"fatigue": {"tired_at": 4, "exhausted_at": 8}})
    assert (rules.fatigue.tired_at, rules.fatigue.exhausted_at) == (4, 8)
    assert rules.fatigue.per_battle == DEFAULT_HOUSE_RULES.fatigue.per_battle


@pytest.mark.parametrize(("data", "field"), [
    ({"fatigue": {"tired_at": 5, "exhausted_at": 5}}, "fatigue.exhausted_at"),
    ({"fatigue": {"front_days_per_point": 0}}, "fatigue.front_days_per_point"),
    ({"fatigue": {"speed": 1}}, "fatigue.speed"),
    ({"recovery": {"roll_die": 7}}, "recovery.roll_die"),
    ({"recovery": {"roll_target": 9}}, "recovery.roll_target"),
    ({"recovery": {"recovery_days": "a week"}}, "recovery.recovery_days"),
    ({"morale": {}}, "morale"),
])
def test_bad_house_rules_are_refused_naming_the_field(data, field):
    with pytest.raises(RuleError) as error:
        HouseRules.from_json(data)
    assert error.value.code == "bad_house_rules"
    assert error.value.field == field


def test_the_plugin_checks_the_replacement_quality_against_the_rule_systems_grades():
    plugin = plugin_for("steelwar")
    assert plugin.parse_house_rules({}) == DEFAULT_HOUSE_RULES
    with pytest.raises(RuleError) as error:
        plugin.parse_house_rules({"replacements": {"quality": "heroic"}})
    assert (error.value.code, error.value.field) == ("bad_attribute", "replacements.quality")


def test_the_settings_form_schema_holds_every_house_rule_at_its_default():
    """Each rule of the house rules' JSON is one attribute of ``house_rules_schema`` (named
    by its path), whose default is the project's; every value it offers is accepted."""
    schema = plugin_for("steelwar").house_rules_schema
    paths = {f"{part}.{name}": value
             for part, rates in DEFAULT_HOUSE_RULES.to_json().items()
             for name, value in rates.items()}
    assert set(schema.names()) == set(paths)
    for attribute in schema.attributes:
        assert str(attribute.default) == str(paths[attribute.name]), attribute.name
        part, name = attribute.name.split(".")
        for choice in attribute.options():
            value = int(choice) if isinstance(paths[attribute.name], int) else choice
            if attribute.name == "recovery.roll_die":  # the target must stay a face of it
                changes = {part: {name: value, "roll_target": 1}}
            else:
                changes = {part: {name: value}}
            plugin_for("steelwar").merge_house_rules(DEFAULT_HOUSE_RULES, changes)


def test_a_plugin_without_house_rules_shows_no_field():
    from campaign.plugins import CampaignPlugin

    assert CampaignPlugin.house_rules_schema.attributes == ()
