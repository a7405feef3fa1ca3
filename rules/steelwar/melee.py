"""Melee, close combat (digest §2.10, table §3.8).

Only infantry and cavalry fight in melee; robots and power armour cannot, Broken and Routing
squads never charge. The attacker declares "Attack!" and takes a charge test (a reaction test,
threat by morale); on success a combat move, connecting within 2". A charge that falls short
gives the defender one free shot that cannot suppress. Once in contact the defender takes a
morale test (outnumbering threat; doubled against fearsome attackers); if it holds, figures
pair off, each rolls its melee die once and the lower roll of every pair is a casualty. The side
with more casualties tests morale (+1 per casualty); the side that fails falls back 6". Lost
figures then roll their fate: killed, wounded or unharmed; the loser's unharmed and wounded
become prisoners.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.core.dice import DIE_SIZES
from rules.core.errors import RuleError, gettext_noop
from rules.steelwar import terms
from rules.steelwar._ladder import check_die, check_face
from rules.steelwar.firepower import NO_EFFECT, SUPPRESS
from rules.steelwar.morale import additive_threat
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.reaction import quality_test
from rules.steelwar.tables import MELEE_FATE, charge_threat_cell, weapon

#: §2.10: the charge connects when the attackers end this close to the enemy.
CHARGE_CONTACT_INCHES = 2
#: §2.10: a side that fails its morale test in melee ends this far from its enemy.
FALL_BACK_INCHES = 6
#: §2.10: a cavalryman charging "with blades" counts as two infantrymen.
BLADE_CAVALRY_COUNTS_AS = 2
#: §2.10 step 5: die steps for a cavalryman on easy terrain, a flamethrower operator, a cold
#: weapon (fixed bayonet, sword, axe...). Pistol, shotgun and SMG steps are in the weapon table.
CAVALRY_ON_EASY_STEPS = 2
FLAMETHROWER_OPERATOR_STEPS = 2
COLD_WEAPON_STEPS = 1
#: §2.10: troop kinds that cannot fight in melee.
NO_MELEE_KINDS = frozenset({"robot", "power_armour"})

_LADDER_INDEX = {d: i for i, d in enumerate(DIE_SIZES)}
_MAX_INDEX = len(DIE_SIZES) - 1


def can_melee(troop_kind: str) -> bool:
    """§2.10: only infantry and cavalry fight in melee; robots and power-armour suits cannot."""
    return troop_kind not in NO_MELEE_KINDS


# ---- steps 1-2: the charge -------------------------------------------------------------------


def charge_threat(morale_grade: str, *, options: Options = DEFAULT_OPTIONS) -> int | None:
    """§2.10/§2.13: the charge test threat by the attacker's morale: Steady +1, Shaken +3,
    Confident 0 (PROPOSED, ``options.charge_threat_confident``); ``None`` = Broken and
    Routing squads never charge (nor Shaken ones if ``options.shaken_may_charge`` is off)."""
    if morale_grade == "shaken" and not options.shaken_may_charge:
        return None
    return charge_threat_cell(morale_grade, options=options)


def charge_test(
    roll: int,
    leadership: int,
    morale_grade: str,
    *,
    die: int | None = None,
    no_step_back: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> bool:
    """§2.10 step 1: the enhanced reaction test: quality die > leadership + charge threat
    (example #14: leadership 2, Steady -> needs more than 3). A failure loses the whole
    activation. Refused for a grade that may not charge."""
    threat = charge_threat(morale_grade, options=options)
    if threat is None:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("a {morale_grade} squad never charges (§2.10)"),
            params={"morale_grade": terms.grade(morale_grade)},
            rule="§2.10",
        )
    if die is not None:
        check_face(roll, die, "quality die", "§2.10")
    return no_step_back or quality_test(roll, leadership, threat)


def charge_connects(distance_after_move: float) -> bool:
    """§2.10 step 2: the charge succeeds when the attackers end within 2" of the enemy."""
    return distance_after_move <= CHARGE_CONTACT_INCHES


def free_fire_outcome(outcome: str) -> str:
    """§2.10 step 2b: the defender's free shot at a charge that fell short cannot suppress:
    a single beating die does nothing, only hits count."""
    return NO_EFFECT if outcome == SUPPRESS else outcome


def after_short_charge(free_fire_casualties: int, *, options: Options = DEFAULT_OPTIONS) -> str:
    """§2.10 step 2b: what follows the free shot: ``"retest"`` when it caused casualties (the
    attacker must pass quality > leadership + 1 per casualty, :func:`charge_retry_threat`);
    otherwise ``"second_move"`` without a test (PROPOSED) or ``"charge_fails"``
    (``options.charge_short_no_casualties``)."""
    if free_fire_casualties > 0:
        return "retest"
    if options.charge_short_no_casualties == "second_move_without_test":
        return "second_move"
    return "charge_fails"


def charge_retry_threat(free_fire_casualties: int) -> int:
    """§2.10 step 2b: +1 threat per casualty of the free shot. Pass: a second combat move;
    fail: a suppression marker and back to the starting positions."""
    return free_fire_casualties


def second_move_short_outcome(*, options: Options = DEFAULT_OPTIONS) -> str:
    """§2.10 (PROPOSED): a second combat move that still falls short ends the charge:
    ``"stay_where_ended"`` or ``"return_to_start"`` (``options.charge_still_short``)."""
    return options.charge_still_short


# ---- step 3: the defender's morale test ------------------------------------------------------


def attacker_count(infantry: int, blade_cavalry: int = 0) -> int:
    """§2.10: attackers counted for outnumbering; a cavalryman charging "with blades" counts
    as two infantrymen."""
    return infantry + BLADE_CAVALRY_COUNTS_AS * blade_cavalry


def outnumber_threat(attackers: float, defenders: int) -> int:
    """§2.10 step 3: more attackers than defenders +1, twice as many +2, three times +3...:
    ``max(1, floor(attackers / defenders))`` when they outnumber, else 0."""
    if defenders <= 0:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a melee needs at least one defender (§2.10)"),
            rule="§2.10",
        )
    if attackers <= defenders:
        return 0
    return max(1, int(attackers // defenders))


def fearsome_threat(threat: int, fearsome: bool, *, options: Options = DEFAULT_OPTIONS) -> int:
    """§2.10 step 3: fearsome attackers (the Keno Guard, cavalry with blades, berserks...)
    double all threat modifiers of the defender's test, not only those from the charge.
    (``options.fearsome_doubling = "threat_and_leadership"``: see
    :func:`defender_threshold`.)"""
    return 2 * threat if fearsome else threat


def defender_threshold(
    leadership: int,
    attackers: float,
    defenders: int,
    *,
    fearsome: bool = False,
    additives: Mapping[str, int] | None = None,
    motivation: str | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """§2.10 step 3: the number the defender's quality die must beat in its morale test once
    contact is made: leadership + outnumbering threat + the "+" factors that apply
    (``additives``), the threat doubled against fearsome attackers (with the leadership too
    under ``options.fearsome_doubling = "threat_and_leadership"``)."""
    threat = outnumber_threat(attackers, defenders)
    if additives:
        if motivation is None:
            raise RuleError(
                "bad_command",
                template=gettext_noop(
                    "the '+' factors of the threat table need the side's motivation (§3.4)"
                ),
                rule="§3.4",
            )
        threat += additive_threat(additives, motivation, options=options)
    if fearsome and options.fearsome_doubling == "threat_and_leadership":
        return 2 * (leadership + threat)
    return leadership + fearsome_threat(threat, fearsome, options=options)


# ---- steps 4-6: pairs, dice, resolution ------------------------------------------------------


def melee_die(
    quality_die: int,
    *,
    weapon_id: str | None = None,
    bayonet: bool = False,
    cavalry_on_easy: bool = False,
    flamethrower_operator: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """§2.10 step 5: the figure's quality die raised by: cavalryman on terrain easy for
    cavalry +2 steps; flamethrower operator +2; cold weapon (``bayonet``: fixed bayonet,
    sword, axe...) +1; pistol, shotgun or SMG +1 (weapon table). The bonuses stack (example
    #16: regular d8 + SMG + bayonet -> d12); past d12 the die stays d12
    (``options.melee_die_above_d12``)."""
    check_die(quality_die, "quality die", "§2.10")
    steps = 0
    is_flamethrower = False
    if weapon_id is not None:
        w = weapon(weapon_id)
        steps += w.melee_steps
        is_flamethrower = "flamethrower_autowound" in w.specials
    if flamethrower_operator and not is_flamethrower:
        steps += FLAMETHROWER_OPERATOR_STEPS
    if bayonet:
        steps += COLD_WEAPON_STEPS
    if cavalry_on_easy:
        steps += CAVALRY_ON_EASY_STEPS
    index = _LADDER_INDEX[quality_die] + steps
    if index > _MAX_INDEX:
        if options.melee_die_above_d12 == "refuse":
            raise RuleError(
                "die_above_d12",
                template=gettext_noop(
                    "the melee die would improve past d12, which the rules do not define (§2.10)"
                ),
                rule="§2.10",
            )
        index = _MAX_INDEX
    return DIE_SIZES[index]


def validate_pairing(
    attackers: Iterable[str], defenders: Iterable[str], pairs: Iterable[tuple[str, str]]
) -> tuple[tuple[str, str], ...]:
    """§2.10 step 4: each pair is ``(attacker, defender)``; every figure must face at least
    one opponent and none may stay unengaged (example #15: 5 Keno Guards vs 3 androids -- each
    android faces a guardsman, the 2 spare guardsmen gang up or join pairs). Returns the
    pairs as a tuple."""
    attacker_set, defender_set = set(attackers), set(defenders)
    if attacker_set & defender_set:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a figure cannot be on both sides of a melee (§2.10)"),
            rule="§2.10",
        )
    checked: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for pair in pairs:
        try:
            a, d = pair
        except (TypeError, ValueError):
            raise RuleError(
                "bad_command",
                template=gettext_noop("a melee pair is (attacker, defender), not {pair!r}"),
                params={"pair": pair},
                rule="§2.10",
            ) from None
        if a not in attacker_set or d not in defender_set:
            raise RuleError(
                "bad_command",
                template=gettext_noop(
                    "pair ({a}, {d}) must join an attacking and a defending figure of this melee "
                    "(§2.10)"
                ),
                params={"a": a, "d": d},
                rule="§2.10",
            )
        if (a, d) in seen:
            raise RuleError(
                "bad_command",
                template=gettext_noop("pair ({a}, {d}) is listed twice (§2.10)"),
                params={"a": a, "d": d},
                rule="§2.10",
            )
        seen.add((a, d))
        checked.append((a, d))
    engaged = {a for a, _ in checked} | {d for _, d in checked}
    idle = sorted((attacker_set | defender_set) - engaged)
    if idle:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "every figure must face at least one opponent and none may stay unengaged "
                "(§2.10); unengaged: {figures}"
            ),
            params={"figures": ', '.join(idle)},
            rule="§2.10",
        )
    return tuple(checked)


def resolve_melee(
    pairs: Iterable[tuple[str, str]],
    rolls: Mapping[str, int],
    *,
    dice: Mapping[str, int] | None = None,
) -> tuple[str, ...]:
    """§2.10 step 6: each figure rolls its melee die once; in every pair the lower roll is a
    casualty at once, a tie means that pair fights on. A figure facing several enemies is
    compared with each separately: it can take one down and still fall to another (example
    #17: android 6 vs guards 1 and 8 -> one guard and the android lost). Returns the
    casualties in order of first appearance. ``dice`` (figure -> melee die) checks the rolls.
    """
    casualties: dict[str, None] = {}
    for a, d in pairs:
        try:
            ra, rd = rolls[a], rolls[d]
        except KeyError as missing:
            raise RuleError(
                "wrong_die",
                template=gettext_noop("no melee roll for {pair} (§2.10)"),
                params={"pair": missing.args[0]},
                rule="§2.10",
            ) from None
        if dice is not None:
            check_face(ra, dice[a], "melee die", "§2.10")
            check_face(rd, dice[d], "melee die", "§2.10")
        if ra < rd:
            casualties[a] = None
        elif rd < ra:
            casualties[d] = None
    return tuple(casualties)


def continuing_pairs(
    pairs: Iterable[tuple[str, str]], rolls: Mapping[str, int]
) -> tuple[tuple[str, str], ...]:
    """§2.10 step 6: the pairs whose rolls tied: they keep fighting."""
    return tuple((a, d) for a, d in pairs if rolls[a] == rolls[d])


# ---- step 7: the morale tests after the melee ------------------------------------------------


def post_melee_test_order(
    attacker_casualties: int, defender_casualties: int, *, options: Options = DEFAULT_OPTIONS
) -> tuple[tuple[str, int], tuple[str, int]]:
    """§2.10 step 7: who takes the post-melee morale test first, and at what threat.

    The side with more casualties tests at +1 per casualty; only if it passes does the other
    side take "the same test on the same conditions": +1 per its own casualty by default
    (``options.post_melee_second_threat``). Equal casualties: the defender first
    (``options.post_melee_tie_first``). Returns ``((side, threat), (side, threat))``; the side
    that fails falls back 6" and loses morale; if neither fails the melee goes on next turn.
    """
    if attacker_casualties > defender_casualties:
        first = "attacker"
    elif defender_casualties > attacker_casualties:
        first = "defender"
    else:
        first = options.post_melee_tie_first
    second = "defender" if first == "attacker" else "attacker"
    lost = {"attacker": attacker_casualties, "defender": defender_casualties}
    second_threat = lost[second] if options.post_melee_second_threat == "own_casualties" \
        else lost[first]
    return (first, lost[first]), (second, second_threat)


def melee_fate(d6: int) -> str:
    """§2.10/§3.8: the fate of a figure lost in melee, rolled after the melee ends: 1-2
    ``"killed"``, 3-4 ``"wounded"``, 5-6 ``"unharmed"`` (the source's repeated "1 and 2" for
    unharmed is a typo)."""
    check_face(d6, 6, "melee fate die", "§2.10")
    return MELEE_FATE[d6]


def melee_casualty_outcome(fate: str, *, won: bool, options: Options = DEFAULT_OPTIONS) -> str:
    """§2.10: what becomes of a lost figure after its :func:`melee_fate`.

    Killed stay ``"killed"``. The winner's unharmed ``"returned_to_duty"`` and its wounded
    become ``"unchecked_casualty"`` (PROPOSED, ``options.melee_winner_wounded``). The loser's
    (the side that fled) unharmed and wounded become ``"prisoner"``.
    """
    if fate not in ("killed", "wounded", "unharmed"):
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "a melee fate is killed, wounded or unharmed, not {fate!r} (§2.10)"
            ),
            params={"fate": fate},
            rule="§2.10",
        )
    if fate == "killed":
        return "killed"
    if not won:
        return "prisoner"
    if fate == "unharmed":
        return "returned_to_duty"
    return options.melee_winner_wounded

