"""Stealth and detection (digest §2.17, table §3.10; worked examples 10-12).

Source ("Маскировка"): a hider's concealment target number is his base stealth (half his
Stealth die) plus modifiers for posture, cover, camouflage, distance, activity and light; the
observer's Notice must reach it. A target number of 1 or less is spotted without a roll; a
hidden, camouflaged fighter in cover +2 or more (or in a ghillie suit on suited terrain) is
spotted only from his own or a neighbouring cell, unless the observer has a thermal imager.
Optics move the distance modifier; up close they are useless.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import RuleError, gettext_noop

#: §2.17 distance (cells) -> modifier: (most cells, modifier), nearest first.
DISTANCE = ((0, -4), (1, -2), (10, 0), (20, 2), (40, 4), (80, 6), (160, 8))
#: §2.17 activity of the hider.
ACTIVITY = {"still": 0, "minimal": -2, "active": -4, "very_active": -8}
#: §2.17 light, when the hider makes no bright effects.
LIGHT = {"normal": 0, "dim": 1, "poor": 2, "dark": 4}
PRONE = 1
#: Cover between hider and observer at which he cannot be seen at all (§2.5, §2.17).
BLINDING_COVER = 4
#: The cover a camouflaged hider's cell needs to be spotted only up close (§2.17).
HARD_TO_SPOT_COVER = 2
#: Readings of optics at 0 and 1 cells (option ``optics_close``; §7 14): the literal one
#: cancels the hider's penalties there and gives the -1 (net -1); the other reads "useless up
#: close" as optics changing nothing there (the plain -4 / -2 stand).
OPTICS_CANCEL, OPTICS_USELESS = "cancel", "useless"


def base_stealth(die: int, bonus: int = 0) -> int:
    """Half the Stealth die with its bonus, rounded down (the digest's reading of "2 to 8":
    d4 -> 2, d12 -> 6, d12+4 -> 8)."""
    return (die + bonus) // 2


def distance_modifier(cells: int, *, optics: bool = False, close: str = OPTICS_CANCEL) -> int:
    """The hider's modifier for the distance to the observer (§2.17). With optics, when
    deliberately searching: the bonus beyond 10 cells is 2 less, at 10 cells or less the
    hider has -1 more, and the penalties at 0 and 1 cells are cancelled (``close``: the
    literal reading, up close the net effect is the -1 alone; ``OPTICS_USELESS``: at 0 and 1
    cells optics change nothing)."""
    if cells < 0:
        raise RuleError("bad_command", rule="§2.17",
                        template=gettext_noop("a distance cannot be negative"))
    modifier = next((mod for most, mod in DISTANCE if cells <= most), None)
    if modifier is None:
        raise RuleError("too_far_to_notice", rule="§2.17", params={"cells": cells},
                        template=gettext_noop("{cells} cells is beyond the stealth table"))
    if not optics:
        return modifier
    if cells > 10:
        return modifier - 2
    if cells <= 1 and close == OPTICS_USELESS:
        return modifier
    return (0 if cells <= 1 else modifier) - 1


@dataclass(frozen=True)
class Hider:
    """What the concealment number is made of (§2.17)."""

    stealth_die: int
    stealth_bonus: int = 0
    prone: bool = False
    cell_cover: int = 0  # moving: the smaller of the cell left and the cell entered
    camouflage: int = 0  # 0..+4, by quality and whether it suits the terrain
    activity: str = "still"
    light: str = "normal"


def concealment_tn(hider: Hider, *, cells: int, cover_between: int = 0,
                   optics: bool = False, optics_close: str = OPTICS_CANCEL) -> int:
    """The target number the observer's Notice must reach (§2.17); ``optics_close`` is the
    reading of optics up close (``distance_modifier``)."""
    if not 0 <= hider.camouflage <= 4:
        raise RuleError("bad_camouflage", rule="§2.17", params={"value": hider.camouflage},
                        template=gettext_noop("camouflage is worth 0 to +4, not {value}"))
    if hider.activity not in ACTIVITY:
        raise RuleError("unknown_activity", rule="§2.17", params={"key": hider.activity},
                        template=gettext_noop("no stealth modifier for {key!r}"))
    if hider.light not in LIGHT:
        raise RuleError("unknown_light_level", rule="§2.17", params={"level": hider.light},
                        template=gettext_noop("no light level {level!r}"))
    return (base_stealth(hider.stealth_die, hider.stealth_bonus)
            + (PRONE if hider.prone else 0) + hider.cell_cover + cover_between
            + hider.camouflage + distance_modifier(cells, optics=optics, close=optics_close)
            + ACTIVITY[hider.activity] + LIGHT[hider.light])


def notice_needed(hider: Hider, *, cells: int, cover_between: int = 0, sees_movement: bool = True,
                  ghillie_suited: bool = False, thermal: bool = False) -> bool:
    """Whether a Notice roll is made at all (§2.17): not when the observer cannot see the
    movement, not through +4 cover, and not at 2 cells or more for a camouflaged hider lying
    low (затаившегося: still) in cover +2 or in a ghillie suit on suited terrain (unless the
    observer has a thermal imager); a moving one is rolled for (worked example 11)."""
    if not sees_movement or cover_between >= BLINDING_COVER:
        return False
    hard_to_spot = hider.activity == "still" and (
        (hider.camouflage > 0 and hider.cell_cover >= HARD_TO_SPOT_COVER) or ghillie_suited)
    return not (hard_to_spot and cells > 1 and not thermal)


def spotted_without_roll(tn: int) -> bool:
    """A concealment target number of 1 or less is spotted automatically (§2.17)."""
    return tn <= 1
