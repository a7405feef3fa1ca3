"""The manoeuvres of §2.27 in play, each an action of its own built on the rule module
``manoeuvres`` and the attack of ``rulebook``.

- Double tap (двойной выстрел, a semi-automatic weapon, ПА): +1 to the shot and damage; short
  burst (короткая очередь, КО): +2 and +2, a Wild Card's (an Extra's profile has it already).
  One attack roll; "Reload!" on a 2 as for any shot.
- Improvised weapons (импровизированное оружие): a melee weapon with the setup's
  ``improvised`` size fights at -1 against a real one and is struck at +1 instead of +2
  (``melee.ARMS_MODIFIER``; the errata's "one modifier described twice": its -1 to Defence is
  that same +1, applied once). Its minimum Strength has no effect the text states.
- Unstable platform (ненадежная опора): a shot at -2 from a moving vehicle or a comrade's
  back, as the player declares it (the battle has no vehicles).
- Wild attack (яростная атака): a blow at +2 and +2 damage; his Defence is -2 until his
  next turn (the digest's reading).
- Called shot and called blow (прицельная атака): limb -2; head or heart -4, +4 damage; eye
  -6, +4 damage (that it often ignores armour is the game master's to say).
- The Drop (застать врасплох): +4 to the attack and damage against an enemy who does not know
  where the attacker is (``play_stealth``: this project's test of "does not expect it").
- Non-lethal blow (несмертельный урон): -1 with a melee weapon; its wounds only knock out.
- Rapid attack (быстрая атака): a Wild Card's 2-3 blows, or 2-6 shots of a semi-automatic or a
  revolver (the setup's ``semi_auto``), each at -4, one action, all at one enemy (so within
  any 45° sector); the rest stop once he is out of the fight or the weapon must be reloaded.
- Disarm (обезоруживание): a blow or a shot at -2 at the hand, -4 at the weapon itself; the
  target rolls Strength against the attack's total (+4 for a two-handed weapon, -4 Shaken);
  a hit he fails drops the weapon, 4 over his total and the attacker takes it (the digest's
  reading of "whose success"), into his own hand only if that hand is free.
- Two weapons and the off hand (оружие в каждой руке, атака второй рукой): a fighter with a
  melee weapon in his other hand (the setup's ``off_hand``) strikes with it once a turn, as
  his attack or after it, at -2 without Ambidextrous; as his second attack its
  multi-action -2 is cancelled by Two-Fisted (the first, made alone, had none at the
  table). A firearm in the off hand (the setup's ``off_hand`` with a ``range``) shoots the
  same way (``off_hand_shot``), with its own range, damage and Reload!.
- Defend (оборона): +2 melee Defence until his next turn; no other action, but he may still
  move (the text: defending, he withdraws from melee without the penalty).
- Grapple (захват): opposed Fighting in one cell; success holds the enemy, a raise holds and
  Shakes him. The held fighter acts at -4 (attacks here) or tries to break free: opposed
  Agility or Strength, his choice; a raise frees him and the try costs no action. The grappler
  may hurt him: opposed Strength, success deals his Strength die in damage, +1d6 on a raise.
  That the held fighter cannot walk away before he breaks free is this project's reading.
- Trick (уловка): opposed Agility or Smarts; success: the enemy's Defence is -2 until his next
  turn, a raise Shakes him; the penalties do not add up.
- Test of will (поединок воли): Intimidation against Spirit, or Taunt against Smarts;
  success: +2 on his next attack on that enemy, a raise Shakes him.
- Finishing off (добивание): an enemy who cannot resist (out of the fight) in his cell, or in
  his sight with a loaded firearm, is killed on declaration, as his attack of the turn.
- Withdrawing from melee (выход из ближнего боя): leaving a cell where an enemy in the fight
  holds a melee weapon is -2 Defence until his next turn, unless he defended this turn.

Gang up and firearms in melee are in every blow and shot already (``rulebook``); the others
(a shot with a firearm in the off hand) are refused as not implemented yet: the battle's fighters carry no
weapon properties, edges, second weapon or vehicle for them.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import AtLeast, Distribution, die, exploding
from rules.core.procedures import (
    Action,
    Procedure,
    Resolution,
    Rolls,
    ask_dice,
    forbid,
    then,
)
from rules.core.system import Effect, Step
from rules.mercenaries import cover, damage, manoeuvres, ranged, trait
from rules.mercenaries.panic import FLED
from rules.mercenaries.play_actions import next_turn_of, turn_number
from rules.mercenaries.play_stealth import ACTIVE, knows, noticing
from rules.mercenaries.rulebook import (
    ACT_CHECKS,
    ATTACK_TERMS,
    RULEBOOK,
    WILD_DIE,
    AttackContext,
    _acting,
    _attack_basics,
    _one_more_action,
    _penalties,
    _roll_text,
    _rolled,
    _trait_dice,
    attack_odds,
    attack_step,
    attacker,
    critical,
    damage_dice,
)
from rules.mercenaries.state import Battle, Fighter

#: A fighter finished off (§2.27 добивание).
KILLED = "killed"
#: The attacks with a manoeuvre's modifiers (``Variant``).
ATTACK_MANOEUVRES = ("wild_attack", "called_shot", "called_blow", "drop_shot", "drop_blow",
                     "nonlethal_blow", "double_tap", "short_burst", "unstable_shot")
ATTACKS = {"shoot": False, "fight": True}


def held_by(state: Battle, fighter: Fighter) -> Fighter | None:
    """The grappler who holds ``fighter``, if he is still in the fight in the same cell."""
    if not fighter.grappled_by:
        return None
    _, grappler = state.fighter(fighter.grappled_by)
    if grappler.fighting_on and grappler.cell == fighter.cell:
        return grappler
    return None


# --- Defence and modifiers of every attack (hooks of rulebook) -----------------------------


def _terms(state: Battle, fighter: Fighter, target: Fighter, melee: bool) -> tuple[int, int]:
    now = turn_number(state)
    modifier = defence = 0
    if held_by(state, fighter) is not None:
        modifier += manoeuvres.GRAPPLED
    if fighter.will_bonus_vs == target.id:
        modifier += manoeuvres.WILL_BONUS
    if now < target.off_guard_until:
        defence += manoeuvres.TRICK_DEFENCE
    if now < target.defend_until and (melee or fighter.cell == target.cell):
        defence += manoeuvres.manoeuvre("defend").defence
    return modifier, defence


def _may_act(state: Battle, fighter: Fighter, command: Command) -> None:
    if fighter.defend_until == next_turn_of(state, fighter) and command.action != "move":
        raise forbid(gettext_noop("{fighter} defends this turn: no other action"), "§2.27",
                     fighter=fighter.name)
    grappler = held_by(state, fighter)
    if grappler is not None and command.action in ("move", "run", "crawl"):
        raise forbid(gettext_noop("{fighter} is held by {grappler}: he breaks free first"),
                     "§2.27", fighter=fighter.name, grappler=grappler.name)


def _used_will(step: Step, i: int, target: str) -> Step:
    fighter = step.state.fighters[i]
    if fighter.will_bonus_vs != target:
        return step
    return Step(step.state.with_fighter(i, fighter._replace(will_bonus_vs="")), step.effects)


def _spending_will(name: str) -> None:
    """The test of will's +2 is for one attack: an attack on that enemy uses it."""
    action = RULEBOOK.actions[name]

    def declare(state: Battle, command: Command) -> Step:
        i, _ = state.fighter(command.unit)
        return _used_will(action.declare(state, command), i, command.params.get("target"))

    RULEBOOK.actions[name] = action._replace(declare=declare)


