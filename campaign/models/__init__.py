"""Campaign models, one module per concern.

``campaigns`` holds identities (a campaign's club, which campaign a battle is part of);
``forces``, ``scenarios`` and ``history`` are read projections of the ledger; ``outbox``
holds Celery work not yet handed to the broker. Clubs and their members are the ``clubs``
app's.
"""
from campaign.models.campaigns import Campaign, CampaignBattle, CampaignSeed
from campaign.models.forces import Force, Formation, Soldier, Squad
from campaign.models.history import HistoryEntry
from campaign.models.outbox import OutboxMessage
from campaign.models.scenarios import Scenario, ScenarioLink

__all__ = [
    "Campaign",
    "CampaignBattle",
    "CampaignSeed",
    "Force",
    "Formation",
    "HistoryEntry",
    "OutboxMessage",
    "Scenario",
    "ScenarioLink",
    "Soldier",
    "Squad",
]
