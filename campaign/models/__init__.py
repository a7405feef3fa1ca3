"""Campaign models, one module per concern."""
from campaign.models.clubs import Club, Membership

__all__ = ["Club", "Membership"]
