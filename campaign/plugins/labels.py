"""A plug-in's attribute schemas and terms in the active language (English or Russian), for
the API, the pages and the admin: labels are ``gettext_noop`` strings of the plug-in,
translated here."""
from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign.plugins.protocol import CampaignPlugin
from campaign.plugins.schema import Attribute, Schema
from rules.core import registry
from rules.core.errors import RuleError


def schema_json(schema: Schema) -> list[dict]:
    """The schema's attributes with their labels (and help) translated."""
    out = []
    for attribute in schema.to_json():
        attribute["label"] = _(attribute["label"])
        if attribute.get("help"):
            attribute["help"] = _(attribute["help"])
        out.append(attribute)
    return out


def attribute_schemas(plugin: CampaignPlugin) -> dict[str, Any]:
    """Every schema of the plug-in, and its names for the core's entities."""
    return {
        "rule_system": plugin.rule_system,
        "terms": {key: _(label) for key, label in plugin.terms.items()},
        "soldier": schema_json(plugin.member_schema),
        "squad": schema_json(plugin.unit_schema),
        "force": schema_json(plugin.force_schema),
        "scenario_side": schema_json(plugin.side_schema),
        "scenario": schema_json(plugin.scenario_schema),
    }


def value_label(rule_system: str, attribute: Attribute, value: Any) -> Any:
    """A choice's label in the active language: the attribute's own ``choice_labels``, else
    the rule system's term of that kind (``quality``: "veteran" -> "ветеран"), else itself."""
    if not isinstance(value, str):
        return value
    if value in attribute.choice_labels:
        return _(attribute.choice_labels[value])
    if rule_system:
        try:
            label = registry.terms(rule_system).label(attribute.terms or attribute.name,
                                                      value, get_language() or "en")
        except RuleError:
            label = None
        if label is not None:
            return label
    return value


def shown_attributes(schema: Schema, values: dict, rule_system: str = "") -> list[dict]:
    """An entity's attribute values as rows to show: ``name``, ``label``, ``value`` (raw) and
    ``text`` (labelled), in the schema's order; lists joined, maps as ``key: value``, unset
    ones left out."""
    rows = []
    for attribute in schema.attributes:
        value = values.get(attribute.name)
        if value in (None, "", [], {}):
            continue
        rows.append({"name": attribute.name, "kind": attribute.kind,
                     "label": _(attribute.label), "value": value,
                     "text": value_text(rule_system, attribute, value)})
    return rows


def value_text(rule_system: str, attribute: Attribute, value: Any) -> Any:
    """A value as people read it: a choice's label (:func:`value_label`), a list joined with
    commas, a map as ``key: value`` pairs (a value the attribute's ``choice_labels`` name, by
    its label), unset as ``""``."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(
            f"{k}: {_(attribute.choice_labels[v]) if isinstance(v, str) and v in attribute.choice_labels else v}"
            for k, v in value.items())
    return value_label(rule_system, attribute, value)
