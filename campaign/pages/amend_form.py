"""The ledger page's inputs for an entry's structured fields (issue 19: people see names,
never ids or keys): attributes through the plug-in's schema (``attribute_form``), a
soldier's, squad's or formation's ``changes`` as its own fields and attributes, prisoners,
a force's picks and officers as checkboxes of soldiers by name. Each is a Django form
prefixed by the entry and field; :func:`value` turns what was posted back into the data the
amendment takes (``campaign.services.corrections.amend_entry``). Fields without such a
description (house rules, battle options) stay JSON.

The choices are those of the campaign as it stood just before the entry (``before``), as
the amendment's command sees it: the prisoners then held, the force's squads then.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from campaign.pages.attribute_form import add_attribute_fields, attribute_values, role_choices
from campaign.plugins.schema import NO_ATTRIBUTES

#: Where a ``changes`` entry names its subject: the data's key and the state's collection.
_SUBJECTS = (("soldier_id", "soldiers"), ("squad_id", "squads"), ("formation_id", "formations"))
#: Labels of a subject's own fields (gettext: the page's language).
_PARTS = {"name": lambda: _("name"), "role": lambda: _("role"),
          "establishment": lambda: _("establishment")}


def structured(field) -> bool:
    """Whether the field is asked for by name (else by its own input or JSON)."""
    return bool(field.schema or field.parts or field.items)


def prefix(version: int, field) -> str:
    return f"e{version}-{field.name}"


def build(field, *, campaign, plugin, before, data: Mapping[str, Any], version: int,
          posted=None) -> forms.Form:
    """The form of one structured field of entry ``version`` (its ``data``), bound to
    ``posted`` when given, else filled with the entry's values."""
    form = forms.Form(posted, prefix=prefix(version, field))
    current = data.get(field.name)
    if field.items:
        _add_items(form, field, before, data, current)
        return form
    schema = getattr(plugin, field.schema, NO_ATTRIBUTES) if field.schema else NO_ATTRIBUTES
    values = current if isinstance(current, Mapping) else {}
    if field.parts:
        subject = _subject(before, data)
        for part in field.parts:
            shown = values.get(part, getattr(subject, part, None))
            form.fields[part] = _part_field(part, campaign, shown)
            form.initial[part] = shown
        attributes = {**(subject.attributes if subject is not None and field.schema else {}),
                      **(values.get("attributes") or {})}
    else:
        attributes = dict(values)
    add_attribute_fields(form, schema, campaign.rule_system, attributes)
    return form


def value(field, form: forms.Form, *, plugin, before, data: Mapping[str, Any]) -> Any:
    """What a bound form gives as the amendment's value of ``field``: only what differs
    from the subject before the entry for ``changes``."""
    form.is_valid()
    cleaned = form.cleaned_data
    if field.items == "picks":
        return [{"squad_id": int(key.removeprefix("squad-")),
                 "soldier_ids": [int(s) for s in chosen]}
                for key, chosen in cleaned.items() if key.startswith("squad-") and chosen]
    if field.items:
        return [int(s) for s in cleaned.get("soldiers") or ()]
    schema = getattr(plugin, field.schema, NO_ATTRIBUTES) if field.schema else NO_ATTRIBUTES
    attributes = attribute_values(schema, cleaned)
    if not field.parts:
        return attributes
    subject = _subject(before, data)
    changes: dict[str, Any] = {}
    for part in field.parts:
        new = cleaned.get(part)
        if subject is None or new != getattr(subject, part, None):
            changes[part] = new
    old = subject.attributes if subject is not None else {}
    changed = {k: v for k, v in attributes.items() if old.get(k) != v}
    if changed:
        changes["attributes"] = changed
    return changes


def _subject(before, data: Mapping[str, Any]):
    for key, things in _SUBJECTS:
        if key in data:
            return getattr(before, things).get(data[key])
    return None


def _part_field(part: str, campaign, shown) -> forms.Field:
    label = _PARTS.get(part, lambda: part)()
    if part == "establishment":
        return forms.IntegerField(label=label, required=False, min_value=1)
    if part == "role":
        return forms.CharField(label=label, required=False, widget=forms.Select(
            choices=role_choices(campaign.rule_system, shown or "")))
    return forms.CharField(label=label, required=False, max_length=500)


def _named(soldiers, before=None) -> list[tuple[str, str]]:
    """Soldiers as checkbox choices by name (with their force's, given ``before``)."""
    def label(soldier) -> str:
        force = before.forces.get(soldier.force_id) if before is not None else None
        return f"{soldier.name} ({force.name})" if force is not None else soldier.name

    return [(str(s.id), label(s)) for s in sorted(soldiers, key=lambda s: (s.name, s.id))]


def _add_items(form: forms.Form, field, before, data, current) -> None:
    chosen = current if isinstance(current, list) else []
    force_id = data.get("force_id")
    if field.items == "picks":
        picked = {p.get("squad_id"): p.get("soldier_ids") or () for p in chosen
                  if isinstance(p, Mapping)}
        for squad in sorted((q for q in before.squads.values() if q.force_id == force_id),
                            key=lambda q: (q.name, q.id)):
            key = f"squad-{squad.id}"
            form.fields[key] = forms.MultipleChoiceField(
                label=squad.name, required=False, widget=forms.CheckboxSelectMultiple,
                choices=_named(before.squad_members(squad.id)))
            form.initial[key] = [str(s) for s in picked.get(squad.id, ())]
        return
    if field.items == "prisoners":
        people = [s for s in before.soldiers.values() if s.status == "captured"]
        label = _("prisoners")
    else:  # officers: the force's formation commanders
        commanders = {f.commander_id for f in before.formations.values()
                      if f.force_id == force_id and f.commander_id is not None}
        people = [before.soldiers[s] for s in commanders if s in before.soldiers]
        label = _("officers")
    listed = {s for s in chosen if isinstance(s, int)}
    people += [before.soldiers[s] for s in listed - {p.id for p in people}
               if s in before.soldiers]
    form.fields["soldiers"] = forms.MultipleChoiceField(
        label=label, required=False, widget=forms.CheckboxSelectMultiple,
        choices=_named(people, before if field.items == "prisoners" else None))
    form.initial["soldiers"] = [str(s) for s in chosen]

