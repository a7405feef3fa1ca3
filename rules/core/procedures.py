"""The kit for procedure-driven rule systems: actions, resumable procedures and a follow-up
queue (see ``docs/rules-engine.md`` and ``docs/adding-a-rule-system.md``).

An **action** is something a player declares (``fire``, ``move``). A **procedure** is a
sequence of stages that waits for dice or decisions; an action usually starts a procedure of
the same name, and some procedures are only started by others (a morale test after fire).
A system lists its actions and procedures in a :class:`Rulebook` of its own.

The fold keeps at most one procedure in progress and a queue of procedures to run after it.
**A state built on this kit has two fields for them**, and is changed with ``_replace``
(a ``NamedTuple``, or anything with that method):

- ``resolution``: the :class:`Resolution` in progress, or ``None``;
- ``queue``: a tuple of :class:`Followup` records, run in order when the resolution ends.

A procedure's stage functions return a :class:`~rules.core.system.Step` built with:

- :func:`ask_dice` -- wait for named dice at a stage; the procedure's ``on_dice`` is called
  once all of them have arrived (possibly over several ``dice`` facts);
- :func:`ask_decision` -- wait for a player's choice; ``on_decide`` receives it;
- :meth:`Rulebook.done` -- the procedure is over; ``followups`` (made with :func:`then`) are
  queued first and the queue runs at once.

:class:`ProcedureMachine` is the :class:`~rules.core.machine.FactMachine` that plays such a
rulebook: ``pending`` from the resolution, declarations to the action of that name, dice and
decisions to the procedure in progress, ``validate`` and ``odds`` to the action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from rules.core.dice import DiceRequest
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.core.facts import Command
from rules.core.machine import FactMachine, busy_error
from rules.core.odds import Distribution
from rules.core.system import (
    AwaitingCommand,
    DecisionNeeded,
    DiceNeeded,
    Effect,
    Option,
    Pending,
    State,
    Step,
)

#: Dice received for a stage: request key -> the values rolled.
Rolls = dict[str, tuple[int, ...]]


class Action(NamedTuple):
    """A declarable action: ``validate`` raises RuleError; ``declare`` applies it (and calls
    ``validate`` itself). ``odds`` gives the exact outcome distribution, if implemented."""

    name: str
    rule: str
    validate: Callable[[State, Command], None]
    declare: Callable[[State, Command], Step]
    odds: Callable[[State, Command], Distribution] | None = None


class Resolution(NamedTuple):
    """A procedure in progress: what it waits for and what it needs to carry on.

    ``procedure`` names an entry of the system's :class:`Rulebook`; ``unit`` is the unit it
    concerns, as the system names units in its state (an id or a position); ``ctx`` is the
    procedure's own context (a NamedTuple of JSON values); ``requests`` are the dice asked for
    at this ``stage`` and ``rolls`` those already received; ``decision`` is set instead when a
    player must choose.
    """

    procedure: str
    stage: str
    unit: Any
    ctx: tuple
    requests: tuple[DiceRequest, ...] = ()
    rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    decision: DecisionNeeded | None = None


class Followup(NamedTuple):
    """A procedure queued to start when the current one ends (e.g. a morale test after fire)."""

    procedure: str
    unit: Any
    ctx: tuple


class Procedure(NamedTuple):
    """A resumable procedure. ``context`` is the NamedTuple type of its ``ctx`` (JSON values
    only: str, int, bool, None and tuples of them); ``start`` begins it from the queue."""

    name: str
    context: type
    on_dice: Callable[[State, Resolution, Rolls], Step] | None = None
    on_decide: Callable[[State, Resolution, Any], Step] | None = None
    start: Callable[[State, Any, tuple], Step] | None = None


class Rulebook:
    """One rule system's actions, procedures and the actions it names but does not resolve.

    ``not_implemented`` maps an action name to ``(what, rule)``: declaring it raises
    ``RuleError("not_implemented")`` naming the rule.
    """

    def __init__(self, system: str) -> None:
        self.system = system
        self.actions: dict[str, Action] = {}
        self.procedures: dict[str, Procedure] = {}
        self.not_implemented: dict[str, tuple[str, str]] = {}

    def __repr__(self) -> str:
        return f"Rulebook({self.system!r})"

    def register(self, *items: Action | Procedure) -> None:
        """Make actions and procedures known to the fold."""
        for item in items:
            table = self.actions if isinstance(item, Action) else self.procedures
            if item.name in table and table[item.name] is not item:
                raise ValueError(f"{self.system}: {item.name} is registered twice")
            table[item.name] = item

    def action(self, name: str) -> Action:
        """The action ``name``; ``not_implemented`` or ``bad_command`` if there is none."""
        action = self.actions.get(name)
        if action is not None:
            return action
        if name in self.not_implemented:
            what, rule = self.not_implemented[name]
            raise RuleError(
                "not_implemented",
                template=gettext_noop("{what} ({rule}) is not implemented yet"),
                params={"what": what, "rule": rule},
                rule=rule,
            )
        raise RuleError(
            "bad_command",
            template=gettext_noop("unknown action {action!r}; known: {known}"),
            params={"action": name, "known": ", ".join(sorted(self.actions))},
            field="action",
        )

    def done(
        self,
        state: State,
        effects: Iterable[Effect] = (),
        followups: Iterable[Followup] = (),
        **changes: Any,
    ) -> Step:
        """End the current procedure; queue ``followups`` before anything already queued, then
        run the queue until a procedure waits for input or the queue is empty. ``changes`` are
        other fields of the state to change at the same time (one copy of the state, not two).
        A declaration resolved at once, with nothing queued and nothing else to change, leaves
        the state as it is."""
        queue = tuple(followups) + state.queue
        if state.resolution is not None or queue or changes:
            state = state._replace(resolution=None, queue=queue[1:], **changes)
        if not queue:  # nothing to run after it: the effects as they are
            return Step(state, tuple(effects))
        effects = list(effects)
        while queue:
            head = queue[0]
            step = self.procedures[head.procedure].start(state, head.unit, head.ctx)
            state = step.state
            effects.extend(step.effects)
            if state.resolution is not None:
                return Step(state, tuple(effects))
            queue = state.queue
            if queue:
                state = state._replace(queue=queue[1:])
        return Step(state, tuple(effects))

    # --- JSON of procedure contexts ----------------------------------------------------------

    def ctx_to_json(self, procedure: str, ctx: tuple) -> dict[str, Any]:
        """A procedure's context as a JSON object (tuples become lists)."""
        return {k: thaw(v) for k, v in ctx._asdict().items()}

    def ctx_from_json(self, procedure: str, data: Mapping[str, Any]) -> tuple:
        """Inverse of :meth:`ctx_to_json`, through the procedure's ``context`` type."""
        return self.procedures[procedure].context(**{k: freeze(v) for k, v in data.items()})

    def resolution_to_json(self, res: Resolution, unit_key: str = "unit") -> dict[str, Any]:
        """The resolution as JSON; ``unit_key`` names the unit's key (a system's own word)."""
        out: dict[str, Any] = {
            "procedure": res.procedure,
            "stage": res.stage,
            unit_key: res.unit,
            "ctx": self.ctx_to_json(res.procedure, res.ctx),
        }
        if res.requests:
            out["requests"] = [q.to_json() for q in res.requests]
        if res.rolls:
            out["rolls"] = {k: list(v) for k, v in res.rolls}
        if res.decision is not None:
            out["decision"] = res.decision.to_json()
        return out

    def resolution_from_json(self, d: Mapping[str, Any], unit_key: str = "unit") -> Resolution:
        return Resolution(
            procedure=d["procedure"],
            stage=d["stage"],
            unit=d[unit_key],
            ctx=self.ctx_from_json(d["procedure"], d["ctx"]),
            requests=tuple(DiceRequest.from_json(q) for q in d.get("requests", ())),
            rolls=tuple((k, tuple(v)) for k, v in d.get("rolls", {}).items()),
            decision=decision_from_json(d["decision"]) if "decision" in d else None,
        )

    def queue_to_json(self, queue: Iterable[Followup], unit_key: str = "unit") -> list[dict]:
        return [
            {"procedure": q.procedure, unit_key: q.unit, "ctx": self.ctx_to_json(q.procedure, q.ctx)}
            for q in queue
        ]

    def queue_from_json(self, data: Iterable[Mapping[str, Any]], unit_key: str = "unit"
                        ) -> tuple[Followup, ...]:
        return tuple(
            Followup(q["procedure"], q[unit_key], self.ctx_from_json(q["procedure"], q["ctx"]))
            for q in data
        )


