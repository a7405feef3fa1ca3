"""History rows: what every ledger event did to each soldier, squad, formation and force.

One row per effect of the fold (``campaign.ledger.fold``) and subject it concerns, keyed by
``(campaign, version, seq, subject, subject_ref)`` so projecting an event twice adds nothing.
"""
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.models.campaigns import Campaign


class CountedRows(models.Manager):
    """History rows of entries that count: a voided entry's rows stay (struck through in
    the histories) but are never summed."""

    def get_queryset(self):
        return super().get_queryset().filter(voided_by__isnull=True)


class HistoryEntry(models.Model):
    class Subject(models.TextChoices):
        CAMPAIGN = "campaign", _("campaign")
        FORCE = "force", _("force")
        FORMATION = "formation", _("formation")
        SQUAD = "squad", _("squad")
        SOLDIER = "soldier", _("soldier")
        SCENARIO = "scenario", _("scenario")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="history")
    subject = models.CharField(max_length=12, choices=Subject.choices)
    subject_ref = models.PositiveIntegerField(help_text="0 for the campaign itself")
    version = models.PositiveIntegerField(help_text="the ledger event")
    seq = models.PositiveIntegerField(help_text="the effect's place among the event's effects")
    kind = models.CharField(max_length=40)
    text = models.TextField()
    in_game_date = models.DateField(null=True, blank=True)
    battle_id = models.PositiveIntegerField(null=True, blank=True)
    scenario_ref = models.PositiveIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    recorded_at = models.DateTimeField()
    voided_by = models.PositiveIntegerField(
        null=True, blank=True, help_text="the ledger entry that voided this row's entry")
    amended_by = models.PositiveIntegerField(
        null=True, blank=True, help_text="the ledger entry whose amendment this row shows")
    correction_reason = models.TextField(blank=True, default="")

    objects = models.Manager()
    #: Rows whose entry still counts (not voided): what records, totals and charts sum.
    counted = CountedRows()

    class Meta:
        ordering = ["campaign", "version", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "subject", "subject_ref", "version", "seq"],
                name="one_history_row_per_effect",
            )
        ]
        indexes = [
            models.Index(fields=["campaign", "subject", "subject_ref", "version"]),
            models.Index(fields=["campaign", "kind"]),
        ]
        verbose_name = _("history entry")
        verbose_name_plural = _("history entries")

    def __str__(self) -> str:
        return self.text
