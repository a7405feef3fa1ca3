"""Panic in play (§2.13): the morale test's result entered at the table, the flight it
enforces, and a commander stopping it.

The text says what panic does, not what causes it: its morale test ("см. правила морали") is
not in the post, nor is the procedure that stops the flight. This project's way with a lost
table: the part the text lost is entered at the table, the part it gives is enforced.

- ``panic`` (the table's, in any side's turn; ``fighters``: Extras of one side in the fight):
  the result of the morale test the table rolled under whatever morale rules it plays. Any
  participant may enter it, as dice are entered from the table: the server cannot check a
  test it does not know, a test usually follows the enemy's fire (in the enemy's turn), and
  who rolls it is the table's rule; an organizer's correction voids a wrong entry. Wild
  Cards do not panic by this rule ("статисты"). A panicked man's held attack, aim and
  prepared melee lapse (he no longer fights).
- While panicked, an Extra may only flee the battlefield, directly away from the nearest,
  most numerous enemy group (``panic``: a walk or a run, and ``flee`` off the map from its
  edge), or keep the position giving the best morale modifier: stay where he is (prone, he
  stays down: he does not stand up or crawl), or ``hide`` in a cell with cover. Anything else
  is refused.
- ``flee``: a walk off the map's edge directly away (his move of the turn): he has fled, out
  of the battle, neither wounded nor dead (``FLED``); the campaign takes him back unhurt.
- ``stop_panic`` (a commander's action, §2.13: mercenary, sergeant or lieutenant; option
  ``panic_commander``): names a squad of his side in panic; under option ``panic_rally``
  ``table`` (default) the table states whether it worked (``stopped``), under ``succeeds`` the
  order simply stops the flight. It is one of his actions (§2.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.markers import Marker
from rules.core.procedures import Action, forbid
from rules.core.system import Effect, Step
from rules.mercenaries import movement, panic
from rules.mercenaries.play_stealth import knows
from rules.mercenaries.rulebook import (
    ACT_CHECKS,
    RULEBOOK,
    _acting,
    _destination,
    _one_more_action,
    cell_key,
    not_moved,
)
from rules.mercenaries.state import Battle, Cell, Fighter

#: What a panicked man may still declare besides the flight (§2.13: in cover, hide).
KEEPING = ("hide",)
#: The flight: a walk or a run directly away, and a walk off the map.
FLIGHT = {"move": movement.WALK, "run": movement.RUN}
#: The words of a log line that says the result came from the table.
AT_THE_TABLE = "its result was entered at the table"


# --- whom he flees, and which way ----------------------------------------------------------


def feared(state: Battle, fighter: Fighter) -> tuple[tuple[str, ...], tuple[Cell, ...]]:
    """(names, cells) of the enemy group(s) a panicked ``fighter`` flees from (``panic``):
    enemy squads' members in the fight that he knows of (§2.17)."""
    groups: dict[str, list[Cell]] = {}
    for f in state.fighters:
        if f.side != fighter.side and f.fighting_on and knows(fighter, f):
            groups.setdefault(f.squad, []).append(f.cell)
    keys = panic.feared(groups, fighter.cell, reading=state.options.panic_flight)
    names = tuple(s.name for s in state.squads if s.id in keys)
    return names, tuple(cell for key in keys for cell in groups[key])


def flight_cells(state: Battle, fighter: Fighter, steps: int) -> tuple[Cell, ...]:
    """The cells a walk (1) or a run (2) directly away would end in, on the map or not."""
    _, cells = feared(state, fighter)
    x, y = fighter.cell
    return tuple((x + dx * steps, y + dy * steps) for dx, dy in panic.away(fighter.cell, cells))


def _in_panic(state: Battle, fighter: Fighter, command: Command) -> None:
    """A panicked man flees directly away or keeps his position (§2.13); any other
    declaration is refused with the reason."""
    if not fighter.panicked or command.action == "flee":
        return
    if command.action in KEEPING:
        if not state.cover(fighter.cell):
            raise forbid(gettext_noop("{fighter} is in panic in the open: he hides only in "
                                      "cover"), "§2.13", fighter=fighter.name)
        return
    if command.action not in FLIGHT:
        raise forbid(gettext_noop("{fighter} is in panic: he may only flee directly away "
                                  "from the enemy or keep his position (hide in cover, stay "
                                  "down)"), "§2.13", fighter=fighter.name)
    names, _ = feared(state, fighter)
    if not names:
        raise forbid(gettext_noop("{fighter} is in panic and knows of no enemy to flee from: "
                                  "he keeps his position"), "§2.13", fighter=fighter.name)
    to = _destination(command)
    if to not in flight_cells(state, fighter, FLIGHT[command.action]):
        raise forbid(gettext_noop("{fighter} is in panic and flees directly away from "
                                  "{group}: cell {cell} is not that way"), "§2.13",
                     field="params.to", fighter=fighter.name, group=", ".join(names),
                     cell=cell_key(to))


