"""The morale test (digest §2.12, §3.4; examples #18, #19, #20, #22, #23).

Taken immediately after the event that triggers it, and its result applies immediately; several
events in a turn mean several tests. Threat = the largest triggering value from the threat
table (column: the side's motivation) plus every "+" factor that applies now: unchecked
casualties, wounded left behind, artillery or air attack (``morale.threat_level``). If every
trigger reads "No test" for the motivation there is no test. Roll the quality die: above
leadership + threat passes; otherwise one grade is lost, two when the roll is at most half of
what was needed (``morale.morale_test``); morale never goes past Routing, and never above the
starting grade (``morale.apply_grade_change``). A squad in "Not one step back!" passes
automatically (§2.15).

Queued by fire (:mod:`.hits`); other chapters queue it with their own triggers, or with a
``threat`` they computed themselves (melee's outnumbering threat, §2.10)::

    then("morale_test", squad_index, morale_test.Context(("psi_strike",)))
    then("morale_test", squad_index, morale_test.Context((), threat=4, cause="melee"))

A test caused by a psi power (``psi=True``) is one the squad resists: androids roll it on the
worse of their quality die and d6 (§2.16, :func:`resist_die`). Other chapters that lower
morale without a test (a failed panic test, the psi blast) use :func:`change_morale`.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.system import Effect, Step
from rules.steelwar import effects
from rules.steelwar.actions.procedure import Procedure, Rolls, ask_dice, done, request
from rules.steelwar.morale import (
    additive_threat,
    apply_grade_change,
    morale_test,
    overflows_routing,
    threat_level,
)
from rules.steelwar.psionics import android_resist_die
from rules.steelwar.state import (
    ANDROID,
    HUMAN,
    PRISONER,
    SURRENDERED,
    BattleState,
    Resolution,
    Squad,
    memo,
)

NAME = "morale_test"
RULE = "§2.12"
KEY = "morale.quality"


class Context(NamedTuple):
    """``triggers``: threat-table trigger ids; ``threat``: a threat computed by the caller
    (then ``triggers`` only describe it); ``add_factors``: add the "+" factors to it."""

    triggers: tuple[str, ...]
    threat: int | None = None
    add_factors: bool = True
    cause: str = "fire"
    psi: bool = False  # the test resists a psi power (§2.16)


def android_squad(squad: Squad) -> bool:
    """Whether the squad's people in the ranks are androids (§2.16: they resist psi badly)."""
    people = [f.kind for f in squad.figures if f.fighting and f.kind in (HUMAN, ANDROID)]
    return bool(people) and all(k == ANDROID for k in people)


def resist_die(battle: BattleState, squad: Squad, psi: bool) -> int:
    """The die of a test: the quality die; androids resisting psi roll the worse of it and d6
    (``options.android_psi_resist``, §2.16)."""
    if psi and android_squad(squad):
        return android_resist_die(squad.quality, options=battle.options)
    return squad.quality


def additives(squad: Squad) -> dict[str, int]:
    """The "+" factors of the threat table that apply to ``squad`` now (§3.4)."""
    return {
        "unchecked_casualty": squad.unchecked_casualties(),
        "wounded_left_behind": int(squad.wounded_left_behind),
        "artillery_or_air": int(squad.under_bombardment),
    }


def threat(battle: BattleState, squad: Squad, ctx: Context) -> int | None:
    """The test's threat (``None``: no test). Pure in the triggers, the "+" factors and the
    motivation, so memoised per battle: a test asks for it at its start and at its die."""
    motivation = battle.sides[squad.side].motivation
    factors = additives(squad)
    cache = memo(battle.options)
    key = ("threat", ctx.triggers, ctx.threat, ctx.add_factors, motivation,
           tuple(factors.values()))
    level = cache.get(key, _UNKNOWN)
    if level is _UNKNOWN:
        level = cache[key] = _threat(battle, ctx, factors, motivation)
    return level


_UNKNOWN = object()


def _threat(battle: BattleState, ctx: Context, factors: dict[str, int], motivation: str
            ) -> int | None:
    if ctx.threat is None:
        return threat_level(ctx.triggers, factors, motivation, options=battle.options)
    if not ctx.add_factors:
        return ctx.threat
    return ctx.threat + additive_threat(factors, motivation, options=battle.options)


def _why(ctx: Context) -> str:
    return ", ".join(t.replace("_", " ") for t in ctx.triggers) or ctx.cause


def start(battle: BattleState, i: int, ctx: Context) -> Step:
    squad = battle.squads[i]
    if not squad.on_table or not squad.has_fighting_figure():
        return done(battle)
    if squad.no_step_back:
        return done(battle, (effects.auto_pass(squad, "morale", "Not one step back!", "§2.15"),))
    level = threat(battle, squad, ctx)
    if level is None:
        motivation = battle.sides[squad.side].motivation
        return done(battle, (Effect("no_morale_test", f"{squad.name} takes no morale test: "
                                    f"{_why(ctx)} reads 'No test' at {motivation} motivation "
                                    "(§3.4)", squad.id, {"triggers": list(ctx.triggers)}),))
    sides = resist_die(battle, squad, ctx.psi)
    what = "quality die" if sides == squad.quality else "die (an android resisting psi)"
    die = request(KEY, f"{squad.name} {what} d{sides} (morale test: {_why(ctx)})",
                  sides, 1, squad.id)
    return ask_dice(battle, NAME, "test", i, ctx, (die,))


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    squad = battle.squads[res.unit]
    level = threat(battle, squad, res.ctx)
    roll = rolls[KEY][0]
    delta = morale_test(roll, squad.leadership, level, options=battle.options)
    fx = [effects.morale_test(squad, roll, squad.leadership + level, -delta,
                              f"leadership {squad.leadership} + threat {level}")]
    if not delta:
        return done(battle, fx)
    squad, lost = change_morale(battle, squad, delta, f"morale test, {RULE}")
    fx.extend(lost)
    return done(battle, fx, squads=battle.squads_with(res.unit, squad))


def change_morale(battle: BattleState, squad: Squad, delta: int, why: str
                  ) -> tuple[Squad, list[Effect]]:
    """``squad`` (of ``battle``) with its morale lowered by ``-delta`` grades (§2.12): never
    past Routing, or, under ``options.morale_below_routing = "surrender"``, a drop past
    Routing surrenders it. The caller puts it in the battle with its other changes (one copy
    of the battle)."""
    fx: list[Effect] = []
    surrender = (overflows_routing(squad.morale, delta)
                 and battle.options.morale_below_routing == "surrender")
    new_grade = apply_grade_change(squad.morale, delta, starting_grade=squad.starting_morale)
    new = squad
    if new_grade != squad.morale:
        new = squad._replace(morale=new_grade)
        fx.append(effects.morale_changed(new, squad.morale, new_grade, why))
    if surrender:
        figures = tuple(f._replace(status=PRISONER) if f.fighting else f for f in new.figures)
        new = new._replace(presence=SURRENDERED, figures=figures)
        fx.append(Effect("surrendered", f"{squad.name} breaks past Routing and surrenders "
                         "(§2.12, house rule)", squad.id))
    return new, fx


PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice, start=start),)
ACTIONS = ()
