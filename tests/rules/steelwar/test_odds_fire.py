"""Exact fire odds (digest §2.6, §2.8) against independent brute-force enumeration."""

import itertools
from fractions import Fraction

import pytest

from rules.core.errors import RuleError
from rules.steelwar.firepower import fire_outcome
from rules.steelwar.odds import FireResult, beats_distribution
from tests.rules.steelwar.fold_support import SYSTEM, Table, keno_partisans, setup, squad


def odds(t: Table, **params):
    return SYSTEM.odds(t.state, {"action": "fire", "unit": "steel.1", "params": params})


def brute_force(dice, range_die):
    """P(outcome) by walking every face of every die."""
    counts = {"no_effect": 0, "suppress": 0, "suppress_and_hits": 0}
    for faces in itertools.product(*(range(1, d + 1) for d in (*dice, range_die))):
        counts[fire_outcome(faces[:-1], faces[-1])] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("dice", "range_die"),
    [((6, 8), 10), ((6, 12, 8), 4), ((4, 4), 12), ((12, 12, 10, 8), 6), ((8, 4), 4)],
)
def test_beats_distribution_matches_brute_force(dice, range_die):
    beats = beats_distribution(dice, range_die)
    expected = brute_force(dice, range_die)
    assert sum(beats.values()) == 1
    assert beats.get(0, 0) == expected["no_effect"]
    assert beats.get(1, 0) == expected["suppress"]
    assert sum(p for k, p in beats.items() if k >= 2) == expected["suppress_and_hits"]


def test_example_8_odds_sum_to_one_and_split_hits_by_the_lmg_power():
    t = Table(setup(keno=[keno_partisans(cover="light", prone=True)]))
    dist = odds(t, target="keno.1", weapons=["mg"], distance=10)
    assert sum(dist.values()) == 1
    outcome = brute_force((6, 8), 10)
    assert dist[FireResult("no_effect")] == outcome["no_effect"]
    assert dist[FireResult("suppress")] == outcome["suppress"]
    hits = outcome["suppress_and_hits"]
    # one hit (14/10) of power d10 on armour d4: killed 15/40, wounded 15/40, nothing 10/40
    assert dist[FireResult("suppress_and_hits", 1, 1, 0)] == hits * Fraction(15, 40)
    assert dist[FireResult("suppress_and_hits", 1, 0, 1)] == hits * Fraction(15, 40)
    assert dist[FireResult("suppress_and_hits", 1, 0, 0)] == hits * Fraction(10, 40)


def test_odds_need_no_activation_and_do_not_change_the_state():
    t = Table(setup())
    before = t.json()
    dist = odds(t, target="keno.1", weapons=["cmd", "3", "4", "5", "mg"], distance=5)
    assert t.json() == before
    assert dist.expected(lambda r: r.hits) > 0
    assert sum(dist.values()) == 1


def test_exposed_figures_take_the_hits_first_in_the_odds():
    armoured = squad("keno.1", "guards", "recruit", 2,
                     [{"id": "pa", "armour": "power_armour", "weapon": "rifle"},
                      {"weapon": "rifle", "count": 5}], cover="hard")
    team = squad("steel.1", "team", "elite", 2, [{"id": "r", "weapon": "rifle"},
                                                 {"id": "r2", "weapon": "rifle"}])
    t = Table(setup(steel=[team], keno=[armoured]))
    # d12 + d4 against zone 1 d4 + hard cover -> d8: (12 + 4) / 8 = 2 hits
    dist = odds(t, target="keno.1", weapons=["r", "r2"], distance=3, exposed=["pa"])
    hits = [r for r in dist if r.outcome == "suppress_and_hits"]
    assert {r.hits for r in hits} == {2}
    # the power-armoured man (d10) always takes the first hit: it never kills him outright
    # more often than a d4 man would be killed; check against an all-exposed squad
    open_dist = odds(t, target="keno.1", weapons=["r", "r2"], distance=3)
    p_two_killed = dist.probability(lambda r: r.killed == 2)
    assert p_two_killed < open_dist.probability(lambda r: r.killed == 2)


def test_a_lone_sniper_chooses_his_victims_so_casualties_are_not_guessed():
    t = Table(setup())
    dist = odds(t, target="keno.1", weapons=["sn"], distance=5)
    assert {r.killed for r in dist if r.outcome == "suppress_and_hits"} == {None}
    assert str(next(r for r in dist if r.outcome == "suppress_and_hits")).endswith(
        "(victims chosen by a player)")


def test_odds_of_a_forbidden_shot_are_refused_like_the_shot():
    t = Table(setup())
    with pytest.raises(RuleError) as exc:
        odds(t, target="keno.1", weapons=["3"], distance=13)
    assert exc.value.code == "weapon_out_of_range"


def test_odds_of_actions_without_odds_say_not_implemented():
    t = Table(setup())
    with pytest.raises(RuleError) as exc:
        SYSTEM.odds(t.state, {"action": "move", "unit": "steel.1"})
    assert exc.value.code == "not_implemented"
