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
#: Readings of a cell struck several times (option ``suppression_hits``; §7 10): "each
#: success and each raise also make the check harder": every success after the first (the
#: digest's), or every success once there are several.
AFTER_FIRST, EVERY_SUCCESS = "after_first", "every_success"
#: Readings of a Wild Card's "natural 1" in the check (option ``suppression_one``; §7 10):
#: snake eyes, his critical failure (the digest's), or a 1 on his trait die alone.
SNAKE_EYES, TRAIT_DIE = "snake_eyes", "trait_die"


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
                        field="params.cells",
                        template=gettext_noop("suppressive fire makes {rof} rolls, one cell "
                                              "each; {n} cells were named"))
    named = [cells[0]]
    for previous, cell in pairwise(cells):
        if cell not in named and distance(cell, previous) > 1:
            raise RuleError("cells_not_touching", rule="§2.16",
                            params={"cell": f"{cell[0]},{cell[1]}"},  # as the map names it
                            field="params.cells",
                            template=gettext_noop("cell {cell} does not touch the cell before "
                                                  "it"))
        if cell not in named:
            named.append(cell)


def check_penalty(successes: int, raises: int, reading: str = AFTER_FIRST) -> int:
    """The suppression check's penalty for a cell (§2.16, "каждый успех и каждый подъем так же
    увеличивают сложность"): one per raise, and one per success after the first
    (``AFTER_FIRST``, the digest's) or, once the cell is struck more than once, one per
    success (``EVERY_SUCCESS``)."""
    if successes < 1:
        return 0
    if reading == AFTER_FIRST:
        return -((successes - 1) + raises)
    if reading == EVERY_SUCCESS:
        return -((successes if successes > 1 else 0) + raises)
    raise ValueError(f"unknown suppression hits reading {reading!r}")


def check_modifier(successes: int, raises: int, *, prone: bool, cover: int,
                   cover_reading: str = COVER_VALUE, hits_reading: str = AFTER_FIRST) -> int:
    """The whole modifier of one fighter's suppression check (§2.16, errata 3)."""
    if cover_reading == COVER_VALUE:
        cover_bonus = cover
    elif cover_reading == COVER_PLUS_TWO:
        cover_bonus = 2 if cover > 0 else 0
    else:
        raise ValueError(f"unknown suppression cover reading {cover_reading!r}")
    return check_penalty(successes, raises, hits_reading) + (PRONE_BONUS if prone else 0) + cover_bonus


def suppression_result(roll: TraitResult, natural_one_reading: str = SNAKE_EYES) -> str:
    """``"unaffected"``, ``"shaken"`` or ``"wounded"`` (§2.16): a natural 1 or a total of 1 or
    less wounds; any other failure Shakes. A Wild Card's natural 1 is snake eyes
    (``SNAKE_EYES``, the digest's reading) or a 1 on his trait die (``TRAIT_DIE``)."""
    if natural_one_reading not in (SNAKE_EYES, TRAIT_DIE):
        raise ValueError(f"unknown natural 1 reading {natural_one_reading!r}")
    snake_eyes = roll.wild is not None and natural_one_reading == SNAKE_EYES
    natural_one = roll.critical_failure if snake_eyes else roll.trait == 1
    if natural_one or roll.total <= 1:
        return "wounded"
    return "unaffected" if roll.success else "shaken"
