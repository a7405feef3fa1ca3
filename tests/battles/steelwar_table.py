"""A random but rules-abiding Steel War table, for the long API test and the benchmark.

``next_request(system, state, rng)`` answers whatever the state waits for: the dice still
missing (values read off "physical" dice, or ``None`` to let the server roll), the pending
decision, or a command chosen at random among those the rules allow now.
"""

from __future__ import annotations

import random

from rules.core.system import DecisionNeeded, DiceNeeded
from rules.steelwar.state import FIGHTING, ON_TABLE

SETUP = {
    "sides": [
        {
            "id": "steel",
            "name": "Steel",
            "motivation": "medium",
            "fatigue": "fresh",
            "squads": [
                {
                    "id": "steel.1",
                    "name": "1st squad",
                    "quality": "regular",
                    "leadership": 2,
                    "figures": [
                        {"id": "cmd", "role": "commander", "weapon": "smg"},
                        {"role": "machine_gunner", "weapon": "lmg"},
                        {"role": "rifleman", "weapon": "rifle", "count": 8},
                    ],
                },
                {
                    "id": "steel.2",
                    "name": "2nd squad",
                    "quality": "recruit",
                    "leadership": 2,
                    "figures": [
                        {"id": "cmd", "role": "commander", "weapon": "smg"},
                        {"role": "rifleman", "weapon": "rifle", "count": 7},
                    ],
                },
            ],
        },
        {
            "id": "keno",
            "name": "Keno",
            "motivation": "high",
            "fatigue": "tired",
            "squads": [
                {
                    "id": "keno.1",
                    "name": "partisans",
                    "quality": "veteran",
                    "leadership": 1,
                    "figures": [
                        {"id": "cmd", "role": "commander", "weapon": "smg"},
                        {"role": "rifleman", "weapon": "rifle", "count": 6},
                    ],
                },
                {
                    "id": "keno.2",
                    "name": "guard",
                    "quality": "elite",
                    "leadership": 2,
                    "figures": [
                        {"id": "cmd", "role": "commander", "weapon": "smg"},
                        {"role": "machine_gunner", "weapon": "lmg"},
                        {"role": "rifleman", "weapon": "rifle", "count": 5},
                    ],
                },
            ],
        },
    ]
}

DIRECTIONS = ["toward_enemy", "away_from_enemy", "toward_cover", "other"]
TERRAIN = ["open", "open", "forest", "rough"]


def roll(request, rng: random.Random):
    """Values for one dice request, as a player would read them off the table."""
    values = []
    for _ in range(request.count):
        if request.faces is not None:
            values.append(rng.choice(request.faces))
        elif request.explodes:
            total = request.sides
            while total % request.sides == 0:
                total = rng.randint(1, request.sides) + (total - request.sides if total else 0)
            values.append(total)
        else:
            values.append(rng.randint(1, request.sides))
    return values


def command_candidates(system, state, rng: random.Random) -> list[dict]:
    """Commands worth trying now; the caller keeps those ``system.validate`` accepts."""
    squads = state.squads
    if state.activation is None:
        ready = [s.id for i, s in enumerate(squads) if i not in state.activated]
        rng.shuffle(ready)
        return [{"action": "begin_activation", "unit": u} for u in ready] + [{"action": "end_turn"}]
    squad = squads[state.activation.squad]
    unit = squad.id
    enemies = [
        s.id
        for s in squads
        if s.side != squad.side
        and s.presence == ON_TABLE
        and any(f.status in FIGHTING for f in s.figures)
    ]
    fired = set(state.activation.fired)
    ready = [f.id for f in squad.figures if f.status in FIGHTING and f.id not in fired]
    options = []
    if ready and enemies:
        weapons = rng.sample(ready, k=rng.randint(1, len(ready)))
        target = rng.choice(enemies)
        options += [
            {
                "action": "fire",
                "unit": unit,
                "params": {"target": target, "weapons": weapons, "distance": rng.randint(2, 24)},
            },
            {
                "action": "fire",
                "unit": unit,
                "params": {
                    "target": target,
                    "weapons": weapons,
                    "distance": rng.randint(2, 12),
                    "cover": rng.choice(["none", "light", "hard"]),
                },
            },
        ]
    options += [
        {
            "action": "move",
            "unit": unit,
            "params": {
                "mode": "normal",
                "terrain": rng.choice(TERRAIN),
                "direction": rng.choice(DIRECTIONS),
                "distance": rng.randint(1, 3),
            },
        },
        {
            "action": "move",
            "unit": unit,
            "params": {"mode": "combat", "terrain": "open", "direction": rng.choice(DIRECTIONS)},
        },
        {"action": "go_prone", "unit": unit},
        {"action": "stand_up", "unit": unit},
        {"action": "remove_suppression", "unit": unit},
        {"action": "reorganise", "unit": unit},
    ]
    rng.shuffle(options)
    return options + [{"action": "end_activation", "unit": unit}, {"action": "end_activation"}]


def next_request(system, state, rng: random.Random, *, server_share: float = 0.3):
    """``("dice", rolls_or_None)``, ``("decide", (key, choice))`` or ``("declare", command)``."""
    pending = system.pending(state)
    if isinstance(pending, DiceNeeded):
        if rng.random() < server_share:
            return "dice", None
        return "dice", {r.key: roll(r, rng) for r in pending.requests}
    if isinstance(pending, DecisionNeeded):
        values = [o.value for o in pending.options]
        if pending.multiple:
            return "decide", (pending.key, values[: max(pending.at_least, 1)])
        return "decide", (pending.key, rng.choice(values))
    from rules.core.errors import RuleError

    for command in command_candidates(system, state, rng):
        try:
            system.validate(state, command)
        except RuleError:
            continue
        return "declare", command
    raise AssertionError("no command is allowed: the table is stuck")


def request_body(kind: str, payload) -> dict:
    """The API body (without ``expected_version``) of a :func:`next_request` answer."""
    if kind == "dice":
        return {"server_dice": "all"} if payload is None else {"rolls": payload}
    if kind == "decide":
        return {"key": payload[0], "choice": payload[1]}
    return {"command": payload}
