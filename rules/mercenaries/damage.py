"""Hits, damage, Shaken, wounds and the soak roll (digest §2.9-§2.12, tables §3.6-§3.7).

Source (``shared/seeds/001_*.txt``, "Урон", "Шок", "Ранения", "Проверка на прочность"):
an attack that beats Defence does its weapon's damage, +1d6 if it came by direct fire 4 or
more above Defence; the damage is compared with Toughness plus Armour (Armour less the
weapon's armour piercing, never below 0): 0 or less nothing, 1-3 Shaken (Shaken on Shaken
becomes a wound), 4 or more one wound per full 4 points. An Extra leaves the battle with
any wound; a Wild Card fights on at -1 a wound up to three and is "dying" at the fourth.
A Wild Card may spend a benny to soak: Vigor at TN 4 cancels a wound, each raise one more
of that attack's; if all are cancelled, the Shaken is not applied either.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.trait import RAISE_STEP, TraitResult

#: Readings of the hit test (README option ``hit_test``; digest §2.9, errata 6): the text
#: says the attack must exceed Defence ("превышает"); Savage Worlds meets or beats it.
MEET_OR_BEAT = "meet_or_beat"
EXCEED = "exceed"

#: Readings of a wounding hit on someone already Shaken (option ``wound_on_shaken``):
#: Savage Worlds adds no wound for the Shaken (default); the literal text ("this Shaken
#: turns into a wound", line 190) adds one.
NO_EXTRA_WOUND = "no_extra_wound"
EXTRA_WOUND = "extra_wound"

#: A Wild Card's wounds before the next one takes him out "dying" (§2.11, §3.7).
WILD_CARD_WOUNDS = 3

FIGHTING = "fighting"
OUT_OF_ACTION = "out_of_action"  # an Extra with any wound (выходит из боя)
DYING = "dying"  # a Wild Card's fourth wound (при смерти)


def hits(attack: int, defence: int, *, reading: str = MEET_OR_BEAT) -> bool:
    """Whether an attack total hits a Defence (§2.9)."""
    if reading == EXCEED:
        return attack > defence
    if reading == MEET_OR_BEAT:
        return attack >= defence
    raise ValueError(f"unknown hit test reading {reading!r}")


def raise_bonus(attack: int, defence: int, *, direct: bool) -> bool:
    """+1d6 damage: a direct-fire (or melee) attack 4 or more above Defence (§2.9);
    indirect and lobbed fire never gets it."""
    return direct and attack >= defence + RAISE_STEP


def margin(damage: int, toughness: int, armour: int = 0, ap: int = 0) -> int:
    """Damage less Toughness and the Armour left after armour piercing (never below 0)."""
    return damage - (toughness + max(0, armour - ap))


@dataclass(frozen=True)
class Harm:
    """What one attack does to its target before any soak: Shaken and wounds."""

    shaken: bool
    wounds: int


def harm(margin_: int, *, already_shaken: bool, reading: str = NO_EXTRA_WOUND) -> Harm:
    """The damage outcome (§3.6) of a margin over Toughness + Armour.

    1-3 Shakes, or wounds once if the target is already Shaken; 4 or more wounds once per
    full 4 and Shakes as well (a soak that cancels every wound cancels that Shaken too).
    """
    if margin_ <= 0:
        return Harm(shaken=False, wounds=0)
    if margin_ < RAISE_STEP:
        return Harm(shaken=True, wounds=1 if already_shaken else 0)
    wounds = margin_ // RAISE_STEP
    if already_shaken and reading == EXTRA_WOUND:
        wounds += 1
    elif reading not in (NO_EXTRA_WOUND, EXTRA_WOUND):
        raise ValueError(f"unknown wound-on-Shaken reading {reading!r}")
    return Harm(shaken=True, wounds=wounds)


def wound_penalty(wounds: int) -> int:
    """A Wild Card's penalty to every roll: -1 a wound, at most -3 (§2.11)."""
    return -min(wounds, WILD_CARD_WOUNDS)


def condition(*, wild_card: bool, wounds: int) -> str:
    """Fighting, out of action (an Extra with any wound) or dying (a Wild Card's 4th)."""
    if wounds <= 0:
        return FIGHTING
    if not wild_card:
        return OUT_OF_ACTION
    return DYING if wounds > WILD_CARD_WOUNDS else FIGHTING


@dataclass(frozen=True)
class Soak:
    """A soak roll's effect on one attack's harm."""

    cancelled: int
    harm: Harm


def soak(taken: Harm, vigor: TraitResult) -> Soak:
    """A Wild Card's soak roll against one attack (§2.12): a success cancels a wound and
    each raise one more of that attack's; cancelling them all cancels its Shaken too.

    ``vigor`` is the one roll that counts (re-rolls for further bennies: the best one,
    never summed). Its modifier is the wound penalty held before this attack (the
    digest's reading: the attack's own wounds do not hinder their soak).
    """
    if taken.wounds <= 0:
        raise RuleError("nothing_to_soak", rule="§2.12", template=gettext_noop(
            "a soak roll cancels wounds just taken; this attack caused none"))
    cancelled = min(taken.wounds, 1 + vigor.raises) if vigor.success else 0
    left = taken.wounds - cancelled
    shaken = taken.shaken and left > 0
    return Soak(cancelled=cancelled, harm=Harm(shaken=shaken, wounds=left))


def unshaken(roll: TraitResult) -> bool:
    """Recovery from Shaken at the start of the unit's turn (§2.10): Spirit for a Wild Card,
    the base skill for an Extra, at TN 4; a plain success is enough (this text's house
    rule) and the character may act at once. A benny does it without a roll (Wild Card)."""
    return roll.success
