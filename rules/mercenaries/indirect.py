"""Area, lobbed and spotted fire, artillery rate of fire, grenades into buildings (digest
§2.21-§2.25, table §3.14; worked examples 13-15 and the derived vectors).

Grid directions: x grows east, y grows north ("up" on the map); a deviation's direction is
read like a clock face from north (the digest's offset tables).
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.ranged import LONG, MEDIUM, SHORT

#: §2.21: an area attack's difficulty, literally 2 (Savage Worlds uses 4; option ``area_tn``).
AREA_TN = 2
#: §2.22: a lobbed attack's modifier.
LOBBED = -2
#: §2.23: a spotted gun's first shot at an unseen square (the lob penalty included).
UNSEEN = -6
#: §2.23: a spotter directs later shots "at a target 3 squares or closer" ("по цели в 3
#: квадратах или ближе"): closer to the spotter (the digest's reading) or to an earlier shot's
#: impact (option ``spotter_reach``; §7 11).
SPOTTER_REACH = 3
FROM_SPOTTER, FROM_IMPACT = "spotter", "impact"

#: §3.14 the most cells a shot deviates by range band (medium: the digest's reading).
DEVIATION_CAP = {SHORT: 1, MEDIUM: 2, LONG: 3}

#: §2.22 offsets: a 1-cell deviation by d8 (1 = up-right, clockwise) ...
D8_ONE_CELL = {1: (1, 1), 2: (1, 0), 3: (1, -1), 4: (0, -1), 5: (-1, -1), 6: (-1, 0),
               7: (-1, 1), 8: (0, 1)}
#: ... and 2 or 3 cells by d12 read as a clock.
D12_BY_DISTANCE = {
    2: {1: (1, 2), 2: (2, 1), 3: (2, 0), 4: (2, -1), 5: (1, -2), 6: (0, -2), 7: (-1, -2),
        8: (-2, -1), 9: (-2, 0), 10: (-2, 1), 11: (-1, 2), 12: (0, 2)},
    3: {1: (2, 3), 2: (3, 2), 3: (3, 0), 4: (3, -2), 5: (2, -3), 6: (0, -3), 7: (-2, -3),
        8: (-3, -2), 9: (-3, 0), 10: (-3, 2), 11: (-2, 3), 12: (0, 3)},
}


def area_cells(top_left: tuple[int, int], width: int, height: int) -> list[tuple[int, int]]:
    """The cells of an area attack named by its top-left cell (§2.21, worked example 13)."""
    if width < 1 or height < 1:
        raise RuleError("bad_area", rule="§2.21",
                        template=gettext_noop("an area is at least one cell wide and high"))
    x0, y0 = top_left
    return [(x0 + dx, y0 - dy) for dy in range(height) for dx in range(width)]


def deviation_cells(d3: int, band: str) -> int:
    """How far a missed lobbed shot lands: 1d3 cells, capped by range (§3.14; worked
    example 15: a 3 at short range is 1 cell)."""
    if not 1 <= d3 <= 3:
        raise RuleError("die_out_of_range", rule="§2.22", params={"value": d3},
                        template=gettext_noop("{value} is not a face of a d3"))
    if band not in DEVIATION_CAP:
        raise RuleError("target_out_of_range", rule="§2.22", params={"band": band},
                        template=gettext_noop("lobbed fire deviates only up to long range, "
                                              "not at {band} range"))
    return min(d3, DEVIATION_CAP[band])


def deviation_direction_die(cells: int) -> int:
    """The die that gives the direction: d8 for one cell, d12 (a clock) for more (§2.22)."""
    return 8 if cells == 1 else 12


def deviation_offset(cells: int, direction: int) -> tuple[int, int]:
    """Where a missed shot lands relative to its target (§2.22; worked example 14: on the
    d8, 1 is up-right)."""
    table = D8_ONE_CELL if cells == 1 else D12_BY_DISTANCE.get(cells)
    if table is None or direction not in table:
        raise RuleError(
            "die_out_of_range", rule="§2.22", params={"value": direction, "cells": cells},
            template=gettext_noop("{value} is not a direction for a {cells}-cell deviation"),
        )
    return table[direction]


def spotted_penalty(notice_total: int | None, *, registered: bool = False) -> int:
    """A spotted gun's attack modifier (§2.23): -6 at an unseen square; each later shot the
    spotter's Notice takes a point off for its success and each point above (the digest's
    reading: ``min(0, -6 + total - 3)`` from a total of 4); a square registered by a
    confirmed hit takes neither the unseen nor the lob penalty."""
    if registered:
        return 0
    if notice_total is None or notice_total < 4:
        return UNSEEN
    return min(0, UNSEEN + notice_total - 3)


def spotter_in_reach(spotter: tuple[int, int], target: tuple[int, int], *,
                     reading: str = FROM_SPOTTER) -> bool:
    """Whether a spotter (who must see the square) may direct shots at ``target`` (§2.23): from
    3 squares or closer (``FROM_SPOTTER``), or from anywhere he sees it (``FROM_IMPACT``, where
    the 3 squares are counted from an earlier impact)."""
    if reading == FROM_IMPACT:
        return True
    if reading != FROM_SPOTTER:
        raise ValueError(f"unknown spotter reading {reading!r}")
    return max(abs(spotter[0] - target[0]), abs(spotter[1] - target[1])) <= SPOTTER_REACH


def later_shot(target: tuple[int, int], *, fired_at: tuple, impacts: tuple,
               reading: str = FROM_SPOTTER) -> bool:
    """Whether a spotted shot at ``target`` is a later shot, the spotter's Notice helping it
    (§2.23): the square was fired at before (``FROM_SPOTTER``), or an earlier shot landed 3
    squares from it or closer (``FROM_IMPACT``)."""
    if reading == FROM_SPOTTER:
        return target in fired_at
    if reading != FROM_IMPACT:
        raise ValueError(f"unknown spotter reading {reading!r}")
    return any(max(abs(c[0] - target[0]), abs(c[1] - target[1])) <= SPOTTER_REACH
               for c in impacts)


def artillery_rate(base_turns: int, crew_present: int, crew_size: int) -> int:
    """Turns per shot of a gun (§2.24): its 1/N is for one man, each further crewman up to
    the full crew takes one off N, never below 1 (derived vectors: 1/4 with 3 men is 1/2;
    5 men on a 4-man gun 1/1)."""
    if base_turns < 1 or crew_present < 1 or crew_size < 1:
        raise RuleError("bad_crew", rule="§2.24",
                        template=gettext_noop("a gun needs at least one crewman"))
    return max(1, base_turns - (min(crew_present, crew_size) - 1))


def grenade_needs_roll(cells_to_building: int, *, throw_cells: int) -> bool:
    """A grenade thrown into a building is rolled unless the thrower stands next to it, or
    throws accurately one cell at most (§2.25)."""
    return not (cells_to_building <= 1 or throw_cells <= 1)


def bounce_back_most(cells_to_building: int) -> int:
    """A failed throw into a building bounces back up to half the distance (§2.25)."""
    return cells_to_building // 2
