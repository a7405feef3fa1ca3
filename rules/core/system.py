"""The interface every rule system implements.

A rule system is a fold over facts (DESIGN: "Facts in, state out")::

    state = system.initial_state(setup)
    for fact in stream:
        step = system.apply(state, fact)      # raises RuleError, state untouched
        state = step.state                    # step.effects says what happened
    system.pending(state)                     # what the table must do next

State is immutable and JSON-serialisable (``state_to_json`` / ``state_from_json``); rule
systems do no I/O and roll no dice. See ``docs/rules-engine.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol, runtime_checkable

from rules.core.facts import Command, Fact
from rules.core.limits import Limits

if TYPE_CHECKING:
    from rules.core.catalogue import CommandSpec
    from rules.core.odds import Distribution
    from rules.core.summary import BattleSummary

#: A rule system's state: opaque to callers, immutable, JSON-serialisable through the system.
State = Any

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Effect(NamedTuple):
    """Something that happened because of a fact, for logs and projections.

    ``kind`` is a machine name (``"suppressed"``, ``"casualty"``, ``"morale_changed"``),
    ``text`` an English sentence (``"2nd squad suppressed (2 markers)"``), ``unit`` the unit
    concerned and ``data`` the structured details (JSON values).
    """

    kind: str
    text: str
    unit: str | None = None
    data: Mapping[str, Any] = _NO_DATA

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind, "text": self.text}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.data:
            out["data"] = dict(self.data)
        return out


class Step(NamedTuple):
    """The result of applying one fact: the new state and what happened, in order."""

    state: State
    effects: tuple[Effect, ...] = ()


# --- what the state waits for -------------------------------------------------------------


class Pending:
    """Base of what a state waits for. ``kind`` names it in JSON.

    The core defines four kinds (a command, dice, a draw, a decision). A rule system that
    needs another input subclasses this with its own ``kind`` and a matching fact type.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> dict:  # pragma: no cover - overridden
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class AwaitingCommand(Pending):
    """Nothing is in progress: players may declare. ``units`` hints who may act now
    (e.g. the squad under activation); empty means "any command the rules allow"."""

    kind: ClassVar[str] = "command"
    units: tuple[str, ...] = ()
    note: str = ""

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.units:
            out["units"] = list(self.units)
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class RequestsNeeded(Pending):
    """Base of the kinds that wait for named requests (dice, draws): ``requests`` lists only
    those still missing, ``procedure`` names the procedure in progress."""

    requests: tuple
    procedure: str = ""

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "procedure": self.procedure,
            "requests": [r.to_json() for r in self.requests],
        }


@dataclass(frozen=True, slots=True)
class DiceNeeded(RequestsNeeded):
    """Dice the procedure in progress needs, each named by purpose (:class:`DiceRequest`).

    They may arrive in one ``dice`` fact or in several (e.g. the shooter's dice, then the
    target's die).
    """

    kind: ClassVar[str] = "dice"


@dataclass(frozen=True, slots=True)
class DrawNeeded(RequestsNeeded):
    """Cards or chips the procedure in progress needs drawn, each request named by purpose
    (:class:`~rules.core.draws.DrawRequest`, with the cards out of its deck at this point).

    They may arrive in one ``draw`` fact or in several.
    """

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a decision: the ``value`` to send back and its ``label``."""

    value: str
    label: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}


@dataclass(frozen=True, slots=True)
class DecisionNeeded(Pending):
    """A player must choose: answer with ``decide(key, value)``.

    ``multiple`` allows a list of values (between ``at_least`` and ``at_most`` of them).
    """

    kind: ClassVar[str] = "decision"
    key: str
    label: str
    options: tuple[Option, ...]
    unit: str | None = None
    multiple: bool = False
    at_least: int = 1
    at_most: int | None = None

    def to_json(self) -> dict:
        out: dict = {
            "kind": self.kind,
            "key": self.key,
            "label": self.label,
            "options": [o.to_json() for o in self.options],
        }
        if self.unit is not None:
            out["unit"] = self.unit
        if self.multiple:
            out["multiple"] = True
            out["at_least"] = self.at_least
            if self.at_most is not None:
                out["at_most"] = self.at_most
        return out


# --- the interface -----------------------------------------------------------------------


@runtime_checkable
class RuleSystem(Protocol):
    """What ``battles/`` and ``campaign/`` rely on. Every rule system provides it."""

    id: str
    version: str
    #: The largest setup and command accepted (:mod:`rules.core.limits`).
    limits: Limits

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """Validate ``setup`` (sides, units, options...) and build the starting state.

        Raises ``RuleError("bad_setup", ..., field="path.to.value")``, or
        ``RuleError("limit_exceeded", ...)`` for a setup beyond ``limits``, checked before
        anything is expanded."""
        ...

    def apply(self, state: State, fact: Fact | Mapping[str, Any]) -> Step:
        """Fold one fact. Raises :class:`RuleError` for a fact the rules reject; since
        ``state`` is immutable the caller's state is unchanged."""
        ...

    def pending(self, state: State) -> Pending:
        """What the state waits for: a command, named dice, a draw, or a decision."""
        ...

    def validate(self, state: State, command: Command | Mapping[str, Any]) -> None:
        """Raise :class:`RuleError` if the rules forbid ``command`` now; return otherwise."""
        ...

    def commands(self, state: State) -> tuple[CommandSpec, ...]:
        """What may be declared now (:mod:`rules.core.catalogue`): one spec per action and
        acting unit, with its parameters' legal values. Empty while dice or a decision are
        awaited. Everything listed validates; ``validate`` stays the authority over what is
        not. A system without a catalogue raises ``RuleError("not_implemented")`` (the
        default of :class:`rules.core.machine.FactMachine`)."""
        ...

    def odds(self, state: State, command: Command | Mapping[str, Any]) -> Distribution:
        """Exact distribution of outcomes of ``command`` (by enumeration, in fractions).

        Raises ``RuleError("not_implemented")`` for actions without odds."""
        ...

    def state_to_json(self, state: State) -> dict:
        """A JSON-compatible dict; ``state_from_json`` of it gives an equal state."""
        ...

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        ...

    def summarize(self, state: State) -> BattleSummary:
        """What a campaign takes over from the battle (:mod:`rules.core.summary`): each
        figure's outcome and each unit's status, with the system's own facts in ``details``.
        ``battles`` records it when a battle is concluded."""
        ...


def fold(system: RuleSystem, state: State, facts: Iterable[Fact | Mapping[str, Any]]) -> Step:
    """Apply ``facts`` in order; return the final state and all effects."""
    effects: list[Effect] = []
    apply = system.apply
    for fact in facts:
        state, fx = apply(state, fact)
        effects.extend(fx)
    return Step(state, tuple(effects))


def replay(
    system: RuleSystem, setup: Mapping[str, Any], facts: Iterable[Fact | Mapping[str, Any]]
) -> Step:
    """Build the initial state from ``setup`` and fold ``facts`` through it."""
    return fold(system, system.initial_state(setup), facts)
