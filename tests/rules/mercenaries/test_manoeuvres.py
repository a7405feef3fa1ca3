"""The manoeuvre list (digest §2.26-§2.27)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import manoeuvres
from rules.mercenaries.trait import resolve


def test_the_drop_is_plus_4_attack_and_damage():
    drop = manoeuvres.manoeuvre("the_drop")
    assert (drop.attack, drop.damage) == (4, 4)


def test_wild_attack_costs_defence():
    assert manoeuvres.manoeuvre("wild_attack").defence == -2


def test_rapid_attack_is_a_wild_cards():
    with pytest.raises(RuleError, match="only a Wild Card"):
        manoeuvres.manoeuvre("rapid_attack", wild_card=False)


def test_unknown_manoeuvre():
    with pytest.raises(RuleError, match="'cartwheel'"):
        manoeuvres.manoeuvre("cartwheel")


@pytest.mark.parametrize("hand,two_fisted,ambi,penalty", [("main", False, False, -2),
                                                          ("off", False, False, -4),
                                                          ("off", True, False, -2),
                                                          ("off", True, True, 0)])
def test_two_weapons(hand, two_fisted, ambi, penalty):
    assert manoeuvres.two_weapon_penalty(hand, two_fisted=two_fisted, ambidextrous=ambi) == penalty


def test_rapid_attack_limits():
    manoeuvres.rapid_attacks(6, melee=False)
    with pytest.raises(RuleError, match="at most 3"):
        manoeuvres.rapid_attacks(4, melee=True)
    with pytest.raises(RuleError, match="heavy sniper"):
        manoeuvres.rapid_attacks(2, melee=False, weapon_class="heavy_sniper_rifle")


def test_grapple():
    assert manoeuvres.grapple(resolve(9, 2), resolve(5, 1)) == "grappled_shaken"
    assert manoeuvres.grapple(resolve(6, 2), resolve(5, 1)) == "grappled"
    assert manoeuvres.grapple(resolve(5, 2), resolve(5, 1)) == "free"  # a tie holds nobody
    assert manoeuvres.grapple(resolve(3, 2), resolve(1, 1)) == "free"  # a failure


def test_disarm():
    assert manoeuvres.disarm(9, hit=True, strength=resolve(4, 2)) == "taken"
    assert manoeuvres.disarm(7, hit=True, strength=resolve(4, 2)) == "dropped"
    assert manoeuvres.disarm(7, hit=True, strength=resolve(7, 2)) == "kept"
    assert manoeuvres.disarm(9, hit=False, strength=resolve(2, 2)) == "kept"


def test_disarm_raise_over_defence():
    over = manoeuvres.OVER_DEFENCE
    # 9 hits Defence 5 with a raise; Strength 7 fails: taken over Defence, dropped over Strength
    assert manoeuvres.disarm(9, hit=True, strength=resolve(7, 2), defence=5) == "dropped"
    assert manoeuvres.disarm(9, hit=True, strength=resolve(7, 2), defence=5,
                             reading=over) == "taken"
    assert manoeuvres.disarm(8, hit=True, strength=resolve(3, 2), defence=5,
                             reading=over) == "dropped"
    assert manoeuvres.disarm(9, hit=True, strength=resolve(9, 2), defence=5,
                             reading=over) == "kept"
    with pytest.raises(ValueError):
        manoeuvres.disarm(9, hit=True, strength=resolve(7, 2), reading="whoever")


def test_improvised_profiles():
    assert manoeuvres.IMPROVISED["medium"] == (2, 4, 8, 6, 6)
