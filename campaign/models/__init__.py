"""Campaign models, one module per concern.

``clubs`` and ``campaigns`` hold identities (who belongs where, which campaign a battle is
part of); ``forces``, ``scenarios`` and ``history`` are read projections of the ledger;
``outbox`` holds Celery work not yet handed to the broker.
"""
from campaign.models.campaigns import Campaign, CampaignBattle, CampaignSeed
from campaign.models.clubs import Club, Membership
from campaign.models.forces import Force, Formation, Soldier, Squad
from campaign.models.history import HistoryEntry
from campaign.models.outbox import OutboxMessage
from campaign.models.scenarios import Scenario, ScenarioLink

__all__ = [
    "Campaign",
    "CampaignBattle",
    "CampaignSeed",
    "Club",
    "Force",
    "Formation",
    "HistoryEntry",
    "Membership",
    "OutboxMessage",
    "Scenario",
    "ScenarioLink",
    "Soldier",
    "Squad",
]
