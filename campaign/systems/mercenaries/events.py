"""Mercenaries' own ledger events (the campaign plug-in's)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from campaign.ledger.events import LedgerEvent


@dataclass(frozen=True)
class SideDeployed(LedgerEvent):
    """The organizer sets the map's edge a side deploys on for a scenario (before play)."""

    type: ClassVar[str] = "scenario.side_deployed"
    scenario_id: int
    force_id: int
    edge: str


EVENTS = (SideDeployed,)
