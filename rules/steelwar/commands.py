"""Reading declared commands: parameters, the acting squad, and what its state allows.

Parameters arrive as JSON in ``Command.params``; these helpers check their type and name
the offending field (``params.distance``) in the ``bad_command`` error. The permission checks
(:func:`acting_squad`, :func:`check_allowed`) raise ``action_forbidden`` with the rule that
forbids the action.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core.errors import RuleError, Sentence, Term, gettext_noop
from rules.core.facts import Command
from rules.core.limits import exceeded
from rules.steelwar.actions.procedure import forbid
from rules.steelwar.firepower import suppressed_allows
from rules.steelwar.limits import LIMITS
from rules.steelwar.morale import check_grade_allows
from rules.steelwar.state import BattleState, Squad, memo

_REQUIRED: Any = object()

#: Movement classes of infantry-like units; every other class is a vehicle (§2.7).
FOOT_CLASSES = frozenset({"infantry", "power_armour_cavalry"})

# --- parameters -------------------------------------------------------------------------------


def _bad(name: str, template: str, **params: Any) -> RuleError:
    """``bad_command`` for ``params.<name>``; ``template`` (marked with ``gettext_noop``) is
    filled with ``params`` and the parameter's ``name``."""
    return RuleError("bad_command", template=template, params={"name": name, **params},
                     field=f"params.{name}")


def _missing(cmd: Command, name: str) -> RuleError:
    return _bad(name, gettext_noop("{action} needs the parameter {name!r}"), action=cmd.action)


# Each reader accepts the common case (a value of the right type) first, with one look-up and
# one type check: they run for every parameter of every declaration of a replay.


def param(cmd: Command, name: str, default: Any = _REQUIRED) -> Any:
    value = cmd.params.get(name, default)
    if value is _REQUIRED:
        raise _missing(cmd, name)
    return value


def number(cmd: Command, name: str, default: Any = _REQUIRED) -> float | None:
    """A non-negative number of inches (or ``default``)."""
    value = cmd.params.get(name, default)
    kind = value.__class__
    if (kind is int or kind is float) and value >= 0:
        return value
    if value is _REQUIRED:
        raise _missing(cmd, name)
    if value is None and default is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise _bad(name, gettext_noop("{name} must be a non-negative number, not {value!r}"),
                   value=value)
    return value


def flag(cmd: Command, name: str, default: bool = False) -> bool:
    value = cmd.params.get(name, default)
    if value is not True and value is not False:
        raise _bad(name, gettext_noop("{name} must be true or false, not {value!r}"), value=value)
    return value


def choice(cmd: Command, name: str, choices: Iterable[str], default: Any = _REQUIRED) -> Any:
    value = cmd.params.get(name, default)
    if value is None and default is None:  # an optional choice not made
        return None
    if value is _REQUIRED:
        raise _missing(cmd, name)
    allowed = choices if choices.__class__ is tuple else tuple(choices)
    if value not in allowed:
        raise _bad(name, gettext_noop("{name} must be one of {allowed}; got {value!r}"),
                   allowed=", ".join(allowed), value=value)
    return value


def text(cmd: Command, name: str, default: Any = _REQUIRED) -> Any:
    value = cmd.params.get(name, default)
    if value.__class__ is str:
        return value
    if value is _REQUIRED:
        raise _missing(cmd, name)
    if not isinstance(value, str) and not (value is None and default is None):
        raise _bad(name, gettext_noop("{name} must be a string, not {value!r}"), value=value)
    return value


def texts(cmd: Command, name: str, default: Any = _REQUIRED) -> tuple[str, ...]:
    """A list of strings (ids), at most ``LIMITS.list_items`` of them; a single string is
    accepted as a list of one."""
    value = cmd.params.get(name, default)
    if value.__class__ is not list:  # a JSON list: the common case
        if value is _REQUIRED:
            raise _missing(cmd, name)
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list | tuple):
            raise _bad(name, gettext_noop("{name} must be a list of ids, not {value!r}"),
                       value=value)
    if len(value) > LIMITS.list_items:
        raise exceeded(LIMITS, "list_items", len(value), f"params.{name}")
    for v in value:
        if v.__class__ is not str and not isinstance(v, str):
            raise _bad(name, gettext_noop("{name} must be a list of ids, not {value!r}"),
                       value=value)
    if len(set(value)) != len(value):
        raise _bad(name, gettext_noop("{name} names an id twice"))
    return tuple(value)


