"""A player's force: raising it, its chain of command (§2.18), its squads, rest and front."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.events import (
    FORMATION_AMENDED_FIELDS,
    SQUAD_AMENDED_FIELDS,
    ForceRaised,
    FormationAmended,
    FormationCommanderAssigned,
    FormationRaised,
    FormationReattached,
    SquadAmended,
    SquadCommanderAssigned,
    SquadRaised,
    SquadTransferred,
)
from campaign.ledger.state import FORMATION_LEVELS, CampaignState, Formation, Soldier
from campaign.models import Campaign
from campaign.plugins import get as plugin_for
from campaign.services.access import (
    bad_input,
    editable_force,
    not_found,
    refused,
    require_force_editor,
    require_organizer,
    status_text,
)
from campaign.services.ledger import Recorded, WriteOptions, write
from clubs.selectors import members
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.limits import limits_of


def raise_force(
    *,
    user,
    campaign: Campaign,
    name: str,
    faction: str = "",
    owner_id: int | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A player raises his force (an organizer may raise one for any member)."""
    owner_id = owner_id if owner_id is not None else getattr(user, "pk", None)
    if owner_id is None:
        raise bad_input("bad_owner", _("a force needs an owner"), field="owner_id")
    if owner_id != getattr(user, "pk", None):
        require_organizer(user=user, campaign=campaign, what=_("raise a force for another player"))
    if not members(club_id=campaign.club_id).filter(pk=owner_id).exists():
        raise bad_input("not_a_member", _("a force's owner must be a member of the club"),
                        field="owner_id")
    if not name.strip():
        raise bad_input("bad_name", _("a force needs a name"), field="name")

    def decide(state: CampaignState):
        if any(f.name == name for f in state.forces.values()):
            raise bad_input("name_taken", _("there is already a force called %(name)r") % {"name": name},
                            field="name")
        return [ForceRaised(force_id=state.next_id("force"), owner_id=owner_id, name=name,
                            faction=faction)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)





