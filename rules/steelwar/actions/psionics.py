"""Psionics (digest §2.16, tables §3.6 and §3.7; example #26).

``psi_power`` is an ordinary action of the psionic's squad, so at most twice per activation,
"with the same limitations as shooting": each power once per activation
(``options.psi_power_once_per_activation``) and none while the squad is suppressed
(``options.suppressed_psionic_may_use_powers``); like any order other than movement and fire,
not by a Broken or Routing squad (§3.5). Params:

- ``power``: the power's id (below);
- ``target``: the squad it works on, friend or foe (default: the psionic's own squad);
- ``distance``: inches from the psionic to the target (required unless the target is the
  psionic's own squad);
- ``line_of_sight``: whether the target is in the psionic's direct line of sight (default
  false): needed beyond zone 1;
- ``psionic``: the figure using it (default: the squad's only psionic in the ranks).

Zones are a fixed 12" wide; each zone beyond the first lowers the psi die one step, and a
power whose die would fall below d4 cannot be used (``options.psi_below_d4``): a master (d8)
rolls d8 in zone 1, d6 in zone 2, d4 in zone 3 (example #26). Powers affect people only --
never vehicles or robots, but vehicle crews. The psi die (key ``psi.roll``) must roll the
power's number or more (``options.psi_success_comparison``); when every face succeeds no die
is asked for, and a power no face of the die could make work (a psi blast, 7, on a d6 in zone
2) is refused rather than rolled in vain (the engine's reading; §3.6 notes that 7 and 8 need a
d8 or better).

The source lists **ten** powers (§3.6, source lines 661-677; the digest's index and the issue
speak of eleven, but there is no eleventh in the list):

- ``remove_suppression`` (2): the target loses all its suppression markers;
- ``inspire`` (4): the target takes a rally test as if the psionic were its direct commander
  standing next to it -- no comms test, no bypassed links (:func:`.rally.inspire`), with the
  psionic's leadership when he commands his squad, else
  ``options.psi_inspire_default_leadership``;
- ``no_step_back`` (6): the target enters "Not one step back!" without conditions or test;
- ``psi_detection`` (1), ``avert_eyes`` (1): they change the observation rules, whose
  chapter is missing. The engine records them -- ``psi_detection`` in the activation's
  ``psi_powers`` (the psionic may roll his psi die for observation in this activation),
  ``avert_eyes`` as the squad's ``avert_eyes_turn`` (until the end of the turn the hiding
  squad may roll the psi die instead of its range die against an enemy observation) -- and
  nothing reads them until observation exists. Both work on the psionic's own squad;
- ``psi_strike`` (4): the target takes a morale test with +3 threat;
- ``panic`` (4): the target takes a panic test (psionics overrule the normal panic rules, so
  even a squad that never panics takes it);
- ``confusion`` (4): the target loses its activation this turn (it counts as used);
- ``psi_blast`` (7): the target loses two morale grades or falls into panic, the psionic's
  choice (a decision, key ``psi_blast``);
- ``murder`` (8): the psionic chooses a figure of the target (decision ``murder.victim``)
  and the comrade whose weapon hits it (``murder.shooter``); the hit is a normal power vs
  armour test (keys ``murder.power``, ``murder.armour``); the whole unit takes a suppression
  marker and a morale test at the "commander lost" threat. Not on one-man units (a man-sized
  weapon counts as a figure). A Keno backpack flamethrower operator makes no test: his
  backpack explodes (§2.9) and the blast is resolved as fire's (decision
  ``backpack.blast``, then the blast's ``hit.N`` dice); the morale test comes after it.

Tests a target takes to resist a power (the strike's and murder's morale tests, the panic
test) are rolled by androids on the worse of their quality die and d6
(``options.android_psi_resist``). A squad in "Not one step back!" has no morale: it passes
every test, and the psi blast takes nothing from it.

The other two psionic rules are wired where they apply: **survivability** (a psionic hit by
aimed small arms rolls his psi die as armour, example #27) in the hit resolution of fire
(:mod:`.hits`, via ``firepower.armour_die``), and **telepathic comms** in the rally
(:mod:`.rally`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution, die
from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.steelwar import effects, tables, terms
from rules.steelwar.actions import (
    commander,
    fire,
    hits,
    morale_test,
    no_step_back,
    panic,
    rally,
)
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
from rules.steelwar.casualties import carries_exploding_backpack, figure_after_hit
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    flag,
    is_vehicle,
    number,
    text,
)
from rules.steelwar.firepower import (
    SUPPRESS,
    active_specials,
    armour_die,
    hit_result,
    suppression_after_fire,
)
from rules.steelwar.psionics import (
    check_power_allowed,
    needs_line_of_sight,
    psi_die_at,
    psi_inspire_leadership,
    psi_success,
    psi_zone,
    target_affected,
)
from rules.steelwar.state import ANDROID, HUMAN, BattleState, Figure, Resolution, Squad

NAME = "psi_power"
RULE = "§2.16"
KEY = "psi.roll"
BLAST_KEY = "psi_blast"
VICTIM_KEY = "murder.victim"
SHOOTER_KEY = "murder.shooter"
POWER_KEY = "murder.power"
ARMOUR_KEY = "murder.armour"
#: Powers that work on the psionic's own squad only (they change its own observation).
OWN_SQUAD_POWERS = frozenset({"psi_detection", "avert_eyes"})


class Context(NamedTuple):
    psionic: str  # figure id
    power: str
    target: int
    zone: int
    die: int
    victim: str | None = None
    shooter: str | None = None


def _figure(squad: Squad, figure_id: str) -> Figure:
    return squad.figure(figure_id)


def target_kind(squad: Squad) -> str:
    """What a psi power sees in ``squad`` (§2.16): people, vehicle crews or machines only."""
    people = [f.kind for f in squad.figures if f.fighting and f.kind in (HUMAN, ANDROID)]
    if not people:
        return "robot"
    if is_vehicle(squad):
        return "vehicle_crew"
    return "android" if all(k == ANDROID for k in people) else "infantry"


def _psionic(squad: Squad, cmd: Command) -> Figure:
    given = text(cmd, "psionic", None)
    if given is not None:
        figure = _figure(squad, given)
        if figure.psi_die is None:
            raise forbid(gettext_noop("{figure} is no psionic"), RULE,
                         "params.psionic", figure=terms.figure(squad, figure))
        if not figure.fighting:
            raise forbid(gettext_noop("{figure} is {status}"), RULE,
                         "params.psionic", figure=terms.figure(squad, figure),
                         status=terms.figure_status(figure.status))
        return figure
    psionics = [f for f in squad.figures if f.psi_die is not None and f.fighting]
    if not psionics:
        raise forbid(
            gettext_noop("{squad} has no psionic in the ranks"),
            RULE,
            "unit",
            squad=squad.name,
        )
    if len(psionics) > 1:
        raise RuleError(
            "bad_command",
            template=gettext_noop("{squad} has several psionics: name one in 'psionic'"),
            params={"squad": squad.name},
            field="params.psionic",
        )
    return psionics[0]


def _plan(battle: BattleState, cmd: Command) -> tuple[int, Context]:
    i, squad = acting_squad(battle, cmd)
    opts = battle.options
    check_morale_allows(battle, squad, "other")
    psionic = _psionic(squad, cmd)
    power_id = text(cmd, "power")
    tables.psi_power(power_id)  # unknown_psi_power
    t, target = battle.squad(text(cmd, "target", squad.id))
    if power_id in OWN_SQUAD_POWERS and t != i:
        raise forbid(gettext_noop("{power} works on the psionic's own squad only"),
                     "§3.6", "params.target", power=terms.psi_power(power_id))
    if not target.on_table or not target.fighting_figures():
        raise forbid(
            gettext_noop("{target} is no longer on the table"),
            RULE,
            "params.target",
            target=target.name,
        )
    if not target_affected(target_kind(target)):
        raise forbid(
            gettext_noop(
                "psi powers affect people only, not vehicles or robots: {target} has no one in it"
            ),
            RULE,
            "params.target",
            target=target.name,
        )
    check_power_allowed(
        power_id,
        suppressed=squad.suppression > 0,
        powers_used_this_activation=battle.activation.psi_powers,
        target_figures=len(target.fighting_figures()),
        options=opts,
    )
    distance = number(cmd, "distance", 0) if t == i else number(cmd, "distance")
    zone = psi_zone(distance, options=opts)
    sides = psi_die_at(psionic.psi_die, distance, options=opts)
    if sides is None:
        raise forbid(
            gettext_noop(
                "{figure} cannot reach {target} in psi zone {zone} ({distance:g}\"): his psi die "
                "d{psi_die} would fall below d4, one step per zone beyond the first"
            ),
            RULE,
            "params.distance",
            figure=terms.figure(squad, psionic),
            target=target.name,
            zone=zone,
            distance=distance,
            psi_die=psionic.psi_die,
        )
    if not psi_success(sides, power_id, options=opts):
        threshold = tables.psi_power(power_id).threshold
        raise forbid(
            gettext_noop(
                "{power} needs {threshold} on the psi die and in zone {zone} {figure} rolls "
                "d{sides}: it could never work"
            ),
            "§3.6",
            "params.distance",
            power=terms.psi_power(power_id),
            threshold=threshold,
            zone=zone,
            figure=terms.figure(squad, psionic),
            sides=sides,
        )
    if needs_line_of_sight(distance, options=opts) and not flag(cmd, "line_of_sight"):
        raise forbid(
            gettext_noop(
                "beyond zone 1 (12\") a psi power works only on a target in direct line of sight; "
                "{target} is in zone {zone}"
            ),
            RULE,
            "params.line_of_sight",
            target=target.name,
            zone=zone,
        )
    if power_id == "murder":
        _murder_pairs(target)
    return i, Context(psionic.id, power_id, t, zone, sides)


def validate(battle: BattleState, cmd: Command) -> None:
    _plan(battle, cmd)


def _always_works(battle: BattleState, power_id: str) -> bool:
    return psi_success(1, power_id, options=battle.options)


def declare(battle: BattleState, cmd: Command) -> Step:
    i, ctx = _plan(battle, cmd)
    battle = spend_actions(battle)
    act = battle.activation
    battle = battle._replace(activation=act._replace(psi_powers=act.psi_powers + (ctx.power,)))
    squad, target = battle.squads[i], battle.squads[ctx.target]
    if _always_works(battle, ctx.power):
        return _roll_known(battle, i, ctx, None)
    psionic = _figure(squad, ctx.psionic)
    req = request(KEY, f"{effects.figure_name(squad, psionic)} psi die d{ctx.die} "
                  f"({ctx.power.replace('_', ' ')} on {target.name}, zone {ctx.zone})",
                  ctx.die, 1, squad.id)
    return ask_dice(battle, NAME, "psi", i, ctx, (req,))


def _roll_known(battle: BattleState, i: int, ctx: Context, roll: int | None) -> Step:
    squad, target = battle.squads[i], battle.squads[ctx.target]
    psionic = _figure(squad, ctx.psionic)
    power = tables.psi_power(ctx.power)
    at_least = battle.options.psi_success_comparison == "at_least"
    if roll is None:
        fx = [Effect("psi_power", f"{effects.figure_name(squad, psionic)} uses "
                     f"{ctx.power.replace('_', ' ')} on {target.name}: it always works "
                     "(§3.6)", squad.id, {"figure": psionic.id, "power": ctx.power,
                                          "target": target.id, "passed": True})]
    else:
        passed = psi_success(roll, ctx.power, die=ctx.die, options=battle.options)
        fx = [effects.psi_power_rolled(squad, psionic, ctx.power, target, ctx.zone, ctx.die, roll,
                                       power.threshold, passed, at_least)]
        if not passed:
            return done(battle, fx)
    return _works(battle, i, ctx, fx)


def _works(battle: BattleState, i: int, ctx: Context, fx: list[Effect]) -> Step:
    """The power works on ``ctx.target`` (§3.6)."""
    t = ctx.target
    target = battle.squads[t]
    effect = tables.psi_power(ctx.power).effect
    if effect == "remove_all_suppression":
        fx.append(effects.suppression_cleared(target, target.suppression))
        return done(battle.with_squad(t, target._replace(suppression=0)), fx)
    if effect == "rally_test":
        squad = battle.squads[i]
        psionic = _figure(squad, ctx.psionic)
        own = squad.leadership if psionic.role == "commander" else None
        leadership = psi_inspire_leadership(own, options=battle.options)
        return done(battle, fx, (rally.inspire(t, effects.figure_name(squad, psionic),
                                               leadership),))
    if effect == "enter_no_step_back":
        battle, entered = no_step_back.enter(battle, t, "imposed by a psionic, §3.6")
        return done(battle, fx + entered)
    if effect == "psi_die_for_observation":
        psionic = _figure(battle.squads[i], ctx.psionic)
        fx.append(effects.psi_observation(target, ctx.power, f"when observing in this activation "
                                          f"the psionic may roll his psi die d{psionic.psi_die} "
                                          "instead of the quality or observation-equipment die"))
        return done(battle, fx)
    if effect == "psi_die_against_observation":
        fx.append(effects.psi_observation(target, ctx.power, "until the end of the turn, when "
                                          "hiding, it may roll the psionic's psi die instead of "
                                          "its range die against an enemy observation"))
        return done(battle.with_squad(t, target._replace(avert_eyes_turn=battle.turn)), fx)
    if effect == "morale_test":
        return done(battle, fx, (then(morale_test.NAME, t, morale_test.Context(
            ("psi_strike",), cause="psi strike", psi=True)),))
    if effect == "panic_test":
        return done(battle, fx, (then(panic.NAME, t, panic.Context(panic.PSI, psi=True)),))
    if effect == "lose_activation":
        act = battle.activation
        if act is not None and act.squad == t:
            battle = battle._replace(activation=act._replace(actions_used=2))
        fx.append(effects.activation_lost(target, t in battle.activated and t != i,
                                          "confused by a psionic", "§3.6"))
        return done(battle, fx, activated=battle.activated | {t})
    if effect == "lose_two_grades_or_panic":
        decision = DecisionNeeded(BLAST_KEY, f"psi blast on {target.name}: two morale grades "
                                  "or panic? (the psionic's choice, §3.6)",
                                  (Option("two_grades", "lose two morale grades"),
                                   Option("panic", "fall into panic")),
                                  unit=battle.squads[i].id)
        return ask_decision(battle, NAME, "blast", i, ctx, decision, fx)
    return _murder_victim(battle, i, ctx, fx)


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    if res.stage == "psi":
        return _roll_known(battle, res.unit, res.ctx, rolls[KEY][0])
    return _murder_hit(battle, res.ctx, rolls)


def on_decide(battle: BattleState, res: Resolution, choice: Any) -> Step:
    ctx: Context = res.ctx
    if res.stage == "blast":
        return _blast(battle, ctx, choice)
    if res.stage == "victim":
        return _murder_shooter(battle, res.unit, ctx._replace(victim=choice), [])
    return _murder_dice(battle, res.unit, ctx._replace(shooter=choice), [])


def odds(battle: BattleState, cmd: Command) -> Distribution:
    """Exact odds that the power works."""
    _, ctx = _plan(battle, cmd)
    return die(ctx.die).map(lambda r: psi_success(r, ctx.power, options=battle.options))


# --- psi blast --------------------------------------------------------------------------------


def _blast(battle: BattleState, ctx: Context, choice: str) -> Step:
    t = ctx.target
    target = battle.squads[t]
    if choice == "panic":
        return panic.fall_into_panic(battle, t, "a psi blast, §3.6")
    if target.no_step_back:
        return done(battle, (effects.auto_pass(target, "morale", "Not one step back! has no "
                                               "morale to lose", "§2.15"),))
    target, fx = morale_test.change_morale(battle, target, -2, "psi blast, §3.6")
    return done(battle, fx, squads=battle.squads_with(t, target))


# --- murder -----------------------------------------------------------------------------------


def _shooters(target: Squad, victim: str | None) -> tuple[str, ...]:
    return tuple(f.id for f in target.figures
                 if f.fighting and f.weapon is not None and f.id != victim)


def _victims(target: Squad) -> tuple[str, ...]:
    """Figures a comrade can shoot (a Keno backpack flamethrower operator included: his
    backpack explodes, :func:`_murder_backpack`)."""
    return tuple(f.id for f in target.figures if f.fighting and _shooters(target, f.id))


def _murder_pairs(target: Squad) -> None:
    if _victims(target):
        return
    raise forbid(gettext_noop("no one in {target} has a weapon to turn on a comrade"), "§3.6",
                 "params.target", target=target.name)


def _choose(battle: BattleState, i: int, ctx: Context, fx: list, key: str, stage: str,
            ids: tuple[str, ...], label: str) -> Step:
    target = battle.squads[ctx.target]
    options = tuple(Option(fid, effects.figure_name(target, _figure(target, fid))) for fid in ids)
    decision = DecisionNeeded(key, label, options, unit=battle.squads[i].id)
    return ask_decision(battle, NAME, stage, i, ctx, decision, fx)


def _murder_victim(battle: BattleState, i: int, ctx: Context, fx: list) -> Step:
    target = battle.squads[ctx.target]
    victims = _victims(target)
    if len(victims) == 1:
        return _murder_shooter(battle, i, ctx._replace(victim=victims[0]), fx)
    return _choose(battle, i, ctx, fx, VICTIM_KEY, "victim", victims,
                   f"murder: which figure of {target.name} is shot by a comrade? (the "
                   "psionic's choice, §3.6)")


def _murder_shooter(battle: BattleState, i: int, ctx: Context, fx: list) -> Step:
    target = battle.squads[ctx.target]
    victim = _figure(target, ctx.victim)
    shooters = _shooters(target, ctx.victim)
    if len(shooters) == 1:
        return _murder_dice(battle, i, ctx._replace(shooter=shooters[0]), fx)
    return _choose(battle, i, ctx, fx, SHOOTER_KEY, "shooter", shooters,
                   f"murder: whose weapon hits {effects.figure_name(target, victim)}? (§3.6)")


def _murder_shot(battle: BattleState, ctx: Context) -> tuple[int, int, bool, bool]:
    """The comrade's weapon firing alone at point blank: power die, armour die, whether a
    flamethrower wounds automatically, and whether the fire is aimed (§2.8, §2.9, §2.16)."""
    target = battle.squads[ctx.target]
    victim, shooter = _figure(target, ctx.victim), _figure(target, ctx.shooter)
    weapon = tables.weapon(shooter.weapon)
    autowound = "flamethrower_autowound" in active_specials(((shooter.weapon, 1),))
    fragmentation = tables.is_fragmentation(weapon, options=battle.options)
    aimed = not fragmentation and not autowound
    armour = armour_die(victim.armour, fragmentation=fragmentation, psi_die=victim.psi_die,
                        aimed_small_arms=aimed, options=battle.options)
    return weapon.power, armour, autowound, aimed


def _murder_dice(battle: BattleState, i: int, ctx: Context, fx: list) -> Step:
    target = battle.squads[ctx.target]
    victim, shooter = _figure(target, ctx.victim), _figure(target, ctx.shooter)
    fx.append(effects.comrade_fires(target, shooter, victim))
    if carries_exploding_backpack(victim):
        return _murder_backpack(battle, i, ctx, fx)
    power, armour, _, _ = _murder_shot(battle, ctx)
    requests = (
        request(POWER_KEY, f"{effects.figure_name(target, shooter)} power die d{power} "
                "(psi murder)", power, 1, battle.squads[i].id),
        request(ARMOUR_KEY, f"{effects.figure_name(target, victim)} armour die d{armour}",
                armour, 1, target.id),
    )
    return ask_dice(battle, NAME, "murder", i, ctx, requests, fx)


def _murder_hit(battle: BattleState, ctx: Context, rolls: Rolls) -> Step:
    t = ctx.target
    target = battle.squads[t]
    index = target.figure_index(ctx.victim)
    victim = target.figures[index]
    power, armour, autowound, _ = _murder_shot(battle, ctx)
    power_roll, armour_roll = rolls[POWER_KEY][0], rolls[ARMOUR_KEY][0]
    result = hit_result(power_roll, armour_roll, flamethrower_autowound=autowound,
                        options=battle.options)
    outcome = figure_after_hit(hits.hit_kind(victim), result,
                               robot_status="immobilised" if victim.immobilised else "ok",
                               options=battle.options)
    after, words = hits.after_hit(victim, outcome)
    fx = [effects.hit_resolved(target, victim, result, power, power_roll, armour, armour_roll,
                               words, outcome)]
    target = _murdered_squad(target.with_figure(index, after), fx)
    followups = []
    if victim.role == "commander" and victim.fighting and not after.fighting:
        followups.append(then(commander.NAME, t, commander.Context()))
    followups.append(then(morale_test.NAME, t, hits.murder_test()))
    return done(battle.with_squad(t, target), fx, followups)


def _murder_backpack(battle: BattleState, i: int, ctx: Context, fx: list) -> Step:
    """The comrade's hit lands on a Keno backpack flamethrower operator (§3.6 with §2.9): no
    power and armour test, he dies and the backpack explodes; the squad takes the murder's
    suppression marker, and the blast is resolved as fire's (``fire.murder_blast``), the
    murder's morale test after it."""
    t = ctx.target
    target = battle.squads[t]
    index = target.figure_index(ctx.victim)
    operator = target.figures[index]
    killed, effect = hits.exploded(target, operator)
    fx.append(effect)
    target = _murdered_squad(target.with_figure(index, killed), fx)
    return fire.murder_blast(battle.with_squad(t, target), i, t, operator.id,
                             operator.role == "commander", fx)


def _murdered_squad(target: Squad, fx: list) -> Squad:
    """§3.6: the murder's squad gets a suppression marker (none under "Not one step back!")."""
    if target.no_step_back:
        fx.append(effects.not_suppressible(target))
    else:
        markers = suppression_after_fire(target.suppression, SUPPRESS)
        fx.append(effects.suppressed(target, markers, markers > target.suppression))
        target = target._replace(suppression=markers)
    if not target.fighting_figures():
        fx.append(effects.squad_wiped_out(target))
    return target


ACTIONS = (Action(NAME, RULE, validate, declare, odds),)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice, on_decide=on_decide),)
