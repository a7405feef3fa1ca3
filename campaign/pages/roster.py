"""A player's roster: the printable roster of a force, its CSV, and the forms with which the
force's owner (or the club's organizers) adds formations and squads, recruits soldiers and
edits them. Thin views: the writes are the campaign services' (``forces``, ``soldiers``), the
forms ``roster_forms`` (their attribute inputs from the plug-in's schema, ``attribute_form``),
the table ``roster_table``. Outsiders get 404 (the campaign is not disclosed), members may read, only
the force's editors (``services.access.require_force_editor``) may change it.
"""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.pages.attribute_form import (
    attribute_values,
    show_error,
)
from campaign.pages.roster_forms import (
    CommanderForm,
    FormationForm,
    FormationMoveForm,
    FormationNameForm,
    RosterForm,
    SoldierForm,
    SquadForm,
    TransferForm,
)
from campaign.pages.roster_table import roster, roster_csv_response
from campaign.pages.views import _or_404
from campaign.plugins import get as plugin_for
from campaign.selectors.campaigns import campaign_for
from campaign.services import forces, soldiers
from campaign.services.access import force_in_state, require_force_editor
from campaign.services.ledger import state_of
from config.errors import DomainError, Forbidden, NotFound
from rules.core import registry
from rules.core.limits import limits_of

# --- access ---------------------------------------------------------------------------------

def _campaign_and_state(request, campaign_id: int):
    campaign = _or_404(campaign_for, user=request.user, campaign_id=campaign_id)
    return campaign, state_of(campaign_id=campaign.pk)


def _may_edit(request, campaign, force) -> bool:
    try:
        require_force_editor(user=request.user, campaign=campaign, force=force)
    except Forbidden:
        return False
    return True


def _editable(request, campaign, state, force_id: int):
    """The force in the ledger's state (404 if none), if the user may change it (403)."""
    try:
        force = force_in_state(state, force_id)
        require_force_editor(user=request.user, campaign=campaign, force=force)
    except NotFound as error:
        raise Http404(error.message) from None
    except Forbidden as error:
        raise PermissionDenied(error.message) from None
    return force


def _written(request, form: RosterForm, call, *, strip: str = "") -> bool:
    """Run a service (``call(**writing)``); its refusal goes next to the input it names
    (nothing was stored), a refusal of the user himself is the page's 403."""
    try:
        call(**form.writing(request))
    except Forbidden as error:
        raise PermissionDenied(error.message) from None
    except DomainError as error:
        if error.code == "idempotency_key_reused":
            form.renew()
            form.add_error(None, _("This form was sent already with other values. Check the "
                                   "roster, then send it again if you mean to."))
        else:
            show_error(form, error, strip=strip)
        return False
    return True


def _of_force(entities: dict, force_id: int) -> list:
    return [entities[k] for k in sorted(entities) if entities[k].force_id == force_id]


def _described(form: forms.Form) -> None:
    """Each input points at its help and its error (``aria-describedby``), an input at
    fault is marked ``aria-invalid`` (templates/pages/roster/field.html gives the ids)."""
    errors = form.errors if form.is_bound else {}
    for name, field in form.fields.items():
        bound = form[name]
        ids = [f"{bound.auto_id}_help"] if field.help_text else []
        if name in errors:
            ids.append(f"{bound.auto_id}_error")
            field.widget.attrs["aria-invalid"] = "true"
        if ids:
            field.widget.attrs["aria-describedby"] = " ".join(ids)


def _form_page(request, *, campaign, force, form, title: str, submit: str):
    _described(form)
    return render(request, "pages/roster/form.html", {
        "campaign": campaign, "force": force, "form": form, "title": title, "submit": submit,
        "back": reverse("campaign_pages:roster", args=[campaign.pk, force.id]),
    }, status=400 if form.is_bound and form.errors else 200)


# --- pages ----------------------------------------------------------------------------------

@login_required
def roster_page(request, campaign_id: int, ref: int):
    """The force's roster, one table per squad, printable; with the editing links for its
    owner and the organizers."""
    campaign, state = _campaign_and_state(request, campaign_id)
    force = state.forces.get(ref)
    if force is None:
        raise Http404
    return render(request, "pages/roster/roster.html", {
        "campaign": campaign, **roster(campaign=campaign, force_id=ref),
        "may_edit": not state.finished and _may_edit(request, campaign, force),
    })


@login_required
def roster_download(request, campaign_id: int, ref: int):
    """The roster as CSV (UTF-8 with a byte order mark), named after the force."""
    campaign, state = _campaign_and_state(request, campaign_id)
    if ref not in state.forces:
        raise Http404
    return roster_csv_response(campaign=campaign, force_id=ref)


