"""Starting a campaign, its house rules, its calendar, and its end."""
from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Unpack

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from battles import dice as dice_scheme
from campaign.ledger.events import (
    BattleOptionsSet,
    CalendarAdvanced,
    CampaignFinished,
    CampaignStarted,
    HouseRulesChanged,
)
from campaign.models import Campaign, CampaignSeed
from campaign.plugins import get as plugin_for
from campaign.services.access import bad_input, require_organizer
from campaign.services.ledger import Recorded, WriteOptions, write
from clubs.access import require_club_organizer
from clubs.models import Club
from rules.core import registry
from rules.core.errors import RuleError

#: Longest single step of the calendar (a season): longer gaps are recorded in steps.
MAX_DAYS_PER_STEP = 366


def start_campaign(
    *,
    user,
    club: Club,
    name: str,
    start_date: date,
    rule_system: str = "steelwar",
    rule_version: str | None = None,
    house_rules: Mapping[str, Any] | None = None,
) -> Campaign:
    """An organizer starts a campaign: its identity row, a secret dice seed, and the
    ``campaign.started`` event (house rules default to the plug-in's)."""
    require_club_organizer(user=user, club_id=club.pk, what=_("start a campaign"))
    plugin = plugin_for(rule_system)
    system = registry.get(rule_system, rule_version)
    rules = plugin.parse_house_rules(house_rules)
    if not name.strip():
        raise bad_input("bad_name", _("a campaign needs a name"), field="name")
    seed = dice_scheme.new_seed()
    try:
        with transaction.atomic():
            campaign = Campaign.objects.create(
                club=club, name=name, rule_system=system.id, rule_version=system.version,
                created_by=user, start_date=start_date, current_date=start_date,
                house_rules=rules.to_json(),
            )
            CampaignSeed.objects.create(campaign=campaign, seed=seed)
            write(
                campaign_id=campaign.pk,
                user=user,
                decide=lambda state: [
                    CampaignStarted(
                        name=name, rule_system=system.id, rule_version=system.version,
                        start_date=start_date.isoformat(), house_rules=rules.to_json(),
                        seed_sha256=dice_scheme.seed_sha256(seed),
                    )
                ],
            )
    except IntegrityError:
        raise bad_input(
            "name_taken", _("%(club)s already has a campaign called %(name)r") % {"club": club, "name": name}, field="name"
        ) from None
    return campaign


def change_house_rules(
    *,
    user,
    campaign: Campaign,
    changes: Mapping[str, Any],
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """An organizer changes some house rules (a partial object, e.g.
    ``{"fatigue": {"tired_at": 4}}``); the full new set is recorded."""
    require_organizer(user=user, campaign=campaign, what=_("change the house rules"))
    plugin = plugin_for(campaign.rule_system)

    def decide(state):
        rules = plugin.merge_house_rules(state.house_rules, changes)
        if rules == state.house_rules:
            return []
        return [HouseRulesChanged(house_rules=rules.to_json())]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def set_battle_options(
    *,
    user,
    campaign: Campaign,
    options: Mapping[str, Any],
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """An organizer sets how the campaign's battles read the rule system's ambiguous rules
    (its PROPOSED options); battles already started keep theirs."""
    require_organizer(user=user, campaign=campaign, what=_("set the battle options"))
    try:
        options = plugin_for(campaign.rule_system).check_battle_options(options)
    except RuleError as error:
        raise bad_input(error.code, error.message, field=error.field) from None

    def decide(state):
        if options == state.battle_options:
            return []
        return [BattleOptionsSet(options=options)]

    return write(campaign_id=campaign.pk, user=user, decide=decide, **writing)


def advance_calendar(
    *,
    user,
    campaign: Campaign,
    days: int,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """In-game time passes (what it does is the plug-in's: Steel War's house rules tire
    forces at the front, rest them, and evacuate and recover the wounded)."""
    require_organizer(user=user, campaign=campaign, what=_("move the calendar"))
    check_days(days)
    return write(campaign_id=campaign.pk, user=user,
                 decide=lambda state: [CalendarAdvanced(days=days)], **writing)


def check_days(days: object, field: str = "days") -> int:
    """A calendar step: a whole number of days from 1 to ``MAX_DAYS_PER_STEP``."""
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MAX_DAYS_PER_STEP:
        raise bad_input("bad_days", _("days must be a whole number from 1 to %(most)s") % {"most": MAX_DAYS_PER_STEP},
                        field=field)
    return days


def finish_campaign(
    *,
    user,
    campaign: Campaign,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """The campaign ends; the dice seed is revealed so anyone can check every server roll."""
    require_organizer(user=user, campaign=campaign, what=_("finish the campaign"))
    seed = CampaignSeed.objects.values_list("seed", flat=True).get(campaign=campaign)
    return write(campaign_id=campaign.pk, user=user,
                 decide=lambda state: [CampaignFinished(seed=seed)], **writing)
