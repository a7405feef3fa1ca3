"""How big a battle's setup and its commands may be: limits a rule system declares as data.

A setup is expanded into state (a figure with ``"count": 7`` becomes seven figures), and every
read of a battle replays it; without bounds one request can ask for a billion figures. So each
rule system has a :class:`Limits` (``system.limits``; :func:`limits_of` gives the core's
:data:`DEFAULT_LIMITS` to a system that declares none) and its setup validation refuses what
exceeds them *before* expanding anything, with ``RuleError("limit_exceeded", ...)`` naming the
limit, its value and the input path at fault (:func:`exceeded`).

These are the project's limits against abuse, not the rulebook's: a real battle stays far
below them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from rules.core.errors import RuleError, gettext_noop

#: The code of every refusal of this module (an API answers it with 400).
LIMIT_EXCEEDED = "limit_exceeded"


@dataclass(frozen=True, slots=True)
class Limits:
    """The largest setup (and command) a rule system accepts; a system overrides any of them.

    ``sides``: sides of a battle. ``units``: units of a battle, all sides together.
    ``figures_per_unit``: figures of one unit, after expanding counts. ``figures``: figures
    of a battle. ``options``: keys of the setup's options. ``id_length``: characters of an id
    (of a side, a unit, a figure, a formation; a figure's role). ``name_length``: characters
    of a name (of a side, a unit). ``list_items``: items of a list inside a unit or a command
    (ids of figures, of units, of formations). The defaults of the lengths are what the
    battles app stores (``UnitStatus``: a side id of 60, a unit name of 120 characters).
    """

    sides: int = 8
    units: int = 500
    figures_per_unit: int = 100
    figures: int = 5000
    options: int = 100
    id_length: int = 60
    name_length: int = 120
    list_items: int = 200

    def to_json(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT_LIMITS = Limits()

#: The sentence of each limit: ``{limit}`` is its value, ``{count}`` what was asked for.
_SENTENCES: Mapping[str, str] = {
    "sides": gettext_noop("a battle has at most {limit} sides (limit sides={limit}); got {count}"),
    "units": gettext_noop(
        "a battle has at most {limit} units (limit units={limit}); got {count}"),
    "figures_per_unit": gettext_noop(
        "a unit has at most {limit} figures (limit figures_per_unit={limit}); got {count}"),
    "figures": gettext_noop(
        "a battle has at most {limit} figures (limit figures={limit}); got {count}"),
    "options": gettext_noop(
        "the options have at most {limit} keys (limit options={limit}); got {count}"),
    "id_length": gettext_noop(
        "an id has at most {limit} characters (limit id_length={limit}); got {count}"),
    "name_length": gettext_noop(
        "a name has at most {limit} characters (limit name_length={limit}); got {count}"),
    "list_items": gettext_noop(
        "a list has at most {limit} items (limit list_items={limit}); got {count}"),
}


def limits_of(system: Any) -> Limits:
    """``system.limits``, or the core's defaults for a system that declares none."""
    limits = getattr(system, "limits", None)
    return limits if isinstance(limits, Limits) else DEFAULT_LIMITS


def exceeded(limits: Limits, name: str, count: int, field: str | None) -> RuleError:
    """``limit_exceeded`` for limit ``name`` (``count`` asked for, more than allowed)."""
    return RuleError(
        LIMIT_EXCEEDED,
        template=_SENTENCES[name],
        params={"limit": getattr(limits, name), "count": count},
        field=field,
    )


def check(limits: Limits, name: str, count: int, field: str | None) -> None:
    """Raise :func:`exceeded` if ``count`` is above the limit ``name``."""
    if count > getattr(limits, name):
        raise exceeded(limits, name, count, field)
