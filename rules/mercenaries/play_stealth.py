"""Stealth (Маскировка) and detection (Внимание) in play (digest §2.17; worked examples
10-12).

Who knows what: a fighter who is not hidden is known to every enemy; a hidden one only to the
enemies in ``known_to``, who have spotted him since he hid. An attack needs its attacker to
know his target. A fighter hides (a free declaration; he needs a Stealth die) only out of the
sight of every enemy who knows him: once detected, he hides again only after leaving the
enemy's field of view. In a battle everyone is alert, so one successful Notice spots him and
the observer may act at once.

A Notice roll reaches the hider's concealment number (``stealth.concealment_tn``: half his
Stealth die, prone, his cell's cover, the cover between, camouflage, distance, activity, the
battle's light); 1 or less is spotted without a roll. No roll is made when the observer does
not see the cell the hider leaves (example 12: a building entered on the far side), through
+4 cover, or at 2 cells or more for a camouflaged hider in cover +2 or in a ghillie suit
(unless the observer has a thermal imager). Rolls are made (this project's reading of "rarely",
README):

- when a hidden fighter acts: a walk or a crawl is moving quietly (-2), a run, a shot or a
  blow active (-4), moving with the smaller cover of the two cells (example 11); every enemy
  in the fight who does not know him rolls;
- when a fighter's move comes into or beside a hidden enemy's cell (example 10), he rolls,
  at the first cell of his path from which he can spot him, once a move; a walk or a run
  stops there for the roll (and a prepared hider's interrupt), then goes on
  (``play_readiness.advance``);
- when a fighter searches (an action): with optics the distance modifier changes (§2.17).

An Extra without a Notice die rolls his base skill (digest §1: Extras have one base skill).
The Extras of one squad who roll against a hider at the same moment roll as a group, with a
group Wild Die (§2.18, ``play_group_notice``, option ``group_roll``).
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution
from rules.core.procedures import (
    Action,
    Procedure,
    Resolution,
    Rolls,
    ask_dice,
    forbid,
    then,
)
from rules.core.system import Effect, Step
from rules.mercenaries import (  # noqa: F401 (crawl first)
    cover,
    damage,
    play_actions,
    play_readiness,
    ranged,
    stealth,
    trait,
)
from rules.mercenaries.rulebook import (
    ATTACK_TERMS,
    RULEBOOK,
    WILD_DIE,
    _acting,
    _one_more_action,
    _penalties,
    _roll_text,
    _rolled,
    _trait_dice,
    critical,
)
from rules.mercenaries.state import Battle, Cell, Fighter

#: The battle's light (§2.5) as the stealth table words it (§2.17): twilight, bright
#: moonlight, starlight.
LIGHT = {"normal": "normal", "dim": "dim", "dark": "poor", "pitch_dark": "dark"}
QUIET, ACTIVE, STILL = "minimal", "active", "still"
#: The activity of a hidden fighter's action.
ACTIVITY = {"move": QUIET, "crawl": QUIET, "run": ACTIVE, "shoot": ACTIVE, "fight": ACTIVE}


def knows(observer: Fighter, other: Fighter) -> bool:
    """Whether ``observer`` knows where ``other`` is (§2.17)."""
    return not other.hidden or observer.id in other.known_to


def knowers(state: Battle, fighter: Fighter) -> list[Fighter]:
    return [f for f in state.fighters
            if f.side != fighter.side and f.fighting_on and knows(f, fighter)]


class Look(NamedTuple):
    """What an observer's look at a hider comes to: no roll (``reason``), or a roll at
    ``tn`` (spotted without one at 1 or less)."""

    tn: int | None
    reason: str = ""


def look(state: Battle, observer: Fighter, hider: Fighter, *, activity: str = STILL,
         left: Cell | None = None, searching: bool = False) -> Look:
    """The concealment number of ``hider`` against ``observer`` (§2.17), ``left`` the cell
    he moved from (he moves with the smaller cover of the two, and the observer must see the
    cell he leaves)."""
    cells = ranged.distance(observer.cell, hider.cell)
    between = (cover.cover_between(observer.cell, hider.cell, state.cover)
               if cells else 0)
    cell_cover = state.cover(hider.cell)
    if left is not None:
        cell_cover = min(cell_cover, state.cover(left))
    seen_from = left if left is not None else hider.cell
    sees = cover.sees(observer.cell, seen_from, state.cover)
    hidden = stealth.Hider(hider.trait("stealth"), prone=hider.prone, cell_cover=cell_cover,
                           camouflage=hider.camouflage, activity=activity,
                           light=LIGHT[state.light])
    if not sees:
        return Look(None, "cannot see where he moves")
    if not stealth.notice_needed(hidden, cells=cells, cover_between=between,
                                 ghillie_suited=hider.ghillie, thermal=observer.thermal):
        return Look(None, "cannot be spotted from there")
    try:
        tn = stealth.concealment_tn(hidden, cells=cells, cover_between=between,
                                    optics=searching and observer.optics,
                                    optics_close=state.options.optics_close)
    except RuleError:
        return Look(None, "too far")
    return Look(tn)


def _notice_die(fighter: Fighter) -> tuple[str, int]:
    for name, die in fighter.traits:
        if name == "notice":
            return "Notice", die
    if not fighter.wild_card:
        return "base skill", fighter.trait("base_skill")
    return "Notice", fighter.trait("notice")


# --- hiding ------------------------------------------------------------------------------


def hide_validate(state: Battle, command: Command) -> None:
    _, fighter = _acting(state, command)
    fighter.trait("stealth")
    who = knowers(state, fighter)
    if not who:
        raise forbid(gettext_noop("{fighter} is hidden from every enemy already"), "§2.17",
                     fighter=fighter.name)
    seen = [f for f in who if cover.sees(f.cell, fighter.cell, state.cover)]
    if seen:
        raise forbid(gettext_noop("{fighter} is in sight of {enemy}, who knows where he is: "
                                  "he hides only out of the enemy's view"), "§2.17",
                     fighter=fighter.name, enemy=seen[0].name)


def hide_declare(state: Battle, command: Command) -> Step:
    hide_validate(state, command)
    i, fighter = state.fighter(command.unit)
    return Step(state.with_fighter(i, fighter._replace(hidden=True, known_to=())), (Effect(
        "hid", f"{fighter.name} hides", fighter.id, {"fighter": fighter.name}),))


# --- Notice rolls --------------------------------------------------------------------------


class NoticeContext(NamedTuple):
    hider: int  # his position in Battle.fighters
    tn: int
    modifier: int = 0  # the observer's own (multi-action, wounds) when he searches


def notice_start(state: Battle, i: int, ctx: NoticeContext) -> Step:
    """An observer's Notice against a hider (§2.17): spotted at once at TN 1 or less."""
    observer, hider = state.fighters[i], state.fighters[ctx.hider]
    if not observer.fighting_on or knows(observer, hider):
        return RULEBOOK.done(state)
    if stealth.spotted_without_roll(ctx.tn):
        return _spotted(state, i, ctx, "without a roll")
    what, die = _notice_die(observer)
    said = Effect("notice_check", f"{observer.name} looks for {hider.name}: {what} against "
                  f"TN {ctx.tn}", observer.id,
                  {"fighter": observer.name, "target": hider.name, "tn": ctx.tn})
    return ask_dice(state, "notice", "roll", i, ctx,
                    _trait_dice(state, "notice", what, observer, die), (said,))


