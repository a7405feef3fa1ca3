"""Reading a battle's setup into its initial :class:`~rules.steelwar.state.BattleState`.

The setup is what the scenario and the forces say before the first fact::

    {
      "options": {"killed_threshold": "more_than_3x"},          # house rules (optional)
      "sides": [
        {"id": "steel", "name": "Steel", "motivation": "medium", "fatigue": "tired",
         "squads": [
           {"id": "steel.1", "name": "1st squad", "quality": "recruit", "leadership": 2,
            "figures": [
              {"id": "cmd", "role": "commander", "weapon": "smg"},
              {"role": "machine_gunner", "weapon": "lmg"},
              {"role": "rifleman", "weapon": "smg", "count": 7},
              {"role": "sniper", "weapon": "sniper_rifle"}]}]},
        ...]
    }

Squad keys: ``id`` (unique), ``name``, ``quality`` (grade id, die size or ``"d6"``),
``leadership`` (1..3), ``morale`` (starting morale; default from the side's fatigue, §2.17),
``movement_class`` (§3.1, default infantry), ``speed`` (inches; infantry defaults to 6, other
classes must say), ``capacity``, ``amphibious``, ``cover`` (none/light/hard), ``prone``, ``limbered``,
``embarked_in``, ``fearsome``, ``keno_guard``, ``wounded_left_behind``,
``under_bombardment``, ``chain`` and ``commands`` (the chain of command of the rally test,
§2.18: ``chain`` lists the formations above the squad from the top down, ``["bn1", "coy3",
"plt1"]``; an officer's unit names in ``commands`` the formation its commander leads,
``["bn1", "coy3"]`` for the 3rd company's commander; both default to none).

Figure keys: ``id`` (default: its position from the left, ``"1"``, ``"2"``...), ``role``,
``weapon`` (§3.2 id), ``armour`` (§3.3 id), ``kind`` (human / android / robot / weapon),
``specialist`` (default: any role but rifleman, commander and crew), ``psi_die``,
``mounted``, ``cold_weapon`` (a fixed bayonet, sword or axe: +1 melee step, §2.10), ``ammo``
(default: the weapon's shots per battle), ``count`` (repeat the figure), ``name`` (the
figure's own name, e.g. a campaign's soldier: effects and choices name it by it).
A man-sized weapon (tripod MG, "Slon") is a figure of kind ``weapon`` (§2.9); it defaults to
that kind and to the man-sized armour.

Every error is ``RuleError("bad_setup", ..., field="sides.0.squads.1.figures.3.weapon")``,
or ``RuleError("limit_exceeded", ...)`` for a setup beyond the system's
:class:`~rules.core.limits.Limits` (:data:`rules.steelwar.limits.LIMITS`: sides, units,
figures per unit and in all, option keys, id and name lengths, chain lengths), checked before
a ``count`` is expanded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.dice import DIE_SIZES
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.core.limits import Limits, check, exceeded
from rules.steelwar import tables
from rules.steelwar.limits import LIMITS
from rules.steelwar.morale import starting_morale
from rules.steelwar.options import Options
from rules.steelwar.state import (
    COVERS,
    HUMAN,
    KINDS,
    MORALE_GRADES,
    ROBOT,
    WEAPON,
    BattleState,
    Figure,
    Side,
    Squad,
    make_index,
)

#: Roles that are not specialists (§2.9 names sniper, machine gunner, sergeant "and so on").
ORDINARY_ROLES = frozenset({"rifleman", "commander", "crew"})
_SQUAD_KEYS = frozenset({
    "id", "name", "quality", "leadership", "morale", "movement_class", "speed", "capacity",
    "amphibious", "cover", "prone", "limbered", "embarked_in", "fearsome", "keno_guard",
    "wounded_left_behind", "under_bombardment", "figures", "chain", "commands",
})
_FIGURE_KEYS = frozenset({
    "id", "role", "weapon", "armour", "kind", "specialist", "psi_die", "mounted", "ammo", "count",
    "cold_weapon", "name",
})
_DEFAULT_ARMOUR = {HUMAN: "human", "android": "human", ROBOT: "robot",
                   WEAPON: "man_sized_equipment"}


def _bad(field: str, message: str, **params: Any) -> RuleError:
    """``bad_setup`` at ``field``: ``message`` is an English template (``gettext_noop``) filled
    with ``params``, or a :class:`Sentence` taken as it is."""
    if params or not isinstance(message, Sentence):
        message = Sentence(message, **params)
    return RuleError("bad_setup", message, field=field)


def _get(d: Mapping, key: str, field: str, kind: type | tuple, default: Any = ...) -> Any:
    if key not in d:
        if default is ...:
            raise _bad(f"{field}.{key}", gettext_noop("{key} is required"), key=key)
        return default
    value = d[key]
    if value.__class__ is kind:  # the common case (every replay builds its battle again)
        return value
    if isinstance(value, bool) and kind is not bool and bool not in (
        kind if isinstance(kind, tuple) else (kind,)
    ):
        raise _bad(f"{field}.{key}", gettext_noop("{key} must not be true/false"), key=key)
    if not isinstance(value, kind) and not (value is None and default is None):
        raise _bad(
            f"{field}.{key}",
            gettext_noop("{key} has the wrong type: {value!r}"),
            key=key,
            value=value,
        )
    return value


def _check_keys(d: Mapping, allowed: frozenset, field: str) -> None:
    unknown = sorted(set(d) - allowed)
    if unknown:
        raise _bad(
            f"{field}.{unknown[0]}",
            gettext_noop("unknown key {key!r} (allowed: {allowed})"),
            key=unknown[0],
            allowed=", ".join(sorted(allowed)),
        )


def quality_die(value: Any, field: str) -> int:
    """A quality die from a grade id (``"recruit"``), a die size (6), ``"d6"`` or the
    Russian ``"к6"`` (how the rulebook and the Russian pages write dice)."""
    if isinstance(value, str) and value[:1] in ("d", "к", "К") and value[1:].isdecimal():
        value = int(value[1:])
    if isinstance(value, int) and not isinstance(value, bool) and value in DIE_SIZES:
        return value
    if isinstance(value, str) and value in tables.QUALITY_GRADES:
        return tables.QUALITY_GRADES[value].die
    raise _bad(
        field,
        gettext_noop(
            "quality must be a grade ({grades}) or a die d4..d12, not {value!r} (§2.0)"
        ),
        grades=', '.join(tables.QUALITY_GRADES),
        value=value,
    )


def build_battle(
    setup: Mapping[str, Any],
    defaults: Mapping[str, Any] | None = None,
    limits: Limits = LIMITS,
) -> BattleState:
    """Validate ``setup`` and build the initial battle; ``defaults`` are the version's option
    overrides, under the battle's own ``setup["options"]``; ``limits`` bound its size."""
    if not isinstance(setup, Mapping):
        raise _bad("setup", gettext_noop("the setup must be a mapping"))
    _check_keys(setup, frozenset({"sides", "options"}), "setup")
    raw_options = _get(setup, "options", "setup", Mapping, {})
    check(limits, "options", len(raw_options), "options")
    try:
        options = Options.from_dict({**(defaults or {}), **raw_options})
    except ValueError as exc:
        raise _bad("options", str(exc)) from None
    raw_sides = _get(setup, "sides", "setup", list)
    if len(raw_sides) < 2:
        raise _bad("sides", gettext_noop("a battle needs at least two sides"))
    check(limits, "sides", len(raw_sides), "sides")
    sides: list[Side] = []
    squads: list[Squad] = []
    figures = 0
    for s, raw_side in enumerate(raw_sides):
        field = f"sides.{s}"
        if not isinstance(raw_side, Mapping):
            raise _bad(field, gettext_noop("a side must be a mapping"))
        _check_keys(raw_side, frozenset({"id", "name", "motivation", "fatigue", "squads"}), field)
        side_id = _text(raw_side, "id", field, limits)
        motivation = _get(raw_side, "motivation", field, str)
        if motivation not in tables.MOTIVATIONS:
            raise _bad(
                f"{field}.motivation",
                gettext_noop(
                    "motivation must be one of {choices} (§2.17), not {motivation!r}"
                ),
                choices=', '.join(tables.MOTIVATIONS),
                motivation=motivation,
            )
        fatigue = _get(raw_side, "fatigue", field, str)
        if fatigue not in tables.FATIGUE_STARTING_MORALE:
            raise _bad(
                f"{field}.fatigue",
                gettext_noop("fatigue must be one of {choices} (§2.17), not {fatigue!r}"),
                choices=', '.join(tables.FATIGUE_STARTING_MORALE),
                fatigue=fatigue,
            )
        sides.append(
            Side(side_id, _text(raw_side, "name", field, limits, side_id), motivation, fatigue)
        )
        raw_squads = _get(raw_side, "squads", field, list)
        check(limits, "units", len(squads) + len(raw_squads), f"{field}.squads")
        for q, raw_squad in enumerate(raw_squads):
            squad = _squad(raw_squad, s, fatigue, f"{field}.squads.{q}", limits)
            figures += len(squad.figures)
            check(limits, "figures", figures, f"{field}.squads.{q}.figures")
            squads.append(squad)
    if len({s.id for s in sides}) != len(sides):
        raise _bad("sides", gettext_noop("side ids must be unique"))
    ids = [q.id for q in squads]
    for n, squad in enumerate(squads):
        if ids.index(squad.id) != n:
            raise _bad("sides", gettext_noop("squad id {id!r} is used twice"), id=squad.id)
    for squad in squads:
        if squad.embarked_in is not None and squad.embarked_in not in ids:
            raise _bad(
                "sides",
                gettext_noop("{id} is embarked in unknown squad {embarked_in!r}"),
                id=squad.id,
                embarked_in=squad.embarked_in,
            )
    squads_t = tuple(squads)
    return BattleState(options=options, sides=tuple(sides), squads=squads_t, index=make_index(squads_t))


