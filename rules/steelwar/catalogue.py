"""The Steel War's command catalogue: what may be declared now (``SteelWar.commands``).

For every declarable action (:data:`rules.steelwar.actions.ACTIONS`) a template here names
who may declare it (the whole table, the squad under activation, or any squad) and its
parameters with their candidate values read from the battle (targets, the figures whose
weapons may still fire, terrain, covers, psi powers...). The catalogue is then *checked by
the rules themselves*: each candidate is kept only when the action's own ``validate``
accepts the command built with it and the other parameters at their defaults, and a unit is
listed for an action only when the command with every default validates. A parameter the
player must choose (``Param.choose``: any pre-filled value would be a guess, e.g. the enemies
in view or the inches to the nearest friendly troops) has no default
(:attr:`rules.core.catalogue.ParamSpec.no_default`); the action is listed when one of its
fillings (:meth:`rules.core.catalogue.ParamSpec.fills`) validates. So what the catalogue
lists validates, and ``validate`` stays the only place the rules are written.

Parameters that only an API client needs (``path`` of a move or a charge, ``exposed``
figures of a partly covered target, ``cover_protects`` of a shot) are not listed; clients
may still send them. Flags are listed with a legal default; whether their other value is
legal may depend on other parameters (a rally at 10" needs ``radio``), which ``validate``
says when the command is sent.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, NamedTuple

from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError
from rules.core.facts import Command
from rules.core.system import AwaitingCommand
from rules.steelwar import tables
from rules.steelwar.actions import ACTIONS
from rules.steelwar.actions.fire import _check_figures
from rules.steelwar.actions.movement import DIRECTIONS, MODES
from rules.steelwar.commands import is_vehicle
from rules.steelwar.firepower import MAX_ZONE, range_zone
from rules.steelwar.no_step_back import NO_FRIENDS_WITHIN_INCHES
from rules.steelwar.state import COVERS, BattleState, Squad

TABLE, ACTIVE, ANY = "table", "active", "any"

#: English labels of the actions (the terms module of the package translates them).
LABELS = {
    "begin_activation": "begin activation",
    "fire": "fire",
    "move": "move",
    "stand_up": "stand up",
    "go_prone": "go prone",
    "charge": "charge",
    "continue_melee": "continue the melee",
    "remove_suppression": "remove suppression",
    "reorganise": "reorganise",
    "rally": "rally",
    "psi_power": "use a psi power",
    "embark": "embark",
    "disembark": "disembark",
    "unlimber": "unlimber",
    "panic_recovery": "test to end the panic",
    "no_step_back": "\"Not one step back!\"",
    "end_no_step_back": "end \"Not one step back!\"",
    "enemy_in_sight": "an enemy comes into sight",
    "surrender": "surrender",
    "end_activation": "end activation",
    "end_turn": "end turn",
}


class Param(NamedTuple):
    """A parameter template. ``candidates(battle, squad)`` gives the values to try (kinds
    ``unit``, ``figures``, ``choice``); ``default(battle, squad)`` the form's pre-filled value
    (``None``: left out; for required single choices, the first legal candidate). ``filter``
    False keeps the candidates unchecked (a list judged as a whole, e.g. the enemies in view);
    ``offer`` ``"if_legal"`` lists a flag only when its other value validates too. ``choose``:
    the player must choose, nothing is pre-filled (a number's candidates are the other values
    it takes, e.g. ``None`` for "none on the table")."""

    name: str
    label: str
    kind: str
    required: bool = True
    candidates: Callable[[BattleState, Squad | None], list[Choice]] | None = None
    default: Callable[[BattleState, Squad | None], Any] | None = None
    minimum: float | None = None
    maximum: Callable[[BattleState, Squad | None], float | None] | float | None = None
    multiple: bool = False
    filter: bool = True
    offer: str = "always"
    choose: bool = False


class Template(NamedTuple):
    action: str
    who: str
    params: tuple[Param, ...] = ()


# --- candidates -------------------------------------------------------------------------------


def _side_name(battle: BattleState, squad: Squad) -> str:
    return battle.sides[squad.side].name


def unit_label(battle: BattleState, squad: Squad) -> str:
    """``"1st squad (Steel)"``."""
    return f"{squad.name} ({_side_name(battle, squad)})"


def _units(battle: BattleState, keep: Callable[[Squad], bool]) -> list[Choice]:
    return [Choice(s.id, unit_label(battle, s)) for s in battle.squads if s.on_table and keep(s)]


def _enemies(battle: BattleState, squad: Squad) -> list[Choice]:
    return _units(battle, lambda s: s.side != squad.side)


def _fighting_enemies(battle: BattleState, squad: Squad) -> list[Choice]:
    """Enemy squads on the table with someone still fighting (those a squad may see)."""
    return _units(battle, lambda s: s.side != squad.side and s.has_fighting_figure())


def _friends(battle: BattleState, squad: Squad) -> list[Choice]:
    return _units(battle, lambda s: s.side == squad.side and s.id != squad.id)


def _vehicles(battle: BattleState, squad: Squad) -> list[Choice]:
    return _units(battle, lambda s: s.side == squad.side and s.id != squad.id and is_vehicle(s))


def _anyone(battle: BattleState, squad: Squad) -> list[Choice]:
    return _units(battle, lambda s: s.has_fighting_figure())


def figure_label(figure) -> str:
    """``"mg · light machine gun (machine_gunner)"``: id, weapon, and a role other than
    rifleman."""
    label = figure.id
    if figure.weapon is not None:
        label += f" · {tables.weapon(figure.weapon).name}"
    if figure.role != "rifleman":
        label += f" ({figure.role.replace('_', ' ')})"
    return label


def _shooters(battle: BattleState, squad: Squad) -> list[Choice]:
    """The squad's figures whose weapons may still fire now (fire's own figure check)."""
    out = []
    for figure in squad.figures:
        try:
            _check_figures(battle, squad, [figure])
        except RuleError:
            continue
        out.append(Choice(figure.id, figure_label(figure)))
    return out


def _psionics(battle: BattleState, squad: Squad) -> list[Choice]:
    return [Choice(f.id, figure_label(f)) for f in squad.figures
            if f.psi_die is not None and f.fighting]


def _fixed(values: tuple[str, ...], label: Callable[[str], str] | None = None):
    def candidates(battle: BattleState, squad: Squad | None) -> list[Choice]:
        return [Choice(v, label(v) if label else v.replace("_", " ")) for v in values]
    return candidates


def _psi_powers(battle: BattleState, squad: Squad) -> list[Choice]:
    return [Choice(p.id, f"{p.id.replace('_', ' ')} ({p.threshold}+)")
            for p in tables.PSI_POWERS.values()]


_BOOLS = _fixed((True, False), {True: "yes", False: "no"}.get)


def _const(value: Any):
    return lambda battle, squad: value


def _fire_range(battle: BattleState, squad: Squad) -> float | None:
    """The farthest distance in range zone 5 of the squad's quality die (§2.4)."""
    far = MAX_ZONE * squad.quality
    return far if range_zone(far, squad.quality, options=battle.options) is not None else None


