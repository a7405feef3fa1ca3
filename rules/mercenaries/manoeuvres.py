"""The manoeuvre list (digest §2.27) and readiness (§2.26): what each manoeuvre adds to the
attack, the damage and the fighter's Defence, and the opposed rolls some of them are.

Source ("Список маневров"). The modifiers of one attack add up; a manoeuvre that also
changes Defence does so until the fighter's next turn unless said otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.trait import RAISE_STEP, TraitResult


@dataclass(frozen=True)
class Manoeuvre:
    """A manoeuvre's modifiers: to the attack roll, to damage, to the fighter's own Defence."""

    attack: int = 0
    damage: int = 0
    defence: int = 0
    wild_card_only: bool = False


#: §2.27 (and §2.7 for the shots): modifiers by manoeuvre.
MANOEUVRES = {
    "off_hand": Manoeuvre(attack=-2),  # without Ambidextrous
    "rapid_attack": Manoeuvre(attack=-4, wild_card_only=True),
    "double_tap": Manoeuvre(attack=1, damage=1),
    "short_burst": Manoeuvre(attack=2, damage=2),  # already in an Extra's weapon profile
    "the_drop": Manoeuvre(attack=4, damage=4),
    "unstable_platform": Manoeuvre(attack=-2),
    "nonlethal": Manoeuvre(attack=-1),
    "disarm": Manoeuvre(attack=-2),
    "disarm_weapon": Manoeuvre(attack=-4),  # striking or shooting the weapon itself
    "wild_attack": Manoeuvre(attack=2, damage=2, defence=-2),
    "defend": Manoeuvre(defence=2),  # melee Defence, no other action
    "aim": Manoeuvre(attack=2),  # a full turn aiming at the same target (§2.26)
}

#: §2.27 rapid attack: the most attacks.
RAPID_MELEE, RAPID_SHOTS = 3, 6
#: §2.27 improvised weapons: size -> (short, medium, long, damage die, min Strength).
IMPROVISED = {"small": (3, 6, 12, 4, 4), "medium": (2, 4, 8, 6, 6), "large": (1, 2, 4, 8, 8)}
#: §2.27 grapple: the victim's actions at -4.
GRAPPLED = -4
#: §2.27 withdraw from melee without Defend: -2 Defence until the first action next turn.
WITHDRAW = -2
#: §2.27 trick and test of will: what a success gives.
TRICK_DEFENCE = -2
WILL_BONUS = 2


def manoeuvre(name: str, *, wild_card: bool = True) -> Manoeuvre:
    """A manoeuvre's modifiers; refused if unknown or not open to an Extra."""
    found = MANOEUVRES.get(name)
    if found is None:
        raise RuleError("unknown_manoeuvre", rule="§2.27", params={"name": name},
                        template=gettext_noop("no manoeuvre {name!r}"))
    if found.wild_card_only and not wild_card:
        raise RuleError("action_forbidden", rule="§2.27", params={"name": name},
                        template=gettext_noop("only a Wild Card may make a {name}"))
    return found


def two_weapon_penalty(hand: str, *, two_fisted: bool, ambidextrous: bool) -> int:
    """Each hand's attack with two weapons (§2.27): -2 for the second action unless
    Two-Fisted, and -2 more for the off hand unless Ambidextrous."""
    penalty = 0 if two_fisted else -2
    if hand == "off" and not ambidextrous:
        penalty -= 2
    return penalty


def rapid_attacks(attacks: int, *, melee: bool, weapon_class: str = "") -> None:
    """Refuse a rapid attack beyond 3 blows or 6 shots, or with a heavy sniper rifle."""
    most = RAPID_MELEE if melee else RAPID_SHOTS
    if not melee and weapon_class == "heavy_sniper_rifle":
        raise RuleError("action_forbidden", rule="§2.27",
                        template=gettext_noop("no rapid attack with a heavy sniper rifle"))
    if not 1 <= attacks <= most:
        raise RuleError("bad_command", rule="§2.27", params={"n": attacks, "most": most},
                        template=gettext_noop("a rapid attack is at most {most} attacks, "
                                              "not {n}"))


def opposed(active: TraitResult, passive: TraitResult) -> tuple[bool, bool]:
    """An opposed roll (§2.27 grapple, trick, test of will): (success, raise) of the active
    side, who must succeed and beat the other's total; a raise is 4 more."""
    if not active.success or active.total <= passive.total:
        return (False, False)
    return (True, active.total >= passive.total + RAISE_STEP)


def grapple(fighting: TraitResult, defence: TraitResult) -> str:
    """``"free"``, ``"grappled"`` or ``"grappled_shaken"`` (§2.27)."""
    success, raised = opposed(fighting, defence)
    return "grappled_shaken" if raised else "grappled" if success else "free"


#: Readings of disarm's raise (option ``disarm_raise``; §7 12, "whose success"): the attack
#: 4 over the target's Strength total (the digest's), or the attack's raise over his Defence.
OVER_STRENGTH, OVER_DEFENCE = "over_strength", "over_defence"


def disarm(attack_total: int, *, hit: bool, strength: TraitResult, defence: int = 0,
           reading: str = OVER_STRENGTH) -> str:
    """``"kept"``, ``"dropped"`` or ``"taken"`` (§2.27, the digest's reading of "whose
    success"): the target's Strength against the attack's total (+4 with a two-handed
    weapon, -4 Shaken: in ``strength``'s modifier) keeps the weapon; if the attack hit and
    it failed, the weapon drops, and the attacker takes it with 4 more than the target's
    total (``OVER_STRENGTH``) or with a raise over the target's ``defence``
    (``OVER_DEFENCE``)."""
    if reading not in (OVER_STRENGTH, OVER_DEFENCE):
        raise ValueError(f"unknown disarm reading {reading!r}")
    if not hit or strength.total >= attack_total:
        return "kept"
    over = strength.total if reading == OVER_STRENGTH else defence
    return "taken" if attack_total >= over + RAISE_STEP else "dropped"
