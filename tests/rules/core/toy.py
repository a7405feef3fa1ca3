"""A toy rule system for testing the core machinery: nothing game-specific leaks into core.

State is a NamedTuple. ``attack`` asks for "attacker 2d6" and "defender d8"; a higher attacker
total scores; a tie asks the attacker to decide "push" (score anyway) or "hold".
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.catalogue import CommandSpec
from rules.core.dice import DiceRequest
from rules.core.errors import RuleError
from rules.core.facts import Command
from rules.core.machine import FactMachine
from rules.core.odds import dice_product
from rules.core.summary import BattleSummary, UnitSummary
from rules.core.system import (
    AwaitingCommand,
    DecisionNeeded,
    DiceNeeded,
    Effect,
    Option,
    Step,
)

ATTACK = (
    DiceRequest("attacker.total", "attacker 2d6", 6, count=2, unit="red"),
    DiceRequest("defender.die", "defender die d8", 8, unit="blue"),
)
TIE = DecisionNeeded("tie.break", "push or hold?", (Option("push", "push"), Option("hold", "hold")))


class ToyState(NamedTuple):
    score: int = 0
    stage: str = "idle"  # idle / dice / tie
    rolled: tuple = ()  # ((key, values), ...)


class Toy(FactMachine):
    id = "toy"
    version = "1.0"

    def initial_state(self, setup):
        score = setup.get("score", 0)
        if not isinstance(score, int):
            raise RuleError("bad_setup", "score must be an integer", field="score")
        return ToyState(score=score)

    def pending(self, state):
        if state.stage == "dice":
            have = {k for k, _ in state.rolled}
            return DiceNeeded(tuple(r for r in ATTACK if r.key not in have), procedure="attack")
        if state.stage == "tie":
            return TIE
        return AwaitingCommand()

    def validate(self, state, command):
        command = Command.from_json(command)
        if command.action != "attack":
            raise RuleError("bad_command", f"unknown action {command.action!r}")

    def on_declare(self, state, command):
        self.validate(state, command)
        return Step(state._replace(stage="dice", rolled=()), (Effect("declared", "red attacks"),))

    def on_dice(self, state, rolls):
        rolled = state.rolled + tuple(rolls.items())
        if len(rolled) < len(ATTACK):
            return Step(state._replace(rolled=rolled))
        got = dict(rolled)
        attack, defence = sum(got["attacker.total"]), got["defender.die"][0]
        if attack > defence:
            return Step(ToyState(state.score + 1), (Effect("scored", "red scores", "red"),))
        if attack == defence:
            return Step(state._replace(stage="tie", rolled=rolled))
        return Step(ToyState(state.score), (Effect("missed", "red misses", "red"),))

    def on_decide(self, state, choice):
        return Step(ToyState(state.score + (choice == "push")), (Effect("tie", f"red {choice}es"),))

    def odds(self, state, command):
        return dice_product((6, 6, 8)).map(lambda f: "hit" if f[0] + f[1] > f[2] else "no hit")

    def commands(self, state):
        return (CommandSpec("attack", "red attacks"),) if state.stage == "idle" else ()

    def state_to_json(self, state):
        return {"score": state.score, "stage": state.stage,
                "rolled": [[key, list(values)] for key, values in state.rolled]}

    def state_from_json(self, data):
        rolled = tuple((key, tuple(values)) for key, values in data.get("rolled", ()))
        return ToyState(data["score"], data["stage"], rolled)

    def summarize(self, state):
        status = {"score": state.score}
        return BattleSummary(("red", "blue"), units=(UnitSummary("red", "red", "red", status),))


TOY = Toy()