@login_required
def add_formation(request, campaign_id: int, ref: int):
    """A formation of the force's chain of command (§2.18)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    force = _editable(request, campaign, state, ref)
    form = FormationForm(request.POST or None, formations=_of_force(state.formations, ref))
    if request.method == "POST" and form.is_valid() and _written(request, form, lambda **writing: (
        forces.raise_formation(user=request.user, campaign=campaign, force_id=ref,
                               **form.values(), **writing))):
        messages.success(request, _("%(name)s raised.") % {"name": form.cleaned_data["name"]})
        return redirect("campaign_pages:roster", campaign.pk, ref)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Add a formation"), submit=_("Raise the formation"))


@login_required
def edit_formation(request, campaign_id: int, ref: int):
    """A formation renamed (an amendment in the ledger)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    formation = state.formations.get(ref)
    if formation is None:
        raise Http404
    force = _editable(request, campaign, state, formation.force_id)
    form = FormationNameForm(request.POST or None, initial={"name": formation.name})
    if request.method == "POST" and form.is_valid() and _written(
            request, form, lambda **writing: forces.amend_formation(
                user=request.user, campaign=campaign, formation_id=ref,
                changes={"name": form.cleaned_data["name"]},
                reason=form.cleaned_data["reason"], **writing), strip="changes."):
        messages.success(request, _("%(name)s changed.") % {"name": form.cleaned_data["name"]})
        return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Edit %(name)s") % {"name": formation.name}, submit=_("Save"))


@login_required
def add_squad(request, campaign_id: int, ref: int):
    """A squad of the force, with the attributes the rule system asks for."""
    campaign, state = _campaign_and_state(request, campaign_id)
    force = _editable(request, campaign, state, ref)
    plugin = plugin_for(campaign.rule_system)
    most = limits_of(registry.get(campaign.rule_system, campaign.rule_version)).figures_per_unit
    form = SquadForm(request.POST or None, formations=_of_force(state.formations, ref),
                     most=most, schema=plugin.unit_schema, rule_system=campaign.rule_system)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if _written(request, form, lambda **writing: forces.raise_squad(
                user=request.user, campaign=campaign, force_id=ref, name=data["name"],
                establishment=data["establishment"], formation_id=data["formation_id"],
                attributes=attribute_values(plugin.unit_schema, data), **writing)):
            messages.success(request, _("%(name)s raised.") % {"name": data["name"]})
            return redirect("campaign_pages:roster", campaign.pk, ref)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Add a squad"), submit=_("Raise the squad"))


@login_required
def edit_squad(request, campaign_id: int, ref: int):
    """A squad's name, establishment and attributes changed (an amendment in the ledger)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    squad = state.squads.get(ref)
    if squad is None:
        raise Http404
    force = _editable(request, campaign, state, squad.force_id)
    plugin = plugin_for(campaign.rule_system)
    most = limits_of(registry.get(campaign.rule_system, campaign.rule_version)).figures_per_unit
    form = SquadForm(request.POST or None, formations=(), most=most, squad=squad,
                     schema=plugin.unit_schema, rule_system=campaign.rule_system)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        changes = {"name": data["name"], "establishment": data["establishment"],
                   "attributes": attribute_values(plugin.unit_schema, data)}
        if _written(request, form, lambda **writing: forces.amend_squad(
                user=request.user, campaign=campaign, squad_id=ref, changes=changes,
                reason=data["reason"], **writing), strip="changes."):
            messages.success(request, _("%(name)s changed.") % {"name": data["name"]})
            return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Edit %(name)s") % {"name": squad.name}, submit=_("Save"))


@login_required
def recruit(request, campaign_id: int, ref: int):
    """A soldier joins the force, into one of its squads (``?squad=N`` chosen first)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    force = _editable(request, campaign, state, ref)
    plugin = plugin_for(campaign.rule_system)
    squads = _of_force(state.squads, ref)
    chosen = request.GET.get("squad", "")
    form = SoldierForm(request.POST or None, schema=plugin.member_schema,
                       rule_system=campaign.rule_system, squads=squads,
                       initial={"squad_id": chosen if chosen.isdigit() else ""})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if _written(request, form, lambda **writing: soldiers.recruit_soldier(
                user=request.user, campaign=campaign, force_id=ref, name=data["name"],
                role=data["role"], squad_id=data["squad_id"],
                attributes=attribute_values(plugin.member_schema, data), **writing)):
            messages.success(request, _("%(name)s recruited.") % {"name": data["name"]})
            return redirect("campaign_pages:roster", campaign.pk, ref)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Recruit a soldier"), submit=_("Recruit"))


