"""Melee (digest §2.6, §2.27 "Gang up"): only against enemies in the same cell; modifiers by
what each side holds, and for numbers."""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop

MELEE_WEAPON, IMPROVISED, UNARMED = "melee_weapon", "improvised", "unarmed"
_ARMS = (MELEE_WEAPON, IMPROVISED, UNARMED)

#: §2.6 "consolidated melee weapon-state matrix": attacker's arms -> defender's arms -> mod.
#: The improvised-vs-improvised, unarmed-vs-improvised and unarmed-vs-unarmed cells are the
#: digest's derivation, not the text's.
ARMS_MODIFIER = {
    MELEE_WEAPON: {MELEE_WEAPON: 0, IMPROVISED: 1, UNARMED: 2},
    IMPROVISED: {MELEE_WEAPON: -1, IMPROVISED: 0, UNARMED: 1},
    UNARMED: {MELEE_WEAPON: -2, IMPROVISED: -1, UNARMED: 0},
}


def check_same_cell(attacker: tuple[int, int], target: tuple[int, int]) -> None:
    """Melee only inside one cell; a neighbouring cell is never melee range (§2.6)."""
    if attacker != target:
        raise RuleError("not_in_melee_range", rule="§2.6",
                        template=gettext_noop("melee is only against enemies in your own cell"))


def arms_modifier(attacker: str, defender: str) -> int:
    """The attack modifier for what each side fights with (§2.6)."""
    if attacker not in _ARMS or defender not in _ARMS:
        raise RuleError("unknown_arms", rule="§2.6", params={"arms": f"{attacker}/{defender}"},
                        template=gettext_noop("unknown melee arms {arms}"))
    return ARMS_MODIFIER[attacker][defender]


def gang_up(attackers: int, defenders: int) -> int:
    """+1 for each whole multiple of the defenders beyond the first (§2.27, worked example
    16: 4 against 2 +1, 9 against 3 +2, 4 against 1 +3)."""
    if attackers < 1 or defenders < 1:
        raise RuleError("bad_command", rule="§2.27",
                        template=gettext_noop("a melee needs fighters on both sides"))
    return max(0, attackers // defenders - 1)
