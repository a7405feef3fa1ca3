"""Schema versions of the battles app's events and the upcasters from older ones
(:mod:`eventstore.upcasting`); :class:`battles.apps.BattlesConfig` registers them.

- ``battle.concluded`` 2: the casualty summary keeps a rule system's own facts about a
  figure in its ``details`` map (:mod:`rules.core.summary`); in schema 1 they stood beside
  the core's keys, and the summary counted them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battles.replay import CONCLUDED
from eventstore.upcasting import UpcasterRegistry
from rules.core.summary import upcast_summary_json


def register(registry: UpcasterRegistry) -> None:
    """Register the battles app's upcasters in ``registry`` (once per registry)."""
    if registry.current_version(CONCLUDED) < 2:
        registry.register_upcaster(CONCLUDED, 1, concluded_v1_to_v2)


def concluded_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 of ``battle.concluded``: the summary in the core's schema 2."""
    summary = data.get("summary")
    if not isinstance(summary, Mapping):
        return data
    return {**data, "summary": upcast_summary_json(summary)}