def _withdrawing(name: str) -> None:
    """Leaving a cell where an enemy in the fight still holds a melee weapon is -2 Defence
    until his next turn (the digest: until his first action in it), unless he defends this
    turn (§2.27 выход из ближнего боя)."""
    action = RULEBOOK.actions[name]

    def declare(state: Battle, command: Command) -> Step:
        i, before = state.fighter(command.unit)
        step = action.declare(state, command)
        after = step.state.fighters[i]
        if after.cell == before.cell or before.defend_until == next_turn_of(state, before):
            return step
        armed = [f for f in state.fighters if f.side != before.side and f.fighting_on
                 and f.cell == before.cell and f.melee_weapon is not None]
        if not armed:
            return step
        exposed = after._replace(off_guard_until=max(after.off_guard_until,
                                                     next_turn_of(state, before)))
        return Step(step.state.with_fighter(i, exposed), (*step.effects, Effect(
            "withdrew", f"{before.name} withdraws from melee with {armed[0].name}: Defence -2 "
            "until his next turn", before.id, {"fighter": before.name,
                                                "enemy": armed[0].name})))

    RULEBOOK.actions[name] = action._replace(declare=declare)


# --- attack manoeuvres ---------------------------------------------------------------------


class Variant(NamedTuple):
    """An attack manoeuvre: its attack (a shot or a blow), what it adds to the roll and
    the damage, and what it needs."""

    melee: bool
    modifier: int
    damage: int = 0
    nonlethal: bool = False


