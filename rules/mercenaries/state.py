"""The state of a Mercenaries battle (digest §6 "Data entities implied").

Immutable records: a fact builds a new state with ``_replace``. Fighters act one by one, in
squads (отделения) on sides that take turns (§2.1); the map is a grid of cells with their cover
(§2.5). ``resolution`` and ``queue`` are the core kit's (``rules.core.procedures``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.procedures import Followup, Resolution
from rules.mercenaries.damage import FIGHTING
from rules.mercenaries.initiative import turn_number
from rules.mercenaries.movement import Square
from rules.mercenaries.options import DEFAULT_OPTIONS, Options

Cell = tuple[int, int]
#: A cell the map does not list: open ground (no cover, no building, no jungle).
OPEN_GROUND = Square()


class Squares(tuple):
    """The map's cells other than open ground (§2.5), as ``(cell, Square)`` pairs: a tuple,
    equal to and stored as the pairs it holds, with each cell's square found by its cell
    through an index built once, with the map (the fold asks for a cell's cover for every
    cell a line of sight crosses)."""

    def __new__(cls, pairs=()) -> Squares:
        squares = super().__new__(cls, pairs)
        squares._by_cell = MappingProxyType(dict(squares))
        return squares

    def at(self, cell: Cell) -> Square:
        return self._by_cell.get(cell, OPEN_GROUND)

    def __reduce__(self):  # copied and pickled as its pairs; the index is built again
        return Squares, (tuple(self),)


class Weapon(NamedTuple):
    """A weapon profile (§6): ranges in cells, damage as dice and a bonus; a melee weapon's
    damage die is added to Strength (``melee=True``, ranges 0)."""

    name: str
    damage_dice: int
    damage_sides: int
    damage_bonus: int = 0
    ap: int = 0
    short: int = 0
    medium: int = 0
    long: int = 0
    rof: int = 1
    melee: bool = False
    # (§2.8, §2.21-§2.22): a machine gun's or extended magazine's burst reloads on a 2
    # only; an area weapon's template in cells; a weapon that may fire lobbed (grenade, mortar)
    sustained: bool = False
    area_width: int = 0
    area_height: int = 0
    indirect: bool = False
    # (§2.24): a gun's rate of fire 1/N for one man (0: not a gun) and its full crew
    turns_per_shot: int = 0
    crew: int = 0
    # (§2.27): a semi-automatic (ПА) fires a double tap, a burst-capable (КО) short
    # bursts
    semi_auto: bool = False
    short_burst: bool = False
    two_handed: bool = False  # +4 to keep it against a disarm
    improvised: str = ""  # a melee weapon that is only improvised: small, medium or large
    scope: bool = False  # a sniper scope (§2.7): extreme and maximum range by option ``scope``


class Fighter(NamedTuple):
    """One fighter: a Wild Card (Личность) or an Extra (Статист), with his traits as die
    sizes and what the battle has done to him."""

    id: str
    side: str
    squad: str
    name: str
    wild_card: bool
    cell: Cell
    traits: tuple[tuple[str, int], ...]  # (trait, die size), e.g. ("shooting", 8)
    toughness: int
    armour: int
    parry: int  # melee Defence (§2.6)
    defence: int  # ranged Defence (§2.7; 4 unless the setup says otherwise)
    weapon: Weapon | None = None  # his firearm, if any
    melee_weapon: Weapon | None = None  # None: unarmed
    bennies: int = 0
    wounds: int = 0
    shaken: bool = False
    condition: str = FIGHTING
    prone: bool = False
    needs_reload: bool = False
    # this turn
    moved: bool = False
    actions: int = 0
    attacked: bool = False
    whole_turn: bool = False
    # readiness and standing benny orders (§2.26, §2.20; ``initiative``, ``play_readiness``,
    # ``play_bennies``): turns are ``Battle.turn`` numbers
    aimed_at: str | None = None  # the fighter aimed at
    aimed_turn: int | None = None
    hold_cell: str | None = None  # the cell "x,y" an attack is held on
    held_turn: int | None = None
    reroll_on_miss: bool = False  # spend a benny to re-roll a missed attack
    unshake_when_shaken: bool = False  # spend a benny when Shaken in his own turn
    ready_melee_turn: int | None = None  # the turn he prepared for melee in
    hold_line: str | None = None  # the direction "dx,dy" of a line an attack is held on
    # the Edge "Rock and Roll!" (§2.15) and the grenades he carries, thrown one by one
    rock_and_roll: bool = False
    grenades: tuple[Weapon, ...] = ()
    gun_ready: int = 0  # the round his gun may fire again (§2.24)
    # stealth (§2.17): hidden, and the enemies who have spotted him since; his kit
    hidden: bool = False
    known_to: tuple[str, ...] = ()
    camouflage: int = 0  # 0..+4, as it suits his terrain
    ghillie: bool = False  # a ghillie suit on suited terrain
    optics: bool = False  # binoculars or a scope to search with
    thermal: bool = False  # a thermal imager
    # crawling (§2.3): his position of 0..5 along each axis of his cell; -1 not placed
    crawl_x: int = -1
    crawl_y: int = -1
    # more than two actions (§2.4): how many this turn the Agility check allowed (-1: it
    # failed, and none of his actions happens this turn)
    untangled: int = 0
    # manoeuvres (§2.27), by turn number (round and side): Defence -2 until the turn
    # ``off_guard_until`` (wild attack, trick), +2 melee Defence until ``defend_until``
    off_guard_until: int = -1
    defend_until: int = -1
    grappled_by: str = ""  # the id of the fighter who holds him
    will_bonus_vs: str = ""  # +2 on his next action against this enemy (test of will)
    off_hand: Weapon | None = None  # a weapon in his other hand (§2.27 two weapons)
    ambidextrous: bool = False  # Edge «Амбидекстр»: no -2 for the off hand
    two_fisted: bool = False  # Edge «Атака с двух рук»: no multi-action -2 for two weapons
    off_hand_turn: int = -1  # the turn number of his last off-hand blow
    off_hand_reload: bool = False  # his off-hand firearm must be reloaded (§2.8 Reload!)
    # the prepared hider (§2.17, ``play_hider``): the turn he got ready for discovery in, and
    # what he prepared, "shot" or "blow"
    ready_hidden_turn: int | None = None
    ready_hidden_with: str = ""
    # panic (§2.13, ``play_panic``): in panic (an Extra), and his rank if the setup gives one
    # (a commander, who can stop the flight, is a mercenary, sergeant or lieutenant)
    panicked: bool = False
    rank: str = ""

    def trait(self, name: str) -> int:
        for trait, die in self.traits:
            if trait == name:
                return die
        raise RuleError("missing_trait", params={"fighter": self.name, "trait": name},
                        template=gettext_noop("{fighter} has no {trait} die"))

    @property
    def fighting_on(self) -> bool:
        return self.condition == FIGHTING


class Squad(NamedTuple):
    id: str
    side: str
    name: str


class Battle(NamedTuple):
    """The whole state."""

    sides: tuple[str, ...]
    side_names: tuple[str, ...]
    squads: tuple[Squad, ...]
    fighters: tuple[Fighter, ...]
    width: int
    height: int
    squares: Squares  # cells other than open ground
    light: str = "normal"
    options: Options = DEFAULT_OPTIONS
    side: int = 0  # the side whose turn it is (index into sides)
    round: int = 1
    resolution: Resolution | None = None
    queue: tuple[Followup, ...] = ()
    # (§2.23): the squares each side has fired lobbed at unseen, and those a spotter
    # confirmed a hit on (registered): (side, cell)
    fired_at: tuple[tuple[str, Cell], ...] = ()
    registered: tuple[tuple[str, Cell], ...] = ()
    impacts: tuple[tuple[str, Cell], ...] = ()  # where each side's unseen lobbed shots fell

    def fighter(self, ident: Any, field: str = "unit") -> tuple[int, Fighter]:
        for i, fighter in enumerate(self.fighters):
            if fighter.id == ident:
                return i, fighter
        raise RuleError("bad_command", template=gettext_noop("there is no fighter {fighter!r}"),
                        params={"fighter": ident}, field=field)

    def with_fighter(self, i: int, fighter: Fighter) -> Battle:
        fighters = list(self.fighters)
        fighters[i] = fighter
        return self._replace(fighters=tuple(fighters))

    def square(self, cell: Cell) -> Square:
        return self.squares.at(cell)

    def cover(self, cell: Cell) -> int:
        return self.square(cell).cover

    @property
    def turn(self) -> int:
        """The turn's ordinal in the battle (``initiative.turn_number``)."""
        return turn_number(self.round, self.side, len(self.sides))

    @property
    def acting_side(self) -> str:
        return self.sides[self.side]

    def squad_name(self, squad_id: str) -> str:
        """The name of the squad ``squad_id`` (its id if no squad has it)."""
        return next((s.name for s in self.squads if s.id == squad_id), squad_id)

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height


