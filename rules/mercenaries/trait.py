"""Trait rolls: the trait die, the Wild Die, target numbers and raises (digest §1, §2.14).

The post's own summary of the roll system was an image that is lost (digest §0); the
conventions it relies on are Savage Worlds', read from how the text uses them:

- the standard target number is 4 ("three actions = TN 4", §2.4);
- a raise is every full 4 points above the target number;
- a Wild Card (Личность) rolls the trait die and the Wild Die (Дикая кость) and keeps the
  better; an Extra (Статист) rolls the trait die alone, except in group rolls (§2.18);
- dice explode ("ace"): a top face is rolled again and added. Neither this nor the Wild Die's
  size is stated in the text; both are this project's reading (``README.md``: options
  ``dice_explode``, ``wild_die``).

Critical failure (§2.14): an Extra's natural 1 always fails, with no further effect; a Wild
Card fails critically only on snake eyes (a 1 on the trait die and a 1 on the Wild Die).

Rolls are entered from the table or rolled by the server: a die's value is the total of its
exploding chain (``rules.core.dice.DiceRequest(explodes=True)``), so a natural 1, 2 or 3 is
the value itself on any die larger than it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.core.odds import EXPLOSION_DEPTH, AtLeast, Distribution, deep_enough, die, exploding

#: The standard target number (digest §1: "three actions = TN 4").
TN = 4
#: Points above the target number per raise.
RAISE_STEP = 4
#: The Wild Die's size: Savage Worlds' d6, not stated in the text (digest §1).
WILD_DIE = 6
#: The trait dice of the ladder (the text names d2 and d3 only for damage).
TRAIT_DICE = (4, 6, 8, 10, 12)


@dataclass(frozen=True)
class TraitResult:
    """A resolved trait roll: the dice as rolled (exploded totals), what counts, and the
    verdict. ``wild`` is ``None`` for an Extra rolling alone."""

    trait: int
    wild: int | None
    modifier: int
    tn: int
    total: int
    success: bool
    raises: int
    critical_failure: bool

    @property
    def outcome(self) -> str:
        """``"critical_failure"``, ``"failure"``, ``"success"`` or ``"raise"``."""
        if self.critical_failure:
            return "critical_failure"
        if not self.success:
            return "failure"
        return "raise" if self.raises else "success"


def raises_of(total: int, tn: int = TN) -> int:
    """Full raises of ``total`` over ``tn`` (0 below or at a plain success)."""
    return max(0, (total - tn) // RAISE_STEP)


def resolve(trait: int, wild: int | None = None, *, modifier: int = 0, tn: int = TN,
            group: bool = False) -> TraitResult:
    """The trait roll of a Wild Card (``wild`` given) or an Extra (``wild=None``); ``group``:
    Extras rolling as a group, ``wild`` their group Wild Die (§2.18).

    The better die is kept and the modifier added; success is the total meeting ``tn``.
    An Extra's natural 1 fails whatever the modifier (§2.14), a group's when the better die
    is 1 (both dice 1; the digest's reading), with no critical failure; a Wild Card's snake
    eyes are a critical failure (§2.14), a failure for any total.
    """
    kept = trait if wild is None else max(trait, wild)
    total = kept + modifier
    if wild is None or group:
        critical = False
        success = kept != 1 and total >= tn
    else:
        critical = trait == 1 and wild == 1
        success = not critical and total >= tn
    return TraitResult(
        trait=trait, wild=wild, modifier=modifier, tn=tn, total=total, success=success,
        raises=raises_of(total, tn) if success else 0, critical_failure=critical,
    )


def odds(trait_die: int, *, wild_die: int | None = WILD_DIE, modifier: int = 0, tn: int = TN,
         depth: int = EXPLOSION_DEPTH, explode: bool = True, group: bool = False
         ) -> Distribution:
    """Exact odds of a trait roll's outcome: ``"critical_failure"``, ``"failure"``, or
    ``("success", raises)``; ``wild_die=None`` for an Extra; ``group``: Extras rolling as a
    group, ``wild_die`` their group Wild Die (:func:`resolve`).

    Each exploding die is enumerated to ``depth`` explosions, or deeper where the modifier
    asks a higher total of it (``rules.core.odds.deep_enough``); the longer chains are an
    :class:`~rules.core.odds.AtLeast` total, so an outcome reached only through them is
    ``("success", AtLeast(r))``: r raises or more. Whether a roll succeeds is always exact.
    ``explode=False``: the reading in which dice do not ace (option ``dice_explode``).
    """
    def dist(sides: int) -> Distribution:
        return exploding(sides, deep_enough(sides, tn - modifier, depth)) if explode else die(sides)

    trait_dist = dist(trait_die)
    wild_dist = dist(wild_die) if wild_die is not None else None

    def verdict(trait: int, wild: int | None) -> object:
        kept = trait if wild is None else max(trait, wild)
        bounded = isinstance(kept, AtLeast)  # the kept die's chain went past the depth
        result = resolve(int(trait), None if wild is None else int(wild),
                         modifier=modifier, tn=tn, group=group)
        if result.critical_failure:
            return "critical_failure"
        if not result.success:
            return "failure"
        return ("success", AtLeast(result.raises) if bounded else result.raises)

    if wild_dist is None:
        return trait_dist.map(lambda t: verdict(t, None))
    return Distribution.from_pairs(
        (verdict(t, w), p * q) for t, p in trait_dist.items() for w, q in wild_dist.items()
    )


def success_chance(trait_die: int, **kwargs) -> Fraction:
    """P(success or better) of :func:`odds`."""
    return odds(trait_die, **kwargs).probability(lambda o: isinstance(o, tuple))
