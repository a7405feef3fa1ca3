"""Readiness in play (§2.26): aiming, holding an attack and prepared melee, registered on
``RULEBOOK``.

- ``aim`` (Прицеливание): the fighter spends his whole turn aiming at an enemy he sees, without
  moving; his next turn's shots at that enemy are at +2 (``rulebook.attack_terms``).
- ``hold`` (Выцеливание): a fighter who has done nothing this turn holds an attack on a cell he
  sees, which is his turn ("считается действием", §2.1). Until his own next turn, an enemy
  who enters that cell is interrupted there: the holder shoots, and the enemy then goes on
  with his move if he is still in the fight (§2.26, "после этого противник может продолжить
  действие (если еще жив)"). When several hold the cell, half of those able fire at each enemy
  entering it (§2.1, option ``reaction_half``); the others wait for the next.

- ``hold_line``: the same on a straight line of cells from his own in one of the eight grid
  directions (§2.1, "контроль ... направления (прямой линии, например, дороги)"); an enemy
  entering a cell of it that the holder sees and reaches is interrupted there. This
  project's reading: the line starts at the holder.
- ``prepare_melee``: a fighter who has done nothing this turn prepares for melee. Until his
  own next turn, an enemy entering his cell meets him: both roll Agility (the tie to the one
  who prepared) and the attacks follow in that order; his strike is a reaction that takes
  nothing from his next turn (§2.26). This project's reading for play at the table, where the
  mover's attack is not written beforehand: a mover who wins the roll is asked whether he
  strikes first (his attack this turn) or not.

Held attacks come before prepared melee at the same cell (§2.1: control of a cell strikes
first); half of all those able to react do (``reaction_half``).

This project's reading: a move counts as an action for "takes no actions" (the text's free
action is still an action), so aiming and holding come before any move; a hold fires at an
enemy entering the cell by a move or run, not at one already there.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.dice import DiceRequest
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.procedures import (
    Action,
    Procedure,
    Resolution,
    Rolls,
    ask_decision,
    ask_dice,
    forbid,
    then,
)
from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.mercenaries import cover, initiative, ranged
from rules.mercenaries.play_bennies import BennyContext
from rules.mercenaries.rulebook import (
    END_TURN_HOOKS,
    MOVE_HOOKS,
    RULEBOOK,
    AttackContext,
    _acting,
    _destination,
    _one_more_action,
    _rolled,
    _trait_dice,
    attack_terms,
    cell_in_sight,
    cell_key,
    path,
)
from rules.mercenaries.state import Battle, Cell, Fighter


def _ready(state: Battle, command: Command, acted: str, *, firearm: bool = True
           ) -> tuple[int, Fighter]:
    """The fighter, if he may give his turn to aiming or holding: not Shaken, nothing done
    this turn, a loaded firearm (unless ``firearm`` is false: a prepared blow)."""
    i, fighter = _acting(state, command)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    if fighter.moved or fighter.actions or fighter.attacked:
        raise forbid(acted, "§2.26", fighter=fighter.name)
    if not firearm:
        return i, fighter
    if fighter.weapon is None:
        raise forbid(gettext_noop("{fighter} has no firearm"), "§2.7", fighter=fighter.name)
    if fighter.needs_reload:
        raise forbid(gettext_noop("{fighter} must reload first (Reload!)"), "§2.8",
                     fighter=fighter.name)
    return i, fighter


def _in_reach(state: Battle, fighter: Fighter, cell: Cell) -> None:
    """Refused (``target_out_of_range``) beyond four times the firearm's long range (§2.7)."""
    weapon = fighter.weapon
    ranged.range_band(ranged.distance(fighter.cell, cell), weapon.short, weapon.medium,
                      weapon.long, twice_long=state.options.twice_long)


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
    _in_reach(state, fighter, target.cell)
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
    cell_in_sight(state, fighter, cell, "params.cell")
    _in_reach(state, fighter, cell)
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


def _prepared(state: Battle, mover: Fighter, cell: Cell) -> list[int]:
    """The fighters in ``cell`` who prepared for melee and meet ``mover`` entering it."""
    now, sides = state.turn, len(state.sides)
    return [j for j, f in enumerate(state.fighters)
            if f.cell == cell and f.side != mover.side and f.fighting_on and not f.shaken
            and initiative.hold_stands(f.ready_melee_turn, now, sides)]


def _covers(state: Battle, holder: Fighter, cell: Cell) -> bool:
    """Whether ``holder``'s held attack is on ``cell``: the cell held, or a cell of the line
    held that he sees and reaches."""
    if holder.hold_cell == cell_key(cell):
        return True
    if holder.hold_line is None or not initiative.on_line(
            holder.cell, _direction(holder.hold_line), cell):
        return False
    try:
        _in_reach(state, holder, cell)
    except RuleError:
        return False
    return True


