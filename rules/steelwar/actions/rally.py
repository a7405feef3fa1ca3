"""The inspiration (rally) test (digest §2.18; examples #21, #23, #24).

Only a commander directly above the squad in its chain of command may rally it: its platoon,
company, battalion commander... in the direct vertical line (the 2nd platoon's commander of
the 3rd company cannot rally the 1st platoon). He must be on the table and in contact with the
squad: radio or telephone on both sides, or within 6" and in direct line of sight. The rally
is one action **of the commander's unit**, so up to twice per activation.

1. **Comms test** (skipped within 6" in line of sight, ``options.rally_contact_inclusive``):
   the commander's quality die, one step worse per bypassed link of the chain (a company
   commander rallying a squad bypasses its platoon commander), impossible below d4
   (``options.comms_below_d4``), must roll more than the worse leadership of the two
   (:func:`rules.steelwar.rally.comms_test`). A psionic commander rolls the better of his psi
   and quality dice; two psionic commanders always reach each other (§2.16). A failure spends
   the action.
2. **Rally roll**: the squad's quality die must roll more than officer leadership + squad
   leadership + the squad's current threat level (the "+" factors that apply now,
   ``options.rally_threat``); success raises its morale one grade, never above its starting
   grade (:func:`rules.steelwar.rally.rally_result`).

The chain of command comes from the setup (``chain`` and ``commands`` of each squad, see
:mod:`rules.steelwar.battle_setup`): a squad's place in it is ``chain + (its id,)``, an
officer's unit's place the formation it ``commands``.

``rally`` (unit: the commander's unit) params: ``squad`` (the squad rallied), ``distance``
(inches between them), ``line_of_sight`` (default false), ``radio`` (both have radio or
telephone, default false). Rallying is an order like any other: a Broken or Routing commander
may not give it (§3.5), nor by default a suppressed one (§2.7 lists what suppressed infantry
may do and the rally is not among them; ``options.suppressed_commander_may_rally``).

The rally roll alone is also a procedure other chapters start (:func:`rally_roll`): the psi
power "inspire" (§3.6) rallies as if the psionic were the squad's direct commander standing
next to it.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import Sentence, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution, die
from rules.core.system import Step
from rules.steelwar import effects, terms
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
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    check_suppression_allows,
    flag,
    number,
    text,
)
from rules.steelwar.rally import (
    check_rally_allowed,
    comms_die,
    comms_needed,
    comms_test,
    rally_current_threat,
    rally_result,
    rally_threshold,
)
from rules.steelwar.state import BattleState, Resolution, Squad

NAME = "rally"
RULE = "§2.18"
COMMS_KEY = "rally.comms"
RALLY_KEY = "rally.quality"


class Context(NamedTuple):
    """``officer``: the rallying unit (None for a psionic's inspire); ``leadership``: the
    officer's leadership in the threshold; ``comms``: the comms die (None = no comms test)."""

    officer: int | None
    officer_name: str
    leadership: int
    comms: int | None = None
    links: int = 0


class Plan(NamedTuple):
    officer: int
    squad: int
    ctx: Context
    contact: str | None  # why no comms test is needed, or None


def place_in_chain(squad: Squad) -> tuple[str, ...]:
    """Where ``squad`` sits in the chain of command (§2.18): an officer's unit at the formation
    its commander leads, any other squad below the formations of its ``chain``."""
    return squad.commands or squad.chain + (squad.id,)


def commander_psi_die(squad: Squad) -> int | None:
    """The psi die of the squad's commander, if he is a psionic in the ranks (§2.16: psionics
    communicate telepathically)."""
    for figure in squad.figures:
        if figure.role == "commander" and figure.fighting:
            return figure.psi_die
    return None


def _plan(battle: BattleState, cmd: Command) -> Plan:
    o, officer = acting_squad(battle, cmd)
    s, squad = battle.squad(text(cmd, "squad"))
    distance = number(cmd, "distance")
    line_of_sight = flag(cmd, "line_of_sight")
    radio = flag(cmd, "radio")
    if not officer.commands:
        raise forbid(
            gettext_noop(
                "{officer} commands no formation: only a commander directly above a squad in its "
                "chain of command may rally it"
            ),
            RULE,
            "unit",
            officer=officer.name,
        )
    if squad.side != officer.side:
        raise forbid(gettext_noop("{officer} cannot rally {squad}, a squad of the enemy"), RULE,
                     "params.squad", officer=officer.name, squad=squad.name)
    if not squad.on_table:
        raise forbid(gettext_noop("{squad} is no longer on the table ({presence})"), RULE,
                     "params.squad", squad=squad.name, presence=terms.presence(squad.presence))
    if squad.no_step_back:
        raise forbid(
            gettext_noop(
                "{squad} stands in \"Not one step back!\" and has no morale to raise"
            ),
            "§2.15",
            "params.squad",
            squad=squad.name,
        )
    check_morale_allows(battle, officer, "other")
    if not battle.options.suppressed_commander_may_rally:
        check_suppression_allows(
            officer, NAME, Sentence(gettext_noop("rally {squad}"), squad=squad.name))
    opts = battle.options
    links = check_rally_allowed(
        officer_path=place_in_chain(officer),
        squad_path=place_in_chain(squad),
        officer_on_table=officer.on_table,
        both_have_radio=radio,
        distance=distance,
        line_of_sight=line_of_sight,
        options=opts,
    )
    officer_psi, squad_psi = commander_psi_die(officer), commander_psi_die(squad)
    ctx = Context(o, officer.name, officer.leadership, None, links)
    if not comms_needed(distance, line_of_sight, options=opts):
        return Plan(o, s, ctx, f"within 6\" and in direct line of sight ({distance:g}\")")
    if officer_psi is not None and squad_psi is not None:
        return Plan(o, s, ctx, "both commanders are psionics and speak telepathically (§2.16)")
    die_ = comms_die(officer.quality, links, psi_die=officer_psi, options=opts)
    if die_ is None:
        message = gettext_noop(
            "{officer} cannot reach {squad}: its quality die d{quality} worsened by {links} "
            "bypassed link of the chain of command falls below d4") if links == 1 else gettext_noop(
            "{officer} cannot reach {squad}: its quality die d{quality} worsened by {links} "
            "bypassed links of the chain of command falls below d4")
        raise forbid(message, RULE, officer=officer.name, squad=squad.name,
                     quality=officer.quality, links=links)
    return Plan(o, s, ctx._replace(comms=die_), None)


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    plan = _plan(battle, cmd)
    battle = spend_actions(battle)
    officer, squad = battle.squads[plan.officer], battle.squads[plan.squad]
    if plan.contact is not None:
        return rally_roll(battle, plan.squad, plan.ctx,
                          (effects.comms_automatic(officer, squad, plan.contact),))
    ctx = plan.ctx
    bypassed = (f", d{officer.quality} one step worse per bypassed link ({ctx.links})"
                if ctx.links else "")
    request_ = request(COMMS_KEY, f"{officer.name} comms die d{ctx.comms}{bypassed} to reach "
                       f"{squad.name} (§2.18)", ctx.comms, 1, officer.id)
    return ask_dice(battle, NAME, "comms", plan.squad, ctx, (request_,))


def rally_roll(battle: BattleState, i: int, ctx: Context, fx=()) -> Step:
    """Stage 2: ask the squad's quality die for the rally roll."""
    squad = battle.squads[i]
    if not squad.on_table or not squad.fighting_figures() or squad.no_step_back:
        return done(battle, fx)
    die_ = request(RALLY_KEY, f"{squad.name} quality die d{squad.quality} (rally test by "
                   f"{ctx.officer_name})", squad.quality, 1, squad.id)
    return ask_dice(battle, NAME, "rally", i, ctx, (die_,), fx)


def start(battle: BattleState, i: int, ctx: Context) -> Step:
    """From the queue: the rally roll without a comms test (the psi power "inspire")."""
    return rally_roll(battle, i, ctx)


def inspire(i: int, officer_name: str, leadership: int):
    """A follow-up: ``i`` takes a rally test as if ``officer_name`` (of ``leadership``) were
    its direct commander standing next to it (§3.6 "inspire")."""
    return then(NAME, i, Context(None, officer_name, leadership))


def threat(battle: BattleState, squad: Squad) -> int:
    """The squad's current threat level for the rally (§2.18, ``options.rally_threat``)."""
    motivation = battle.sides[squad.side].motivation
    return rally_current_threat(morale_test.additives(squad), motivation, options=battle.options)


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    ctx: Context = res.ctx
    squad = battle.squads[res.unit]
    if res.stage == "comms":
        officer = battle.squads[ctx.officer]
        roll = rolls[COMMS_KEY][0]
        passed = comms_test(roll, ctx.leadership, squad.leadership, die=ctx.comms)
        fx = (effects.test_rolled(officer, "comms", roll, ctx.comms,
                                  max(ctx.leadership, squad.leadership), passed, RULE,
                                  f"reach {squad.name}"),)
        if not passed:
            return done(battle, fx)
        return rally_roll(battle, res.unit, ctx, fx)
    roll = rolls[RALLY_KEY][0]
    level = threat(battle, squad)
    threshold = rally_threshold(ctx.leadership, squad.leadership, level)
    new = rally_result(roll, ctx.leadership, squad.leadership, level, squad.morale,
                       squad.starting_morale, die=squad.quality)
    passed = roll > threshold
    fx = [effects.rally_test(squad, ctx.officer_name, roll, squad.quality, threshold,
                             f"officer {ctx.leadership} + squad {squad.leadership} + threat "
                             f"{level}", passed)]
    if passed:
        fx.append(effects.morale_raised(squad, squad.morale, new, f"rallied by "
                                        f"{ctx.officer_name}, {RULE}"))
        battle = battle.with_squad(res.unit, squad._replace(morale=new))
    return done(battle, fx)


def odds(battle: BattleState, cmd: Command) -> Distribution:
    """Exact odds of the squad's morale after the rally (both stages)."""
    plan = _plan(battle, cmd)
    squad = battle.squads[plan.squad]
    ctx = plan.ctx
    level = threat(battle, squad)

    def rallied(roll: int) -> str:
        return rally_result(roll, ctx.leadership, squad.leadership, level, squad.morale,
                            squad.starting_morale)

    after = die(squad.quality).map(rallied)
    if ctx.comms is None:
        return after
    reached = die(ctx.comms).map(lambda r: comms_test(r, ctx.leadership, squad.leadership))
    return reached.bind(lambda ok: after if ok else Distribution.certain(squad.morale))


ACTIONS = (Action(NAME, RULE, validate, declare, odds),)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice, start=start),)