#: What follows a hider spotted, called with (state, the observer's position, the hider's)
#: after he knows him and returning follow-ups run first: the prepared hider's interrupt
#: (``play_hider``).
SPOTTED_HOOKS: list = []


def spot(state: Battle, i: int, hider_at: int, how: str) -> tuple[Battle, Effect]:
    """The observer at ``i`` now knows where the hider at ``hider_at`` is (§2.17)."""
    observer, hider = state.fighters[i], state.fighters[hider_at]
    known = hider._replace(known_to=(*hider.known_to, observer.id))
    return state.with_fighter(hider_at, known), Effect(
        "spotted", f"{observer.name} spots {hider.name} ({how})", observer.id,
        {"fighter": observer.name, "target": hider.name, "how": how})


def after_spotted(state: Battle, i: int, hider_at: int) -> list:
    """The follow-ups of a hider spotted by the observer at ``i``: ``SPOTTED_HOOKS``."""
    return [f for hook in SPOTTED_HOOKS for f in hook(state, i, hider_at)]


def not_spotted(observer: Fighter, hider: Fighter, roll: str) -> Effect:
    return Effect("not_spotted", f"{observer.name} does not spot {hider.name} ({roll})",
                  observer.id, {"fighter": observer.name, "target": hider.name, "roll": roll})


