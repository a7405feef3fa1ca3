"""Taking a concluded battle's result over into its campaign's ledger, and catching up.

The ledger is the record of what was taken over: a scenario whose battle is concluded but
whose ``battle.result_taken_over`` event is missing is pending. The append carries the
idempotency key ``battle-<id>-result``, so a second run (a redelivered Celery message, the
catch-up racing the task) appends nothing.
"""
from __future__ import annotations

from battles.models import Battle, BattleLogEntry
from campaign.models import Campaign, CampaignBattle
from campaign.services.dice import server_roll
from campaign.services.ledger import Recorded, state_of, write
from campaign.services.outbox import relay
from campaign.services.projection import project_campaign
from campaign.systems import adapter_for
from eventstore.selectors import stream_version
from rules.core.summary import BattleSummary

#: Battle log rows whose effects count (voided or unfit facts had none).
COUNTED = (BattleLogEntry.Status.APPLIED, BattleLogEntry.Status.AMENDED)


def idempotency_key(battle_id: int) -> str:
    return f"battle-{battle_id}-result"


def take_over_battle(*, battle_id: int) -> Recorded | None:
    """Take over the battle's result, once. None if the battle is not a campaign battle or
    not concluded yet."""
    link = CampaignBattle.objects.select_related("campaign", "battle").filter(
        battle_id=battle_id
    ).first()
    if link is None or link.battle.status != Battle.Status.CONCLUDED:
        return None
    battle, campaign = link.battle, link.campaign
    adapter = adapter_for(campaign.rule_system)
    summary, log_effects = outcome_of(battle)

    def decide(state):
        scenario = state.scenarios.get(link.scenario_ref)
        if scenario is None or scenario.taken_over or scenario.battle_id != battle_id:
            return []

        def roll(key: str, sides: int) -> int:
            return server_roll(campaign_id=campaign.pk, version=state.version + 1, key=key,
                               sides=sides)

        return [adapter.take_over(
            state=state, scenario_id=scenario.id, battle_id=battle_id, result=battle.result,
            summary=summary, log_effects=log_effects, roll=roll,
        )]

    return write(campaign_id=campaign.pk, user=None, decide=decide,
                 idempotency_key=idempotency_key(battle_id))


def outcome_of(battle: Battle) -> tuple[BattleSummary, list]:
    """What a take-over reads of a concluded battle: its summary, and the effects of its log
    rows that count, in order."""
    summary = BattleSummary.from_json(battle.summary or {"sides": []})
    log_effects = [
        effect
        for effects in BattleLogEntry.objects.filter(battle=battle, status__in=COUNTED)
        .order_by("version").values_list("effects", flat=True)
        for effect in effects or ()
    ]
    return summary, log_effects


def pending_battles() -> list[int]:
    """Concluded campaign battles whose result no ledger has taken over yet."""
    concluded = CampaignBattle.objects.filter(battle__status=Battle.Status.CONCLUDED)
    pending: list[int] = []
    for campaign_id in concluded.values_list("campaign_id", flat=True).distinct():
        state = state_of(campaign_id=campaign_id)
        for battle_id in concluded.filter(campaign_id=campaign_id).values_list(
            "battle_id", flat=True
        ):
            scenario = state.scenarios.get(state.battles.get(battle_id))
            if scenario is not None and not scenario.taken_over:
                pending.append(battle_id)
    return sorted(pending)


def lagging_campaigns() -> list[int]:
    """Campaigns whose projections are behind their ledger."""
    from campaign.services.ledger import stream_of

    return [
        campaign.pk
        for campaign in Campaign.objects.only("pk", "projected_version")
        if stream_version(stream_of(campaign.pk)) > campaign.projected_version
    ]


def catch_up() -> dict:
    """Hand the outbox to Celery, take over every pending battle and bring every lagging
    projection up to date."""
    relayed = relay()
    taken = [battle_id for battle_id in pending_battles()
             if take_over_battle(battle_id=battle_id) is not None]
    projected = lagging_campaigns()
    for campaign_id in projected:
        project_campaign(campaign_id=campaign_id)
    return {"relayed": relayed, "taken_over": taken, "projected": projected}