def _squad(raw: Any, side: int, fatigue: str, field: str, limits: Limits) -> Squad:
    if not isinstance(raw, Mapping):
        raise _bad(field, gettext_noop("a squad must be a mapping"))
    _check_keys(raw, _SQUAD_KEYS, field)
    squad_id = _text(raw, "id", field, limits)
    leadership = _get(raw, "leadership", field, int)
    if not 1 <= leadership <= 3:
        raise _bad(
            f"{field}.leadership",
            gettext_noop("leadership runs from 1 (best) to 3 (worst) (§2.0)"),
        )
    morale = _get(raw, "morale", field, str, starting_morale(fatigue))
    if morale not in MORALE_GRADES:
        raise _bad(
            f"{field}.morale",
            gettext_noop("morale must be one of {choices}"),
            choices=', '.join(MORALE_GRADES),
        )
    movement_class = _get(raw, "movement_class", field, str, "infantry")
    if movement_class not in tables.MOVEMENT_CLASSES:
        raise _bad(
            f"{field}.movement_class",
            gettext_noop("movement class must be one of {choices} (§3.1)"),
            choices=', '.join(tables.MOVEMENT_CLASSES),
        )
    speed = _get(raw, "speed", field, int, tables.BASE_SPEEDS.get(movement_class))
    cover = _get(raw, "cover", field, str, "none")
    if cover not in COVERS:
        raise _bad(
            f"{field}.cover",
            gettext_noop("cover must be one of {choices} (§2.4)"),
            choices=', '.join(COVERS),
        )
    figures: list[Figure] = []
    for n, raw_figure in enumerate(_get(raw, "figures", field, list)):
        figures.extend(_figures(raw_figure, len(figures), f"{field}.figures.{n}", limits))
    if not figures:
        raise _bad(f"{field}.figures", gettext_noop("a squad needs at least one figure"))
    if len({f.id for f in figures}) != len(figures):
        raise _bad(f"{field}.figures", gettext_noop("figure ids must be unique within a squad"))
    if sum(1 for f in figures if f.role == "commander") > 1:
        raise _bad(f"{field}.figures", gettext_noop("a squad has at most one commander"))
    return Squad(
        id=squad_id,
        side=side,
        name=_text(raw, "name", field, limits, squad_id),
        quality=quality_die(_get(raw, "quality", field, (str, int)), f"{field}.quality"),
        leadership=leadership,
        figures=tuple(figures),
        morale=morale,
        starting_morale=morale,
        movement_class=movement_class,
        speed=speed,
        capacity=_get(raw, "capacity", field, int, None),
        amphibious=_get(raw, "amphibious", field, bool, False),
        cover=cover,
        prone=_get(raw, "prone", field, bool, False),
        limbered=_get(raw, "limbered", field, bool, False),
        embarked_in=_text(raw, "embarked_in", field, limits, None),
        fearsome=_get(raw, "fearsome", field, bool, False),
        keno_guard=_get(raw, "keno_guard", field, bool, False),
        wounded_left_behind=_get(raw, "wounded_left_behind", field, bool, False),
        under_bombardment=_get(raw, "under_bombardment", field, bool, False),
        chain=_path(raw, "chain", field, limits),
        commands=_path(raw, "commands", field, limits),
    )


