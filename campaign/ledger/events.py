"""Ledger event types of a campaign stream (stream type ``"campaign"``), one dataclass each.

An event is a fact: what an organizer or player recorded, what a battle's result was when
the campaign took it over, which dice were rolled. Nothing derived (fatigue levels, who is
fit, who recovered with the passing of time) is stored: the fold derives it.

Every class has a ``type`` (the stored event type), ``to_data()`` (the stored JSON) and
``from_data()``. Ids (``force_id``, ``squad_id``, ``soldier_id``...) are numbers the
campaign hands out in order, one sequence per kind; dates are ISO ``YYYY-MM-DD`` in-game
calendar dates.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

SCHEMA_VERSION = 1

EVENT_TYPES: dict[str, type[LedgerEvent]] = {}


def _register(cls: type[LedgerEvent]) -> type[LedgerEvent]:
    if cls.type in EVENT_TYPES:  # pragma: no cover - a programming error
        raise ValueError(f"event type {cls.type} registered twice")
    EVENT_TYPES[cls.type] = cls
    return cls


@dataclass(frozen=True)
class LedgerEvent:
    """Base of all ledger events."""

    type: ClassVar[str] = ""

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LedgerEvent:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


def parse(event_type: str, data: Mapping[str, Any]) -> LedgerEvent:
    """The typed event for a stored ``(type, data)``. Raises ``KeyError`` for unknown types."""
    return EVENT_TYPES[event_type].from_data(data)


# --- the campaign itself -------------------------------------------------------------------


@_register
@dataclass(frozen=True)
class CampaignStarted(LedgerEvent):
    """The campaign begins: its rule system, calendar and house rules; the SHA-256 of the
    secret seed its server dice are derived from (revealed when it finishes)."""

    type: ClassVar[str] = "campaign.started"
    name: str
    rule_system: str
    rule_version: str
    start_date: str
    house_rules: dict
    seed_sha256: str


@_register
@dataclass(frozen=True)
class HouseRulesChanged(LedgerEvent):
    """An organizer changed the house rules (the full new set)."""

    type: ClassVar[str] = "campaign.house_rules_changed"
    house_rules: dict


@_register
@dataclass(frozen=True)
class BattleOptionsSet(LedgerEvent):
    """An organizer sets the club's readings of the rule system's ambiguous rules (the
    PROPOSED options, e.g. ``{"morale_below_routing": "surrender"}``) for the campaign's
    battles from now on; only the options that differ from the rule system's defaults."""

    type: ClassVar[str] = "campaign.battle_options_set"
    options: dict


@_register
@dataclass(frozen=True)
class CampaignFinished(LedgerEvent):
    """The campaign is over; the dice seed is revealed so every server roll can be checked."""

    type: ClassVar[str] = "campaign.finished"
    seed: str


@_register
@dataclass(frozen=True)
class CalendarAdvanced(LedgerEvent):
    """In-game time passes: forces at the front tire, forces at rest recover, the wounded are
    evacuated and the recovering come back when their time is up (house rules)."""

    type: ClassVar[str] = "campaign.calendar_advanced"
    days: int


# --- forces and their chain of command ----------------------------------------------------


@_register
@dataclass(frozen=True)
class ForceRaised(LedgerEvent):
    """A player's force joins the campaign (``owner_id``: the player's user id)."""

    type: ClassVar[str] = "force.raised"
    force_id: int
    owner_id: int
    name: str
    faction: str = ""


@_register
@dataclass(frozen=True)
class ForceSentToRest(LedgerEvent):
    """The force is rotated out of the line (§2.17: units rotate between front and rest)."""

    type: ClassVar[str] = "force.sent_to_rest"
    force_id: int


@_register
@dataclass(frozen=True)
class ForceSentToFront(LedgerEvent):
    """The force goes back into the line."""

    type: ClassVar[str] = "force.sent_to_front"
    force_id: int


@_register
@dataclass(frozen=True)
class FormationRaised(LedgerEvent):
    """A formation of the chain of command (battalion, company, platoon; §2.18)."""

    type: ClassVar[str] = "formation.raised"
    formation_id: int
    force_id: int
    level: str
    name: str
    parent_id: int | None = None


@_register
@dataclass(frozen=True)
class FormationCommanderAssigned(LedgerEvent):
    """A soldier takes command of a formation (``None``: the post is vacant)."""

    type: ClassVar[str] = "formation.commander_assigned"
    formation_id: int
    soldier_id: int | None
    reason: str = ""


@_register
@dataclass(frozen=True)
class SquadRaised(LedgerEvent):
    """A squad: its quality grade, the strength replacements fill it up to
    (``establishment``), and rule-system traits (e.g. ``{"troop_kind": "human"}``)."""

    type: ClassVar[str] = "squad.raised"
    squad_id: int
    force_id: int
    name: str
    quality: str
    establishment: int
    formation_id: int | None = None
    traits: dict = field(default_factory=dict)


@_register
@dataclass(frozen=True)
class SquadCommanderAssigned(LedgerEvent):
    """A soldier takes command of a squad (``None``: the post is vacant)."""

    type: ClassVar[str] = "squad.commander_assigned"
    squad_id: int
    soldier_id: int | None
    reason: str = ""


# --- soldiers -------------------------------------------------------------------------------


@_register
@dataclass(frozen=True)
class SoldierRecruited(LedgerEvent):
    """A soldier joins a force (and a squad, if given), with his persistent identity."""

    type: ClassVar[str] = "soldier.recruited"
    soldier_id: int
    force_id: int
    name: str
    role: str
    weapon: str
    armour: str
    quality: str
    squad_id: int | None = None
    specialties: list = field(default_factory=list)
    leadership: int | None = None
    traits: dict = field(default_factory=dict)


