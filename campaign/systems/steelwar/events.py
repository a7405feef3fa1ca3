"""The Steel War's own campaign ledger events (registered with the generic ledger by the
plug-in): rest and front (§2.17), motivation (§2.17), leadership (§2.0), recovery rolls
(house rule). Their stored types are those they had before the split."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from campaign.ledger.events import LedgerEvent


@dataclass(frozen=True)
class ForceSentToRest(LedgerEvent):
    """The force is rotated out of the line (§2.17: units rotate between front and rest)."""

    type: ClassVar[str] = "force.sent_to_rest"
    force_id: int


@dataclass(frozen=True)
class ForceSentToFront(LedgerEvent):
    """The force goes back into the line."""

    type: ClassVar[str] = "force.sent_to_front"
    force_id: int


@dataclass(frozen=True)
class LeadershipChanged(LedgerEvent):
    """A commander's leadership changes (1 best .. 3 worst, §2.0)."""

    type: ClassVar[str] = "soldier.leadership_changed"
    soldier_id: int
    leadership: int
    reason: str = ""


@dataclass(frozen=True)
class RecoveryRolled(LedgerEvent):
    """A recovery roll for a recovering soldier (house rule): ``roll >= target`` brings him
    back to duty. ``source`` is ``"server"`` (derived from the campaign seed by ``key``) or
    ``"entered"`` (physical dice)."""

    type: ClassVar[str] = "soldier.recovery_rolled"
    soldier_id: int
    die: int
    roll: int
    target: int
    source: str
    key: str = ""


@dataclass(frozen=True)
class MotivationSet(LedgerEvent):
    """The organizer sets a side's motivation for a scenario (§2.17: once per scenario,
    before play, for all units of the side)."""

    type: ClassVar[str] = "scenario.motivation_set"
    scenario_id: int
    force_id: int
    motivation: str


EVENTS = (ForceSentToRest, ForceSentToFront, LeadershipChanged, RecoveryRolled, MotivationSet)
