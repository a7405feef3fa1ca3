"""A campaign plug-in's attribute schema: what its members, units, forces and scenario sides
carry beyond what the core knows (Steel War: weapon, armour, quality; fatigue points...).

Values are plain JSON, stored in ``attributes`` (the ledger's events, the projections'
JSONField); :meth:`Schema.check` validates them and names the attribute in its error
(``field="attributes.weapon"``). Labels are English ``gettext_noop`` strings translated where
they are shown (Russian in ``locale/ru``). Pure: no Django.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RuleError, gettext_noop

KINDS: tuple[str, ...] = ("choice", "int", "text", "list", "map", "bool")


@dataclass(frozen=True)
class Attribute:
    """One attribute: ``kind`` is choice / int / text / list (of texts) / map / bool.

    ``choices`` (for ``choice``; a callable gives them lazily, e.g. a rule system's weapons;
    for ``map``: what its values may be, the pages' select, checked by the plug-in),
    ``minimum``/``maximum`` (for ``int``), ``required``, ``default``; ``editable=False``: the
    plug-in's own events keep it (fatigue points), players do not set it; ``derived``: the
    plug-in computes it when the entity is shown (never stored)."""

    name: str
    kind: str
    label: str
    choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    default: Any = None
    editable: bool = True
    help: str = ""
    #: Labels of choices (gettext_noop) where the rule system's terms have none.
    choice_labels: dict = field(default_factory=dict)
    #: Derived by the plug-in when shown (a force's fatigue level), never stored.
    derived: bool = False
    #: The kind of the rule system's terms that label its choices, if not its name
    #: (a record's ``morale_low`` is labelled as a ``morale``).
    terms: str = ""
    #: (``map``) Its keys are a map's cells ``"x,y"`` (the pages ask for two whole numbers).
    cell_keys: bool = False

    def __post_init__(self) -> None:
        if self.derived and self.editable:  # pragma: no cover - a programming error
            raise ValueError(f"attribute {self.name}: a derived attribute is not editable")
        if self.kind not in KINDS:  # pragma: no cover - a programming error
            raise ValueError(f"attribute {self.name}: unknown kind {self.kind!r}")

    def options(self) -> tuple[str, ...]:
        return tuple(self.choices() if callable(self.choices) else self.choices)

    def empty(self) -> Any:
        """The value of an attribute left out: its default (a fresh copy for list/map)."""
        if self.default is not None:
            return type(self.default)(self.default) if self.kind in ("list", "map") else self.default
        return {"list": [], "map": {}}.get(self.kind)

    def check(self, value: Any, where: str) -> Any:
        """``value`` if it fits (lists of texts as lists), else ``RuleError("bad_attribute")``."""
        def bad(template: str, **params: Any) -> RuleError:
            return RuleError("bad_attribute", template=template,
                             params={"attribute": self.name, **params}, field=where)

        if value is None:
            if self.required:
                raise bad(gettext_noop("{attribute} is required"))
            return None
        if self.kind == "choice":
            options = self.options()
            if not isinstance(value, str) or value not in options:
                raise bad(gettext_noop("{attribute} must be one of {choices}, not {value!r}"),
                          choices=", ".join(options), value=value)
        elif self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise bad(gettext_noop("{attribute} must be a whole number"))
            if self.minimum is not None and value < self.minimum or (
                self.maximum is not None and value > self.maximum
            ):
                raise bad(gettext_noop("{attribute} runs from {minimum} to {maximum}"),
                          minimum=self.minimum, maximum=self.maximum)
        elif self.kind == "text":
            if not isinstance(value, str):
                raise bad(gettext_noop("{attribute} must be a text"))
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise bad(gettext_noop("{attribute} must be true or false"))
        elif self.kind == "list":
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, str) and v for v in value
            ):
                raise bad(gettext_noop("{attribute} must be a list of names"))
            value = list(value)
        elif self.kind == "map":
            if not isinstance(value, Mapping):
                raise bad(gettext_noop("{attribute} must be an object"))
            value = dict(value)
        return value

    def to_json(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label,
                               "required": self.required, "editable": self.editable}
        if self.derived:
            out["derived"] = True
        if self.kind in ("choice", "map") and self.options():
            out["choices"] = list(self.options())
        if self.cell_keys:
            out["cell_keys"] = True
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.default is not None:
            out["default"] = self.default
        if self.help:
            out["help"] = self.help
        return out


@dataclass(frozen=True)
class Schema:
    """The attributes of one kind of entity (member, unit, force, scenario side)."""

    attributes: tuple[Attribute, ...] = ()
    by_name: dict[str, Attribute] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {a.name: a for a in self.attributes})

    def names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.attributes)

    def editable(self) -> tuple[Attribute, ...]:
        return tuple(a for a in self.attributes if a.editable)

    def defaults(self) -> dict[str, Any]:
        """Every attribute at its default (what an entity starts with)."""
        return {a.name: a.empty() for a in self.attributes if not a.derived}

    def check(self, values: Mapping[str, Any] | None, *, prefix: str = "attributes",
              base: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The full, checked attributes: ``values`` over ``base`` (or the defaults). Unknown
        or non-editable names, and values that do not fit, raise ``RuleError`` naming
        ``<prefix>.<name>``."""
        if values is not None and not isinstance(values, Mapping):
            raise RuleError("bad_attribute", template=gettext_noop("attributes must be an object"),
                            field=prefix)
        values = dict(values or {})
        for name in sorted(values):
            attribute = self.by_name.get(name)
            if attribute is None or not attribute.editable:
                raise RuleError(
                    "bad_attribute",
                    template=gettext_noop("unknown attribute {attribute!r} (known: {known})"),
                    params={"attribute": name,
                            "known": ", ".join(a.name for a in self.editable())},
                    field=f"{prefix}.{name}",
                )
        out = dict(base) if base is not None else self.defaults()
        for attribute in self.attributes:
            if attribute.derived:
                continue
            if attribute.name in values:
                out[attribute.name] = attribute.check(values[attribute.name],
                                                      f"{prefix}.{attribute.name}")
            elif attribute.editable:
                out[attribute.name] = attribute.check(out.get(attribute.name, attribute.empty()),
                                                      f"{prefix}.{attribute.name}")
        return out

    def to_json(self) -> list[dict]:
        return [a.to_json() for a in self.attributes]


NO_ATTRIBUTES = Schema()
