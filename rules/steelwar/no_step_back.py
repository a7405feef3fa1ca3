"""\"Not one step back!\" -- berserks and last stands (digest §2.15).

A squad may volunteer for the test when it is in cover or prone, has no friendly troops within
12", sees at least three enemy squads that are neither retreating nor routing, and is Shaken or
better. Roll d8 for the Keno Guard, d6 for anyone else: 6 or more succeeds. Success: no morale
any more (every morale and reaction test passes), no suppression markers, fearsome when it
charges. Failure: the squad is removed at once -- scattered, or surrendered if an enemy is within
12". The state ends when the squad is wiped out, or when no enemy is left in view except
Broken (and, by default, Routing) ones; its morale then becomes Steady. A psionic can impose
the state directly (threshold 6), bypassing the conditions.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.errors import RuleError, Sentence, gettext_noop, joined
from rules.steelwar import terms
from rules.steelwar._ladder import check_face
from rules.steelwar.morale import BROKEN, ROUTING, SHAKEN, STEADY
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import (
    NO_STEP_BACK_DIE_KENO_GUARD,
    NO_STEP_BACK_DIE_OTHER,
    NO_STEP_BACK_SUCCESS,
    check_grade,
)

#: §2.15: no friendly troops within this many inches.
NO_FRIENDS_WITHIN_INCHES = 12
#: §2.15: at least this many enemy squads in view.
MIN_ENEMY_SQUADS = 3
#: §2.15: a failed test near the enemy means surrender.
SURRENDER_WITHIN_INCHES = 12
#: §2.15: morale when the state ends because only broken enemies are in view.
MORALE_AFTER = STEADY


def unmet_conditions(
    *,
    in_cover_or_prone: bool,
    nearest_friend_inches: float | None,
    visible_enemy_grades: Iterable[str],
    morale: str,
    options: Options = DEFAULT_OPTIONS,
) -> list[str]:
    """§2.15: the conditions for the test that do not hold (empty list = may test).

    ``visible_enemy_grades`` are the morale grades of the enemy squads in direct line of
    sight; those "neither retreating nor routing" count (better than Broken by default,
    ``options.no_step_back_enemy_counts``).
    """
    unmet = []
    if not in_cover_or_prone:
        unmet.append("the squad must be in cover or prone (§2.15)")
    if nearest_friend_inches is not None and nearest_friend_inches <= NO_FRIENDS_WITHIN_INCHES:
        unmet.append(Sentence(gettext_noop("no friendly troops may be within {inches}\" (§2.15)"),
                              inches=NO_FRIENDS_WITHIN_INCHES))
    worst_counted = BROKEN if options.no_step_back_enemy_counts == "not_routing" else SHAKEN
    limit = check_grade(worst_counted)
    counted = sum(1 for g in visible_enemy_grades if check_grade(g) <= limit)
    if counted < MIN_ENEMY_SQUADS:
        unmet.append(Sentence(gettext_noop(
            "at least {least} enemy squads that are neither retreating nor routing must be in "
            "direct line of sight (§2.15); {counted} are"),
            least=MIN_ENEMY_SQUADS, counted=counted))
    if check_grade(morale) > check_grade(SHAKEN):
        unmet.append(Sentence(
            gettext_noop("the squad must be Shaken or better (§2.15), not {morale}"),
            morale=terms.grade(morale)))
    return unmet


def check_conditions(**conditions) -> None:
    """§2.15: refuse the test when a condition fails (``action_forbidden``, naming them)."""
    unmet = unmet_conditions(**conditions)
    if unmet:
        raise RuleError("action_forbidden",
                        template=gettext_noop("'Not one step back!' is not allowed: {conditions}"),
                        params={"conditions": joined(unmet)}, rule="§2.15")


def no_step_back_die(*, keno_guard: bool) -> int:
    """§2.15: the test rolls d8 for the Keno Guard, d6 for everyone else."""
    return NO_STEP_BACK_DIE_KENO_GUARD if keno_guard else NO_STEP_BACK_DIE_OTHER


def no_step_back_test(roll: int, *, keno_guard: bool) -> bool:
    """§2.15: the test succeeds on 6 or more."""
    check_face(roll, no_step_back_die(keno_guard=keno_guard), "'Not one step back!' die", "§2.15")
    return roll >= NO_STEP_BACK_SUCCESS


def failure_outcome(nearest_enemy_inches: float | None) -> str:
    """§2.15: a failed test removes the squad at once: ``"surrendered"`` if an enemy is within
    12", else ``"scattered"``."""
    if nearest_enemy_inches is not None and nearest_enemy_inches <= SURRENDER_WITHIN_INCHES:
        return "surrendered"
    return "scattered"


def state_ends(
    visible_enemy_grades: Iterable[str], *, options: Options = DEFAULT_OPTIONS
) -> bool:
    """§2.15: the state ends (morale becomes Steady, :data:`MORALE_AFTER`) when no enemy in
    view is better than Broken -- Broken or Routing by default, only Broken with
    ``options.no_step_back_end = "broken_only"``. (Being wiped out also ends it.)"""
    allowed = {BROKEN, ROUTING} if options.no_step_back_end == "broken_or_routing" else {BROKEN}
    for grade in visible_enemy_grades:
        check_grade(grade)
        if grade not in allowed:
            return False
    return True
