"""Benchmark: folding Steel War battles (rules only, no Django).

    .venv/bin/python -m bench.rules_fold [--events 10000] [--runs 7] [--seed 7]
                                         [--squads-per-side 12] [--max-turns 20] [--by-kind]

Club battles are *played* first by :class:`RandomTable`: a seeded ``random.Random`` declares
a realistic mix of actions (activations, moves, fire with hits, going prone, removing
suppression, reorganisation, rallies from the company HQ, charges and the melee that follows,
recovery from panic) and answers whatever the engine says is pending (dice of the requested
sizes, decisions among the offered options; melee pairings take the engine's default). A
battle is two sides of ``--squads-per-side`` infantry squads (clubs play 6-20) plus a company
HQ and a tripod MG team each; it ends when one side has nothing left fighting on the table
(or after ``--max-turns``), and the next battle (the next seed) begins, until ``--events``
facts are recorded; the last battle is cut there.

Then every battle is *replayed* several times as a replay does it: the initial state is built
from the setup (fresh options, so the per-battle memo of pure lookups starts empty) and the
recorded facts are folded. The best run is reported in **CPU time** (``time.process_time``),
so other processes on the machine disturb it less; ``calibration_us_sum_range_1000`` says
how fast this machine runs plain Python, and the load average is printed with it. The JSON
also reports the mix (facts by type, declarations by action, dice and decisions by stage,
effects by kind) and the size of each final state as compact JSON per squad. Targets:
>= 100,000 events/s on one core and < 2 KB per squad. ``--by-kind`` adds the cost of each
kind of fact (wall-clock ``perf_counter`` around each ``apply``, best of the runs).

The same player drives the property tests (``tests/rules/steelwar/test_fold_properties.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from bench import _machine
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import Fact, decide, declare, dice
from rules.core.system import DecisionNeeded, DiceNeeded
from rules.steelwar import tables

SYSTEM = registry.get("steelwar", "1.0")


def _figures(rng: random.Random, size: int, support: str | None) -> list[dict]:
    figures: list[dict] = [{"id": "cmd", "role": "commander", "weapon": "automat"}]
    if support:
        figures.append({"id": "sup", "role": "support_gunner", "weapon": support})
    small = rng.choice(["automat", "smg", "rifle", "improved_automat"])
    figures.append({"role": "rifleman", "weapon": small, "count": size - len(figures)})
    if rng.random() < 0.3:
        figures.append({"id": "sn", "role": "sniper", "weapon": "sniper_rifle"})
    if rng.random() < 0.15:
        figures.append({"id": "med", "role": "medic", "weapon": "pistol"})
    return figures


def battle_setup(seed: int = 7, squads_per_side: int = 12) -> dict:
    """Two sides of infantry squads, recruits to elite, some in cover, with MGs, grenade
    launchers, snipers, a few flak vests, a tripod MG team and a company HQ per side (the
    squads' chain of command, for rallies)."""
    rng = random.Random(seed)
    sides = []
    for side_id, motivation, fatigue in (("steel", "medium", "tired"),
                                         ("keno", rng.choice(["low", "medium", "high"]),
                                          rng.choice(["fresh", "tired"]))):
        squads = []
        for n in range(squads_per_side):
            support = rng.choice([None, "lmg", "lmg", "grenade_launcher", "uragan"])
            squad = {
                "id": f"{side_id}.{n + 1}",
                "name": f"{side_id} squad {n + 1}",
                "chain": [f"{side_id}.coy"],
                "quality": rng.choice(["recruit", "regular", "regular", "veteran", "elite"]),
                "leadership": rng.choice([1, 2, 2, 3]),
                "cover": rng.choice(["none", "none", "light", "hard"]),
                "figures": _figures(rng, rng.randint(6, 10), support),
            }
            if rng.random() < 0.2:
                for f in squad["figures"]:
                    f["armour"] = "flak_vest"
            squads.append(squad)
        squads.append({
            "id": f"{side_id}.hq", "name": f"{side_id} company HQ", "quality": "veteran",
            "leadership": rng.choice([1, 2]), "commands": [f"{side_id}.coy"],
            "figures": [{"id": "cmd", "role": "commander", "weapon": "automat"},
                        {"role": "radio_operator", "weapon": "automat", "count": 2}],
        })
        squads.append({
            "id": f"{side_id}.mg", "name": f"{side_id} MG team", "quality": "veteran",
            "leadership": 2, "cover": "hard",
            "figures": [{"id": "cmd", "role": "commander", "weapon": "pistol"},
                        {"role": "crew", "weapon": "pistol"},
                        {"id": "hmg", "weapon": "hmg"}],
        })
        sides.append({"id": side_id, "name": side_id.capitalize(), "motivation": motivation,
                      "fatigue": fatigue, "squads": squads})
    return {"sides": sides}


class RandomTable:
    """Plays a battle at random through the engine, recording every accepted fact."""

    def __init__(self, setup: dict, seed: int = 7, system=SYSTEM) -> None:
        self.system = system
        self.rng = random.Random(seed)
        self.initial = system.initial_state(setup)
        self.state = self.initial
        self.facts: list[Fact] = []
        self.kinds: Counter = Counter()
        self.observers: list[Callable[[Any, Any, Fact], None]] = []

    # --- recording -----------------------------------------------------------------------
    def _apply(self, fact: Fact) -> None:
        before = self.state
        step = self.system.apply(self.state, fact)
        self.state = step.state
        self.facts.append(fact)
        for e in step.effects:
            self.kinds[e.kind] += 1
        for observer in self.observers:
            observer(before, step, fact)

    def _try(self, fact: Fact) -> bool:
        try:
            self._apply(fact)
        except RuleError:
            return False
        return True

    def _may_begin(self, squad_id: str) -> bool:
        """Whether the rules let the squad begin an activation now (asked of the rules, so
        that the same battles are played on every tree the bench compares)."""
        try:
            self.system.validate(self.state, {"action": "begin_activation", "unit": squad_id})
        except RuleError:
            return False
        return True

    # --- playing -------------------------------------------------------------------------
    def play(self, n_facts: int) -> list[Fact]:
        while len(self.facts) < n_facts:
            self.step()
        return self.facts

    def step(self) -> None:
        pending = self.system.pending(self.state)
        if isinstance(pending, DiceNeeded):
            self._roll(pending)
        elif isinstance(pending, DecisionNeeded):
            self._decide(pending)
        else:
            self._command()

    def _roll(self, pending: DiceNeeded) -> None:
        rolls = {r.key: [self.rng.randint(1, r.sides) for _ in range(r.count)]
                 for r in pending.requests}
        if len(rolls) > 1 and self.rng.random() < 0.2:  # the target rolls separately
            first = dict(list(rolls.items())[: len(rolls) // 2])
            self._apply(dice(first))
            rolls = {k: v for k, v in rolls.items() if k not in first}
        self._apply(dice(rolls))

    def _decide(self, pending: DecisionNeeded) -> None:
        values = [o.value for o in pending.options]
        if not pending.multiple:
            self._apply(decide(pending.key, self.rng.choice(values)))
            return
        if "default" in values:  # e.g. melee pairing: the engine's own pairing
            self._apply(decide(pending.key, ["default"]))
            return
        high = min(len(values), pending.at_most or len(values), 3)
        for _ in range(5):
            k = self.rng.randint(min(pending.at_least, high), high)
            if self._try(decide(pending.key, self.rng.sample(values, k))):
                return
        self._apply(decide(pending.key, values[: max(pending.at_least, 0)]))

    def _command(self) -> None:
        battle = self.state
        if battle.activation is None:
            ready = [s for s in battle.squads if self._may_begin(s.id)]
            if not ready:
                self._apply(declare("end_turn"))
                return
            self._apply(declare("begin_activation", self.rng.choice(ready).id))
            return
        squad = battle.squads[battle.activation.squad]
        if battle.activation.actions_used >= 2:
            self._apply(declare("end_activation"))
            return
        for _ in range(6):
            if self._try(self._candidate(squad)):
                return
        self._apply(declare("end_activation"))

    def _candidate(self, squad) -> Fact:
        """A plausible declaration for ``squad``; the engine has the last word."""
        rng = self.rng
        roll = rng.random()
        if squad.panicking:  # nothing else is allowed (§2.14)
            return declare("panic_recovery", squad.id)
        if squad.engaged_with is not None and roll < 0.8:  # the melee goes on (§2.10)
            return declare("continue_melee", squad.id)
        if squad.suppression and roll < 0.6:
            return declare("remove_suppression", squad.id)
        if squad.commands and roll < 0.8:
            return self._other_action(squad)
        if squad.morale in ("broken", "routing"):
            direction = "toward_own_edge" if squad.morale == "routing" else rng.choice(
                ["toward_own_edge", "toward_cover"])
            return declare("move", squad.id, {"terrain": "open", "direction": direction})
        if squad.suppression:
            return declare("move", squad.id, {"terrain": "open", "direction": "away_from_enemy"})
        if squad.prone and roll < 0.3:
            return declare("stand_up", squad.id)
        if roll < 0.6:
            fire = self._fire(squad)
            if fire is not None:
                return fire
        if roll < 0.85:
            mode = rng.choice(["normal", "normal", "combat", "march"])
            terrain = rng.choice(["open", "road"] if mode == "march" else
                                 ["open", "road", "forest", "bushes", "swamp"])
            params = {"mode": mode, "terrain": terrain,
                      "direction": rng.choice(["toward_enemy", "other", "toward_cover"])}
            if squad.cover != "none" and rng.random() < 0.3:
                params["leaves_cover"] = True
            elif rng.random() < 0.3:
                params["cover"] = rng.choice(["light", "hard"])
            return declare("move", squad.id, params)
        if roll < 0.9:
            return declare("stand_up" if squad.prone else "go_prone", squad.id)
        return self._other_action(squad)

    def _fire(self, squad) -> Fact | None:
        """Fire with weapons that have not fired yet and reach the chosen distance."""
        rng = self.rng
        enemies = [s for s in self.state.squads
                   if s.side != squad.side and s.on_table and s.fighting_figures()
                   and s.embarked_in is None]
        if not enemies:
            return None
        distance = rng.choice([2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24])
        zone = -(-distance // squad.quality)
        fired = self.state.activation.fired
        usable = []
        for f in squad.figures:
            if not f.fighting or not f.weapon or f.id in fired or f.ammo == 0:
                continue
            w = tables.weapon(f.weapon)
            if (w.range_zone_limit or 9) < zone or (w.range_inches_limit or 99) < distance:
                continue
            usable.append(f.id)
        if not usable or zone > 5:
            return None
        target = rng.choice(enemies)
        weapons = rng.sample(usable, rng.randint(1, len(usable)))
        params: dict = {"target": target.id, "weapons": weapons, "distance": distance}
        if target.cover != "none" and rng.random() < 0.2:
            fighting = [f.id for f in target.figures if f.fighting]
            params["exposed"] = rng.sample(fighting, rng.randint(1, len(fighting)))
        return declare("fire", squad.id, params)

    def _other_action(self, squad) -> Fact:
        """Rally (from the HQ), charge or reorganise, when the engine knows these actions."""
        from rules.steelwar.actions import ACTIONS

        rng = self.rng
        if squad.commands and "rally" in ACTIONS:
            shaken = [s for s in self.state.squads if s.side == squad.side and s.on_table
                      and s.morale != s.starting_morale and s.has_fighting_figure()]
            if shaken:
                return declare("rally", squad.id, {
                    "squad": rng.choice(shaken).id, "distance": rng.choice([3, 6, 10]),
                    "line_of_sight": rng.random() < 0.5, "radio": rng.random() < 0.3})
        roll = rng.random()
        if roll < 0.4 and "charge" in ACTIONS:
            enemies = [s for s in self.state.squads if s.side != squad.side and s.on_table
                       and s.has_fighting_figure() and s.embarked_in is None]
            if enemies:
                return declare("charge", squad.id, {"target": rng.choice(enemies).id,
                                                    "distance": rng.choice([3, 5, 7, 9]),
                                                    "terrain": "open"})
        if roll < 0.8 and "reorganise" in ACTIONS:
            return declare("reorganise", squad.id)
        return declare("end_activation")


def beaten(battle) -> bool:
    """Whether a side has nothing left fighting on the table but its company HQ."""
    standing = [False] * len(battle.sides)
    for s in battle.squads:
        if not s.commands and s.on_table and s.has_fighting_figure():
            standing[s.side] = True
    return not all(standing)


class Played(NamedTuple):
    """One battle as recorded: the setup, the facts, the state the play reached, its effects."""

    setup: dict
    facts: list[Fact]
    final: Any
    kinds: Counter
    stages: Counter  # facts by kind: the action declared, or the procedure/stage answered


def _stage(system, state, fact: Fact) -> str:
    if fact.type == "declare":
        return fact.data["action"]
    res = state.resolution
    return f"{fact.type} {res.procedure}/{res.stage}" if res is not None else fact.type


def play_battles(n_events: int = 10_000, seed: int = 7, squads_per_side: int = 12,
                 max_turns: int = 20) -> list[Played]:
    """Club battles, one seed after the other, until ``n_events`` facts are recorded."""
    out: list[Played] = []
    total = 0
    while total < n_events:
        battle_seed = seed + len(out)
        table = RandomTable(battle_setup(battle_seed, squads_per_side), battle_seed)
        stages: Counter = Counter()
        table.observers.append(
            lambda before, step, fact, stages=stages: stages.update(
                (_stage(SYSTEM, before, fact),)))
        while (total + len(table.facts) < n_events and not beaten(table.state)
               and table.state.turn <= max_turns):
            table.step()
        out.append(Played(battle_setup(battle_seed, squads_per_side), table.facts, table.state,
                          table.kinds, stages))
        total += len(table.facts)
    return out


def fold(system, initial, facts) -> Any:
    apply = system.apply
    state = initial
    for fact in facts:
        state = apply(state, fact).state
    return state


def replay_all(battles: list[Played]) -> list[Any]:
    """What a replay does: the initial state from the setup, then the fold."""
    return [fold(SYSTEM, SYSTEM.initial_state(b.setup), b.facts) for b in battles]


def cost_by_kind(battles: list[Played], runs: int) -> dict[str, dict]:
    """Microseconds per fact by kind (wall clock around each ``apply``, best of ``runs``)."""
    clock = time.perf_counter_ns
    best: dict[int, int] = {}
    kinds: list[str] = []
    for run_no in range(runs):
        n = 0
        for b in battles:
            state = SYSTEM.initial_state(b.setup)
            apply = SYSTEM.apply
            for fact in b.facts:
                if run_no == 0:
                    kinds.append(_stage(SYSTEM, state, fact))
                t0 = clock()
                state = apply(state, fact).state
                dt = clock() - t0
                if dt < best.get(n, 1 << 62):
                    best[n] = dt
                n += 1
    total: Counter = Counter()
    count: Counter = Counter()
    for n, kind in enumerate(kinds):
        total[kind] += best[n]
        count[kind] += 1
    return {k: {"count": count[k], "us_each": round(total[k] / count[k] / 1000, 1),
                "share": round(total[k] / sum(total.values()), 3)}
            for k, _ in total.most_common()}


def load_average() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:  # pragma: no cover - not on every platform
        return None


def run(n_events: int = 10_000, runs: int = 7, seed: int = 7, squads_per_side: int = 12,
        max_turns: int = 20, by_kind: bool = False) -> dict:
    battles = play_battles(n_events, seed, squads_per_side, max_turns)
    n = sum(len(b.facts) for b in battles)
    load_before = load_average()
    times = []
    finals: list[Any] = []
    for _ in range(runs):
        t0 = time.process_time()  # CPU time: robust when other processes share the cores
        finals = replay_all(battles)
        times.append(time.process_time() - t0)
    for b, final in zip(battles, finals, strict=True):
        assert final == b.final, "replay must give the state the play reached"
    best = min(times)
    sizes = [(len(json.dumps(SYSTEM.state_to_json(b.final), separators=(",", ":"))),
              len(b.final.squads)) for b in battles]
    facts = [f for b in battles for f in b.facts]
    kinds: Counter = sum((b.kinds for b in battles), Counter())
    stages: Counter = sum((b.stages for b in battles), Counter())
    out = {
        "events": n,
        "battles": [{"seed": seed + k, "squads": len(b.final.squads), "facts": len(b.facts),
                     "turns": b.final.turn, "ended": "beaten" if beaten(b.final) else
                     ("cut" if k == len(battles) - 1 else "turn limit")}
                    for k, b in enumerate(battles)],
        "runs": runs,
        "best_seconds": round(best, 4),
        "median_seconds": round(sorted(times)[len(times) // 2], 4),
        "events_per_second": int(n / best),
        "state_bytes_max": max(size for size, _ in sizes),
        "bytes_per_squad": max(size // squads for size, squads in sizes),
        "fact_types": dict(Counter(f.type for f in facts)),
        "actions": dict(Counter(f.data["action"] for f in facts if f.type == "declare")
                        .most_common()),
        "answers": {k: v for k, v in stages.most_common() if k.startswith(("dice", "decide"))},
        "effects": dict(kinds.most_common()),
        "python": _machine.python(),
        "calibration_us_sum_range_1000": _machine.calibration_us(),
        "load_average_1min": [load_before, load_average()],
        "targets": {"events_per_second": 100_000, "bytes_per_squad": 2048},
    }
    if by_kind:
        out["cost_by_kind"] = cost_by_kind(battles, runs)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--squads-per-side", type=int, default=12)
    parser.add_argument("--max-turns", type=int, default=20)
    parser.add_argument("--by-kind", action="store_true")
    args = parser.parse_args()
    print(json.dumps(run(args.events, args.runs, args.seed, args.squads_per_side,
                         args.max_turns, args.by_kind), indent=2))


if __name__ == "__main__":
    main()
