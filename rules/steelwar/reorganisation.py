"""Reorganisation and the wounded (digest §2.11, table §3.8).

Reorganisation is one action, not repeatable in the same activation; a suppressed squad may
reorganise only in cover. The figures regroup around the commander and each unchecked casualty
(a wounded figure whose fate is unknown) is settled: d6, +1 with a medic in the squad or a
medical vehicle within 6", +2 when treated by a field surgeon with a medical team: 1-2 dies,
3-5 stabilised (cannot fight or move alone), 6+ back in the ranks. Androids get no medical
bonus; robots are never healed.
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.steelwar._ladder import check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import MEDICAL_VEHICLE_INCHES, WOUNDED_FATE, WOUNDED_MODIFIERS

KILLED = "killed"
STABILISED = "stabilised"
RETURNED_TO_DUTY = "returned_to_duty"

_MEDIC = WOUNDED_MODIFIERS["medic_or_medical_vehicle"]
_SURGEON = WOUNDED_MODIFIERS["surgeon"]


def medical_bonus(
    *,
    medic_or_medical_vehicle: bool = False,
    surgeon: bool = False,
    android: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """§2.11: +1 for a medic in the squad or a medical vehicle within 6", +2 for a field
    surgeon with a medical team; not both by default (``options.medic_surgeon_stacking``);
    nothing for androids."""
    if android:
        return 0
    if options.medic_surgeon_stacking == "cumulative":
        return (_MEDIC if medic_or_medical_vehicle else 0) + (_SURGEON if surgeon else 0)
    if surgeon:
        return _SURGEON
    return _MEDIC if medic_or_medical_vehicle else 0


def wounded_fate(
    d6: int,
    *,
    medic_or_medical_vehicle: bool = False,
    surgeon: bool = False,
    android: bool = False,
    robot: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> str:
    """§2.11: the fate of an unchecked casualty at reorganisation: modified d6 1-2
    ``"killed"``, 3-5 ``"stabilised"``, 6+ ``"returned_to_duty"``. Robots are never healed
    by reorganisation (refused)."""
    if robot:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("robots cannot be healed by reorganisation (§2.11)"),
            rule="§2.11",
        )
    check_face(d6, 6, "wounded fate die", "§2.11")
    bonus = medical_bonus(
        medic_or_medical_vehicle=medic_or_medical_vehicle,
        surgeon=surgeon,
        android=android,
        options=options,
    )
    return WOUNDED_FATE[d6 + bonus]


def medical_vehicle_in_range(distance: float) -> bool:
    """§2.11: a medical vehicle helps when within 6" of the squad."""
    return distance <= MEDICAL_VEHICLE_INCHES


def check_can_reorganise(
    *,
    suppressed: bool,
    in_cover: bool,
    reorganised_this_activation: bool,
) -> None:
    """§2.7/§2.11: refuse a second reorganisation in one activation and a suppressed squad
    reorganising outside cover."""
    if reorganised_this_activation:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "reorganisation cannot be repeated in the same activation (§2.11)"
            ),
            rule="§2.11",
        )
    if suppressed and not in_cover:
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("a suppressed squad may reorganise only in cover (§2.7)"),
            rule="§2.7",
        )
