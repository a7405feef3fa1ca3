"""Psionics (digest §2.16, tables §3.6 and §3.7).

A psi power is an ordinary action, up to twice per activation "with the same limitations as
shooting". Its range zones are a fixed 12" wide; each zone beyond the first lowers the psi die
one step. Success is a psi die roll >= the power's number (``options.psi_success_comparison``).
Powers affect people only, friend or foe: not vehicles or robots, but vehicle crews; beyond
zone 1 only targets in direct line of sight.
"""

from __future__ import annotations

import math

from rules.core.dice import step, step_or_none
from rules.core.errors import RuleError, gettext_noop
from rules.steelwar._ladder import check_die, check_distance, check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import PSI_TITLES, PSI_ZONE_INCHES, PsiPower, psi_power

#: §2.16: androids resist psi on d6.
ANDROID_PSI_DIE = 6
#: Target kinds psi powers affect (§2.16): people, including vehicle crews.
_PEOPLE = frozenset({"infantry", "cavalry", "power_armour", "android", "vehicle_crew"})


def psi_zone(distance: float, *, options: Options = DEFAULT_OPTIONS) -> int:
    """§2.16: the psi range zone; zones are a fixed 12" wide (boundary per
    ``options.zone_boundary``, as for fire)."""
    check_distance(distance)
    if options.zone_boundary == "inner":
        return max(1, math.ceil(distance / PSI_ZONE_INCHES))
    return math.floor(distance / PSI_ZONE_INCHES) + 1


def psi_die_at(psi_die: int, distance: float, *, options: Options = DEFAULT_OPTIONS) -> int | None:
    """§2.16: the die the psionic rolls at ``distance``: one step lower per zone beyond the
    first (a master rolls d8 in zone 1, d6 in zone 2, d4 in zone 3). ``None`` when it would
    fall below d4: the power cannot be used (``options.psi_below_d4``)."""
    check_die(psi_die, "psi die", "§2.16")
    steps = 1 - psi_zone(distance, options=options)
    if options.psi_below_d4 == "impossible":
        return step_or_none(psi_die, steps)
    return step(psi_die, steps)


def needs_line_of_sight(distance: float, *, options: Options = DEFAULT_OPTIONS) -> bool:
    """§2.16: in zone 1 any friend or foe may be targeted; beyond it only targets in direct
    line of sight (including crews of vehicles in line of sight)."""
    return psi_zone(distance, options=options) > 1


def psi_success(
    roll: int, power_id: str, *, die: int | None = None, options: Options = DEFAULT_OPTIONS
) -> bool:
    """§2.16/§3.6: the power works when the psi ``roll`` >= its number (list header;
    ``options.psi_success_comparison`` = ``"greater_than"`` for the intro's reading).

    ``die`` is the psi die actually rolled (after the zone reduction), to check the roll.
    """
    threshold = psi_power(power_id).threshold
    if die is not None:
        check_face(roll, die, "psi die", "§2.16")
    if options.psi_success_comparison == "at_least":
        return roll >= threshold
    return roll > threshold


def check_power_allowed(
    power_id: str,
    *,
    suppressed: bool,
    powers_used_this_activation: tuple[str, ...] | frozenset[str] = (),
    target_figures: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> PsiPower:
    """§2.16: refuse a power a suppressed psionic may not use, a power already used this
    activation, or "Murder" against a one-man unit (a man-sized weapon counts as a figure).
    Returns the power."""
    power = psi_power(power_id)
    if suppressed and not options.suppressed_psionic_may_use_powers:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "a suppressed psionic cannot use psi powers: they have the limitations of "
                "shooting (§2.16)"
            ),
            rule="§2.16",
        )
    if options.psi_power_once_per_activation and power_id in powers_used_this_activation:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "each psi power is used at most once per activation, like each weapon fires once "
                "(§2.16); {power} was already used"
            ),
            params={"power": power_id},
            rule="§2.16",
        )
    if target_figures is not None and target_figures < power.min_figures:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("{power} does not work on a unit of {figures} figure(s) "
                      "(§3.6)"), params={"power": power_id, "figures": target_figures},
            rule="§3.6",
        )
    return power


def target_affected(target_kind: str) -> bool:
    """§2.16: psi affects people only (infantry, cavalry, power armour wearers, androids,
    vehicle crews), never vehicles or robots."""
    return target_kind in _PEOPLE


def psionic_armour_die(
    psi_die: int, normal_armour_die: int, *, options: Options = DEFAULT_OPTIONS
) -> int:
    """§2.16 survivability: a psionic hit by aimed small-arms fire (not fragmentation, not
    from the air) rolls the psi die as armour "instead of the usual d4"; by default the
    better of the two (``options.psionic_armour``)."""
    check_die(psi_die, "psi die", "§2.16")
    if options.psionic_armour == "better_of":
        return max(psi_die, normal_armour_die)
    return psi_die


def android_resist_die(quality_die: int, *, options: Options = DEFAULT_OPTIONS) -> int:
    """§2.16: androids take every test to resist psi (e.g. the psi-strike morale test) on
    d6; by default the worse of d6 and their quality die (``options.android_psi_resist``)."""
    check_die(quality_die, "quality die", "§2.16")
    if options.android_psi_resist == "min_quality_d6":
        return min(quality_die, ANDROID_PSI_DIE)
    return ANDROID_PSI_DIE


def psi_comms_die(psi_die: int, quality_die: int) -> int:
    """§2.16 communication: between a psionic and ordinary troops the comms test uses the
    psi die or the unit's quality die, whichever is better (on-table comms only). Two
    psionics always pass their comms test with each other."""
    check_die(psi_die, "psi die", "§2.16")
    check_die(quality_die, "quality die", "§2.16")
    return max(psi_die, quality_die)


def psi_inspire_leadership(
    psionic_leadership: int | None, *, options: Options = DEFAULT_OPTIONS
) -> int:
    """§3.6 "Inspire": the rally test runs as if the psionic were the direct commander next
    to the squad; the officer's leadership in the threshold is the psionic's own, or
    ``options.psi_inspire_default_leadership`` (default 2) when the psionic has none."""
    if psionic_leadership is None:
        return options.psi_inspire_default_leadership
    return psionic_leadership


def psi_title(psi_die: int) -> str:
    """§3.7: the Barf-jat title of a psi die (d8 = ``"master"``)."""
    check_die(psi_die, "psi die", "§3.7")
    return PSI_TITLES[psi_die]
