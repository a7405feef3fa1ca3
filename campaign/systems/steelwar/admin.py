"""The Steel War's admin actions (its own campaign commands: rest and front, leadership,
recovery rolls), added to the core's force and soldier admins."""
from __future__ import annotations

from django import forms
from django.contrib import admin

from campaign.admin import ForceAdmin, ReasonForm, SoldierAdmin, call_services, form_action
from campaign.systems.steelwar import services


class LeadershipForm(ReasonForm):
    leadership = forms.TypedChoiceField(
        choices=[(1, "1 (best)"), (2, "2"), (3, "3 (worst)")], coerce=int,
        help_text="a commander's leadership (§2.0)",
    )
    field_order = ["leadership", "reason"]


class RecoveryRollForm(forms.Form):
    entered_roll = forms.IntegerField(
        required=False, min_value=1,
        help_text="a table die the organizer rolled; blank: the server rolls (verifiably)",
    )

    def __init__(self, *args, selected: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.selected = selected

    def clean_entered_roll(self):
        roll = self.cleaned_data["entered_roll"]
        if roll is not None and self.selected > 1:
            raise forms.ValidationError("A table die is entered for one soldier at a time.")
        return roll


@admin.action(description="Send to rest (fatigue falls, house rules)", permissions=["view"])
def send_to_rest(model_admin, request, queryset):
    call_services(model_admin, request, [
        lambda force=force: services.send_force_to_rest(
            user=request.user, campaign=force.campaign, force_id=force.ref)
        for force in queryset
    ], done="Sent to rest.")


@admin.action(description="Send to the front", permissions=["view"])
def send_to_front(model_admin, request, queryset):
    call_services(model_admin, request, [
        lambda force=force: services.send_force_to_front(
            user=request.user, campaign=force.campaign, force_id=force.ref)
        for force in queryset
    ], done="Sent to the front.")


@admin.action(description="Correct leadership…", permissions=["view"])
def correct_leadership(model_admin, request, queryset):
    return form_action(
        model_admin, request, queryset, form_class=LeadershipForm,
        calls=lambda data: [
            lambda s=s: services.change_leadership(
                user=request.user, campaign=s.campaign, soldier_id=s.ref,
                leadership=data["leadership"], reason=data["reason"])
            for s in queryset
        ],
        title="Correct leadership", submit="Record the correction",
        intro="A ledger event sets the leadership of:", done="Leadership corrected.",
    )


@admin.action(description="Roll recovery (house rule)…", permissions=["view"])
def roll_recovery(model_admin, request, queryset):
    return form_action(
        model_admin, request, queryset, form_class=RecoveryRollForm,
        form_kwargs={"selected": queryset.count()},
        calls=lambda data: [
            lambda s=s: services.roll_recovery(
                user=request.user, campaign=s.campaign, soldier_id=s.ref,
                entered_roll=data["entered_roll"])
            for s in queryset
        ],
        title="Recovery rolls", submit="Roll",
        intro="A recovery roll (house rule) is recorded for:", done="Recovery rolled.",
    )


ForceAdmin.actions = [*ForceAdmin.actions, send_to_rest, send_to_front]
SoldierAdmin.actions = [correct_leadership, *SoldierAdmin.actions, roll_recovery]
