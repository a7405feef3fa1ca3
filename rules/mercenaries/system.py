"""Mercenaries: Banana Hell as a rule system: the state, what may be declared now, JSON and the
battle summary; registered as ``mercenaries`` (``rules.core.registry``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import registry
from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError
from rules.core.procedures import ProcedureMachine
from rules.core.summary import UNCHECKED, WOUNDED, BattleSummary, FigureOutcome, UnitSummary
from rules.core.system import AwaitingCommand
from rules.mercenaries import (
    battle_setup,
    movement,
    options,
    play_area,
    play_bennies,
    play_fire,
    play_readiness,
    ranged,
)
from rules.mercenaries.rulebook import RULEBOOK, cell_key
from rules.mercenaries.state import (
    Battle,
    Fighter,
    Squad,
    fighter_from_json,
    fighter_to_json,
    squares_from_json,
    squares_to_json,
)
from rules.mercenaries.terms import TERMS, cell_label, line_label

#: Modules whose actions and procedures register themselves on ``RULEBOOK`` when imported.
PLAYS = (play_bennies, play_readiness)


class MercenariesSystem(ProcedureMachine):
    id = "mercenaries"
    version = "0.1"
    rulebook = RULEBOOK
    terms = TERMS

    def initial_state(self, setup: Mapping[str, Any]) -> Battle:
        return battle_setup.build(setup, self.limits)

    def readings(self) -> tuple[dict[str, Any], ...]:
        """The readings a battle is played under (``rules.mercenaries.options``)."""
        return options.describe()

    def awaiting(self, state: Battle) -> AwaitingCommand:
        """The fighters of the side whose turn it is (§2.1)."""
        return AwaitingCommand(tuple(f.id for f in state.fighters
                                     if f.side == state.acting_side and f.fighting_on))

    # --- the catalogue --------------------------------------------------------------------

    def commands(self, state: Battle) -> tuple[CommandSpec, ...]:
        """What the acting side's fighters may declare now: each action listed only with the
        values its own ``validate`` accepts. Nothing while dice or a choice are awaited."""
        if state.resolution is not None:
            return ()
        specs = [CommandSpec("end_turn", "end the side's turn", "§2.1")]
        for fighter in state.fighters:
            if fighter.side != state.acting_side or not fighter.fighting_on:
                continue
            specs.extend(self._fighter_commands(state, fighter))
        return tuple(specs)

    def _fighter_commands(self, state: Battle, fighter: Fighter) -> list[CommandSpec]:
        specs = []
        for action, label, rule in (("go_prone", "go prone", "§2.3"),
                                    ("stand_up", "stand up", "§2.3"),
                                    ("reload", "reload", "§2.8")):
            if self._valid(state, action, fighter):
                specs.append(CommandSpec(action, label, rule, fighter.id, fighter.name))
        for action, label, steps in (("move", "move one cell", 1), ("run", "run two cells", 2)):
            cells = self._destinations(state, fighter, action, steps)
            if cells:
                specs.append(CommandSpec(action, label, "§2.2", fighter.id, fighter.name, (
                    ParamSpec("to", "to cell", "choice", default=cells[0].value,
                              choices=cells),)))
        for action, label, rule in (("shoot", "shoot", "§2.7"), ("fight", "melee attack", "§2.6")):
            targets = tuple(Choice(t.id, t.name) for t in state.fighters
                            if t.side != fighter.side and t.fighting_on
                            and self._valid(state, action, fighter, {"target": t.id}))
            if targets:
                specs.append(CommandSpec(action, label, rule, fighter.id, fighter.name, (
                    ParamSpec("target", "target", "unit", default=targets[0].value,
                              choices=targets),)))
        specs.extend(play_fire.commands(state, fighter))
        specs.extend(play_area.commands(state, fighter))
        specs.extend(self._readiness_commands(state, fighter))
        return specs

    def _readiness_commands(self, state: Battle, fighter: Fighter) -> list[CommandSpec]:
        """Aiming, holding, prepared melee (§2.26) and standing benny orders (§2.20), with
        their legal values."""
        specs = []
        targets = tuple(Choice(t.id, t.name) for t in state.fighters
                        if t.side != fighter.side and t.fighting_on
                        and self._valid(state, "aim", fighter, {"target": t.id}))
        if targets:
            specs.append(CommandSpec("aim", "aim (the whole turn)", "§2.26", fighter.id,
                                     fighter.name, (ParamSpec(
                                         "target", "target", "unit", default=targets[0].value,
                                         choices=targets),)))
        # the cells an enemy in the fight could enter before the hold lapses at this
        # fighter's next turn: a run's two cells from where he stands (§2.2); the others
        # are legal but idle, and listing them would cost a line of sight each
        near = {(e.cell[0] + dx, e.cell[1] + dy) for e in state.fighters
                if e.side != fighter.side and e.fighting_on
                for dx in range(-movement.RUN, movement.RUN + 1)
                for dy in range(-movement.RUN, movement.RUN + 1)}
        cells = tuple(Choice(cell_key((x, y)), cell_label(cell_key((x, y))))
                      for y, x in sorted((y, x) for x, y in near)
                      if self._valid(state, "hold", fighter, {"cell": cell_key((x, y))}))
        if cells:
            specs.append(CommandSpec("hold", "hold an attack on a cell", "§2.26", fighter.id,
                                     fighter.name, (ParamSpec(
                                         "cell", "cell", "choice", default=cells[0].value,
                                         choices=cells),)))
        x, y = fighter.cell
        lines = tuple(Choice(key, line_label(cell_key((x + dx, y + dy))))
                      for key in play_readiness.DIRECTIONS
                      for dx, dy in (map(int, key.split(",")),)
                      if self._valid(state, "hold_line", fighter, {"direction": key}))
        if lines:
            specs.append(CommandSpec("hold_line", "hold an attack on a line", "§2.1",
                                     fighter.id, fighter.name, (ParamSpec(
                                         "direction", "line", "choice", default=lines[0].value,
                                         choices=lines),)))
        if self._valid(state, "prepare_melee", fighter):
            specs.append(CommandSpec("prepare_melee", "prepare for melee (the whole turn)",
                                     "§2.26", fighter.id, fighter.name))
        if fighter.bennies:
            specs.append(CommandSpec("benny_orders", "orders for bennies", "§2.20", fighter.id,
                                     fighter.name, tuple(
                                         ParamSpec(name, label, "flag",
                                                   default=getattr(fighter, name))
                                         for name, label in (
                                             ("reroll_on_miss", "re-roll a miss"),
                                             ("unshake_when_shaken",
                                              "out of Shaken in his own turn")))))
        return specs

    def _destinations(self, state: Battle, fighter: Fighter, action: str,
                      steps: int) -> tuple[Choice, ...]:
        x0, y0 = fighter.cell
        found = []
        for y in range(y0 - steps, y0 + steps + 1):
            for x in range(x0 - steps, x0 + steps + 1):
                cell = (x, y)
                if ranged.distance(cell, fighter.cell) != steps or not state.on_map(cell):
                    continue
                if self._valid(state, action, fighter, {"to": cell_key(cell)}):
                    found.append(Choice(cell_key(cell), cell_label(cell_key(cell))))
        return tuple(found)

    def _valid(self, state: Battle, action: str, fighter: Fighter,
               params: Mapping[str, Any] | None = None) -> bool:
        try:
            self.validate(state, {"action": action, "unit": fighter.id,
                                  "params": dict(params or {})})
        except RuleError:
            return False
        return True

    # --- JSON -----------------------------------------------------------------------------

    def state_to_json(self, state: Battle) -> dict[str, Any]:
        out: dict[str, Any] = {
            "sides": [{"id": side, "name": name}
                      for side, name in zip(state.sides, state.side_names, strict=True)],
            "squads": [s._asdict() for s in state.squads],
            "fighters": [fighter_to_json(f) for f in state.fighters],
            "width": state.width,
            "height": state.height,
            "squares": squares_to_json(state.squares),
            "light": state.light,
            "options": state.options.to_json(),
            "side": state.side,
            "round": state.round,
        }
        if state.resolution is not None:
            out["resolution"] = self.rulebook.resolution_to_json(state.resolution)
        if state.queue:
            out["queue"] = self.rulebook.queue_to_json(state.queue)
        if state.fired_at or state.registered:
            out["fired_at"] = [[side, list(cell)] for side, cell in state.fired_at]
            out["registered"] = [[side, list(cell)] for side, cell in state.registered]
        return out

    def state_from_json(self, data: Mapping[str, Any]) -> Battle:
        resolution = data.get("resolution")
        return Battle(
            sides=tuple(side["id"] for side in data["sides"]),
            side_names=tuple(side["name"] for side in data["sides"]),
            squads=tuple(Squad(**s) for s in data["squads"]),
            fighters=tuple(fighter_from_json(f) for f in data["fighters"]),
            width=data["width"],
            height=data["height"],
            squares=squares_from_json(data["squares"]),
            light=data["light"],
            options=options.parse(data["options"]),
            side=data["side"],
            round=data["round"],
            resolution=self.rulebook.resolution_from_json(resolution) if resolution else None,
            queue=self.rulebook.queue_from_json(data.get("queue", ())),
            fired_at=tuple((side, tuple(cell)) for side, cell in data.get("fired_at", ())),
            registered=tuple((side, tuple(cell)) for side, cell in data.get("registered", ())),
        )

    # --- the summary ----------------------------------------------------------------------

    def summarize(self, state: Battle) -> BattleSummary:
        """Every fighter the battle hurt: a Wild Card with 1-3 wounds is wounded; a dying
        Wild Card and an Extra out of the fight are unchecked, as the text leaves their
        fate after the battle open (§2.11) for the campaign to settle."""
        figures, units = [], []
        for fighter in state.fighters:
            if not fighter.wounds:
                continue
            outcome = WOUNDED if fighter.fighting_on else UNCHECKED
            figures.append(FigureOutcome(
                fighter.squad, fighter.id, fighter.side, outcome, name=fighter.name,
                wounded=True, details={"wounds": fighter.wounds,
                                       "condition": fighter.condition}))
        for squad in state.squads:
            members = [f for f in state.fighters if f.squad == squad.id]
            fighting = sum(f.fighting_on for f in members)
            status = {"fighters": len(members), "fighting": fighting,
                      "shaken": sum(f.shaken and f.fighting_on for f in members),
                      "wounds": sum(f.wounds for f in members), "out": len(members) - fighting}
            text = f"{fighting} of {len(members)} in the fight"
            if status["shaken"]:
                text += f", {status['shaken']} Shaken"
            units.append(UnitSummary(squad.id, squad.side, squad.name, status, text))
        return BattleSummary(state.sides, tuple(figures), tuple(units))


MERCENARIES_0_1 = registry.register(MercenariesSystem())
