"""Who acts first, and readiness (digest §2.1, §2.26; source lines 40-41, 94-98, 252, 269).

The turn (§2.1, "Стороны действуют по-очереди"): sides act in turn, and what one side does in
its turn counts as simultaneous. The text has **no initiative cards**: no deck, no Jokers, no
dealing (the source was searched for карт/колод/джокер); the side turn is the rule, not one
mode among others.

Individual initiative (§2.1) is for a sudden meeting: a fighter who declared control of a cell
or of a direction (a held attack, "Выцеливание") shoots first, even in the enemy's turn; two fighters ready to
strike otherwise roll Agility with no modifiers, the higher first. Prepared melee (§2.26) is
such a roll, the tie going to the one who prepared.

Aim (§2.26, "Прицеливание"): a turn spent aiming without moving gives +2 in the next turn to a
shot or throw at that target. A held attack (§2.26) interrupts an enemy entering the held cell;
when several could react (§2.1 "множество заготовленных атак") half of them attack each enemy.

Turns are counted across rounds (``turn_number``) so that "the next turn" and "until his own
turn" need no clean-up when a turn ends.
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.trait import TraitResult

#: +2 to shoot or throw at the target aimed at the turn before (§2.26).
AIM_BONUS = 2

#: Readings of "half of the fighters able to attack" (§2.1; the rounding is not given).
ROUND_UP = "round_up"
ROUND_DOWN = "round_down"


def turn_number(round_: int, side: int, sides: int) -> int:
    """The turn's ordinal in the battle: round 1's first side is 0 (§2.1)."""
    return (round_ - 1) * sides + side


def aim_applies(aimed_turn: int | None, now: int, sides: int) -> bool:
    """Aiming pays in the fighter's next turn only (§2.26, "в следующем ходу")."""
    return aimed_turn is not None and now == aimed_turn + sides


def hold_stands(held_turn: int | None, now: int, sides: int) -> bool:
    """A held attack waits through the other sides' turns, until the holder's own next turn
    (§2.26: declared in his turn, it interrupts an enemy's action)."""
    return held_turn is not None and held_turn < now < held_turn + sides


def on_line(origin: tuple[int, int], step: tuple[int, int], cell: tuple[int, int]) -> bool:
    """Whether ``cell`` lies on the straight line of cells from ``origin`` (not included) in
    the grid direction ``step`` (§2.1: control of a direction, "прямой линии")."""
    dx, dy = cell[0] - origin[0], cell[1] - origin[1]
    k = max(abs(dx), abs(dy))
    return k > 0 and (dx, dy) == (k * step[0], k * step[1])


def reactors(able: int, reading: str = ROUND_UP) -> int:
    """How many of ``able`` waiting fighters attack an enemy who comes into view (§2.1: "атака
    производится половиной бойцов"): half, at least one; the rounding is the battle's reading
    (option ``reaction_half``). Those who did not fire wait for the next enemy."""
    if able < 0:
        raise RuleError("bad_count", template=gettext_noop("a count cannot be negative"))
    if able == 0:
        return 0
    half = (able + 1) // 2 if reading == ROUND_UP else able // 2
    return max(1, half)


def first_to_act(prepared: TraitResult, other: TraitResult) -> bool:
    """Whether the fighter who prepared for melee strikes first (§2.26): both roll Agility, the
    higher total first, a tie to the one who prepared."""
    return prepared.total >= other.total
