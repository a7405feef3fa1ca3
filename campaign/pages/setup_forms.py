"""The forms of the campaign set-up pages: a new campaign, its settings (house rules and
readings of ambiguous rules), scenarios and their links, forces.

Fields come from the services' own vocabulary (the campaign plug-in's
``house_rules_schema``, the rule system's ``readings``, the campaign's forces and
scenarios), so no rule system is named here; the services check every value again.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django import forms
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from campaign.ledger.state import RESULTS, CampaignState
from campaign.pages.terms import RESULT, SYSTEM_NAME, term
from campaign.plugins import supported
from campaign.plugins.labels import value_label
from campaign.plugins.schema import Schema
from rules.core import registry
from rules.core.terms import READING, READING_VALUE, Terms, explanation, yes_no


class NewCampaignForm(forms.Form):
    club = forms.ModelChoiceField(label=gettext_lazy("Club"), queryset=None, empty_label=None)
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    rule_system = forms.ChoiceField(label=gettext_lazy("Rule system"))
    start_date = forms.DateField(label=gettext_lazy("In-game start date"),
                                 widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        self.fields["rule_system"].choices = [(s, term(SYSTEM_NAME, s)) for s in supported()]


# --- house rules ---------------------------------------------------------------------------


def _field_name(path: str) -> str:
    return path.replace(".", "__")


def _at(data: Mapping[str, Any], path: str) -> Any:
    for key in path.split("."):
        data = data.get(key, {}) if isinstance(data, Mapping) else {}
    return None if data == {} else data


class HouseRulesForm(forms.Form):
    """One field per house rule of the plug-in's ``house_rules_schema``, at its current
    value, each with this project's default beside it (``field.field.default_text``)."""

    def __init__(self, data=None, *, schema: Schema, rule_system: str,
                 current: Mapping[str, Any], disabled: bool = False):
        super().__init__(data)
        self.current = current
        self.paths: dict[str, str] = {}
        for attribute in schema.attributes:
            value = _at(current, attribute.name)
            common = {"label": _(attribute.label), "disabled": disabled,
                      "help_text": _(attribute.help) if attribute.help else ""}
            if attribute.kind == "choice":
                word = replace(attribute, name=attribute.name.rsplit(".", 1)[-1])
                field = forms.ChoiceField(choices=[
                    (v, value_label(rule_system, word, v)) for v in attribute.options()
                ], initial=None if value is None else str(value), **common)
                default = value_label(rule_system, word, attribute.default)
            else:
                field = forms.IntegerField(min_value=attribute.minimum,
                                           max_value=attribute.maximum, initial=value, **common)
                default = attribute.default
            field.default_text = default
            name = _field_name(attribute.name)
            self.fields[name] = field
            self.paths[name] = attribute.name

    def field_for(self, path: str | None) -> str | None:
        """The form field of a house rule's path (a service's error ``field``)."""
        name = _field_name(path or "")
        return name if name in self.fields else None

    def changes(self) -> dict[str, Any]:
        """The cleaned values as the house rules' JSON (``{"fatigue": {"tired_at": 4}}``);
        a choice is a text, turned back into a number where the rule is a number."""
        out: dict[str, Any] = {}
        for name, path in self.paths.items():
            value = self.cleaned_data[name]
            if (isinstance(_at(self.current, path), int) and isinstance(value, str)
                    and value.isascii() and value.isdigit()):
                value = int(value)  # a rule that is a number or a word takes either
            *parts, last = path.split(".")
            target = out
            for part in parts:
                target = target.setdefault(part, {})
            target[last] = value
        return out


# --- readings of ambiguous rules -------------------------------------------------------------


def _shown(value: Any, terms: Terms) -> str:
    """A reading's value for people: yes / no, a number, or the choice's label in the rule
    system's terms."""
    language = get_language() or "en"
    if isinstance(value, bool):
        return yes_no(value, language)
    if value is None:
        return _("no value (none)")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        return terms.label(READING_VALUE, value, language) or value.replace("_", " ")
    return str(value)


def _rule_order(rule: str) -> tuple:
    """``"§2.10"`` -> ``(0, 2, 10)``: sections in the rulebook's order."""
    numbers = re.findall(r"\d+", rule)
    return (0, *map(int, numbers)) if numbers else (1, rule)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