# --- who acts ---------------------------------------------------------------------------------


def is_vehicle(squad: Squad) -> bool:
    return squad.movement_class not in FOOT_CLASSES


def acting_squad(
    battle: BattleState, cmd: Command, actions: int = 1, *, panicking: bool = False
) -> tuple[int, Squad]:
    """The squad declaring ``cmd``: it must be the one under activation, on the table, not
    panicking (``panicking=True`` only for the test to end a panic, §2.14), with ``actions``
    actions left (§1: two per activation)."""
    if cmd.unit is None:
        raise RuleError("bad_command", template=gettext_noop("{action} needs a 'unit'"),
                        params={"action": cmd.action}, field="unit")
    i, squad = battle.squad(cmd.unit)
    act = battle.activation
    if act is None or act.squad != i:
        raise forbid(
            gettext_noop("{squad} is not under activation: declare begin_activation first"),
            "§1, engine reading",
            "unit",
            squad=squad.name,
        )
    if act.actions_used + actions > 2:
        left = 2 - act.actions_used
        if actions == 2:
            message = gettext_noop(
                "{squad} has {left} of its 2 actions left and {action} takes a full activation")
        else:
            message = gettext_noop(
                "{squad} has {left} of its 2 actions left and {action} takes {actions} action")
        raise forbid(message, "§1", squad=squad.name, left=left, action=cmd.action,
                     actions=actions)
    if squad.panicking and not panicking:
        raise forbid(
            gettext_noop("{squad} is panicking and can do nothing but tests to end the panic"),
            "§2.14", squad=squad.name,
        )
    return i, squad


def full_activation(battle: BattleState, cmd: Command) -> tuple[int, Squad]:
    """Like :func:`acting_squad` for tasks that take a whole activation (§1): no action of the
    activation may have been used yet."""
    i, squad = acting_squad(battle, cmd, actions=1)
    if battle.activation.actions_used:
        raise forbid(
            gettext_noop("{action} takes {squad}'s whole activation, and it has already acted"),
            "§1", action=cmd.action, squad=squad.name,
        )
    return i, squad


def check_suppression_allows(
    squad: Squad, action: str, what: str, *, crew_must_get_out: bool = False
) -> None:
    """§2.7: a suppressed squad may do only what :func:`firepower.suppressed_allows` lets it
    (infantry: observe, communicate, reorganise in cover, remove suppression, move away from
    the enemy; vehicles: anything that does not need the crew or passengers to get out).

    ``what`` is the refused deed as a verb phrase ("go prone"; its translations are in the
    API's catalogue under the context "deed") or a :class:`Sentence`."""
    if not squad.suppression:
        return
    verdict = suppressed_allows(
        action,
        in_cover=squad.cover != "none",
        vehicle=is_vehicle(squad),
        crew_must_get_out=crew_must_get_out,
    )
    if verdict is not True:
        raise RuleError(
            "action_forbidden", template=gettext_noop("{squad} cannot {what}: {reason}"),
            params={"squad": squad.name,
                    "what": what if isinstance(what, Sentence) else Term(what, context="deed"),
                    "reason": verdict},
            rule="§2.7",
        )


def check_morale_allows(battle: BattleState, squad: Squad, *kinds: str) -> None:
    """§2.12/§3.5: refuse what the squad's morale grade does not allow (e.g. a Shaken squad
    moving toward the enemy, a Routing squad doing anything but run for its own edge).
    A squad in "Not one step back!" has no morale grade any more (§2.15)."""
    if squad.no_step_back:
        return
    cache = memo(battle.options)
    key = ("grade_allows", squad.morale, kinds)
    if cache.get(key) is None:
        for kind in kinds:
            check_grade_allows(squad.morale, kind, options=battle.options)
        cache[key] = True