#: The eight grid directions of a held line, as ``hold_line`` names them ("dx,dy").
DIRECTIONS = tuple(f"{dx},{dy}" for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def _direction(key: str) -> Cell:
    dx, dy = key.split(",")
    return (int(dx), int(dy))


def _hold_line(state: Battle, command: Command) -> tuple[int, Fighter, str, Cell]:
    """The fighter, his line's direction and its first cell, or a refusal: the line starts
    at a neighbouring cell on the map that he sees (§2.1)."""
    i, fighter = _ready(state, command, gettext_noop(
        "{fighter} has acted or moved this turn; a held attack takes the whole turn"))
    key = command.params.get("direction")
    if key not in DIRECTIONS:
        raise RuleError("bad_command", field="params.direction", template=gettext_noop(
            "the direction is one of the eight neighbouring cells' \"dx,dy\""))
    dx, dy = _direction(key)
    first = (fighter.cell[0] + dx, fighter.cell[1] + dy)
    if not state.on_map(first) or not cover.sees(fighter.cell, first, state.cover):
        raise forbid(gettext_noop("{fighter} cannot see along that line"), "§2.1",
                     field="params.direction", fighter=fighter.name)
    return i, fighter, key, first


def hold_line_validate(state: Battle, command: Command) -> None:
    _hold_line(state, command)


def hold_line_declare(state: Battle, command: Command) -> Step:
    i, fighter, key, first = _hold_line(state, command)
    holding = fighter._replace(hold_line=key, held_turn=state.turn, whole_turn=True,
                               moved=True, actions=1)
    return Step(state.with_fighter(i, holding), (Effect(
        "holding_line", f"{fighter.name} holds an attack on the line through cell "
        f"{cell_key(first)}", fighter.id, {"fighter": fighter.name, "cell": cell_key(first)}),))


def _holders(state: Battle, mover: Fighter, cell: Cell) -> list[int]:
    """The fighters whose held attack waits on ``cell`` and who can fire at ``mover`` there."""
    now, sides = state.turn, len(state.sides)
    return [j for j, f in enumerate(state.fighters)
            if f.side != mover.side and f.fighting_on
            and initiative.hold_stands(f.held_turn, now, sides)
            and not f.shaken and f.weapon is not None and not f.needs_reload
            and _covers(state, f, cell) and cover.sees(f.cell, cell, state.cover)]


class HoldContext(NamedTuple):
    target: int  # the mover's position in Battle.fighters
    cell: str


class ResumeContext(NamedTuple):
    to: tuple[int, int]  # where the interrupted move was going
    looked: tuple[str, ...] = ()  # the hiders he has rolled Notice at in this move, by id


#: Who else stops a mover at a cell of his path, called with (state, the mover's position,
#: the cell, the hiders he has looked at in this move) and returning (follow-ups, the hiders
#: looked at): his Notice at a hidden enemy he comes into or beside (``play_stealth``, §2.17).
PATH_HOOKS: list = []


def advance(state: Battle, i: int, cells: list[Cell], effects: tuple[Effect, ...] = (),
            looked: tuple[str, ...] = ()) -> Step:
    """Walk fighter ``i`` along ``cells`` (his move's cells after the one he stands in) up to
    the first one where enemies react: a held attack on it, or one who prepared for melee in
    it. There his move is interrupted by them (half of them, §2.1), then comes his standing
    benny order against Shaken (``play_bennies``), then he goes on (§2.26). A cell where he
    comes into or beside a hidden enemy stops him too, for his Notice roll (``PATH_HOOKS``),
    after the reactions there; then he goes on."""
    mover = state.fighters[i]
    for cell in cells:
        holders = _holders(state, mover, cell)
        able = holders + [j for j in _prepared(state, mover, cell) if j not in holders]
        looks: list = []
        for hook in PATH_HOOKS:
            found, looked = hook(state, i, cell, looked)
            looks += found
        if not able and not looks:
            continue
        reacting = able[:initiative.reactors(len(able), state.options.reaction_half)]
        fighters = list(state.fighters)
        fighters[i] = mover._replace(cell=cell)
        for j in reacting:
            fighters[j] = fighters[j]._replace(hold_cell=None, hold_line=None, held_turn=None,
                                               ready_melee_turn=None)
        said = _stopped(state, mover, cell, cells[-1], reacting)
        followups = [then("hold_fire", j, HoldContext(i, cell_key(cell))) if j in holders
                     else then("ready_melee", j, ContactContext(i)) for j in reacting]
        if reacting:
            followups.append(then("benny_unshake", i, BennyContext()))
        followups += looks
        if cell != cells[-1]:
            followups.append(then("resume_move", i, ResumeContext(cells[-1], looked)))
        return RULEBOOK.done(state._replace(fighters=tuple(fighters)), (*effects, *said),
                             followups)
    return Step(state.with_fighter(i, mover._replace(cell=cells[-1])), effects)


def _stopped(state: Battle, mover: Fighter, cell: Cell, to: Cell, reacting: list[int]
             ) -> tuple[Effect, ...]:
    """What the log says of a mover stopped at ``cell``: interrupted by those reacting, or
    passing it on his way (his Notice there); nothing at the end of his move."""
    if reacting:
        names = ", ".join(state.fighters[j].name for j in reacting)
        return (Effect("interrupted", f"{mover.name} is interrupted in cell {cell_key(cell)}: "
                       f"{names} react", mover.id,
                       {"fighter": mover.name, "cell": cell_key(cell), "holders": names}),)
    if cell == to:
        return ()
    return (Effect("passing", f"{mover.name} passes cell {cell_key(cell)} on his way to cell "
                   f"{cell_key(to)}", mover.id,
                   {"fighter": mover.name, "cell": cell_key(cell), "to": cell_key(to)}),)


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
    said = Effect("held_attack", f"{holder.name} shoots at {target.name} as a reaction "
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
        {"fighter": mover.name, "cell": cell_key(to)}),), ctx.looked)


