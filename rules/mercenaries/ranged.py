"""Ranged attacks: range bands, the sniper scope, shotguns, called shots and "Reload!"
(digest §2.7-§2.8, tables §3.3-§3.5, §3.12-§3.13).

Ranges are counted in cells by Chebyshev distance (diagonal neighbours are neighbours, §2.2),
and a weapon's short, medium and long ranges are stored in cells on the weapon (the source's
profiles are Savage Worlds' inches: the digest's reading, §2.7).
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop

SHORT, MEDIUM, LONG, EXTREME, MAXIMUM = "short", "medium", "long", "extreme", "maximum"
#: §3.4 attack modifiers by band, without a sniper scope.
BAND_PENALTY = {SHORT: 0, MEDIUM: -2, LONG: -4, EXTREME: -6, MAXIMUM: -8}

#: Readings of the scope at extreme and maximum range (README option ``scope``; §2.7): the
#: digest recommends the monotonic one; the literal one makes maximum easier than extreme.
SCOPE_MONOTONIC = {EXTREME: -4, MAXIMUM: -6}
SCOPE_LITERAL = {EXTREME: -6, MAXIMUM: -4}
#: The option's values (``options.scope``; §7 5) and the penalties each gives.
MONOTONIC, LITERAL = "monotonic", "literal"
SCOPE_READINGS = {MONOTONIC: SCOPE_MONOTONIC, LITERAL: SCOPE_LITERAL}

#: Readings of exactly twice the long range (option ``twice_long``; errata 4): the source
#: gives it to both bands ("до удвоенной" / "равна удвоенной"); the digest puts it in extreme.
TWICE_LONG_EXTREME = "extreme"
TWICE_LONG_MAXIMUM = "maximum"

#: §3.12 called shots: (attack modifier, damage bonus).
CALLED_SHOT = {"limb": (-2, 0), "head": (-4, 4), "heart": (-4, 4), "eye": (-6, 4)}


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Cells between two cells, diagonal steps counting one (§2.2, §2.7)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def range_band(cells: int, short: int, medium: int, long: int, *, beyond_long: bool = True,
               twice_long: str = TWICE_LONG_EXTREME) -> str:
    """The band of a target ``cells`` away (§3.4). Beyond long range only small arms and
    barrel artillery fire (``beyond_long=False``: a mortar, say): extreme up to twice long,
    maximum up to four times; farther is out of range."""
    if not 0 <= short <= medium <= long:
        raise RuleError("bad_weapon_ranges", rule="§2.7",
                        template=gettext_noop("a weapon's ranges must grow: short, medium, long"))
    if cells <= short:
        return SHORT
    if cells <= medium:
        return MEDIUM
    if cells <= long:
        return LONG
    at_twice = cells == 2 * long
    if beyond_long and (cells < 2 * long or at_twice and twice_long == TWICE_LONG_EXTREME):
        return EXTREME
    if beyond_long and cells <= 4 * long:
        return MAXIMUM
    raise RuleError(
        "target_out_of_range", rule="§2.7", params={"cells": cells, "long": long},
        template=gettext_noop("the target is {cells} cells away, beyond this weapon's reach "
                              "(long range {long} cells)"),
    )


def band_penalty(band: str, *, scope: bool = False, scope_reading: str = MONOTONIC) -> int:
    """The attack modifier of a range band (§3.4); with a sniper scope (§2.7) at extreme and
    maximum range, the battle's reading of it (option ``scope``)."""
    penalties = SCOPE_READINGS[scope_reading]
    if scope and band in penalties:
        return penalties[band]
    return BAND_PENALTY[band]


def shotgun_damage(band: str, dice: int, sides: int, bonus: int) -> tuple[int, int, int]:
    """A shotgun's damage ``(dice, sides, bonus)`` in a band (§3.5, worked examples 4-5):
    half the long-range damage at extreme range (die and bonus halved, rounded down:
    1d6+2 -> 1d3+1), always 1d2 at maximum range."""
    if band == MAXIMUM:
        return (1, 2, 0)
    if band == EXTREME:
        return (dice, sides // 2, bonus // 2)
    return (dice, sides, bonus)


def called_shot(target: str) -> tuple[int, int]:
    """(attack modifier, damage bonus) of a called shot (§3.12)."""
    try:
        return CALLED_SHOT[target]
    except KeyError:
        raise RuleError("unknown_called_shot", rule="§3.12", params={"target": target},
                        template=gettext_noop("no called shot at {target!r}")) from None


def reload_triggers(*, automatic: bool, sustained_weapon: bool) -> frozenset[int]:
    """The natural trait-die values that call "Reload!" (§3.13, the digest's reconciliation):
    2 for single shots, double taps and short bursts of any weapon and for the automatic
    or suppressive fire of a machine gun or an extended-magazine rifle
    (``sustained_weapon``); 2 or 3 for the automatic fire of other weapons."""
    return frozenset({2, 3}) if automatic and not sustained_weapon else frozenset({2})


def burst_until_reload(trait_dice: list[int], triggers: frozenset[int]) -> list[int]:
    """An automatic burst's trait dice as far as the first that calls "Reload!" (§2.8): that
    die is still resolved, every later one ignored."""
    for i, value in enumerate(trait_dice):
        if value in triggers:
            return trait_dice[: i + 1]
    return list(trait_dice)
