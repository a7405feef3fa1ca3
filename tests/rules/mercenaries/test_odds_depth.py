"""Odds of a roll that needs a high total: the exploding dice are enumerated deep enough to
decide it, whatever the modifier (a manoeuvre's −8 on a d4 Extra asked the catalogue to
enumerate deeper than its default and crashed the battle page's action list)."""

from fractions import Fraction

import pytest

from rules.core.odds import EXPLOSION_DEPTH, AtLeast, deep_enough, exploding
from rules.mercenaries import trait


@pytest.mark.parametrize("sides,threshold", [(4, 6), (4, 14), (4, 16), (4, 17), (4, 18),
                                             (6, 30), (12, 13), (8, 100)])
def test_deep_enough_decides_the_threshold(sides, threshold):
    depth = deep_enough(sides, threshold)
    assert depth >= EXPLOSION_DEPTH
    bound = next(k for k in exploding(sides, depth) if isinstance(k, AtLeast))
    assert bound >= threshold
    if depth > EXPLOSION_DEPTH:  # and no shallower depth would do
        shallower = next(k for k in exploding(sides, depth - 1) if isinstance(k, AtLeast))
        assert shallower < threshold


@pytest.mark.parametrize("wild_die", [None, 6])
@pytest.mark.parametrize("modifier", [-8, -12, -14, -20])
def test_a_long_shot_has_exact_odds(wild_die, modifier):
    odds = trait.odds(4, wild_die=wild_die, modifier=modifier, tn=6)
    assert sum(p for _, p in odds.items()) == 1
    # a d4 alone needs 6 - modifier: its chance is exactly 4 ** -(explosions needed)
    if wild_die is None:
        need = 6 - modifier
        success = odds.probability(lambda o: isinstance(o, tuple))
        explosions, rest = divmod(need - 1, 4)
        assert success == (Fraction(1, 4 ** explosions) * Fraction(max(0, 3 - rest), 4)
                           + Fraction(1, 4 ** (explosions + 1)))