def _text(raw: Mapping, key: str, field: str, limits: Limits, default: Any = ...) -> Any:
    """An id (``str``, at most ``limits.id_length`` characters) or, for the key ``"name"``,
    a name (at most ``limits.name_length``)."""
    value = _get(raw, key, field, str, default)
    if value.__class__ is str:  # the field's path is written only for a refusal
        limit = "name_length" if key == "name" else "id_length"
        if len(value) > getattr(limits, limit):
            raise exceeded(limits, limit, len(value), f"{field}.{key}")
    return value


def _path(raw: Mapping, key: str, field: str, limits: Limits) -> tuple[str, ...]:
    """A chain-of-command path (§2.18): a list of formation ids, top down."""
    value = _get(raw, key, field, list, [])
    check(limits, "list_items", len(value), f"{field}.{key}")
    for n, item in enumerate(value):
        if item.__class__ is str and len(item) > limits.id_length:
            raise exceeded(limits, "id_length", len(item), f"{field}.{key}.{n}")
    if not all(isinstance(v, str) and v for v in value) or len(set(value)) != len(value):
        raise _bad(
            f"{field}.{key}",
            gettext_noop(
                "{key} must be a list of distinct formation ids, top down (§2.18)"
            ),
            key=key,
        )
    return tuple(value)