# --- the templates ----------------------------------------------------------------------------

_TERRAIN = _fixed(tables.TERRAINS)
_NONE_ON_TABLE = _const([Choice(None, "none on the table")])
_DISTANCE = Param("distance", "distance in inches", "number", default=_const(0), minimum=0)

TEMPLATES: tuple[Template, ...] = (
    Template("begin_activation", ANY),
    Template("fire", ACTIVE, (
        Param("target", "target", "unit", candidates=_enemies),
        Param("weapons", "weapons that fire", "figures", candidates=_shooters),
        _DISTANCE._replace(maximum=_fire_range),
        Param("cover", "the target's cover", "choice", required=False,
              candidates=_fixed(COVERS)),
    )),
    Template("move", ACTIVE, (
        Param("mode", "mode", "choice", candidates=_fixed(MODES), default=_const("normal")),
        Param("direction", "direction", "choice", multiple=True,
              candidates=_fixed(("other",) + tuple(d for d in DIRECTIONS if d != "other"))),
        Param("terrain", "terrain crossed", "choice", candidates=_TERRAIN,
              default=_const("open")),
        Param("distance", "distance in inches", "number", required=False, minimum=0),
        Param("leaves_cover", "leaves cover", "flag", default=_const(False), offer="if_legal"),
        Param("cover", "cover after the move", "choice", required=False,
              candidates=_fixed(COVERS)),
        Param("leaves_table", "leaves the table by its own edge", "flag",
              default=_const(False)),
        Param("surrounding", "terrain around rails", "choice", required=False,
              candidates=_TERRAIN),
    )),
    Template("stand_up", ACTIVE),
    Template("go_prone", ACTIVE, (
        Param("open", "in open terrain", "flag", default=lambda b, s: s.cover == "none"),
        Param("in_water", "in water", "flag", default=_const(False), offer="if_legal"),
    )),
    Template("charge", ACTIVE, (
        Param("target", "target", "unit", candidates=_enemies),
        _DISTANCE,
        Param("terrain", "terrain crossed", "choice", candidates=_TERRAIN,
              default=_const("open")),
        Param("cover", "cover where a short charge ends", "choice", required=False,
              candidates=_fixed(COVERS)),
        Param("blades", "with blades", "flag", default=_const(False), offer="if_legal"),
        Param("melee_terrain", "terrain of the fight", "choice", required=False,
              candidates=_TERRAIN),
        Param("surrounding", "terrain around rails", "choice", required=False,
              candidates=_TERRAIN),
    )),
    Template("continue_melee", ACTIVE),
    Template("remove_suppression", ACTIVE),
    Template("reorganise", ACTIVE, (
        Param("medical_vehicle", "inches to a medical vehicle", "number", required=False,
              minimum=0),
        Param("surgeon", "a field surgeon treats the wounded", "flag", default=_const(False)),
    )),
    Template("rally", ACTIVE, (
        Param("squad", "squad rallied", "unit", candidates=_friends),
        _DISTANCE,
        Param("line_of_sight", "in direct line of sight", "flag", default=_const(True)),
        Param("radio", "radio or telephone on both sides", "flag", default=_const(False)),
    )),
    Template("psi_power", ACTIVE, (
        Param("power", "psi power", "choice", candidates=_psi_powers),
        Param("target", "target", "unit", candidates=_anyone, default=lambda b, s: s.id),
        _DISTANCE,
        Param("line_of_sight", "in direct line of sight", "flag", default=_const(False)),
        Param("psionic", "psionic", "choice", candidates=_psionics),
    )),
    Template("embark", ACTIVE, (
        Param("vehicle", "vehicle", "unit", candidates=_vehicles),
        Param("farthest", "inches from the vehicle to the farthest figure", "number",
              default=_const(0), minimum=0, maximum=tables.EMBARK_MAX_INCHES),
    )),
    Template("disembark", ACTIVE, (
        Param("farthest", "inches from the vehicle to the farthest figure", "number",
              default=_const(0), minimum=0, maximum=tables.DISEMBARK_MAX_INCHES),
    )),
    Template("unlimber", ACTIVE),
    Template("panic_recovery", ACTIVE),
    Template("no_step_back", ANY, (
        Param("enemies", "enemy squads in view", "unit", multiple=True,
              candidates=_fighting_enemies, filter=False, choose=True),
        # §2.15: no friendly troops within 12" (at exactly 12" they are within it)
        Param("nearest_friend", "inches to the nearest friendly troops", "number",
              candidates=_NONE_ON_TABLE, minimum=NO_FRIENDS_WITHIN_INCHES, choose=True),
        # on a failure, an enemy within 12" takes the squad's surrender; three are in view
        Param("nearest_enemy", "inches to the nearest enemy", "number", minimum=0,
              choose=True),
    )),
    Template("end_no_step_back", ANY, (
        Param("enemies", "enemy squads still in view", "unit", multiple=True,
              candidates=_fighting_enemies, filter=False, default=_const(())),
    )),
    Template("enemy_in_sight", ANY, (
        Param("enemy", "enemy seen", "unit", candidates=_enemies),
        Param("armoured", "armour or power armour", "choice", required=False,
              candidates=_BOOLS),
    )),
    Template("surrender", ANY, (
        Param("enemy", "enemy within 12\"", "unit", candidates=_enemies),
        Param("distance", "distance in inches", "number", default=_const(0), minimum=0,
              maximum=tables.ROUTING_SURRENDER_INCHES),
    )),
    Template("end_activation", TABLE),
    Template("end_turn", TABLE),
)