def _variant(state: Battle, command: Command) -> Variant:
    name = command.action
    if name == "wild_attack":
        found = manoeuvres.manoeuvre("wild_attack")
        return Variant(True, found.attack, found.damage)
    if name == "nonlethal_blow":
        _, fighter = state.fighter(command.unit)
        if fighter.melee_weapon is None:
            raise forbid(gettext_noop("{fighter} has no melee weapon to strike to knock out"),
                         "§2.27", fighter=fighter.name)
        return Variant(True, manoeuvres.manoeuvre("nonlethal").attack, nonlethal=True)
    if name in ("double_tap", "short_burst"):
        return _fire_mode(state, command)
    if name == "unstable_shot":
        return Variant(False, manoeuvres.manoeuvre("unstable_platform").attack)
    if name in ("called_shot", "called_blow"):
        part = command.params.get("part")
        if not isinstance(part, str):
            raise RuleError("bad_command", field="params.part",
                            template=gettext_noop("a called shot names limb, head, heart or eye"))
        modifier, bonus = ranged.called_shot(part)
        return Variant(name == "called_blow", modifier, bonus)
    # the Drop: the target must not know where the attacker is
    melee = name == "drop_blow"
    _, fighter = state.fighter(command.unit)
    _, target = state.fighter(command.params.get("target"), field="params.target")
    if knows(target, fighter):
        raise forbid(gettext_noop("{target} knows where {fighter} is: no Drop on him"),
                     "§2.27", field="params.target", fighter=fighter.name, target=target.name)
    found = manoeuvres.manoeuvre("the_drop")
    return Variant(melee, found.attack, found.damage)


NO_MODE = {"double_tap": gettext_noop("{fighter}'s weapon is not semi-automatic (no double tap)"),
           "short_burst": gettext_noop("{fighter}'s weapon fires no short bursts")}


def _fire_mode(state: Battle, command: Command) -> Variant:
    """A double tap needs a semi-automatic weapon (ПА), a short burst one that fires them
    (КО); an Extra's weapon profile has the short burst in it already (§2.27)."""
    _, fighter = state.fighter(command.unit)
    name = command.action
    weapon = fighter.weapon
    if name == "short_burst" and not fighter.wild_card:
        raise forbid(gettext_noop("an Extra's weapon profile has the short burst in it "
                                  "already"), "§2.27", fighter=fighter.name)
    if weapon is None or not (weapon.semi_auto if name == "double_tap" else weapon.short_burst):
        raise forbid(NO_MODE[name], "§2.27", fighter=fighter.name)
    found = manoeuvres.manoeuvre(name)
    return Variant(False, found.attack, found.damage)


def manoeuvre_validate(state: Battle, command: Command) -> None:
    variant = _variant(state, command)
    attack_odds(state, command, melee_attack=variant.melee, more=variant.modifier)


def manoeuvre_declare(state: Battle, command: Command) -> Step:
    variant = _variant(state, command)
    step = attack_step(state, command, melee_attack=variant.melee, more=variant.modifier,
                       damage_bonus=variant.damage, nonlethal=variant.nonlethal)
    i, fighter = step.state.fighter(command.unit)
    effects = step.effects
    if command.action == "wild_attack":
        exposed = fighter._replace(off_guard_until=next_turn_of(state, fighter))
        step = Step(step.state.with_fighter(i, exposed), step.effects)
    step = _used_will(step, i, command.params.get("target"))
    return Step(step.state, (Effect(
        "manoeuvre", f"{fighter.name}: {command.action.replace('_', ' ')}", fighter.id,
        {"fighter": fighter.name, "manoeuvre": command.action}), *effects))


def manoeuvre_odds(state: Battle, command: Command) -> Distribution:
    variant = _variant(state, command)
    return attack_odds(state, command, melee_attack=variant.melee, more=variant.modifier)


# --- rapid attack ------------------------------------------------------------------------


class RapidContext(NamedTuple):
    target: int
    melee: bool
    modifier: int
    defence: int


def _rapid(state: Battle, command: Command) -> tuple[bool, int]:
    """(melee, attacks) of a rapid attack: a Wild Card's, up to 3 blows or 6 shots of a
    semi-automatic (a revolver is one: the setup's ``semi_auto``), each at -4 (§2.27)."""
    _, fighter = state.fighter(command.unit)
    melee = command.params.get("attack") == "fight"
    if command.params.get("attack") not in ATTACKS:
        raise RuleError("bad_command", field="params.attack", template=gettext_noop(
            "a rapid attack is blows (fight) or shots (shoot)"))
    manoeuvres.manoeuvre("rapid_attack", wild_card=fighter.wild_card)
    attacks = command.params.get("attacks")
    if type(attacks) is not int:
        raise RuleError("bad_command", field="params.attacks",
                        template=gettext_noop("the number of attacks is a whole number"))
    manoeuvres.rapid_attacks(attacks, melee=melee)
    if not melee and (fighter.weapon is None or not fighter.weapon.semi_auto):
        raise forbid(gettext_noop("{fighter}'s rapid shots need a semi-automatic or a "
                                  "revolver"), "§2.27", fighter=fighter.name)
    return melee, attacks


