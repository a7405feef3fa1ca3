""""Not one step back!" -- berserks and last stands (digest §2.15).

**The test** (``no_step_back``) is voluntary. By default it is an action of the squad in its
own activation (``options.no_step_back_timing = "action"``; ``"free"``: at any moment, at no
action cost). All conditions must hold
(:func:`rules.steelwar.no_step_back.check_conditions`):

- the squad is in cover or prone (its recorded cover and prone marker);
- no friendly troops within 12" -- param ``nearest_friend``: inches to the nearest friendly
  troops, or null when there are none on the table;
- at least 3 enemy squads in direct line of sight that are neither retreating nor routing --
  param ``enemies``: the ids of the enemy squads in view; their morale is read from the state
  (``options.no_step_back_enemy_counts``);
- its morale is Shaken or better.

Roll d8 for the Keno Guard, d6 for everyone else (key ``no_step_back.test``): 6 or more.

- **Success:** the squad has no morale any more -- every morale and reaction test passes
  automatically (the morale-test and reaction procedures read ``Squad.no_step_back``); it is
  never suppressed (markers removed, ``options.no_step_back_clears_suppression``; fire gives
  it none) and it is fearsome in melee (:func:`fearsome`).
- **Failure:** the squad is removed from the table at once: its men scatter, or surrender
  when an enemy is within 12" (param ``nearest_enemy``: inches, or null) -- then its figures
  are prisoners.

**The end** (``end_no_step_back``, unit: the squad; param ``enemies``: the enemy squads still
in view): when no enemy is in view except Broken (and Routing, ``options.no_step_back_end``)
ones, the state ends and its morale becomes Steady (§2.15 says Steady outright, even for a
squad that started lower). Being wiped out ends it too.

A psionic can impose the state without conditions or test (:func:`enter`, §3.6).
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution, die
from rules.core.system import Step
from rules.steelwar import effects
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    forbid,
    request,
    spend_actions,
)
from rules.steelwar.commands import acting_squad, texts
from rules.steelwar.morale import STEADY
from rules.steelwar.no_step_back import (
    MORALE_AFTER,
    check_conditions,
    failure_outcome,
    no_step_back_die,
    no_step_back_test,
    state_ends,
)
from rules.steelwar.state import (
    DESTROYED,
    KILLED,
    PRISONER,
    REMOVED,
    SURRENDERED,
    BattleState,
    Resolution,
    Squad,
)
from rules.steelwar.tables import NO_STEP_BACK_SUCCESS

NAME = "no_step_back"
END = "end_no_step_back"
RULE = "§2.15"
KEY = "no_step_back.test"


class Context(NamedTuple):
    """``nearest_enemy``: inches to the nearest enemy (None: none), for a failure."""

    nearest_enemy: float | None


def fearsome(squad: Squad) -> bool:
    """§2.10/§2.15: a squad is fearsome in melee by nature or because it stands in "Not one
    step back!" (for the melee procedure)."""
    return squad.fearsome or squad.no_step_back


#: What the players must say of each distance, naming it as the form does: (left out, bad).
_ASK = {
    "nearest_friend": (
        gettext_noop("inches to the nearest friendly troops: give a number of inches or "
                     "\"none on the table\""),
        gettext_noop("inches to the nearest friendly troops: give a number of inches or "
                     "\"none on the table\", not {value!r}"),
    ),
    "nearest_enemy": (
        gettext_noop("inches to the nearest enemy: give a number of inches"),
        gettext_noop("inches to the nearest enemy: give a number of inches, not {value!r}"),
    ),
}


def _inches_or_none(cmd: Command, name: str) -> float | None:
    """A distance the players measure: inches, or null for "none on the table"."""
    missing, bad = _ASK[name]
    if name not in cmd.params:
        raise RuleError("bad_command", template=missing, field=f"params.{name}")
    value = cmd.params[name]
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)
                              or value < 0):
        raise RuleError("bad_command", template=bad, params={"value": value},
                        field=f"params.{name}")
    return value