@_register
@dataclass(frozen=True)
class ReplacementJoined(SoldierRecruited):
    """A replacement fills a gap in a squad (house rule: up to its establishment)."""

    type: ClassVar[str] = "soldier.replacement_joined"


@_register
@dataclass(frozen=True)
class SoldierAmended(LedgerEvent):
    """Details of a soldier changed or corrected (re-armed, renamed, new role...).

    ``changes`` holds only the fields that change: name, role, weapon, armour, quality,
    specialties, traits."""

    type: ClassVar[str] = "soldier.amended"
    soldier_id: int
    changes: dict
    reason: str = ""


@_register
@dataclass(frozen=True)
class SoldierTransferred(LedgerEvent):
    """A soldier moves to another squad of his force (``None``: the force's reserve)."""

    type: ClassVar[str] = "soldier.transferred"
    soldier_id: int
    to_squad_id: int | None


@_register
@dataclass(frozen=True)
class LeadershipChanged(LedgerEvent):
    """A commander's leadership changes (1 best .. 3 worst, §2.0)."""

    type: ClassVar[str] = "soldier.leadership_changed"
    soldier_id: int
    leadership: int
    reason: str = ""


@_register
@dataclass(frozen=True)
class SoldierDied(LedgerEvent):
    """A soldier died outside a battle's result (of wounds, in captivity, by accident...)."""

    type: ClassVar[str] = "soldier.died"
    soldier_id: int
    cause: str = ""


@_register
@dataclass(frozen=True)
class SoldierCaptured(LedgerEvent):
    """A soldier was taken prisoner outside a battle's result, held by ``by_force_id``."""

    type: ClassVar[str] = "soldier.captured"
    soldier_id: int
    by_force_id: int | None
    reason: str = ""


@_register
@dataclass(frozen=True)
class PrisonersExchanged(LedgerEvent):
    """Prisoners go back to their own forces (fit, into their old squads if those exist)."""

    type: ClassVar[str] = "prisoners.exchanged"
    soldier_ids: list


@_register
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


# --- scenarios and battles -----------------------------------------------------------------


@_register
@dataclass(frozen=True)
class ScenarioPlanned(LedgerEvent):
    """A node of the scenario graph, between the forces that will fight it."""

    type: ClassVar[str] = "scenario.planned"
    scenario_id: int
    name: str
    force_ids: list
    description: str = ""


@_register
@dataclass(frozen=True)
class ScenarioLinked(LedgerEvent):
    """An edge of the scenario graph: after ``from_id`` comes ``to_id``; with a condition,
    only when ``force_id``'s result in ``from_id`` was ``condition`` (win / lose / draw)."""

    type: ClassVar[str] = "scenario.linked"
    from_id: int
    to_id: int
    condition: str | None = None
    force_id: int | None = None


@_register
@dataclass(frozen=True)
class MotivationSet(LedgerEvent):
    """The organizer sets a side's motivation for a scenario (§2.17: once per scenario,
    before play, for all units of the side)."""

    type: ClassVar[str] = "scenario.motivation_set"
    scenario_id: int
    force_id: int
    motivation: str


@_register
@dataclass(frozen=True)
class UnitsPicked(LedgerEvent):
    """The squads and soldiers a force sends into a scenario:
    ``squads = [{"squad_id": 3, "soldier_ids": [10, 11, ...]}, ...]``, and the formation
    commanders who go on the table as officers (``officers``: soldier ids)."""

    type: ClassVar[str] = "scenario.units_picked"
    scenario_id: int
    force_id: int
    squads: list
    officers: list = field(default_factory=list)


@_register
@dataclass(frozen=True)
class BattleStarted(LedgerEvent):
    """The scenario's battle was created from campaign state. ``sides`` lists, per force:
    ``force_id``, ``side`` (the side name in the battle), ``motivation``, ``fatigue``,
    ``starting_morale``, ``squads`` and ``officers`` (as in :class:`UnitsPicked`)."""

    type: ClassVar[str] = "scenario.battle_started"
    scenario_id: int
    battle_id: int
    sides: list


@_register
@dataclass(frozen=True)
class ScenarioResultRecorded(LedgerEvent):
    """The organizer records who won (``results = [{"force_id", "result"}]``, result =
    win / lose / draw), e.g. when the battle did not say."""

    type: ClassVar[str] = "scenario.result_recorded"
    scenario_id: int
    results: list


@_register
@dataclass(frozen=True)
class BattleResultTakenOver(LedgerEvent):
    """The campaign takes over a concluded battle's result (idempotency key per battle).

    - ``results``: ``[{"force_id", "result"}]`` (win / lose / draw), may be empty;
    - ``casualties``: ``[{"soldier_id", "outcome", "captured_by_force_id"}]`` with outcome
      killed / stabilised / returned_to_duty / prisoner / unharmed / wounded (still
      unchecked at the end: settled by ``reorganisation``);
    - ``reorganisation``: the final reorganisation rolls for those (§2.11), with the dice:
      ``[{"soldier_id", "die", "roll", "modifier", "outcome", "source", "key"}]``;
    - ``commanders``: replaced commanders (§2.9): ``[{"squad_id", "soldier_id",
      "leadership", "previous_soldier_id"}]``;
    - ``units``: per squad, what the battle reports about it (fire given and taken, morale
      low point...): ``[{"squad_id", ...}]``.
    """

    type: ClassVar[str] = "battle.result_taken_over"
    scenario_id: int
    battle_id: int
    results: list = field(default_factory=list)
    casualties: list = field(default_factory=list)
    reorganisation: list = field(default_factory=list)
    commanders: list = field(default_factory=list)
    units: list = field(default_factory=list)