ACT_CHECKS.append(_in_panic)


# --- panic entered at the table --------------------------------------------------------------


def _named(state: Battle, command: Command) -> list[tuple[int, Fighter]]:
    ids = command.params.get("fighters")
    if isinstance(ids, str):
        ids = [ids]
    if not isinstance(ids, list | tuple) or not ids:
        raise RuleError("bad_command", field="params.fighters",
                        template=gettext_noop("who panic: tick at least one fighter"))
    if len(set(map(str, ids))) != len(ids):
        raise RuleError("bad_command", field="params.fighters",
                        template=gettext_noop("a fighter is named twice"))
    named = [state.fighter(ident, field="params.fighters") for ident in ids]
    for _, fighter in named:
        if fighter.wild_card:
            raise forbid(gettext_noop("{fighter} is a Wild Card: only Extras (статисты) panic "
                                      "by this rule"), "§2.13", field="params.fighters",
                         fighter=fighter.name)
        if not fighter.fighting_on:
            raise forbid(gettext_noop("{fighter} is out of the fight"), "§2.11",
                         field="params.fighters", fighter=fighter.name)
        if fighter.panicked:
            raise forbid(gettext_noop("{fighter} is in panic already"), "§2.13",
                         field="params.fighters", fighter=fighter.name)
    first = named[0][1]
    other = next((fighter for _, fighter in named if fighter.side != first.side), None)
    if other is not None:
        side_name = dict(zip(state.sides, state.side_names, strict=True))
        raise forbid(gettext_noop("the fighters who panic are of one side: {first} fights for "
                                  "{first_side}, {other} for {other_side}; enter each side's "
                                  "panic on its own"), "§2.13", field="params.fighters",
                     first=first.name, first_side=side_name[first.side], other=other.name,
                     other_side=side_name[other.side])
    return named


def panic_validate(state: Battle, command: Command) -> None:
    _named(state, command)


def panic_declare(state: Battle, command: Command) -> Step:
    named = _named(state, command)
    for i, fighter in named:
        state = state.with_fighter(i, fighter._replace(
            panicked=True, aimed_at=None, aimed_turn=None, hold_cell=None, held_turn=None,
            hold_line=None, ready_melee_turn=None))
    names = ", ".join(fighter.name for _, fighter in named)
    return Step(state, (Effect(
        "panicked", f"Panic: {names} (§2.13; the morale test is not in the text, "
        f"{AT_THE_TABLE})", named[0][1].id, {"fighters": names}),))


# --- fleeing off the map ---------------------------------------------------------------------


def flee_validate(state: Battle, command: Command) -> tuple[int, Fighter]:
    i, fighter = _acting(state, command)
    if not fighter.panicked:
        raise forbid(gettext_noop("{fighter} is not in panic"), "§2.13", fighter=fighter.name)
    not_moved(fighter)
    if fighter.prone:
        raise forbid(gettext_noop("{fighter} is prone and stays down"), "§2.13",
                     fighter=fighter.name)
    if not any(not state.on_map(cell) for cell in flight_cells(state, fighter, movement.WALK)):
        raise forbid(gettext_noop("{fighter} leaves the battlefield only by a step off the "
                                  "map's edge directly away from the enemy"), "§2.13",
                     fighter=fighter.name)
    return i, fighter


def _flee_check(state: Battle, command: Command) -> None:
    flee_validate(state, command)


def flee_declare(state: Battle, command: Command) -> Step:
    i, fighter = flee_validate(state, command)
    fled = fighter._replace(condition=panic.FLED, moved=True)
    return Step(state.with_fighter(i, fled), (Effect(
        "fled", f"{fighter.name} flees the battlefield: out of the battle, not a casualty",
        fighter.id, {"fighter": fighter.name}),))


# --- a commander stops the flight -------------------------------------------------------------