# --- JSON ----------------------------------------------------------------------------------


def weapon_to_json(weapon: Weapon | None) -> dict | None:
    if weapon is None:
        return None
    return weapon._asdict()


def weapon_from_json(data: Mapping[str, Any] | None) -> Weapon | None:
    if data is None:
        return None
    return Weapon(**data)


def fighter_to_json(fighter: Fighter) -> dict:
    out = fighter._asdict()
    out["cell"] = list(fighter.cell)
    out["traits"] = dict(fighter.traits)
    out["weapon"] = weapon_to_json(fighter.weapon)
    out["melee_weapon"] = weapon_to_json(fighter.melee_weapon)
    out["grenades"] = [weapon_to_json(g) for g in fighter.grenades]
    out["off_hand"] = weapon_to_json(fighter.off_hand)
    return out


def fighter_from_json(data: Mapping[str, Any]) -> Fighter:
    return Fighter(**{
        **data,
        "cell": tuple(data["cell"]),
        "traits": tuple(data["traits"].items()),
        "weapon": weapon_from_json(data["weapon"]),
        "melee_weapon": weapon_from_json(data["melee_weapon"]),
        "grenades": tuple(weapon_from_json(g) for g in data.get("grenades", ())),
        "known_to": tuple(data.get("known_to", ())),
        "off_hand": weapon_from_json(data.get("off_hand")),
    })


def squares_to_json(squares: Squares) -> list[dict]:
    return [{"cell": list(cell), **square._asdict()} for cell, square in squares]


def squares_from_json(data: list[Mapping[str, Any]]) -> Squares:
    return Squares((tuple(d["cell"]), Square(d["cover"], d["building"], d["jungle"]))
                   for d in data)
