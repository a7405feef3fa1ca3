"""Panic (digest §2.14).

**The panic test** (procedure ``panic_test``, started from the queue) is a reaction test at
threat 0: the squad's quality die must roll more than its leadership
(:func:`rules.steelwar.panic.panic_test`).

- Pass: any panic ends and the squad never panics again this battle (``panic_immune``).
- Fail: the squad panics (``panicking``) and loses one morale grade; every failed panic test
  costs a grade. A panicking squad can do nothing in its activations but try to end the panic
  (``panic_recovery``, which takes the whole activation). If it fails during its own
  activation, the rest of that activation is lost. If it fails outside its own activation,
  by default it spends its next activation on the recovery test
  (``options.panic_outside_activation = "next_activation_spent"``); under
  ``"next_activation_free"`` the failed test counts as its activation of this turn and it is
  not left panicking.

A squad in "Not one step back!" passes every reaction test (§2.15): it takes no panic test, and
its recovery test passes. A squad that once passed a panic test takes none for the normal
triggers; a psionic can still force one (§2.16: psionics cause panic "when the normal rules
forbid it"), and androids resist it on the worse of their quality die and d6
(``options.android_psi_resist``).

**What panics whom** (each the first time it happens, :func:`rules.steelwar.panic.
panic_triggers_for`, ``options.panic_triggers_cumulative``):

- untrained: the first enemy combat unit in direct line of sight -- the observation chapter is
  missing, so the players declare it: ``enemy_in_sight`` (unit: the squad that sees; params
  ``enemy``: the enemy squad, ``armoured``: it is armour or power armour, by default true when
  it has a power-armour figure in the ranks);
- recruits: the first enemy armour or power armour seen (``enemy_in_sight``), or the first
  time they are fired upon (fire calls :func:`followups_after_fired_upon`);
- regulars: fearsome enemy soldiers charge them (melee calls
  :func:`followups_after_fearsome_charge`);
- veterans and elite: never.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution, die
from rules.core.system import Effect, Step
from rules.steelwar import effects
from rules.steelwar.actions import morale_test
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    forbid,
    request,
    spend_actions,
    then,
)
from rules.steelwar.commands import acting_squad, param, text
from rules.steelwar.panic import (
    PANIC_FAILURE_GRADE_CHANGE,
    panic_possible,
    panic_test,
    panic_triggers_for,
)
from rules.steelwar.reaction import reaction_threat
from rules.steelwar.state import BattleState, Followup, Resolution, Squad
from rules.steelwar.tables import PANIC_EVENTS

NAME = "panic_test"
RECOVERY = "panic_recovery"
SIGHT = "enemy_in_sight"
RULE = "§2.14"
KEY = "panic.quality"
#: The cause of a panic test that is neither a quality trigger nor the recovery attempt.
PSI = "psi"
RECOVERY_EVENT = "recovery"
_WHY = {**PANIC_EVENTS, PSI: "a psionic's panic power (§3.6)",
        RECOVERY_EVENT: "an attempt to end the panic"}


class Context(NamedTuple):
    """``event``: what caused the test (a panic event of §2.14, ``psi`` or ``recovery``);
    ``psi``: the test resists a psi power (androids roll worse, §2.16)."""

    event: str
    psi: bool = False


# --- the test -----------------------------------------------------------------------------------


def start(battle: BattleState, i: int, ctx: Context) -> Step:
    """Take a panic test now (queued by whatever caused it)."""
    squad = battle.squads[i]
    if not squad.on_table or not squad.fighting_figures():
        return done(battle)
    if squad.no_step_back:
        return done(battle, (effects.auto_pass(squad, "panic", "Not one step back!", "§2.15"),))
    if not ctx.psi and not panic_possible(panic_immune=squad.panic_immune):
        return done(battle, (effects.no_panic_test(
            squad, "it passed a panic test earlier and never panics again this battle (§2.14)"),))
    return _ask(battle, i, ctx)


def _ask(battle: BattleState, i: int, ctx: Context, fx=()) -> Step:
    squad = battle.squads[i]
    sides = morale_test.resist_die(battle, squad, ctx.psi)
    what = "quality die" if sides == squad.quality else "die (an android resisting psi)"
    label = f"{squad.name} {what} d{sides} (panic test: {_WHY[ctx.event]})"
    return ask_dice(battle, NAME, "test", i, ctx, (request(KEY, label, sides, 1, squad.id),), fx)


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    ctx: Context = res.ctx
    i = res.unit
    squad = battle.squads[i]
    sides = morale_test.resist_die(battle, squad, ctx.psi)
    roll = rolls[KEY][0]
    passed = panic_test(roll, squad.leadership, die=sides, options=battle.options)
    threshold = squad.leadership + reaction_threat("panic_event", options=battle.options)
    fx: list[Effect] = [effects.test_rolled(squad, "panic", roll, sides, threshold, passed, RULE,
                                            f"keep its nerve ({_WHY[ctx.event]})")]
    if passed:
        squad = squad._replace(panicking=False, panic_immune=True)
        fx.append(effects.panic_ended(squad, True))
        return done(battle.with_squad(i, squad), fx)
    return _panics(battle, i, fx, "a failed panic test")


def _panics(battle: BattleState, i: int, fx: list[Effect], why: str) -> Step:
    """A failed panic test: one grade lost, and the squad panics (see the module docstring for
    a failure outside its own activation)."""
    squad, lost = morale_test.change_morale(battle, battle.squads[i],
                                            PANIC_FAILURE_GRADE_CHANGE, f"panic, {RULE}")
    fx.extend(lost)
    if not squad.on_table:
        return done(battle, fx, squads=battle.squads_with(i, squad))
    act = battle.activation
    own = act is not None and act.squad == i
    if own:  # "the squad does nothing this activation"
        act = act._replace(actions_used=2)
    elif battle.options.panic_outside_activation == "next_activation_free":
        fx.append(effects.activation_lost(squad, i in battle.activated, "a failed panic test",
                                          "§2.14, options.panic_outside_activation"))
        return done(battle, fx, squads=battle.squads_with(i, squad),
                    activated=battle.activated | {i})
    fx.append(effects.panic_began(squad, why))
    return done(battle, fx, squads=battle.squads_with(i, squad._replace(panicking=True)),
                activation=act)


def fall_into_panic(battle: BattleState, i: int, why: str) -> Step:
    """The squad panics without a test and without losing a grade (the psi blast, §3.6)."""
    squad = battle.squads[i]
    if squad.no_step_back:
        return done(battle, (effects.auto_pass(squad, "panic", "Not one step back!", "§2.15"),))
    return done(battle.with_squad(i, squad._replace(panicking=True)),
                (effects.panic_began(squad, why),))


# --- recovery: a whole activation -------------------------------------------------------------


def _recovering(battle: BattleState, cmd: Command) -> int:
    i, squad = acting_squad(battle, cmd, actions=2, panicking=True)
    if not squad.panicking:
        raise forbid(gettext_noop("{squad} is not panicking"), RULE, squad=squad.name)
    return i


def validate_recovery(battle: BattleState, cmd: Command) -> None:
    _recovering(battle, cmd)


def declare_recovery(battle: BattleState, cmd: Command) -> Step:
    i = _recovering(battle, cmd)
    battle = spend_actions(battle, 2)
    squad = battle.squads[i]
    if squad.no_step_back:
        squad = squad._replace(panicking=False)
        return done(battle.with_squad(i, squad), (
            effects.auto_pass(squad, "panic", "Not one step back!", "§2.15"),
            effects.panic_ended(squad, False)))
    return _ask(battle, i, Context(RECOVERY_EVENT))


def odds_recovery(battle: BattleState, cmd: Command) -> Distribution:
    """Exact odds that the recovery test ends the panic."""
    i = _recovering(battle, cmd)
    squad = battle.squads[i]
    if squad.no_step_back:
        return Distribution.certain(True)
    return die(squad.quality).map(lambda r: panic_test(r, squad.leadership,
                                                       options=battle.options))


# --- triggers -------------------------------------------------------------------------------------


def _triggered(battle: BattleState, squad: Squad, event: str) -> bool:
    """Whether ``event`` panics ``squad`` (its quality) and it can still panic at all."""
    return panic_possible(panic_immune=squad.panic_immune, no_step_back=squad.no_step_back) \
        and panic_triggers_for(squad.quality, event, options=battle.options)


def followups_after_fired_upon(battle: BattleState, i: int) -> tuple[Followup, ...]:
    """§2.14: recruits panic the first time they are fired upon in the battle. Call it while the
    squad's ``ever_fired_upon`` still says whether it was fired upon before this shot; queue
    what it returns."""
    squad = battle.squads[i]
    if squad.ever_fired_upon or not _triggered(battle, squad, "first_fired_upon"):
        return ()
    return (then(NAME, i, Context("first_fired_upon")),)


def followups_after_fearsome_charge(battle: BattleState, defender: int, attacker: int
                                    ) -> tuple[Followup, ...]:
    """§2.14: regulars panic when fearsome enemy soldiers charge them in melee (a squad in "Not
    one step back!" counts as fearsome, §2.15). Queue what it returns."""
    charger, squad = battle.squads[attacker], battle.squads[defender]
    if not (charger.fearsome or charger.no_step_back):
        return ()
    if not _triggered(battle, squad, "fearsome_charge"):
        return ()
    return (then(NAME, defender, Context("fearsome_charge")),)


def _sighting(battle: BattleState, cmd: Command) -> tuple[int, Squad, Squad, bool]:
    if cmd.unit is None:
        raise forbid(gettext_noop("{action} needs the 'unit' that sees the enemy"), RULE, "unit",
                     action=SIGHT)
    i, squad = battle.squad(cmd.unit)
    _, enemy = battle.squad(text(cmd, "enemy"))
    if enemy.side == squad.side:
        raise forbid(
            gettext_noop("{enemy} is not an enemy of {squad}"),
            RULE,
            "params.enemy",
            enemy=enemy.name,
            squad=squad.name,
        )
    if not squad.on_table or not enemy.on_table:
        raise forbid(gettext_noop("both squads must be on the table"), RULE)
    armoured = param(cmd, "armoured", None)
    if armoured is None:
        armoured = any(f.armour == "power_armour" and f.fighting for f in enemy.figures)
    elif not isinstance(armoured, bool):
        raise RuleError("bad_command", template=gettext_noop("armoured must be true or false"),
                        field="params.armoured")
    return i, squad, enemy, armoured


def validate_sight(battle: BattleState, cmd: Command) -> None:
    _sighting(battle, cmd)


def declare_sight(battle: BattleState, cmd: Command) -> Step:
    """An enemy unit comes into the squad's direct line of sight (a declared fact: the
    observation chapter is missing). The first enemy, and the first enemy armour, may panic
    it (§2.14)."""
    i, squad, enemy, armoured = _sighting(battle, cmd)
    events = []
    if not squad.seen_enemy:
        events.append("enemy_unit_first_seen")
    if armoured and not squad.seen_armour:
        events.append("enemy_armour_first_seen")
    seen = squad._replace(seen_enemy=True, seen_armour=squad.seen_armour or armoured)
    battle = battle.with_squad(i, seen)
    fx = (Effect("enemy_in_sight", f"{squad.name} sees {enemy.name}"
                 f"{' (armour)' if armoured else ''} in direct line of sight"
                 f"{': for the first time' if events else ''}", squad.id,
                 {"enemy": enemy.id, "armoured": armoured, "first": list(events)}),)
    followups = [then(NAME, i, Context(e)) for e in events if _triggered(battle, seen, e)][:1]
    return done(battle, fx, followups)


ACTIONS = (
    Action(RECOVERY, RULE, validate_recovery, declare_recovery, odds_recovery),
    Action(SIGHT, RULE, validate_sight, declare_sight),
)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice, start=start),)