def _grades_in_view(battle: BattleState, squad: Squad, cmd: Command) -> list[str]:
    """The morale grades of the enemy squads the players say are in view."""
    if "enemies" not in cmd.params:
        raise RuleError("bad_command", field="params.enemies", template=gettext_noop(
            "enemies in view: name the enemy squads in direct line of sight"))
    grades = []
    for enemy_id in texts(cmd, "enemies"):
        _, enemy = battle.squad(enemy_id)
        if enemy.side == squad.side:
            raise forbid(
                gettext_noop("{enemy} is not an enemy of {squad}"),
                RULE,
                "params.enemies",
                enemy=enemy.name,
                squad=squad.name,
            )
        if not enemy.on_table or not enemy.fighting_figures():
            raise forbid(
                gettext_noop("{enemy} is no longer on the table"),
                RULE,
                "params.enemies",
                enemy=enemy.name,
            )
        # a squad in "Not one step back!" has no morale, and it neither retreats nor routs
        grades.append(STEADY if enemy.no_step_back else enemy.morale)
    return grades


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Context]:
    if battle.options.no_step_back_timing == "action":
        i, squad = acting_squad(battle, cmd)
    else:
        if cmd.unit is None:
            raise forbid(gettext_noop("{action} needs a 'unit'"), RULE, "unit", action=NAME)
        i, squad = battle.squad(cmd.unit)
        if squad.panicking:
            raise forbid(
                gettext_noop(
                    "{squad} is panicking and can do nothing but tests to end the panic"
                ),
                "§2.14",
                squad=squad.name,
            )
    if not squad.on_table or not squad.fighting_figures():
        raise forbid(
            gettext_noop("{squad} is no longer on the table"),
            RULE,
            "unit",
            squad=squad.name,
        )
    if squad.no_step_back:
        raise forbid(
            gettext_noop("{squad} already stands in \"Not one step back!\""),
            RULE,
            squad=squad.name,
        )
    check_conditions(
        in_cover_or_prone=squad.cover != "none" or squad.prone,
        nearest_friend_inches=_inches_or_none(cmd, "nearest_friend"),
        visible_enemy_grades=_grades_in_view(battle, squad, cmd),
        morale=squad.morale,
        options=battle.options,
    )
    return i, Context(_inches_or_none(cmd, "nearest_enemy"))


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    i, ctx = _plan(battle, cmd)
    if battle.options.no_step_back_timing == "action":
        battle = spend_actions(battle)
    squad = battle.squads[i]
    sides = no_step_back_die(keno_guard=squad.keno_guard)
    req = request(KEY, f"{squad.name} \"Not one step back!\" die d{sides} (6 or more)", sides,
                  1, squad.id)
    return ask_dice(battle, NAME, "test", i, ctx, (req,))


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    i = res.unit
    squad = battle.squads[i]
    roll = rolls[KEY][0]
    passed = no_step_back_test(roll, keno_guard=squad.keno_guard)
    fx = [effects.no_step_back_test(squad, roll, no_step_back_die(keno_guard=squad.keno_guard),
                                    NO_STEP_BACK_SUCCESS, passed)]
    if passed:
        battle, entered = enter(battle, i, "the test is passed")
        return done(battle, fx + entered)
    outcome = failure_outcome(res.ctx.nearest_enemy)
    if outcome == "surrendered":
        figures = tuple(f if f.status in (KILLED, DESTROYED) else f._replace(status=PRISONER)
                        for f in squad.figures)
        squad = squad._replace(presence=SURRENDERED, figures=figures)
    else:
        squad = squad._replace(presence=REMOVED)
    fx.append(effects.squad_removed(squad, outcome, RULE))
    return done(battle.with_squad(i, squad), fx)


def enter(battle: BattleState, i: int, why: str) -> tuple[BattleState, list]:
    """Squad ``i`` enters "Not one step back!" (after its test, or imposed by a psionic)."""
    squad = battle.squads[i]
    markers = squad.suppression if battle.options.no_step_back_clears_suppression else 0
    squad = squad._replace(no_step_back=True, suppression=squad.suppression - markers)
    return battle.with_squad(i, squad), [effects.no_step_back_entered(squad, markers, why)]


def odds(battle: BattleState, cmd: Command) -> Distribution:
    """Exact odds that the test succeeds."""
    i, _ = _plan(battle, cmd)
    keno = battle.squads[i].keno_guard
    return die(no_step_back_die(keno_guard=keno)).map(
        lambda r: no_step_back_test(r, keno_guard=keno))


# --- the end of the state ---------------------------------------------------------------------


def _plan_end(battle: BattleState, cmd: Command) -> int:
    if cmd.unit is None:
        raise forbid(gettext_noop("{action} needs a 'unit'"), RULE, "unit", action=END)
    i, squad = battle.squad(cmd.unit)
    if not squad.no_step_back:
        raise forbid(
            gettext_noop("{squad} is not in \"Not one step back!\""),
            RULE,
            squad=squad.name,
        )
    if not state_ends(_grades_in_view(battle, squad, cmd), options=battle.options):
        allowed = ("Broken or Routing" if battle.options.no_step_back_end == "broken_or_routing"
                   else "Broken")
        raise forbid(
            gettext_noop(
                "\"Not one step back!\" ends only when no enemy but {allowed} ones is left in view "
                "of {squad}"
            ),
            RULE,
            "params.enemies",
            allowed=allowed,
            squad=squad.name,
        )
    return i


def validate_end(battle: BattleState, cmd: Command) -> None:
    _plan_end(battle, cmd)


def declare_end(battle: BattleState, cmd: Command) -> Step:
    i = _plan_end(battle, cmd)
    squad = battle.squads[i]._replace(no_step_back=False, morale=MORALE_AFTER)
    return done(battle.with_squad(i, squad), (effects.no_step_back_ended(squad, MORALE_AFTER),))


ACTIONS = (
    Action(NAME, RULE, validate, declare, odds),
    Action(END, RULE, validate_end, declare_end),
)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice),)
