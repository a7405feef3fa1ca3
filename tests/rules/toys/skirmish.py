"""Skirmish: the example rule system of ``docs/adding-a-rule-system.md`` (not a real game).

Built on the core kit (:mod:`rules.core.procedures`), as a new rulebook would be, in one
module so that the guide can walk through it top to bottom. It is registered by tests only
(:func:`register`); a real system lives in ``rules/<id>/`` and registers itself in
``rules/<id>/system.py``.

The rules (section numbers are this toy's own):

- §1 Each side has units of a few figures. Units act in any order; ``end_turn`` ends the
  turn.
- §2 ``shoot`` (a unit at an enemy unit): the shooter rolls "hit" (d6), the target "save"
  (d6). Hit above save: the target loses a figure and, if it still has any, takes a nerve test.
- §3 Nerve test: the target's player chooses "stand" (roll a d6: 1-3 the unit is pinned) or
  "go to ground" (pinned, no roll).
- §4 A pinned unit may not shoot; ``rally`` unpins it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from rules.core import registry
from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.limits import check
from rules.core.odds import Distribution, dice_product
from rules.core.procedures import (
    Action,
    Followup,
    Procedure,
    ProcedureMachine,
    Resolution,
    Rolls,
    Rulebook,
    ask_decision,
    ask_dice,
    forbid,
    request,
    then,
)
from rules.core.summary import KILLED, BattleSummary, FigureOutcome, UnitSummary
from rules.core.system import DecisionNeeded, Effect, Option, Step

# --- the state --------------------------------------------------------------------------------


class Unit(NamedTuple):
    id: str
    side: str
    name: str
    figures: int
    lost_to: tuple[str, ...] = ()  # the shooter of each figure lost, in order
    pinned: bool = False

    @property
    def standing(self) -> int:
        return self.figures - len(self.lost_to)


class Skirmish(NamedTuple):
    """The whole state. ``resolution`` and ``queue`` are the kit's (rules.core.procedures)."""

    sides: tuple[str, ...]
    units: tuple[Unit, ...]
    turn: int = 1
    resolution: Resolution | None = None
    queue: tuple[Followup, ...] = ()

    def unit(self, unit_id: Any, field: str = "unit") -> tuple[int, Unit]:
        for i, unit in enumerate(self.units):
            if unit.id == unit_id:
                return i, unit
        raise RuleError("bad_command", template=gettext_noop("there is no unit {unit!r}"),
                        params={"unit": unit_id}, field=field)

    def with_unit(self, i: int, unit: Unit) -> Skirmish:
        units = list(self.units)
        units[i] = unit
        return self._replace(units=tuple(units))


def build(setup: Mapping[str, Any], limits) -> Skirmish:
    """``{"sides": {"red": {"units": {"r1": {"name": ..., "figures": 3}}}, "blue": ...}}``."""
    sides = setup.get("sides") if isinstance(setup, Mapping) else None
    if not isinstance(sides, Mapping) or len(sides) != 2:
        raise RuleError("bad_setup", template=gettext_noop("a skirmish has two sides"),
                        field="sides")
    units = []
    for side, spec in sides.items():
        spec_units = spec.get("units") if isinstance(spec, Mapping) else None
        if not isinstance(spec_units, Mapping) or not spec_units:
            raise RuleError("bad_setup", template=gettext_noop("each side needs units"),
                            field=f"sides.{side}.units")
        check(limits, "units", len(units) + len(spec_units), f"sides.{side}.units")
        for unit_id, unit in spec_units.items():
            figures = unit.get("figures") if isinstance(unit, Mapping) else None
            if type(figures) is not int or figures < 1:
                raise RuleError("bad_setup",
                                template=gettext_noop("figures must be a positive integer"),
                                field=f"sides.{side}.units.{unit_id}.figures")
            check(limits, "figures_per_unit", figures, f"sides.{side}.units.{unit_id}.figures")
            units.append(Unit(unit_id, side, str(unit.get("name", unit_id)), figures))
    return Skirmish(tuple(sides), tuple(units))


# --- actions and procedures -------------------------------------------------------------------

RULEBOOK = Rulebook("skirmish")
RULEBOOK.not_implemented["charge"] = ("charging", "§5")


