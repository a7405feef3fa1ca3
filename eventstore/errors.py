"""The event store's errors: one base class, one subclass per thing a caller can act on."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eventstore.types import StreamId


class EventStoreError(Exception):
    """Base class of every error the event store raises on purpose."""


class InvalidArgument(EventStoreError, ValueError):
    """A call was malformed (bad stream id, version, event list, payload...); nothing was stored."""


class WrongExpectedVersion(EventStoreError):
    """The stream is not at the version the writer expected: reload, decide again, retry."""

    def __init__(self, stream: StreamId, *, expected: int, current_version: int) -> None:
        self.stream = stream
        self.expected = expected
        self.current_version = current_version
        super().__init__(
            f"stream {stream}: expected version {expected}, "
            f"but the stream is at version {current_version}"
        )


class UnknownPosition(EventStoreError, LookupError):
    """``read_all(after=...)`` was given a position that no stored event has."""


class ImmutableEvent(EventStoreError):
    """Events are never saved through the ORM: append them, correct them with new events."""


class SchemaError(EventStoreError):
    """An event type's schema versions or upcasters are registered inconsistently."""
