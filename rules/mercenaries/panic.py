"""Panic (digest §2.13): whom panicked Extras flee from, which way is "directly away" on the
grid, and who may stop them.

Source (``shared/seeds/001_*.txt``, "Паника"): «В состоянии паники (см. правила морали)
статисты могут лишь бежать с поля боя (направление - непосредственно от ближайшей самой
многочисленной группы врага). Остановить бегущих может лишь командир (наёмник, сержант,
лейтенант).» Panicked people keep the position that gives the best morale modifier: in cover
they hide, prone they stay down, running in the open they run on.

The morale test that causes panic ("см. правила морали") and the procedure that stops it are
not in the text: their results are entered at the table (``play_panic``). Nor does the text
say what a group is or how "nearest, most numerous" and "directly away" fall on a grid; this
project's readings (README "Panic in play"):

- a group is an enemy squad (§2.18: "отделением, танком, ещё какой собранной группой"): its
  members still in the fight that the panicked man knows of (not hidden from him, §2.17);
- a group is as near as its nearest member (the grid's distance, §2.7); "the nearest, most
  numerous" is option ``panic_flight``: the nearest group, the most numerous of equally near
  ones (``nearest``), or the most numerous group, the nearest of equally numerous ones
  (``most_numerous``); groups still tied are fled from together;
- "directly away" is the one of the eight grid directions (§2.2) nearest in angle to the line
  from the feared group's centre (the mean of its members' cells) through him (with whole
  cells the line is never exactly between two directions); one who stands on the centre
  flees by any step that takes him farther from every member of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import hypot

from rules.mercenaries.ranged import distance

Cell = tuple[int, int]

#: Readings of "the nearest, most numerous group" (option ``panic_flight``).
NEAREST = "nearest"
MOST_NUMEROUS = "most_numerous"
#: Readings of stopping the flight (option ``panic_rally``): its result entered at the table,
#: or a commander's order simply stops it.
TABLE = "table"
SUCCEEDS = "succeeds"
#: Readings of who is a commander (option ``panic_commander``): a fighter the setup gives one
#: of the text's ranks, or also every Wild Card (the game's mercenaries are its Wild Cards).
RANK = "rank"
WILD_CARD = "wild_card"

#: The ranks the text names as commanders who can stop the flight (наёмник, сержант, лейтенант).
COMMANDER_RANKS = ("mercenary", "sergeant", "lieutenant")
#: A fighter who left the map in flight: out of the battle, neither hurt nor dead.
FLED = "fled"

#: The eight grid directions (§2.2: diagonal cells are neighbours).
DIRECTIONS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def feared(groups: Mapping[str, Sequence[Cell]], here: Cell, *,
           reading: str = NEAREST) -> tuple[str, ...]:
    """The group a panicked man at ``here`` flees from, with any group tied with it (of
    ``groups``: each enemy group's members' cells, by the group's key); ``()`` when he knows
    of no enemy."""
    def near(cells: Sequence[Cell]) -> int:
        return min(distance(here, cell) for cell in cells)

    if reading == NEAREST:
        def rank(cells: Sequence[Cell]) -> tuple[int, int]:
            return near(cells), -len(cells)
    elif reading == MOST_NUMEROUS:
        def rank(cells: Sequence[Cell]) -> tuple[int, int]:
            return -len(cells), near(cells)
    else:
        raise ValueError(f"unknown reading {reading!r}")
    present = {key: cells for key, cells in groups.items() if cells}
    if not present:
        return ()
    best = min(rank(cells) for cells in present.values())
    return tuple(key for key, cells in present.items() if rank(cells) == best)


def away(here: Cell, cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The steps (dx, dy) directly away from the group whose members stand in ``cells``: the
    grid direction nearest in angle to the line from their centre through ``here``; from the
    centre itself, every step that takes him farther from each of them. ``()`` with no
    group."""
    cells = tuple(cells)
    if not cells:
        return ()
    n = len(cells)
    # n times the vector from the centre to him, in whole numbers
    vx = n * here[0] - sum(c[0] for c in cells)
    vy = n * here[1] - sum(c[1] for c in cells)
    if vx == vy == 0:
        return tuple(step for step in DIRECTIONS
                     if all(distance((here[0] + step[0], here[1] + step[1]), c)
                            > distance(here, c) for c in cells))
    return (max(DIRECTIONS, key=lambda s: (s[0] * vx + s[1] * vy) / hypot(*s)),)


def is_commander(rank: str, wild_card: bool, *, reading: str = RANK) -> bool:
    """Whether a fighter may stop the flight (§2.13: "командир (наёмник, сержант,
    лейтенант)"): his rank is one of those, or (reading ``wild_card``) he is a Wild Card."""
    if reading not in (RANK, WILD_CARD):
        raise ValueError(f"unknown reading {reading!r}")
    return rank in COMMANDER_RANKS or (reading == WILD_CARD and wild_card)
