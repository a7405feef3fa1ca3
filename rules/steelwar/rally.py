"""Inspiration (rally) test (digest §2.18).

Only a commander directly above the squad in its chain of command may rally it (its platoon,
company, battalion commander... up to the Supreme Commander), in the direct vertical line,
on the table, and in contact: both with radio or telephone, or within 6" and in line of sight.
It costs the commander one action (so twice per activation) and has two stages:

1. comms test -- automatic within 6" in line of sight; otherwise the officer's quality die,
   one step worse per bypassed link of the chain, must beat the worse leadership of the two;
2. rally roll -- the squad's quality die must beat officer leadership + squad leadership +
   the squad's current threat level; success improves morale one grade, never above the
   starting grade.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.dice import step, step_or_none
from rules.core.errors import RuleError, gettext_noop
from rules.steelwar._ladder import check_die, check_face
from rules.steelwar.morale import additive_threat, apply_grade_change
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.psionics import psi_comms_die

#: §2.18: contact is automatic this close, in direct line of sight.
AUTO_CONTACT_INCHES = 6


def bypassed_links(officer_path: Sequence[str], squad_path: Sequence[str]) -> int | None:
    """§2.18: how many links of the chain of command a rallying officer bypasses, or ``None``
    if he is not in the squad's direct vertical line.

    Paths run from the top of the chain down: the officer's ends at the formation he commands
    (``("bn1", "coy3")`` for the 3rd company's commander), the squad's at the squad
    (``("bn1", "coy3", "plt1", "sq2")``). The platoon commander bypasses 0 links, the company
    commander 1 (example #24); the 2nd platoon's commander cannot rally the 1st platoon.
    """
    depth = len(officer_path)
    if depth >= len(squad_path) or tuple(squad_path[:depth]) != tuple(officer_path):
        return None
    return len(squad_path) - depth - 1


def comms_needed(
    distance: float, line_of_sight: bool, *, options: Options = DEFAULT_OPTIONS
) -> bool:
    """§2.18: no comms test when the officer is within 6" (6" included by default,
    ``options.rally_contact_inclusive``) and in direct line of sight."""
    if not line_of_sight:
        return True
    if options.rally_contact_inclusive:
        return distance > AUTO_CONTACT_INCHES
    return distance >= AUTO_CONTACT_INCHES


def check_rally_allowed(
    *,
    officer_path: Sequence[str],
    squad_path: Sequence[str],
    officer_on_table: bool,
    both_have_radio: bool,
    distance: float,
    line_of_sight: bool,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """§2.18: refuse a rally by an officer outside the squad's direct vertical line, off the
    table, or without contact (radio or telephone on both sides, or within 6" in line of
    sight). Returns the bypassed links."""
    links = bypassed_links(officer_path, squad_path)
    if links is None:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "only a commander directly above the squad in its chain of command may rally it "
                "(§2.18); {officer} is not above {squad}"
            ),
            params={"officer": '/'.join(officer_path), "squad": '/'.join(squad_path)},
            rule="§2.18",
        )
    if not officer_on_table:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("the rallying commander must be on the table (§2.18)"),
            rule="§2.18",
        )
    if not both_have_radio and comms_needed(distance, line_of_sight, options=options):
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "the commander needs contact with the squad: radio or telephone on both sides, "
                "or within 6\" and in direct line of sight (§2.18)"
            ),
            rule="§2.18",
        )
    return links


def comms_die(
    officer_quality_die: int,
    bypassed_links: int,
    *,
    psi_die: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> int | None:
    """§2.18: the officer's comms die: his quality die (or, §2.16, his psi die if better),
    one step worse per bypassed link (example #21: d10 -> d8 for a company commander).
    ``None`` when it would fall below d4: the rally is impossible (``options.comms_below_d4``).
    """
    check_die(officer_quality_die, "officer's quality die", "§2.18")
    die = officer_quality_die if psi_die is None else psi_comms_die(psi_die, officer_quality_die)
    if bypassed_links.__class__ is not int or bypassed_links < 0:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "bypassed links must be 0 or more, not {bypassed_links!r} (§2.18)"
            ),
            params={"bypassed_links": bypassed_links},
            rule="§2.18",
        )
    if options.comms_below_d4 == "impossible":
        return step_or_none(die, -bypassed_links)
    return step(die, -bypassed_links)


def comms_test(
    roll: int,
    officer_leadership: int,
    squad_leadership: int,
    *,
    die: int | None = None,
    both_psionic: bool = False,
) -> bool:
    """§2.18: the comms roll must beat the worse (higher) leadership of officer and squad.
    §2.16: two psionics always pass with each other."""
    if die is not None:
        check_face(roll, die, "comms die", "§2.18")
    if both_psionic:
        return True
    return roll > max(officer_leadership, squad_leadership)


def rally_current_threat(
    additives: Mapping[str, int], motivation: str, *, options: Options = DEFAULT_OPTIONS
) -> int:
    """§2.18 (PROPOSED): the squad's "current threat level" is the sum of the "+" factors
    that apply to it now (unchecked casualties, wounded left behind, bombardment); example
    #21 at medium motivation: one unchecked casualty +0, wounded left behind +2.
    ``options.rally_threat = "none"`` adds nothing."""
    if options.rally_threat == "none":
        return 0
    return additive_threat(additives, motivation, options=options)


def rally_threshold(officer_leadership: int, squad_leadership: int, current_threat: int) -> int:
    """§2.18: officer leadership + squad leadership + the squad's current threat level
    (example #21: 2 + 2 + 0 + 2 = 6)."""
    return officer_leadership + squad_leadership + current_threat


def rally_result(
    roll: int,
    officer_leadership: int,
    squad_leadership: int,
    current_threat: int,
    morale: str,
    starting_morale: str,
    *,
    die: int | None = None,
) -> str:
    """§2.18: the squad's morale after the rally roll on its quality die: one grade better
    when the roll beats :func:`rally_threshold`, never above ``starting_morale`` (example #21:
    8 > 6, Broken -> Shaken; example #23: a squad that started Steady never becomes
    Confident)."""
    if die is not None:
        check_face(roll, die, "quality die", "§2.18")
    if roll > rally_threshold(officer_leadership, squad_leadership, current_threat):
        return apply_grade_change(morale, 1, starting_grade=starting_morale)
    return morale