# --- reactions left over (§2.1) ---------------------------------------------------------------


class ShareContext(NamedTuple):
    targets: tuple[int, ...]  # the possible targets' positions in Battle.fighters


def leftover_reactions(state: Battle) -> list:
    """``rulebook.END_TURN_HOOKS``: when the side ends its turn, the moves over, every held
    attack still waiting that has enemies in its cell or line fires at one of them, drawn by
    lot among several (§2.1, "эти цели распределяются между действующими по реакции
    случайным образом")."""
    followups = []
    now, sides = state.turn, len(state.sides)
    for j, holder in enumerate(state.fighters):
        if (holder.side == state.acting_side or not holder.fighting_on or holder.shaken
                or not initiative.hold_stands(holder.held_turn, now, sides)
                or holder.weapon is None or holder.needs_reload):
            continue
        targets = tuple(i for i, f in enumerate(state.fighters)
                        if f.side == state.acting_side and f.fighting_on
                        and _covers(state, holder, f.cell)
                        and cover.sees(holder.cell, f.cell, state.cover))
        if len(targets) == 1:
            followups.append(then("hold_fire", j, HoldContext(targets[0],
                                                              cell_key(holder.cell))))
        elif targets:
            followups.append(then("share_out", j, ShareContext(targets)))
    return followups


def share_out_start(state: Battle, j: int, ctx: ShareContext) -> Step:
    holder = state.fighters[j]
    die = DiceRequest("share.pick", f"the target of {holder.name}'s held attack by lot",
                      len(ctx.targets), 1, holder.id, faces=_lots(state, ctx))
    return ask_dice(state, "share_out", "pick", j, ctx, (die,))


def _lots(state: Battle, ctx: ShareContext) -> tuple[str, ...]:
    """The lot's faces: the possible targets by name, numbered (two may share a name)."""
    return tuple(f"{n}. {state.fighters[i].name}" for n, i in enumerate(ctx.targets, 1))


def share_out_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    holder = state.fighters[res.unit]
    i = res.ctx.targets[_lots(state, res.ctx).index(rolls["share.pick"][0])]
    target = state.fighters[i]
    said = Effect("shared_out", f"By lot, {holder.name}'s held attack goes to {target.name}",
                  holder.id, {"fighter": holder.name, "target": target.name})
    return RULEBOOK.done(state, (said,), (then("hold_fire", res.unit,
                                               HoldContext(i, cell_key(target.cell))),))


# --- prepared melee ------------------------------------------------------------------------


def prepare_validate(state: Battle, command: Command) -> None:
    i, fighter = _acting(state, command)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    if fighter.moved or fighter.actions or fighter.attacked:
        raise forbid(gettext_noop("{fighter} has acted or moved this turn; only one who did "
                                  "nothing may prepare for melee"), "§2.26",
                     fighter=fighter.name)


def prepare_declare(state: Battle, command: Command) -> Step:
    prepare_validate(state, command)
    i, fighter = state.fighter(command.unit)
    ready = fighter._replace(ready_melee_turn=state.turn, whole_turn=True, moved=True)
    return Step(state.with_fighter(i, ready), (Effect(
        "prepared_melee", f"{fighter.name} prepares for melee", fighter.id,
        {"fighter": fighter.name}),))


class ContactContext(NamedTuple):
    target: int  # the enemy who came into contact, his position in Battle.fighters


class StrikeContext(NamedTuple):
    target: int
    reaction: bool  # the prepared fighter's strike: no action of his (§2.26)


