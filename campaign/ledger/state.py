"""The state a campaign ledger folds to: forces, formations, squads, soldiers, scenarios.

Generic: what a rule system adds lives in each entity's ``attributes`` (checked by the
campaign's plug-in, :mod:`campaign.plugins`) and in ``house_rules`` (the plug-in's parsed
house rules). Immutable values (frozen dataclasses; their dicts are never mutated after construction,
every change makes new ones), so an as-of view can be kept next to the present one.
``to_json`` gives the JSON the API shows for as-of views and diffs.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import date
from typing import Any, NamedTuple

from campaign.plugins import CampaignPlugin, NoHouseRules
from campaign.plugins import get as plugin_for

SOLDIER_STATUSES: tuple[str, ...] = ("fit", "wounded", "recovering", "dead", "captured")
#: Statuses that keep a soldier out of a battle (dead, captured, not yet recovered).
UNAVAILABLE_STATUSES = frozenset({"wounded", "recovering", "dead", "captured"})
RESULTS: tuple[str, ...] = ("win", "lose", "draw")
#: The chain of command above the squad (§2.18), top down.
FORMATION_LEVELS: tuple[str, ...] = ("battalion", "company", "platoon")


class Entry(NamedTuple):
    """One ledger event as the fold reads it (``eventstore`` ``RecordedEvent`` fits too)."""

    version: int
    type: str
    data: dict


@dataclass(frozen=True)
class LedgerEffect:
    """What an event did, for histories: ``kind`` (``"wounded"``, ``"fatigue_changed"``...),
    an English ``text`` and the ids it concerns."""

    kind: str
    text: str
    force_id: int | None = None
    formation_id: int | None = None
    squad_id: int | None = None
    soldier_id: int | None = None
    scenario_id: int | None = None
    battle_id: int | None = None
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Soldier:
    id: int
    force_id: int
    squad_id: int | None
    name: str
    role: str = ""
    attributes: dict = field(default_factory=dict)  # the plug-in's member schema
    status: str = "fit"
    held_by_force_id: int | None = None
    joined_on: date | None = None
    replacement: bool = False
    wounded_on: date | None = None
    recovery_due: date | None = None
    last_recovery_roll_on: date | None = None
    battles_fought: int = 0
    wounds: int = 0
    recoveries: int = 0

    @property
    def available(self) -> bool:
        return self.status not in UNAVAILABLE_STATUSES

    def describe_status(self) -> str:
        """The soldier's status in a sentence fragment ("recovering until 1942-06-14")."""
        if self.status == "recovering" and self.recovery_due:
            return f"recovering until {self.recovery_due.isoformat()}"
        if self.status == "wounded":
            return "wounded, awaiting evacuation"
        return self.status


@dataclass(frozen=True)
class Squad:
    id: int
    force_id: int
    formation_id: int | None
    name: str
    establishment: int | None = None  # the strength replacements fill it up to (None: no limit)
    attributes: dict = field(default_factory=dict)  # the plug-in's unit schema
    commander_id: int | None = None
    raised_on: date | None = None
    battles_fought: int = 0


@dataclass(frozen=True)
class Formation:
    id: int
    force_id: int
    parent_id: int | None
    level: str
    name: str
    commander_id: int | None = None


@dataclass(frozen=True)
class Force:
    id: int
    owner_id: int
    name: str
    faction: str = ""
    attributes: dict = field(default_factory=dict)  # the plug-in's force schema
    battles_fought: int = 0


@dataclass(frozen=True)
class ScenarioLink:
    from_id: int
    to_id: int
    condition: str | None = None
    force_id: int | None = None


@dataclass(frozen=True)
class Scenario:
    id: int
    name: str
    force_ids: tuple[int, ...]
    description: str = ""
    attributes: dict = field(default_factory=dict)  # the plug-in's scenario schema
    side_attributes: dict = field(default_factory=dict)  # force id -> the plug-in's side schema
    picks: dict = field(default_factory=dict)  # force id -> ((squad id, (soldier ids)), ...)
    officers: dict = field(default_factory=dict)  # force id -> (soldier ids)
    battle_id: int | None = None
    sides: tuple = ()  # from BattleStarted: the sides as the battle was set up
    played_on: date | None = None
    results: dict = field(default_factory=dict)  # force id -> win/lose/draw
    taken_over: bool = False
    taken_over_at: int | None = None  # the ledger version of the take-over in force
    taken_over_battle_version: int | None = None  # the conclusion it took over

    @property
    def status(self) -> str:
        if self.taken_over or (self.battle_id is None and self.results):
            return "concluded"
        if self.battle_id is not None:
            return "in_battle"
        return "planned"


