"""Ledger event types of a campaign stream (stream type ``"campaign"``), one dataclass each.

An event is a fact: what an organizer or player recorded, what a battle's result was when
the campaign took it over, which dice were rolled. Nothing derived (fatigue levels, who is
fit, who recovered with the passing of time) is stored: the fold derives it.

Generic: a rule system's own events (Steel War: rest and front, motivation, leadership,
recovery rolls) are its campaign plug-in's, registered here by :func:`register_type`; its
attributes travel in ``attributes`` (events recorded before the split carried them at the
top level: :meth:`LedgerEvent.from_data` upcasts them).

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


def register_type(cls: type[LedgerEvent]) -> type[LedgerEvent]:
    """Register an event class under its ``type`` (a plug-in's too); twice is an error."""
    existing = EVENT_TYPES.get(cls.type)
    if existing is not None and existing is not cls:  # pragma: no cover - a programming error
        raise ValueError(f"event type {cls.type} registered twice")
    EVENT_TYPES[cls.type] = cls
    return cls


_register = register_type


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


class _WithAttributes(LedgerEvent):
    """An event carrying a plug-in's ``attributes``: stored keys the event does not know (the
    top-level weapon, armour... of events recorded before the split) are upcast into them."""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LedgerEvent:
        names = {f.name for f in fields(cls)}
        known = {k: v for k, v in data.items() if k in names}
        legacy = {k: v for k, v in data.items() if k not in names}
        if legacy:
            known["attributes"] = {**legacy, **known.get("attributes", {})}
        return cls(**known)


class _Open(LedgerEvent):
    """An event whose data the plug-in extends: keys the event does not know travel in
    ``extra`` and are stored at the top level beside its own."""

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        return {**data.pop("extra"), **data}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LedgerEvent:
        names = {f.name for f in fields(cls)} - {"extra"}
        return cls(**{k: v for k, v in data.items() if k in names},
                   extra={k: v for k, v in data.items() if k not in names})


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
    attributes: dict = field(default_factory=dict)




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
class SquadRaised(_WithAttributes):
    """A squad: the strength replacements fill it up to (``establishment``), and the plug-in's
    unit attributes (Steel War: quality, traits)."""

    type: ClassVar[str] = "squad.raised"
    squad_id: int
    force_id: int
    name: str
    establishment: int | None = None
    formation_id: int | None = None
    attributes: dict = field(default_factory=dict)


@_register
@dataclass(frozen=True)
class SquadCommanderAssigned(LedgerEvent):
    """A soldier takes command of a squad (``None``: the post is vacant)."""

    type: ClassVar[str] = "squad.commander_assigned"
    squad_id: int
    soldier_id: int | None
    reason: str = ""


@_register
@dataclass(frozen=True)
class FormationAmended(LedgerEvent):
    """A formation's details changed or corrected: ``changes`` holds only what changes (its
    ``name``)."""

    type: ClassVar[str] = "formation.amended"
    formation_id: int
    changes: dict
    reason: str = ""


#: What ``formation.amended`` changes.
FORMATION_AMENDED_FIELDS = ("name",)


@_register
@dataclass(frozen=True)
class SquadAmended(LedgerEvent):
    """A squad's details changed or corrected: ``changes`` holds only what changes, of
    ``name``, ``establishment`` and ``attributes`` (the changed ones)."""

    type: ClassVar[str] = "squad.amended"
    squad_id: int
    changes: dict
    reason: str = ""


#: What ``squad.amended`` changes.
SQUAD_AMENDED_FIELDS = ("name", "establishment", "attributes")


@_register
@dataclass(frozen=True)
class SquadTransferred(LedgerEvent):
    """A squad moves to another formation of its force (``None``: under no formation); its
    soldiers and commander go with it (§2.18: the chain it rallies through changes)."""

    type: ClassVar[str] = "squad.transferred"
    squad_id: int
    to_formation_id: int | None
    reason: str = ""


@_register
@dataclass(frozen=True)
class FormationReattached(LedgerEvent):
    """A formation moves under another formation of its force, one level up (§2.18), or
    under none (``to_parent_id`` None); everything below it goes with it."""

    type: ClassVar[str] = "formation.reattached"
    formation_id: int
    to_parent_id: int | None
    reason: str = ""


# --- soldiers -------------------------------------------------------------------------------


@_register
@dataclass(frozen=True)
class SoldierRecruited(_WithAttributes):
    """A soldier joins a force (and a squad, if given), with his persistent identity: his
    name, role and the plug-in's member attributes (Steel War: weapon, armour, quality...)."""

    type: ClassVar[str] = "soldier.recruited"
    soldier_id: int
    force_id: int
    name: str
    role: str = ""
    squad_id: int | None = None
    attributes: dict = field(default_factory=dict)


@_register
@dataclass(frozen=True)
class ReplacementJoined(SoldierRecruited):
    """A replacement fills a gap in a squad (house rule: up to its establishment)."""

    type: ClassVar[str] = "soldier.replacement_joined"


@_register
@dataclass(frozen=True)
class SoldierAmended(LedgerEvent):
    """Details of a soldier changed or corrected (re-armed, renamed, new role...).

    ``changes`` holds only what changes: ``name``, ``role`` and ``attributes`` (the changed
    ones); other keys (events recorded before the split) are upcast into ``attributes``."""

    type: ClassVar[str] = "soldier.amended"
    soldier_id: int
    changes: dict
    reason: str = ""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LedgerEvent:
        changes = dict(data["changes"])
        legacy = {k: changes.pop(k) for k in list(changes) if k not in AMENDED_FIELDS}
        if legacy:
            changes["attributes"] = {**legacy, **changes.get("attributes", {})}
        return cls(soldier_id=data["soldier_id"], changes=changes,
                   reason=data.get("reason", ""))


#: What ``soldier.amended`` changes besides attributes.
AMENDED_FIELDS = ("name", "role", "attributes")


@_register
@dataclass(frozen=True)
class SoldierTransferred(LedgerEvent):
    """A soldier moves to another squad of his force (``None``: the force's reserve)."""

    type: ClassVar[str] = "soldier.transferred"
    soldier_id: int
    to_squad_id: int | None



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
class ScenarioAttributesSet(LedgerEvent):
    """The organizer gives a planned scenario the attributes of its plug-in's scenario schema
    (a battlefield, say): ``attributes`` is the whole checked set, ``changed`` the names this
    entry changed (for histories)."""

    type: ClassVar[str] = "scenario.attributes_set"
    scenario_id: int
    attributes: dict
    changed: list = field(default_factory=list)


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
    ``force_id``, ``side`` (the side name in the battle), ``squads`` and ``officers`` (as in
    :class:`UnitsPicked`) and what the plug-in adds (Steel War: ``motivation``, ``fatigue``,
    ``starting_morale``)."""

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
class BattleResultTakenOver(_Open):
    """The campaign takes over a concluded battle's result (idempotency key per battle).

    - ``results``: ``[{"force_id", "result"}]`` (win / lose / draw), may be empty;
    - ``casualties``: ``[{"soldier_id", "outcome", "captured_by_force_id"}]`` with outcome
      killed / stabilised / returned_to_duty / prisoner / unharmed / wounded (a wound the
      battle left open: the plug-in settles it, e.g. Steel War's ``reorganisation``);
    - ``units``: per squad, what the battle reports about it (the plug-in's report: fire
      given and taken, morale low point...): ``[{"squad_id", ...}]``;
    - ``extra``: the plug-in's own keys, stored beside these (Steel War: ``reorganisation``
      rolls, ``commanders`` replaced).
    """

    type: ClassVar[str] = "battle.result_taken_over"
    scenario_id: int
    battle_id: int
    results: list = field(default_factory=list)
    casualties: list = field(default_factory=list)
    units: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    #: The battle's stream version at the conclusion taken over (a battle reopened and
    #: concluded again is taken over again); None in events recorded before reopening.
    battle_version: int | None = None

    def to_data(self) -> dict[str, Any]:
        data = super().to_data()
        if data.get("battle_version") is None:
            data.pop("battle_version", None)
        return data


# --- corrections ------------------------------------------------------------------------------


@_register
@dataclass(frozen=True)
class EntryVoided(LedgerEvent):
    """An organizer voids the ledger entry at ``target_version`` (recorded by mistake): from
    now on the fold reads the ledger as if it were absent (``campaign.ledger.corrections``).
    ``target_type``: the voided entry's type, for the history."""

    type: ClassVar[str] = "entry.voided"
    target_version: int
    target_type: str
    reason: str


@_register
@dataclass(frozen=True)
class EntryAmended(LedgerEvent):
    """An organizer amends the ledger entry at ``target_version``: from now on the fold reads
    it with ``data`` (its whole new payload; the latest amendment wins)."""

    type: ClassVar[str] = "entry.amended"
    target_version: int
    target_type: str
    data: dict
    reason: str


#: The correction event types.
CORRECTION_TYPES = (EntryVoided.type, EntryAmended.type)