def rapid_validate(state: Battle, command: Command) -> None:
    melee, _ = _rapid(state, command)
    attack_odds(state, command, melee_attack=melee)


def rapid_declare(state: Battle, command: Command) -> Step:
    """The first attack at once, the others queued: one action, every roll at -4."""
    melee, attacks = _rapid(state, command)
    more = manoeuvres.manoeuvre("rapid_attack").attack
    step = attack_step(state, command, melee_attack=melee, more=more)
    i, fighter = step.state.fighter(command.unit)
    ctx = step.state.resolution.ctx
    queued = tuple(then("rapid", i, RapidContext(ctx.target, melee, ctx.modifier,
                                                 ctx.defence)) for _ in range(attacks - 1))
    state = step.state._replace(queue=queued + step.state.queue)
    state = _used_will(Step(state), i, command.params.get("target")).state
    return Step(state, (Effect(
        "rapid_attack", f"{fighter.name} makes a rapid attack: {attacks} "
        f"{'blows' if melee else 'shots'} at {ctx.modifier:+d} each", fighter.id,
        {"fighter": fighter.name, "attacks": attacks, "modifier": ctx.modifier}),
        *step.effects))


def rapid_odds(state: Battle, command: Command) -> Distribution:
    """The first attack's hit or miss (each of the others is the same roll while the target
    stands)."""
    melee, _ = _rapid(state, command)
    return attack_odds(state, command, melee_attack=melee,
                       more=manoeuvres.manoeuvre("rapid_attack").attack)


def rapid_start(state: Battle, i: int, ctx: RapidContext) -> Step:
    """One more attack of a rapid attack, unless its target is out of the fight or the
    weapon must be reloaded first."""
    fighter, target = state.fighters[i], state.fighters[ctx.target]
    if not target.fighting_on or not fighter.fighting_on or (
            not ctx.melee and fighter.needs_reload):
        return RULEBOOK.done(state)
    skill = "fighting" if ctx.melee else "shooting"
    return ask_dice(state, "attack", "roll", i,
                    AttackContext(ctx.target, ctx.melee, ctx.modifier, ctx.defence),
                    _trait_dice(state, "attack", skill, fighter, fighter.trait(skill)))


# --- disarm ------------------------------------------------------------------------------

#: The slots of a fighter's weapons that a disarm may aim at.
SLOTS = ("weapon", "melee_weapon")
#: §2.27 disarm: the target keeps his weapon with Strength +4 if two-handed, -4 Shaken.
TWO_HANDED, SHAKEN_GRIP = 4, -4


class DisarmContext(NamedTuple):
    target: int
    melee: bool
    modifier: int
    defence: int
    slot: str
    grip: int  # the target's modifier to his Strength roll


def _disarm(state: Battle, command: Command) -> tuple[bool, int, str, int]:
    """(melee, the roll's modifier, the slot aimed at, the target's grip) of a disarm: an
    aimed attack at -2, or -4 at the weapon itself (§2.27)."""
    attack = command.params.get("attack")
    if attack not in ATTACKS:
        raise RuleError("bad_command", field="params.attack", template=gettext_noop(
            "a disarm is a blow (fight) or a shot (shoot)"))
    aim = command.params.get("at")
    if aim not in ("hand", "weapon"):
        raise RuleError("bad_command", field="params.at", template=gettext_noop(
            "a disarm strikes at the hand or at the weapon itself"))
    slot = command.params.get("slot")
    if slot not in SLOTS:
        raise RuleError("bad_command", field="params.slot", template=gettext_noop(
            "a disarm aims at his firearm or his melee weapon"))
    _, target = state.fighter(command.params.get("target"), field="params.target")
    weapon = getattr(target, slot)
    if weapon is None:
        raise forbid(gettext_noop("{target} has no such weapon"), "§2.27",
                     field="params.slot", target=target.name)
    target.trait("strength")
    more = manoeuvres.manoeuvre("disarm_weapon" if aim == "weapon" else "disarm").attack
    grip = (TWO_HANDED if weapon.two_handed else 0) + (SHAKEN_GRIP if target.shaken else 0)
    return ATTACKS[attack], more, slot, grip + _penalties(target, 1)


def disarm_validate(state: Battle, command: Command) -> None:
    melee, more, _slot, _grip = _disarm(state, command)
    attack_odds(state, command, melee_attack=melee, more=more)


