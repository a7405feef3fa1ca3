"""Private checks on dice values, die sizes and leadership shared by the chapter modules.

The die ladder itself (``DIE_SIZES``, ``step``, ``step_or_none``, ``round_half_up``) lives in
:mod:`rules.core.dice`; these are the cheap guards the hot rule functions call on raw ints
(no :class:`~rules.core.dice.DiceRequest` is built), raising the shared
:class:`~rules.core.errors.RuleError` codes.
"""

from __future__ import annotations

from rules.core.dice import DIE_SIZES
from rules.core.errors import RuleError, gettext_noop

_LADDER = frozenset(DIE_SIZES)
_NUMBERS = (int, float)


def check_face(roll: int, die: int, what: str, rule: str) -> None:
    """``die_out_of_range`` unless ``roll`` is a face of a d``die``."""
    if roll.__class__ is not int or not 1 <= roll <= die:
        raise RuleError(
            "die_out_of_range",
            template=gettext_noop("{roll!r} is not a face of the {what} d{die} ({rule})"),
            params={"roll": roll, "what": what, "die": die, "rule": rule},
            rule=rule,
        )


def check_die(die: int, what: str, rule: str) -> None:
    """``wrong_die`` unless ``die`` is on the ladder d4..d12."""
    if die not in _LADDER or die.__class__ is not int:
        raise RuleError(
            "wrong_die",
            template=gettext_noop("the {what} must be a die d4..d12, not {die!r} ({rule})"),
            params={"what": what, "die": die, "rule": rule},
            rule=rule,
        )


def check_leadership(leadership: int, who: str = "leadership") -> None:
    """``bad_command`` unless 1 <= leadership <= 3 (§2.0: never better than 1, worse than 3)."""
    if leadership.__class__ is not int or not 1 <= leadership <= 3:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "{who} runs from 1 (best) to 3 (worst), not {leadership!r} (§2.0)"
            ),
            params={"who": who, "leadership": leadership},
            rule="§2.0",
        )


def check_distance(distance: float, what: str = "distance") -> None:
    """``bad_command`` for a negative or non-numeric distance in inches."""
    if distance.__class__ not in _NUMBERS or distance < 0:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "{what} must be a non-negative number of inches, not {distance!r}"
            ),
            params={"what": what, "distance": distance},
        )
