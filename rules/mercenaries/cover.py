"""Cover, line of sight and light (digest §2.5, table §3.1).

Source ("Укрытия", "Видимость", "Освещение"): every cell has a cover bonus, +1 (bushes, sparse
trees, boulders), +2 (forest, ruins) or +4 (buildings, jungle). A shot is penalised by the cover
of every cell between the centres of the shooter's and the target's cells, plus the target
cell's own; a cell whose corner the line only cuts (it enters and leaves through adjacent
sides) counts half, rounded down. Two fighters do not see each other when the cells between
them hold +4 or more; a blank wall blocks sight outright. Dim light is -1 to attacks, dark -2,
pitch dark -4; a cell lit artificially halves the penalty in the cells beside it.

This project's readings (README): a line through a cell exactly corner to corner counts the
cell in full, and a cell the line only touches at a vertex counts nothing (the digest's);
a line leaving a cell through a corner has left through both sides that meet there; a
line through the corner where walls meet passes only if a fighter could step around that
corner one way or the other.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from itertools import pairwise

from rules.core.errors import RuleError, gettext_noop

Cell = tuple[int, int]
#: A blank wall lies on the side two cells share: the pair of cells.
Wall = frozenset

#: §3.1: the cover bonuses a cell may have.
COVER_VALUES = (0, 1, 2, 4)
#: Cover between two fighters at which they no longer see each other (§2.5).
BLINDING_COVER = 4

#: §2.5 light levels and their attack modifiers.
LIGHT_PENALTY = {"normal": 0, "dim": -1, "dark": -2, "pitch_dark": -4}

_OPPOSITE = {"left": "right", "right": "left", "bottom": "top", "top": "bottom"}


def crossed_cells(start: Cell, end: Cell) -> list[tuple[Cell, bool]]:
    """The cells strictly between ``start`` and ``end`` that the line between their centres
    passes through, in order, each with ``True`` when the line crosses it from one side to
    the opposite one (full cover) and ``False`` when it only cuts a corner (half)."""
    return list(_crossed(start, end))


#: How many lines of cells :func:`_crossed` remembers (a line is a pure function of its two
#: cells; a 24 x 16 map has 147,456 of them, a battle's shots use a few hundred).
CROSSED_CACHE = 4096


@lru_cache(maxsize=CROSSED_CACHE)
def _crossed(start: Cell, end: Cell) -> tuple[tuple[Cell, bool], ...]:
    """:func:`crossed_cells`, remembered: the line of sight and the cover penalty of one
    attack share the cells it computes once.

    Exact in whole numbers: a point of the line is the one ``k / n`` of the way from the
    start's centre, ``n = 2·|dx|·|dy|`` (a straight line's zero taken as 1), so that the line
    meets every side of a cell at a whole ``k``; its coordinates are counted in ``1 / 2n`` of
    a cell, so a cell's sides lie at multiples of ``2n`` and its centre at an odd ``n``."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    n = 2 * max(abs(dx), 1) * max(abs(dy), 1)
    ks = {0, n}  # the centres
    for lo, delta, origin in ((min(x0, x1), dx, x0), (min(y0, y1), dy, y0)):
        for line in range(lo + 1, lo + abs(delta) + 1):  # the sides the line meets
            ks.add((2 * line - 2 * origin - 1) * n // (2 * delta))
    cuts = sorted(ks)
    ax, ay = (2 * x0 + 1) * n, (2 * y0 + 1) * n  # the start's centre
    side = 2 * n

    crossed = []
    for k_in, k_out in pairwise(cuts):
        # the point halfway between two cuts, (k_in + k_out) / 2, names the cell crossed
        cell = ((ax + dx * (k_in + k_out)) // side, (ay + dy * (k_in + k_out)) // side)
        if cell in (start, end):
            continue
        sides_in = _sides(cell, (ax + 2 * dx * k_in, ay + 2 * dy * k_in), side)
        sides_out = _sides(cell, (ax + 2 * dx * k_out, ay + 2 * dy * k_out), side)
        full = any(_OPPOSITE[a] in sides_out for a in sides_in)
        crossed.append((cell, full))
    return tuple(crossed)


def _sides(cell: Cell, p: tuple[int, int], side: int) -> set[str]:
    """The sides of ``cell`` the point ``p`` lies on, a cell's side being ``side`` long."""
    (cx, cy), (x, y) = cell, p
    found = set()
    if x == cx * side:
        found.add("left")
    if x == (cx + 1) * side:
        found.add("right")
    if y == cy * side:
        found.add("bottom")
    if y == (cy + 1) * side:
        found.add("top")
    return found


def counted(cover: int, full: bool) -> int:
    """A crossed cell's cover: in full, or half rounded down when the line cuts a corner
    (+1 -> 0, +2 -> 1, +4 -> 2)."""
    if cover not in COVER_VALUES:
        raise RuleError("bad_cover", rule="§3.1", params={"cover": cover},
                        template=gettext_noop("a cell's cover is 0, +1, +2 or +4, not {cover}"))
    return cover if full else cover // 2


def cover_between(start: Cell, end: Cell, cover_of: Callable[[Cell], int]) -> int:
    """The cover of the cells between two cells (neither end counts)."""
    return sum(counted(cover_of(cell), full) for cell, full in _crossed(start, end))


def shot_cover_penalty(shooter: Cell, target: Cell, cover_of: Callable[[Cell], int]) -> int:
    """The attack modifier for cover (§2.5): the cells between plus the target's own cell,
    never the shooter's; not capped at -4 (the text's own example reaches -6)."""
    if shooter == target:
        return -cover_of(target)
    return -(cover_between(shooter, target, cover_of) + counted(cover_of(target), True))


def sees(a: Cell, b: Cell, cover_of: Callable[[Cell], int],
         walls: Collection[Wall] = ()) -> bool:
    """Line of sight (§2.5): less than +4 cover between the two cells, no blank wall across
    the line."""
    if a == b:
        return True
    crossed = _crossed(a, b)
    if sum(counted(cover_of(cell), full) for cell, full in crossed) >= BLINDING_COVER:
        return False
    if not walls:  # no wall to stop the line
        return True
    path = [a, *(cell for cell, _full in crossed), b]
    return not any(_blocked(here, there, walls) for here, there in pairwise(path))


def _blocked(here: Cell, there: Cell, walls: Collection[Wall]) -> bool:
    """Whether a wall stops the line stepping from ``here`` to the neighbour ``there``: across
    their shared side, or through the corner they share, when neither way around it is open."""
    if abs(here[0] - there[0]) + abs(here[1] - there[1]) == 1:
        return Wall((here, there)) in walls
    side_a, side_b = (there[0], here[1]), (here[0], there[1])
    around_a = Wall((here, side_a)) not in walls and Wall((side_a, there)) not in walls
    around_b = Wall((here, side_b)) not in walls and Wall((side_b, there)) not in walls
    return not (around_a or around_b)


def light_penalty(level: str, *, lit_here: bool = False, lit_beside: bool = False) -> int:
    """The attack modifier for light at the target's cell (§2.5): a lit cell has none, a cell
    sharing a side with a lit one has its darkness halved, towards zero (-4 -> -2, -1 -> 0)."""
    if level not in LIGHT_PENALTY:
        raise RuleError("unknown_light_level", rule="§2.5", params={"level": level},
                        template=gettext_noop("no light level {level!r}"))
    if lit_here:
        return 0
    penalty = LIGHT_PENALTY[level]
    return -(-penalty // 2) if lit_beside else penalty
