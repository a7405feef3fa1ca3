"""Movement on the grid and posture (digest §2.2-§2.3).

Source ("Перемещение", "Положение"): a unit moves one cell a turn for free, or runs two cells
at -2 to all its orders that turn; the move is never split. Moving into or out of a +4 cell
(a window, a door, a wall; jungle too, literally) costs an action, and from one +4 cell
straight into another only one. A building is entered and left only across a side, never
diagonally. A blank wall cannot be crossed without means, and then takes the whole turn; an
obstacle takes an Agility roll (failure: stays; success: crosses; raise: crosses and may
still act) or the whole turn. A trench in a cell gives +4 cover against other cells; moving
in, out or within it is an action (free in a wide trench), and it holds six at most. Going
prone is free after the move, standing up an action; prone is +2 Defence against shots from
other cells and -2 in the same cell, except in a +4 cell. A crawler moves one position of
six inside his cell a turn.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.trait import TraitResult

WALK, RUN = 1, 2
BUILDING_COVER = 4
TRENCH_COVER = 4
TRENCH_CAPACITY = 6
#: Positions per axis inside a cell for crawling (the digest's reading of "6 turns").
POSITIONS = 6
PRONE_RANGED, PRONE_SAME_CELL = 2, -2


class Square(NamedTuple):
    """What movement needs to know of a cell."""

    cover: int = 0
    building: bool = False
    jungle: bool = False


def check_move(cells: int, *, running: bool) -> None:
    """One cell walking, two running (§2.2)."""
    most = RUN if running else WALK
    if not 0 <= cells <= most:
        raise RuleError(
            "move_too_far", rule="§2.2", params={"cells": cells, "most": most},
            template=gettext_noop("a unit moves at most {most} cell(s) this way, not {cells}"),
        )


def check_step(here: tuple[int, int], there: tuple[int, int], *, into: Square,
               out_of: Square) -> None:
    """A step to a neighbouring cell: buildings only across a side (§2.2)."""
    dx, dy = abs(there[0] - here[0]), abs(there[1] - here[1])
    if max(dx, dy) != 1:
        raise RuleError("not_adjacent", rule="§2.2",
                        template=gettext_noop("a step goes to a neighbouring cell"))
    if dx and dy and (into.building or out_of.building):
        raise RuleError("diagonal_building", rule="§2.2",
                        template=gettext_noop("a building is entered and left across a side, "
                                              "not diagonally"))


def step_actions(into: Square, out_of: Square, *, jungle_costs: bool = True) -> int:
    """Actions a step costs beyond the free move (§2.2): one into or out of a +4 cell, one
    from a +4 cell into another. ``jungle_costs``: the literal reading, on by default,
    counts jungle as such a cell too (option ``jungle_action``)."""
    def hard(square: Square) -> bool:
        if square.cover != BUILDING_COVER:
            return False
        return square.building or not square.jungle or jungle_costs

    return 1 if hard(into) or hard(out_of) else 0


def obstacle_crossing(agility: TraitResult | None) -> tuple[bool, bool]:
    """(crosses, may still act) for an obstacle (§2.2): without a roll it takes the whole
    turn; with Agility, failure stays, success crosses (and the turn ends: the digest's
    reading), a raise crosses and acts on."""
    if agility is None:
        return (True, False)
    if not agility.success:
        return (False, False)
    return (True, agility.raises > 0)


def trench_actions(*, wide: bool) -> int:
    """Moving into, out of or within a trench: an action, none in a wide trench (§2.2)."""
    return 0 if wide else 1


def check_trench_room(occupants: int) -> None:
    if occupants >= TRENCH_CAPACITY:
        raise RuleError("trench_full", rule="§2.2",
                        template=gettext_noop("a cell's trench holds six fighters at most"))


def prone_defence(*, same_cell: bool, square: Square, in_trench: bool = False) -> int:
    """The Defence a prone fighter gains (§2.3): +2 against shots from other cells, -2 in his
    own cell; nothing in a +4 cell or (the digest's reading) a trench."""
    if square.cover == BUILDING_COVER or in_trench:
        return 0
    return PRONE_SAME_CELL if same_cell else PRONE_RANGED


def crawl(position: int, direction: int) -> tuple[int, int]:
    """One crawl along an axis (§2.3): (cells moved, new position 0..5). Crawling out of the
    edge position enters the neighbouring cell at its near edge."""
    if direction not in (-1, 1) or not 0 <= position < POSITIONS:
        raise RuleError("bad_command", rule="§2.3",
                        template=gettext_noop("a crawl moves one position in a cell"))
    new = position + direction
    if new >= POSITIONS:
        return (1, 0)
    if new < 0:
        return (-1, POSITIONS - 1)
    return (0, new)
