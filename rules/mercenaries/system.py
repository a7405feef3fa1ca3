"""Mercenaries: Banana Hell as a rule system: the state, what may be declared now, JSON and the
battle summary; registered as ``mercenaries`` (``rules.core.registry``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import registry
from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError
from rules.core.facts import Command
from rules.core.markers import Marker
from rules.core.odds import Distribution
from rules.core.procedures import ProcedureMachine
from rules.core.summary import KILLED, UNCHECKED, WOUNDED, BattleSummary, FigureOutcome, UnitSummary
from rules.core.system import AwaitingCommand, Step
from rules.mercenaries import (  # noqa: F401 (their actions)
    battle_setup,
    movement,
    options,
    play_actions,
    play_area,
    play_bennies,
    play_fire,
    play_group_notice,
    play_hider,
    play_manoeuvres,
    play_panic,
    play_readiness,
    play_stealth,
    ranged,
    rulebook,
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

    # --- more than two actions (§2.4): the Agility check before the action ---------------

    def validate(self, state: Battle, command: Command | Mapping[str, Any]) -> None:
        """An action that needs the Agility check first is valid if it would be after it."""
        try:
            super().validate(state, command)
        except RuleError as error:
            n = play_actions.needed(error)
            if n is None:
                raise
            super().validate(play_actions.untangled_for(
                state, Command.from_json(command).unit, n), command)

    def odds(self, state: Battle, command: Command | Mapping[str, Any]) -> Distribution:
        """An action after the Agility check: "tangled" with the check's chance of failing,
        the action's own odds with the rest."""
        try:
            return super().odds(state, command)
        except RuleError as error:
            n = play_actions.needed(error)
            if n is None:
                raise
        cmd = Command.from_json(command)
        after = super().odds(play_actions.untangled_for(state, cmd.unit, n), cmd)
        return play_actions.check_odds(state, cmd, n).bind(
            lambda ok: after if ok else Distribution.certain("tangled"))

    def on_declare(self, state: Battle, command: Command) -> Step:
        try:
            return super().on_declare(state, command)
        except RuleError as error:
            n = play_actions.needed(error)
            if n is None:
                raise
            self.validate(state, command)
            return play_actions.start_check(state, command, n)

    # --- the catalogue --------------------------------------------------------------------

    def commands(self, state: Battle) -> tuple[CommandSpec, ...]:
        """What the acting side's fighters may declare now: each action listed only with the
        values its own ``validate`` accepts. Nothing while dice or a choice are awaited."""
        if state.resolution is not None:
            return ()
        specs = [CommandSpec("end_turn", "end the side's turn", "§2.1")]
        specs.extend(play_panic.table_commands(state))
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
        after_check, fighter_after = self._after_agility_check(state, fighter)
        specs.extend(play_fire.commands(after_check, fighter_after))
        specs.extend(play_area.commands(after_check, fighter_after))
        specs.extend(self._readiness_commands(state, fighter))
        specs.extend(self._manoeuvre_commands(state, fighter))
        specs.extend(play_panic.commands(state, fighter, self._valid))
        return specs

    def _readiness_commands(self, state: Battle, fighter: Fighter) -> list[CommandSpec]:
        """Aiming, holding, prepared melee (§2.26), the prepared hider (§2.17) and standing
        benny orders (§2.20), with their legal values."""
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
        ways = tuple(Choice(way, label) for way, label in (
            (play_hider.SHOT, "a shot at whoever spots him"),
            (play_hider.BLOW, "a blow at whoever spots him in his cell"))
            if self._valid(state, "hide_ready", fighter, {"with": way}))
        if ways:
            specs.append(CommandSpec("hide_ready", "ready for discovery (the whole turn)",
                                     "§2.17", fighter.id, fighter.name, (ParamSpec(
                                         "with", "prepared action", "choice",
                                         default=ways[0].value, choices=ways),)))
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

    def _after_agility_check(self, state: Battle, fighter: Fighter) -> tuple[Battle, Fighter]:
        """The state in which his next action is listed: as if the Agility check it needs
        (§2.4) had allowed it, as ``validate`` takes it; a fighter whose check failed does
        nothing more."""
        if fighter.untangled == play_actions.TANGLED:
            return state, fighter
        try:
            rulebook._one_more_action(fighter)
        except RuleError as error:
            n = play_actions.needed(error)
            if n is None:
                return state, fighter
            state = play_actions.untangled_for(state, fighter.id, n)
            return state, state.fighter(fighter.id)[1]
        return state, fighter

    def _manoeuvre_commands(self, state: Battle, fighter: Fighter) -> list[CommandSpec]:
        """Crawling (§2.3), stealth (§2.17) and the manoeuvres (§2.27), each with the
        values its ``validate`` accepts."""
        specs = []
        for action, label in (("hide", "hide"), ("defend", "defend")):
            if self._valid(state, action, fighter):
                specs.append(CommandSpec(action, label, RULEBOOK.actions[action].rule,
                                         fighter.id, fighter.name))
        ways = tuple(Choice(d, d) for d in play_actions.DIRECTIONS
                     if self._valid(state, "crawl", fighter, {"direction": d}))
        if ways:
            specs.append(CommandSpec("crawl", "crawl one position", "§2.3", fighter.id,
                                     fighter.name, (ParamSpec("direction", "direction", "choice",
                                                              default=ways[0].value,
                                                              choices=ways),)))
        parts = tuple(Choice(p, p) for p in ranged.CALLED_SHOT)
        for action, label, fixed in (
            ("search", "search for a hidden enemy", {}),
            ("wild_attack", "wild attack", {}), ("drop_shot", "shot with the Drop", {}),
            ("double_tap", "double tap", {}), ("short_burst", "short burst", {}),
            ("unstable_shot", "shot from an unstable platform", {}),
            ("off_hand_blow", "blow with the other hand", {}),
            ("off_hand_shot", "shot with the other hand", {}),
            ("drop_blow", "blow with the Drop", {}),
            ("nonlethal_blow", "non-lethal blow", {}), ("grapple", "grapple", {}),
            ("crush", "hurt the one he holds", {}), ("intimidate", "intimidate", {}),
            ("taunt", "taunt", {}), ("finish_off", "finish off", {}),
            ("called_shot", "called shot", {"part": "limb"}),
            ("called_blow", "called blow", {"part": "limb"}),
            *(("trick", f"trick with {w}", {"with": w}) for w in play_manoeuvres.WITH["trick"]),
        ):
            targets = tuple(Choice(t.id, t.name) for t in state.fighters
                            if t.side != fighter.side
                            and self._valid(state, action, fighter, {"target": t.id, **fixed}))
            if not targets:
                continue
            params = [ParamSpec("target", "target", "unit", default=targets[0].value,
                                choices=targets)]
            if "part" in fixed:
                params.append(ParamSpec("part", "part", "choice", default="limb",
                                        choices=parts))
            if "with" in fixed:
                params.append(ParamSpec("with", "roll with", "choice", default=fixed["with"],
                                        choices=(Choice(fixed["with"], fixed["with"]),)))
            specs.append(CommandSpec(action, label, RULEBOOK.actions[action].rule, fighter.id,
                                     fighter.name, tuple(params)))
        for attack, most in (("fight", 3), ("shoot", 6)):
            fixed = {"attack": attack, "attacks": 2}
            targets = tuple(Choice(t.id, t.name) for t in state.fighters
                            if t.side != fighter.side
                            and self._valid(state, "rapid_attack", fighter,
                                            {"target": t.id, **fixed}))
            if targets:
                specs.append(CommandSpec(
                    "rapid_attack", f"rapid attack ({attack})", "§2.27", fighter.id,
                    fighter.name, (
                        ParamSpec("target", "target", "unit", default=targets[0].value,
                                  choices=targets),
                        ParamSpec("attack", "attack", "choice", default=attack,
                                  choices=(Choice(attack, attack),)),
                        ParamSpec("attacks", "attacks", "number", default=2, minimum=2,
                                  maximum=most))))
        for attack in ("fight", "shoot"):
            for slot in play_manoeuvres.SLOTS:
                fixed = {"attack": attack, "at": "hand", "slot": slot}
                targets = tuple(Choice(t.id, t.name) for t in state.fighters
                                if t.side != fighter.side
                                and self._valid(state, "disarm", fighter,
                                                {"target": t.id, **fixed}))
                if targets:
                    specs.append(CommandSpec(
                        "disarm", f"disarm ({attack}, {slot.replace('_', ' ')})", "§2.27",
                        fighter.id, fighter.name, (
                            ParamSpec("target", "target", "unit", default=targets[0].value,
                                      choices=targets),
                            ParamSpec("attack", "attack", "choice", default=attack,
                                      choices=(Choice(attack, attack),)),
                            ParamSpec("slot", "weapon", "choice", default=slot,
                                      choices=(Choice(slot, slot.replace("_", " ")),)),
                            ParamSpec("at", "strike at", "choice", default="hand",
                                      choices=(Choice("hand", "the hand"),
                                               Choice("weapon", "the weapon itself"))))))
        for way in play_manoeuvres.WITH["break_free"]:
            if self._valid(state, "break_free", fighter, {"with": way}):
                specs.append(CommandSpec("break_free", f"break free with {way}", "§2.27",
                                         fighter.id, fighter.name, (ParamSpec(
                                             "with", "roll with", "choice", default=way,
                                             choices=(Choice(way, way),)),)))
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
        if state.impacts:
            out["impacts"] = [[side, list(cell)] for side, cell in state.impacts]
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
            impacts=tuple((side, tuple(cell)) for side, cell in data.get("impacts", ())),
        )

    # --- the summary ----------------------------------------------------------------------

    def summarize(self, state: Battle) -> BattleSummary:
        """Every fighter the battle hurt: a Wild Card with 1-3 wounds is wounded; a dying
        Wild Card and an Extra out of the fight are unchecked, as the text leaves their
        fate after the battle open (§2.11) for the campaign to settle. A fighter who fled in
        panic (§2.13) is out of the battle unhurt: no casualty, counted in his squad's
        status (``fled``), so the campaign takes him back."""
        figures, units = [], []
        for fighter in state.fighters:
            if not fighter.wounds and fighter.condition != play_manoeuvres.KILLED:
                continue
            outcome = (KILLED if fighter.condition == play_manoeuvres.KILLED
                       else WOUNDED if fighter.fighting_on else UNCHECKED)
            figures.append(FigureOutcome(
                fighter.squad, fighter.id, fighter.side, outcome, name=fighter.name,
                wounded=bool(fighter.wounds), details={"wounds": fighter.wounds,
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
            fled = play_panic.fled(members)
            if fled:  # (§2.13) out of the battle unhurt
                status["fled"] = fled
                text += f", {fled} fled"
            units.append(UnitSummary(squad.id, squad.side, squad.name, status, text))
        return BattleSummary(state.sides, tuple(figures), tuple(units))

    def markers(self, state: Battle) -> tuple[Marker, ...]:
        """What the squad cards show beside the summary (``rules.core.markers``): who is in
        panic (§2.13)."""
        return play_panic.in_panic(state)


MERCENARIES_0_1 = registry.register(MercenariesSystem())
