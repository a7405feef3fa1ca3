"""Panic (digest §2.14).

Which events panic a squad depends on its quality, each only the first time it happens:
untrained panic when any enemy combat unit first comes into view; recruits when they first
see enemy armour or power armour, or are first fired upon; regulars only when fearsome enemy
soldiers charge them; veterans and elite never. On such an event the squad takes a reaction
test at threat 0. Passing ends any panic for good (the squad never panics again this battle);
failing means panic: the squad does nothing this activation and loses one morale grade, and
each later attempt to end it takes a whole activation. Psionics can force a panic test.
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.steelwar._ladder import check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.reaction import reaction_test
from rules.steelwar.tables import PANIC_EVENTS, QUALITY_BY_DIE, quality_grade, reaction_threat_cell

#: §2.14: every failed panic test costs one morale grade.
PANIC_FAILURE_GRADE_CHANGE = -1

# quality die -> events that panic it, literal and cumulative (lower grades inherit the
# events of the grades above them), built once.
_LITERAL = {die: g.panic_triggers for die, g in QUALITY_BY_DIE.items()}
_CUMULATIVE = {
    die: frozenset().union(*(g.panic_triggers for d, g in QUALITY_BY_DIE.items() if d >= die))
    for die in QUALITY_BY_DIE
}


def panic_triggers_for(
    quality_die: int, event_kind: str, *, options: Options = DEFAULT_OPTIONS
) -> bool:
    """§2.14: whether ``event_kind`` panics a squad of ``quality_die`` (the fold tracks that
    it is the first time). Events: ``enemy_unit_first_seen``, ``enemy_armour_first_seen``,
    ``first_fired_upon``, ``fearsome_charge``. ``options.panic_triggers_cumulative`` lets
    lower grades also panic on the events listed for better ones."""
    if event_kind not in PANIC_EVENTS:
        raise RuleError(
            "bad_command",
            template=gettext_noop("unknown panic event {event_kind!r} (§2.14); known: {known}"),
            params={"event_kind": event_kind, "known": ', '.join(PANIC_EVENTS)},
            rule="§2.14",
        )
    quality_grade(quality_die)
    table = _CUMULATIVE if options.panic_triggers_cumulative else _LITERAL
    return event_kind in table[quality_die]


def panic_test(
    roll: int,
    leadership: int,
    *,
    die: int | None = None,
    no_step_back: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> bool:
    """§2.14: the panic test is a reaction test at threat 0 (quality die > leadership).
    ``True``: any panic ends and the squad is immune to panic for the rest of the battle.
    ``False``: the squad panics, does nothing this activation and loses one grade
    (:data:`PANIC_FAILURE_GRADE_CHANGE`)."""
    if die is not None:
        check_face(roll, die, "quality die", "§2.14")
    threat = reaction_threat_cell("panic_event", options=options)
    return reaction_test(roll, leadership, threat, no_step_back=no_step_back)


def panic_possible(*, panic_immune: bool, no_step_back: bool = False) -> bool:
    """§2.14: a squad that once passed a panic test never panics again this battle; §2.15: a
    squad in "Not one step back!" passes every reaction test, so never panics."""
    return not panic_immune and not no_step_back