def _spotted(state: Battle, i: int, ctx: NoticeContext, how: str, effects=()) -> Step:
    state, said = spot(state, i, ctx.hider, how)
    return RULEBOOK.done(state, (*effects, said), after_spotted(state, i, ctx.hider))


def notice_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    observer, hider = state.fighters[res.unit], state.fighters[res.ctx.hider]
    result = _rolled(rolls, "notice", res.ctx.modifier + _wounds(observer), tn=res.ctx.tn)
    roll = _roll_text(result)
    if result.success:
        return _spotted(state, res.unit, res.ctx, roll)
    return RULEBOOK.done(state, (not_spotted(observer, hider, roll), *critical(observer, result)))


def _wounds(fighter: Fighter) -> int:
    return damage.wound_penalty(fighter.wounds) if fighter.wild_card else 0


#: Who rolls Notice together against one hider at one moment, called with (state, the
#: hider's position, the looks [(observer's position, TN)]) and returning (the follow-ups of
#: the groups, the looks left to roll alone): ``play_group_notice`` (§2.18).
GROUP_ROLLS: list = []


def _observers(state: Battle, hider_at: int, *, activity: str, left: Cell | None) -> list:
    """A Notice roll for every enemy who does not know the acting hider (§2.17), the groups'
    first (``GROUP_ROLLS``)."""
    hider = state.fighters[hider_at]
    looks = []
    for i, observer in enumerate(state.fighters):
        if observer.side == hider.side or not observer.fighting_on or knows(observer, hider):
            continue
        seen = look(state, observer, hider, activity=activity, left=left)
        if seen.tn is not None:
            looks.append((i, seen.tn))
    followups = []
    for group in GROUP_ROLLS:
        queued, looks = group(state, hider_at, looks)
        followups += queued
    return followups + [then("notice", i, NoticeContext(hider_at, tn)) for i, tn in looks]


def approached(state: Battle, mover_at: int, cell: Cell, looked: tuple[str, ...] = ()
               ) -> tuple[list, tuple[str, ...]]:
    """A fighter who comes into or beside a hidden enemy's cell rolls against him (§2.17,
    example 10: "Противник входит в позицию, рядом с которой ... затаился ... солдат"): the
    Notice rolls of the mover come to ``cell``, one at each hider there or beside it whom he
    does not know and has not rolled at in this move (``looked``, their ids: once per hider
    per move, at the first cell from which he can spot him), and ``looked`` with them."""
    mover = state.fighters[mover_at]
    followups = []
    for i, hider in enumerate(state.fighters):
        if (hider.side == mover.side or knows(mover, hider) or not hider.fighting_on
                or hider.id in looked or ranged.distance(cell, hider.cell) > 1):
            continue
        seen = look(state, mover._replace(cell=cell), hider)
        if seen.tn is not None:
            followups.append(then("notice", mover_at, NoticeContext(i, seen.tn)))
            looked = (*looked, hider.id)
    return followups, looked


#: The moves whose path ``play_readiness.advance`` walks cell by cell, rolling Notice where
#: the mover comes beside a hider (``approached``); a crawl enters one cell, rolled at here.
WALKED = ("move", "run")