def _rally(state: Battle, command: Command) -> tuple[int, Fighter, list[int], bool]:
    """(commander, his index, the panicked in the squad he names, whether it stopped)."""
    i, fighter = _acting(state, command)
    if not panic.is_commander(fighter.rank, fighter.wild_card,
                              reading=state.options.panic_commander):
        raise forbid(gettext_noop("{fighter} is not a commander (mercenary, sergeant or "
                                  "lieutenant): only a commander stops the flight"), "§2.13",
                     fighter=fighter.name)
    if fighter.shaken:
        raise forbid(gettext_noop("{fighter} is Shaken: only moving and free actions"),
                     "§2.10", fighter=fighter.name)
    squad = command.params.get("squad")
    if not any(s.id == squad and s.side == fighter.side for s in state.squads):
        raise RuleError("bad_command", field="params.squad", params={"squad": squad},
                        template=gettext_noop("there is no squad {squad!r} on his side"))
    panicked = [j for j, f in enumerate(state.fighters)
                if f.squad == squad and f.panicked and f.fighting_on]
    if not panicked:
        raise forbid(gettext_noop("nobody of {squad} is in panic"), "§2.13",
                     field="params.squad", squad=state.squad_name(squad))
    stopped = _stopped(state, command.params.get("stopped", True))
    _one_more_action(fighter)
    return i, fighter, panicked, stopped


def _stopped(state: Battle, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleError("bad_command", field="params.stopped",
                        template=gettext_noop("whether the flight stopped is true or false"))
    if state.options.panic_rally == panic.SUCCEEDS and not value:
        raise forbid(gettext_noop("in this battle a commander's order simply stops the flight "
                                  "(reading panic_rally)"), "§2.13", field="params.stopped")
    return value


def stop_panic_validate(state: Battle, command: Command) -> None:
    _rally(state, command)


def stop_panic_declare(state: Battle, command: Command) -> Step:
    i, fighter, panicked, stopped = _rally(state, command)
    state = state.with_fighter(i, fighter._replace(actions=fighter.actions + 1))
    squad = state.squad_name(command.params["squad"])
    data = {"fighter": fighter.name, "squad": squad}
    if state.options.panic_rally == panic.SUCCEEDS:
        kind, text = "panic_ordered", (f"{fighter.name} stops the flight of {squad} (§2.13; "
                                       "this battle's reading: a commander's order stops it)")
    elif stopped:
        kind, text = "panic_stopped", (f"{fighter.name} stops the flight of {squad} (§2.13; "
                                       f"the rally is not in the text, {AT_THE_TABLE})")
    else:
        kind, text = "panic_goes_on", (f"{fighter.name} does not stop the flight of {squad} "
                                       f"(§2.13; the rally is not in the text, {AT_THE_TABLE})")
    if stopped:
        for j in panicked:
            state = state.with_fighter(j, state.fighters[j]._replace(panicked=False))
    return Step(state, (Effect(kind, text, fighter.id, data),))


# --- the catalogue and the summary -----------------------------------------------------------


def table_commands(state: Battle) -> list[CommandSpec]:
    """``panic`` for the Extras still in the fight and not in panic, of any side; who panics
    has no default (the table's test says, a pre-ticked man would be a guess)."""
    extras = tuple(Choice(f.id, f.name) for f in state.fighters
                   if not f.wild_card and f.fighting_on and not f.panicked)
    if not extras:
        return []
    return [CommandSpec("panic", "panic (the table's morale test)",
                        "§2.13", params=(ParamSpec(
                            "fighters", "who panic", "unit", choices=extras,
                            multiple=True),))]


def commands(state: Battle, fighter: Fighter,
             valid: Callable[..., bool]) -> list[CommandSpec]:
    """``flee`` for a panicked man at the map's edge, ``stop_panic`` for a commander, with
    the squads of his side in panic (``valid``: the system's check of a declaration)."""
    specs = []
    if valid(state, "flee", fighter):
        specs.append(CommandSpec("flee", "flee the battlefield", "§2.13", fighter.id,
                                 fighter.name))
    squads = tuple(Choice(s.id, s.name) for s in state.squads
                   if valid(state, "stop_panic", fighter, {"squad": s.id}))
    if squads:
        params = [ParamSpec("squad", "squad", "choice", default=squads[0].value,
                            choices=squads)]
        if state.options.panic_rally == panic.TABLE:
            params.append(ParamSpec("stopped", "the table says it worked", "flag",
                                    default=True))
        specs.append(CommandSpec("stop_panic", "stop the flight", "§2.13", fighter.id,
                                 fighter.name, tuple(params)))
    return specs


def in_panic(state: Battle) -> tuple[Marker, ...]:
    """Who is in panic now, for his squad's card: no casualty, so not in the summary the
    campaign takes over (the panic ends with the battle)."""
    return tuple(Marker(f.squad, f.id, "panicked") for f in state.fighters
                 if f.panicked and f.fighting_on)


def fled(members: Sequence[Fighter]) -> int:
    """How many of a squad fled the battlefield in panic."""
    return sum(f.condition == panic.FLED for f in members)


RULEBOOK.register(
    Action("panic", "§2.13", panic_validate, panic_declare),
    Action("flee", "§2.13", _flee_check, flee_declare),
    Action("stop_panic", "§2.13", stop_panic_validate, stop_panic_declare),
)
