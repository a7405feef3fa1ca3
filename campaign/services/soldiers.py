"""Soldiers: recruitment, replacements, amendments, transfers, deaths, captures, prisoner
exchanges. One small function per ledger event type; a soldier's attributes are checked by
the campaign's plug-in."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.events import (
    AMENDED_FIELDS,
    PrisonersExchanged,
    ReplacementJoined,
    SoldierAmended,
    SoldierCaptured,
    SoldierDied,
    SoldierRecruited,
    SoldierTransferred,
)
from campaign.ledger.state import CampaignState, Soldier
from campaign.models import Campaign
from campaign.plugins import get as plugin_for
from campaign.services.access import (
    bad_input,
    editable_force,
    force_in_state,
    not_found,
    refused,
    require_force_editor,
    require_organizer,
    status_text,
)
from campaign.services.ledger import Recorded, WriteOptions, write
from rules.core.errors import RuleError


def _check(campaign: Campaign, *, role: str, attributes: Mapping[str, Any] | None,
           base: Mapping[str, Any] | None = None) -> dict:
    """The soldier's full attributes, checked by the campaign's plug-in (422 naming the
    attribute)."""
    try:
        return plugin_for(campaign.rule_system).check_member(role=role, attributes=attributes,
                                                             base=base)
    except RuleError as error:
        raise refused(error.code, error.message, field=error.field, rule=error.rule) from None


def soldier_of(state: CampaignState, soldier_id: int, field: str = "soldier_id") -> Soldier:
    soldier = state.soldiers.get(soldier_id)
    if soldier is None:
        raise not_found("soldier", soldier_id, field)
    return soldier


def editable_soldier(state: CampaignState, soldier_id: int, *, user,
                      campaign: Campaign) -> Soldier:
    """The soldier (404 if none), if the user may change his force (else 403)."""
    soldier = soldier_of(state, soldier_id)
    require_force_editor(user=user, campaign=campaign, force=state.forces[soldier.force_id])
    return soldier


def _room_in(state: CampaignState, squad_id: int, force_id: int, field: str = "squad_id"):
    squad = state.squads.get(squad_id)
    if squad is None or squad.force_id != force_id:
        raise not_found("squad", squad_id, field)
    if squad.establishment is not None and state.squad_strength(squad_id) >= squad.establishment:
        raise refused("squad_full", _("%(squad)s is at its establishment of %(establishment)s") % {"squad": squad.name, "establishment": squad.establishment}, field=field)
    return squad


def recruit_soldier(
    *,
    user,
    campaign: Campaign,
    force_id: int,
    name: str,
    role: str = "",
    squad_id: int | None = None,
    attributes: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A soldier joins the force (into a squad with room, or the force's reserve)."""
    values = _check(campaign, role=role, attributes=attributes)
    if not name.strip():
        raise bad_input("bad_name", _("a soldier needs a name"), field="name")

    def decide(state: CampaignState):
        editable_force(state, force_id, user=user, campaign=campaign)
        if squad_id is not None:
            _room_in(state, squad_id, force_id)
        return [SoldierRecruited(
            soldier_id=state.next_id("soldier"), force_id=force_id, squad_id=squad_id,
            name=name, role=role, attributes=values,
        )]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def add_replacement(
    *,
    user,
    campaign: Campaign,
    squad_id: int,
    name: str,
    role: str = "",
    attributes: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer sends a replacement to fill a gap in a squad (house rule: up to its
    establishment; attributes not given come from the plug-in, e.g. the house rules'
    replacement quality)."""
    require_organizer(user=user, campaign=campaign, what=_("send replacements"))

    def decide(state: CampaignState):
        given = {**state.plugin.replacement_attributes(state), **(attributes or {})}
        values = _check(campaign, role=role, attributes=given)
        squad = state.squads.get(squad_id)
        if squad is None:
            raise not_found("squad", squad_id, "squad_id")
        _room_in(state, squad_id, squad.force_id)
        return [ReplacementJoined(
            soldier_id=state.next_id("soldier"), force_id=squad.force_id, squad_id=squad_id,
            name=name, role=role, attributes=values,
        )]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def amend_soldier(
    *,
    user,
    campaign: Campaign,
    soldier_id: int,
    changes: Mapping[str, Any],
    reason: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """Change or correct a soldier's details: ``name``, ``role``, ``attributes`` (only those
    given change; re-armed, renamed, new role...)."""
    unknown = sorted(set(changes) - set(AMENDED_FIELDS))
    if unknown:
        raise bad_input("bad_change", _("%(key)s cannot be amended (amendable: %(amendable)s)")
                        % {"key": unknown[0], "amendable": ', '.join(AMENDED_FIELDS)},
                        field=f"changes.{unknown[0]}")
    given = changes.get("attributes") or {}
    if not isinstance(given, Mapping):
        raise bad_input("bad_change", _("attributes must be an object"),
                        field="changes.attributes")

    def decide(state: CampaignState):
        soldier = editable_soldier(state, soldier_id, user=user, campaign=campaign)
        role = changes.get("role", soldier.role)
        values = _check(campaign, role=role, attributes=given, base=soldier.attributes)
        real: dict[str, Any] = {k: changes[k] for k in ("name", "role")
                                if k in changes and changes[k] != getattr(soldier, k)}
        attrs = {k: values[k] for k in given if values[k] != soldier.attributes.get(k)}
        if attrs:
            real["attributes"] = attrs
        if not real:
            return []
        return [SoldierAmended(soldier_id=soldier_id, changes=real, reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def transfer_soldier(
    *,
    user,
    campaign: Campaign,
    soldier_id: int,
    to_squad_id: int | None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A soldier moves to another squad of his force with room (``None``: the reserve); a
    squad commander who leaves gives up the squad."""

    def decide(state: CampaignState):
        soldier = editable_soldier(state, soldier_id, user=user, campaign=campaign)
        if soldier.status in ("dead", "captured"):
            raise refused("soldier_unavailable",
                          _("%(soldier)s is %(status)s and cannot be transferred") % {"soldier": soldier.name, "status": status_text(soldier)},
                          field="soldier_id")
        if to_squad_id == soldier.squad_id:
            return []
        if to_squad_id is not None:
            _room_in(state, to_squad_id, soldier.force_id, "to_squad_id")
        return [SoldierTransferred(soldier_id=soldier_id, to_squad_id=to_squad_id)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)



