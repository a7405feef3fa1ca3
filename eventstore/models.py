"""The event table: append-only (database triggers refuse UPDATE, DELETE and TRUNCATE)."""
from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from eventstore.errors import ImmutableEvent
from eventstore.fields import CurrentTransactionId, TransactionIdField
from eventstore.types import STREAM_ID_MAX_LENGTH, STREAM_TYPE_MAX_LENGTH, StreamId

EVENT_TYPE_MAX_LENGTH = 128
IDEMPOTENCY_KEY_MAX_LENGTH = 255


class Event(models.Model):
    """One recorded event. Written only by :func:`eventstore.services.append`."""

    position = models.BigAutoField(primary_key=True, help_text="global position")
    stream_type = models.CharField(max_length=STREAM_TYPE_MAX_LENGTH)
    stream_id = models.CharField(max_length=STREAM_ID_MAX_LENGTH)
    version = models.PositiveIntegerField(help_text="1..n within the stream, contiguous")
    event_type = models.CharField(max_length=EVENT_TYPE_MAX_LENGTH)
    schema_version = models.PositiveSmallIntegerField(help_text="version of the stored payload")
    data = models.JSONField()
    metadata = models.JSONField(default=dict)
    idempotency_key = models.CharField(  # noqa: DJ001 - NULL: no key (partial unique index)
        max_length=IDEMPOTENCY_KEY_MAX_LENGTH,
        null=True,
        blank=True,
        help_text="set on the first event of an append made with a key",
    )
    recorded_at = models.DateTimeField()
    order_xid = TransactionIdField(
        db_default=CurrentTransactionId(),
        editable=False,
        help_text="the writing transaction's id, or the stream's previous event's order_xid if "
        "larger: read_all serves events in (order_xid, position) order",
    )

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        default_permissions = ("view",)
        constraints = [
            models.UniqueConstraint(
                fields=["stream_type", "stream_id", "version"],
                name="eventstore_event_stream_version_uniq",
            ),
            models.UniqueConstraint(
                fields=["stream_type", "stream_id", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="eventstore_event_stream_idempotency_uniq",
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="eventstore_event_version_gte_1"),
            models.CheckConstraint(
                condition=Q(schema_version__gte=1), name="eventstore_event_schema_version_gte_1"
            ),
            models.CheckConstraint(
                condition=~Q(event_type=""), name="eventstore_event_event_type_not_empty"
            ),
        ]
        indexes = [
            models.Index(fields=["order_xid", "position"], name="eventstore_event_read_order"),
        ]

    def __str__(self) -> str:
        return f"{self.stream_type}/{self.stream_id} v{self.version} {self.event_type}"

    def save(self, *args, **kwargs):
        if self._state.adding:
            raise ImmutableEvent("events are written only by eventstore.services.append")
        raise ImmutableEvent("events are immutable: correct a mistake by appending an event")

    @property
    def stream(self) -> StreamId:
        return StreamId(self.stream_type, self.stream_id)
