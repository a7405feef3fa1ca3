"""History rows as the timelines show them, in the page's language.

A row made from a :class:`campaign.ledger.sentences.Sentence` keeps its template and params
(``data["sentence"]``): the template is looked up in the catalogue and filled with the
params, each word (:class:`~campaign.ledger.sentences.Term`) labelled by the campaign's terms
or the rule system's (its Russian from the rulebook). A row stored before rows had their
sentence is shown in its stored English, marked as English.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext, pgettext

from campaign.ledger.sentences import (
    ATTRIBUTE,
    ATTRIBUTE_VALUE,
    FLAG,
    PERSON_FIELD,
    UNIT_ATTRIBUTE,
    UNIT_ATTRIBUTE_VALUE,
    UNIT_FIELD,
)
from campaign.pages.terms import RESULT, STATUS, term
from campaign.plugins import get as plugin_for
from campaign.plugins.labels import value_label
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.terms import yes_no


def _fates() -> dict[str, str]:
    """What became of a soldier in a battle (``battle_fought``'s outcome)."""
    return {
        "unharmed": pgettext("battle fate", "unharmed"),
        "killed": pgettext("battle fate", "killed"),
        "prisoner": pgettext("battle fate", "taken prisoner"),
        "stabilised": pgettext("battle fate", "wounded, stabilised"),
        "returned_to_duty": pgettext("battle fate", "wounded, returned to duty"),
        "wounded": pgettext("battle fate", "wounded"),
    }


def _member_attribute(system: str, name: str, unit: bool = False):
    """The rule system's member attribute ``name``, else its scenario's or a scenario side's
    attribute of that name; with ``unit``, its squads' attribute (None if it has no such
    attribute)."""
    try:
        plugin = plugin_for(system)
    except (RuleError, LookupError):
        return None
    if unit:
        return plugin.unit_schema.by_name.get(name)
    return (plugin.member_schema.by_name.get(name)
            or plugin.scenario_schema.by_name.get(name)
            or plugin.side_schema.by_name.get(name))


def _word(kind: str, value: str, system: str) -> str:
    if kind == "word":
        return gettext(value)
    if kind == PERSON_FIELD:
        return pgettext("person", value)
    if kind == FLAG:
        return yes_no(value == "True", get_language() or "en")
    if kind == UNIT_FIELD:
        return pgettext("unit", value)
    for name, values, unit in ((ATTRIBUTE, ATTRIBUTE_VALUE, False),
                               (UNIT_ATTRIBUTE, UNIT_ATTRIBUTE_VALUE, True)):
        if kind == name or kind.startswith(values):
            attribute = _member_attribute(system, value if kind == name
                                          else kind[len(values):], unit=unit)
            if attribute is None:
                return value
            return (gettext(attribute.label) if kind == name
                    else str(value_label(system, attribute, value)))
    if kind == "status":
        return str(term(STATUS, value))
    if kind == "result":
        return str(term(RESULT, value))
    if kind == "fate":
        return _fates().get(value, value)
    try:
        label = registry.terms(system).label(kind, value, get_language() or "en")
    except RuleError:
        label = None
    return label or value


def render(sentence: Mapping[str, Any], system: str) -> str:
    """A stored sentence (``{"template", "params"}``) in the active language."""
    template = gettext(sentence["template"])
    params = sentence.get("params") or {}
    if not params:
        return template
    return template.format(**{k: _param(v, system) for k, v in params.items()})


def _param(value: Any, system: str) -> Any:
    if isinstance(value, Mapping) and "template" in value:
        return render(value, system)
    if isinstance(value, Mapping) and "term" in value:
        return _word(value["term"], value["value"], system)
    return value


def history_text(row, system: str) -> tuple[str, bool]:
    """``(text, english)``: the row's sentence in the page's language, or its stored English
    (``english`` True) for a row stored without one."""
    sentence = (row.data or {}).get("sentence")
    if not sentence:
        return row.text, True
    try:
        return render(sentence, system), False
    except (KeyError, IndexError, ValueError):  # a translation that names a missing param
        return row.text, True