def noticing(name: str, activity: str) -> None:
    """Wrap an action so that what it shows queues the Notice rolls it calls for: a hidden
    fighter's ``activity`` (§2.17), and a crawler coming beside a hidden enemy."""
    action = RULEBOOK.actions[name]

    def declare(state: Battle, command: Command) -> Step:
        i, before = state.fighter(command.unit)
        step = action.declare(state, command)
        after = step.state
        followups = []
        if before.hidden:
            left = before.cell if after.fighters[i].cell != before.cell else None
            followups += _observers(after, i, activity=activity, left=left)
        if after.fighters[i].cell != before.cell and name not in WALKED:
            followups += approached(after, i, after.fighters[i].cell)[0]
        if not followups:
            return step
        if after.resolution is not None:
            return Step(after._replace(queue=after.queue + tuple(followups)), step.effects)
        done = RULEBOOK.done(after, (), followups)
        return Step(done.state, step.effects + done.effects)

    RULEBOOK.actions[name] = action._replace(declare=declare)


# --- searching -----------------------------------------------------------------------------


def _search(state: Battle, command: Command) -> tuple[Fighter, int, Fighter, Look, int]:
    _, observer = _acting(state, command)
    t, hider = state.fighter(command.params.get("target"), field="params.target")
    if hider.side == observer.side or not hider.fighting_on:
        raise forbid(gettext_noop("{target} is not an enemy still in the fight"), "§2.17",
                     field="params.target", target=hider.name)
    if knows(observer, hider):
        raise forbid(gettext_noop("{fighter} knows where {target} is"), "§2.17",
                     field="params.target", fighter=observer.name, target=hider.name)
    _notice_die(observer)
    after = _one_more_action(observer)
    seen = look(state, observer, hider, searching=True)
    if seen.tn is None:
        raise forbid(gettext_noop("{fighter} cannot spot {target} from where he is"), "§2.17",
                     field="params.target", fighter=observer.name, target=hider.name)
    return observer, t, hider, seen, _penalties(observer, after)


def search_validate(state: Battle, command: Command) -> None:
    _search(state, command)


def search_declare(state: Battle, command: Command) -> Step:
    observer, t, _hider, seen, modifier = _search(state, command)
    i, _ = state.fighter(command.unit)
    state = state.with_fighter(i, observer._replace(actions=observer.actions + 1))
    return RULEBOOK.done(state, (), (then("notice", i, NoticeContext(t, seen.tn,
                                                                     modifier - _wounds(observer))),))


def search_odds(state: Battle, command: Command) -> Distribution:
    observer, _t, _hider, seen, modifier = _search(state, command)
    if stealth.spotted_without_roll(seen.tn):
        return Distribution.certain("spotted")
    _what, die = _notice_die(observer)
    outcomes = trait.odds(die, wild_die=WILD_DIE if observer.wild_card else None,
                          modifier=modifier, tn=seen.tn, explode=state.options.dice_explode)
    return outcomes.map(lambda o: "spotted" if isinstance(o, tuple) else "not spotted")


def _known_target(state: Battle, fighter: Fighter, target: Fighter, melee: bool
                  ) -> tuple[int, int]:
    """An attack needs its attacker to know where the target is (§2.17)."""
    if not knows(fighter, target):
        raise forbid(gettext_noop("{fighter} has not spotted {target}"), "§2.17",
                     field="params.target", fighter=fighter.name, target=target.name)
    return (0, 0)


for _name, _activity in ACTIVITY.items():
    noticing(_name, _activity)
play_readiness.PATH_HOOKS.append(approached)
RULEBOOK.register(
    Action("hide", "§2.17", hide_validate, hide_declare),
    Action("search", "§2.17", search_validate, search_declare, search_odds),
    Procedure("notice", NoticeContext, on_dice=notice_on_dice, start=notice_start),
)
ATTACK_TERMS.append(_known_target)
