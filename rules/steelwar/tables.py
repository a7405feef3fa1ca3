"""The Steel War tables, loaded once from ``rules/steelwar/data/*.json``.

Data stays data: the JSON files hold the digest's tables (§3.1-§3.8) with every value that is
not plainly in the source tagged INFERRED or PROPOSED. This module turns them into immutable
lookups (frozen dataclasses, read-only mappings) at import time; no JSON is parsed per call.

A cell tagged with an ``option`` is read from :class:`~rules.steelwar.options.Options` at
lookup time (``getattr`` on the options object), so a club's house rule changes the outcome
while the JSON keeps the documented default. :data:`PROVENANCE` maps each tagged cell's path
(``"weapons.pistol.rof"``) to where the value comes from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from rules.core.errors import RuleError, Term, gettext_noop
from rules.steelwar.options import DEFAULT_OPTIONS, Options


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a tagged table value comes from: SOURCE, INFERRED or PROPOSED."""

    source: str
    note: str
    option: str | None
    default: Any


_provenance: dict[str, Provenance] = {}


def _load(name: str) -> dict:
    return json.loads((resources.files(__package__) / "data" / name).read_text("utf-8"))


def _cell(raw: Any, path: str) -> tuple[Any, str | None]:
    """Unwrap a JSON cell into ``(default value, option name or None)``; record provenance."""
    if isinstance(raw, dict) and "value" in raw:
        if "source" in raw:
            _provenance[path] = Provenance(
                raw["source"], raw.get("note", ""), raw.get("option"), raw["value"]
            )
        return raw["value"], raw.get("option")
    return raw, None


def _resolve(cell: tuple[Any, str | None], options: Options) -> Any:
    value, option = cell
    return value if option is None else getattr(options, option)


def _unknown(kind: str, value: object, known: Iterable[str], rule: str) -> RuleError:
    return RuleError(
        f"unknown_{kind}",
        template=gettext_noop("unknown {kind} {value!r} ({rule}); known: {known}"),
        params={"kind": Term(kind.replace("_", " "), context="rules vocabulary"), "value": value,
                "rule": rule, "known": ", ".join(known)},
        rule=rule,
    )


# ---- §3.2 weapons ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weapon:
    """One row of the weapon table (§3.2). Use :func:`small_arm_rof` for a small arm's ROF
    and :func:`is_fragmentation` for its hit kind: both may be overridden by options."""

    id: str
    name: str
    name_ru: str
    kind: str  # "small_arm" (numeric ROF) or "support" (ROF die)
    range_zone_limit: int | None  # 1 = range zone 1 only
    range_inches_limit: float | None  # 4 = at most 4 inches
    rof: float | None  # small arms: the documented default ROF
    rof_option: str | None  # the Options field that overrides ``rof``
    rof_die: int | None  # support weapons
    power: int
    melee_steps: int
    man_sized: bool
    heavy_ground_mount: bool
    fragmentation: bool
    fragmentation_option: str | None
    specials: frozenset[str]
    limited_ammo: int | None

    @property
    def is_support(self) -> bool:
        return self.kind == "support"


def _weapons() -> dict[str, Weapon]:
    out = {}
    for wid, row in _load("weapons.json")["weapons"].items():
        path = f"weapons.{wid}"
        limit = row["range_limit"] or {}
        rof, rof_option = _cell(row.get("rof"), f"{path}.rof")
        rof_die, _ = _cell(row.get("rof_die"), f"{path}.rof_die")
        fragmentation, fragmentation_option = _cell(
            row.get("fragmentation", False), f"{path}.fragmentation"
        )
        out[wid] = Weapon(
            id=wid,
            name=row["name"],
            name_ru=row["name_ru"],
            kind=row["kind"],
            range_zone_limit=limit.get("zone"),
            range_inches_limit=limit.get("inches"),
            rof=rof,
            rof_option=rof_option,
            rof_die=rof_die,
            power=row["power"],
            melee_steps=row["melee_steps"],
            man_sized=row.get("man_sized", False),
            heavy_ground_mount=row.get("heavy_ground_mount", False),
            fragmentation=fragmentation,
            fragmentation_option=fragmentation_option,
            specials=frozenset(row.get("specials", ())),
            limited_ammo=row.get("limited_ammo"),
        )
    return out