# --- stage helpers ----------------------------------------------------------------------------


def ask_dice(
    state: State,
    procedure: str,
    stage: str,
    unit: Any,
    ctx: tuple,
    requests: tuple[DiceRequest, ...],
    effects: Iterable[Effect] = (),
    **changes: Any,
) -> Step:
    """Wait for ``requests`` at ``stage`` of ``procedure``. ``changes`` are other fields of the
    state to change at the same time."""
    res = Resolution(procedure, stage, unit, ctx, requests)
    return Step(state._replace(resolution=res, **changes), tuple(effects))


def ask_decision(
    state: State,
    procedure: str,
    stage: str,
    unit: Any,
    ctx: tuple,
    decision: DecisionNeeded,
    effects: Iterable[Effect] = (),
) -> Step:
    """Wait for a player's choice at ``stage`` of ``procedure``."""
    res = Resolution(procedure, stage, unit, ctx, decision=decision)
    return Step(state._replace(resolution=res), tuple(effects))


def then(procedure: str, unit: Any, ctx: tuple) -> Followup:
    """A follow-up to pass to :meth:`Rulebook.done`."""
    return Followup(procedure, unit, ctx)


@lru_cache(maxsize=4096)
def request(key: str, label: str, sides: int, count: int = 1, unit: str | None = None
            ) -> DiceRequest:
    """A (cached) dice request: requests are values, so equal ones are shared."""
    return DiceRequest(key, label, sides, count, unit)