class ShootContext(NamedTuple):
    target: int  # the target's position in Skirmish.units


def shoot_validate(state: Skirmish, command: Command) -> None:
    _, unit = state.unit(command.unit)
    if unit.standing == 0:
        raise forbid(gettext_noop("{unit} has no figure left"), "§1", unit=unit.name)
    if unit.pinned:
        raise forbid(gettext_noop("{unit} is pinned and may not shoot"), "§4", unit=unit.name)
    _, target = state.unit(command.params.get("target"), field="params.target")
    if target.side == unit.side or target.standing == 0:
        raise forbid(gettext_noop("{target} is not an enemy unit left standing"), "§2",
                     field="params.target", target=target.name)


def shoot_declare(state: Skirmish, command: Command) -> Step:
    shoot_validate(state, command)
    i, unit = state.unit(command.unit)
    t, target = state.unit(command.params["target"])
    dice = (request("hit", "hit die", 6, unit=unit.id), request("save", "save die", 6,
                                                                 unit=target.id))
    said = Effect("shoot_declared", f"{unit.name} shoots at {target.name}", unit.id,
                  {"target": target.id})
    return ask_dice(state, "shoot", "roll", i, ShootContext(t), dice, (said,))


def shoot_on_dice(state: Skirmish, res: Resolution, rolls: Rolls) -> Step:
    shooter, t = state.units[res.unit], res.ctx.target
    target = state.units[t]
    if rolls["hit"][0] <= rolls["save"][0]:
        return RULEBOOK.done(state, (Effect("missed", f"{target.name} saves", target.id),))
    target = target._replace(lost_to=target.lost_to + (shooter.id,))
    state = state.with_unit(t, target)
    hit = Effect("figure_lost", f"{target.name} loses a figure", target.id,
                 {"shooter": shooter.id})
    followups = (then("nerve", t, NerveContext()),) if target.standing else ()
    return RULEBOOK.done(state, (hit,), followups)


def shoot_odds(state: Skirmish, command: Command) -> Distribution:
    shoot_validate(state, command)
    hit = dice_product((6, 6)).map(lambda faces: faces[0] > faces[1])
    return Distribution({"figure lost": hit[True], "saved": hit[False]})


class NerveContext(NamedTuple):
    choice: str | None = None


def nerve_start(state: Skirmish, i: int, ctx: NerveContext) -> Step:
    unit = state.units[i]
    decision = DecisionNeeded(
        "nerve", f"{unit.name}: nerve test (§3)",
        (Option("stand", "stand (d6: 1-3 pinned)"), Option("ground", "go to ground (pinned)")),
        unit=unit.id,
    )
    return ask_decision(state, "nerve", "choose", i, ctx, decision)


def nerve_on_decide(state: Skirmish, res: Resolution, choice: Any) -> Step:
    unit = state.units[res.unit]
    if choice == "ground":
        return _pin(state, res.unit, f"{unit.name} goes to ground")
    return ask_dice(state, "nerve", "roll", res.unit, res.ctx._replace(choice=choice),
                    (request("nerve", "nerve die", 6, unit=unit.id),))


def nerve_on_dice(state: Skirmish, res: Resolution, rolls: Rolls) -> Step:
    unit = state.units[res.unit]
    if rolls["nerve"][0] <= 3:
        return _pin(state, res.unit, f"{unit.name} is pinned")
    return RULEBOOK.done(state, (Effect("stood", f"{unit.name} stands", unit.id),))


def _pin(state: Skirmish, i: int, text: str) -> Step:
    unit = state.units[i]
    return RULEBOOK.done(state.with_unit(i, unit._replace(pinned=True)),
                         (Effect("pinned", text, unit.id),))


def rally_validate(state: Skirmish, command: Command) -> None:
    _, unit = state.unit(command.unit)
    if not unit.pinned:
        raise forbid(gettext_noop("{unit} is not pinned"), "§4", unit=unit.name)


def rally_declare(state: Skirmish, command: Command) -> Step:
    rally_validate(state, command)
    i, unit = state.unit(command.unit)
    return Step(state.with_unit(i, unit._replace(pinned=False)),
                (Effect("rallied", f"{unit.name} rallies", unit.id),))


