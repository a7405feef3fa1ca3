"""What may be declared now: the command catalogue a rule system gives (``commands(state)``).

A form or an API client is built from it without knowing the rulebook: each
:class:`CommandSpec` is one action one unit may take now (``unit`` is ``None`` for actions of
the whole table), with its parameters as :class:`ParamSpec`, typed by ``kind``:

- ``unit`` -- a unit among ``choices`` (``multiple``: a list of them), e.g. a target;
- ``figures`` -- figures of the acting unit among ``choices`` (always a list), e.g. the
  weapons that may still fire; ``default`` lists those ticked unless the player unticks them;
- ``number`` -- a number between ``minimum`` and ``maximum`` (either may be ``None``), or one
  of its ``choices`` if it has any: the other values it takes, e.g. ``None`` for "none on the
  table" (a form offers them as a tick beside the number);
- ``choice`` -- one of ``choices`` (``multiple``: a list of them), e.g. a cover or a mode;
- ``flag`` -- ``true`` or ``false``.

A ``unit`` or ``choice`` with a ``count`` is a list of exactly ``count`` picks in order, each
one of ``choices``, a choice as often as wanted (``multiple`` lists each choice at most once):
one pick per die, e.g. the cell of each roll of suppressive fire (two dice at one cell). A
form asks each pick on its own, labelled by the system's ``PARAMETER`` label
``"<name>.{n}"`` (the 1-based pick, ``rules.core.terms``).

``default`` is what a form pre-fills: sent as it is, with the other parameters' defaults, it
is legal now. A parameter that is not ``required`` may be left out (``default`` ``None``:
the rules' own default applies). A ``required`` parameter with ``default`` ``None`` has *no
default* (:attr:`ParamSpec.no_default`): the player must choose, as a pre-filled pick would
be a guess (who panics, whom a burst is fired at); a form pre-fills nothing, and the command
is listed only if some choice of it (one, or for ``multiple`` all of them) is legal.
``choices`` lists only values legal now with the other parameters at their defaults;
``validate`` stays the authority over any combination, and refuses a parameter left empty.

Labels are English; ``term`` is a stable key for translations (``"param.target"``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The kinds of parameter a form knows how to ask for.
KINDS = ("unit", "figures", "number", "choice", "flag")


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal value of a parameter: the JSON ``value`` to send and its ``label``."""

    value: Any
    label: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Choice:
        return cls(data["value"], data["label"])


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One parameter of a command: its ``name`` in ``params``, ``label`` and ``kind``."""

    name: str
    label: str
    kind: str
    required: bool = True
    default: Any = None
    choices: tuple[Choice, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    multiple: bool = False
    term: str = ""
    count: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown parameter kind {self.kind!r}; known: {', '.join(KINDS)}")
        if self.count is not None and (self.kind not in ("unit", "choice") or self.multiple
                                       or self.count < 1):
            raise ValueError(f"{self.name}: a count of picks is for a unit or a choice that is "
                             f"not multiple, and at least 1")

    @property
    def no_default(self) -> bool:
        """Whether the player must choose it: ``required`` and nothing pre-filled."""
        return self.required and self.default is None

    def values(self) -> tuple[Any, ...]:
        """The legal values listed: the choices' values, or ``(False, True)`` for a flag."""
        if self.kind == "flag":
            return (False, True)
        return tuple(c.value for c in self.choices)

    def fills(self) -> list[Any]:
        """The values that fill it with its choices: each alone (a list of one when it takes a
        list) and, for a list of several, all of them; a number, its choices and its
        ``minimum`` if it has one; with a ``count``, each choice picked ``count`` times."""
        if self.kind == "number":
            return list(self.values()) + ([] if self.minimum is None else [self.minimum])
        values = list(self.values())
        if self.count is not None:
            return [[v] * self.count for v in values]
        if not (self.multiple or self.kind == "figures"):
            return values
        return [[v] for v in values] + ([values] if len(values) > 1 else [])

    def to_json(self) -> dict:
        out: dict = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "required": self.required,
            "default": _json(self.default),
            "multiple": self.multiple or self.kind == "figures",
            "term": self.term or f"param.{self.name}",
        }
        if self.choices or self.kind in ("unit", "figures", "choice"):
            out["choices"] = [c.to_json() for c in self.choices]
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.count is not None:
            out["count"] = self.count
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ParamSpec:
        return cls(
            data["name"], data["label"], data["kind"], data.get("required", True),
            _freeze(data.get("default")),
            tuple(Choice.from_json(c) for c in data.get("choices", ())),
            data.get("minimum"), data.get("maximum"),
            bool(data.get("multiple", False)) and data["kind"] != "figures",
            data.get("term", "") if data.get("term") != f"param.{data['name']}" else "",
            data.get("count"),
        )


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """An action ``unit`` may declare now (``unit`` ``None``: the whole table's)."""

    action: str
    label: str
    rule: str = ""
    unit: str | None = None
    unit_label: str = ""
    params: tuple[ParamSpec, ...] = ()

    def command(self, **overrides: Any) -> dict:
        """The command JSON with every parameter at its default (``None`` left out), then
        ``overrides``: ``spec.command(target="keno.1")``. A parameter without a default is
        left out unless overridden: the caller chooses it (``None`` is sent as null, e.g. a
        number's "none on the table" choice)."""
        params = {p.name: _json(p.default) for p in self.params if p.default is not None}
        params.update({k: _json(v) for k, v in overrides.items()})
        out: dict = {"action": self.action}
        if self.unit is not None:
            out["unit"] = self.unit
        out["params"] = params
        return out

    def fillings(self) -> list[dict]:
        """The commands with every parameter without a default filled by one of its
        :meth:`ParamSpec.fills` (just :meth:`command` when all have defaults): the catalogue
        lists a command only if one of them is legal now."""
        fills = [[(p.name, v) for v in p.fills()] for p in self.params if p.no_default]
        return [self.command(**dict(pick)) for pick in itertools.product(*fills)]

    def param(self, name: str) -> ParamSpec | None:
        for p in self.params:
            if p.name == name:
                return p
        return None

    def to_json(self) -> dict:
        return {
            "action": self.action,
            "label": self.label,
            "rule": self.rule,
            "unit": self.unit,
            "unit_label": self.unit_label,
            "params": [p.to_json() for p in self.params],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CommandSpec:
        return cls(data["action"], data["label"], data.get("rule", ""), data.get("unit"),
                   data.get("unit_label", ""),
                   tuple(ParamSpec.from_json(p) for p in data.get("params", ())))


def catalogue_to_json(specs: tuple[CommandSpec, ...]) -> list[dict]:
    return [s.to_json() for s in specs]


def _json(value: Any) -> Any:
    return [_json(v) for v in value] if isinstance(value, tuple | list) else value


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value
