"""Setups and a small driver for fold-level Steel War tests (no Django)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import Effect

SYSTEM = registry.get("steelwar", "1.0")


def squad(squad_id: str, name: str, quality: Any, leadership: int, figures: list, **extra) -> dict:
    return {"id": squad_id, "name": name, "quality": quality, "leadership": leadership,
            "figures": figures, **extra}


def steel_recruits(**extra) -> dict:
    """§4 #3/#4: Steel recruits (d6): an LMG "Universal", 7 "obrubok" SMGs, a sniper."""
    return squad("steel.1", "1st squad", "recruit", 2, [
        {"id": "cmd", "role": "commander", "weapon": "smg"},
        {"id": "mg", "role": "machine_gunner", "weapon": "lmg"},
        {"role": "rifleman", "weapon": "smg", "count": 6},
        {"id": "sn", "role": "sniper", "weapon": "sniper_rifle"},
    ], **extra)


def keno_partisans(**extra) -> dict:
    """§4 #8/#11: ten Keno partisans, recruits (d6); the commander is the 4th from the left."""
    figures = [{"weapon": "rifle", "count": 3}, {"id": "cmd", "role": "commander",
               "weapon": "rifle"}, {"weapon": "rifle", "count": 6}]
    return squad("keno.1", "partisans", "recruit", 1, figures, **extra)


def setup(*, steel: list | None = None, keno: list | None = None, steel_motivation="medium",
          keno_motivation="medium", steel_fatigue="tired", keno_fatigue="tired",
          options: dict | None = None) -> dict:
    out = {
        "sides": [
            {"id": "steel", "name": "Steel", "motivation": steel_motivation,
             "fatigue": steel_fatigue, "squads": steel if steel is not None else [steel_recruits()]},
            {"id": "keno", "name": "Keno", "motivation": keno_motivation,
             "fatigue": keno_fatigue, "squads": keno if keno is not None else [keno_partisans()]},
        ]
    }
    if options:
        out["options"] = options
    return copy.deepcopy(out)


class Table:
    """Drives a battle fact by fact and keeps every effect, like a table recording play."""

    def __init__(self, battle_setup: dict) -> None:
        self.system = SYSTEM
        self.state = SYSTEM.initial_state(battle_setup)
        self.effects: list[Effect] = []
        self.facts: list = []

    # --- facts ---------------------------------------------------------------------------
    def apply(self, fact) -> tuple[Effect, ...]:
        step = self.system.apply(self.state, fact)
        self.state = step.state
        self.effects.extend(step.effects)
        self.facts.append(fact)
        return step.effects

    def declare(self, action: str, unit: str | None = None, dice_map=None, **params):
        return self.apply(declare(action, unit, params, dice=dice_map))

    def dice(self, **rolls):
        """Keys use '__' for '.': ``t.dice(shooter__quality=3)``."""
        return self.apply(dice({k.replace("__", "."): v for k, v in rolls.items()}))

    def roll(self, rolls: dict):
        return self.apply(dice(rolls))

    def decide(self, key: str, choice):
        return self.apply(decide(key, choice))

    def activate(self, unit: str):
        return self.declare("begin_activation", unit)

    def end_activation(self):
        return self.declare("end_activation")

    def end_turn(self):
        return self.declare("end_turn")

    # --- reading -------------------------------------------------------------------------
    def squad(self, squad_id: str):
        return self.state.squads[self.state.index[squad_id]]

    def activated(self, squad_id: str) -> bool:
        """Whether the squad has activated this turn (``BattleState.activated``)."""
        return self.state.index[squad_id] in self.state.activated

    def set_activated(self, squad_id: str, activated: bool) -> None:
        """Set up a test: the squad has (or has not) activated this turn."""
        i = self.state.index[squad_id]
        marked = self.state.activated | {i} if activated else self.state.activated - {i}
        self.state = self.state._replace(activated=marked)

    def figure(self, squad_id: str, figure_id: str):
        s = self.squad(squad_id)
        return s.figures[s.figure_index(figure_id)]

    def pending(self):
        return self.system.pending(self.state)

    def pending_keys(self) -> list[str]:
        return [r.key for r in self.pending().requests]

    def json(self) -> str:
        return json.dumps(self.system.state_to_json(self.state), sort_keys=True)

    def refused(self, fact_or_call, code: str) -> RuleError:
        """Assert that the fact is refused with ``code`` and the state did not change."""
        before = self.json()
        with pytest.raises(RuleError) as exc:
            if callable(fact_or_call):
                fact_or_call()
            else:
                self.system.apply(self.state, fact_or_call)
        assert exc.value.code == code, exc.value
        assert self.json() == before
        return exc.value

    def kinds(self, effects=None) -> list[str]:
        return [e.kind for e in (self.effects if effects is None else effects)]
