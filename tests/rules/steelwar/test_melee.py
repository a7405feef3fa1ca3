"""§2.10: charge, outnumbering, melee dice, pairing, resolution, post-melee tests, fates."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.steelwar import melee
from rules.steelwar.options import Options


def test_robots_and_power_armour_cannot_melee():
    assert melee.can_melee("infantry") and melee.can_melee("cavalry")
    assert not melee.can_melee("robot") and not melee.can_melee("power_armour")


def test_charge_threat_by_morale():
    assert melee.charge_threat("confident") == 0
    assert melee.charge_threat("steady") == 1
    assert melee.charge_threat("shaken") == 3
    assert melee.charge_threat("broken") is None
    assert melee.charge_threat("routing") is None
    assert melee.charge_threat("confident", options=Options(charge_threat_confident=1)) == 1
    assert melee.charge_threat("shaken", options=Options(shaken_may_charge=False)) is None


def test_charge_test():
    assert melee.charge_test(4, 2, "steady")
    assert not melee.charge_test(3, 2, "steady")
    assert melee.charge_test(1, 2, "shaken", no_step_back=True)
    with pytest.raises(RuleError) as err:
        melee.charge_test(6, 2, "broken")
    assert err.value.code == "action_forbidden"
    with pytest.raises(RuleError):
        melee.charge_test(9, 2, "steady", die=8)


def test_charge_connects_within_two_inches():
    assert melee.charge_connects(2)
    assert not melee.charge_connects(2.5)


def test_a_charge_that_falls_short():
    assert melee.free_fire_outcome("suppress") == "no_effect"
    assert melee.free_fire_outcome("suppress_and_hits") == "suppress_and_hits"
    assert melee.after_short_charge(2) == "retest"
    assert melee.charge_retry_threat(2) == 2
    assert melee.after_short_charge(0) == "second_move"
    strict = Options(charge_short_no_casualties="charge_fails")
    assert melee.after_short_charge(0, options=strict) == "charge_fails"
    assert melee.second_move_short_outcome() == "stay_where_ended"


@pytest.mark.parametrize(
    ("attackers", "defenders", "threat"),
    [(3, 5, 0), (5, 5, 0), (6, 5, 1), (9, 5, 1), (10, 5, 2), (15, 5, 3), (3, 2, 1), (7, 1, 7)],
)
def test_outnumbering_threat(attackers, defenders, threat):
    assert melee.outnumber_threat(attackers, defenders) == threat


def test_blade_cavalry_counts_double():
    assert melee.attacker_count(2, blade_cavalry=2) == 6
    assert melee.outnumber_threat(melee.attacker_count(0, 3), 3) == 2


def test_fearsome_attackers_double_the_threat():
    assert melee.fearsome_threat(2, True) == 4
    assert melee.fearsome_threat(2, False) == 2
    assert melee.defender_threshold(2, 10, 5, fearsome=True) == 6
    assert melee.defender_threshold(
        2, 10, 5, fearsome=True, additives={"unchecked_casualty": 1}, motivation="low") == 8
    both = Options(fearsome_doubling="threat_and_leadership")
    assert melee.defender_threshold(2, 10, 5, fearsome=True, options=both) == 8
    with pytest.raises(RuleError):
        melee.defender_threshold(2, 10, 5, additives={"unchecked_casualty": 1})
    with pytest.raises(RuleError):
        melee.outnumber_threat(3, 0)


@pytest.mark.parametrize(
    ("kwargs", "die"),
    [({}, 8), ({"weapon_id": "automat"}, 8), ({"weapon_id": "pistol"}, 10),
     ({"weapon_id": "smg", "bayonet": True}, 12), ({"bayonet": True}, 10),
     ({"cavalry_on_easy": True}, 12), ({"flamethrower_operator": True}, 12),
     ({"weapon_id": "flamethrower_opka13", "flamethrower_operator": True}, 12),
     ({"weapon_id": "primitive"}, 8)],
)
def test_melee_die_bonuses_stack(kwargs, die):
    assert melee.melee_die(8, **kwargs) == die


def test_melee_die_caps_at_d12_or_refuses():
    assert melee.melee_die(10, weapon_id="smg", bayonet=True, cavalry_on_easy=True) == 12
    with pytest.raises(RuleError) as err:
        melee.melee_die(10, weapon_id="smg", bayonet=True,
                        options=Options(melee_die_above_d12="refuse"))
    assert err.value.code == "die_above_d12"
    with pytest.raises(RuleError):
        melee.melee_die(8, weapon_id="sword")


def test_pairing_must_engage_every_figure():
    guards, androids = ["g1", "g2", "g3", "g4", "g5"], ["a1", "a2", "a3"]
    pairs = [("a1", "g1"), ("a2", "g2"), ("a3", "g3"), ("a1", "g4"), ("a1", "g5")]
    assert melee.validate_pairing(androids, guards, pairs) == tuple(pairs)
    with pytest.raises(RuleError) as err:
        melee.validate_pairing(androids, guards, pairs[:3])
    assert "g4, g5" in err.value.message
    with pytest.raises(RuleError):
        melee.validate_pairing(androids, guards, [("g1", "a1")])
    with pytest.raises(RuleError):
        melee.validate_pairing(androids, guards, [*pairs, ("a1", "g1")])
    with pytest.raises(RuleError):
        melee.validate_pairing(["x"], ["x"], [("x", "x")])
    with pytest.raises(RuleError):
        melee.validate_pairing(androids, guards, [("a1",)])


def test_resolve_melee_compares_each_pair_separately():
    pairs = [("g1", "a"), ("g2", "a")]
    assert melee.resolve_melee(pairs, {"a": 6, "g1": 1, "g2": 8}) == ("g1", "a")
    assert melee.resolve_melee(pairs, {"a": 6, "g1": 6, "g2": 6}) == ()
    assert melee.continuing_pairs(pairs, {"a": 6, "g1": 6, "g2": 2}) == (("g1", "a"),)
    with pytest.raises(RuleError):
        melee.resolve_melee(pairs, {"a": 6, "g1": 1})
    with pytest.raises(RuleError):
        melee.resolve_melee(pairs, {"a": 9, "g1": 1, "g2": 8}, dice={"a": 8, "g1": 8, "g2": 8})


@given(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), min_size=1, max_size=10))
def test_at_most_one_casualty_per_pair(rolls):
    pairs = [(f"a{i}", f"d{i}") for i in range(len(rolls))]
    roll_map = {}
    for (a, d), (ra, rd) in zip(pairs, rolls, strict=True):
        roll_map[a], roll_map[d] = ra, rd
    lost = melee.resolve_melee(pairs, roll_map)
    for a, d in pairs:
        assert not (a in lost and d in lost)
        assert (a in lost or d in lost) == (roll_map[a] != roll_map[d])


def test_post_melee_test_order():
    assert melee.post_melee_test_order(3, 1) == (("attacker", 3), ("defender", 1))
    assert melee.post_melee_test_order(0, 2) == (("defender", 2), ("attacker", 0))
    assert melee.post_melee_test_order(1, 1) == (("defender", 1), ("attacker", 1))
    first = Options(post_melee_tie_first="attacker", post_melee_second_threat="first_side_casualties")
    assert melee.post_melee_test_order(1, 1, options=first) == (("attacker", 1), ("defender", 1))
    assert melee.post_melee_test_order(3, 1, options=first) == (("attacker", 3), ("defender", 3))


@pytest.mark.parametrize(
    ("d6", "fate"),
    [(1, "killed"), (2, "killed"), (3, "wounded"), (4, "wounded"), (5, "unharmed"),
     (6, "unharmed")],
)
def test_melee_fate(d6, fate):
    assert melee.melee_fate(d6) == fate


def test_melee_fate_refuses_bad_dice():
    with pytest.raises(RuleError) as err:
        melee.melee_fate(0)
    assert err.value.code == "die_out_of_range"


def test_the_losers_unharmed_and_wounded_become_prisoners():
    assert melee.melee_casualty_outcome("unharmed", won=False) == "prisoner"
    assert melee.melee_casualty_outcome("wounded", won=False) == "prisoner"
    assert melee.melee_casualty_outcome("killed", won=False) == "killed"
    assert melee.melee_casualty_outcome("unharmed", won=True) == "returned_to_duty"
    assert melee.melee_casualty_outcome("wounded", won=True) == "unchecked_casualty"
    back = Options(melee_winner_wounded="returned_to_duty")
    assert melee.melee_casualty_outcome("wounded", won=True, options=back) == "returned_to_duty"
    with pytest.raises(RuleError):
        melee.melee_casualty_outcome("dazed", won=True)
