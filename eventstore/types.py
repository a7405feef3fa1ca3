"""Value objects of the event store's public API."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from eventstore.errors import InvalidArgument

STREAM_TYPE_MAX_LENGTH = 64
STREAM_ID_MAX_LENGTH = 128


@dataclass(frozen=True, slots=True)
class StreamId:
    """A stream's identity: its type (``"battle"``) and its id within that type (``"42"``).

    An int id is accepted and stored as its decimal string: ``StreamId("battle", 42).id == "42"``.
    """

    type: str
    id: str

    def __post_init__(self) -> None:
        if isinstance(self.id, int) and not isinstance(self.id, bool):
            object.__setattr__(self, "id", str(self.id))
        _check_name("stream type", self.type, STREAM_TYPE_MAX_LENGTH)
        _check_name("stream id", self.id, STREAM_ID_MAX_LENGTH)

    def __str__(self) -> str:
        return f"{self.type}/{self.id}"


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its type, its JSON-object payload, optional metadata.

    ``schema_version=None`` means the type's current registered schema version
    (see :mod:`eventstore.upcasting`; 1 for a type that registered none).
    """

    type: str
    data: Mapping[str, Any]
    metadata: Mapping[str, Any] = field(default_factory=dict)
    schema_version: int | None = None


class RecordedEvent(NamedTuple):
    """A stored event as readers see it (payload upcast to the type's current schema version).

    ``version`` is its place in its stream (1..n); ``position`` is its unique global position,
    the cursor for ``read_all(after=...)``. A NamedTuple rather than a frozen dataclass:
    readers build thousands per call, and a NamedTuple is built three to four times faster.
    """

    stream: StreamId
    version: int
    position: int
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: datetime

    def exported(self) -> dict[str, Any]:
        """The event as an export file holds it (a battle's or a campaign's): its place in
        the stream, type, schema version, payload, metadata and time."""
        return {
            "version": self.version,
            "type": self.type,
            "schema_version": self.schema_version,
            "data": self.data,
            "metadata": self.metadata,
            "recorded_at": self.recorded_at.isoformat() if self.recorded_at else None,
        }


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What an append stored: versions ``from_version..to_version`` of ``stream``.

    ``replayed`` is true when the idempotency key had been used: the events are the ones the
    first call stored, and nothing new was appended.
    """

    stream: StreamId
    from_version: int
    to_version: int
    events: tuple[RecordedEvent, ...]
    replayed: bool = False


def _check_name(what: str, value: object, max_length: int) -> None:
    if not isinstance(value, str) or not value:
        raise InvalidArgument(f"{what} must be a non-empty string, not {value!r}")
    if len(value) > max_length:
        raise InvalidArgument(f"{what} is longer than {max_length} characters: {value[:40]!r}...")
