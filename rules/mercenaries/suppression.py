"""Automatic and suppressive fire (digest §2.15-§2.16; errata 2 and 3).

Source ("Автоматический огонь", "Огонь на подавление"): automatic fire needs a rate of fire of
2 or more, one die per attack at -2 (none with "Rock and Roll!" or a vehicle-mounted weapon).
Suppressive fire needs a rate of fire of 3 or more; its rolls name cells that touch each
other, no more than the rate of fire; everyone in a cell that took a success, friend or foe,
makes one check (base skill for Extras, Spirit for Wild Cards) at -1 a raise; failure Shakes,
a natural 1 or a total of 1 or less wounds.
"""

from __future__ import annotations

from itertools import pairwise

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.ranged import distance
from rules.mercenaries.trait import TraitResult

AUTO_FIRE = -2
PRONE_BONUS = 2

#: Readings of the cover in the suppression check (option ``suppression_cover``, errata 3):
#: "+2 if prone, plus the cell's cover" (default) or "+2 for prone and +2 for cover".
COVER_VALUE = "cover_value"
COVER_PLUS_TWO = "plus_two"


def auto_fire_modifier(*, rock_and_roll: bool = False, vehicle_mounted: bool = False) -> int:
    """Each automatic-fire die's modifier (§2.15)."""
    return 0 if rock_and_roll or vehicle_mounted else AUTO_FIRE


def check_auto_fire(rof: int) -> None:
    if rof < 2:
        raise RuleError("action_forbidden", rule="§2.15", params={"rof": rof},
                        template=gettext_noop("automatic fire needs a rate of fire of 2 or "
                                              "more; this weapon has {rof}"))


def check_suppressive_cells(rof: int, cells: list[tuple[int, int]]) -> None:
    """Suppressive fire (§2.16): a rate of fire of 3 or more, one roll per die, each naming a
    cell already named or touching the previous one (diagonals touch), no more cells than
    the rate of fire."""
    if rof < 3:
        raise RuleError("action_forbidden", rule="§2.16", params={"rof": rof},
                        template=gettext_noop("suppressive fire needs a rate of fire of 3 or "
                                              "more; this weapon has {rof}"))
    if len(cells) != rof:
        raise RuleError("bad_command", rule="§2.16", params={"rof": rof, "n": len(cells)},
                        template=gettext_noop("suppressive fire makes {rof} rolls, one cell "
                                              "each; {n} cells were named"))
    named = [cells[0]]
    for previous, cell in pairwise(cells):
        if cell not in named and distance(cell, previous) > 1:
            raise RuleError("cells_not_touching", rule="§2.16", params={"cell": str(cell)},
                            template=gettext_noop("cell {cell} does not touch the cell before "
                                                  "it"))
        if cell not in named:
            named.append(cell)


def check_penalty(successes: int, raises: int) -> int:
    """The suppression check's penalty for a cell (§2.16; the digest's reading of "each
    further success and raise makes it harder"): one per success after the first and one
    per raise."""
    if successes < 1:
        return 0
    return -((successes - 1) + raises)


def check_modifier(successes: int, raises: int, *, prone: bool, cover: int,
                   cover_reading: str = COVER_VALUE) -> int:
    """The whole modifier of one fighter's suppression check (§2.16, errata 3)."""
    if cover_reading == COVER_VALUE:
        cover_bonus = cover
    elif cover_reading == COVER_PLUS_TWO:
        cover_bonus = 2 if cover > 0 else 0
    else:
        raise ValueError(f"unknown suppression cover reading {cover_reading!r}")
    return check_penalty(successes, raises) + (PRONE_BONUS if prone else 0) + cover_bonus


def suppression_result(roll: TraitResult) -> str:
    """``"unaffected"``, ``"shaken"`` or ``"wounded"`` (§2.16): a natural 1 (snake eyes for a
    Wild Card, the digest's reading) or a total of 1 or less wounds; any other failure
    Shakes."""
    natural_one = roll.critical_failure if roll.wild is not None else roll.trait == 1
    if natural_one or roll.total <= 1:
        return "wounded"
    return "unaffected" if roll.success else "shaken"
