"""What has been worked out from an immutable object, kept by the object's identity.

A fold's states share every record an event did not change, so a value derived from a
record (its JSON, its summary) can be kept for that record and reused by the next state,
and a write after each event only works out the records that changed: without it a battle
command costs 16% more instructions (``bench.instructions``, 4 squads). Keeping the object
with its value means its ``id`` cannot be reused while the entry exists. The table is
emptied when it is full: the cost is working values out again, never a wrong one. Size
tables for the working set (a club-sized Steel War battle has 28 squads and about 220
figures). Writing the JSON and the summary after each of bench.rules_fold's 10,000 facts,
with the Steel War's three tables twice their present size, peaked at 10 MB of Python
memory in all. Used for the state's JSON and its summary only (``rules.steelwar.state``,
``rules.steelwar.summary``).
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
