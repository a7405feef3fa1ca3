"""Read projections of forces: the force sheet (forces, formations, squads, soldiers).

What a rule system adds is its campaign plug-in's ``attributes`` (validated JSON, shown from
the plug-in's schema), not columns.

Every row is rebuilt from the campaign ledger (``manage.py rebuild_campaign_projections``);
never edit them by hand: record an event instead. ``ref`` is the id the ledger gave the
entity (one sequence per kind and campaign); links between rows are refs too, so a rebuild
gives the same rows.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.campaigns import Campaign


class Projected(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+",
                                 verbose_name=_("campaign"))
    ref = models.PositiveIntegerField(help_text="the id in the campaign ledger")
    version = models.PositiveIntegerField(help_text="ledger version of the last change")

    class Meta:
        abstract = True
        ordering = ["campaign", "ref"]


class Force(Projected):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="forces"
    )
    name = models.CharField(_("name"), max_length=120)
    faction = models.CharField(_("faction"), max_length=60, blank=True)
    attributes = models.JSONField(_("attributes"), default=dict, blank=True,
                                  help_text="the plug-in's force attributes and what it derives")
    battles_fought = models.PositiveIntegerField()

    class Meta(Projected.Meta):
        constraints = [models.UniqueConstraint(fields=["campaign", "ref"], name="force_ref")]
        verbose_name = _("force")
        verbose_name_plural = _("forces")

    def __str__(self) -> str:
        return self.name


class Formation(Projected):
    force_ref = models.PositiveIntegerField()
    parent_ref = models.PositiveIntegerField(null=True, blank=True)
    level = models.CharField(max_length=16)
    name = models.CharField(_("name"), max_length=120)
    commander_ref = models.PositiveIntegerField(null=True, blank=True)

    class Meta(Projected.Meta):
        constraints = [models.UniqueConstraint(fields=["campaign", "ref"], name="formation_ref")]
        verbose_name = _("formation")
        verbose_name_plural = _("formations")

    def __str__(self) -> str:
        return f"{self.level} {self.name}"


class Squad(Projected):
    force_ref = models.PositiveIntegerField()
    formation_ref = models.PositiveIntegerField(null=True, blank=True)
    name = models.CharField(_("name"), max_length=120)
    establishment = models.PositiveIntegerField(_("establishment"), null=True, blank=True)
    attributes = models.JSONField(_("attributes"), default=dict, blank=True,
                                  help_text="the plug-in's unit attributes")
    commander_ref = models.PositiveIntegerField(null=True, blank=True)
    raised_on = models.DateField(_("raised on"), null=True, blank=True)
    battles_fought = models.PositiveIntegerField(_("battles fought"))
    strength = models.PositiveIntegerField(
        _("strength"), help_text=_("soldiers on the roll, not dead or captured"))
    fit = models.PositiveIntegerField(_("fit"), help_text=_("soldiers fit to fight"))
    # totals over its battles, from the battle results taken over
    casualties = models.PositiveIntegerField(_("casualties"), default=0)
    record = models.JSONField(default=dict, blank=True,
                              help_text="the plug-in's totals of its battle reports")

    class Meta(Projected.Meta):
        constraints = [models.UniqueConstraint(fields=["campaign", "ref"], name="squad_ref")]
        indexes = [models.Index(fields=["campaign", "force_ref"])]
        verbose_name = _("squad")
        verbose_name_plural = _("squads")

    def __str__(self) -> str:
        return self.name


class Soldier(Projected):
    class Status(models.TextChoices):
        FIT = "fit", _("fit")
        WOUNDED = "wounded", _("wounded")
        RECOVERING = "recovering", _("recovering")
        DEAD = "dead", _("dead")
        CAPTURED = "captured", _("captured")

    force_ref = models.PositiveIntegerField()
    squad_ref = models.PositiveIntegerField(null=True, blank=True)
    name = models.CharField(_("name"), max_length=120)
    role = models.CharField(max_length=40, blank=True)
    attributes = models.JSONField(_("attributes"), default=dict, blank=True,
                                  help_text="the plug-in's member attributes")
    status = models.CharField(max_length=12, choices=Status.choices)
    held_by_force_ref = models.PositiveIntegerField(null=True, blank=True)
    joined_on = models.DateField(null=True, blank=True)
    replacement = models.BooleanField(default=False)
    wounded_on = models.DateField(null=True, blank=True)
    recovery_due = models.DateField(null=True, blank=True)
    last_recovery_roll_on = models.DateField(null=True, blank=True)
    battles_fought = models.PositiveIntegerField()
    wounds = models.PositiveIntegerField()
    recoveries = models.PositiveIntegerField()

    class Meta(Projected.Meta):
        constraints = [models.UniqueConstraint(fields=["campaign", "ref"], name="soldier_ref")]
        indexes = [
            models.Index(fields=["campaign", "force_ref"]),
            models.Index(fields=["campaign", "squad_ref"]),
        ]
        verbose_name = _("soldier")
        verbose_name_plural = _("soldiers")

    def __str__(self) -> str:
        return self.name