_WEAPONS: dict[str, Weapon] = _weapons()
WEAPONS: Mapping[str, Weapon] = MappingProxyType(_WEAPONS)


def weapon(weapon_id: str) -> Weapon:
    """The weapon table row for ``weapon_id`` (§3.2); ``unknown_weapon`` otherwise."""
    try:
        return _WEAPONS[weapon_id]
    except (KeyError, TypeError):
        raise _unknown("weapon", weapon_id, _WEAPONS, "§3.2") from None


def small_arm_rof(w: Weapon, *, options: Options = DEFAULT_OPTIONS) -> float:
    """§2.5/§3.2: a small arm's numeric rate of fire, with the club's reading of lost cells."""
    return w.rof if w.rof_option is None else getattr(options, w.rof_option)


def is_fragmentation(w: Weapon, *, options: Options = DEFAULT_OPTIONS) -> bool:
    """§2.8: whether the weapon's hits are fragmentation hits (flak vests then roll d6)."""
    if w.fragmentation_option is None:
        return w.fragmentation
    return getattr(options, w.fragmentation_option)


# ---- §3.3 armour -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Armour:
    """One row of the armour table (§3.3)."""

    id: str
    name: str
    die: int
    vs_fragmentation: int


def _armour() -> dict[str, Armour]:
    rows = _load("armour.json")["armour"]
    return {
        aid: Armour(aid, row["name"], row["die"], row.get("vs_fragmentation", row["die"]))
        for aid, row in rows.items()
    }


ARMOUR: Mapping[str, Armour] = MappingProxyType(_armour())


def armour(armour_kind: str) -> Armour:
    """The armour table row for ``armour_kind`` (§3.3); ``unknown_armour`` otherwise."""
    try:
        return ARMOUR[armour_kind]
    except (KeyError, TypeError):
        raise _unknown("armour", armour_kind, ARMOUR, "§3.3") from None


# ---- §3.1 terrain and movement ---------------------------------------------------------------

_terrain_data = _load("terrain.json")

#: Terrain classes from best to worst (§2.1).
TERRAIN_CLASSES: tuple[str, ...] = tuple(_terrain_data["terrain_classes"])
#: Speed divisor per terrain class; ``None`` = impassable (§2.1).
TERRAIN_DIVISOR: Mapping[str, int | None] = MappingProxyType(
    {c: row["divisor"] for c, row in _terrain_data["terrain_classes"].items()}
)
#: Terrain classes where march order is allowed (§2.1: easy only).
MARCH_TERRAIN: frozenset[str] = frozenset(
    c for c, row in _terrain_data["terrain_classes"].items() if row["march"]
)
MOVEMENT_CLASSES: tuple[str, ...] = tuple(_terrain_data["movement_classes"])
TERRAINS: tuple[str, ...] = tuple(_terrain_data["terrain"])

# (terrain, movement class) -> (cell, amphibious cell or None); cells are (value, option)
_TERRAIN: dict[tuple[str, str], tuple[tuple[Any, str | None], tuple[Any, None] | None]] = {}
for _terrain, _row in _terrain_data["terrain"].items():
    for _mclass in MOVEMENT_CLASSES:
        _raw = _row[_mclass]
        _amph = (_raw["amphibious"], None) if isinstance(_raw, dict) and "amphibious" in _raw else None
        _TERRAIN[_terrain, _mclass] = (_cell(_raw, f"terrain.{_terrain}.{_mclass}"), _amph)
del _terrain, _row, _mclass, _raw, _amph

#: Terrain id -> its Russian name in the rulebook ("открытые места").
_TERRAIN_RU: Mapping[str, str] = MappingProxyType(
    {t: row["name_ru"] for t, row in _terrain_data["terrain"].items() if "name_ru" in row})


