"""How a Steel War action or procedure is written (see ``docs/rules-engine.md``).

An **action** is something a player declares (``fire``, ``move``, ``remove_suppression``).
A **procedure** is a sequence of stages that waits for dice or decisions (the fire
procedure: the fire dice, then hit allocation, then power against armour...). An action
usually starts a procedure of the same name; some procedures are only started by others
(``morale_test`` after fire, ``commander_replacement`` after a commander falls).

The fold keeps at most one procedure in progress in ``Battle.resolution`` and a queue of
procedures to run after it (``Battle.queue``). A procedure's stage functions return a
:class:`~rules.core.system.Step` built with these helpers:

- :func:`ask_dice` -- wait for named dice at a stage; ``on_dice`` is called when all of them
  have arrived (possibly over several ``dice`` facts);
- :func:`ask_decision` -- wait for a player's choice; ``on_decide`` receives it;
- :func:`done` -- the procedure is over; ``followups`` (e.g. a morale test) are queued first
  and the queue runs at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, NamedTuple

from rules.core.dice import DiceRequest
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.core.facts import Command
from rules.core.system import DecisionNeeded, Effect, Step
from rules.steelwar.state import Battle, Followup, Resolution

Rolls = dict[str, tuple[int, ...]]


class Action(NamedTuple):
    """A declarable action: ``validate`` raises RuleError; ``declare`` applies it (and calls
    ``validate`` itself). ``odds`` gives the exact outcome distribution, if implemented."""

    name: str
    rule: str
    validate: Callable[[Battle, Command], None]
    declare: Callable[[Battle, Command], Step]
    odds: Callable[[Battle, Command], Any] | None = None


class Procedure(NamedTuple):
    """A resumable procedure. ``context`` is the NamedTuple type of its ``ctx`` (JSON values
    only: str, int, bool, None and tuples of them); ``start`` begins it from the queue."""

    name: str
    context: type
    on_dice: Callable[[Battle, Resolution, Rolls], Step] | None = None
    on_decide: Callable[[Battle, Resolution, Any], Step] | None = None
    start: Callable[[Battle, int, tuple], Step] | None = None


ACTIONS: dict[str, Action] = {}
PROCEDURES: dict[str, Procedure] = {}


def register(*items: Action | Procedure) -> None:
    """Make actions and procedures known to the fold (called by ``actions/__init__``)."""
    for item in items:
        table = ACTIONS if isinstance(item, Action) else PROCEDURES
        if item.name in table and table[item.name] is not item:
            raise ValueError(f"{item.name} is registered twice")
        table[item.name] = item


# --- stage helpers ----------------------------------------------------------------------------


def ask_dice(
    battle: Battle,
    procedure: str,
    stage: str,
    squad: int,
    ctx: tuple,
    requests: tuple[DiceRequest, ...],
    effects: Iterable[Effect] = (),
    **changes: Any,
) -> Step:
    """Wait for ``requests`` at ``stage`` of ``procedure``. ``changes`` are other fields of the
    battle to change at the same time (one copy of the battle instead of two)."""
    res = Resolution(procedure, stage, squad, ctx, requests)
    return Step(battle._replace(resolution=res, **changes), tuple(effects))


def ask_decision(
    battle: Battle,
    procedure: str,
    stage: str,
    squad: int,
    ctx: tuple,
    decision: DecisionNeeded,
    effects: Iterable[Effect] = (),
) -> Step:
    """Wait for a player's choice at ``stage`` of ``procedure``."""
    res = Resolution(procedure, stage, squad, ctx, decision=decision)
    return Step(battle._replace(resolution=res), tuple(effects))


def done(
    battle: Battle,
    effects: Iterable[Effect] = (),
    followups: Iterable[Followup] = (),
    **changes: Any,
) -> Step:
    """End the current procedure; queue ``followups`` before anything already queued, then run
    the queue until a procedure waits for input or the queue is empty. ``changes`` are other
    fields of the battle to change at the same time (one copy of the battle instead of two)."""
    queue = tuple(followups) + battle.queue
    battle = battle._replace(resolution=None, queue=queue[1:], **changes)
    effects = list(effects)
    while queue:
        head = queue[0]
        step = PROCEDURES[head.procedure].start(battle, head.squad, head.ctx)
        battle = step.state
        effects.extend(step.effects)
        if battle.resolution is not None:
            return Step(battle, tuple(effects))
        queue = battle.queue
        if queue:
            battle = battle._replace(queue=queue[1:])
    return Step(battle, tuple(effects))


def then(procedure: str, squad: int, ctx: tuple) -> Followup:
    """A follow-up to pass to :func:`done`."""
    return Followup(procedure, squad, ctx)


@lru_cache(maxsize=4096)
def request(key: str, label: str, sides: int, count: int = 1, unit: str | None = None
            ) -> DiceRequest:
    """A (cached) dice request: requests are values, so equal ones are shared."""
    return DiceRequest(key, label, sides, count, unit)


# --- activation bookkeeping -------------------------------------------------------------------


def spend_actions(battle: Battle, n: int = 1) -> Battle:
    """Count ``n`` actions of the activation in progress as used (§1: two per activation)."""
    act = battle.activation
    return battle._replace(activation=act._replace(actions_used=act.actions_used + n))


def forbid(message: str, rule: str, field: str | None = None, **params: Any) -> RuleError:
    """``action_forbidden`` with the rule named in the sentence: ``"<message> (<rule>)"``.

    ``message`` is an English template marked with ``gettext_noop`` and filled with
    ``params`` (``forbid(gettext_noop("{squad} is not prone"), "§2.4", squad=squad.name)``),
    so that an API can translate it; a :class:`Sentence` is taken as it is."""
    if params or not isinstance(message, Sentence):
        message = Sentence(message, **params)
    return RuleError("action_forbidden", Sentence(_FORBIDDEN, reason=message, rule=rule),
                     rule=rule, field=field)


_FORBIDDEN = gettext_noop("{reason} ({rule})")