def _figures(raw: Any, position: int, field: str, limits: Limits) -> list[Figure]:
    if not isinstance(raw, Mapping):
        raise _bad(field, gettext_noop("a figure must be a mapping"))
    _check_keys(raw, _FIGURE_KEYS, field)
    count = _get(raw, "count", field, int, 1)
    if count < 1:
        raise _bad(f"{field}.count", gettext_noop("count must be at least 1"))
    if position + count > limits.figures_per_unit:  # before the count is expanded
        raise exceeded(limits, "figures_per_unit", position + count,
                       f"{field}.count" if "count" in raw else field)
    if count > 1 and "id" in raw:
        raise _bad(f"{field}.id", gettext_noop("a figure with a count cannot have one id"))
    weapon_id = _get(raw, "weapon", field, str, None)
    weapon = None
    if weapon_id is not None:
        try:
            weapon = tables.weapon(weapon_id)
        except RuleError as exc:
            raise _bad(f"{field}.weapon", exc.message) from None
    default_kind = WEAPON if weapon is not None and weapon.man_sized else HUMAN
    kind = _get(raw, "kind", field, str, default_kind)
    if kind not in KINDS:
        raise _bad(
            f"{field}.kind",
            gettext_noop("kind must be one of {choices}"),
            choices=', '.join(KINDS),
        )
    if weapon is not None and weapon.man_sized and kind != WEAPON:
        raise _bad(
            f"{field}.kind",
            gettext_noop(
                "a {weapon} is man-sized: it is a figure of kind 'weapon' of its own, with its "
                "crew as other figures (§2.9)"
            ),
            weapon=weapon.name,
        )
    armour = _get(raw, "armour", field, str, _DEFAULT_ARMOUR[kind])
    if armour not in tables.ARMOUR:
        raise _bad(
            f"{field}.armour",
            gettext_noop("armour must be one of {choices} (§3.3)"),
            choices=', '.join(tables.ARMOUR),
        )
    role = _text(raw, "role", field, limits, weapon_id if kind == WEAPON else "rifleman")
    psi_die = _get(raw, "psi_die", field, int, None)
    if psi_die is not None and psi_die not in DIE_SIZES:
        raise _bad(f"{field}.psi_die", gettext_noop("the psi die is d4..d12 (§3.7)"))
    ammo = _get(raw, "ammo", field, int, weapon.limited_ammo if weapon is not None else None)
    fields = dict(
        role=role,
        weapon=weapon_id,
        armour=armour,
        kind=kind,
        specialist=_get(raw, "specialist", field, bool, role not in ORDINARY_ROLES),
        psi_die=psi_die,
        mounted=_get(raw, "mounted", field, bool, False),
        cold_weapon=_get(raw, "cold_weapon", field, bool, False),
        ammo=ammo,
        name=_text(raw, "name", field, limits, ""),
    )
    given = _text(raw, "id", field, limits, None)
    return [Figure(id=given or str(position + k + 1), **fields) for k in range(count)]