# --- building the catalogue -------------------------------------------------------------------


def commands(battle: BattleState, pending: Any) -> tuple[CommandSpec, ...]:
    """What may be declared now: nothing while dice or a decision are awaited."""
    if not isinstance(pending, AwaitingCommand):
        return ()
    active = battle.activation.squad if battle.activation is not None else None
    out: list[CommandSpec] = []
    for template in TEMPLATES:
        action = ACTIONS[template.action]
        if template.who == TABLE:
            squads: list[Squad | None] = [None]
        elif template.who == ACTIVE:
            squads = [] if active is None else [battle.squads[active]]
        else:
            squads = list(battle.squads)
        for squad in squads:
            spec = _spec(battle, action, template, squad)
            if spec is not None:
                out.append(spec)
    return tuple(out)


def _valid(battle: BattleState, action, unit: str | None, params: dict) -> bool:
    try:
        action.validate(battle, Command(action.name, unit, params))
    except RuleError:
        return False
    return True


def _spec(battle: BattleState, action, template: Template, squad: Squad | None) -> CommandSpec | None:
    """The spec of ``template`` for ``squad``, or ``None`` if its defaults do not validate."""
    unit = None if squad is None else squad.id
    if not template.params:
        if not _valid(battle, action, unit, {}):
            return None
        return _command_spec(battle, template, squad, ())
    candidates = {p.name: (p.candidates(battle, squad) if p.candidates else []) for p in
                  template.params}
    defaults: dict[str, Any] = {}
    for p in template.params:
        if p.choose:
            defaults[p.name] = None
            continue
        value = p.default(battle, squad) if p.default else None
        if value is None and p.required and p.kind in ("unit", "choice"):
            if not candidates[p.name]:
                return None  # nothing to choose from: the action cannot be declared now
            value = _wrap(p)(candidates[p.name][0].value)
        if p.kind == "figures":
            value = tuple(c.value for c in candidates[p.name])
        defaults[p.name] = value

    filled: dict[str, Any] = {}  # the parameters the player chooses, as the probes fill them

    def probe(**changed: Any) -> bool:
        given = {k: v for k, v in defaults.items() if v is not None}
        given.update({**filled, **changed})  # a chosen None is sent: "none on the table"
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in given.items()}
        return _valid(battle, action, unit, params)

    # parameters the player must choose: listed if one of their fillings validates, which
    # then stands in for them while the others' values are checked
    chosen = [p for p in template.params if p.choose]
    if chosen:
        picks = itertools.product(*[[(p.name, v) for v in _fills(p, candidates[p.name])]
                                    for p in chosen])
        first = next((dict(pick) for pick in picks if probe(**dict(pick))), None)
        if first is None:
            return None
        filled.update(first)
    # required choices without a default: the first candidate that validates with the
    # others' defaults (a list of it for a multiple choice)
    for p in template.params:
        if p.required and p.kind in ("unit", "choice") and p.filter and (
                p.default is None) and not p.choose:
            wrap = _wrap(p)
            first = next((wrap(c.value) for c in candidates[p.name]
                          if probe(**{p.name: wrap(c.value)})), None)
            if first is None:
                return None
            defaults[p.name] = first
    if not probe():
        return None
    params = []
    for p in template.params:
        kept = candidates[p.name]
        default = defaults[p.name]
        if p.kind == "flag":
            if p.offer == "if_legal" and not probe(**{p.name: not default}):
                continue
        elif p.kind == "figures":
            kept = [c for c in kept if probe(**{p.name: (c.value,)})]
            if not kept:
                return None
            default = tuple(c.value for c in kept)  # all ticked, if they may fire together
            if not probe(**{p.name: default}):
                default = (kept[0].value,)
        elif p.kind in ("unit", "choice") and p.filter:
            wrap = _wrap(p)
            kept = [c for c in kept if probe(**{p.name: wrap(c.value)})]
            if not kept and not p.required:
                continue
        elif p.kind == "number":
            kept = [c for c in kept if probe(**{p.name: c.value})]
        maximum = p.maximum(battle, squad) if callable(p.maximum) else p.maximum
        params.append(ParamSpec(p.name, p.label, p.kind, p.required, default, tuple(kept),
                                p.minimum, maximum, p.multiple))
    return _command_spec(battle, template, squad, tuple(params))


def _fills(p: Param, candidates: list[Choice]) -> list[Any]:
    """The values that fill a parameter the player chooses (the core's rule for them)."""
    return ParamSpec(p.name, p.label, p.kind, choices=tuple(candidates), minimum=p.minimum,
                     multiple=p.multiple).fills()


def _wrap(p: Param) -> Callable[[Any], Any]:
    """A value as the parameter takes it: a list of one for a multiple choice."""
    return (lambda v: (v,)) if p.multiple else (lambda v: v)


def _command_spec(battle: BattleState, template: Template, squad: Squad | None,
                  params: tuple[ParamSpec, ...]) -> CommandSpec:
    action = ACTIONS[template.action]
    return CommandSpec(template.action, LABELS[template.action], action.rule,
                       None if squad is None else squad.id,
                       "" if squad is None else unit_label(battle, squad), params)
