"""Readiness in play (§2.26): aiming and holding an attack, registered on ``RULEBOOK``.

- ``aim`` (Прицеливание): the fighter spends his whole turn aiming at an enemy he sees, without
  moving; his next turn's shots at that enemy are at +2 (``rulebook.attack_terms``).
- ``hold`` (Выцеливание): a fighter who has done nothing this turn holds an attack on a cell he
  sees, which is his turn ("считается действием", §2.1). Until his own next turn, an enemy
  who enters that cell is interrupted there: the holder shoots, and the enemy then goes on
  with his move if he is still in the fight (§2.26, "после этого противник может продолжить
  действие (если еще жив)"). When several hold the cell, half of those able fire at each enemy
  entering it (§2.1, option ``reaction_half``); the others wait for the next.

This project's reading: a move counts as an action for "takes no actions" (the text's free
action is still an action), so aiming and holding come before any move; a hold fires at an
enemy entering the cell by a move or run, not at one already there.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import gettext_noop
from rules.core.facts import Command
from rules.core.procedures import Action, Procedure, ask_dice, forbid, then
from rules.core.system import Effect, Step
from rules.mercenaries import cover, initiative
from rules.mercenaries.play_bennies import BennyContext
from rules.mercenaries.rulebook import (
    MOVE_HOOKS,
    RULEBOOK,
    AttackContext,
    _acting,
    _destination,
    _trait_dice,
    attack_terms,
    cell_key,
    path,
)
from rules.mercenaries.state import Battle, Cell, Fighter


def _ready(state: Battle, command: Command, acted: str) -> tuple[int, Fighter]:
    """The fighter, if he may give his turn to aiming or holding: not Shaken, nothing done
    this turn, a loaded firearm."""
    i, fighter = _acting(state, command)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    if fighter.moved or fighter.actions or fighter.attacked:
        raise forbid(acted, "§2.26", fighter=fighter.name)
    if fighter.weapon is None:
        raise forbid(gettext_noop("{fighter} has no firearm"), "§2.7", fighter=fighter.name)
    if fighter.needs_reload:
        raise forbid(gettext_noop("{fighter} must reload first (Reload!)"), "§2.8",
                     fighter=fighter.name)
    return i, fighter


# --- aim ---------------------------------------------------------------------------------------


def _aim_target(state: Battle, command: Command) -> tuple[int, Fighter, Fighter]:
    i, fighter = _ready(state, command, gettext_noop(
        "{fighter} has acted or moved this turn; aiming takes the whole turn"))
    _, target = state.fighter(command.params.get("target"), field="params.target")
    if target.side == fighter.side or not target.fighting_on:
        raise forbid(gettext_noop("{target} is not an enemy still in the fight"), "§2.7",
                     field="params.target", target=target.name)
    if not cover.sees(fighter.cell, target.cell, state.cover):
        raise forbid(gettext_noop("{fighter} cannot see {target}"), "§2.5",
                     field="params.target", fighter=fighter.name, target=target.name)
    return i, fighter, target


def aim_validate(state: Battle, command: Command) -> None:
    _aim_target(state, command)


def aim_declare(state: Battle, command: Command) -> Step:
    i, fighter, target = _aim_target(state, command)
    aiming = fighter._replace(aimed_at=target.id, aimed_turn=state.turn, whole_turn=True,
                              moved=True)
    return Step(state.with_fighter(i, aiming), (Effect(
        "aimed", f"{fighter.name} aims at {target.name} (+{initiative.AIM_BONUS} next turn)",
        fighter.id, {"fighter": fighter.name, "target": target.name,
                     "bonus": initiative.AIM_BONUS}),))


# --- hold --------------------------------------------------------------------------------------


def _hold_cell(state: Battle, command: Command) -> tuple[int, Fighter, Cell]:
    i, fighter = _ready(state, command, gettext_noop(
        "{fighter} has acted or moved this turn; a held attack takes the whole turn"))
    cell = _destination(command, "cell")
    if not state.on_map(cell):
        raise forbid(gettext_noop("cell {cell} is not on the map"), "§2.26", field="params.cell",
                     cell=cell_key(cell))
    if not cover.sees(fighter.cell, cell, state.cover):
        raise forbid(gettext_noop("{fighter} cannot see cell {cell}"), "§2.5",
                     field="params.cell", fighter=fighter.name, cell=cell_key(cell))
    return i, fighter, cell


def hold_validate(state: Battle, command: Command) -> None:
    _hold_cell(state, command)


def hold_declare(state: Battle, command: Command) -> Step:
    i, fighter, cell = _hold_cell(state, command)
    holding = fighter._replace(hold_cell=cell_key(cell), held_turn=state.turn, whole_turn=True,
                               moved=True, actions=1)
    return Step(state.with_fighter(i, holding), (Effect(
        "holding", f"{fighter.name} holds an attack on cell {cell_key(cell)}", fighter.id,
        {"fighter": fighter.name, "cell": cell_key(cell)}),))


def _holders(state: Battle, mover: Fighter, cell: Cell) -> list[int]:
    """The fighters whose held attack waits on ``cell`` and who can fire at ``mover`` there."""
    key, now, sides = cell_key(cell), state.turn, len(state.sides)
    return [j for j, f in enumerate(state.fighters)
            if f.hold_cell == key and f.side != mover.side and f.fighting_on
            and initiative.hold_stands(f.held_turn, now, sides)
            and not f.shaken and f.weapon is not None and not f.needs_reload
            and cover.sees(f.cell, cell, state.cover)]


class HoldContext(NamedTuple):
    target: int  # the mover's position in Battle.fighters
    cell: str


class ResumeContext(NamedTuple):
    to: tuple[int, int]  # where the interrupted move was going


def advance(state: Battle, i: int, cells: list[Cell], effects: tuple[Effect, ...] = ()) -> Step:
    """Walk fighter ``i`` along ``cells`` (his move's cells after the one he stands in) up to
    the first one an enemy holds: there his move is interrupted by the held attacks, then his
    standing benny order against Shaken (``play_bennies``), then he goes on (§2.26)."""
    mover = state.fighters[i]
    for cell in cells:
        holders = _holders(state, mover, cell)
        if not holders:
            continue
        firing = holders[:initiative.reactors(len(holders), state.options.reaction_half)]
        fighters = list(state.fighters)
        fighters[i] = mover._replace(cell=cell)
        for j in firing:
            fighters[j] = fighters[j]._replace(hold_cell=None, held_turn=None)
        names = ", ".join(state.fighters[j].name for j in firing)
        said = Effect("interrupted", f"{mover.name} is interrupted in cell {cell_key(cell)} "
                      f"by the held attack of {names}", mover.id,
                      {"fighter": mover.name, "cell": cell_key(cell), "holders": names})
        followups = [then("hold_fire", j, HoldContext(i, cell_key(cell))) for j in firing]
        followups.append(then("benny_unshake", i, BennyContext()))
        if cell != cells[-1]:
            followups.append(then("resume_move", i, ResumeContext(cells[-1])))
        return RULEBOOK.done(state._replace(fighters=tuple(fighters)), (*effects, said),
                             followups)
    return Step(state.with_fighter(i, mover._replace(cell=cells[-1])), effects)


def interrupt_move(before: Battle, i: int, to: Cell, step: Step) -> Step:
    """``rulebook.MOVE_HOOKS``: a move through or into a held cell stops there first."""
    return advance(step.state, i, path(before.fighters[i].cell, to)[1:], step.effects)


def hold_fire_start(state: Battle, j: int, ctx: HoldContext) -> Step:
    """The held attack: a shot at the enemy in the held cell (no multi-action penalty: the
    hold was the holder's one action, §2.4)."""
    holder, target = state.fighters[j], state.fighters[ctx.target]
    if not (holder.fighting_on and target.fighting_on and not holder.shaken):
        return Step(state)
    modifier, defence = attack_terms(state, holder, target, melee_attack=False, actions_after=1)
    said = Effect("held_attack", f"{holder.name} fires the held attack at {target.name} "
                  f"({modifier:+d} against Defence {defence})", holder.id,
                  {"fighter": holder.name, "target": target.name, "modifier": modifier,
                   "defence": defence})
    return ask_dice(state, "attack", "roll", j, AttackContext(ctx.target, False, modifier, defence),
                    _trait_dice(state, "attack", "shooting", holder, holder.trait("shooting")),
                    (said,))


def resume_move_start(state: Battle, i: int, ctx: ResumeContext) -> Step:
    """The interrupted fighter goes on, if still in the fight (§2.26)."""
    mover = state.fighters[i]
    if not mover.fighting_on:
        return Step(state)
    to = tuple(ctx.to)
    return advance(state, i, path(mover.cell, to)[1:], (Effect(
        "move_resumed", f"{mover.name} goes on to cell {cell_key(to)}", mover.id,
        {"fighter": mover.name, "cell": cell_key(to)}),))


RULEBOOK.register(
    Action("aim", "§2.26", aim_validate, aim_declare),
    Action("hold", "§2.26", hold_validate, hold_declare),
    Procedure("hold_fire", HoldContext, start=hold_fire_start),
    Procedure("resume_move", ResumeContext, start=resume_move_start),
)
MOVE_HOOKS.append(interrupt_move)
