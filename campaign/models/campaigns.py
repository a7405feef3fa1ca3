"""A campaign's identity (club, rule system), its dice seed, and its battles.

The truth of a campaign is its ledger stream (``StreamId("campaign", str(pk))``). The
``Campaign`` row holds what never changes (club, name, rule system) plus projected fields
(calendar date, status, house rules) and the ledger version the projections have reached.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club


class Campaign(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="campaigns")
    name = models.CharField(_("name"), max_length=200)
    rule_system = models.CharField(_("rule system"), max_length=40)
    rule_version = models.CharField(_("rules version"), max_length=40)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # projected from the ledger
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    current_date = models.DateField(_("in-game date"), null=True, blank=True)
    house_rules = models.JSONField(default=dict, blank=True)
    projected_version = models.PositiveIntegerField(
        default=0, help_text="last ledger version folded into the campaign's projections"
    )

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="one_campaign_name_per_club")
        ]
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name


class CampaignSeed(models.Model):
    """The secret seed of the campaign's server dice (final reorganisation rolls, recovery
    rolls). Its SHA-256 is in the ``campaign.started`` event; the seed is revealed in
    ``campaign.finished``."""

    campaign = models.OneToOneField(
        Campaign, on_delete=models.CASCADE, primary_key=True, related_name="dice_seed"
    )
    seed = models.CharField(max_length=64, help_text="hex, 32 random bytes")

    def __str__(self) -> str:  # never the seed itself
        return f"dice seed of campaign {self.campaign_id}"


class CampaignBattle(models.Model):
    """Which campaign and scenario a battle belongs to: written with the
    ``scenario.battle_started`` event, so a concluded battle finds its campaign."""

    battle = models.OneToOneField(
        "battles.Battle", on_delete=models.PROTECT, primary_key=True, related_name="campaign_link"
    )
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    scenario_ref = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("campaign battle")
        verbose_name_plural = _("campaign battles")

    def __str__(self) -> str:
        return f"battle {self.battle_id} of campaign {self.campaign_id}"
