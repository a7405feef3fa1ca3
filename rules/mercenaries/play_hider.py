"""The prepared hider (§2.17, the end of "Маскировка и обнаружение"): "Прячущийся может быть
готов к обнаружению и в этом случае, если противник его заметит, прячущийся прерывает ход и
выполняет заготовленное действие." (A hider may be ready for discovery; then, if an enemy
spots him, the hider interrupts the turn and performs the prepared action.)

- ``hide_ready`` (``with``: ``shot`` or ``blow``): a hidden fighter gets ready for discovery
  with a prepared shot of his firearm or a prepared melee blow. This project's reading: like
  the text's other prepared actions (§2.26, Выцеливание and подготовка к ближнему бою: "если
  персонаж не выполняет действий"), it is his whole turn, declared before any other action,
  and it stands until his own next turn; a shot needs a loaded firearm, as a held attack does.
- When an enemy's Notice spots him (``play_stealth``: coming beside him, searching), before
  that enemy does anything more the hider performs the prepared action against him, through
  the held attack's shot or prepared melee's reaction blow (``play_readiness``): no
  multi-action penalty, nothing taken from his next turn. The preparation is then spent. A
  shot needs to reach the spotter (sight, range, a loaded firearm, knowing where he is); a
  blow needs him in the hider's cell. One out of reach is not attacked, and the preparation
  waits for the next enemy who spots him.
- The spotter then goes on with his turn if he is still in the fight (as after a held
  attack, §2.26); a Shaken spotter's standing benny order applies (``play_bennies``).
- The prepared action is the hider's activity: every other enemy who does not know him rolls
  Notice as against a shot or a blow (active, -4).
- Several spotting him at once (a shot of his noticed by several): the first whose Notice
  resolves has the prepared action; the others find it spent.
- His own activity never spots a prepared hider: preparing is his whole turn, and at his next
  turn the preparation has lapsed.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.procedures import Action, Procedure, forbid, then
from rules.core.system import Effect, Step
from rules.mercenaries import initiative, play_stealth
from rules.mercenaries.play_bennies import BennyContext
from rules.mercenaries.play_readiness import HoldContext, StrikeContext, _ready
from rules.mercenaries.rulebook import RULEBOOK, attack_terms, cell_key, own_fighter
from rules.mercenaries.state import Battle, Fighter

SHOT, BLOW = "shot", "blow"
#: What a hider may prepare (``hide_ready``'s ``with``).
WAYS = (SHOT, BLOW)


def _preparing(state: Battle, command: Command) -> tuple[int, Fighter, str]:
    """The fighter and what he prepares, or a refusal: hidden from an enemy in the fight, not
    ready already, nothing done this turn, not Shaken, for a shot a loaded firearm."""
    _, fighter = own_fighter(state, command)
    if fighter.ready_hidden_turn == state.turn:
        raise forbid(gettext_noop("{fighter} is ready for discovery already"), "§2.17",
                     fighter=fighter.name)
    way = command.params.get("with")
    if way not in WAYS:
        raise RuleError("bad_command", field="params.with", template=gettext_noop(
            "the prepared action is a shot or a blow"))
    if not fighter.hidden or all(play_stealth.knows(f, fighter) for f in state.fighters
                                 if f.side != fighter.side and f.fighting_on):
        raise forbid(gettext_noop("{fighter} is not hidden from any enemy: only a hider may "
                                  "be ready for discovery"), "§2.17", fighter=fighter.name)
    i, fighter = _ready(state, command, gettext_noop(
        "{fighter} has acted or moved this turn; being ready for discovery takes the whole "
        "turn"), firearm=way == SHOT)
    return i, fighter, way


def ready_validate(state: Battle, command: Command) -> None:
    _preparing(state, command)


def ready_declare(state: Battle, command: Command) -> Step:
    i, fighter, way = _preparing(state, command)
    ready = fighter._replace(ready_hidden_turn=state.turn, ready_hidden_with=way,
                             whole_turn=True, moved=True, actions=1)
    what = "a shot" if way == SHOT else "a blow"
    return Step(state.with_fighter(i, ready), (Effect(
        f"hider_ready_{way}", f"{fighter.name} lies in wait, ready for discovery with {what}",
        fighter.id, {"fighter": fighter.name}),))


# --- the interrupt -------------------------------------------------------------------------


def prepared(state: Battle, hider: Fighter) -> bool:
    """Whether ``hider`` is ready for discovery now: hidden, in the fight and not Shaken,
    before his own next turn (``initiative.hold_stands``)."""
    return (hider.hidden and hider.fighting_on and not hider.shaken
            and initiative.hold_stands(hider.ready_hidden_turn, state.turn, len(state.sides)))


def _reaches(state: Battle, hider: Fighter, spotter: Fighter) -> bool:
    """Whether the prepared action can be made at ``spotter`` (the attack's own terms: the
    same cell for a blow; sight, range, a loaded firearm for a shot; knowing him)."""
    try:
        attack_terms(state, hider, spotter, melee_attack=hider.ready_hidden_with == BLOW,
                     actions_after=1)
    except RuleError:
        return False
    return True


class SpottedContext(NamedTuple):
    spotter: int  # the enemy who spotted him, his position in Battle.fighters


def spotted_hook(state: Battle, spotter_at: int, hider_at: int) -> list:
    """``play_stealth.SPOTTED_HOOKS``: a prepared hider interrupts the one who spots him."""
    hider, spotter = state.fighters[hider_at], state.fighters[spotter_at]
    if not prepared(state, hider) or not _reaches(state, hider, spotter):
        return []
    return [then("hider_interrupt", hider_at, SpottedContext(spotter_at))]


def interrupt_start(state: Battle, j: int, ctx: SpottedContext) -> Step:
    """The hider interrupts the spotter with his prepared shot or blow, a reaction (§2.17,
    §2.26); then the spotter's benny order against Shaken, and the other enemies' Notice
    against his activity."""
    hider, spotter = state.fighters[j], state.fighters[ctx.spotter]
    if not (spotter.fighting_on and prepared(state, hider) and _reaches(state, hider, spotter)):
        return Step(state)
    blow = hider.ready_hidden_with == BLOW
    state = state.with_fighter(j, hider._replace(ready_hidden_turn=None, ready_hidden_with=""))
    attack = (then("melee_strike", j, StrikeContext(ctx.spotter, True)) if blow
              else then("hold_fire", j, HoldContext(ctx.spotter, cell_key(spotter.cell))))
    said = Effect("hider_interrupts", f"{hider.name} was ready for discovery: he interrupts "
                  f"{spotter.name} with his prepared {'blow' if blow else 'shot'}", hider.id,
                  {"fighter": hider.name, "target": spotter.name})
    return RULEBOOK.done(state, (said,), (
        attack, then("benny_unshake", ctx.spotter, BennyContext()),
        *play_stealth._observers(state, j, activity=play_stealth.ACTIVE, left=None)))


RULEBOOK.register(
    Action("hide_ready", "§2.17", ready_validate, ready_declare),
    Procedure("hider_interrupt", SpottedContext, start=interrupt_start),
)
play_stealth.SPOTTED_HOOKS.append(spotted_hook)