@dataclass(frozen=True)
class CampaignState:
    """A campaign at one moment: after the ledger events up to ``version``."""

    version: int = 0
    name: str = ""
    rule_system: str = ""
    rule_version: str = ""
    start_date: date | None = None
    date: date | None = None
    house_rules: Any = field(default_factory=NoHouseRules)  # the plug-in's, parsed
    battle_options: dict = field(default_factory=dict)
    seed_sha256: str = ""
    seed: str | None = None
    finished: bool = False
    forces: dict[int, Force] = field(default_factory=dict)
    formations: dict[int, Formation] = field(default_factory=dict)
    squads: dict[int, Squad] = field(default_factory=dict)
    soldiers: dict[int, Soldier] = field(default_factory=dict)
    scenarios: dict[int, Scenario] = field(default_factory=dict)
    links: tuple[ScenarioLink, ...] = ()
    battles: dict[int, int] = field(default_factory=dict)  # battle id -> scenario id
    last_ids: dict[str, int] = field(default_factory=dict)  # kind -> last id handed out

    @property
    def started(self) -> bool:
        return self.start_date is not None

    @property
    def plugin(self) -> CampaignPlugin:
        """The campaign plug-in of the campaign's rule system (the base before it starts)."""
        return plugin_for(self.rule_system) if self.rule_system else CampaignPlugin()

    def next_id(self, kind: str) -> int:
        """The id the next ``kind`` ("force", "formation", "squad", "soldier", "scenario")
        gets."""
        return self.last_ids.get(kind, 0) + 1

    def squad_members(self, squad_id: int) -> list[Soldier]:
        """Soldiers on the squad's roll, any status (prisoners and the dead included)."""
        return [s for s in self.soldiers.values() if s.squad_id == squad_id]

    def squad_strength(self, squad_id: int) -> int:
        """Soldiers of the squad who are not dead or captured (the wounded still count
        against its establishment: they come back)."""
        return sum(
            1 for s in self.squad_members(squad_id) if s.status not in ("dead", "captured")
        )

    def commands(self, soldier_id: int) -> list[tuple[str, int]]:
        """The posts a soldier holds: ``[("squad", 3), ("formation", 1)]``."""
        held: list[tuple[str, int]] = [
            ("squad", sq.id) for sq in self.squads.values() if sq.commander_id == soldier_id
        ]
        held += [
            ("formation", f.id) for f in self.formations.values() if f.commander_id == soldier_id
        ]
        return held

    def scenario_open(self, scenario_id: int) -> bool:
        """A scenario may be played when nothing leads to it, or when a link into it comes
        from a concluded scenario whose result meets the link's condition."""
        incoming = [link for link in self.links if link.to_id == scenario_id]
        if not incoming:
            return True
        for link in incoming:
            before = self.scenarios.get(link.from_id)
            if before is None or before.status != "concluded":
                continue
            if link.condition is None:
                return True
            if before.results.get(link.force_id) == link.condition:
                return True
        return False


def _json_value(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    return value


def entity_json(entity: Any) -> dict:
    """A state entity (soldier, squad, force...) as JSON (its fields hold no dataclasses:
    read shallowly, several times faster than ``asdict`` for a force's soldiers)."""
    return _json_value({f.name: getattr(entity, f.name) for f in fields(entity)})


def force_json(state: CampaignState, force: Force) -> dict:
    """A force as JSON, with what the plug-in derives (Steel War: its fatigue level) among
    its attributes."""
    data = entity_json(force)
    data["attributes"] = {**data["attributes"], **state.plugin.force_json(state, force)}
    return data


def state_json(state: CampaignState, *, force_id: int | None = None) -> dict:
    """The whole state (or one force of it) as JSON: what as-of views return."""
    forces = [f for f in state.forces.values() if force_id is None or f.id == force_id]
    keep = {f.id for f in forces}

    def mine(entity: Any) -> bool:
        return entity.force_id in keep

    return {
        "version": state.version,
        "date": _json_value(state.date),
        "house_rules": state.house_rules.to_json(),
        "battle_options": dict(state.battle_options),
        "forces": [
            force_json(state, f)
            for f in sorted(forces, key=lambda f: f.id)
        ],
        "formations": [entity_json(f) for f in _by_id(state.formations) if mine(f)],
        "squads": [entity_json(s) for s in _by_id(state.squads) if mine(s)],
        "soldiers": [entity_json(s) for s in _by_id(state.soldiers) if mine(s)],
        "scenarios": [
            {**entity_json(s), "status": s.status, "open": state.scenario_open(s.id)}
            for s in _by_id(state.scenarios)
            if force_id is None or force_id in s.force_ids
        ],
    }


def _by_id(entities: dict) -> list:
    return [entities[k] for k in sorted(entities)]