def raise_formation(
    *,
    user,
    campaign: Campaign,
    force_id: int,
    level: str,
    name: str,
    parent_id: int | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A formation of the chain of command: battalion -> company -> platoon (§2.18); a
    formation's parent is one level up."""
    if level not in FORMATION_LEVELS:
        raise bad_input("bad_level", _("level must be one of %(levels)s") % {"levels": ', '.join(FORMATION_LEVELS)},
                        field="level")

    def decide(state: CampaignState):
        editable_force(state, force_id, user=user, campaign=campaign)
        if parent_id is not None:
            _check_parent(state, level, _formation_in(state, parent_id, force_id, "parent_id"),
                          "parent_id")
        return [FormationRaised(formation_id=state.next_id("formation"), force_id=force_id,
                                level=level, name=name, parent_id=parent_id)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def raise_squad(
    *,
    user,
    campaign: Campaign,
    force_id: int,
    name: str,
    establishment: int,
    formation_id: int | None = None,
    attributes: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A squad of the force; ``establishment`` is the strength replacements fill it up to, at
    most the rule system's figures per unit (``limit_exceeded``); its attributes are
    checked by the campaign's plug-in."""
    values = _checked_unit(campaign, attributes)
    _check_establishment(campaign, establishment)

    def decide(state: CampaignState):
        editable_force(state, force_id, user=user, campaign=campaign)
        if formation_id is not None:
            _formation_in(state, formation_id, force_id, "formation_id")
        return [SquadRaised(squad_id=state.next_id("squad"), force_id=force_id, name=name,
                            establishment=establishment, formation_id=formation_id,
                            attributes=values)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def amend_formation(
    *,
    user,
    campaign: Campaign,
    formation_id: int,
    changes: Mapping[str, Any],
    reason: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """Rename a formation (``changes``: its ``name``); nothing is recorded when nothing
    changes."""
    unknown = sorted(set(changes) - set(FORMATION_AMENDED_FIELDS))
    if unknown:
        raise bad_input("bad_change", _("%(key)s cannot be amended (amendable: %(amendable)s)")
                        % {"key": unknown[0],
                           "amendable": ", ".join(FORMATION_AMENDED_FIELDS)},
                        field=f"changes.{unknown[0]}")
    if "name" in changes and (not isinstance(changes["name"], str)
                              or not changes["name"].strip()):
        raise bad_input("bad_name", _("a formation needs a name"), field="changes.name")

    def decide(state: CampaignState):
        formation = state.formations.get(formation_id)
        if formation is None:
            raise not_found("formation", formation_id, "formation_id")
        require_force_editor(user=user, campaign=campaign,
                             force=state.forces[formation.force_id])
        real = {k: v for k, v in changes.items() if v != getattr(formation, k)}
        return [FormationAmended(formation_id=formation_id, changes=real,
                                 reason=reason)] if real else []

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def amend_squad(
    *,
    user,
    campaign: Campaign,
    squad_id: int,
    changes: Mapping[str, Any],
    reason: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """Change or correct a squad's details: ``name``, ``establishment`` (as
    :func:`raise_squad` bounds it), ``attributes`` (only those given change, checked by the
    campaign's plug-in); nothing is recorded when nothing changes."""
    unknown = sorted(set(changes) - set(SQUAD_AMENDED_FIELDS))
    if unknown:
        raise bad_input("bad_change", _("%(key)s cannot be amended (amendable: %(amendable)s)")
                        % {"key": unknown[0], "amendable": ", ".join(SQUAD_AMENDED_FIELDS)},
                        field=f"changes.{unknown[0]}")
    given = changes.get("attributes") or {}
    if not isinstance(given, Mapping):
        raise bad_input("bad_change", _("attributes must be an object"),
                        field="changes.attributes")
    if "name" in changes and (not isinstance(changes["name"], str)
                              or not changes["name"].strip()):
        raise bad_input("bad_name", _("a squad needs a name"), field="changes.name")
    if "establishment" in changes:
        _check_establishment(campaign, changes["establishment"], field="changes.establishment")

    def decide(state: CampaignState):
        squad = state.squads.get(squad_id)
        if squad is None:
            raise not_found("squad", squad_id, "squad_id")
        require_force_editor(user=user, campaign=campaign, force=state.forces[squad.force_id])
        schema = state.plugin.unit_schema
        kept = {k: v for k, v in squad.attributes.items()
                if k in schema.by_name and schema.by_name[k].editable}
        values = _checked_unit(campaign, {**kept, **given})
        real: dict[str, Any] = {k: changes[k] for k in ("name", "establishment")
                                if k in changes and changes[k] != getattr(squad, k)}
        attrs = {k: values[k] for k in given if values[k] != squad.attributes.get(k)}
        if attrs:
            real["attributes"] = attrs
        if not real:
            return []
        return [SquadAmended(squad_id=squad_id, changes=real, reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def _checked_unit(campaign: Campaign, attributes: Mapping[str, Any] | None) -> dict:
    """A squad's full attributes, checked by the campaign's plug-in (422 naming the
    attribute)."""
    try:
        return plugin_for(campaign.rule_system).check_unit(attributes=attributes)
    except RuleError as error:
        raise refused(error.code, error.message, field=error.field, rule=error.rule) from None


def _check_establishment(campaign: Campaign, establishment: Any,
                         field: str = "establishment") -> None:
    """At least 1, at most the rule system's figures per unit (``limit_exceeded``)."""
    if not isinstance(establishment, int) or isinstance(establishment, bool) or (
            establishment < 1):
        raise bad_input("bad_establishment", _("establishment must be at least 1"),
                        field=field)
    most = limits_of(registry.get(campaign.rule_system, campaign.rule_version)).figures_per_unit
    if establishment > most:  # a squad larger than a battle takes could never fight
        raise bad_input("limit_exceeded",
                        _("establishment is at most %(limit)s, the rule system's figures per "
                          "unit (limit figures_per_unit=%(limit)s)") % {"limit": most},
                        field=field)


def assign_squad_commander(
    *,
    user,
    campaign: Campaign,
    squad_id: int,
    soldier_id: int,
    attributes: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A soldier of the squad takes command of it; the plug-in may need attributes for a
    commander (Steel War: a leadership, 1 best .. 3 worst, §2.0)."""

    def decide(state: CampaignState):
        squad = state.squads.get(squad_id)
        if squad is None:
            raise not_found("squad", squad_id, "squad_id")
        require_force_editor(user=user, campaign=campaign, force=state.forces[squad.force_id])
        soldier = _commander_candidate(state, soldier_id, squad.force_id)
        if soldier.squad_id != squad_id:
            raise refused("not_in_squad", _("%(soldier)s is not in %(squad)s") % {"soldier": soldier.name, "squad": squad.name},
                          field="soldier_id")
        events: list = _taking_command(state, soldier, attributes)
        if squad.commander_id != soldier_id:
            events.append(SquadCommanderAssigned(squad_id=squad_id, soldier_id=soldier_id,
                                                 reason="assigned"))
        return events

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def assign_formation_commander(
    *,
    user,
    campaign: Campaign,
    formation_id: int,
    soldier_id: int,
    attributes: Mapping[str, Any] | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A soldier of the force takes command of a formation (the rally chain, §2.18)."""

    def decide(state: CampaignState):
        formation = state.formations.get(formation_id)
        if formation is None:
            raise not_found("formation", formation_id, "formation_id")
        require_force_editor(user=user, campaign=campaign,
                             force=state.forces[formation.force_id])
        soldier = _commander_candidate(state, soldier_id, formation.force_id)
        events: list = _taking_command(state, soldier, attributes)
        if formation.commander_id != soldier_id:
            events.append(FormationCommanderAssigned(formation_id=formation_id,
                                                     soldier_id=soldier_id, reason="assigned"))
        return events

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def transfer_squad(
    *,
    user,
    campaign: Campaign,
    squad_id: int,
    to_formation_id: int | None,
    reason: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A squad moves to another formation of its own force (``None``: under no formation),
    its soldiers and commander with it (§2.18). A squad stays in its force: a formation of
    another force, even one of the same owner, is refused. Nothing is recorded when it is
    already there."""

    def decide(state: CampaignState):
        squad = state.squads.get(squad_id)
        if squad is None:
            raise not_found("squad", squad_id, "squad_id")
        require_force_editor(user=user, campaign=campaign, force=state.forces[squad.force_id])
        if to_formation_id is not None:
            _formation_of_force(state, to_formation_id, squad.force_id, "to_formation_id",
                                _("a squad stays in its force"))
        if to_formation_id == squad.formation_id:
            return []
        return [SquadTransferred(squad_id=squad_id, to_formation_id=to_formation_id,
                                 reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def reattach_formation(
    *,
    user,
    campaign: Campaign,
    formation_id: int,
    to_parent_id: int | None,
    reason: str = "",
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A formation moves under another formation of its own force, one level up (§2.18),
    or under none (``None``); everything below it goes with it. Not under itself nor under
    one of its own formations (``cycle``), not into another force. Nothing is recorded when
    it is already there."""

    def decide(state: CampaignState):
        formation = state.formations.get(formation_id)
        if formation is None:
            raise not_found("formation", formation_id, "formation_id")
        require_force_editor(user=user, campaign=campaign,
                             force=state.forces[formation.force_id])
        if to_parent_id is not None:
            parent = _formation_of_force(state, to_parent_id, formation.force_id,
                                         "to_parent_id", _("a formation stays in its force"))
            if _within(state, parent.id, formation.id):
                raise refused("cycle", _("%(parent)s is %(formation)s itself or one of its own "
                                         "formations: a formation cannot go under itself")
                              % {"parent": parent.name, "formation": formation.name},
                              field="to_parent_id", rule="§2.18")
            _check_parent(state, formation.level, parent, "to_parent_id")
        if to_parent_id == formation.parent_id:
            return []
        return [FormationReattached(formation_id=formation_id, to_parent_id=to_parent_id,
                                    reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def _within(state: CampaignState, formation_id: int, ancestor_id: int) -> bool:
    """Whether ``formation_id`` is ``ancestor_id`` or below it in the chain of command."""
    seen: set[int] = set()
    current: int | None = formation_id
    while current is not None and current not in seen:
        if current == ancestor_id:
            return True
        seen.add(current)
        current = state.formations[current].parent_id if current in state.formations else None
    return False


def _check_parent(state: CampaignState, level: str, parent: Formation, field: str) -> None:
    """A formation's parent is one level up (§2.18: battalion -> company -> platoon)."""
    index = FORMATION_LEVELS.index(level)
    expected = FORMATION_LEVELS[index - 1] if index else None
    if parent.level == expected:
        return
    if expected:
        message = _("a %(level)s belongs to a %(expected)s, not to a %(parent)s "
                    "(§2.18)") % {"level": level, "expected": expected,
                                  "parent": parent.level}
    else:
        message = _("a %(level)s has nothing above it, not to a %(parent)s (§2.18)") % {
            "level": level, "parent": parent.level}
    raise refused("bad_chain_of_command", message, field=field, rule="§2.18")


def _formation_of_force(state: CampaignState, formation_id: int, force_id: int, field: str,
                        why: str) -> Formation:
    """The formation (404 if the campaign has none such), if it is of the force (else 422
    ``other_force``, naming both forces and ``why``)."""
    formation = state.formations.get(formation_id)
    if formation is None:
        raise not_found("formation", formation_id, field)
    if formation.force_id != force_id:
        raise refused("other_force", _("%(formation)s belongs to %(other)s, not to %(force)s: "
                                       "%(why)s")
                      % {"formation": formation.name,
                         "other": state.forces[formation.force_id].name,
                         "force": state.forces[force_id].name, "why": why},
                      field=field)
    return formation


def _formation_in(state: CampaignState, formation_id: int, force_id: int,
                  field: str) -> Formation:
    """The force's formation ``formation_id`` (404 if the force has none such)."""
    formation = state.formations.get(formation_id)
    if formation is None or formation.force_id != force_id:
        raise not_found("formation", formation_id, field)
    return formation


def _commander_candidate(state: CampaignState, soldier_id: int, force_id: int) -> Soldier:
    soldier = state.soldiers.get(soldier_id)
    if soldier is None or soldier.force_id != force_id:
        raise not_found("soldier", soldier_id, "soldier_id")
    if soldier.status in ("dead", "captured"):
        raise refused("soldier_unavailable",
                      _("%(soldier)s is %(status)s and cannot take command") % {"soldier": soldier.name, "status": status_text(soldier)},
                      field="soldier_id")
    return soldier


def _taking_command(state: CampaignState, soldier: Soldier,
                    attributes: Mapping[str, Any] | None) -> list:
    """The plug-in's events for a soldier taking a command (422 if he cannot)."""
    try:
        return state.plugin.taking_command(state, soldier, dict(attributes or {}))
    except RuleError as error:
        raise refused(error.code, error.message, field=error.field, rule=error.rule) from None
