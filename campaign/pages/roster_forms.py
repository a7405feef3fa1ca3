"""The roster's forms: a formation, a squad, a soldier (recruited or changed), a move to
another squad, a command. The attribute inputs come from the plug-in's schema
(``attribute_form``); every form carries a submission key that makes the same form sent
twice one write (the ledger's idempotency key)."""
from __future__ import annotations

import uuid

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from campaign.ledger.state import FORMATION_LEVELS
from campaign.pages.attribute_form import add_attribute_fields, role_choices
from campaign.pages.roster_table import level_label
from eventstore.idempotency import fingerprint

NONE = gettext_lazy("— none —")


class RosterForm(forms.Form):
    """A roster form. Its hidden ``submission`` key makes the same form sent twice (a double
    tap, a resend) one write: the ledger's idempotency key, with the fingerprint of what was
    sent (the key sent again with other values is refused)."""

    submission = forms.UUIDField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("submission", uuid.uuid4())

    def values(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items() if k != "submission"}

    def writing(self, request) -> dict:
        key = self.cleaned_data.get("submission")
        if key is None:
            return {}
        return {"idempotency_key": f"page:{key}",
                "request_fingerprint": fingerprint(f"POST {request.path}", self.values())}

    def renew(self) -> None:
        """A new key for the form shown again."""
        self.data = self.data.copy()
        self.data[self.add_prefix("submission")] = str(uuid.uuid4())


class FormationForm(RosterForm):
    name = forms.CharField(label=gettext_lazy("name"), max_length=200)
    level = forms.ChoiceField(label=gettext_lazy("level"))
    parent_id = forms.TypedChoiceField(label=gettext_lazy("part of"), required=False,
                                       coerce=int, empty_value=None)

    def __init__(self, *args, formations, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = [(k, level_label(k)) for k in FORMATION_LEVELS]
        self.fields["parent_id"].choices = [("", NONE), *_formation_choices(formations)]


class FormationNameForm(RosterForm):
    """A formation renamed."""

    name = forms.CharField(label=gettext_lazy("name"), max_length=200)
    reason = forms.CharField(label=gettext_lazy("reason (optional)"), required=False,
                             max_length=200)


class SquadForm(RosterForm):
    """A squad's name, establishment and attributes (raising it: also its formation)."""

    name = forms.CharField(label=gettext_lazy("name"), max_length=200)
    establishment = forms.IntegerField(label=gettext_lazy("establishment"),
                                       help_text=gettext_lazy(
                                           "The strength replacements fill the squad up to."))
    formation_id = forms.TypedChoiceField(label=gettext_lazy("formation"), required=False,
                                          coerce=int, empty_value=None)

    def __init__(self, *args, formations, most: int, schema, rule_system, squad=None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["establishment"].widget.attrs.update({"min": 1, "max": most})
        if squad is None:
            self.fields["formation_id"].choices = [("", NONE),
                                                   *_formation_choices(formations)]
        else:
            del self.fields["formation_id"]
            self.initial.update({"name": squad.name, "establishment": squad.establishment})
        add_attribute_fields(self, schema, rule_system, squad.attributes if squad else None)
        if squad is not None:
            self.fields["reason"] = forms.CharField(label=_("reason (optional)"),
                                                    required=False, max_length=200)


class SoldierForm(RosterForm):
    """A soldier's name, role and attributes (recruiting: also his squad)."""

    name = forms.CharField(label=pgettext_lazy("person", "name"), max_length=200)
    role = forms.CharField(label=gettext_lazy("role"), required=False)

    def __init__(self, *args, schema, rule_system, soldier=None, squads=None, **kwargs):
        super().__init__(*args, **kwargs)
        current = soldier.role if soldier else ""
        roles = role_choices(rule_system, current)
        if roles:
            self.fields["role"].widget = forms.Select(choices=[("", "—"), *roles])
        if squads is not None:
            self.fields["squad_id"] = forms.TypedChoiceField(
                label=_("squad"), required=False, coerce=int, empty_value=None,
                choices=[("", _("Not in a squad")), *[(s.id, s.name) for s in squads]])
        if soldier is not None:
            self.initial.update({"name": soldier.name, "role": soldier.role})
        add_attribute_fields(self, schema, rule_system,
                             soldier.attributes if soldier else None)
        if soldier is not None:
            self.fields["reason"] = forms.CharField(label=_("reason (optional)"),
                                                    required=False, max_length=200)


class TransferForm(RosterForm):
    to_squad_id = forms.TypedChoiceField(label=gettext_lazy("squad"), required=False,
                                         coerce=int, empty_value=None)

    def __init__(self, *args, squads, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to_squad_id"].choices = [("", _("Not in a squad")),
                                              *[(s.id, s.name) for s in squads]]


class FormationMoveForm(RosterForm):
    """A squad moved to another formation (``to_formation_id``), or a formation under
    another one (``to_parent_id``, §2.18): the input is named as the service names it, so
    its refusal shows next to it."""

    reason = forms.CharField(label=gettext_lazy("reason (optional)"), required=False,
                             max_length=200)

    def __init__(self, *args, formations, name: str, label, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields = {name: forms.TypedChoiceField(
            label=label, required=False, coerce=int, empty_value=None,
            choices=[("", NONE), *_formation_choices(formations)]), **self.fields}


class CommanderForm(RosterForm):
    soldier_id = forms.TypedChoiceField(label=gettext_lazy("commander"), coerce=int)

    def __init__(self, *args, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["soldier_id"].choices = [(s.id, s.name) for s in members]


def _formation_choices(formations) -> list[tuple[int, str]]:
    return [(f.id, f"{f.name} ({level_label(f.level)})") for f in formations]