def terrain_name(terrain: str, language: str) -> str | None:
    """A terrain's name in ``language`` ("ploughed field", "пашня"), ``None`` if unknown."""
    if terrain not in _terrain_data["terrain"]:
        return None
    return _TERRAIN_RU.get(terrain) if language == "ru" else terrain.replace("_", " ")


def terrain_class(
    terrain: str,
    movement_class: str,
    *,
    amphibious: bool = False,
    surrounding: str | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> str:
    """§3.1: the terrain class of ``terrain`` for ``movement_class``.

    ``amphibious`` matters for deep water (high-mobility wheeled and tracked vehicles).
    Rails for any class but rail transport count as the ``surrounding`` terrain under the
    default reading (``options.rails_for_other_classes``).
    """
    entry = _TERRAIN.get((terrain, movement_class))
    if entry is None:
        if movement_class not in MOVEMENT_CLASSES:
            raise _unknown("movement_class", movement_class, MOVEMENT_CLASSES, "§3.1")
        raise _unknown("terrain", terrain, TERRAINS, "§3.1")
    cell, amphibious_cell = entry
    if amphibious and amphibious_cell is not None:
        return amphibious_cell[0]
    value = _resolve(cell, options)
    if value == "surrounding_terrain":
        if surrounding is None or surrounding == terrain:
            raise RuleError(
                "bad_command",
                template=gettext_noop("rails are classified only for rail transport (§3.1); "
                                      "name the terrain around the rails for {movement_class}"),
                params={"movement_class": movement_class},
                rule="§3.1",
            )
        return terrain_class(surrounding, movement_class, amphibious=amphibious, options=options)
    return value


_movement_data = _load("movement.json")
#: March order doubles speed (§2.1).
MARCH_MULTIPLIER: int = _movement_data["march_multiplier"]
#: The only base speeds the fragment lets us infer (§3.1, example #1).
BASE_SPEEDS: Mapping[str, int] = MappingProxyType(
    {k: _cell(v, f"movement.base_speeds.{k}")[0] for k, v in _movement_data["base_speeds"].items()}
)
#: Combat move dice: 2d6 (§2.1, INFERRED from example #1).
COMBAT_MOVE_DICE: tuple[int, ...] = tuple(
    _cell(_movement_data["combat_move_dice"], "movement.combat_move_dice")[0]
)
EMBARK_MAX_INCHES: float = _movement_data["embark_max_inches"]
DISEMBARK_MAX_INCHES: float = _movement_data["disembark_max_inches"]


# ---- §3.4 threat table -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThreatFactor:
    """One row of the threat table (§3.4): a trigger or an additive '+' factor."""

    id: str
    name: str
    kind: str  # "trigger" or "additive"
    per_figure: bool


_threat_data = _load("threat.json")
MOTIVATIONS: tuple[str, ...] = tuple(_threat_data["motivations"])
THREAT_FACTORS: Mapping[str, ThreatFactor] = MappingProxyType(
    {
        fid: ThreatFactor(fid, row["name"], row["kind"], row.get("per") == "figure")
        for fid, row in _threat_data["factors"].items()
    }
)
TRIGGERS: frozenset[str] = frozenset(f for f, t in THREAT_FACTORS.items() if t.kind == "trigger")
ADDITIVES: frozenset[str] = frozenset(f for f, t in THREAT_FACTORS.items() if t.kind == "additive")
_THREAT: dict[tuple[str, str], tuple[Any, str | None]] = {
    (fid, m): _cell(row[m], f"threat.{fid}.{m}")
    for fid, row in _threat_data["factors"].items()
    for m in MOTIVATIONS
}


def threat_cell(factor: str, motivation: str, *, options: Options = DEFAULT_OPTIONS) -> int | None:
    """§3.4: the threat table cell; ``None`` = "No test" (trigger) / not counted (additive)."""
    cell = _THREAT.get((factor, motivation))
    if cell is None:
        if motivation not in MOTIVATIONS:
            raise _unknown("motivation", motivation, MOTIVATIONS, "§2.17")
        raise _unknown("threat_factor", factor, THREAT_FACTORS, "§3.4")
    return cell[0] if cell[1] is None else getattr(options, cell[1])


# ---- §2.0 quality grades, §2.14 panic triggers -----------------------------------------------


@dataclass(frozen=True, slots=True)
class QualityGrade:
    """A quality grade (§2.0) with its die and the events that panic it (§2.14)."""

    id: str
    name_ru: str
    die: int
    panic_triggers: frozenset[str]


_quality_data = _load("quality_grades.json")
QUALITY_GRADES: Mapping[str, QualityGrade] = MappingProxyType(
    {
        gid: QualityGrade(gid, row["name_ru"], row["die"], frozenset(row["panic_triggers"]))
        for gid, row in _quality_data["grades"].items()
    }
)
QUALITY_BY_DIE: Mapping[int, QualityGrade] = MappingProxyType(
    {g.die: g for g in QUALITY_GRADES.values()}
)
PANIC_EVENTS: Mapping[str, str] = MappingProxyType(_quality_data["panic_events"])


def quality_grade(grade_or_die: str | int) -> QualityGrade:
    """A quality grade by id (``"recruit"``) or by its die (``6``)."""
    table: Mapping = QUALITY_BY_DIE if isinstance(grade_or_die, int) else QUALITY_GRADES
    try:
        return table[grade_or_die]
    except (KeyError, TypeError):
        raise _unknown("quality", grade_or_die, map(str, table), "§2.0") from None


# ---- §3.5 morale grades, §2.17 fatigue -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleGrade:
    """A morale grade (§2.12/§3.5) and the action kinds it may carry out."""

    id: str
    order: int
    code_ru: str
    name_ru: str
    rule: str
    allows: frozenset[str] | None  # None = all kinds
    forbids: frozenset[str]


_morale_data = _load("morale_grades.json")
ACTION_KINDS: frozenset[str] = frozenset(_morale_data["action_kinds"])
MORALE_GRADES: Mapping[str, MoraleGrade] = MappingProxyType(
    {
        gid: MoraleGrade(
            gid,
            row["order"],
            row["code_ru"],
            row["name_ru"],
            row["rule"],
            None if row["allows"] == "all" else frozenset(row["allows"]),
            frozenset(row["forbids"]),
        )
        for gid, row in _morale_data["grades"].items()
    }
)
#: Morale grades from best (confident) to worst (routing).
GRADE_LADDER: tuple[str, ...] = tuple(sorted(MORALE_GRADES, key=lambda g: MORALE_GRADES[g].order))
GRADE_INDEX: Mapping[str, int] = MappingProxyType({g: i for i, g in enumerate(GRADE_LADDER)})
SHAKEN_CHARGE_CELL = _cell(_morale_data["grades"]["shaken"]["charge"], "morale.shaken.charge")
ROUTING_SURRENDER_INCHES: float = _morale_data["grades"]["routing"]["surrender_within_inches"]
FATIGUE_STARTING_MORALE: Mapping[str, str] = MappingProxyType(
    {f: row["starting_morale"] for f, row in _morale_data["fatigue"].items()}
)


def check_grade(grade: str) -> int:
    """The index of a morale grade on :data:`GRADE_LADDER`; ``unknown_morale_grade`` else."""
    try:
        return GRADE_INDEX[grade]
    except (KeyError, TypeError):
        raise _unknown("morale_grade", grade, GRADE_LADDER, "§2.12") from None


# ---- §2.13 reaction threats, §2.10 charge threats --------------------------------------------

_reaction_data = _load("reaction_threats.json")
_REACTION: dict[str, tuple[Any, str | None]] = {
    action: _cell(row["threat"], f"reaction.{action}")
    for action, row in _reaction_data["actions"].items()
}
REACTION_ACTIONS: tuple[str, ...] = tuple(_REACTION)
_CHARGE: dict[str, tuple[Any, str | None]] = {
    grade: _cell(raw, f"reaction.charge.{grade}") for grade, raw in _reaction_data["charge"].items()
}


def reaction_threat_cell(action: str, *, options: Options = DEFAULT_OPTIONS) -> int:
    """§2.13: the threat of the reaction test for ``action``."""
    cell = _REACTION.get(action)
    if cell is None:
        raise _unknown("reaction_action", action, REACTION_ACTIONS, "§2.13")
    return cell[0] if cell[1] is None else getattr(options, cell[1])


def charge_threat_cell(morale_grade: str, *, options: Options = DEFAULT_OPTIONS) -> int | None:
    """§2.10/§2.13: the charge test threat for a morale grade; ``None`` = may not charge."""
    cell = _CHARGE.get(morale_grade)
    if cell is None:
        raise _unknown("morale_grade", morale_grade, GRADE_LADDER, "§2.12")
    return cell[0] if cell[1] is None else getattr(options, cell[1])


# ---- §3.6 psi powers, §3.7 psi dice ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PsiPower:
    """A psi power (§3.6): success on a psi die roll against ``threshold``."""

    id: str
    name_ru: str
    threshold: int
    effect: str
    text: str
    threat_factor: str | None
    min_figures: int


_psi_data = _load("psi_powers.json")
PSI_ZONE_INCHES: float = _psi_data["zone_inches"]
PSI_POWERS: Mapping[str, PsiPower] = MappingProxyType(
    {
        pid: PsiPower(
            pid,
            row["name_ru"],
            row["threshold"],
            row["effect"],
            row["text"],
            row.get("threat_factor"),
            row.get("min_figures", 1),
        )
        for pid, row in _psi_data["powers"].items()
    }
)
_cell(_psi_data["powers"]["inspire"]["leadership"], "psi.inspire.leadership")
PSI_TITLES: Mapping[int, str] = MappingProxyType(
    {int(die): row["title"] for die, row in _load("psi_dice.json")["titles"].items()}
)


def psi_power(power_id: str) -> PsiPower:
    """The psi power ``power_id`` (§3.6); ``unknown_psi_power`` otherwise."""
    try:
        return PSI_POWERS[power_id]
    except (KeyError, TypeError):
        raise _unknown("psi_power", power_id, PSI_POWERS, "§3.6") from None


# ---- §3.8 small result tables ----------------------------------------------------------------

_results = _load("result_tables.json")


def _faces(table: dict, key: str, lo: int, hi: int) -> dict[int, Any]:
    out = {}
    for i, row in enumerate(table["rows"]):
        if "source" in row:
            _provenance[f"results.{key}.{i}"] = Provenance(row["source"], row["note"], None, row)
        first = lo if row["min"] is None else row["min"]
        last = hi if row["max"] is None else row["max"]
        for face in range(first, last + 1):
            out[face] = row.get("result", row.get("leadership_change"))
    return out


#: d6 -> leadership change of a replacement commander (§2.9).
COMMANDER_REPLACEMENT: Mapping[int, int] = MappingProxyType(
    _faces(_results["commander_replacement"], "commander_replacement", 1, 6)
)
#: d6 -> fate of a figure lost in melee (§2.10).
MELEE_FATE: Mapping[int, str] = MappingProxyType(_faces(_results["melee_fate"], "melee_fate", 1, 6))
#: Modified d6 (-1..9 covers every modifier) -> fate of an unchecked casualty (§2.11).
WOUNDED_FATE: Mapping[int, str] = MappingProxyType(
    _faces(_results["wounded_fate"], "wounded_fate", 1, 9)
)
WOUNDED_MODIFIERS: Mapping[str, int] = MappingProxyType(_results["wounded_fate"]["modifiers"])
MEDICAL_VEHICLE_INCHES: float = _results["wounded_fate"]["medical_vehicle_inches"]
NO_STEP_BACK_DIE_KENO_GUARD: int = _results["no_step_back"]["die_keno_guard"]
NO_STEP_BACK_DIE_OTHER: int = _results["no_step_back"]["die_other"]
NO_STEP_BACK_SUCCESS: int = _results["no_step_back"]["success_at_least"]

#: Every tagged (INFERRED / PROPOSED / annotated SOURCE) table value, by path.
PROVENANCE: Mapping[str, Provenance] = MappingProxyType(_provenance)
