"""Benchmark: folding Mercenaries battles (rules only, no Django).

    .venv/bin/python -m bench.mercenaries_fold [--events 5000] [--runs 5] [--seed 7]
                                               [--per-side 12] [--max-rounds 30]

A club skirmish in the jungle: a 24 x 16 grid with patches of jungle, scrub, rocks and a
few huts; each side fields ``--per-side`` fighters in teams of four, each team led by a
Wild Card with bennies, the rest Extras with rifles, a machine gun or a shotgun. The battle is
*played* first by a seeded player who chooses among what the catalogue offers now (the rules'
own list: only legal actions, each with its legal values), weighted as players play: attacks
first, then moving, then the rest; he answers every dice, draw and decision request at random
(``bench._table_player``). A battle ends when a side has nobody fighting or after
``--max-rounds``; the next (the next seed) begins, until ``--events`` facts are recorded.

Then every battle is *replayed* as a replay does it (the initial state from the setup, every
recorded fact folded), best of ``--runs`` in CPU time. The JSON reports events per second,
the mix of facts and declarations, and the final states' JSON size per fighter.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections import Counter
from typing import Any

from bench import _machine
from bench._table_player import answer
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import Fact, declare

SYSTEM = registry.get("mercenaries")

#: How often a player picks each action when the catalogue offers it (others: 1). ``panic`` is
#: the table's entry of a morale test failed (§2.13): rare at a real table.
WEIGHTS = {"shoot": 8, "fight": 6, "move": 3, "run": 2, "end_turn": 0.7, "go_prone": 0.3,
           "stand_up": 0.5, "hold": 0.5, "hold_line": 0.5, "prepare_melee": 0.3,
           "benny_orders": 0.05, "panic": 0.02}

ARMS = (
    {"name": "assault rifle", "damage": [2, 8, 0], "ap": 2, "range": [12, 24, 48], "rof": 3},
    {"name": "rifle", "damage": [2, 8, 0], "ap": 2, "range": [12, 24, 48], "rof": 1},
    {"name": "machine gun", "damage": [2, 8, 1], "ap": 2, "range": [15, 30, 60], "rof": 3},
    {"name": "shotgun", "damage": [1, 6, 0], "range": [6, 12, 24], "rof": 1},
)


def _fighter(rng: random.Random, name: str, wild_card: bool, cell: list[int]) -> dict:
    dice = (4, 6, 6, 8, 8, 10) if wild_card else (4, 6, 6, 6, 8)
    traits = {t: rng.choice(dice) for t in ("agility", "strength", "vigor", "fighting",
                                            "shooting", "base_skill")}
    if wild_card:
        traits["spirit"] = rng.choice(dice)
    fighter = {
        "name": name, "kind": "wild_card" if wild_card else "extra", "cell": cell,
        "traits": traits, "toughness": 4 + traits["vigor"] // 2 + rng.choice((0, 1)),
        "armour": rng.choice((0, 0, 1, 2)), "parry": 2 + traits["fighting"] // 2,
        "weapon": dict(rng.choice(ARMS[:2] if wild_card else ARMS)),
        "melee_weapon": rng.choice(({"name": "machete", "damage": [1, 6, 0]}, None)),
    }
    if wild_card:
        fighter["bennies"] = rng.choice((2, 3))
    return fighter


def battle_setup(seed: int = 7, per_side: int = 12) -> dict:
    """The jungle skirmish described in the module's docstring."""
    rng = random.Random(seed)
    width, height = 24, 16
    cells, used = [], set()
    for _ in range(40):
        cell = (rng.randrange(width), rng.randrange(2, height - 2))
        if cell in used:
            continue
        used.add(cell)
        kind = rng.choice(("jungle", "jungle", "scrub", "rocks", "hut"))
        cover = {"jungle": 4, "scrub": 2, "rocks": 4, "hut": 4}[kind]
        square: dict[str, Any] = {"cell": list(cell), "cover": cover}
        if kind == "jungle":
            square["jungle"] = True
        elif kind == "hut":
            square["building"] = True
        cells.append(square)
    sides = {}
    for side, name, row in (("mercs", "Mercenaries", 0), ("junta", "Junta", height - 1)):
        squads = {}
        for team in range(-(-per_side // 4)):
            fighters = {}
            for n in range(min(4, per_side - team * 4)):
                ident = f"{side[0]}{team + 1}.{n + 1}"
                fighters[ident] = _fighter(rng, f"{name} {team + 1}-{n + 1}", n == 0,
                                           [team * 5 + n, row])
            squads[f"{side}{team + 1}"] = {"name": f"{name} team {team + 1}",
                                           "fighters": fighters}
        sides[side] = {"name": name, "squads": squads}
    return {"map": {"width": width, "height": height, "light": "normal", "cells": cells},
            "first_side": "mercs", "sides": sides}


def _params(spec, rng: random.Random) -> dict:
    """The command of ``spec`` with a random legal value for each parameter that lists them
    (a list without a default: its first choice alone; a list of ``count`` picks keeps its
    default, as it did when it was ``multiple``)."""
    overrides = {}
    for p in spec.params:
        if p.count is not None:
            continue
        if p.choices and not p.multiple:
            overrides[p.name] = rng.choice(p.choices).value
        elif p.choices and p.no_default:
            overrides[p.name] = [p.choices[0].value]
    return spec.command(**overrides)


def _fighting_sides(state) -> set[str]:
    return {f.side for f in state.fighters if f.fighting_on}


def play_battle(seed: int, per_side: int, max_rounds: int, budget: int) -> tuple[dict, list]:
    """One battle played to its end (or ``budget`` facts): its setup and accepted facts."""
    rng = random.Random(seed)
    setup = battle_setup(seed, per_side)
    state = SYSTEM.initial_state(setup)
    facts: list[Fact] = []
    while len(facts) < budget and len(_fighting_sides(state)) == 2 and state.round <= max_rounds:
        fact = answer(SYSTEM.pending(state), rng)
        if fact is None:
            specs = SYSTEM.commands(state)
            if not specs:
                break
            spec = rng.choices(specs, [WEIGHTS.get(s.action, 1) for s in specs])[0]
            command = _params(spec, rng)
            fact = declare(command["action"], command.get("unit"), command["params"])
        try:
            state = SYSTEM.apply(state, fact).state
        except RuleError:
            continue  # the rules have the last word
        facts.append(fact)
    return setup, facts


def play_battles(n_events: int, seed: int = 7, per_side: int = 12,
                 max_rounds: int = 30) -> list[tuple[dict, list]]:
    battles, total = [], 0
    while total < n_events:
        setup, facts = play_battle(seed + len(battles), per_side, max_rounds, n_events - total)
        battles.append((setup, facts))
        total += len(facts)
    return battles


def replay_all(battles) -> list:
    finals = []
    for setup, facts in battles:
        state = SYSTEM.initial_state(setup)
        for fact in facts:
            state = SYSTEM.apply(state, fact).state
        finals.append(state)
    return finals


def run(n_events: int = 5000, runs: int = 5, seed: int = 7, per_side: int = 12,
        max_rounds: int = 30) -> dict:
    battles = play_battles(n_events, seed, per_side, max_rounds)
    facts = [f for _, fs in battles for f in fs]
    best = float("inf")
    finals: list = []
    for _ in range(runs):
        start = time.process_time()
        finals = replay_all(battles)
        best = min(best, time.process_time() - start)
    mix = Counter(f.type for f in facts)
    actions = Counter(f.data["action"] for f in facts if f.type == "declare")
    fighters = sum(len(s.fighters) for s in finals)
    state_bytes = sum(len(json.dumps(SYSTEM.state_to_json(s), separators=(",", ":")))
                      for s in finals)
    return {
        "bench": "mercenaries_fold", "system": f"{SYSTEM.id} {SYSTEM.version}",
        "battles": len(battles), "events": len(facts), "runs": runs,
        "best_cpu_s": round(best, 4), "events_per_second": round(len(facts) / best),
        "facts": dict(mix), "declarations": dict(actions.most_common()),
        "rounds": [s.round for s in finals],
        "state_json_bytes_per_fighter": round(state_bytes / fighters),
        "python": _machine.python(),
        "calibration_us_sum_range_1000": _machine.calibration_us(),
        "load_average": list(os.getloadavg()),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--per-side", type=int, default=12)
    parser.add_argument("--max-rounds", type=int, default=30)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.events, args.runs, args.seed, args.per_side, args.max_rounds),
                     indent=2))


if __name__ == "__main__":
    main()
