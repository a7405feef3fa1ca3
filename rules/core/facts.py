"""The facts a rule system folds, and the commands players declare.

A battle stream holds facts only (DESIGN principle 1). The core knows four generic fact
types; a rule system may add its own, see :class:`Fact`.

``declare``
    A command: ``{"action": "fire", "unit": "steel.1", "params": {...}}``. It may carry a
    ``"dice"`` map (same shape as a ``dice`` fact's ``rolls``) that is consumed as the first
    dice facts of the declaration, for bulk clients that send everything at once.
``dice``
    Values for pending dice requests: ``{"rolls": {"shooter.quality": [3], ...}}``. A value
    may be a list (``[3]``, ``[2, 5]``), a bare number for a single die, or
    ``{"sides": 6, "values": [3]}`` to also state which die was rolled. Optional
    ``"source"`` (``"table"`` or ``"server"``) is recorded but not used by the rules.
``draw``
    Cards or chips for pending draw requests, by card id:
    ``{"draws": {"initiative": ["KH", "3C"]}, "source": "table"}`` (a bare id for one card).
    ``"source"`` (``"table"`` or ``"server"``) is recorded but not used by the rules.
``decide``
    An answer to a pending decision: ``{"key": "sniper.victim", "choice": "f3"}`` (a list of
    values when the decision allows several).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from rules.core.errors import RuleError, gettext_noop

DECLARE = "declare"
DICE = "dice"
DECIDE = "decide"
DRAW = "draw"

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Fact(NamedTuple):
    """One event of a battle stream, as the rules see it: a ``type`` and its JSON ``data``.

    ``data`` is treated as read-only by every rule system.
    """

    type: str
    data: Mapping[str, Any] = _EMPTY

    def to_json(self) -> dict:
        return {"type": self.type, "data": _thaw(self.data)}

    @classmethod
    def from_json(cls, d: Mapping) -> Fact:
        if isinstance(d, Fact):
            return d
        if not isinstance(d, Mapping) or not isinstance(d.get("type"), str):
            raise RuleError(
                "bad_fact", template=gettext_noop("a fact is a mapping with a 'type' string"), field="type"
            )
        data = d.get("data", _EMPTY)
        if not isinstance(data, Mapping):
            raise RuleError(
                "bad_fact", template=gettext_noop("a fact's 'data' must be a mapping"), field="data"
            )
        return cls(d["type"], data)


#: What a command's params may be: a dict is recognised without asking the Mapping ABC (a
#: Python-level check that cost a declaration more than the rest of its reading). A command
#: without params gets ``_EMPTY``, not checked at all: a ``mappingproxy`` cannot be weakly
#: referenced, so the ABC never caches it and asks its whole registry every time. A command
#: that is a dict is not asked whether it is a ``Command`` or a ``Mapping``: a failed
#: ``isinstance`` looks the object's ``__class__`` up again (about 400 instructions).
_MAPPINGS = (dict, Mapping)


class Command(NamedTuple):
    """A declared action: what ``unit`` does (``action``) with which ``params``.

    ``unit`` is ``None`` for commands that belong to nobody in particular (``end_turn``).
    """

    action: str
    unit: str | None = None
    params: Mapping[str, Any] = _EMPTY

    def to_json(self) -> dict:
        out: dict = {"action": self.action}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.params:
            out["params"] = _thaw(self.params)
        return out

    @classmethod
    def from_json(cls, d: Mapping) -> Command:
        return read_command(d)


def read_command(d: Mapping) -> Command:
    """The command a ``declare`` fact's data holds (``Command.from_json``), checked: a clear
    ``bad_command`` for anything else. The fold calls it as a function, not through the
    classmethod: binding a classmethod costs a declaration more than one check here."""
    if d.__class__ is not dict:  # a dict (what facts hold) is neither: not asked
        if isinstance(d, Command):
            return d
        if not isinstance(d, Mapping):
            raise RuleError(
                "bad_command", template=gettext_noop("a command is a mapping"),
                field="action",
            )
    action = d.get("action")
    if not isinstance(action, str) or not action:
        raise RuleError(
            "bad_command", template=gettext_noop("a command needs an 'action' name"), field="action"
        )
    unit = d.get("unit")
    if unit is not None and not isinstance(unit, str):
        raise RuleError(
            "bad_command", template=gettext_noop("'unit' must be a string"), field="unit"
        )
    params = d.get("params", _EMPTY)
    if params is not _EMPTY and not isinstance(params, _MAPPINGS):
        raise RuleError(
            "bad_command", template=gettext_noop("'params' must be a mapping"), field="params"
        )
    return Command(action, unit, params)


def declare(
    action: str,
    unit: str | None = None,
    params: Mapping[str, Any] | None = None,
    *,
    dice: Mapping[str, Any] | None = None,
) -> Fact:
    """A ``declare`` fact; ``dice`` optionally carries the declaration's dice (bulk clients)."""
    data = Command(action, unit, params or _EMPTY).to_json()
    if dice:
        data["dice"] = dict(dice)
    return Fact(DECLARE, data)


def dice(rolls: Mapping[str, Any], *, source: str | None = None) -> Fact:
    """A ``dice`` fact: values for pending request keys."""
    data: dict = {"rolls": dict(rolls)}
    if source is not None:
        data["source"] = source
    return Fact(DICE, data)


def draw(draws: Mapping[str, Any], *, source: str | None = None) -> Fact:
    """A ``draw`` fact: card ids for pending draw request keys."""
    data: dict = {"draws": dict(draws)}
    if source is not None:
        data["source"] = source
    return Fact(DRAW, data)


def decide(key: str, choice: Any) -> Fact:
    """A ``decide`` fact: the answer ``choice`` to the pending decision ``key``."""
    return Fact(DECIDE, {"key": key, "choice": choice})


def _thaw(value: Any) -> Any:
    """Plain JSON containers (dict/list) from read-only mappings and tuples."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value
