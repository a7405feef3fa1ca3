"""Battles and their read models.

The truth of a battle is its event stream (``eventstore``); the rows here are the battle's
identity (club, rule system, participants), the dice seed, and projections that are
rebuilt from the stream on demand (:mod:`battles.services.projection`).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from battles.replay import CORRECTIONS
from clubs.models import Club

DEFAULT_SNAPSHOT_EVERY = 100


def default_snapshot_every() -> int:
    """Snapshot interval K for new battles: settings.BATTLES_SNAPSHOT_EVERY, default 100."""
    return int(getattr(settings, "BATTLES_SNAPSHOT_EVERY", DEFAULT_SNAPSHOT_EVERY))


class Battle(models.Model):
    """A battle: one stream (``StreamId("battle", str(pk))``) folded through its rule system."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CONCLUDED = "concluded", _("concluded")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="battles")
    name = models.CharField(_("name"), max_length=200)
    rule_system = models.CharField(_("rule system"), max_length=40)
    rule_version = models.CharField(_("rules version"), max_length=40)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    result = models.JSONField(null=True, blank=True, help_text="win/lose/draw per side")
    summary = models.JSONField(null=True, blank=True, help_text="casualty summary at conclusion")
    seed_sha256 = models.CharField(
        max_length=64, help_text="SHA-256 (hex) of the secret dice seed, committed at start"
    )
    version = models.PositiveIntegerField(
        default=0, help_text="last stream version folded into the projections"
    )
    snapshot_every = models.PositiveIntegerField(default=default_snapshot_every)
    head_state = models.JSONField(
        null=True, blank=True, editable=False, help_text="rule state at ``version`` (projection)"
    )
    corrections = models.PositiveIntegerField(
        default=0, help_text="correction events folded (projection)"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    concluded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("battle")
        verbose_name_plural = _("battles")

    def __str__(self) -> str:
        return f"{self.name} ({self.rule_system} {self.rule_version})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class BattleParticipant(models.Model):
    """A user taking part in a battle on one side; participants may write."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="battle_participations"
    )
    side = models.CharField(max_length=60)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["battle", "user"], name="one_side_per_battle_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.side}) in {self.battle_id}"


class DiceSeed(models.Model):
    """The secret seed behind a battle's server dice. Never serialised while the battle is
    open; its SHA-256 is on :class:`Battle` from the start, the seed itself is revealed in the
    ``battle.concluded`` event. A reopening replaces it with a new seed (a new seed epoch,
    :mod:`battles.dice`) and ``Battle.seed_sha256`` with its commitment."""

    battle = models.OneToOneField(
        Battle, on_delete=models.CASCADE, primary_key=True, related_name="dice_seed"
    )
    seed = models.CharField(max_length=64, help_text="hex, 32 random bytes")

    def __str__(self) -> str:  # never the seed itself
        return f"dice seed of battle {self.battle_id}"


class BattleSnapshot(models.Model):
    """Rule state (``state_to_json``) after ``version`` events, every ``snapshot_every``."""

    # db_index=False: the (battle, ...) unique constraint below serves lookups by battle;
    # a second index would only cost every insert (docs/benchmarks.md, "Battle recording").
    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="snapshots", db_index=False
    )
    version = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        ordering = ["battle", "version"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "version"], name="one_snapshot_per_version")
        ]

    def __str__(self) -> str:
        return f"battle {self.battle_id} state at v{self.version}"


class BattleLogEntry(models.Model):
    """One row per event: what was recorded, how it counts now, and what it caused."""

    class Status(models.TextChoices):
        APPLIED = "applied", _("applied")
        AMENDED = "amended", _("applied as amended")
        VOIDED = "voided", _("voided by a correction")
        UNFIT = "unfit", _("superseded/unfit: no longer fits what the rules need")
        RECORDED = "recorded", _("recorded (not a rules fact)")

    # db_index=False: the (battle, ...) unique constraint below serves lookups by battle;
    # a second index would only cost every insert (docs/benchmarks.md, "Battle recording").
    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="log", db_index=False
    )
    version = models.PositiveIntegerField()
    position = models.BigIntegerField()
    type = models.CharField(max_length=60)
    data = models.JSONField(help_text="the event as recorded")
    effective_data = models.JSONField(null=True, blank=True, help_text="as amended, if amended")
    metadata = models.JSONField(default=dict, blank=True)
    recorded_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices)
    corrected_by = models.PositiveIntegerField(null=True, blank=True)
    effects = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    problem = models.JSONField(null=True, blank=True, help_text="why the fact is unfit")
    consequences = models.JSONField(
        default=list,
        blank=True,
        help_text="for corrections: a summary of the later events whose outcome changed",
    )
    changed_by = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="the last correction that changed this fact's status or effects",
    )

    class Meta:
        ordering = ["battle", "version"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "version"], name="one_log_row_per_event")
        ]
        indexes = [
            # The corrections, read by every correction and replay (a few rows): a partial
            # index, so that the other rows' inserts and rewrites maintain one index fewer.
            models.Index(
                fields=["battle", "version"],
                condition=models.Q(type__in=CORRECTIONS),
                name="battle_log_corrections",
            ),
            # The facts a correction left unfit, read with every pending request once a
            # battle has corrections: a few rows, not a scan of the battle's log.
            models.Index(
                fields=["battle", "version"],
                condition=models.Q(status="unfit"),
                name="battle_log_unfit",
            ),
        ]
        verbose_name_plural = _("battle log entries")

    def __str__(self) -> str:
        return f"battle {self.battle_id} #{self.version} {self.type} ({self.status})"


class UnitStatus(models.Model):
    """Each unit's status in the battle now (as of ``Battle.version``), from the rule
    system's ``summarize``."""

    # db_index=False: the (battle, ...) unique constraint below serves lookups by battle;
    # a second index would only cost every insert (docs/benchmarks.md, "Battle recording").
    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="unit_statuses", db_index=False
    )
    unit = models.CharField(max_length=80)
    side = models.CharField(max_length=60)
    name = models.CharField(max_length=120, blank=True)
    status = models.JSONField(default=dict)

    class Meta:
        ordering = ["battle", "side", "unit"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "unit"], name="one_status_per_unit")
        ]
        verbose_name_plural = _("unit statuses")

    def __str__(self) -> str:
        return f"{self.unit} in battle {self.battle_id}"


class IdempotentResponse(models.Model):
    """The result (its JSON) of the first write sent with an ``Idempotency-Key``, returned to
    retries; the API gives it its status (:mod:`config.idempotency`)."""

    # db_index=False: the (battle, ...) unique constraint below serves lookups by battle;
    # a second index would only cost every insert (docs/benchmarks.md, "Battle recording").
    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request")
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["battle", "key"], name="one_response_per_key")
        ]

    def __str__(self) -> str:
        return f"response to {self.key}"


class CreationKey(models.Model):
    """A battle started with an ``Idempotency-Key``: a retry of that request (a phone that
    lost the answer) gets the same battle instead of a second one."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request")
    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="one_battle_per_creation_key")
        ]

    def __str__(self) -> str:
        return f"battle {self.battle_id} started with {self.key}"
