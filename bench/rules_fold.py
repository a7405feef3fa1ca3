"""Benchmark: folding a Steel War battle (rules only, no Django).

    .venv/bin/python -m bench.rules_fold [--events 10000] [--runs 5] [--seed 7]

A synthetic battle is *played* first by :class:`RandomTable`: a seeded ``random.Random``
declares a realistic mix of actions (activations, moves, fire with hits, going prone,
removing suppression, transport, and whatever other actions the engine offers, such as
reorganisation or rallies when they exist) and answers whatever the engine says is pending
(dice of the requested sizes, decisions among the offered options). Then the recorded facts
are folded from the initial state several times and the best run is reported, with the size
of the final state as compact JSON per squad. Targets: >= 100,000 events/s on one core and
< 2 KB per squad. Times are CPU time (``time.process_time``), best of the runs, so other
processes on the machine disturb them less; ``calibration_us_sum_range_1000`` says how fast
this machine runs plain Python. The battle is large (40 squads a side by default) so that
10,000 events stay a fighting mix instead of one side's last survivors walking about.

The same player drives the property tests (``tests/rules/steelwar/test_fold_properties.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

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


def battle_setup(seed: int = 7, squads_per_side: int = 40) -> dict:
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
            ready = [s for s in battle.squads
                     if s.on_table and not s.activated and s.fighting_figures()]
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
        if squad.commands and roll < 0.7:
            return self._other_action(squad)
        if squad.suppression and roll < 0.6:
            return declare("remove_suppression", squad.id)
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
        """Reorganise, rally (from the HQ), charge, or recover from panic, when the engine
        knows these actions."""
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
        if squad.panicking and "panic_recovery" in ACTIONS:
            return declare("panic_recovery", squad.id)
        return declare("end_activation")


def fold(system, initial, facts) -> Any:
    apply = system.apply
    state = initial
    for fact in facts:
        state = apply(state, fact).state
    return state


def calibration_us() -> float:
    """CPU microseconds for ``sum(range(1000))`` here: about 6-8 on a current desktop core.
    Lets a reader scale the events/s of a slower or busier machine."""
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(2000):
            sum(range(1000))
        best = min(best, (time.process_time() - t0) / 2000 * 1e6)
    return round(best, 2)


def run(n_events: int = 10_000, runs: int = 5, seed: int = 7, squads_per_side: int = 40
        ) -> dict:
    table = RandomTable(battle_setup(seed, squads_per_side), seed)
    facts = table.play(n_events)
    best = float("inf")
    final = None
    for _ in range(runs):
        t0 = time.process_time()  # CPU time: robust when other processes share the cores
        final = fold(SYSTEM, table.initial, facts)
        best = min(best, time.process_time() - t0)
    assert final == table.state, "replay must give the state the play reached"
    state_json = json.dumps(SYSTEM.state_to_json(final), separators=(",", ":"))
    squads = len(final.squads)
    fact_types = Counter(f.type for f in facts)
    actions = Counter(f.data["action"] for f in facts if f.type == "declare")
    return {
        "events": len(facts),
        "runs": runs,
        "best_seconds": round(best, 4),
        "events_per_second": int(len(facts) / best),
        "squads": squads,
        "state_bytes": len(state_json),
        "bytes_per_squad": len(state_json) // squads,
        "fact_types": dict(fact_types),
        "actions": dict(actions.most_common()),
        "effects": dict(table.kinds.most_common(12)),
        "turns": final.turn,
        "calibration_us_sum_range_1000": calibration_us(),
        "targets": {"events_per_second": 100_000, "bytes_per_squad": 2048},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--squads-per-side", type=int, default=40)
    args = parser.parse_args()
    print(json.dumps(run(args.events, args.runs, args.seed, args.squads_per_side), indent=2))


if __name__ == "__main__":
    main()
