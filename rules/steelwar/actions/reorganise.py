"""Reorganisation and the wounded (digest §2.11, table §3.8).

``reorganise`` is one action, not repeatable in the same activation; a suppressed squad may
reorganise only in cover (:func:`rules.steelwar.reorganisation.check_can_reorganise`). It has
two effects:

1. **coherency** -- the figures regroup around the commander. The engine keeps no figure
   positions, so this is reported and changes nothing;
2. **the wounded** -- each unchecked casualty rolls a d6 (key ``reorg.<figure id>``): +1 with a
   medic in the squad or a medical vehicle within 6", +2 when a field surgeon with a medical
   team treats him (not both, ``options.medic_surgeon_stacking``); androids get no bonus.
   1-2 dies (``killed``), 3-5 ``stabilised`` (cannot fight or move alone), 6+ ``returned``
   to duty (:func:`rules.steelwar.reorganisation.wounded_fate`). Robots are never healed by
   reorganisation: a robot is immobilised or destroyed, never an unchecked casualty (§2.9).

``reorganise`` params:

- ``medical_vehicle``: inches from the squad to the nearest friendly medical vehicle (omit or
  null when there is none);
- ``surgeon``: true when a field surgeon with a medical team treats the squad's wounded.

A medic is a fighting figure of the squad whose role is ``medic``. Like any order other than
movement and fire, a Broken or Routing squad may not reorganise (§3.5).
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.facts import Command
from rules.core.system import Step
from rules.steelwar import effects
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    request,
    spent,
)
from rules.steelwar.commands import acting_squad, check_morale_allows, flag, number
from rules.steelwar.reorganisation import (
    KILLED,
    RETURNED_TO_DUTY,
    STABILISED,
    check_can_reorganise,
    medical_bonus,
    medical_vehicle_in_range,
    wounded_fate,
)
from rules.steelwar.state import (
    ANDROID,
    RETURNED,
    ROBOT,
    WOUNDED_UNCHECKED,
    BattleState,
    Resolution,
    Squad,
)
from rules.steelwar.state import KILLED as FIGURE_KILLED
from rules.steelwar.state import STABILISED as FIGURE_STABILISED

NAME = "reorganise"
RULE = "§2.11"
MEDIC = "medic"

#: A fate of §2.11 -> the figure's status.
STATUS = {KILLED: FIGURE_KILLED, STABILISED: FIGURE_STABILISED, RETURNED_TO_DUTY: RETURNED}


class Context(NamedTuple):
    """The wounded to settle (figure ids, left to right) and the medical help at hand."""

    wounded: tuple[str, ...]
    medic_or_medical_vehicle: bool
    surgeon: bool


def key(figure_id: str) -> str:
    return f"reorg.{figure_id}"


def unchecked(squad: Squad) -> tuple[str, ...]:
    """The squad's unchecked casualties, left to right (robots are never healed, §2.11)."""
    return tuple(f.id for f in squad.figures if f.status == WOUNDED_UNCHECKED and f.kind != ROBOT)


def has_medic(squad: Squad) -> bool:
    return any(f.role == MEDIC and f.fighting for f in squad.figures)


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Context]:
    i, squad = acting_squad(battle, cmd)
    check_morale_allows(battle, squad, "other")
    check_can_reorganise(
        suppressed=squad.suppression > 0,
        in_cover=squad.cover != "none",
        reorganised_this_activation=battle.activation.reorganised,
    )
    vehicle = number(cmd, "medical_vehicle", None)
    help_at_hand = has_medic(squad) or (
        vehicle is not None and medical_vehicle_in_range(vehicle)
    )
    return i, Context(unchecked(squad), help_at_hand, flag(cmd, "surgeon"))


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    i, ctx = _plan(battle, cmd)
    act = spent(battle)._replace(reorganised=True)
    squad = battle.squads[i]
    fx = [effects.reorganised(squad, len(ctx.wounded))]
    if not ctx.wounded:
        return done(battle, fx, activation=act)
    requests = tuple(
        request(key(fid), f"fate of {effects.figure_name(squad, squad.figure(fid))}"
                " d6 (§2.11)", 6, 1, squad.id)
        for fid in ctx.wounded
    )
    return ask_dice(battle, NAME, "wounded", i, ctx, requests, fx, activation=act)


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    ctx: Context = res.ctx
    squad = battle.squads[res.unit]
    opts = battle.options
    fx = []
    for fid in ctx.wounded:
        index = squad.figure_index(fid)
        figure = squad.figures[index]
        android = figure.kind == ANDROID
        roll = rolls[key(fid)][0]
        fate = wounded_fate(roll, medic_or_medical_vehicle=ctx.medic_or_medical_vehicle,
                            surgeon=ctx.surgeon, android=android, options=opts)
        bonus = medical_bonus(medic_or_medical_vehicle=ctx.medic_or_medical_vehicle,
                              surgeon=ctx.surgeon, android=android, options=opts)
        squad = squad.with_figure(index, figure._replace(status=STATUS[fate]))
        fx.append(effects.wounded_fate(squad, figure, roll, bonus, fate))
    return done(battle.with_squad(res.unit, squad), fx)


ACTIONS = (Action(NAME, RULE, validate, declare),)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice),)