class ReadingsForm(forms.Form):
    """One field per reading of the rule system (``rules.core.registry.readings``) at the
    campaign's value; ``field.field.reading`` keeps the rulebook's default, the rule
    reference, the source's status, and its explanation (the reading, its alternatives, why
    it is open) in the page's language when the rule system has it (else the English,
    ``english``)."""

    def __init__(self, data=None, *, rule_system: str, rule_version: str | None,
                 current: Mapping[str, Any], disabled: bool = False):
        super().__init__(data)
        language = get_language() or "en"
        terms = registry.terms(rule_system, rule_version)
        self.rows = registry.readings(rule_system, rule_version)
        for row in self.rows:
            name = row["name"]
            value = current.get(name, row["default"])
            label = terms.label(READING, name, language) or name.replace("_", " ")
            common = {"label": label, "disabled": disabled}
            if row["kind"] == "bool":
                field = forms.TypedChoiceField(
                    choices=[("true", yes_no(True, language)), ("false", yes_no(False, language))],
                    coerce=lambda text: text == "true", initial="true" if value else "false",
                    **common)
            elif row["kind"] == "choice":
                field = forms.ChoiceField(choices=[(c, _shown(c, terms)) for c in row["choices"]],
                                          initial=value, **common)
            else:
                kind = forms.IntegerField if row["kind"] == "int" else forms.FloatField
                field = kind(required=not row["nullable"], min_value=row.get("minimum"),
                             max_value=row.get("maximum"), initial=value, **common)
                if row["nullable"]:
                    field.help_text = _("Leave empty for none.")
            text, english = explanation(terms, row, language)
            field.reading = {**row, **text, "english": english,
                             "default_text": _shown(row["default"], terms),
                             "initial_text": self._as_form_value(row["default"], row["kind"])}
            self.fields[name] = field

    @staticmethod
    def _as_form_value(value: Any, kind: str) -> Any:
        """A value as the form's field holds it before cleaning (to spot changed ones)."""
        if kind == "bool":
            return "true" if value else "false"
        return value

    def sections(self) -> list[dict[str, Any]]:
        """The readings grouped by the first rule they read (``§2.4``), in the rulebook's
        order: each with its fields, how many differ from the rulebook's default and whether
        one has an error (a page opens those)."""
        by_rule: dict[str, dict[str, Any]] = {}
        for row in self.rows:
            rule = row["rule"].split(",")[0].strip()
            section = by_rule.setdefault(rule, {"rule": rule, "fields": [], "changed": 0,
                                                "errors": False})
            bound = self[row["name"]]
            section["fields"].append(bound)
            section["changed"] += _text(bound.value()) != _text(
                bound.field.reading["initial_text"])
            section["errors"] |= bool(bound.errors)
        return sorted(by_rule.values(), key=lambda section: _rule_order(section["rule"]))

    def options(self) -> dict[str, Any]:
        """Every reading's cleaned value (whole numbers as integers)."""
        return {
            name: int(value) if isinstance(value, float) and value.is_integer() else value
            for name, value in self.cleaned_data.items()
        }


# --- scenarios and links ---------------------------------------------------------------------


def _force_choices(state: CampaignState) -> list[tuple[int, str]]:
    return [(f.id, f.name) for f in sorted(state.forces.values(), key=lambda f: f.id)]


def _scenario_choices(state: CampaignState) -> list[tuple[int, str]]:
    return [(s.id, s.name) for s in sorted(state.scenarios.values(), key=lambda s: s.id)]


class ScenarioForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    force_ids = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Forces that fight it (at least two)"), coerce=int,
        widget=forms.CheckboxSelectMultiple)
    description = forms.CharField(label=gettext_lazy("Description (optional)"), required=False,
                                  max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, state: CampaignState, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["force_ids"].choices = _force_choices(state)


class LinkForm(forms.Form):
    from_id = forms.TypedChoiceField(label=gettext_lazy("After the scenario"), coerce=int)
    to_id = forms.TypedChoiceField(label=gettext_lazy("comes the scenario"), coerce=int)
    condition = forms.ChoiceField(label=gettext_lazy("When"), required=False)
    force_id = forms.TypedChoiceField(label=gettext_lazy("Result of the force"), coerce=int,
                                      required=False, empty_value=None)

    def __init__(self, *args, state: CampaignState, **kwargs):
        super().__init__(*args, **kwargs)
        scenarios = _scenario_choices(state)
        self.fields["from_id"].choices = scenarios
        self.fields["to_id"].choices = scenarios
        self.fields["condition"].choices = [("", _("always"))] + [
            (r, _("if the force's result is: %(result)s") % {"result": term(RESULT, r)})
            for r in RESULTS]
        self.fields["force_id"].choices = [("", "—")] + _force_choices(state)

    def link(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["condition"] = data["condition"] or None
        return data


# --- forces --------------------------------------------------------------------------------


class ForceForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    faction = forms.CharField(label=gettext_lazy("Side (faction)"), max_length=100,
                              required=False)
    owner_id = forms.TypedChoiceField(label=gettext_lazy("Commanded by"), coerce=int)

    def __init__(self, *args, owners: Sequence | None, **kwargs):
        """``owners``: the club's members an organizer chooses among; ``None``: a player
        raises his own force (no choice)."""
        super().__init__(*args, **kwargs)
        if owners is None:
            del self.fields["owner_id"]
        else:
            self.fields["owner_id"].choices = [
                (u.pk, u.get_full_name() or u.get_username()) for u in owners]
