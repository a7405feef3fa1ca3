"""Hits, damage, Shaken, wounds and soak (digest §2.9-§2.12, §3.6-§3.7, derived vectors of §4)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import damage
from rules.mercenaries.damage import Harm
from rules.mercenaries.trait import resolve


class TestHit:
    def test_meet_or_beat_by_default(self):
        assert damage.hits(6, 6)
        assert not damage.hits(5, 6)

    def test_the_literal_reading_must_exceed(self):
        assert not damage.hits(6, 6, reading=damage.EXCEED)
        assert damage.hits(7, 6, reading=damage.EXCEED)

    def test_derived_vector_raise_damage_only_by_direct_fire(self):
        # §4 derived: attack 10 against Defence 6 -> +1d6 damage, direct fire only
        assert damage.raise_bonus(10, 6, direct=True)
        assert not damage.raise_bonus(10, 6, direct=False)
        assert not damage.raise_bonus(9, 6, direct=True)


class TestDamageOutcome:
    @pytest.mark.parametrize("hit,expected", [
        (7, Harm(shaken=False, wounds=0)),   # diff 0: nothing
        (8, Harm(shaken=True, wounds=0)),    # diff 1: Shaken
        (11, Harm(shaken=True, wounds=1)),   # diff 4: 1 wound
        (15, Harm(shaken=True, wounds=2)),   # diff 8: 2 wounds
    ])
    def test_derived_vector_toughness_5_armour_2(self, hit, expected):
        assert damage.harm(damage.margin(hit, 5, 2), already_shaken=False) == expected

    def test_derived_vector_armour_piercing_never_below_zero(self):
        assert damage.margin(6, 5, armour=2, ap=4) == 1

    def test_shaken_on_shaken_is_a_wound(self):
        assert damage.harm(2, already_shaken=True) == Harm(shaken=True, wounds=1)

    def test_a_wounding_hit_on_the_shaken_adds_no_wound_by_default(self):
        assert damage.harm(4, already_shaken=True) == Harm(shaken=True, wounds=1)
        assert damage.harm(4, already_shaken=True, reading=damage.EXTRA_WOUND) == Harm(
            shaken=True, wounds=2)


class TestWounds:
    def test_an_extra_leaves_the_battle_with_any_wound(self):
        assert damage.condition(wild_card=False, wounds=1) == damage.OUT_OF_ACTION

    @pytest.mark.parametrize("wounds,state,penalty", [(0, damage.FIGHTING, 0),
                                                      (1, damage.FIGHTING, -1),
                                                      (3, damage.FIGHTING, -3),
                                                      (4, damage.DYING, -3)])
    def test_wild_card_wound_track(self, wounds, state, penalty):
        assert damage.condition(wild_card=True, wounds=wounds) == state
        assert damage.wound_penalty(wounds) == penalty


class TestSoak:
    def test_a_success_cancels_one_wound_and_each_raise_one_more(self):
        taken = Harm(shaken=True, wounds=3)
        assert damage.soak(taken, resolve(4, 2)).cancelled == 1
        assert damage.soak(taken, resolve(8, 2)).cancelled == 2
        assert damage.soak(taken, resolve(3, 2)).cancelled == 0

    def test_cancelling_every_wound_cancels_the_shaken(self):
        result = damage.soak(Harm(shaken=True, wounds=2), resolve(9, 3))
        assert result.harm == Harm(shaken=False, wounds=0)

    def test_a_wound_left_keeps_the_shaken(self):
        result = damage.soak(Harm(shaken=True, wounds=2), resolve(5, 3))
        assert result.harm == Harm(shaken=True, wounds=1)

    def test_no_wounds_nothing_to_soak(self):
        with pytest.raises(RuleError, match="caused none"):
            damage.soak(Harm(shaken=True, wounds=0), resolve(5, 3))

    def test_the_wound_penalty_before_the_attack_applies(self):
        # a Wild Card with 2 wounds rolls Vigor 5: at -2 it is 3, no soak
        assert damage.soak(Harm(True, 1), resolve(5, 1, modifier=damage.wound_penalty(2))
                           ).cancelled == 0


def test_shaken_recovery_needs_a_plain_success():
    assert damage.unshaken(resolve(4, 1))
    assert not damage.unshaken(resolve(3, 2))