def disarm_declare(state: Battle, command: Command) -> Step:
    melee, more, slot, grip = _disarm(state, command)
    step = attack_step(state, command, melee_attack=melee, more=more)
    res = step.state.resolution
    ctx = res.ctx
    target = step.state.fighters[ctx.target]
    dice = res.requests + _trait_dice(step.state, "grip", "Strength", target,
                                      target.trait("strength"))
    i, fighter = step.state.fighter(command.unit)
    return ask_dice(step.state._replace(resolution=None), "disarm", "roll", i,
                    DisarmContext(ctx.target, melee, ctx.modifier, ctx.defence, slot, grip),
                    dice, (Effect("manoeuvre", f"{fighter.name}: disarm", fighter.id,
                                  {"fighter": fighter.name, "manoeuvre": "disarm"}),
                           *step.effects))


def disarm_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    ctx = res.ctx
    fighter, target = state.fighters[res.unit], state.fighters[ctx.target]
    attack = _rolled(rolls, "attack", ctx.modifier, tn=ctx.defence)
    hit = attack.success and damage.hits(attack.total, ctx.defence,
                                         reading=state.options.hit_test)
    grip = _rolled(rolls, "grip", ctx.grip, tn=attack.total)
    outcome = manoeuvres.disarm(attack.total, hit=hit, strength=grip, defence=ctx.defence,
                                reading=state.options.disarm_raise)
    effects = [*critical(fighter, attack), *critical(target, grip)]
    if not ctx.melee and attack.trait == 2:
        state = state.with_fighter(res.unit, fighter._replace(needs_reload=True))
        fighter = state.fighters[res.unit]
        effects.append(Effect("reload", f"Reload! {fighter.name} must reload", fighter.id,
                              {"fighter": fighter.name}))
    weapon = getattr(target, ctx.slot)
    rolled = f"{_roll_text(attack)} against Strength {_roll_text(grip)}"
    data = {"fighter": fighter.name, "target": target.name, "weapon": weapon.name,
            "roll": rolled}
    if outcome == "kept":
        effects.append(Effect("kept_weapon", f"{target.name} keeps his {weapon.name} "
                              f"({rolled})", target.id, data))
        return RULEBOOK.done(state, effects)
    state = state.with_fighter(ctx.target, target._replace(**{ctx.slot: None}))
    if outcome == "taken" and getattr(fighter, ctx.slot) is None:
        state = state.with_fighter(res.unit, fighter._replace(**{ctx.slot: weapon}))
    effects.append(Effect(f"weapon_{outcome}", f"{fighter.name} "
                          f"{'takes' if outcome == 'taken' else 'knocks out'} "
                          f"{target.name}'s {weapon.name} ({rolled})", fighter.id, data))
    return RULEBOOK.done(state, effects)


def disarm_odds(state: Battle, command: Command) -> Distribution:
    """Kept, dropped or taken, exact over the attack's and the target's dice enumerated to
    the explosion depth; "undecided" where a chain past it could change the verdict."""
    melee, more, slot, grip = _disarm(state, command)
    fighter, target, modifier, defence = _attack_basics(state, command, melee_attack=melee)
    modifier += more
    explode = state.options.dice_explode
    skill = "fighting" if melee else "shooting"
    mine = _faces(fighter.trait(skill), wild_card=fighter.wild_card, explode=explode)
    theirs = _faces(target.trait("strength"), wild_card=target.wild_card, explode=explode)

    def outcome(a, b) -> str:
        attack = trait.resolve(a[0], a[1], modifier=modifier, tn=defence)
        hit = attack.success and damage.hits(attack.total, defence,
                                             reading=state.options.hit_test)
        result = manoeuvres.disarm(attack.total, hit=hit,
                                   strength=trait.resolve(b[0], b[1], modifier=grip,
                                                          tn=attack.total),
                                   defence=defence, reading=state.options.disarm_raise)
        bounded = any(isinstance(v, AtLeast) for v in (*a, *b))
        return "undecided" if bounded and hit else result

    return Distribution.from_pairs((outcome(a, b), p * q) for a, p in mine.items()
                                   for b, q in theirs.items())


# --- two weapons, the off hand -----------------------------------------------------------


def _off_hand(state: Battle, command: Command, *, firearm: bool = False) -> int:
    """The modifier of a blow or a shot with the weapon in his other hand (§2.27): -2
    without Ambidextrous; after his first attack this turn it is his second, whose
    multi-action -2 Two-Fisted cancels. Once a turn."""
    _, fighter = state.fighter(command.unit)
    if fighter.off_hand is None:
        raise forbid(gettext_noop("{fighter} holds no weapon in his other hand"), "§2.27",
                     fighter=fighter.name)
    if firearm and fighter.off_hand.melee:
        raise forbid(gettext_noop("{fighter} holds no firearm in his other hand"), "§2.27",
                     fighter=fighter.name)
    if not firearm and not fighter.off_hand.melee:
        raise forbid(gettext_noop("{fighter} holds a firearm in his other hand: he shoots "
                                  "with it"), "§2.27", fighter=fighter.name)
    if fighter.off_hand_turn == turn_number(state):
        raise forbid(gettext_noop("{fighter} has struck with his other hand this turn"),
                     "§2.27", fighter=fighter.name)
    return manoeuvres.two_weapon_penalty("off", two_fisted=True,
                                         ambidextrous=fighter.ambidextrous) + (
        -manoeuvres.two_weapon_penalty("main", two_fisted=False, ambidextrous=True)
        if fighter.attacked and fighter.two_fisted else 0)