def end_turn_declare(state: Skirmish, command: Command) -> Step:
    return Step(state._replace(turn=state.turn + 1),
                (Effect("turn_ended", f"turn {state.turn} ended"),))


RULEBOOK.register(
    Action("shoot", "§2", shoot_validate, shoot_declare, shoot_odds),
    Action("rally", "§4", rally_validate, rally_declare),
    Action("end_turn", "§1", lambda state, command: None, end_turn_declare),
    Procedure("shoot", ShootContext, on_dice=shoot_on_dice),
    Procedure("nerve", NerveContext, on_dice=nerve_on_dice, on_decide=nerve_on_decide,
              start=nerve_start),
)


# --- the rule system --------------------------------------------------------------------------


class SkirmishSystem(ProcedureMachine):
    id = "skirmish"
    version = "1.0"
    rulebook = RULEBOOK

    def initial_state(self, setup: Mapping[str, Any]) -> Skirmish:
        return build(setup, self.limits)

    def commands(self, state: Skirmish) -> tuple[CommandSpec, ...]:
        """The catalogue (:mod:`rules.core.catalogue`): what may be declared now. A standing
        unit shoots at an enemy left standing (§2) unless pinned, when it may rally (§4);
        anyone may end the turn (§1). Nothing while a procedure waits for dice or a choice."""
        if state.resolution is not None:
            return ()
        specs = [CommandSpec("end_turn", "end the turn", "§1")]
        for unit in state.units:
            if unit.standing == 0:
                continue
            if unit.pinned:
                specs.append(CommandSpec("rally", "rally", "§4", unit.id, unit.name))
                continue
            targets = tuple(Choice(t.id, t.name) for t in state.units
                            if t.side != unit.side and t.standing > 0)
            if targets:
                specs.append(CommandSpec("shoot", "shoot", "§2", unit.id, unit.name, (
                    ParamSpec("target", "target", "unit", default=targets[0].value,
                              choices=targets),)))
        return tuple(specs)

    def state_to_json(self, state: Skirmish) -> dict[str, Any]:
        out: dict[str, Any] = {
            "sides": list(state.sides),
            "units": [{**u._asdict(), "lost_to": list(u.lost_to)} for u in state.units],
            "turn": state.turn,
        }
        if state.resolution is not None:
            out["resolution"] = self.rulebook.resolution_to_json(state.resolution)
        if state.queue:
            out["queue"] = self.rulebook.queue_to_json(state.queue)
        return out

    def state_from_json(self, data: Mapping[str, Any]) -> Skirmish:
        resolution = data.get("resolution")
        return Skirmish(
            sides=tuple(data["sides"]),
            units=tuple(Unit(**{**u, "lost_to": tuple(u["lost_to"])}) for u in data["units"]),
            turn=data["turn"],
            resolution=self.rulebook.resolution_from_json(resolution) if resolution else None,
            queue=self.rulebook.queue_from_json(data.get("queue", ())),
        )

    def summarize(self, state: Skirmish) -> BattleSummary:
        figures, units = [], []
        for unit in state.units:
            for n, shooter in enumerate(unit.lost_to, 1):
                figures.append(FigureOutcome(unit.id, f"{unit.id}.{n}", unit.side, KILLED,
                                             details={"shot_by": shooter}))
            text = f"{unit.standing} of {unit.figures} standing"
            if unit.pinned:
                text += ", pinned"
            units.append(UnitSummary(unit.id, unit.side, unit.name,
                                     {"standing": unit.standing, "pinned": unit.pinned}, text))
        return BattleSummary(state.sides, tuple(figures), tuple(units))


SKIRMISH = SkirmishSystem()


def register() -> SkirmishSystem:
    """Register the example (tests only: production registers what ``rules/`` holds)."""
    return registry.register(SKIRMISH)


SETUP = {
    "sides": {
        "red": {"units": {"r1": {"name": "Red scouts", "figures": 3}}},
        "blue": {"units": {"b1": {"name": "Blue pickets", "figures": 2}}},
    }
}

#: The exact odds of one shot (§2): hit above save, 15 of 36.
SHOT_HITS = Fraction(15, 36)