@login_required
def edit_soldier(request, campaign_id: int, ref: int):
    """A soldier's name, role and attributes changed (an amendment in the ledger)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    soldier = state.soldiers.get(ref)
    if soldier is None:
        raise Http404
    force = _editable(request, campaign, state, soldier.force_id)
    plugin = plugin_for(campaign.rule_system)
    form = SoldierForm(request.POST or None, schema=plugin.member_schema,
                       rule_system=campaign.rule_system, soldier=soldier)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        changes = {"name": data["name"], "role": data["role"],
                   "attributes": attribute_values(plugin.member_schema, data)}
        if _written(request, form, lambda **writing: soldiers.amend_soldier(
                user=request.user, campaign=campaign, soldier_id=ref, changes=changes,
                reason=data["reason"], **writing), strip="changes."):
            messages.success(request, _("%(name)s changed.") % {"name": data["name"]})
            return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Edit %(name)s") % {"name": soldier.name}, submit=_("Save"))


def _commander_page(request, campaign, state, *, unit, members, assign):
    """Give ``unit`` (a squad or a formation) to one of ``members``: ``assign(soldier_id,
    **writing)`` is the service; what the rule system needs of a commander (a value set on
    the soldier first) is its refusal, shown on the form."""
    force = _editable(request, campaign, state, unit.force_id)
    form = CommanderForm(request.POST or None, members=members,
                         initial={"soldier_id": unit.commander_id})
    if request.method == "POST" and form.is_valid() and _written(
            request, form, lambda **writing: assign(form.cleaned_data["soldier_id"], **writing)):
        messages.success(request, _("%(squad)s has a new commander.") % {"squad": unit.name})
        return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Commander of %(squad)s") % {"squad": unit.name},
                      submit=_("Give the command"))


@login_required
def squad_commander(request, campaign_id: int, ref: int):
    """One of the squad's soldiers takes command of it."""
    campaign, state = _campaign_and_state(request, campaign_id)
    squad = state.squads.get(ref)
    if squad is None:
        raise Http404
    members = [s for s in _of_force(state.soldiers, squad.force_id) if s.squad_id == ref]
    return _commander_page(request, campaign, state, unit=squad, members=members,
                           assign=lambda soldier_id, **writing: forces.assign_squad_commander(
                               user=request.user, campaign=campaign, squad_id=ref,
                               soldier_id=soldier_id, **writing))


@login_required
def formation_commander(request, campaign_id: int, ref: int):
    """One of the force's soldiers takes command of a formation (the rally chain, §2.18)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    formation = state.formations.get(ref)
    if formation is None:
        raise Http404
    return _commander_page(
        request, campaign, state, unit=formation,
        members=_of_force(state.soldiers, formation.force_id),
        assign=lambda soldier_id, **writing: forces.assign_formation_commander(
            user=request.user, campaign=campaign, formation_id=ref, soldier_id=soldier_id,
            **writing))


@login_required
def transfer(request, campaign_id: int, ref: int):
    """A soldier moves to another squad of his force with room, or out of the squads."""
    campaign, state = _campaign_and_state(request, campaign_id)
    soldier = state.soldiers.get(ref)
    if soldier is None:
        raise Http404
    force = _editable(request, campaign, state, soldier.force_id)
    form = TransferForm(request.POST or None, squads=_of_force(state.squads, force.id),
                        initial={"to_squad_id": soldier.squad_id})
    if request.method == "POST" and form.is_valid() and _written(request, form, lambda **writing: (
        soldiers.transfer_soldier(user=request.user, campaign=campaign, soldier_id=ref,
                                  to_squad_id=form.cleaned_data["to_squad_id"], **writing))):
        messages.success(request, _("%(name)s moved.") % {"name": soldier.name})
        return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Move %(name)s") % {"name": soldier.name}, submit=_("Move"))


@login_required
def move_squad(request, campaign_id: int, ref: int):
    """A squad moves to another formation of its force, or out of the formations (§2.18)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    squad = state.squads.get(ref)
    if squad is None:
        raise Http404
    force = _editable(request, campaign, state, squad.force_id)
    form = FormationMoveForm(request.POST or None, formations=_of_force(state.formations, force.id),
                             name="to_formation_id", label=_("formation"),
                             initial={"to_formation_id": squad.formation_id})
    if request.method == "POST" and form.is_valid() and _written(request, form, lambda **writing: (
        forces.transfer_squad(user=request.user, campaign=campaign, squad_id=ref,
                              to_formation_id=form.cleaned_data["to_formation_id"],
                              reason=form.cleaned_data["reason"], **writing))):
        messages.success(request, _("%(name)s moved.") % {"name": squad.name})
        return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Move %(name)s") % {"name": squad.name}, submit=_("Move"))


@login_required
def move_formation(request, campaign_id: int, ref: int):
    """A formation moves under another of its force, one level up, or under none (§2.18)."""
    campaign, state = _campaign_and_state(request, campaign_id)
    formation = state.formations.get(ref)
    if formation is None:
        raise Http404
    force = _editable(request, campaign, state, formation.force_id)
    others = [f for f in _of_force(state.formations, force.id) if f.id != ref]
    form = FormationMoveForm(request.POST or None, formations=others, name="to_parent_id",
                             label=_("part of"), initial={"to_parent_id": formation.parent_id})
    if request.method == "POST" and form.is_valid() and _written(request, form, lambda **writing: (
        forces.reattach_formation(user=request.user, campaign=campaign, formation_id=ref,
                                  to_parent_id=form.cleaned_data["to_parent_id"],
                                  reason=form.cleaned_data["reason"], **writing))):
        messages.success(request, _("%(name)s moved.") % {"name": formation.name})
        return redirect("campaign_pages:roster", campaign.pk, force.id)
    return _form_page(request, campaign=campaign, force=force, form=form,
                      title=_("Move %(name)s") % {"name": formation.name}, submit=_("Move"))
