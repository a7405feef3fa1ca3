"""Melee, close combat (digest §2.10; examples #14-#17), from the charge to the prisoners.

``charge`` (unit: the attacking squad, under activation) params:

- ``target``: the enemy squad attacked;
- ``distance``: inches from the attackers to that enemy before the charge;
- ``terrain`` (an id or a list, the worst class counts), or ``path``, and ``surrounding``:
  the ground of the charge move, as for ``move`` (§2.1);
- ``cover``: the attackers' cover where a charge move ends short of the enemy (default
  ``none``; it is what the defender's free shot faces);
- ``blades``: cavalry charges "with blades" (each rider counts as two attackers, and the
  charge is fearsome);
- ``melee_terrain``: the terrain id where the fight takes place (riders on terrain easy for
  cavalry fight at +2 steps); default: the last terrain of the charge.

``continue_melee`` (unit: either squad of a melee that went on): the next round.

The stages, in the book's order (``rules.steelwar.melee`` computes every rule):

1. **Who fights.** Only infantry and cavalry: robots, power-armour suits and man-sized
   weapons do not fight (``melee.can_melee``); a squad with nobody who can is refused, as
   attacker or as target. Broken and Routing squads never charge; a Shaken squad may, at
   threat +3 (``melee.charge_threat``, ``options.shaken_may_charge``). As with any move, a
   suppressed squad may not charge (§2.7), a prone one first passes the reaction test to move
   without standing up, and a Shaken one in cover the test to leave it (§2.4, §2.13).
2. **Charge test** (``charge.quality``): quality die > leadership + threat (Confident 0, a
   PROPOSED option; Steady +1; Shaken +3; example #14). Failure loses the whole activation
   and the squad may not try again this turn (§2.13). A berserk passes (§2.15).
3. **Charge move** (``charge.move``): a combat move, 2d6" divided by terrain
   (``movement.combat_move``); it connects when the attackers end within 2" of the enemy
   (``melee.charge_connects``): declared distance - allowance <= 2.
4. **Falls short.** The defender gets one free shot (decision ``charge.free_fire``: the
   figures that fire, none to decline), resolved by the fire procedure with
   ``suppresses=False`` (only hits count). It obeys what the defender's state allows any
   shot: none when suppressed, panicking or forbidden by its morale. Casualties: the
   attackers test (``charge.retest``) quality > leadership + 1 per casualty; pass -> a
   second combat move (``charge.second_move``), fail -> a suppression marker and back to
   the starting position. No casualties: the second move without a test (PROPOSED,
   ``options.charge_short_no_casualties``). Still short: the charge fails
   (``options.charge_still_short``). A squad that the free shot's morale test left Broken
   or Routing no longer charges.
5. **Contact.** Regulars charged by fearsome enemies take a panic test first
   (:func:`.panic.followups_after_fearsome_charge`). Then the defender's morale test (queued
   ``morale_test`` with a computed threat): outnumbering ``max(1, attackers // defenders)``
   when they outnumber it, a rider with blades counting 2, plus the "+" factors, the whole
   threat doubled by fearsome attackers (the Keno Guard, riders with blades, berserks, any
   squad set ``fearsome``; ``melee.defender_threshold``). Fails: it lost its grades in the
   test and falls back 6"; the melee ends and the attacker holds. A Routing defender
   surrenders instead (§2.12: an enemy is within 12").
6. **Pairing** (decision ``melee.pairs``, several values ``"<attacker figure>/<defender
   figure>"``, or ``"default"``, the first option: the figures in order, the spare ones
   spread over the pairs). ``melee.validate_pairing``: everyone faces at least one enemy,
   nobody stands idle (example #15).
7. **Melee dice** (``melee.attacker.<figure>``, ``melee.defender.<figure>``: figure ids are
   unique only within a squad): ``melee.melee_die`` (quality die, rider on easy terrain +2,
   flamethrower +2, cold weapon +1 (``Figure.cold_weapon``), pistol/shotgun/SMG +1, at most
   d12; example #16). ``melee.resolve_melee``: the lower roll of every pair falls; a figure
   facing several is compared with each (example #17). Ties roll again at once by default
   (``options.melee_tie``). The fallen are ``lost_in_melee`` until the melee ends.
8. **After the round** (``melee.post_melee_test_order``): the side with more casualties
   takes a morale test at +1 per casualty (plus the "+" factors); if it passes, the other
   side tests at +1 per its own casualty; equal casualties: the defender first (options). The
   side that fails falls back 6" having lost its grades; the other wins. A side with nobody
   left in the fight loses without a test. If neither fails, the melee goes on next turn
   (``Squad.engaged_with``): the first of the two squads activated in a later turn declares
   ``continue_melee`` (one action), and a new round is paired and fought. Neither squad
   may charge elsewhere meanwhile, nor may a third squad charge into it (the source has no
   rule for joining a melee).
9. **Fates** (``fate.attacker.<figure>``, ``fate.defender.<figure>``, d6 each, once the
   melee is over; ``melee.melee_fate``): 1-2 killed, 3-4 wounded, 5-6 unharmed. The
   winner's unharmed return to the ranks, its wounded become unchecked casualties
   (``options.melee_winner_wounded``); the loser's unharmed and wounded become prisoners,
   ``Figure.captured_by`` naming the winner's side. A commander lost this way is replaced
   (§2.9).

Engine readings, where the source is silent: a charge is one action (a failed test spends
the rest of the activation); so is ``continue_melee``; the attackers' cover after a charge
move is its ``cover`` parameter; who wins a melee whose side surrendered or was wiped out is
the other side.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution, die
from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.steelwar import effects, tables, terms
from rules.steelwar.actions import commander, fire, morale_test, no_step_back, panic, reaction
from rules.steelwar.actions.hits import hit_kind
from rules.steelwar.actions.movement import _terrain as charge_terrain
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_decision,
    ask_dice,
    done,
    forbid,
    request,
    spend_actions,
    then,
)
from rules.steelwar.actions.surrender import surrender
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    check_suppression_allows,
    choice,
    flag,
    is_vehicle,
    number,
    param,
    text,
)
from rules.steelwar.firepower import SUPPRESS, suppression_after_fire
from rules.steelwar.melee import (
    after_short_charge,
    attacker_count,
    can_melee,
    charge_connects,
    charge_retry_threat,
    charge_test,
    charge_threat,
    continuing_pairs,
    defender_threshold,
    melee_casualty_outcome,
    melee_die,
    melee_fate,
    outnumber_threat,
    post_melee_test_order,
    resolve_melee,
    validate_pairing,
)
from rules.steelwar.morale import is_better, surrenders
from rules.steelwar.movement import combat_move, move_allowance
from rules.steelwar.reaction import reaction_test
from rules.steelwar.state import (
    COVERS,
    FIGHTING,
    KILLED,
    LOST_IN_MELEE,
    OK,
    ON_TABLE,
    PRISONER,
    RETURNED,
    WEAPON,
    WOUNDED_UNCHECKED,
    BattleState,
    Figure,
    Followup,
    Resolution,
    Squad,
)

NAME = "charge"
MELEE = "melee"
CONTINUE = "continue_melee"
RULE = "§2.10"

TEST_KEY = "charge.quality"
MOVE_KEYS = ("charge.move", "charge.second_move")
RETEST_KEY = "charge.retest"
FREE_FIRE_KEY = "charge.free_fire"
PAIRS_KEY = "melee.pairs"
DEFAULT = "default"
ATTACKER, DEFENDER = "attacker", "defender"
#: §3.1: riders move (and fight) as the "power armour and cavalry" movement class.
CAVALRY = "power_armour_cavalry"

# where a procedure resumes when it comes back from the queue
AFTER_FREE_SHOT = "after_free_shot"
DEFENDER_TEST = "defender_test"
AFTER_DEFENDER_TEST = "after_defender_test"
AFTER_FIRST_TEST = "after_first_test"
AFTER_SECOND_TEST = "after_second_test"

#: ``melee.melee_casualty_outcome`` -> the figure's status (unharmed -> back in the ranks).
_STATUS = {"killed": KILLED, "prisoner": PRISONER, "unchecked_casualty": WOUNDED_UNCHECKED}


class Charge(NamedTuple):
    """What the charge carries from the declaration to the contact (steps 1-4)."""

    defender: int
    distance: float  # inches still between the attackers and the enemy
    terrain_class: str  # the worst class the charge crosses
    start_cover: str  # the attackers' cover before the charge (back to it when repulsed)
    cover: str  # their cover where a move ends short of the enemy
    blades: bool
    melee_terrain: str
    tests: tuple[str, ...] = ()  # reaction tests still to pass before the charge test
    moves: int = 0  # combat moves made
    casualties: int = 0  # casualties of the defender's free shot
    standing: tuple[str, ...] = ()  # attackers in the ranks before the free shot
    step: str = ""


class Round(NamedTuple):
    """What a melee carries from the contact to the fates (steps 5-9)."""

    attacker: int
    defender: int
    step: str = ""
    blades: bool = False  # riders with blades count 2 in the defender's test
    tester: int = -1  # the squad whose morale test is under way
    grade: str = ""  # its morale grade before that test
    pairs: tuple[tuple[str, str], ...] = ()  # ("attacker.<id>", "defender.<id>") fighting now
    lost: tuple[str, ...] = ()  # who fell this round ("attacker.<id>" / "defender.<id>")
    second: tuple = ()  # (side, threat) of the second post-melee test
    loser: int = -1


# --- who fights ---------------------------------------------------------------------------------


def fighters(squad: Squad) -> tuple[Figure, ...]:
    """§2.10 step 1: the squad's figures that fight in melee: people in the ranks who are
    neither robots nor in power-armour suits (a man-sized weapon is not a fighter)."""
    return tuple([f for f in squad.figures
                  if f.status in FIGHTING and f.kind != WEAPON and can_melee(hit_kind(f))])


def fearsome(squad: Squad, blades: bool) -> bool:
    """§2.10: fearsome attackers: the whole Keno Guard, cavalry charging with blades, soldiers
    in "Not one step back!" (§2.15), and any squad the scenario names fearsome."""
    return (no_step_back.fearsome(squad) or squad.keno_guard
            or (blades and any(f.mounted for f in fighters(squad))))


def _qualified(side: str, figure_id: str) -> str:
    return f"{side}.{figure_id}"


def _roster(battle: BattleState, rnd: Round) -> dict[str, tuple[int, int]]:
    """Both squads' figures by qualified id ("attacker.<id>", "defender.<id>": figure ids are
    unique only within a squad) -> (squad position, figure position)."""
    return {f"{side}.{f.id}": (i, n)
            for side, i in ((ATTACKER, rnd.attacker), (DEFENDER, rnd.defender))
            for n, f in enumerate(battle.squads[i].figures)}


def _set_status(battle: BattleState, where: dict[str, tuple[int, int]],
                changed: dict[str, Figure]) -> BattleState:
    """Put the ``changed`` figures (by qualified id) back into their squads."""
    by_squad: dict[int, dict[int, Figure]] = {}
    for qid, figure in changed.items():
        i, n = where[qid]
        by_squad.setdefault(i, {})[n] = figure
    for i, figures in by_squad.items():
        squad = battle.squads[i]
        battle = battle.with_squad(i, squad._replace(figures=tuple([
            figures.get(n, f) for n, f in enumerate(squad.figures)])))
    return battle


# --- 1. the charge: who may, and where -----------------------------------------------------------


def _last_terrain(cmd: Command) -> str:
    path = param(cmd, "path", None)
    if isinstance(path, list | tuple) and path and isinstance(path[-1], list | tuple):
        return path[-1][0]
    terrain = param(cmd, "terrain", "open")
    return terrain[-1] if isinstance(terrain, list | tuple) and terrain else terrain


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Charge]:
    i, squad = acting_squad(battle, cmd)
    opts = battle.options
    if not squad.no_step_back and charge_threat(squad.morale, options=opts) is None:
        raise forbid(gettext_noop("{squad} is {morale} and a {morale} squad never charges"),
                     RULE, squad=squad.name, morale=terms.grade(squad.morale))
    if squad.engaged_with is not None:
        enemy = battle.squads[battle.index[squad.engaged_with]]
        raise forbid(
            gettext_noop(
                "{squad} is fighting a melee with {enemy}: it fights on with {action}"
            ),
            RULE,
            squad=squad.name,
            enemy=enemy.name,
            action=CONTINUE,
        )
    if squad.embarked_in is not None:
        raise forbid(
            gettext_noop("{squad} rides {embarked_in}: it disembarks first"),
            "§2.2",
            squad=squad.name,
            embarked_in=squad.embarked_in,
        )
    check_suppression_allows(squad, NAME, "charge")
    if not fighters(squad):
        raise forbid(
            gettext_noop(
                "{squad} cannot charge: only infantry and cavalry fight in melee; robots and "
                "power-armour suits cannot"
            ),
            RULE,
            squad=squad.name,
        )
    reaction.check_not_failed(squad, NAME)
    d, defender = battle.squad(text(cmd, "target"))
    if defender.side == squad.side:
        raise forbid(gettext_noop("{defender} is on {squads} own side"), RULE,
                     "params.target", defender=defender.name, squads=terms.squads(squad.name))
    if not defender.on_table or defender.embarked_in is not None or is_vehicle(defender):
        raise forbid(
            gettext_noop(
                "{defender} is not infantry or cavalry on the table: only they fight in melee"
            ),
            RULE,
            "params.target",
            defender=defender.name,
        )
    if not fighters(defender):
        raise forbid(
            gettext_noop(
                "{defender} has nobody who can fight in melee (robots and power-armour suits "
                "cannot); the source has no rule for charging it"
            ),
            RULE,
            "params.target",
            defender=defender.name,
        )
    if defender.engaged_with is not None:
        raise forbid(
            gettext_noop(
                "{defender} is already fighting a melee; the source has no rule for joining one"
            ),
            RULE,
            "params.target",
            defender=defender.name,
        )
    distance = number(cmd, "distance")
    blades = flag(cmd, "blades")
    if blades and not any(f.mounted for f in fighters(squad)):
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "{squad} has no rider: only cavalry charges with blades ({rule})"
            ),
            params={"squad": squad.name, "rule": RULE},
            rule=RULE,
            field="params.blades",
        )
    terrain_class, _ = charge_terrain(battle, squad, cmd)
    if move_allowance(6, terrain_class) is None:
        raise forbid(gettext_noop("{terrain} terrain does not allow movement"), "§2.1",
                     "params.terrain", terrain=terms.terrain_class(terrain_class))
    surrounding = text(cmd, "surrounding", None)
    melee_terrain = text(cmd, "melee_terrain", None) or _last_terrain(cmd)
    try:
        tables.terrain_class(melee_terrain, CAVALRY, surrounding=surrounding, options=opts)
    except RuleError as exc:
        raise RuleError(exc.code, exc.message, rule=exc.rule,
                        field="params.melee_terrain") from None
    if melee_terrain == "rails" and surrounding:
        melee_terrain = surrounding
    tests: tuple[str, ...] = ()
    if squad.prone:
        reaction.check_not_failed(squad, "move_while_prone")
        tests += ("move_while_prone",)
    if squad.cover != "none" and squad.morale == "shaken":
        reaction.check_not_failed(squad, "leave_cover_shaken")
        tests += ("leave_cover_shaken",)
    if not reaction.needs_die(squad):
        tests = ()
    return i, Charge(d, distance, terrain_class, squad.cover, choice(cmd, "cover", COVERS, "none"),
                     blades, melee_terrain, tests)


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    """§2.10: "Attack!": one action; the charge test and the charge move follow."""
    i, ctx = _plan(battle, cmd)
    return _next_test(spend_actions(battle), i, ctx, [])


def odds(battle: BattleState, cmd: Command) -> Distribution:
    """Exact odds that the charge test passes (``True``) (§2.10 step 1, example #14)."""
    i, _ = _plan(battle, cmd)
    squad = battle.squads[i]
    if squad.no_step_back:
        return Distribution.certain(True)
    return die(squad.quality).map(
        lambda r: charge_test(r, squad.leadership, squad.morale, options=battle.options))


# --- 2. the charge test ---------------------------------------------------------------------------


def _next_test(battle: BattleState, i: int, ctx: Charge, fx: list[Effect]) -> Step:
    squad = battle.squads[i]
    if ctx.tests:
        return ask_dice(battle, NAME, "reaction", i, ctx, (reaction.die(squad, ctx.tests[0]),),
                        fx)
    if squad.no_step_back:
        fx.append(effects.auto_pass(squad, NAME, "Not one step back!", "§2.15"))
        return _ask_move(battle, i, ctx, fx)
    defender = battle.squads[ctx.defender]
    test = request(TEST_KEY, f"{squad.name} quality die d{squad.quality} (charge test: attack "
                   f"{defender.name}, {RULE})", squad.quality, 1, squad.id)
    return ask_dice(battle, NAME, "test", i, ctx, (test,), fx)


def _charge_test(battle: BattleState, i: int, ctx: Charge, roll: int) -> Step:
    squad, defender = battle.squads[i], battle.squads[ctx.defender]
    opts = battle.options
    passed = charge_test(roll, squad.leadership, squad.morale, options=opts)
    threshold = squad.leadership + charge_threat(squad.morale, options=opts)
    fx = [effects.test_rolled(squad, NAME, roll, squad.quality, threshold, passed, RULE,
                              f"attack {defender.name}")]
    if passed:
        return _ask_move(battle, i, ctx, fx)
    squad = squad._replace(failed_reactions=squad.failed_reactions + (NAME,))
    act = battle.activation
    battle = battle.with_squad(i, squad)._replace(activation=act._replace(actions_used=2))
    fx.append(effects.charge_refused(squad, defender))
    return done(battle, fx)


# --- 3. the charge move ---------------------------------------------------------------------------


def _ask_move(battle: BattleState, i: int, ctx: Charge, fx: list[Effect]) -> Step:
    squad, defender = battle.squads[i], battle.squads[ctx.defender]
    which = "second combat move" if ctx.moves else "combat move"
    move = request(MOVE_KEYS[ctx.moves], f"{squad.name} charge: {which} 2d6 toward "
                   f"{defender.name}, {ctx.distance:g}\" away over "
                   f"{ctx.terrain_class.replace('_', ' ')} terrain ({RULE})", 6, 2, squad.id)
    return ask_dice(battle, NAME, "move", i, ctx, (move,), fx)


def _moved(battle: BattleState, i: int, ctx: Charge, values: tuple[int, ...]) -> Step:
    allowance = combat_move(values, ctx.terrain_class, options=battle.options)
    remaining = max(0, ctx.distance - allowance)
    connects = charge_connects(remaining)
    ctx = ctx._replace(distance=remaining, moves=ctx.moves + 1)
    squad = battle.squads[i]._replace(cover=ctx.cover)
    battle = battle.with_squad(i, squad)
    defender = battle.squads[ctx.defender]
    fx = [effects.charge_moved(squad, defender, values, allowance, remaining, connects)]
    if connects:
        return _contact(battle, i, ctx, fx)
    if ctx.moves == 1:
        return _offer_free_shot(battle, i, ctx, fx)
    return _charge_fails(battle, i, ctx, fx, "the second combat move falls short too",
                         battle.options.charge_still_short == "return_to_start")


def _charge_fails(battle: BattleState, i: int, ctx: Charge, fx: list[Effect], why: str,
                  back_to_start: bool) -> Step:
    squad = battle.squads[i]
    if back_to_start:
        squad = squad._replace(cover=ctx.start_cover)
        battle = battle.with_squad(i, squad)
    fx.append(effects.charge_failed(squad, battle.squads[ctx.defender], why, back_to_start))
    return done(battle, fx)


# --- 4. the charge falls short: the free shot ------------------------------------------------------


def _why_no_free_shot(battle: BattleState, defender: Squad, attacker: Squad) -> str | None:
    """What forbids the defender's free shot: the limits of any shot (§2.7, §2.12, §2.14)."""
    if defender.panicking:
        return "it is panicking (§2.14)"
    try:
        check_suppression_allows(defender, "fire", "fire")
        check_morale_allows(battle, defender,
                            "shoot_back" if battle.has_fired_at(attacker.id, defender.id) else "shoot")
    except RuleError as exc:
        return exc.message
    if not any(f.weapon is not None for f in defender.figures if f.fighting):
        return "it has no weapon to fire"
    return None


def _offer_free_shot(battle: BattleState, i: int, ctx: Charge, fx: list[Effect]) -> Step:
    attacker, defender = battle.squads[i], battle.squads[ctx.defender]
    why = _why_no_free_shot(battle, defender, attacker)
    if why is not None:
        fx.append(effects.no_free_shot(defender, attacker, why))
        return _after_free_shot(battle, i, ctx, 0, fx)
    options = tuple(Option(f.id, effects.figure_name(defender, f)) for f in defender.figures
                    if f.fighting and f.weapon is not None)
    decision = DecisionNeeded(
        FREE_FIRE_KEY,
        f"{effects.possessive(defender.name)} free shot at {attacker.name}, {ctx.distance:g}\" "
        f"away: which figures fire? None declines it. It cannot suppress, only hits count "
        f"({RULE})",
        options, unit=defender.id, multiple=True, at_least=0)
    return ask_decision(battle, NAME, "free_fire", i, ctx, decision, fx)


def on_decide(battle: BattleState, res: Resolution, picked: Any) -> Step:
    """The defender's figures that take the free shot (none: it declines)."""
    i, ctx = res.unit, res.ctx
    attacker, defender = battle.squads[i], battle.squads[ctx.defender]
    if not picked:
        fx = [effects.no_free_shot(defender, attacker, "its player declines it")]
        return _after_free_shot(battle, i, ctx, 0, fx)
    shot = fire.plan_shot(battle, ctx.defender, attacker.id, tuple(picked), ctx.distance,
                          suppresses=False)
    standing = tuple(f.id for f in attacker.figures if f.fighting and f.kind != WEAPON)
    resume = Followup(NAME, i, ctx._replace(step=AFTER_FREE_SHOT, standing=standing))
    battle = battle._replace(queue=(resume,) + battle.queue)
    return fire.start_fire(battle, shot, counts_as_fired=False)


def start(battle: BattleState, i: int, ctx: Charge) -> Step:
    """Back from the free shot (and the morale tests it caused): count its casualties."""
    attacker = battle.squads[i]
    still = {f.id for f in attacker.figures if f.fighting}
    casualties = sum(1 for fid in ctx.standing if fid not in still)
    return _after_free_shot(battle, i, ctx._replace(step="", standing=()), casualties, [])


def _after_free_shot(battle: BattleState, i: int, ctx: Charge, casualties: int,
                     fx: list[Effect]) -> Step:
    attacker = battle.squads[i]
    opts = battle.options
    if not attacker.on_table or not fighters(attacker) or (
            not attacker.no_step_back and charge_threat(attacker.morale, options=opts) is None):
        return _charge_fails(battle, i, ctx, fx, f"{attacker.name} can charge no more", False)
    what = after_short_charge(casualties, options=opts)
    if what == "charge_fails":
        return _charge_fails(battle, i, ctx, fx, "the free shot caused no casualties and, by "
                             "the house rule, the charge ends there", False)
    if what == "second_move":
        return _ask_move(battle, i, ctx, fx)
    ctx = ctx._replace(casualties=casualties)
    if attacker.no_step_back:
        fx.append(effects.auto_pass(attacker, NAME, "Not one step back!", "§2.15"))
        return _ask_move(battle, i, ctx, fx)
    retest = request(RETEST_KEY, f"{attacker.name} quality die d{attacker.quality} (charge on "
                     f"after {casualties} {'casualty' if casualties == 1 else 'casualties'}: "
                     f"more than leadership + {charge_retry_threat(casualties)}, {RULE})",
                     attacker.quality, 1, attacker.id)
    return ask_dice(battle, NAME, "retest", i, ctx, (retest,), fx)


def _retest(battle: BattleState, i: int, ctx: Charge, roll: int) -> Step:
    squad = battle.squads[i]
    threat = charge_retry_threat(ctx.casualties)
    passed = reaction_test(roll, squad.leadership, threat)
    fx = [effects.test_rolled(squad, NAME, roll, squad.quality, squad.leadership + threat,
                              passed, RULE, "charge on after the free shot")]
    if passed:
        return _ask_move(battle, i, ctx, fx)
    markers = suppression_after_fire(squad.suppression, SUPPRESS)
    fx.append(effects.suppressed(squad, markers, markers > squad.suppression))
    battle = battle.with_squad(i, squad._replace(suppression=markers))
    return _charge_fails(battle, i, ctx, fx, "the attackers falter under fire", True)


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    i, ctx = res.unit, res.ctx
    if res.stage == "reaction":
        action = ctx.tests[0]
        battle, passed, fx = reaction.resolve(battle, i, action, rolls[reaction.key(action)][0])
        if not passed:
            return done(battle, fx)
        return _next_test(battle, i, ctx._replace(tests=ctx.tests[1:]), fx)
    if res.stage == "test":
        return _charge_test(battle, i, ctx, rolls[TEST_KEY][0])
    if res.stage == "retest":
        return _retest(battle, i, ctx, rolls[RETEST_KEY][0])
    return _moved(battle, i, ctx, rolls[MOVE_KEYS[ctx.moves]])


# --- 5. contact: the defender's tests ---------------------------------------------------------------


def _engage(battle: BattleState, a: int, d: int, terrain: str | None) -> BattleState:
    """Record the melee on both squads (``terrain`` None: the melee is over)."""
    for i, enemy, attacker in ((a, d, True), (d, a, False)):
        squad = battle.squads[i]
        if terrain is None:
            squad = squad._replace(engaged_with=None, melee_attacker=False, melee_turn=0,
                                   melee_terrain=None)
        else:
            squad = squad._replace(engaged_with=battle.squads[enemy].id, melee_attacker=attacker,
                                   melee_turn=battle.turn, melee_terrain=terrain)
        battle = battle.with_squad(i, squad)
    return battle


def _contact(battle: BattleState, i: int, ctx: Charge, fx: list[Effect]) -> Step:
    attacker, defender = battle.squads[i], battle.squads[ctx.defender]
    if surrenders(defender.morale, 0) and not defender.no_step_back:
        return done(surrender(battle, ctx.defender, attacker, fx), fx)  # in contact: within 12"
    battle = _engage(battle, i, ctx.defender, ctx.melee_terrain)
    followups: list[Followup] = []
    if fearsome(attacker, ctx.blades):
        seen_fearsome = battle.with_squad(i, attacker._replace(fearsome=True))
        followups.extend(panic.followups_after_fearsome_charge(seen_fearsome, ctx.defender, i))
    followups.append(then(MELEE, i, Round(i, ctx.defender, DEFENDER_TEST, ctx.blades)))
    return done(battle, fx, followups)


def _defender_test(battle: BattleState, rnd: Round) -> Step:
    """§2.10 step 3: the defender's morale test at the outnumbering threat (doubled by
    fearsome attackers, with the "+" factors)."""
    attacker, defender = battle.squads[rnd.attacker], battle.squads[rnd.defender]
    if not defender.on_table or not fighters(defender):
        return _over(battle, rnd, rnd.defender, [])
    opts = battle.options
    ours = fighters(attacker)
    riders = sum(1 for f in ours if f.mounted) if rnd.blades else 0
    count = attacker_count(len(ours) - riders, riders)
    theirs = len(fighters(defender))
    frightful = fearsome(attacker, rnd.blades)
    threshold = defender_threshold(
        defender.leadership, count, theirs, fearsome=frightful,
        additives=morale_test.additives(defender),
        motivation=battle.sides[defender.side].motivation, options=opts)
    threat = threshold - defender.leadership
    fx = [effects.melee_contact(attacker, defender, count, theirs,
                                outnumber_threat(count, theirs), threat, frightful)]
    test = morale_test.Context((), threat=threat, add_factors=False,
                               cause=f"charged by {attacker.name}, {RULE}")
    resume = rnd._replace(step=AFTER_DEFENDER_TEST, tester=rnd.defender, grade=defender.morale)
    return done(battle, fx, [then(morale_test.NAME, rnd.defender, test),
                             then(MELEE, rnd.attacker, resume)])


def _failed(battle: BattleState, rnd: Round) -> bool:
    """Whether the morale test just taken by ``rnd.tester`` failed: it lost a grade (or
    surrendered). A Routing squad in a melee surrenders before it tests, so a failure always
    shows."""
    squad = battle.squads[rnd.tester]
    return squad.presence != ON_TABLE or is_better(rnd.grade, squad.morale)


# --- 6. pairing ----------------------------------------------------------------------------------


def _default_pairs(attackers: tuple[Figure, ...], defenders: tuple[Figure, ...]
                   ) -> tuple[tuple[str, str], ...]:
    """Figures face each other in order; the spare ones of the larger side are spread over the
    pairs from the first (example #15: 5 guards vs 3 androids -> two androids face two)."""
    n = max(len(attackers), len(defenders))
    return tuple((attackers[k % len(attackers)].id, defenders[k % len(defenders)].id)
                 for k in range(n))


def _who(figure: Figure) -> str:
    return f"{figure.role.replace('_', ' ')} {figure.id}"


def _pair_options(attacker: Squad, defender: Squad) -> dict[str, tuple[str, str]]:
    return {f"{a.id}/{d.id}": (a.id, d.id) for a in fighters(attacker) for d in fighters(defender)}


def _ask_pairing(battle: BattleState, rnd: Round, fx: list[Effect]) -> Step:
    attacker, defender = battle.squads[rnd.attacker], battle.squads[rnd.defender]
    ours, theirs = fighters(attacker), fighters(defender)
    default = ", ".join(f"{a} vs {d}" for a, d in _default_pairs(ours, theirs))
    them = [(d.id, _who(d)) for d in theirs]
    options = (Option(DEFAULT, f"the figures in order, spares spread over the pairs: {default}"),
               *(Option(f"{a.id}/{d}", f"{who} vs {label}")
                 for a, who in ((a, _who(a)) for a in ours) for d, label in them))
    decision = DecisionNeeded(
        PAIRS_KEY,
        f"pair off {attacker.name} (attackers) and {defender.name}: every figure faces at "
        f"least one enemy and nobody stands idle ({RULE})",
        options, unit=attacker.id, multiple=True)
    return ask_decision(battle, MELEE, "pairing", rnd.attacker, rnd, decision, fx)


def _paired(battle: BattleState, rnd: Round, choice: tuple[str, ...]) -> Step:
    attacker, defender = battle.squads[rnd.attacker], battle.squads[rnd.defender]
    ours, theirs = fighters(attacker), fighters(defender)
    if DEFAULT in choice:
        if len(choice) > 1:
            raise RuleError(
                "bad_decision",
                template=gettext_noop(
                    "choose either the default pairing or pairs of your own, not both ({rule})"
                ),
                params={"rule": RULE},
                rule=RULE,
                field="choice",
            )
        pairs = _default_pairs(ours, theirs)
    else:
        by_value = _pair_options(attacker, defender)
        pairs = tuple(by_value[v] for v in choice)
    checked = validate_pairing(
        (_qualified(ATTACKER, f.id) for f in ours), (_qualified(DEFENDER, f.id) for f in theirs),
        ((_qualified(ATTACKER, a), _qualified(DEFENDER, d)) for a, d in pairs))
    fx = [effects.melee_paired(attacker, defender, pairs)]
    return _ask_melee_dice(battle, rnd._replace(pairs=checked, lost=()), fx)


# --- 7. melee dice and the fight ----------------------------------------------------------------


def figure_melee_die(battle: BattleState, squad: Squad, figure: Figure) -> int:
    """§2.10 step 5 for one figure of a squad in a melee (``melee.melee_die``)."""
    terrain = squad.melee_terrain
    on_easy = (figure.mounted and terrain is not None
               and tables.terrain_class(terrain, CAVALRY, options=battle.options) == "easy")
    return melee_die(squad.quality, weapon_id=figure.weapon, bayonet=figure.cold_weapon,
                     cavalry_on_easy=on_easy, options=battle.options)


def _ask_melee_dice(battle: BattleState, rnd: Round, fx: list[Effect]) -> Step:
    fighting = dict.fromkeys(q for pair in rnd.pairs for q in pair)
    where = _roster(battle, rnd)
    requests = []
    for qid in sorted(fighting, key=lambda q: not q.startswith(ATTACKER)):
        i, n = where[qid]
        squad = battle.squads[i]
        figure = squad.figures[n]
        sides = figure_melee_die(battle, squad, figure)
        requests.append(request(f"melee.{qid}", f"{effects.figure_name(squad, figure)} melee "
                                f"die d{sides} ({RULE})", sides, 1, squad.id))
    return ask_dice(battle, MELEE, "melee", rnd.attacker, rnd, tuple(requests), fx)


def _fought(battle: BattleState, rnd: Round, rolls: Rolls) -> Step:
    """§2.10 step 6: the lower roll of every pair falls; ties roll again or fight on."""
    values = {key[len("melee."):]: v[0] for key, v in rolls.items()}
    fallen = resolve_melee(rnd.pairs, values)
    where = _roster(battle, rnd)
    figure = {qid: battle.squads[where[qid][0]].figures[where[qid][1]] for qid in values}
    names = {qid: effects.figure_name(battle.squads[where[qid][0]], f)
             for qid, f in figure.items()}
    fx = [effects.melee_rolled(battle.squads[rnd.attacker], battle.squads[rnd.defender],
                               [(names[a], values[a], names[d], values[d]) for a, d in rnd.pairs],
                               [names[q] for q in fallen],
                               [(a, values[a], d, values[d]) for a, d in rnd.pairs], fallen)]
    battle = _set_status(battle, where,
                         {qid: figure[qid]._replace(status=LOST_IN_MELEE) for qid in fallen})
    rnd = rnd._replace(lost=rnd.lost + fallen)
    if battle.options.melee_tie == "roll_again":
        down = set(rnd.lost)
        again = tuple(p for p in continuing_pairs(rnd.pairs, values)
                      if p[0] not in down and p[1] not in down)
        if again:
            return _ask_melee_dice(battle, rnd._replace(pairs=again), fx)
    return _after_round(battle, rnd._replace(pairs=()), fx)


# --- 8. after the round: morale tests ----------------------------------------------------------


def _after_round(battle: BattleState, rnd: Round, fx: list[Effect]) -> Step:
    for loser in (rnd.attacker, rnd.defender):
        if not fighters(battle.squads[loser]):
            return _over(battle, rnd, loser, fx)
    lost_a = sum(1 for q in rnd.lost if q.startswith(ATTACKER + "."))
    first, second = post_melee_test_order(lost_a, len(rnd.lost) - lost_a, options=battle.options)
    return _post_melee_test(battle, rnd._replace(second=second), first, AFTER_FIRST_TEST, fx)


def _post_melee_test(battle: BattleState, rnd: Round, test: tuple[str, int], step: str,
                     fx: list[Effect]) -> Step:
    side, threat = test
    tester = rnd.attacker if side == ATTACKER else rnd.defender
    squad = battle.squads[tester]
    enemy = battle.squads[rnd.defender if side == ATTACKER else rnd.attacker]
    ctx = morale_test.Context((), threat=threat,
                              cause=f"after the melee with {enemy.name}: +{threat} for "
                              f"casualties, {RULE}")
    resume = rnd._replace(step=step, tester=tester, grade=squad.morale)
    return done(battle, fx, [then(morale_test.NAME, tester, ctx),
                             then(MELEE, rnd.attacker, resume)])


def _resume(battle: BattleState, i: int, rnd: Round) -> Step:
    step = rnd.step
    if step == DEFENDER_TEST:
        return _defender_test(battle, rnd)
    failed = _failed(battle, rnd)
    tester = rnd.tester
    rnd = rnd._replace(step="", tester=-1, grade="")
    if failed:
        return _over(battle, rnd, tester, [])
    if step == AFTER_DEFENDER_TEST:
        return _ask_pairing(battle, rnd, [])
    if step == AFTER_FIRST_TEST:
        return _post_melee_test(battle, rnd, rnd.second, AFTER_SECOND_TEST, [])
    a, d = battle.squads[rnd.attacker], battle.squads[rnd.defender]
    return done(battle, [effects.melee_goes_on(a, d)])


# --- 9. the end of the melee: fates ------------------------------------------------------------------


def _over(battle: BattleState, rnd: Round, loser: int, fx: list[Effect]) -> Step:
    """The melee is over: ``loser`` falls back 6" (or is gone) and the winner holds; then every
    figure lost in the melee rolls its fate."""
    winner = rnd.defender if loser == rnd.attacker else rnd.attacker
    battle = _engage(battle, rnd.attacker, rnd.defender, None)
    beaten = battle.squads[loser]
    fx.append(effects.melee_over(battle.squads[winner], beaten,
                                 beaten.on_table and bool(beaten.fighting_figures())))
    lost = _lost_figures(battle, rnd)
    if not lost:
        return done(battle, fx)
    where = _roster(battle, rnd)
    requests = []
    for qid in lost:
        i, n = where[qid]
        squad = battle.squads[i]
        figure = squad.figures[n]
        requests.append(request(f"fate.{qid}", f"{effects.figure_name(squad, figure)} fate d6 "
                                f"(1-2 killed, 3-4 wounded, 5-6 unharmed, {RULE})", 6, 1,
                                squad.id))
    return ask_dice(battle, MELEE, "fates", rnd.attacker, rnd._replace(loser=loser),
                    tuple(requests), fx)


def _lost_figures(battle: BattleState, rnd: Round) -> tuple[str, ...]:
    return tuple(_qualified(side, f.id)
                 for side, i in ((ATTACKER, rnd.attacker), (DEFENDER, rnd.defender))
                 for f in battle.squads[i].figures if f.status == LOST_IN_MELEE)


def _fates(battle: BattleState, rnd: Round, rolls: Rolls) -> Step:
    """§2.10: each lost figure's fate; the loser's unharmed and wounded are taken prisoner."""
    opts = battle.options
    winner = rnd.defender if rnd.loser == rnd.attacker else rnd.attacker
    captor = battle.sides[battle.squads[winner].side].id
    fx: list[Effect] = []
    commanders: list[int] = []
    where = _roster(battle, rnd)
    changed: dict[str, Figure] = {}
    for qid in _lost_figures(battle, rnd):
        roll = rolls[f"fate.{qid}"][0]
        i, n = where[qid]
        squad = battle.squads[i]
        figure = squad.figures[n]
        fate = melee_fate(roll)
        outcome = melee_casualty_outcome(fate, won=i != rnd.loser, options=opts)
        if outcome == "returned_to_duty":
            new = figure._replace(status=OK if fate == "unharmed" else RETURNED)
        else:
            new = figure._replace(status=_STATUS[outcome],
                                  captured_by=captor if outcome == "prisoner" else None)
        changed[qid] = new
        fx.append(effects.melee_fate(squad, new, roll, fate, outcome))
        if figure.role == "commander" and not new.fighting and i not in commanders:
            commanders.append(i)
    battle = _set_status(battle, where, changed)
    followups = [then(commander.NAME, i, commander.Context()) for i in commanders
                 if battle.squads[i].on_table and battle.squads[i].fighting_figures()]
    return done(battle, fx, followups)


# --- dispatch ---------------------------------------------------------------------------------------


def melee_on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    if res.stage == "fates":
        return _fates(battle, res.ctx, rolls)
    return _fought(battle, res.ctx, rolls)


def melee_on_decide(battle: BattleState, res: Resolution, picked: Any) -> Step:
    return _paired(battle, res.ctx, tuple(picked))


# --- continue_melee ---------------------------------------------------------------------------------


def _plan_continue(battle: BattleState, cmd: Command) -> Round:
    i, squad = acting_squad(battle, cmd)
    if squad.engaged_with is None:
        raise forbid(gettext_noop("{squad} is not fighting a melee"), RULE, squad=squad.name)
    if squad.melee_turn >= battle.turn:
        raise forbid(
            gettext_noop(
                "{squads} melee has already been fought this turn: it goes on next turn"
            ),
            RULE,
            squads=terms.squads(squad.name),
        )
    j, _ = battle.squad(squad.engaged_with)
    return Round(i, j) if squad.melee_attacker else Round(j, i)


def validate_continue(battle: BattleState, cmd: Command) -> None:
    _plan_continue(battle, cmd)


def declare_continue(battle: BattleState, cmd: Command) -> Step:
    """§2.10: a melee in which neither side failed its test goes on in a later turn (one action
    of whichever of the two squads is activated first)."""
    rnd = _plan_continue(battle, cmd)
    battle = spend_actions(battle)
    a, d = battle.squads[rnd.attacker], battle.squads[rnd.defender]
    battle = _engage(battle, rnd.attacker, rnd.defender, a.melee_terrain)
    fx = [effects.melee_round_begins(a, d, battle.turn)]
    for i, enemy in ((rnd.defender, a), (rnd.attacker, d)):
        squad = battle.squads[i]
        if not squad.on_table or not fighters(squad):
            return _over(battle, rnd, i, fx)
        if surrenders(squad.morale, 0) and not squad.no_step_back:
            return _over(surrender(battle, i, enemy, fx), rnd, i, fx)
    return _ask_pairing(battle, rnd, fx)


ACTIONS = (
    Action(NAME, RULE, validate, declare, odds),
    Action(CONTINUE, RULE, validate_continue, declare_continue),
)
PROCEDURES = (
    Procedure(NAME, Charge, on_dice=on_dice, on_decide=on_decide, start=start),
    Procedure(MELEE, Round, on_dice=melee_on_dice, on_decide=melee_on_decide, start=_resume),
)
