"""Groups of Extras (§2.18): the group Wild Die and a modifier that only part of a group has.

When Extras roll as a group (a squad, a tank crew, any formed group: morale, Notice), they roll
the base skill die plus a group Wild Die sized by the group and keep the better. Wild Cards
always roll on their own and are not counted in the group.

The text does not say which die is "the base skill die" of a group whose Extras' dice differ;
this project's reading (README, fixed): the die most of them have, the smaller on a tie
(``group_die``), as §2.18 itself lets only what most of a group has count.
"""

from __future__ import annotations

from collections import Counter

from rules.core.errors import RuleError, gettext_noop

#: §2.18 table "Extras in group -> group Wild Die": (fewest Extras, die).
GROUP_WILD_DIE = ((16, 10), (8, 8), (4, 6), (2, 4))

#: The two readings of a partial group modifier (option ``group_modifier``).
LOOP = "halving"
ROUNDED = "proportional"
#: Whether the Extras of a group roll as one (the text) or each alone (option ``group_roll``).
AS_GROUP = "group"
EACH_ALONE = "each"


def group_wild_die(extras: int) -> int | None:
    """The group Wild Die of ``extras`` Extras (§2.18: 2-3 d4, 4-7 d6, 8-15 d8, 16+ d10);
    ``None`` for a lone Extra, who rolls no Wild Die."""
    if extras < 1:
        raise RuleError("empty_group", template=gettext_noop("a group needs at least one Extra"),
                        rule="§2.18")
    for fewest, die in GROUP_WILD_DIE:
        if extras >= fewest:
            return die
    return None


def group_modifier(bonus: int, have_it: int, group_size: int, *, reading: str = LOOP) -> int:
    """The share of ``bonus`` a group of ``group_size`` Extras gets when ``have_it`` of them
    have it (§2.18): it applies only if a majority has it, and a bonus above 1 may be cut
    in proportion.

    ``LOOP`` (the digest's literal algorithm, default): each step of the bonus needs a
    majority of what is left after the half already counted is taken away; ``ROUNDED``:
    ``round(bonus * have_it / group_size)`` once a majority has it. Both give the text's
    examples (+2 that 7 of 10 have: +1; that 8 of 10 have: +2); they differ for large
    bonuses (+4, 9 of 10: 3 against 4).
    """
    if not 0 <= have_it <= group_size or group_size < 1:
        raise RuleError(
            "bad_group_share",
            template=gettext_noop("{have_it} of {size} Extras cannot have a modifier"),
            params={"have_it": have_it, "size": group_size}, rule="§2.18",
        )
    if 2 * have_it <= group_size:
        return 0
    size = abs(bonus)
    if reading == ROUNDED:
        share = (2 * size * have_it + group_size) // (2 * group_size)  # round half up
    elif reading == LOOP:
        share, n, k = 0, group_size, have_it
        while share < size and 2 * k > n:
            share += 1
            half = n // 2
            n, k = n - half, k - half
    else:
        raise ValueError(f"unknown reading {reading!r}")
    return share if bonus >= 0 else -share


def group_die(dice: list[int]) -> int:
    """The base skill die of a group whose Extras roll ``dice`` (this project's reading of
    §2.18): the die most of them have; on a tie, the smaller (a larger die only half the group
    has is not had by a majority)."""
    if not dice:
        raise RuleError("empty_group", template=gettext_noop("a group needs at least one Extra"),
                        rule="§2.18")
    counts = Counter(dice)
    return max(counts, key=lambda die: (counts[die], -die))


def group_roll_modifier(modifiers: list[int], *, reading: str = LOOP) -> int:
    """The modifier of a group's one roll when its Extras' own modifiers are ``modifiers``
    (§2.18): a modifier every Extra has counts whole; each value only part of them has counts
    as ``group_modifier`` gives it for the Extras who have exactly that value."""
    counts = Counter(m for m in modifiers if m)
    return sum(group_modifier(value, have_it, len(modifiers), reading=reading)
               for value, have_it in sorted(counts.items()))
