"""Taking a concluded battle's result over into its campaign's ledger, and catching up.

The ledger is the record of what was taken over: a scenario whose battle is concluded but
whose ``battle.result_taken_over`` event is missing (or took over an earlier conclusion) is
pending. The append carries an idempotency key per conclusion (:func:`idempotency_key`), so
a second run (a redelivered Celery message, the catch-up racing the task) appends nothing.

A battle reopened and concluded again (``battles.services.reopen_battle``) is taken over
again: the new take-over voids the first one (``entry.voided``) and records the new result
in the same append, computed on the ledger without the first one, so nothing is counted
twice (deaths, fatigue, battles fought).
"""
from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext_noop

from battles.selectors import concluded_battles, concluded_versions, conclusion_of
from campaign.ledger.events import BattleResultTakenOver, EntryVoided
from campaign.ledger.state import CampaignState, Scenario
from campaign.models import Campaign, CampaignBattle
from campaign.plugins import get as plugin_for
from campaign.services.corrections import refold_with
from campaign.services.dice import server_roll
from campaign.services.ledger import Recorded, ledger_of, state_of, write
from campaign.services.outbox import relay
from campaign.services.projection import project_campaign
from eventstore.selectors import stream_version
from rules.core.summary import BattleSummary

#: The reason stored with the void of a take-over replaced by a later conclusion.
RETAKEN = gettext_noop("battle %(battle)s was reopened and concluded again")


def idempotency_key(battle_id: int, battle_version: int | None = None,
                    reopened: bool = False) -> str:
    """The take-over's key: one per battle for its first conclusion (as before reopening
    existed), one per conclusion (the battle's version) after a reopening."""
    if not reopened or battle_version is None:
        return f"battle-{battle_id}-result"
    return f"battle-{battle_id}-result-{battle_version}"


def takes_over(scenario: Scenario, battle_version: int, reopened: bool) -> bool:
    """Whether the battle's conclusion at ``battle_version`` is still to be taken over into
    ``scenario``: never taken over, or the take-over in force is of an earlier conclusion (a
    take-over recorded before reopening existed counts as the first conclusion's)."""
    if not scenario.taken_over:
        return True
    if scenario.taken_over_battle_version is None:
        return reopened
    return scenario.taken_over_battle_version != battle_version


def take_over_battle(*, battle_id: int) -> Recorded | None:
    """Take over the battle's result, once per conclusion. None if the battle is not a
    campaign battle or not concluded yet."""
    link = CampaignBattle.objects.select_related("campaign").filter(battle_id=battle_id).first()
    conclusion = conclusion_of(battle_id=battle_id) if link is not None else None
    if conclusion is None:
        return None
    campaign = link.campaign
    plugin = plugin_for(campaign.rule_system)
    summary = BattleSummary.from_json(conclusion.summary)

    def decide(state: CampaignState):
        scenario = state.scenarios.get(link.scenario_ref)
        if scenario is None or scenario.battle_id != battle_id or not takes_over(
            scenario, conclusion.version, conclusion.reopened
        ):
            return []
        events = []
        if scenario.taken_over:
            events.append(EntryVoided(target_version=scenario.taken_over_at,
                                      target_type=BattleResultTakenOver.type,
                                      reason=RETAKEN % {"battle": battle_id}))
            entries = ledger_of(campaign_id=campaign.pk, to_version=state.version)
            state = replace(refold_with(campaign=campaign, entries=entries, events=events),
                            version=state.version + 1)

        def roll(key: str, sides: int) -> int:
            return server_roll(campaign_id=campaign.pk, version=state.version + 1, key=key,
                               sides=sides)

        taken = plugin.take_over(
            state=state, scenario_id=scenario.id, battle_id=battle_id, result=conclusion.result,
            summary=summary, log_effects=conclusion.log_effects, roll=roll,
        )
        return [*events, replace(taken, battle_version=conclusion.version)]

    return write(campaign_id=campaign.pk, user=None, decide=decide,
                 idempotency_key=idempotency_key(battle_id, conclusion.version,
                                                 conclusion.reopened))


def pending_battles() -> list[int]:
    """Concluded campaign battles whose result no ledger has taken over yet."""
    concluded = CampaignBattle.objects.filter(battle__in=concluded_battles())
    pending: list[int] = []
    for campaign_id in concluded.values_list("campaign_id", flat=True).distinct():
        state = state_of(campaign_id=campaign_id)
        battle_ids = concluded.filter(campaign_id=campaign_id).values_list("battle_id",
                                                                          flat=True)
        for battle_id, (version, reopened) in concluded_versions(
            battle_ids=battle_ids
        ).items():
            scenario = state.scenarios.get(state.battles.get(battle_id))
            if scenario is not None and takes_over(scenario, version, reopened):
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