def _off_hand_action(firearm: bool):
    """The off-hand blow (``firearm`` False) or shot (True) of §2.27 two weapons."""
    melee_attack, name = not firearm, "off_hand_shot" if firearm else "off_hand_blow"

    def validate(state: Battle, command: Command) -> None:
        attack_odds(state, command, melee_attack=melee_attack,
                    more=_off_hand(state, command, firearm=firearm), again=True)

    def declare(state: Battle, command: Command) -> Step:
        more = _off_hand(state, command, firearm=firearm)
        step = attack_step(state, command, melee_attack=melee_attack, more=more,
                           off_hand=True)
        i, fighter = step.state.fighter(command.unit)
        state = step.state.with_fighter(i, fighter._replace(off_hand_turn=turn_number(state)))
        state = _used_will(Step(state), i, command.params.get("target")).state
        label = "off-hand shot" if firearm else "off-hand blow"
        return Step(state, (Effect("manoeuvre", f"{fighter.name}: {label}", fighter.id,
                                   {"fighter": fighter.name, "manoeuvre": name}),
                            *step.effects))

    def odds(state: Battle, command: Command) -> Distribution:
        return attack_odds(state, command, melee_attack=melee_attack,
                           more=_off_hand(state, command, firearm=firearm), again=True)

    return Action(name, "§2.27", validate, declare, odds)


# --- defend --------------------------------------------------------------------------------


def defend_validate(state: Battle, command: Command) -> None:
    _, fighter = _acting(state, command)
    if fighter.actions or fighter.attacked:
        raise forbid(gettext_noop("{fighter} has acted this turn: defending is his only "
                                  "action"), "§2.27", fighter=fighter.name)


def defend_declare(state: Battle, command: Command) -> Step:
    defend_validate(state, command)
    i, fighter = state.fighter(command.unit)
    done = fighter._replace(defend_until=next_turn_of(state, fighter), actions=1)
    return Step(state.with_fighter(i, done), (Effect(
        "defends", f"{fighter.name} defends (+2 melee Defence)", fighter.id,
        {"fighter": fighter.name}),))


# --- opposed rolls: grapple, break free, crush, trick, test of will ------------------------


class OpposedContext(NamedTuple):
    manoeuvre: str
    target: int
    active: str  # the trait each side rolls
    passive: str
    modifier: int  # the active side's
    resist: int  # the passive side's


#: manoeuvre -> (the active side's trait, or the parameter naming it; the passive side's).
OPPOSED = {
    "grapple": ("fighting", "fighting"),
    "crush": ("strength", "strength"),
    "break_free": ("with", "with"),
    "trick": ("with", "with"),
    "intimidate": ("intimidation", "spirit"),
    "taunt": ("taunt", "smarts"),
}
#: What may be rolled for a parameter ``with``.
WITH = {"break_free": ("agility", "strength"), "trick": ("agility", "smarts")}
WITH_REFUSED = {"break_free": gettext_noop("breaking free is rolled with agility or strength"),
                "trick": gettext_noop("a trick is rolled with agility or smarts")}
_LABELS = {"fighting": "Fighting", "strength": "Strength", "agility": "Agility",
           "smarts": "Smarts", "spirit": "Spirit", "intimidation": "Intimidation",
           "taunt": "Taunt"}


