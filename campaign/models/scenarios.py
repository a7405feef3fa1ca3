"""Read projections of the scenario graph: scenarios (nodes) and links (edges)."""
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.forces import Projected


class Scenario(Projected):
    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        IN_BATTLE = "in_battle", _("in battle")
        CONCLUDED = "concluded", _("concluded")

    name = models.CharField(_("name"), max_length=200)
    description = models.TextField(blank=True)
    force_refs = models.JSONField(default=list)
    attributes = models.JSONField(default=dict, blank=True,
                                  help_text="the plug-in's scenario attributes")
    side_attributes = models.JSONField(default=dict, blank=True,
                                       help_text="force ref -> the plug-in's side attributes")
    picks = models.JSONField(default=dict, blank=True, help_text="force ref -> squads picked")
    sides = models.JSONField(default=list, blank=True, help_text="the sides as set up")
    battle_id = models.PositiveIntegerField(null=True, blank=True)
    played_on = models.DateField(null=True, blank=True)
    results = models.JSONField(default=dict, blank=True, help_text="force ref -> win/lose/draw")
    status = models.CharField(max_length=12, choices=Status.choices)
    open = models.BooleanField(help_text="its predecessors' results allow it to be played")

    class Meta(Projected.Meta):
        constraints = [models.UniqueConstraint(fields=["campaign", "ref"], name="scenario_ref")]
        verbose_name = _("scenario")
        verbose_name_plural = _("scenarios")

    def __str__(self) -> str:
        return self.name


class ScenarioLink(models.Model):
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    from_ref = models.PositiveIntegerField()
    to_ref = models.PositiveIntegerField()
    condition = models.CharField(max_length=8, blank=True)
    force_ref = models.PositiveIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField()

    class Meta:
        ordering = ["campaign", "version"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "version", "from_ref", "to_ref"],
                                    name="one_link_per_event")
        ]
        verbose_name = _("scenario link")
        verbose_name_plural = _("scenario links")

    def __str__(self) -> str:
        return f"{self.from_ref} -> {self.to_ref}"
