"""Reaction test (digest §2.13), and the command test of §1 that every Steel War test shares.

Every test in the game rolls the squad's quality die and must be **strictly greater** than
leadership + threat. A failed reaction test does not lower morale: the squad simply fails that
action, the attempt uses up the action, and it may not try the same action again in the same
activation or turn -- not even with an action its commander passes to it (§4 #25). That
bookkeeping is the fold's; this module computes the test.

The charge test is a reaction test too; its threat by morale grade is
:func:`rules.steelwar.melee.charge_threat`.
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.steelwar._ladder import check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import reaction_threat_cell


def quality_test(roll: int, leadership: int, threat: int = 0) -> bool:
    """§1: the squad's quality die ``roll`` passes when it is strictly greater than
    ``leadership + threat``. With threat 0 this is the plain command test (§2.7)."""
    return roll > leadership + threat


def reaction_test(
    roll: int,
    leadership: int,
    threat: int,
    *,
    die: int | None = None,
    no_step_back: bool = False,
) -> bool:
    """§2.13: quality die ``roll`` > ``leadership + threat``; failure costs the action only.

    §2.15: a squad in the "Not one step back!" state passes every reaction test. Give
    ``die`` (the squad's quality die) to have the roll checked.
    """
    if die is not None:
        check_face(roll, die, "quality die", "§2.13")
    if no_step_back:
        return True
    return roll > leadership + threat


def reaction_threat(action: str, *, options: Options = DEFAULT_OPTIONS) -> int:
    """§2.13: the threat of a reaction test.

    ``go_prone_open`` 2, ``go_prone_other`` 0 (forest, bushes, cover), ``move_while_prone``
    (``options.prone_move_threat``, default 2), ``leave_cover_shaken``
    (``options.shaken_leave_cover_threat``, default 2), ``panic_event`` 0.
    """
    return reaction_threat_cell(action, options=options)


def go_prone_threat(*, open_terrain: bool, in_water: bool = False) -> int:
    """§2.4/§2.13: going prone needs a reaction test: threat 2 in the open, 0 elsewhere
    (forest, bushes, cover). It is not allowed in water."""
    if in_water:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("a squad cannot go prone in water (§2.4)"),
            rule="§2.4",
        )
    return reaction_threat_cell("go_prone_open" if open_terrain else "go_prone_other")