def _opposed(state: Battle, command: Command) -> tuple[Fighter, int, Fighter, OpposedContext]:
    name = command.action
    _, fighter = _acting(state, command)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    grappler = held_by(state, fighter)
    if name == "break_free":
        if grappler is None:
            raise forbid(gettext_noop("{fighter} is not held"), "§2.27", fighter=fighter.name)
        t, target = state.fighter(grappler.id)
    else:
        t, target = state.fighter(command.params.get("target"), field="params.target")
        if target.side == fighter.side or not target.fighting_on:
            raise forbid(gettext_noop("{target} is not an enemy still in the fight"),
                         "§2.27", field="params.target", target=target.name)
        if not knows(fighter, target):
            raise forbid(gettext_noop("{fighter} has not spotted {target}"), "§2.17",
                         field="params.target", fighter=fighter.name, target=target.name)
    if name in ("grapple", "crush") and fighter.attacked:
        raise forbid(gettext_noop("{fighter} has attacked this turn"), "§2.4",
                     fighter=fighter.name)
    if name == "grapple" and target.cell != fighter.cell:
        raise forbid(gettext_noop("{fighter} grapples only an enemy in his own cell"),
                     "§2.27", field="params.target", fighter=fighter.name)
    if name == "crush" and held_by(state, target) is not fighter:
        raise forbid(gettext_noop("{fighter} does not hold {target}"), "§2.27",
                     field="params.target", fighter=fighter.name, target=target.name)
    if name in ("trick", "intimidate", "taunt") and not cover.sees(fighter.cell, target.cell,
                                                                   state.cover):
        raise forbid(gettext_noop("{fighter} cannot see {target}"), "§2.5",
                     field="params.target", fighter=fighter.name, target=target.name)
    active, passive = OPPOSED[name]
    if active == "with":
        active = passive = command.params.get("with")
        if active not in WITH[name]:
            raise RuleError("bad_command", field="params.with", template=WITH_REFUSED[name])
    fighter.trait(active)
    target.trait(passive)
    after = _one_more_action(fighter)
    modifier = _penalties(fighter, after)
    if name != "break_free" and grappler is not None:
        modifier += manoeuvres.GRAPPLED
    resist = trait_penalty(target)
    return fighter, t, target, OpposedContext(name, t, active, passive, modifier, resist)


def trait_penalty(fighter: Fighter) -> int:
    return _penalties(fighter, 1)


def opposed_validate(state: Battle, command: Command) -> None:
    _opposed(state, command)


def opposed_declare(state: Battle, command: Command) -> Step:
    fighter, _t, target, ctx = _opposed(state, command)
    i, _ = state.fighter(command.unit)
    attack = ctx.manoeuvre in ("grapple", "crush")
    state = state.with_fighter(i, fighter._replace(actions=fighter.actions + 1,
                                                   attacked=fighter.attacked or attack))
    said = Effect("opposed_roll", f"{fighter.name}: {ctx.manoeuvre.replace('_', ' ')} against "
                  f"{target.name} ({_LABELS[ctx.active]} {ctx.modifier:+d} against "
                  f"{_LABELS[ctx.passive]})", fighter.id,
                  {"fighter": fighter.name, "target": target.name, "manoeuvre": ctx.manoeuvre,
                   "modifier": ctx.modifier})
    dice = (_trait_dice(state, "opposed", _LABELS[ctx.active], fighter,
                        fighter.trait(ctx.active))
            + _trait_dice(state, "resist", _LABELS[ctx.passive], target,
                          target.trait(ctx.passive)))
    return ask_dice(state, "opposed", "roll", i, ctx, dice, (said,))


def _faces(sides: int, *, wild_card: bool, explode: bool) -> Distribution:
    """(trait die, Wild Die or None) of a trait roll, exploding to ``EXPLOSION_DEPTH``."""
    dist = exploding if explode else die
    mine = dist(sides)
    if not wild_card:
        return mine.map(lambda v: (v, None))
    return Distribution.from_pairs(((a, b), p * q) for a, p in mine.items()
                                   for b, q in dist(WILD_DIE).items())


def opposed_odds(state: Battle, command: Command) -> Distribution:
    """Success or failure of the active side, exact over both sides' dice enumerated to
    the explosion depth; the rest, where a chain past it on the passive side could decide,
    is "undecided" (bounded and shown, rules.core.odds)."""
    fighter, _t, target, ctx = _opposed(state, command)
    explode = state.options.dice_explode
    mine = _faces(fighter.trait(ctx.active), wild_card=fighter.wild_card, explode=explode)
    theirs = _faces(target.trait(ctx.passive), wild_card=target.wild_card, explode=explode)

    def outcome(a, b) -> str:
        success, _raised = manoeuvres.opposed(
            trait.resolve(a[0], a[1], modifier=ctx.modifier),
            trait.resolve(b[0], b[1], modifier=ctx.resist))
        if success and any(isinstance(v, AtLeast) for v in b):
            return "undecided"
        return "success" if success else "failure"

    return Distribution.from_pairs((outcome(a, b), p * q) for a, p in mine.items()
                                   for b, q in theirs.items())


