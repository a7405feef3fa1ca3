"""Form inputs generated from a campaign plug-in's attribute schema
(:mod:`campaign.plugins.schema`), so the roster pages know no rule system's vocabulary.

Each editable attribute becomes one input named by its path in the services' errors
(``attributes.weapon``): a choice a select with its labels in the page's language, an int a
number input with the schema's bounds, text a text input, a list a comma-separated text, a
map one ``name: value`` per line (a map whose values are choices: rows of a key and a
select, ``map_rows``), a bool a checkbox. The inputs only parse what was typed;
whether a value fits is the plug-in's check, run by the service, whose error is shown next to
the input it names (:func:`show_error`).
"""
from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from campaign.pages.map_rows import map_rows_field, show_row_error, shown_rows
from campaign.plugins.labels import value_label
from campaign.plugins.schema import Attribute, Schema
from config.api_errors import localized_message
from config.errors import DomainError
from rules.core import registry
from rules.core.errors import RuleError

PREFIX = "attributes."
#: The first option of a select that needs a choice: nothing chosen yet.
UNCHOSEN = gettext_lazy("— choose —")


def field_name(attribute: Attribute) -> str:
    return PREFIX + attribute.name


def _bounds(attribute: Attribute) -> dict:
    return {key: value for key, value in (("min", attribute.minimum), ("max", attribute.maximum))
            if value is not None}


def attribute_field(attribute: Attribute, rule_system: str) -> forms.Field:
    """The input of one attribute (never ``required`` for the form: the plug-in says)."""
    label = _(attribute.label)
    help_text = _(attribute.help) if attribute.help else ""
    common = {"label": label, "required": False, "help_text": help_text}
    if attribute.kind == "choice":
        options = [(key, value_label(rule_system, attribute, key))
                   for key in attribute.options()]
        blank = UNCHOSEN if attribute.required and attribute.default is None else "—"
        return forms.CharField(widget=forms.Select(choices=[("", blank), *options]), **common)
    if attribute.kind == "int":
        return forms.IntegerField(widget=forms.NumberInput(attrs=_bounds(attribute)), **common)
    if attribute.kind == "bool":
        return forms.BooleanField(**common)
    if attribute.kind == "list":
        common["help_text"] = " ".join(filter(None, [help_text, _("Separate names with commas.")]))
        return forms.CharField(**common)
    if attribute.kind == "map" and attribute.options():
        return map_rows_field(
            options=[(key, value_label(rule_system, attribute, key))
                     for key in attribute.options()],
            blank=_(attribute.choice_labels.get("", "—")), cells=attribute.cell_keys,
            **common)
    if attribute.kind == "map":
        common["help_text"] = " ".join(filter(None, [help_text, _("One per line: name: value.")]))
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), **common)
    return forms.CharField(**common)


def add_attribute_fields(form: forms.Form, schema: Schema, rule_system: str,
                         values: dict | None = None) -> None:
    """Add an input per editable attribute of ``schema`` to ``form``, set to ``values`` (an
    entity's attributes) or the schema's defaults."""
    start = {**schema.defaults(), **(values or {})}
    for attribute in schema.editable():
        name = field_name(attribute)
        form.fields[name] = attribute_field(attribute, rule_system)
        form.initial.setdefault(name, shown_value(attribute, start.get(attribute.name)))


def shown_value(attribute: Attribute, value: Any) -> Any:
    """A stored value as its input shows it."""
    if value is None:
        return "" if attribute.kind != "bool" else False
    if attribute.kind == "list":
        return ", ".join(value)
    if attribute.kind == "map" and attribute.options():
        return shown_rows(value, attribute.cell_keys)
    if attribute.kind == "map":
        return "\n".join(f"{key}: {_typed_text(item)}" for key, item in value.items())
    return value


def _typed_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _typed(text: str) -> Any:
    """A map's value: a number, ``true``/``false`` as JSON reads them, else the text."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, bool | int | float) else text


def _pairs(text: str) -> dict[str, Any]:
    """``name: value`` lines as a map (a line without a colon is a name with no value)."""
    out: dict[str, Any] = {}
    for line in text.splitlines():
        key, _colon, value = line.partition(":")
        if key.strip():
            out[key.strip()] = _typed(value.strip())
    return out


def attribute_values(schema: Schema, cleaned: dict) -> dict[str, Any]:
    """The attributes the form's inputs give, as the plug-in's check takes them (an empty
    input is no value)."""
    out: dict[str, Any] = {}
    for attribute in schema.editable():
        raw = cleaned.get(field_name(attribute))
        if attribute.kind == "bool":
            out[attribute.name] = bool(raw)
        elif attribute.kind == "int":
            out[attribute.name] = raw
        elif attribute.kind == "list":
            out[attribute.name] = [p.strip() for p in (raw or "").split(",") if p.strip()]
        elif attribute.kind == "map" and attribute.options():
            out[attribute.name] = {key: _typed(value) for key, value in (raw or {}).items()}
        elif attribute.kind == "map":
            out[attribute.name] = _pairs(raw or "")
        else:
            out[attribute.name] = raw if raw not in ("", None) else None
    return out


def role_choices(rule_system: str, current: str = "") -> list[tuple[str, str]]:
    """The member roles the rule system names, labelled in the page's language (the current
    role first kept, even one the system does not list)."""
    try:
        terms = registry.terms(rule_system)
    except RuleError:
        return [(current, current)] if current else []
    language = get_language() or "en"
    keys = list(terms.keys("role"))
    if current and current not in keys:
        keys.insert(0, current)
    return [(key, terms.label("role", key, language) or key) for key in keys]


def show_error(form: forms.Form, error: DomainError | RuleError, *,
               strip: str = "") -> None:
    """A service's refusal, in the page's language, next to the input it names (its
    ``field`` less ``strip``, or the nearest input above it: ``attributes.traits.wings`` is
    the traits' input, ``attributes.terrain.30,1`` the terrain's row of that cell); on the
    form as a whole when no input has such a name."""
    message, _extra = localized_message(getattr(error, "extra", {}).get("rule_code", error.code),
                                        error.message)
    named = where = (error.field or "").removeprefix(strip)
    while where and where not in form.fields:
        where = where.rpartition(".")[0]
    if where and named != where and show_row_error(form, where, named[len(where) + 1:],
                                                   message):
        return  # by the row of a map's rows input that has that key
    form.add_error(where or None, message)