def record_death(
    *, user, campaign: Campaign, soldier_id: int, cause: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer records a death outside a battle's result (died of wounds, in
    captivity...)."""
    require_organizer(user=user, campaign=campaign, what=_("record deaths"))

    def decide(state: CampaignState):
        soldier = soldier_of(state, soldier_id)
        if soldier.status == "dead":
            raise refused("already_dead", _("%(soldier)s is already dead") % {"soldier": soldier.name}, field="soldier_id")
        return [SoldierDied(soldier_id=soldier_id, cause=cause)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def record_capture(
    *, user, campaign: Campaign, soldier_id: int, by_force_id: int | None = None,
    reason: str = "", **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer records a capture outside a battle's result (``by_force_id``: the
    force holding him, if it is in the campaign)."""
    require_organizer(user=user, campaign=campaign, what=_("record captures"))

    def decide(state: CampaignState):
        soldier = soldier_of(state, soldier_id)
        if soldier.status in ("dead", "captured"):
            raise refused("soldier_unavailable", _("%(soldier)s is already %(status)s") % {"soldier": soldier.name, "status": status_text(soldier)},
                          field="soldier_id")
        if by_force_id is not None:
            force_in_state(state, by_force_id, "by_force_id")
            if by_force_id == soldier.force_id:
                raise refused("own_force", _("a force does not hold its own soldiers prisoner"),
                              field="by_force_id")
        return [SoldierCaptured(soldier_id=soldier_id, by_force_id=by_force_id, reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def exchange_prisoners(
    *,
    user,
    campaign: Campaign,
    soldier_ids: Sequence[int],
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer records a prisoner exchange: the listed prisoners go back to their own
    forces (fit, into their old squads)."""
    require_organizer(user=user, campaign=campaign, what=_("exchange prisoners"))
    ids = list(dict.fromkeys(soldier_ids))
    if not ids:
        raise bad_input("no_prisoners", _("name the prisoners to exchange"), field="soldier_ids")

    def decide(state: CampaignState):
        for n, soldier_id in enumerate(ids):
            soldier = soldier_of(state, soldier_id, f"soldier_ids.{n}")
            if soldier.status != "captured":
                raise refused("not_a_prisoner", _("%(soldier)s is not a prisoner (%(status)s)") % {"soldier": soldier.name, "status": status_text(soldier)}, field=f"soldier_ids.{n}")
        return [PrisonersExchanged(soldier_ids=ids)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)
