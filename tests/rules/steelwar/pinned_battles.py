"""Recorded Steel War battles that pin everything the fold shows the outside world.

Each battle is a setup and the facts a seeded random player sent, in order, *including the
facts the engine refused*. For every accepted fact the file keeps a digest of what callers see
after it: the effects' JSON (kinds, texts, units, data), the state's JSON and the pending
input's JSON; for every refused fact, the error's JSON itself. ``test_fold_pinned`` replays
the facts and compares, so an optimisation of the fold can prove that it changed nothing
observable (``battles/`` stores these effects and states as JSON).

The file was written once, from the fold as it was before the fold-speed work, with::

    .venv/bin/python -m tests.rules.steelwar.pinned_battles --write

Regenerate it only for a deliberate change of behaviour, and say so in the commit.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from rules.core.errors import RuleError
from rules.core.facts import Fact

PATH = Path(__file__).with_name("data") / "pinned_battles.json.gz"

#: (name, seed, squads per side, facts, options): the bench's battle at club and large sizes,
#: plus house rules that take other paths (the target's player picks hit victims, hits may
#: fall twice on a figure, a drop past Routing surrenders, the killed threshold, melee ties).
BATTLES: tuple[tuple[str, int, int, int, dict], ...] = (
    ("small", 7, 3, 600, {}),
    ("club", 12, 12, 2500, {}),
    ("house_rules", 5, 6, 1500, {
        "hit_allocation": "target_player_picks",
        "hits_without_replacement": False,
        "morale_below_routing": "surrender",
        "killed_threshold": "more_than_3x",
        "melee_tie": "next_turn",
        "post_melee_tie_first": "attacker",
        "charge_still_short": "return_to_start",
    }),
    ("large", 3, 40, 1000, {}),
)


def digest(system, step) -> str:
    """A short digest of everything a caller sees after an accepted fact."""
    seen = {
        "effects": [e.to_json() for e in step.effects],
        "state": system.state_to_json(step.state),
        "pending": system.pending(step.state).to_json(),
    }
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def replay_log(system, initial, log: list[dict]) -> list[dict]:
    """Apply the logged facts in order; return the log the fold gives now (same shape). Every
    other fact is applied as the JSON mapping a client sends, the others as ``Fact``s."""
    state = initial
    out = []
    for n, entry in enumerate(log):
        fact = Fact.from_json(entry["fact"]) if n % 2 else entry["fact"]
        try:
            step = system.apply(state, fact)
        except RuleError as exc:
            out.append({"fact": entry["fact"], "error": exc.to_dict()})
            continue
        state = step.state
        out.append({"fact": entry["fact"], "seen": digest(system, step)})
    return out


def _record(name: str, seed: int, squads: int, n_facts: int, options: dict) -> dict[str, Any]:
    from bench.rules_fold import SYSTEM, RandomTable, battle_setup

    setup = battle_setup(seed, squads_per_side=squads)
    if options:
        setup["options"] = options
    table = RandomTable(setup, seed)
    log: list[dict] = []

    def accepted(before, step, fact):
        log.append({"fact": fact.to_json(), "seen": digest(SYSTEM, step)})

    table.observers.append(accepted)
    original_try = table._try

    def logged_try(fact):
        ok = original_try(fact)
        if not ok:
            try:
                SYSTEM.apply(table.state, fact)
            except RuleError as exc:
                log.append({"fact": fact.to_json(), "error": exc.to_dict()})
        return ok

    table._try = logged_try
    probes = 0
    while len(table.facts) < n_facts:
        if len(table.facts) % 5 == 0:
            for fact in _probes(SYSTEM.pending(table.state), probes):
                try:
                    SYSTEM.apply(table.state, fact)
                except RuleError as exc:
                    log.append({"fact": fact.to_json(), "error": exc.to_dict()})
                else:
                    raise AssertionError(f"probe {fact} was accepted")
            probes += 1
        table.step()
    return {"name": name, "setup": setup, "log": log}


def _probes(pending, n: int) -> list[Fact]:
    """Facts the engine must refuse now (one or two, in rotation): dice off the die or for no
    request, a declaration or decision out of turn, unknown actions, bad parameters."""
    from rules.core.facts import decide, declare, dice
    from rules.core.system import DecisionNeeded, DiceNeeded

    if isinstance(pending, DiceNeeded):
        r = pending.requests[0]
        options = [
            [dice({r.key: [r.sides + 1] * r.count})],
            [dice({r.key: [0] * r.count}), dice({"no.such.die": [1]})],
            [dice({r.key: {"sides": r.sides + 2, "values": [1] * r.count}})],
            [dice({r.key: [1] * (r.count + 1)}), declare("end_turn")],
            [decide("sniper.victim", "cmd"), dice({})],
        ]
    elif isinstance(pending, DecisionNeeded):
        options = [
            [dice({"shooter.quality": [1]})],
            [decide("no.such.key", "x"), declare("end_activation")],
            [decide(pending.key, "no-such-option")],
        ]
    else:
        unit = pending.units[0] if pending.units else "steel.1"
        options = [
            [dice({"shooter.quality": [1]}), decide("sniper.victim", "cmd")],
            [declare("observe", unit), declare("no_such_action", unit)],
            [declare("move", unit, {"distance": -1}), declare("move", unit, {"mode": "run"})],
            [declare("fire", unit, {"target": "nobody", "weapons": ["cmd"], "distance": 4})],
            [declare("fire", unit, {"target": "keno.1", "weapons": [], "distance": 4}),
             declare("begin_activation", "no.such.squad")],
            [declare("move", unit, {"terrain": "lava"}), declare("rally", unit, {})],
        ]
    return options[n % len(options)]


def load() -> list[dict[str, Any]]:
    return json.loads(gzip.decompress(PATH.read_bytes()))


def write() -> None:
    battles = [_record(*spec) for spec in BATTLES]
    PATH.parent.mkdir(exist_ok=True)
    text = json.dumps(battles, separators=(",", ":"))
    PATH.write_bytes(gzip.compress(text.encode(), mtime=0))
    for b in battles:
        errors = sum(1 for e in b["log"] if "error" in e)
        print(f"{b['name']}: {len(b['log']) - errors} facts, {errors} refusals")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        print(__doc__)
