"""Morale grades, the morale test and the threat level (digest §2.12, §2.17, tables §3.4,
§3.5).

Five grades, best to worst: Confident, Steady, Shaken, Broken, Routing. Starting morale comes
from the side's fatigue and is also the ceiling: morale never rises above it in a battle. A
morale test rolls the quality die against leadership + threat: pass, lose one grade, or lose
two when the roll is at most half of what was needed. The threat comes from the threat table,
column = the side's motivation: the largest triggered plain value plus every "+" factor.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.core.errors import RuleError, Sentence, Term, gettext_noop
from rules.steelwar._ladder import check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import (
    ACTION_KINDS,
    ADDITIVES,
    FATIGUE_STARTING_MORALE,
    GRADE_LADDER,
    MORALE_GRADES,
    ROUTING_SURRENDER_INCHES,
    SHAKEN_CHARGE_CELL,
    THREAT_FACTORS,
    TRIGGERS,
    check_grade,
    threat_cell,
)

CONFIDENT, STEADY, SHAKEN, BROKEN, ROUTING = GRADE_LADDER
_WORST_INDEX = len(GRADE_LADDER) - 1
_COUNTS = (int, bool)  # a "+" factor's count; True = applies once


def starting_morale(fatigue: str) -> str:
    """§2.17: fresh troops start Confident, tired Steady, exhausted Shaken. (A scenario may
    rarely start a side Broken, e.g. troops long encircled; it then sets the grade itself.)"""
    try:
        return FATIGUE_STARTING_MORALE[fatigue]
    except KeyError:
        raise RuleError(
            "unknown_fatigue",
            template=gettext_noop("fatigue is one of {known}, not {fatigue!r} (§2.17)"),
            params={"known": ', '.join(FATIGUE_STARTING_MORALE), "fatigue": fatigue},
            rule="§2.17",
        ) from None


def morale_test(
    roll: int,
    leadership: int,
    threat: int,
    *,
    die: int | None = None,
    no_step_back: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """§2.12: the grade change of a morale test: ``0`` when the quality die ``roll`` >
    leadership + threat; ``-2`` when it is at most half of what was needed (2 x roll <=
    threshold by default, ``options.morale_half_rule``); else ``-1``.

    The test is rolled even when passing is impossible, because the roll decides between one
    and two grades (example #20: threshold 8 on d8, a 6 loses one grade, 4 or less two).
    §2.15: a squad in the "Not one step back!" state passes every morale test.
    """
    if die is not None:
        check_face(roll, die, "quality die", "§2.12")
    if no_step_back:
        return 0
    threshold = leadership + threat
    if roll > threshold:
        return 0
    if options.morale_half_rule == "twice_roll_at_most_needed":
        threshold += 1
    return -2 if 2 * roll <= threshold else -1


def apply_grade_change(grade: str, delta: int, *, starting_grade: str) -> str:
    """§2.12: move ``grade`` by ``delta`` grades (negative = worse). Drops stop at Routing
    (PROPOSED; :func:`overflows_routing` tells the fold when ``options.morale_below_routing``
    says otherwise); rises never go above ``starting_grade`` (the ceiling rule)."""
    index = check_grade(grade)
    ceiling = check_grade(starting_grade)
    if delta.__class__ is not int:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "a morale change is a whole number of grades, not {delta!r} (§2.12)"
            ),
            params={"delta": delta},
            rule="§2.12",
        )
    new = index - delta
    if delta > 0:
        new = max(new, min(index, ceiling))  # never above the start, never a rise into a drop
    elif new > _WORST_INDEX:
        new = _WORST_INDEX
    return GRADE_LADDER[new]


def overflows_routing(grade: str, delta: int) -> bool:
    """§2.12: whether a drop of ``delta`` would go past Routing (``options.morale_below_routing
    = "surrender"`` removes such a squad as surrendered)."""
    return delta < 0 and check_grade(grade) - delta > _WORST_INDEX


def surrenders(grade: str, nearest_enemy_inches: float | None) -> bool:
    """§2.12: a Routing squad surrenders if any enemy is within 12"."""
    return (
        check_grade(grade) == _WORST_INDEX
        and nearest_enemy_inches is not None
        and nearest_enemy_inches <= ROUTING_SURRENDER_INCHES
    )


def is_better(grade: str, than: str) -> bool:
    """Whether morale ``grade`` is strictly better than ``than`` (Confident is the best)."""
    return check_grade(grade) < check_grade(than)


# ---- §3.4 threat level -----------------------------------------------------------------------


def additive_threat(
    additives: Mapping[str, int], motivation: str, *, options: Options = DEFAULT_OPTIONS
) -> int:
    """§3.4: the sum of the "+" factors that apply: ``{"unchecked_casualty": 2,
    "artillery_or_air": 1, "wounded_left_behind": 1}`` (a count per factor; per-figure
    factors multiply, the others apply once when the count is non-zero). A "No test" cell
    (unchecked casualties at high motivation) adds nothing."""
    total = 0
    for factor, count in additives.items():
        if factor not in ADDITIVES:
            raise _not_a(factor, "additive '+'", ADDITIVES)
        if count.__class__ not in _COUNTS or count < 0:
            raise RuleError(
                "bad_command",
                template=gettext_noop(
                    "the count of {factor} must be a non-negative whole number, not {count!r} "
                    "(§3.4)"
                ),
                params={"factor": factor, "count": count},
                rule="§3.4",
            )
        if not count:
            continue
        value = threat_cell(factor, motivation, options=options)
        if value is None:
            continue
        total += value * count if THREAT_FACTORS[factor].per_figure else value
    return total


def threat_level(
    triggers: Iterable[str],
    additives: Mapping[str, int],
    motivation: str,
    *,
    options: Options = DEFAULT_OPTIONS,
) -> int | None:
    """§2.12/§3.4: the threat of a morale test: the largest plain value among the triggering
    events (``first_suppressed``, ``casualties_from_fire``, ``lost_more_than_remain``,
    ``commander_lost``, ``psi_strike``) plus the "+" factors (:func:`additive_threat`).

    ``None`` = no test: no trigger, or every trigger reads "No test" for this motivation.
    "+" factors never trigger a test by themselves (artillery triggers nothing unless it
    causes a first suppression or casualties). Examples #18-#20: medium, first suppression +
    casualties + commander lost -> 3; the same from artillery -> 4; low, lost more than remain
    + 2 unchecked casualties -> 6.
    """
    largest = None
    for factor in triggers:
        if factor not in TRIGGERS:
            raise _not_a(factor, "triggering", TRIGGERS)
        value = threat_cell(factor, motivation, options=options)
        if value is not None and (largest is None or value > largest):
            largest = value
    if largest is None:
        return None
    return largest + additive_threat(additives, motivation, options=options)


def lost_more_than_remain(lost: int, remaining: int) -> bool:
    """§3.4 trigger: in one fire the squad lost more men than remain after it (example #20:
    4 lost > 3 left)."""
    return lost > remaining


def _not_a(factor: str, kind: str, known: Iterable[str]) -> RuleError:
    return RuleError(
        "unknown_threat_factor",
        template=gettext_noop("{factor!r} is not a {kind} threat factor (§3.4); known: {known}"),
        params={"factor": factor, "kind": kind, "known": ', '.join(sorted(known))},
        rule="§3.4",
    )


# ---- §3.5 what each grade may do -------------------------------------------------------------


def grade_allows(grade: str, action_kind: str, *, options: Options = DEFAULT_OPTIONS) -> bool | str:
    """§2.12/§3.5: ``True`` if a squad of morale ``grade`` may take an action of
    ``action_kind``, else the reason (a sentence naming the rule).

    Kinds: move_toward_enemy, move_away_from_enemy, move_toward_own_edge, move_toward_cover,
    move, leave_cover, leave_cover_to_retreat, charge, shoot, shoot_back (at an enemy that
    already shot at the squad this turn), other. A Shaken squad leaves cover only after a
    reaction test (:func:`rules.steelwar.reaction.reaction_threat`); the charge test itself
    is :func:`rules.steelwar.melee.charge_threat`.
    """
    if action_kind not in ACTION_KINDS:
        raise RuleError(
            "bad_command",
            template=gettext_noop("unknown action kind {action_kind!r}; known: {known}"),
            params={"action_kind": action_kind, "known": ', '.join(sorted(ACTION_KINDS))},
            rule="§3.5",
        )
    row = MORALE_GRADES[GRADE_LADDER[check_grade(grade)]]
    if action_kind == "charge" and grade == SHAKEN:
        allowed = SHAKEN_CHARGE_CELL[0] if SHAKEN_CHARGE_CELL[1] is None else getattr(
            options, SHAKEN_CHARGE_CELL[1])
        return True if allowed else Sentence(
            gettext_noop("a Shaken squad never moves closer to the enemy (§2.12)"))
    if action_kind in row.forbids or (row.allows is not None and action_kind not in row.allows):
        return Sentence(
            gettext_noop("a {grade} squad may not {action_kind}: {grade_rule} (§2.12)"),
            grade=Term(grade.capitalize(), translations={"ru": row.name_ru}),
            action_kind=Term(action_kind.replace("_", " "), context="action kind"),
            grade_rule=Term(row.rule, context="morale grade rule"),
        )
    return True


def check_grade_allows(grade: str, action_kind: str, *, options: Options = DEFAULT_OPTIONS) -> None:
    """§2.12: refuse an action the squad's morale grade does not allow (``action_forbidden``)."""
    verdict = grade_allows(grade, action_kind, options=options)
    if verdict is not True:
        raise RuleError("action_forbidden", verdict, rule="§2.12")
