"""The Steel War's own campaign commands: rest and front (§2.17), leadership (§2.0),
recovery rolls (house rule), motivation (§2.17). Each decides its plug-in event on the
current state and writes it like every campaign command (``campaign.services.ledger``)."""
from __future__ import annotations

from datetime import timedelta
from typing import Unpack

from django.utils.translation import gettext as _

from campaign.ledger.state import CampaignState
from campaign.models import Campaign
from campaign.services.access import (
    bad_input,
    force_in_state,
    refused,
    require_organizer,
    status_text,
)
from campaign.services.dice import server_roll
from campaign.services.ledger import Recorded, WriteOptions, write
from campaign.services.scenarios import set_side_attributes
from campaign.services.soldiers import editable_soldier, soldier_of
from campaign.systems.steelwar.attributes import SIDE
from campaign.systems.steelwar.events import (
    ForceSentToFront,
    ForceSentToRest,
    LeadershipChanged,
    RecoveryRolled,
)
from rules.core.errors import RuleError


def send_force_to_rest(
    *,
    user,
    campaign: Campaign,
    force_id: int,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer rotates a force out of the line: while at rest its fatigue falls
    (house rule, §2.17 "units rotate between the front line and rest")."""
    return _posture(user, campaign, force_id, "rest", writing)


def send_force_to_front(
    *,
    user,
    campaign: Campaign,
    force_id: int,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer sends a force back into the line: time there tires it (house rule)."""
    return _posture(user, campaign, force_id, "front", writing)


def _posture(user, campaign: Campaign, force_id: int, posture: str,
             writing: WriteOptions) -> Recorded:
    require_organizer(user=user, campaign=campaign, what=_("rotate forces"))

    def decide(state: CampaignState):
        force = force_in_state(state, force_id)
        if force.attributes["posture"] == posture:
            return []
        event = ForceSentToRest if posture == "rest" else ForceSentToFront
        return [event(force_id=force.id)]

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
        soldier = soldier_of(state, soldier_id)
        if soldier.attributes.get("leadership") == leadership:
            return []
        return [LeadershipChanged(soldier_id=soldier_id, leadership=leadership, reason=reason)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def roll_recovery(
    *,
    user,
    campaign: Campaign,
    soldier_id: int,
    entered_roll: int | None = None,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """A recovery roll for a recovering soldier (house rule, ``house_rules``): the
    server rolls (verifiably) unless an organizer enters a physical die."""
    if entered_roll is not None:
        require_organizer(user=user, campaign=campaign, what=_("enter recovery dice"))

    def decide(state: CampaignState):
        soldier = editable_soldier(state, soldier_id, user=user, campaign=campaign)
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


def set_motivation(
    *,
    user,
    campaign: Campaign,
    scenario_id: int,
    force_id: int,
    motivation: str,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The organizer sets a side's motivation for the scenario: once per scenario, before
    play, for all its units (§2.17). The core's side attributes, with this API's own code for
    a value that does not fit."""
    require_organizer(user=user, campaign=campaign, what=_("set motivation"))
    try:
        SIDE.check({"motivation": motivation}, prefix="")
    except RuleError as error:
        raise bad_input("bad_motivation", error.message, field="motivation") from None
    return set_side_attributes(user=user, campaign=campaign, scenario_id=scenario_id,
                               force_id=force_id, attributes={"motivation": motivation},
                               **writing)
