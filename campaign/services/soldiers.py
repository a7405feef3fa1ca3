"""Soldiers: recruitment, replacements, transfers, leadership, deaths, captures, prisoner
exchanges and recovery rolls. One small function per ledger event type."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.events import (
    LeadershipChanged,
    PrisonersExchanged,
    RecoveryRolled,
    ReplacementJoined,
    SoldierAmended,
    SoldierCaptured,
    SoldierDied,
    SoldierRecruited,
    SoldierTransferred,
)
from campaign.ledger.state import CampaignState, Soldier
from campaign.models import Campaign
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
from campaign.services.dice import server_roll
from campaign.services.ledger import Recorded, WriteOptions, write
from campaign.systems import adapter_for
from rules.core.errors import RuleError

#: Soldier fields ``amend_soldier`` may change (status has its own events).
AMENDABLE = ("name", "role", "weapon", "armour", "quality", "specialties", "traits")


def _check(campaign: Campaign, **fields: Any) -> None:
    try:
        adapter_for(campaign.rule_system).check_soldier(**fields)
    except RuleError as error:
        raise refused(error.code, error.message, field=error.field, rule=error.rule) from None


def _soldier(state: CampaignState, soldier_id: int, field: str = "soldier_id") -> Soldier:
    soldier = state.soldiers.get(soldier_id)
    if soldier is None:
        raise not_found("soldier", soldier_id, field)
    return soldier


def _editable_soldier(state: CampaignState, soldier_id: int, *, user,
                      campaign: Campaign) -> Soldier:
    """The soldier (404 if none), if the user may change his force (else 403)."""
    soldier = _soldier(state, soldier_id)
    require_force_editor(user=user, campaign=campaign, force=state.forces[soldier.force_id])
    return soldier


def _room_in(state: CampaignState, squad_id: int, force_id: int, field: str = "squad_id"):
    squad = state.squads.get(squad_id)
    if squad is None or squad.force_id != force_id:
        raise not_found("squad", squad_id, field)
    if state.squad_strength(squad_id) >= squad.establishment:
        raise refused("squad_full", _("%(squad)s is at its establishment of %(establishment)s") % {"squad": squad.name, "establishment": squad.establishment}, field=field)
    return squad


def recruit_soldier(
    *,
    user,
    campaign: Campaign,
    force_id: int,
    name: str,
    role: str,
    weapon: str,
    armour: str,
    quality: str,
    squad_id: int | None = None,
    specialties: Sequence[str] = (),
    leadership: int | None = None,
    traits: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A soldier joins the force (into a squad with room, or the force's reserve)."""
    traits = dict(traits or {})
    _check(campaign, role=role, weapon=weapon, armour=armour, quality=quality,
           leadership=leadership, traits=traits, specialties=specialties)
    if not name.strip():
        raise bad_input("bad_name", _("a soldier needs a name"), field="name")

    def decide(state: CampaignState):
        editable_force(state, force_id, user=user, campaign=campaign)
        if squad_id is not None:
            _room_in(state, squad_id, force_id)
        return [SoldierRecruited(
            soldier_id=state.next_id("soldier"), force_id=force_id, squad_id=squad_id,
            name=name, role=role, weapon=weapon, armour=armour, quality=quality,
            specialties=list(specialties), leadership=leadership, traits=traits,
        )]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def add_replacement(
    *,
    user,
    campaign: Campaign,
    squad_id: int,
    name: str,
    role: str,
    weapon: str,
    armour: str,
    quality: str | None = None,
    specialties: Sequence[str] = (),
    leadership: int | None = None,
    traits: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer sends a replacement to fill a gap in a squad (house rule: up to its
    establishment; quality defaults to the house rules' replacement quality)."""
    require_organizer(user=user, campaign=campaign, what=_("send replacements"))
    traits = dict(traits or {})

    def decide(state: CampaignState):
        grade = quality or state.house_rules.replacements.quality
        _check(campaign, role=role, weapon=weapon, armour=armour, quality=grade,
               leadership=leadership, traits=traits, specialties=specialties)
        squad = state.squads.get(squad_id)
        if squad is None:
            raise not_found("squad", squad_id, "squad_id")
        _room_in(state, squad_id, squad.force_id)
        return [ReplacementJoined(
            soldier_id=state.next_id("soldier"), force_id=squad.force_id, squad_id=squad_id,
            name=name, role=role, weapon=weapon, armour=armour, quality=grade,
            specialties=list(specialties), leadership=leadership, traits=traits,
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
    """Change or correct a soldier's details (re-armed, renamed, new role...)."""
    unknown = sorted(set(changes) - set(AMENDABLE))
    if unknown:
        raise bad_input("bad_change", _("%(key)s cannot be amended (amendable: %(amendable)s)")
                        % {"key": unknown[0], "amendable": ', '.join(AMENDABLE)}, field=f"changes.{unknown[0]}")

    def decide(state: CampaignState):
        soldier = _editable_soldier(state, soldier_id, user=user, campaign=campaign)
        merged = {k: getattr(soldier, k) for k in AMENDABLE if k != "name"}
        merged.update({k: v for k, v in changes.items() if k != "name"})
        _check(campaign, leadership=soldier.leadership, **merged)
        real = {k: (list(v) if k == "specialties" else v) for k, v in changes.items()
                if (tuple(v) if k == "specialties" else v) != getattr(soldier, k)}
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
        soldier = _editable_soldier(state, soldier_id, user=user, campaign=campaign)
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


def change_leadership(
    *,
    user,
    campaign: Campaign,
    soldier_id: int,
    leadership: int,
    reason: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer sets a commander's leadership (1 best .. 3 worst, §2.0)."""
    require_organizer(user=user, campaign=campaign, what=_("change leadership"))
    if not isinstance(leadership, int) or not 1 <= leadership <= 3:
        raise bad_input("bad_leadership", _("leadership runs from 1 (best) to 3 (worst) (§2.0)"),
                        field="leadership")

    def decide(state: CampaignState):
        soldier = _soldier(state, soldier_id)
        if soldier.leadership == leadership:
            return []
        return [LeadershipChanged(soldier_id=soldier_id, leadership=leadership, reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def record_death(
    *, user, campaign: Campaign, soldier_id: int, cause: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer records a death outside a battle's result (died of wounds, in
    captivity...)."""
    require_organizer(user=user, campaign=campaign, what=_("record deaths"))

    def decide(state: CampaignState):
        soldier = _soldier(state, soldier_id)
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
        soldier = _soldier(state, soldier_id)
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
            soldier = _soldier(state, soldier_id, f"soldier_ids.{n}")
            if soldier.status != "captured":
                raise refused("not_a_prisoner", _("%(soldier)s is not a prisoner (%(status)s)") % {"soldier": soldier.name, "status": status_text(soldier)}, field=f"soldier_ids.{n}")
        return [PrisonersExchanged(soldier_ids=ids)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def roll_recovery(
    *,
    user,
    campaign: Campaign,
    soldier_id: int,
    entered_roll: int | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A recovery roll for a recovering soldier (house rule, ``campaign.rules``): the
    server rolls (verifiably) unless an organizer enters a physical die."""
    if entered_roll is not None:
        require_organizer(user=user, campaign=campaign, what=_("enter recovery dice"))

    def decide(state: CampaignState):
        soldier = _editable_soldier(state, soldier_id, user=user, campaign=campaign)
        rates = state.house_rules.recovery
        if soldier.status != "recovering":
            raise refused("not_recovering", _("%(soldier)s is not recovering (%(status)s): only evacuated wounded roll to recover "
                            "(house rule)") % {"soldier": soldier.name, "status": status_text(soldier)}, field="soldier_id")
        last = soldier.last_recovery_roll_on
        if last is not None and state.date < last + timedelta(days=rates.roll_interval_days):
            next_on = last + timedelta(days=rates.roll_interval_days)
            raise refused("too_soon", _("%(soldier)s rolled on %(date)s: the next recovery roll is on %(next)s (house rule)")
                          % {"soldier": soldier.name, "date": last.isoformat(), "next": next_on.isoformat()},
                          field="soldier_id")
        key = f"recovery.soldier-{soldier_id}"
        if entered_roll is not None:
            if not isinstance(entered_roll, int) or not 1 <= entered_roll <= rates.roll_die:
                raise bad_input("die_out_of_range", _("%(entered_roll)r is not a face of a d%(roll_die)s") % {"entered_roll": entered_roll, "roll_die": rates.roll_die}, field="roll")
            roll, source = entered_roll, "entered"
        else:
            roll = server_roll(campaign_id=campaign.pk, version=state.version + 1, key=key,
                               sides=rates.roll_die)
            source = "server"
        return [RecoveryRolled(soldier_id=soldier_id, die=rates.roll_die, roll=roll,
                               target=rates.roll_target, source=source, key=key)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)