def forbid(message: str, rule: str, field: str | None = None, **params: Any) -> RuleError:
    """``action_forbidden`` with the rule named in the sentence: ``"<message> (<rule>)"``.

    ``message`` is an English template marked with ``gettext_noop`` and filled with
    ``params`` (``forbid(gettext_noop("{unit} is not prone"), "§2.4", unit=name)``), so that
    an API can translate it; a :class:`Sentence` is taken as it is."""
    if params or not isinstance(message, Sentence):
        message = Sentence(message, **params)
    return RuleError("action_forbidden", Sentence(_FORBIDDEN, reason=message, rule=rule),
                     rule=rule, field=field)


_FORBIDDEN = gettext_noop("{reason} ({rule})")


# --- JSON helpers -----------------------------------------------------------------------------


def freeze(value: Any) -> Any:
    """JSON lists back to tuples, recursively."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Tuples to JSON lists, recursively."""
    return [thaw(v) for v in value] if isinstance(value, tuple) else value


def decision_from_json(d: Mapping[str, Any]) -> DecisionNeeded:
    """Inverse of :meth:`DecisionNeeded.to_json`."""
    return DecisionNeeded(
        key=d["key"],
        label=d["label"],
        options=tuple(Option(o["value"], o["label"]) for o in d["options"]),
        unit=d.get("unit"),
        multiple=d.get("multiple", False),
        at_least=d.get("at_least", 1),
        at_most=d.get("at_most"),
    )


def missing_dice(res: Resolution) -> tuple[DiceRequest, ...]:
    """The requests of ``res``'s stage whose dice have not arrived yet."""
    if not res.rolls:
        return res.requests
    have = {k for k, _ in res.rolls}
    return tuple(r for r in res.requests if r.key not in have)


# --- the machine ------------------------------------------------------------------------------

_FREE = AwaitingCommand()


class ProcedureMachine(FactMachine):
    """A rule system played from a :class:`Rulebook` (set ``rulebook`` on the subclass).

    The state must have the ``resolution`` and ``queue`` fields described in the module
    docstring. Subclasses provide ``initial_state``, ``state_to_json``, ``state_from_json``
    and ``summarize``; they may override :meth:`awaiting` to name who may act now.
    """

    rulebook: Rulebook

    def awaiting(self, state: State) -> AwaitingCommand:
        """What ``pending`` says when no procedure is in progress (by default: anything)."""
        return _FREE

    # --- RuleSystem ------------------------------------------------------------------------

    def pending(self, state: State) -> Pending:
        res = state.resolution
        if res is None:
            return self.awaiting(state)
        if res.decision is not None:
            return res.decision
        return DiceNeeded(missing_dice(res), res.procedure)

    def awaits_declaration(self, state: State) -> bool:
        """Nothing is in progress (``awaiting`` is always an ``AwaitingCommand``)."""
        return state.resolution is None

    def dice_wanted(self, state: State) -> tuple[DiceRequest, ...] | None:
        res = state.resolution
        if res is None or res.decision is not None:
            return None
        return missing_dice(res)

    def validate(self, state: State, command: Command | Mapping[str, Any]) -> None:
        if not self.awaits_declaration(state):
            raise busy_error(self.pending(state), "a declaration")
        cmd = Command.from_json(command)
        self.rulebook.action(cmd.action).validate(state, cmd)

    def odds(self, state: State, command: Command | Mapping[str, Any]) -> Distribution:
        cmd = Command.from_json(command)
        action = self.rulebook.action(cmd.action)
        if action.odds is None:
            raise RuleError(
                "not_implemented",
                template=gettext_noop("odds of {action} are not implemented yet ({rule})"),
                params={"action": cmd.action, "rule": action.rule},
                rule=action.rule,
            )
        return action.odds(state, cmd)

    # --- FactMachine hooks -----------------------------------------------------------------

    def on_declare(self, state: State, command: Command) -> Step:
        return self.rulebook.action(command.action).declare(state, command)

    def on_dice(self, state: State, rolls: dict[str, tuple]) -> Step:
        res = state.resolution
        if res.rolls:
            rolls = {**dict(res.rolls), **rolls}
        if len(rolls) < len(res.requests):
            res = res._replace(rolls=tuple(rolls.items()))
            return Step(state._replace(resolution=res))
        return self.rulebook.procedures[res.procedure].on_dice(state, res, rolls)

    def on_decide(self, state: State, choice: Any) -> Step:
        res = state.resolution
        return self.rulebook.procedures[res.procedure].on_decide(state, res, choice)
