"""Schema evolution: each event type's current payload version, and upcasters from older ones.

Stored payloads are never rewritten. An upcaster turns a payload of schema version ``v`` into
version ``v + 1``; readers get every payload upcast, link by link, to its type's current
version. Register at import time of the app that owns the event type (e.g. in
``AppConfig.ready``)::

    from eventstore.upcasting import register_upcaster

    @register_upcaster("unit_moved", from_version=1)
    def _unit_moved_v1_to_v2(data):
        return {**data, "facing": None}   # v2 added "facing"

A type with no registration is at version 1. Registering an upcaster from ``v`` makes the
current version at least ``v + 1``; ``register_schema_version`` sets it explicitly (a version
bump whose old payloads need no change still needs an upcaster: it may return ``data`` as is).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from eventstore.errors import SchemaError

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class UpcasterRegistry:
    """Current schema version per event type and the upcasters between versions."""

    def __init__(self) -> None:
        self._current: dict[str, int] = {}
        self._upcasters: dict[tuple[str, int], Upcaster] = {}

    @property
    def current_versions(self) -> Mapping[str, int]:
        """Event type -> current schema version, for types above version 1 only."""
        return self._current

    def current_version(self, event_type: str) -> int:
        return self._current.get(event_type, 1)

    def register_schema_version(self, event_type: str, version: int) -> None:
        """Declare ``event_type``'s current schema version."""
        _check_version(version)
        highest_link = max((v for t, v in self._upcasters if t == event_type), default=0)
        if version <= highest_link:
            raise SchemaError(
                f"{event_type}: an upcaster from version {highest_link} exists, "
                f"so the current version cannot be {version}"
            )
        if version > 1:
            self._current[event_type] = version

    def register_upcaster(
        self, event_type: str, from_version: int, fn: Upcaster | None = None
    ) -> Any:
        """Register ``fn`` turning a ``from_version`` payload into ``from_version + 1``.

        Without ``fn`` it returns a decorator.
        """
        if fn is None:

            def decorator(f: Upcaster) -> Upcaster:
                self.register_upcaster(event_type, from_version, f)
                return f

            return decorator
        _check_version(from_version)
        if (event_type, from_version) in self._upcasters:
            raise SchemaError(f"{event_type}: an upcaster from version {from_version} exists")
        self._upcasters[event_type, from_version] = fn
        self._current[event_type] = max(self.current_version(event_type), from_version + 1)
        return None

    def upcast(self, event_type: str, schema_version: int, data: Payload) -> tuple[int, Payload]:
        """Return ``(current version, payload)`` for a payload stored at ``schema_version``.

        A payload at or above the current version is returned unchanged.
        """
        current = self.current_version(event_type)
        while schema_version < current:
            try:
                fn = self._upcasters[event_type, schema_version]
            except KeyError:
                raise SchemaError(
                    f"{event_type}: no upcaster from schema version {schema_version} "
                    f"(current is {current})"
                ) from None
            data = fn(data)
            schema_version += 1
        return schema_version, data


def _check_version(version: object) -> None:
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SchemaError(f"schema versions are ints from 1, not {version!r}")


registry = UpcasterRegistry()


def register_upcaster(event_type: str, from_version: int, fn: Upcaster | None = None) -> Any:
    """Register an upcaster in the default registry (see :class:`UpcasterRegistry`)."""
    return registry.register_upcaster(event_type, from_version, fn)


def register_schema_version(event_type: str, version: int) -> None:
    """Declare an event type's current schema version in the default registry."""
    registry.register_schema_version(event_type, version)
