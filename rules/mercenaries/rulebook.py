"""The orders of a Mercenaries battle and how they resolve: the actions and procedures of the
rulebook (``rules.core.procedures``), built from the rule modules of this package.

A side's turn (§2.1): its fighters act one by one; each may move once (§2.2), go prone or
stand up (§2.3), make one attack, shooting (§2.7) or in melee (§2.6), or reload (§2.8);
every action after the first is -2 to his rolls that turn (§2.4). ``end_turn`` passes the
turn to the other side, whose Shaken fighters first try to recover (§2.10).

An attack: the trait die and (a Wild Card's) Wild Die against Defence; a hit rolls damage,
+1d6 on a raise (§2.9); a Wild Card who takes wounds may spend a benny on a soak roll
(§2.12). This project's reading for play at the table, where orders are not written in
advance: the multi-action penalty counts the actions taken so far this turn, this one
included (README).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, NamedTuple

from rules.core.dice import DiceRequest
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution
from rules.core.procedures import (
    Action,
    Procedure,
    Resolution,
    Rolls,
    Rulebook,
    ask_decision,
    ask_dice,
    forbid,
    then,
)
from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.mercenaries import actions, cover, damage, initiative, melee, movement, ranged, trait
from rules.mercenaries.state import Battle, Cell, Fighter

RULEBOOK = Rulebook("mercenaries")
for _name, _what, _rule in (
    # the manoeuvres of §2.27 not in play yet (play_manoeuvres has the others)
):
    RULEBOOK.not_implemented[_name] = (_what, _rule)

WILD_DIE = trait.WILD_DIE
#: A fighter knocked out by non-lethal wounds, out of the fight for 1d6 hours (§2.27).
UNCONSCIOUS = "unconscious"


def _die(key: str, label: str, sides: int, unit: str, count: int = 1, *,
         explode: bool) -> DiceRequest:
    """A die that explodes unless the battle reads the lost dice rules otherwise (§1, option
    ``dice_explode``)."""
    return DiceRequest(key, label, sides, count, unit, explodes=explode)


def _trait_dice(state: Battle, prefix: str, what: str, fighter: Fighter,
                die: int, count: int = 1) -> tuple[DiceRequest, ...]:
    """The trait's ``count`` dice (a burst's one a shot, §2.15) and a Wild Card's one Wild
    Die."""
    explode = state.options.dice_explode
    label = f"{what} die d{die}" if count == 1 else f"{what} dice {count}d{die}"
    dice = (_die(f"{prefix}.trait", label, die, fighter.id, count, explode=explode),)
    if fighter.wild_card:
        dice += (_die(f"{prefix}.wild", f"Wild Die d{WILD_DIE}", WILD_DIE, fighter.id,
                      explode=explode),)
    return dice


def _rolled(rolls: Rolls, prefix: str, modifier: int, tn: int = trait.TN) -> trait.TraitResult:
    wild = rolls.get(f"{prefix}.wild")
    return trait.resolve(rolls[f"{prefix}.trait"][0], wild[0] if wild else None,
                         modifier=modifier, tn=tn)


def critical(fighter: Fighter, result: trait.TraitResult) -> tuple[Effect, ...]:
    """A Wild Card's snake eyes, told for the game master to rule on (§2.14); an Extra's
    natural 1 only fails (``trait.resolve``)."""
    if not result.critical_failure:
        return ()
    return (Effect("critical_failure", f"{fighter.name} rolls snake eyes: a critical failure "
                   "for the game master", fighter.id, {"fighter": fighter.name}),)


def _roll_text(result: trait.TraitResult) -> str:
    dice = f"{result.trait}" if result.wild is None else f"{result.trait}/{result.wild}"
    return f"{dice}{result.modifier:+d} = {result.total}"


def own_fighter(state: Battle, command: Command) -> tuple[int, Fighter]:
    """The declaring fighter: of the side whose turn it is (§2.1), still in the fight (§2.11)."""
    i, fighter = state.fighter(command.unit)
    if fighter.side != state.acting_side:
        raise forbid(gettext_noop("it is not {fighter}'s side's turn"), "§2.1",
                     fighter=fighter.name)
    if not fighter.fighting_on:
        raise forbid(gettext_noop("{fighter} is out of the fight"), "§2.11",
                     fighter=fighter.name)
    return i, fighter


def _acting(state: Battle, command: Command) -> tuple[int, Fighter]:
    i, fighter = own_fighter(state, command)
    if fighter.whole_turn and state.turn in (fighter.aimed_turn, fighter.held_turn,
                                             fighter.ready_melee_turn):
        raise forbid(gettext_noop("{fighter} spends the whole turn aiming, holding an attack "
                                  "or preparing for melee"), "§2.26", fighter=fighter.name)
    if fighter.whole_turn and state.turn == fighter.ready_hidden_turn:
        raise forbid(gettext_noop("{fighter} spends the whole turn ready for discovery"),
                     "§2.17", fighter=fighter.name)
    if fighter.whole_turn:
        raise forbid(gettext_noop("{fighter} spends the whole turn reloading"), "§2.8",
                     fighter=fighter.name)
    for check in ACT_CHECKS:
        check(state, fighter, command)
    return i, fighter


#: Checks of any declaration by a fighter, called with (state, fighter, command); they raise
#: a refusal (``play_manoeuvres``: one who defends takes no other action, §2.27).
ACT_CHECKS: list = []
#: Terms of an attack, called with (state, attacker, target, melee) and returning
#: (modifier, Defence) to add, or raising a refusal (``play_stealth``: a hidden target;
#: ``play_manoeuvres``: Defence lowered or raised, a grappled attacker, test of will).
ATTACK_TERMS: list = []


def _one_more_action(fighter: Fighter, extra: int = 1) -> int:
    """The fighter's actions this turn after ``extra`` more; a Wild Card's third and later
    need the Agility check first (§2.4): ``RuleError("agility_check")`` naming how many,
    which the system answers by rolling it (``play_actions``)."""
    total = fighter.actions + extra
    actions.check_actions(total, wild_card=fighter.wild_card)
    if total > actions.EXTRA_ACTIONS and total > fighter.untangled:
        raise RuleError("agility_check", rule="§2.4", params={"fighter": fighter.name,
                                                             "n": total},
                        template=gettext_noop("{fighter}'s action number {n} this turn needs "
                                              "the Agility check first"))
    return total


def _penalties(fighter: Fighter, actions_after: int) -> int:
    wounds = damage.wound_penalty(fighter.wounds) if fighter.wild_card else 0
    return actions.multi_action_penalty(actions_after) + wounds


# --- movement and posture (§2.2-§2.3) -------------------------------------------------------


def cell_key(cell: Cell) -> str:
    """A cell as a command names it: ``"x,y"``."""
    return f"{cell[0]},{cell[1]}"


def cell_in_sight(state: Battle, fighter: Fighter, cell: Cell, field: str, *,
                  required: bool = True) -> bool:
    """Whether a fighter sees a cell he names (§2.5, line of sight): the one refusal, naming
    the command's ``field``, of a cell off the map, or out of his sight when he must see it
    (``required``: not so for lobbed fire, §2.22)."""
    on_map = state.on_map(cell)
    seen = on_map and cover.sees(fighter.cell, cell, state.cover)
    if not on_map or (required and not seen):
        raise forbid(gettext_noop("cell {cell} is off the map or out of {fighter}'s sight"),
                     "§2.5", field=field, fighter=fighter.name, cell=cell_key(cell))
    return seen


def parse_cell(value: Any, field: str,
               refusal: str = gettext_noop("a cell is named \"x,y\"")) -> Cell:
    """A cell as a command names it, ``"x,y"`` (the grid of §2.2); anything else is refused on
    ``field`` with the sentence ``refusal``."""
    parts = value.split(",") if isinstance(value, str) else ()
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise RuleError("bad_command", field=field, template=refusal)
    return (int(parts[0]), int(parts[1]))


def _destination(command: Command, name: str = "to") -> Cell:
    """The cell a command moves to or holds, named by its parameter ``name``."""
    return parse_cell(command.params.get(name), f"params.{name}",
                      gettext_noop("the destination is a cell \"x,y\""))


def path(here: Cell, to: Cell) -> list[Cell]:
    """The cells of a straight walk from ``here`` to ``to``, both included (§2.2)."""
    cells = [here]
    while cells[-1] != to:
        x, y = cells[-1]
        cells.append((x + (to[0] > x) - (to[0] < x), y + (to[1] > y) - (to[1] < y)))
    return cells


#: What may interrupt a move, called with (the state before, the mover's position, his
#: destination, the move's step) and returning the step: held attacks (``play_readiness``).
MOVE_HOOKS: list = []
#: What reacts when a side ends its turn, called with the state before the turn passes and
#: returning follow-ups run first: reactions left over after the moves (``play_readiness``).
END_TURN_HOOKS: list = []
#: What may follow a missed attack, called with (state, resolution, effects) and returning a
#: step or ``None``: a benny's re-roll on a standing order (``play_bennies``).
MISS_HOOKS: list = []


def _move_cost(state: Battle, fighter: Fighter, to: Cell, run: bool) -> int:
    """The actions a move costs (§2.2): running is one, each step into or out of a +4 cell
    one; refused if the path is not a straight walk of neighbouring cells on the map."""
    here = fighter.cell
    steps = ranged.distance(here, to)
    movement.check_move(steps, running=run)
    if steps == 0 or not state.on_map(to):
        raise RuleError("bad_command", field="params.to",
                        template=gettext_noop("the destination is another cell on the map"))
    cost = 1 if run else 0
    for a, b in pairwise(path(here, to)):
        movement.check_step(a, b, into=state.square(b), out_of=state.square(a))
        cost += movement.step_actions(state.square(b), state.square(a),
                                      jungle_costs=state.options.jungle_action)
    return cost


def not_moved(fighter: Fighter) -> None:
    """A fighter moves once a turn: a move is never split (§2.2)."""
    if fighter.moved:
        raise forbid(gettext_noop("{fighter} has moved this turn; a move is never split"),
                     "§2.2", fighter=fighter.name)


def _checked_move(state: Battle, command: Command, run: bool) -> tuple[int, Fighter, Cell, int]:
    """The fighter, his destination and the actions the move costs, or a refusal."""
    i, fighter = _acting(state, command)
    not_moved(fighter)
    if fighter.prone:
        raise forbid(gettext_noop("{fighter} is prone: stand up first, or crawl"), "§2.3",
                     fighter=fighter.name)
    if run and fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken and may not run"), "§2.10",
                     fighter=fighter.name)
    to = _destination(command)
    if ranged.distance(fighter.cell, to) != (movement.RUN if run else movement.WALK):
        raise forbid(gettext_noop("{fighter} walks one cell or runs two"), "§2.2",
                     field="params.to", fighter=fighter.name)
    cost = _move_cost(state, fighter, to, run)
    if cost:
        _one_more_action(fighter, cost)
    return i, fighter, to, cost


def _move_validate(run: bool):
    def validate(state: Battle, command: Command) -> None:
        _checked_move(state, command, run)
    return validate


def _move_declare(run: bool):
    def declare(state: Battle, command: Command) -> Step:
        i, fighter, to, cost = _checked_move(state, command, run)
        moved = fighter._replace(cell=to, moved=True, actions=fighter.actions + cost)
        verb = "runs" if run else "moves"
        step = Step(state.with_fighter(i, moved), (Effect(
            "ran" if run else "moved", f"{fighter.name} {verb} to {cell_key(to)}", fighter.id,
            {"fighter": fighter.name, "cell": cell_key(to), "actions": cost}),))
        for hook in MOVE_HOOKS:
            step = hook(state, i, to, step)
        return step
    return declare


def go_prone_validate(state: Battle, command: Command) -> None:
    _, fighter = _acting(state, command)
    if fighter.prone:
        raise forbid(gettext_noop("{fighter} is prone already"), "§2.3", fighter=fighter.name)


def go_prone_declare(state: Battle, command: Command) -> Step:
    go_prone_validate(state, command)
    i, fighter = state.fighter(command.unit)
    return Step(state.with_fighter(i, fighter._replace(prone=True, moved=True)), (Effect(
        "went_prone", f"{fighter.name} goes prone", fighter.id, {"fighter": fighter.name}),))


def stand_up_validate(state: Battle, command: Command) -> None:
    _, fighter = _acting(state, command)
    if not fighter.prone:
        raise forbid(gettext_noop("{fighter} is not prone"), "§2.3", fighter=fighter.name)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    _one_more_action(fighter)


def stand_up_declare(state: Battle, command: Command) -> Step:
    stand_up_validate(state, command)
    i, fighter = state.fighter(command.unit)
    stood = fighter._replace(prone=False, actions=fighter.actions + 1)
    return Step(state.with_fighter(i, stood), (Effect(
        "stood_up", f"{fighter.name} stands up", fighter.id, {"fighter": fighter.name}),))


# --- attacks (§2.6-§2.9, §2.12) --------------------------------------------------------------


class AttackContext(NamedTuple):
    target: int  # the target's position in Battle.fighters
    melee: bool
    modifier: int
    defence: int
    raised: bool = False
    soaked_with: int = 0  # the wounds the target held before this attack
    rerolled: bool = False  # a benny has re-rolled this attack (§2.19)
    damage_bonus: int = 0  # a manoeuvre's (§2.27: wild attack, called shot, the Drop)
    nonlethal: bool = False  # wounds knock out instead (§2.27)
    strength_only: bool = False  # damage is the Strength die alone (§2.27 grapple)
    off_hand: bool = False  # a blow of the weapon in his other hand (§2.27)


def attacker(state: Battle, command: Command, *, again: bool = False) -> tuple[int, Fighter]:
    """The declaring fighter if he may attack now: not Shaken (§2.10), one attack a turn
    (§2.4; ``again``: his other hand's, §2.27)."""
    i, fighter = _acting(state, command)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    if fighter.attacked and not again:
        raise forbid(gettext_noop("{fighter} has attacked this turn"), "§2.4",
                     fighter=fighter.name)
    return i, fighter


def _attack_basics(state: Battle, command: Command, *, melee_attack: bool, again: bool = False
                   ) -> tuple[Fighter, Fighter, int, int]:
    """(attacker, target, modifier, Defence) of a declared attack, or a refusal; ``again``:
    his other hand's attack, which may follow his first (§2.27 two weapons)."""
    _, fighter = attacker(state, command, again=again)
    _, target = state.fighter(command.params.get("target"), field="params.target")
    if target.side == fighter.side or not target.fighting_on:
        raise forbid(gettext_noop("{target} is not an enemy still in the fight"), "§2.7",
                     field="params.target", target=target.name)
    after = _one_more_action(fighter)
    modifier, defence = attack_terms(state, fighter, target, melee_attack=melee_attack,
                                     actions_after=after, off_hand=again)
    return fighter, target, modifier, defence


def attack_terms(state: Battle, fighter: Fighter, target: Fighter, *, melee_attack: bool,
                 actions_after: int, off_hand: bool = False) -> tuple[int, int]:
    """(modifier, Defence) of an attack by ``fighter`` on ``target``, or a refusal of what
    the attack itself needs (the same cell for melee; a firearm loaded, sight for a shot);
    ``off_hand``: a shot with the firearm in his other hand (§2.27)."""
    same_cell = fighter.cell == target.cell
    prone = (movement.prone_defence(same_cell=same_cell, square=state.square(target.cell))
             if target.prone else 0)
    if melee_attack:
        melee.check_same_cell(fighter.cell, target.cell)
        arms = melee.arms_modifier(_arms(fighter), _arms(target))
        attackers = sum(1 for f in state.fighters if f.side == fighter.side
                        and f.cell == target.cell and f.fighting_on)
        defenders = sum(1 for f in state.fighters if f.side == target.side
                        and f.cell == target.cell and f.fighting_on)
        modifier = arms + melee.gang_up(attackers, defenders)
        defence = target.parry + prone
    else:
        weapon = fighter.off_hand if off_hand else fighter.weapon
        if weapon is None or weapon.melee:
            raise forbid(gettext_noop("{fighter} has no firearm"), "§2.7", fighter=fighter.name)
        if weapon.turns_per_shot:  # a gun fires once in N turns (§2.24)
            raise forbid(gettext_noop("{weapon} is a gun: it fires area or lobbed attacks"),
                         "§2.24", weapon=weapon.name)
        if fighter.off_hand_reload if off_hand else fighter.needs_reload:
            raise forbid(gettext_noop("{fighter} must reload first (Reload!)"), "§2.8",
                         fighter=fighter.name)
        if not cover.sees(fighter.cell, target.cell, state.cover):
            raise forbid(gettext_noop("{fighter} cannot see {target}"), "§2.5",
                         field="params.target", fighter=fighter.name, target=target.name)
        band = ranged.range_band(ranged.distance(fighter.cell, target.cell), weapon.short,
                                 weapon.medium, weapon.long,
                                 twice_long=state.options.twice_long)
        modifier = (ranged.band_penalty(band, scope=weapon.scope,
                                        scope_reading=state.options.scope)
                    + cover.shot_cover_penalty(fighter.cell, target.cell, state.cover))
        if fighter.aimed_at == target.id and initiative.aim_applies(
                fighter.aimed_turn, state.turn, len(state.sides)):
            modifier += initiative.AIM_BONUS
        defence = (target.parry if same_cell else target.defence) + prone
    modifier += cover.light_penalty(state.light) + _penalties(fighter, actions_after)
    for terms in ATTACK_TERMS:
        more, higher = terms(state, fighter, target, melee_attack)
        modifier, defence = modifier + more, defence + higher
    return modifier, defence


def _arms(fighter: Fighter) -> str:
    """What he fights with in melee (§2.6): a melee weapon, an improvised one (§2.27), or
    nothing."""
    weapon = fighter.melee_weapon
    if weapon is None:
        return melee.UNARMED
    return melee.IMPROVISED if weapon.improvised else melee.MELEE_WEAPON


def _attack_validate(melee_attack: bool):
    def validate(state: Battle, command: Command) -> None:
        _attack_basics(state, command, melee_attack=melee_attack)
    return validate


def attack_step(state: Battle, command: Command, *, melee_attack: bool, more: int = 0,
                damage_bonus: int = 0, nonlethal: bool = False, off_hand: bool = False
                ) -> Step:
    """Declare an attack and ask for its dice; ``more`` is a manoeuvre's modifier to the
    roll and ``damage_bonus`` to the damage (§2.27); ``off_hand``: a blow of the weapon in
    his other hand, which may follow his first attack (§2.27 two weapons)."""
    fighter, target, modifier, defence = _attack_basics(state, command,
                                                        melee_attack=melee_attack,
                                                        again=off_hand)
    modifier += more
    i, _ = state.fighter(command.unit)
    t, _ = state.fighter(target.id)
    skill = "fighting" if melee_attack else "shooting"
    acted = fighter._replace(actions=fighter.actions + 1, attacked=True)
    state = state.with_fighter(i, acted)
    verb = "attacks" if melee_attack else "shoots at"
    said = Effect("attack_declared", f"{fighter.name} {verb} {target.name} "
                  f"({modifier:+d} against Defence {defence})", fighter.id,
                  {"fighter": fighter.name, "target": target.name, "melee": melee_attack,
                   "modifier": modifier, "defence": defence})
    return ask_dice(state, "attack", "roll", i,
                    AttackContext(t, melee_attack, modifier, defence,
                                  damage_bonus=damage_bonus, nonlethal=nonlethal,
                                  off_hand=off_hand),
                    _trait_dice(state, "attack", skill, fighter, fighter.trait(skill)), (said,))


def _attack_declare(melee_attack: bool):
    def declare(state: Battle, command: Command) -> Step:
        return attack_step(state, command, melee_attack=melee_attack)
    return declare


def attack_odds(state: Battle, command: Command, *, melee_attack: bool,
                more: int = 0, again: bool = False) -> Distribution:
    """Hit or miss of an attack, exact (``more``: a manoeuvre's modifier)."""
    fighter, _target, modifier, defence = _attack_basics(state, command,
                                                         melee_attack=melee_attack, again=again)
    modifier += more
    skill = "fighting" if melee_attack else "shooting"
    exceed = state.options.hit_test == damage.EXCEED
    outcomes = trait.odds(fighter.trait(skill), wild_die=WILD_DIE if fighter.wild_card else None,
                          modifier=modifier, tn=defence + exceed,
                          explode=state.options.dice_explode)
    return outcomes.map(lambda o: "hit" if isinstance(o, tuple) else "miss")


def _attack_odds(melee_attack: bool):
    def odds(state: Battle, command: Command) -> Distribution:
        return attack_odds(state, command, melee_attack=melee_attack)
    return odds


def attack_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    if res.stage == "roll":
        return _attack_rolled(state, res, rolls)
    if res.stage == "damage":
        return _damage_rolled(state, res, rolls)
    return _soak_rolled(state, res, rolls)


def _attack_rolled(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    ctx = res.ctx
    fighter, target = state.fighters[res.unit], state.fighters[ctx.target]
    result = _rolled(rolls, "attack", ctx.modifier, tn=ctx.defence)
    effects = []
    if not ctx.melee and result.trait == 2:
        state = state.with_fighter(res.unit, fighter._replace(
            **{"off_hand_reload" if ctx.off_hand else "needs_reload": True}))
        effects.append(Effect("reload", f"Reload! {fighter.name} must reload", fighter.id,
                              {"fighter": fighter.name}))
    effects.extend(critical(fighter, result))
    if not (result.success
            and damage.hits(result.total, ctx.defence, reading=state.options.hit_test)):
        effects.append(Effect("missed", f"{fighter.name} misses {target.name} "
                              f"({_roll_text(result)})", fighter.id,
                              {"fighter": fighter.name, "target": target.name,
                               "roll": _roll_text(result)}))
        for hook in MISS_HOOKS:
            step = hook(state, res, effects)
            if step is not None:
                return step
        return RULEBOOK.done(state, effects)
    raised = damage.raise_bonus(result.total, ctx.defence, direct=True)
    effects.append(Effect("hit", f"{fighter.name} hits {target.name} ({_roll_text(result)}"
                          f"{', with a raise' if raised else ''})", fighter.id,
                          {"fighter": fighter.name, "target": target.name,
                           "roll": _roll_text(result), "raise": raised}))
    return ask_dice(state, "attack", "damage", res.unit, ctx._replace(raised=raised),
                    damage_dice(fighter, ctx.melee, raised, explode=state.options.dice_explode,
                                off_hand=ctx.off_hand), effects)


def damage_dice(fighter: Fighter, melee_attack: bool, raised: bool, *, explode: bool,
                strength_only: bool = False, off_hand: bool = False
                ) -> tuple[DiceRequest, ...]:
    """The damage dice of a hit: Strength and the melee weapon's die, the firearm's dice,
    or the Strength die alone (a grappler's, §2.27); +1d6 on a raise (§2.9)."""
    if strength_only:
        strength = fighter.trait("strength")
        dice = (_die("damage.strength", f"Strength die d{strength}", strength, fighter.id,
                     explode=explode),)
    elif melee_attack:
        strength = fighter.trait("strength")
        dice = (_die("damage.strength", f"Strength die d{strength}", strength, fighter.id,
                     explode=explode),)
        weapon = fighter.off_hand if off_hand else fighter.melee_weapon
        if weapon is not None and weapon.damage_dice:
            dice += (_die("damage.weapon", f"{weapon.name} damage d{weapon.damage_sides}",
                          weapon.damage_sides, fighter.id, weapon.damage_dice,
                          explode=explode),)
    else:
        weapon = fighter.off_hand if off_hand else fighter.weapon
        dice = (_die("damage.weapon", f"{weapon.name} damage {weapon.damage_dice}"
                     f"d{weapon.damage_sides}", weapon.damage_sides, fighter.id,
                     weapon.damage_dice, explode=explode),)
    if raised:
        dice += (_die("damage.raise", "raise damage d6", 6, fighter.id, explode=explode),)
    return dice


def _damage_rolled(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    ctx = res.ctx
    fighter, target = state.fighters[res.unit], state.fighters[ctx.target]
    weapon = (None if ctx.strength_only else fighter.off_hand if ctx.off_hand
              else fighter.melee_weapon if ctx.melee else fighter.weapon)
    total = sum(sum(values) for values in rolls.values()) + ctx.damage_bonus
    total += weapon.damage_bonus if weapon is not None else 0
    ap = weapon.ap if weapon is not None else 0
    margin = damage.margin(total, target.toughness, target.armour, ap)
    harm = damage.harm(margin, already_shaken=target.shaken,
                       reading=state.options.wound_on_shaken)
    said = Effect("damage", f"{target.name} takes {total} damage against Toughness "
                  f"{target.toughness} and Armour {target.armour} (AP {ap})", target.id,
                  {"target": target.name, "damage": total, "toughness": target.toughness,
                   "armour": target.armour, "ap": ap})
    if harm.wounds and target.wild_card and target.bennies and target.fighting_on \
            and not ctx.nonlethal:
        decision = DecisionNeeded(
            "soak", f"{target.name}: spend a benny on a soak roll against "
            f"{harm.wounds} wound(s)? (§2.12)",
            (Option("soak", "spend a benny and roll Vigor"), Option("take", "take the wounds")),
            unit=target.id,
        )
        return ask_decision(state, "attack", "soak", res.unit,
                            ctx._replace(soaked_with=harm.wounds), decision, (said,))
    return _harm(state, res, harm, (said,))


def attack_on_decide(state: Battle, res: Resolution, choice: Any) -> Step:
    target = state.fighters[res.ctx.target]
    harm = damage.Harm(shaken=True, wounds=res.ctx.soaked_with)
    if choice == "take":
        return _harm(state, res, harm)
    spent = target._replace(bennies=target.bennies - 1)
    state = state.with_fighter(res.ctx.target, spent)
    said = Effect("benny_spent", f"{target.name} spends a benny on a soak roll", target.id,
                  {"fighter": target.name})
    return ask_dice(state, "attack", "soak_roll", res.unit, res.ctx,
                    _trait_dice(state, "soak", "Vigor", target, target.trait("vigor")), (said,))


def _soak_rolled(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    target = state.fighters[res.ctx.target]
    taken = damage.Harm(shaken=True, wounds=res.ctx.soaked_with)
    result = _rolled(rolls, "soak", damage.wound_penalty(target.wounds))
    soak = damage.soak(taken, result)
    said = Effect("soaked", f"{target.name} soaks {soak.cancelled} wound(s) "
                  f"({_roll_text(result)})", target.id,
                  {"fighter": target.name, "cancelled": soak.cancelled,
                   "roll": _roll_text(result)})
    return _harm(state, res, soak.harm, (said, *critical(target, result)))


def _harm(state: Battle, res: Resolution, harm: damage.Harm, effects=()) -> Step:
    t = res.ctx.target
    target = state.fighters[t]
    effects = list(effects)
    if not harm.shaken and not harm.wounds:
        effects.append(Effect("unharmed", f"{target.name} is unharmed", target.id,
                              {"fighter": target.name}))
        return RULEBOOK.done(state, effects)
    if harm.wounds and res.ctx.nonlethal:
        effects.append(Effect(UNCONSCIOUS, f"{target.name} is knocked out (unconscious for "
                              "1d6 hours)", target.id, {"fighter": target.name}))
        return RULEBOOK.done(state.with_fighter(t, target._replace(condition=UNCONSCIOUS)),
                             effects)
    wounds = target.wounds + harm.wounds
    condition = damage.condition(wild_card=target.wild_card, wounds=wounds)
    hurt = target._replace(wounds=wounds, shaken=target.shaken or harm.shaken,
                           condition=condition)
    if harm.wounds:
        effects.append(Effect("wounded", f"{target.name} takes {harm.wounds} "
                              f"wound{'' if harm.wounds == 1 else 's'}, {wounds} in all", target.id,
                              {"fighter": target.name, "wounds": harm.wounds, "total": wounds}))
    elif harm.shaken:
        effects.append(Effect("shaken", f"{target.name} is Shaken", target.id,
                              {"fighter": target.name}))
    if condition != damage.FIGHTING:
        effects.append(Effect(condition, f"{target.name} is "
                              f"{'dying' if condition == damage.DYING else 'out of the fight'}",
                              target.id, {"fighter": target.name}))
    return RULEBOOK.done(state.with_fighter(t, hurt), effects)


# --- reloading (§2.8) --------------------------------------------------------------------------


def reload_validate(state: Battle, command: Command) -> None:
    _, fighter = _acting(state, command)
    if not (fighter.needs_reload or fighter.off_hand_reload):
        raise forbid(gettext_noop("{fighter} has no weapon to reload"), "§2.8",
                     fighter=fighter.name)
    walked = fighter.moved and state.options.reload_walk  # a walk costs no action (§2.2)
    if (fighter.moved and not walked) or fighter.actions or fighter.attacked:
        raise forbid(gettext_noop("reloading takes {fighter}'s whole turn; he has acted"),
                     "§2.8", fighter=fighter.name)


def reload_declare(state: Battle, command: Command) -> Step:
    reload_validate(state, command)
    i, fighter = state.fighter(command.unit)
    done = fighter._replace(needs_reload=False, off_hand_reload=False, whole_turn=True,
                            moved=True)
    return Step(state.with_fighter(i, done), (Effect(
        "reloaded", f"{fighter.name} reloads (the whole turn)", fighter.id,
        {"fighter": fighter.name}),))


# --- turns and Shaken (§2.1, §2.10) ----------------------------------------------------------


class UnshakeContext(NamedTuple):
    pass


def end_turn_declare(state: Battle, command: Command) -> Step:
    side = (state.side + 1) % len(state.sides)
    new_round = state.round + (side == 0)
    acting = state.sides[side]
    fresh = tuple(
        f._replace(moved=False, actions=0, attacked=False, whole_turn=False, untangled=0)
        if f.side == acting else f for f in state.fighters)
    ended = Effect("turn_ended", f"{state.side_names[state.side]} end their turn; "
                   f"{state.side_names[side]} act", None,
                   {"ended": state.side_names[state.side], "next": state.side_names[side]})
    shaken = tuple(then("unshake", i, UnshakeContext()) for i, f in enumerate(fresh)
                   if f.side == acting and f.shaken and f.fighting_on)
    leftover = tuple(followup for hook in END_TURN_HOOKS for followup in hook(state))
    return RULEBOOK.done(state._replace(fighters=fresh), (ended,), leftover + shaken, side=side,
                         round=new_round)


def unshake_start(state: Battle, i: int, ctx: UnshakeContext) -> Step:
    fighter = state.fighters[i]
    if fighter.wild_card and fighter.bennies:
        decision = DecisionNeeded(
            "unshake", f"{fighter.name} is Shaken: spend a benny or roll Spirit? (§2.10)",
            (Option("benny", "spend a benny"), Option("roll", "roll Spirit")), unit=fighter.id)
        return ask_decision(state, "unshake", "choose", i, ctx, decision)
    return _unshake_roll(state, i, ctx)


def _unshake_roll(state: Battle, i: int, ctx: UnshakeContext, effects=()) -> Step:
    fighter = state.fighters[i]
    skill = "spirit" if fighter.wild_card else "base_skill"
    what = "Spirit" if fighter.wild_card else "base skill"
    return ask_dice(state, "unshake", "roll", i, ctx,
                    _trait_dice(state, "unshake", what, fighter, fighter.trait(skill)), effects)


def unshake_on_decide(state: Battle, res: Resolution, choice: Any) -> Step:
    fighter = state.fighters[res.unit]
    if choice == "roll":
        return _unshake_roll(state, res.unit, res.ctx)
    done = fighter._replace(shaken=False, bennies=fighter.bennies - 1)
    return RULEBOOK.done(state.with_fighter(res.unit, done), (Effect(
        "unshaken", f"{fighter.name} spends a benny and is no longer Shaken", fighter.id,
        {"fighter": fighter.name, "benny": True}),))


def unshake_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    fighter = state.fighters[res.unit]
    penalty = damage.wound_penalty(fighter.wounds) if fighter.wild_card else 0
    result = _rolled(rolls, "unshake", penalty)
    if result.critical_failure:
        return RULEBOOK.done(state, (Effect(
            "still_shaken", f"{fighter.name} stays Shaken ({_roll_text(result)})", fighter.id,
            {"fighter": fighter.name, "roll": _roll_text(result)}), *critical(fighter, result)))
    if damage.unshaken(result):
        return RULEBOOK.done(state.with_fighter(res.unit, fighter._replace(shaken=False)), (
            Effect("unshaken", f"{fighter.name} recovers ({_roll_text(result)})", fighter.id,
                   {"fighter": fighter.name, "roll": _roll_text(result)}),))
    return RULEBOOK.done(state, (Effect(
        "still_shaken", f"{fighter.name} stays Shaken ({_roll_text(result)})", fighter.id,
        {"fighter": fighter.name, "roll": _roll_text(result)}),))


RULEBOOK.register(
    Action("move", "§2.2", _move_validate(False), _move_declare(False)),
    Action("run", "§2.2", _move_validate(True), _move_declare(True)),
    Action("go_prone", "§2.3", go_prone_validate, go_prone_declare),
    Action("stand_up", "§2.3", stand_up_validate, stand_up_declare),
    Action("shoot", "§2.7", _attack_validate(False), _attack_declare(False), _attack_odds(False)),
    Action("fight", "§2.6", _attack_validate(True), _attack_declare(True), _attack_odds(True)),
    Action("reload", "§2.8", reload_validate, reload_declare),
    Action("end_turn", "§2.1", lambda state, command: None, end_turn_declare),
    Procedure("attack", AttackContext, on_dice=attack_on_dice, on_decide=attack_on_decide),
    Procedure("unshake", UnshakeContext, on_dice=unshake_on_dice, on_decide=unshake_on_decide,
              start=unshake_start),
)
