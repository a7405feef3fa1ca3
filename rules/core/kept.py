"""What has been worked out from an immutable object, kept by the object's identity.

A fold's states share every record an event did not change, so a value derived from a
record (its JSON, its summary) can be kept for that record and reused by the next state,
and a write after each event only works out the records that changed. Keeping the object
with its value means its ``id`` cannot be reused while the entry exists. The table is
emptied when it is full: the cost is working values out again, never a wrong one.
Pure Python; safe under the GIL (a lost entry is only recomputed).
"""

from __future__ import annotations

from typing import Any


class KeptByIdentity:
    """``get(obj)`` the value kept for this very object, or None; ``keep(obj, value)``."""

    __slots__ = ("_kept", "_size")

    def __init__(self, size: int) -> None:
        self._kept: dict[int, tuple[Any, Any]] = {}
        self._size = size

    def get(self, obj: Any) -> Any:
        kept = self._kept.get(id(obj))
        if kept is not None and kept[0] is obj:
            return kept[1]
        return None

    def keep(self, obj: Any, value: Any) -> Any:
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(obj)] = (obj, value)
        return value

    def __len__(self) -> int:
        return len(self._kept)
