"""Invariants of the Steel War fold, checked on battles played at random (hypothesis).

The random player is the benchmark's (``bench/rules_fold.py``): a seeded ``random.Random``
declares plausible actions and answers whatever the engine asks for. Randomness lives in the
tests only; the rules never roll.
"""

import json
import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.rules_fold import RandomTable, battle_setup, fold
from rules.core.facts import declare, dice
from rules.core.system import DiceNeeded
from rules.steelwar.morale import GRADE_LADDER
from rules.steelwar.odds import FireResult
from tests.rules.steelwar.fold_support import SYSTEM, setup, squad

GRADE = {g: i for i, g in enumerate(GRADE_LADDER)}
SLOW = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def played(seed: int, n_facts: int = 250, squads: int = 3) -> RandomTable:
    table = RandomTable(battle_setup(seed, squads_per_side=squads), seed)
    table.play(n_facts)
    return table


def as_json(state) -> str:
    return json.dumps(SYSTEM.state_to_json(state), sort_keys=True)


@SLOW
@given(seed=st.integers(0, 10**6))
def test_folding_the_same_facts_gives_the_same_state(seed):
    table = played(seed)
    again = fold(SYSTEM, SYSTEM.initial_state(battle_setup(seed, squads_per_side=3)),
                 [f.to_json() for f in table.facts])
    assert as_json(again) == as_json(table.state)
    assert again == table.state


@SLOW
@given(seed=st.integers(0, 10**6))
def test_every_state_survives_a_json_round_trip(seed):
    table = RandomTable(battle_setup(seed, squads_per_side=3), seed)
    seen = []
    table.observers.append(lambda before, step, fact: seen.append(step.state))
    table.play(150)
    for state in seen[::7]:
        data = json.loads(json.dumps(SYSTEM.state_to_json(state)))
        assert SYSTEM.state_from_json(data) == state


@SLOW
@given(seed=st.integers(0, 10**6))
def test_markers_casualties_and_morale_stay_within_the_rules(seed):
    table = RandomTable(battle_setup(seed, squads_per_side=3), seed)
    fire = {}  # target -> [fighting figures when fired at, hits allocated]

    def check(before, step, fact):
        for old, new in zip(before.squads, step.state.squads, strict=True):
            assert 0 <= new.suppression <= 3, "at most three suppression markers (§2.7)"
            assert len(new.figures) == len(old.figures)
            assert GRADE[new.morale] >= GRADE[new.starting_morale], \
                "morale never rises above the starting grade (§2.12)"
            assert new.starting_morale == old.starting_morale
        for effect in step.effects:
            if effect.kind == "fire_declared":
                target = step.state.squads[step.state.index[effect.data["target"]]]
                fire[target.id] = [sum(1 for f in before.squads[step.state.index[target.id]]
                                       .figures if f.fighting), 0]
            elif effect.kind == "hit_allocated":
                fire[effect.unit][1] += 1
                standing, allocated = fire[effect.unit]
                assert allocated <= standing, "casualties never exceed the figures (§2.8)"

    table.observers.append(check)
    table.play(400)


# --- exact fire odds against a seeded Monte Carlo run -----------------------------------------


def _fire_table(quality: str, weapons: list[str], cover: str, prone: bool, vests: bool):
    figures = [{"id": f"w{n}", "weapon": w} for n, w in enumerate(weapons)]
    shooter = squad("steel.1", "shooters", quality, 2, figures)
    target_figures = [{"weapon": "rifle", "count": 6}]
    if vests:
        target_figures[0]["armour"] = "flak_vest"
    target = squad("keno.1", "targets", "regular", 2, target_figures, cover=cover, prone=prone)
    state = SYSTEM.initial_state(setup(steel=[shooter], keno=[target]))
    return SYSTEM.apply(state, declare("begin_activation", "steel.1")).state


def _simulate(state, command, rng: random.Random) -> FireResult:
    """Play the shot with random dice until the fire procedure is over."""
    step = SYSTEM.apply(state, declare(command["action"], command["unit"], command["params"]))
    effects = list(step.effects)
    current = step.state
    while current.resolution is not None and current.resolution.procedure == "fire":
        pending = SYSTEM.pending(current)
        assert isinstance(pending, DiceNeeded)
        step = SYSTEM.apply(current, dice({r.key: [rng.randint(1, r.sides)]
                                           for r in pending.requests}))
        effects.extend(step.effects)
        current = step.state
    outcome = next(e for e in effects if e.kind == "fire_result").data["outcome"]
    if outcome != "suppress_and_hits":
        return FireResult(outcome)
    target = current.squads[current.index["keno.1"]]
    killed = sum(1 for f in target.figures if f.status == "killed")
    wounded = sum(1 for f in target.figures if f.status == "wounded_unchecked")
    hits = sum(1 for e in effects if e.kind == "hit_allocated")
    return FireResult(outcome, hits, killed, wounded)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    quality=st.sampled_from(["recruit", "regular", "veteran", "elite"]),
    weapons=st.sampled_from([["lmg"], ["automat", "automat", "lmg"], ["rifle", "rifle"],
                             ["grenade_launcher"], ["improved_automat", "uragan", "lmg"]]),
    distance=st.sampled_from([2, 5, 9, 14]),
    cover=st.sampled_from(["none", "light", "hard"]),
    prone=st.booleans(),
    vests=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_exact_fire_odds_sum_to_one_and_agree_with_monte_carlo(
    quality, weapons, distance, cover, prone, vests, seed
):
    state = _fire_table(quality, weapons, cover, prone, vests)
    command = {"action": "fire", "unit": "steel.1",
               "params": {"target": "keno.1", "weapons": [f"w{n}" for n in range(len(weapons))],
                          "distance": distance}}
    exact = SYSTEM.odds(state, command)
    assert sum(exact.values()) == 1
    rng = random.Random(seed)
    trials = 800
    runs = [_simulate(state, command, rng) for _ in range(trials)]

    def close(p_exact, p_seen):
        p = float(p_exact)
        return abs(p - p_seen) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 0.01

    for outcome in ("no_effect", "suppress", "suppress_and_hits"):
        p = exact.probability(lambda r, o=outcome: r.outcome == o)
        assert close(p, sum(r.outcome == outcome for r in runs) / trials), outcome
    for k in range(0, 4):
        p = exact.probability(lambda r, k=k: r.outcome == "suppress_and_hits" and r.killed == k)
        seen = sum(r.outcome == "suppress_and_hits" and r.killed == k for r in runs) / trials
        assert close(p, seen), f"{k} killed"
    mean_hits = float(exact.expected(lambda r: r.hits))
    seen_hits = sum(r.hits for r in runs) / trials
    assert abs(mean_hits - seen_hits) <= 0.35 + 0.1 * mean_hits
