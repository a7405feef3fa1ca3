"""Campaign plug-ins: one per rule system, on the generic campaign core (``docs/campaign.md``)."""
from campaign.plugins.protocol import CampaignPlugin, NoHouseRules, refusal
from campaign.plugins.registry import get, register, supported
from campaign.plugins.schema import Attribute, Schema

__all__ = ["Attribute", "CampaignPlugin", "NoHouseRules", "Schema", "get", "refusal",
           "register", "supported"]