def contact_start(state: Battle, j: int, ctx: ContactContext) -> Step:
    """An enemy comes into contact with one who prepared: both roll Agility (§2.26)."""
    prepared, mover = state.fighters[j], state.fighters[ctx.target]
    if not (prepared.fighting_on and mover.fighting_on and not prepared.shaken):
        return Step(state)
    said = Effect("contact", f"{mover.name} comes into contact with {prepared.name}, who "
                  "prepared for melee: both roll Agility", prepared.id,
                  {"fighter": prepared.name, "target": mover.name})
    dice = (_trait_dice(state, "readied", "Agility", prepared, prepared.trait("agility"))
            + _trait_dice(state, "contact", "Agility", mover, mover.trait("agility")))
    return ask_dice(state, "ready_melee", "agility", j, ctx, dice, (said,))


def _can_strike_first(state: Battle, mover: Fighter) -> bool:
    if mover.shaken or mover.attacked or not mover.fighting_on:
        return False
    try:
        _one_more_action(mover)
    except RuleError:
        return False
    return True


def contact_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    prepared, mover = state.fighters[res.unit], state.fighters[res.ctx.target]
    ours, theirs = _rolled(rolls, "readied", 0), _rolled(rolls, "contact", 0)
    first = initiative.first_to_act(ours, theirs)
    winner = prepared if first else mover
    said = Effect("initiative", f"Agility: {prepared.name} {ours.total}, {mover.name} "
                  f"{theirs.total}; {winner.name} strikes first", prepared.id,
                  {"fighter": prepared.name, "target": mover.name, "ours": ours.total,
                   "theirs": theirs.total, "first": winner.name})
    strike = then("melee_strike", res.unit, StrikeContext(res.ctx.target, True))
    if first or not _can_strike_first(state, mover):
        return RULEBOOK.done(state, (said,), (strike,))
    decision = DecisionNeeded(
        "strike_first", f"{mover.name} has the initiative: strike {prepared.name} first? "
        "(§2.26)", (Option("strike", "strike first (his attack this turn)"),
                    Option("wait", "do not strike")), unit=mover.id)
    return ask_decision(state, "ready_melee", "strike_first", res.unit, res.ctx, decision,
                        (said,))


def contact_on_decide(state: Battle, res: Resolution, choice: Any) -> Step:
    strike = then("melee_strike", res.unit, StrikeContext(res.ctx.target, True))
    if choice != "strike":
        return RULEBOOK.done(state, (), (strike,))
    first = then("melee_strike", res.ctx.target, StrikeContext(res.unit, False))
    return RULEBOOK.done(state, (), (first, strike))


def strike_start(state: Battle, a: int, ctx: StrikeContext) -> Step:
    """A melee attack of the contact, in the order of the Agility rolls (§2.26): the prepared
    fighter's is a reaction (no multi-action penalty, nothing taken from his next turn); the
    mover's is his attack this turn."""
    attacker, target = state.fighters[a], state.fighters[ctx.target]
    if not (attacker.fighting_on and target.fighting_on and not attacker.shaken
            and attacker.cell == target.cell):
        return Step(state)
    after = 1
    if not ctx.reaction:
        after = _one_more_action(attacker)
        state = state.with_fighter(a, attacker._replace(actions=after, attacked=True))
    modifier, defence = attack_terms(state, attacker, target, melee_attack=True,
                                     actions_after=after)
    said = Effect("attack_declared", f"{attacker.name} attacks {target.name} "
                  f"({modifier:+d} against Defence {defence})", attacker.id,
                  {"fighter": attacker.name, "target": target.name, "melee": True,
                   "modifier": modifier, "defence": defence})
    return ask_dice(state, "attack", "roll", a, AttackContext(ctx.target, True, modifier, defence),
                    _trait_dice(state, "attack", "fighting", attacker, attacker.trait("fighting")),
                    (said,))


RULEBOOK.register(
    Action("prepare_melee", "§2.26", prepare_validate, prepare_declare),
    Procedure("ready_melee", ContactContext, on_dice=contact_on_dice,
              on_decide=contact_on_decide, start=contact_start),
    Procedure("melee_strike", StrikeContext, start=strike_start),
    Action("aim", "§2.26", aim_validate, aim_declare),
    Action("hold", "§2.26", hold_validate, hold_declare),
    Action("hold_line", "§2.1", hold_line_validate, hold_line_declare),
    Procedure("hold_fire", HoldContext, start=hold_fire_start),
    Procedure("share_out", ShareContext, on_dice=share_out_on_dice, start=share_out_start),
    Procedure("resume_move", ResumeContext, start=resume_move_start),
)
MOVE_HOOKS.append(interrupt_move)
END_TURN_HOOKS.append(leftover_reactions)
