"""A tiny rule system for testing battles generically ("duel"; not a real game).

Squads of figures fire at each other: the shooter rolls "shot" (d6), the target rolls
"cover" (d6 up to 6", d8 beyond). Shot > cover: the target loses its first standing figure;
a tie suppresses it (version 2.0: a tie is also a hit). A suppressed squad must "rally":
a decision (hold / fall back). ``end_turn`` clears suppression. A destroyed squad cannot act.
"""

from __future__ import annotations

import copy
from fractions import Fraction

from rules.core import registry
from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.dice import DiceRequest
from rules.core.errors import RuleError
from rules.core.machine import FactMachine
from rules.core.odds import Distribution
from rules.core.summary import KILLED, BattleSummary, FigureOutcome, UnitSummary
from rules.core.system import AwaitingCommand, DecisionNeeded, DiceNeeded, Effect, Option, Step


class Duel(FactMachine):
    id = "duel"

    def __init__(self, version: str, ties_hit: bool) -> None:
        self.version = version
        self.ties_hit = ties_hit

    # --- state ---------------------------------------------------------------------------

    def initial_state(self, setup):
        sides = setup.get("sides") if isinstance(setup, dict) else None
        if not isinstance(sides, dict) or len(sides) < 2:
            raise RuleError("bad_setup", "a duel needs two sides", field="sides")
        units = {}
        for side, spec in sides.items():
            for unit_id, unit in (spec.get("units") or {}).items():
                n = unit.get("figures")
                if not isinstance(n, int) or n < 1:
                    raise RuleError(
                        "bad_setup",
                        "figures must be a positive integer",
                        field=f"sides.{side}.units.{unit_id}.figures",
                    )
                units[unit_id] = {
                    "side": side,
                    "name": unit.get("name", unit_id),
                    "figures": [f"{unit_id}.f{i + 1}" for i in range(n)],
                    "lost": [],
                    "suppressed": False,
                }
        return {"units": units, "sides": list(sides), "proc": None, "turn": 1}

    def state_to_json(self, state):
        return copy.deepcopy(state)

    def state_from_json(self, data):
        return copy.deepcopy(dict(data))

    # --- pending -------------------------------------------------------------------------

    def pending(self, state):
        proc = state["proc"]
        if proc is None:
            return AwaitingCommand()
        if proc["kind"] == "fire":
            requests = []
            if "shot" not in proc["rolls"]:
                requests.append(DiceRequest("shot", "shot die d6", 6, unit=proc["unit"]))
            if "cover" not in proc["rolls"]:
                requests.append(
                    DiceRequest(
                        "cover", f"cover die d{proc['cover']}", proc["cover"], unit=proc["target"]
                    )
                )
            return DiceNeeded(tuple(requests), procedure="fire")
        return DecisionNeeded(
            "rally",
            f"{proc['unit']} rallies",
            (Option("hold", "hold"), Option("fall_back", "fall back")),
            unit=proc["unit"],
        )

    # --- commands ------------------------------------------------------------------------

    def validate(self, state, command):
        from rules.core.facts import Command

        command = Command.from_json(command)
        if command.action == "end_turn":
            return
        unit = state["units"].get(command.unit)
        if unit is None:
            raise RuleError(
                "unknown_unit", f"no unit {command.unit!r} in this battle", field="unit"
            )
        if len(unit["lost"]) == len(unit["figures"]):
            raise RuleError("action_forbidden", f"{command.unit} is destroyed", rule="§D.1")
        if command.action == "fire":
            if unit["suppressed"]:
                raise RuleError(
                    "action_forbidden",
                    f"{command.unit} is suppressed and may not fire (§D.2)",
                    rule="§D.2",
                )
            target = state["units"].get(command.params.get("target"))
            if target is None or target["side"] == unit["side"]:
                raise RuleError(
                    "bad_command", "target must be an enemy unit", field="params.target"
                )
            if len(target["lost"]) == len(target["figures"]):
                raise RuleError("action_forbidden", "the target is destroyed", rule="§D.5")
            distance = command.params.get("distance")
            if not isinstance(distance, int) or not 0 < distance <= 12:
                raise RuleError(
                    "action_forbidden",
                    "distance must be 1..12 inches (§D.3)",
                    rule="§D.3",
                    field="params.distance",
                )
        elif command.action == "rally":
            if not unit["suppressed"]:
                raise RuleError(
                    "action_forbidden", f"{command.unit} is not suppressed", rule="§D.4"
                )
        else:
            raise RuleError("bad_command", f"unknown action {command.action!r}", field="action")

    def on_declare(self, state, command):
        self.validate(state, command)
        state = copy.deepcopy(state)
        if command.action == "end_turn":
            for unit in state["units"].values():
                unit["suppressed"] = False
            state["turn"] += 1
            return Step(state, (Effect("turn_ended", f"turn {state['turn'] - 1} ended"),))
        if command.action == "fire":
            cover = 6 if command.params["distance"] <= 6 else 8
            state["proc"] = {
                "kind": "fire",
                "unit": command.unit,
                "target": command.params["target"],
                "cover": cover,
                "rolls": {},
            }
        else:
            state["proc"] = {"kind": "rally", "unit": command.unit}
        return Step(state)

    def on_dice(self, state, rolls):
        state = copy.deepcopy(state)
        proc = state["proc"]
        proc["rolls"].update({k: v[0] for k, v in rolls.items()})
        if len(proc["rolls"]) < 2:
            return Step(state)
        state["proc"] = None
        shot, cover = proc["rolls"]["shot"], proc["rolls"]["cover"]
        target = state["units"][proc["target"]]
        name = target["name"]
        if shot > cover or (self.ties_hit and shot == cover):
            standing = [f for f in target["figures"] if f not in target["lost"]]
            victim = standing[0]
            target["lost"].append(victim)
            effects = [Effect("casualty", f"{victim} killed", proc["target"], {"figure": victim})]
            if len(target["lost"]) == len(target["figures"]):
                effects.append(Effect("destroyed", f"{name} destroyed", proc["target"]))
            return Step(state, tuple(effects))
        if shot == cover:
            target["suppressed"] = True
            return Step(state, (Effect("suppressed", f"{name} suppressed", proc["target"]),))
        return Step(state, (Effect("missed", f"{name} unharmed", proc["target"]),))

    def on_decide(self, state, choice):
        state = copy.deepcopy(state)
        unit = state["proc"]["unit"]
        state["proc"] = None
        state["units"][unit]["suppressed"] = False
        return Step(state, (Effect("rallied", f"{unit} rallies ({choice})", unit),))

    def commands(self, state):
        """The catalogue: ``end_turn`` for the table; a standing unit fires at an enemy that
        is not destroyed (1-12 inches), a suppressed one rallies."""
        if state["proc"] is not None:
            return ()
        specs = [CommandSpec("end_turn", "end the turn")]
        standing = {uid: u for uid, u in state["units"].items() if len(u["lost"]) < len(u["figures"])}
        for uid, unit in sorted(standing.items()):
            if unit["suppressed"]:
                specs.append(CommandSpec("rally", "rally", "§D.4", uid, unit["name"]))
                continue
            enemies = [Choice(eid, e["name"]) for eid, e in sorted(standing.items())
                       if e["side"] != unit["side"]]
            if enemies:
                specs.append(CommandSpec("fire", "fire", "§D.3", uid, unit["name"], (
                    ParamSpec("target", "target", "unit", default=enemies[0].value,
                              choices=tuple(enemies)),
                    ParamSpec("distance", "distance in inches", "number", default=6,
                              minimum=1, maximum=12),
                )))
        return tuple(specs)

    def odds(self, state, command):
        self.validate(state, command)
        from rules.core.facts import Command

        command = Command.from_json(command)
        if command.action != "fire":
            raise RuleError("not_implemented", "odds only for fire")
        cover = 6 if command.params["distance"] <= 6 else 8
        weights = {"hit": 0, "suppressed": 0, "miss": 0}
        for shot in range(1, 7):
            for c in range(1, cover + 1):
                if shot > c or (self.ties_hit and shot == c):
                    weights["hit"] += 1
                elif shot == c:
                    weights["suppressed"] += 1
                else:
                    weights["miss"] += 1
        return Distribution.from_weights({k: Fraction(v) for k, v in weights.items()})

    def summarize(self, state):
        figures, units = [], []
        for unit_id, unit in sorted(state["units"].items()):  # JSONB does not keep key order
            for figure in unit["lost"]:
                figures.append(FigureOutcome(unit_id, figure, unit["side"], KILLED))
            left = len(unit["figures"]) - len(unit["lost"])
            units.append(
                UnitSummary(
                    unit_id,
                    unit["side"],
                    unit["name"],
                    {"figures_left": left, "suppressed": unit["suppressed"]},
                    f"{left} of {len(unit['figures'])} left"
                    + (", suppressed" if unit["suppressed"] else ""),
                )
            )
        return BattleSummary(tuple(state["sides"]), tuple(figures), tuple(units))


DUEL_1 = Duel("1.0", ties_hit=False)
DUEL_2 = Duel("2.0", ties_hit=True)


def register() -> None:
    registry.register(DUEL_1)
    registry.register(DUEL_2)


SETUP = {
    "sides": {
        "red": {
            "units": {
                "r1": {"figures": 4, "name": "Red squad"},
                "r2": {"figures": 3, "name": "Red team"},
            }
        },
        "blue": {
            "units": {
                "b1": {"figures": 4, "name": "Blue squad"},
                "b2": {"figures": 3, "name": "Blue team"},
            }
        },
    }
}