def opposed_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    ctx = res.ctx
    fighter, target = state.fighters[res.unit], state.fighters[ctx.target]
    mine = _rolled(rolls, "opposed", ctx.modifier)
    theirs = _rolled(rolls, "resist", ctx.resist)
    success, raised = manoeuvres.opposed(mine, theirs)
    rolled = f"{_roll_text(mine)} against {_roll_text(theirs)}"
    effects = [*critical(fighter, mine), *critical(target, theirs)]
    data = {"fighter": fighter.name, "target": target.name, "roll": rolled}
    if not success:
        effects.append(Effect("opposed_failed", f"{fighter.name} fails against {target.name} "
                              f"({rolled})", fighter.id, data))
        return RULEBOOK.done(state, effects)
    name = ctx.manoeuvre
    if name == "crush":
        effects.append(Effect("crushes", f"{fighter.name} hurts {target.name}, whom he holds "
                              f"({rolled})", fighter.id, data))
        return ask_dice(state, "attack", "damage", res.unit,
                        AttackContext(ctx.target, True, ctx.modifier, 0, raised=raised,
                                      strength_only=True),
                        damage_dice(fighter, True, raised, explode=state.options.dice_explode,
                                    strength_only=True), effects)
    if name == "break_free":
        freed = fighter._replace(grappled_by="", actions=fighter.actions - raised)
        state = state.with_fighter(res.unit, freed)
        effects.append(Effect("broke_free", f"{fighter.name} breaks free of {target.name} "
                              f"({rolled}{', and acts again at once' if raised else ''})",
                              fighter.id, data))
        return RULEBOOK.done(state, effects)
    if name == "grapple":
        held = target._replace(grappled_by=fighter.id)
        effects.append(Effect("grappled", f"{fighter.name} grapples {target.name} ({rolled})",
                              fighter.id, data))
    elif name == "trick":
        held = target._replace(off_guard_until=max(target.off_guard_until,
                                                   next_turn_of(state, target)))
        effects.append(Effect("tricked", f"{fighter.name} tricks {target.name}: Defence -2 "
                              f"until his next turn ({rolled})", fighter.id, data))
    else:
        held = target
        state = state.with_fighter(res.unit, fighter._replace(will_bonus_vs=target.id))
        effects.append(Effect("will_won", f"{fighter.name} wins the test of will against "
                              f"{target.name}: +2 on his next attack on him ({rolled})",
                              fighter.id, data))
    if raised and not held.shaken:
        held = held._replace(shaken=True)
        effects.append(Effect("shaken", f"{target.name} is Shaken", target.id,
                              {"fighter": target.name}))
    return RULEBOOK.done(state.with_fighter(ctx.target, held), effects)


# --- finishing off -------------------------------------------------------------------------


def _finish(state: Battle, command: Command) -> tuple[int, Fighter, int, Fighter]:
    i, fighter = attacker(state, command)
    t, target = state.fighter(command.params.get("target"), field="params.target")
    if target.side == fighter.side or target.fighting_on or target.condition in (KILLED, FLED):
        raise forbid(gettext_noop("{target} is not an enemy who can no longer resist"),
                     "§2.27", field="params.target", target=target.name)
    reaches = target.cell == fighter.cell or (
        fighter.weapon is not None and not fighter.needs_reload
        and cover.sees(fighter.cell, target.cell, state.cover))
    if not reaches:
        raise forbid(gettext_noop("{fighter} cannot reach {target}"), "§2.27",
                     field="params.target", fighter=fighter.name, target=target.name)
    _one_more_action(fighter)
    return i, fighter, t, target


def finish_validate(state: Battle, command: Command) -> None:
    _finish(state, command)


def finish_declare(state: Battle, command: Command) -> Step:
    i, fighter, t, target = _finish(state, command)
    state = state.with_fighter(i, fighter._replace(actions=fighter.actions + 1, attacked=True))
    state = state.with_fighter(t, target._replace(condition=KILLED))
    return Step(state, (Effect("finished_off", f"{fighter.name} finishes off {target.name}",
                               fighter.id, {"fighter": fighter.name, "target": target.name}),))


for _name in ATTACKS:
    _spending_will(_name)
for _name in ("move", "run", "crawl"):
    _withdrawing(_name)
RULEBOOK.register(
    *(Action(name, "§2.27", manoeuvre_validate, manoeuvre_declare, manoeuvre_odds)
      for name in ATTACK_MANOEUVRES),
    Action("defend", "§2.27", defend_validate, defend_declare),
    *(Action(name, "§2.27", opposed_validate, opposed_declare, opposed_odds)
      for name in OPPOSED),
    Action("finish_off", "§2.27", finish_validate, finish_declare),
    Action("rapid_attack", "§2.27", rapid_validate, rapid_declare, rapid_odds),
    Action("disarm", "§2.27", disarm_validate, disarm_declare, disarm_odds),
    _off_hand_action(firearm=False), _off_hand_action(firearm=True),
    Procedure("disarm", DisarmContext, on_dice=disarm_on_dice),
    Procedure("rapid", RapidContext, start=rapid_start),
    Procedure("opposed", OpposedContext, on_dice=opposed_on_dice),
)
for _name in (*ATTACK_MANOEUVRES, *OPPOSED, "finish_off", "rapid_attack", "disarm",
              "off_hand_blow", "off_hand_shot"):
    noticing(_name, ACTIVE)  # a shot, a blow, a shout (§2.17: active)
ACT_CHECKS.append(_may_act)
ATTACK_TERMS.append(_terms)
