"""Terrain, movement and transport (digest §2.1, §2.2, table §3.1).

Terrain is easy (no effect, march allowed), difficult (speed / 2, rounded down), very
difficult (speed / 3, rounded down) or impassable, depending on the unit's movement class
(:func:`rules.steelwar.tables.terrain_class`). March order doubles speed, on easy terrain only.

Base speeds are in a chapter missing from the fragment: only infantry 6" and tank 12" can be
inferred (example #1); :func:`base_speed` refuses any other unit rather than guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.core.errors import RuleError, gettext_noop
from rules.steelwar import terms
from rules.steelwar._ladder import check_distance, check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import (
    BASE_SPEEDS,
    COMBAT_MOVE_DICE,
    DISEMBARK_MAX_INCHES,
    EMBARK_MAX_INCHES,
    MARCH_MULTIPLIER,
    MARCH_TERRAIN,
    TERRAIN_CLASSES,
    TERRAIN_DIVISOR,
)

_WORST = {c: i for i, c in enumerate(TERRAIN_CLASSES)}


def _divisor(terrain_class: str) -> int | None:
    try:
        return TERRAIN_DIVISOR[terrain_class]
    except KeyError:
        raise RuleError(
            "unknown_terrain_class",
            template=gettext_noop(
                "unknown terrain class {terrain_class!r} (§2.1); known: {known}"
            ),
            params={"terrain_class": terrain_class, "known": ', '.join(TERRAIN_CLASSES)},
            rule="§2.1",
        ) from None


def move_allowance(distance_or_speed: int, terrain_class: str, *, march: bool = False) -> int | None:
    """§2.1: how far a unit of this speed (or rolled combat move) goes in ``terrain_class``:
    easy x1 (x2 in march order), difficult // 2, very difficult // 3, impassable ``None``.

    March order is allowed only on easy terrain; asking for it elsewhere is refused.
    (Example #1: infantry 6" in forest -> 3"; a tank 12" in thin forest -> 4".)
    """
    divisor = _divisor(terrain_class)
    if march and terrain_class not in MARCH_TERRAIN:
        raise RuleError(
            "march_not_allowed",
            template=gettext_noop(
                "march order is allowed only on easy terrain (§2.1), not on {terrain_class} "
                "terrain"
            ),
            params={"terrain_class": terms.terrain_class(terrain_class)},
            rule="§2.1",
        )
    if divisor is None:
        return None
    if march:
        return distance_or_speed * MARCH_MULTIPLIER
    return distance_or_speed // divisor


def worst_terrain_class(classes_crossed: Iterable[str]) -> str:
    """§2.1 (PROPOSED): the worst terrain class a move crosses (impassable > very difficult >
    difficult > easy); the whole move is made at that class."""
    worst = None
    for c in classes_crossed:
        _divisor(c)
        if worst is None or _WORST[c] > _WORST[worst]:
            worst = c
    if worst is None:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a move crosses at least one terrain class (§2.1)"),
            rule="§2.1",
        )
    return worst


def path_allowed(
    speed: int,
    segments: Sequence[tuple[str, float]],
    *,
    march: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> bool:
    """§2.1: whether a path of ``(terrain_class, inches)`` segments fits a move of ``speed``.

    ``options.mixed_path_terrain="worst_class"`` (default): the path length must fit the
    allowance in the worst class crossed. ``"per_segment"``: each inch costs 1 (easy),
    2 (difficult) or 3 (very difficult) inches of the speed. Impassable anywhere -> False.
    """
    classes = [c for c, _ in segments]
    worst = worst_terrain_class(classes)
    length = 0.0
    for _, inches in segments:
        check_distance(inches, "a path segment")
        length += inches
    if march and worst not in MARCH_TERRAIN:
        raise RuleError(
            "march_not_allowed",
            template=gettext_noop(
                "march order is allowed only on easy terrain (§2.1); the path crosses {worst} "
                "terrain"
            ),
            params={"worst": terms.terrain_class(worst)},
            rule="§2.1",
        )
    if options.mixed_path_terrain == "worst_class":
        allowance = move_allowance(speed, worst, march=march)
        return allowance is not None and length <= allowance
    if worst == "impassable":
        return False
    cost = sum(inches * TERRAIN_DIVISOR[c] for c, inches in segments)
    return cost <= speed * (MARCH_MULTIPLIER if march else 1)


def combat_move(
    rolls: Sequence[int], terrain_class: str, *, options: Options = DEFAULT_OPTIONS
) -> int | None:
    """§2.1 (INFERRED from example #1): a combat move is 2d6", divided by terrain like any
    move (``options.combat_move_terrain_modified``); ``None`` in impassable terrain."""
    if len(rolls) != len(COMBAT_MOVE_DICE):
        raise RuleError(
            "wrong_die",
            template=gettext_noop("a combat move rolls {count}d6, got {got} dice (§2.1)"),
            params={"count": len(COMBAT_MOVE_DICE), "got": len(rolls)},
            rule="§2.1",
        )
    for roll, die in zip(rolls, COMBAT_MOVE_DICE, strict=True):
        check_face(roll, die, "combat move die", "§2.1")
    total = sum(rolls)
    if options.combat_move_terrain_modified:
        return move_allowance(total, terrain_class)
    return None if _divisor(terrain_class) is None else total


def base_speed(unit_kind: str) -> int:
    """§3.1 (INFERRED): the only base speeds the fragment reveals: infantry 6", tank 12".
    Every other speed is in a missing chapter and must come from the scenario."""
    try:
        return BASE_SPEEDS[unit_kind]
    except KeyError:
        raise RuleError(
            "missing_table",
            template=gettext_noop(
                "the base speed of {unit_kind!r} is in a chapter missing from the Steel War "
                "source (only infantry 6\" and tank 12\" are known, §3.1); give the speed in the "
                "scenario"
            ),
            params={"unit_kind": unit_kind},
            rule="§3.1",
        ) from None


def embark_allowed(farthest_figure_inches: float) -> bool:
    """§2.2: embarking takes one action and is allowed only if the figure farthest from the
    vehicle is at most 6" from it."""
    check_distance(farthest_figure_inches)
    return farthest_figure_inches <= EMBARK_MAX_INCHES


def disembark_allowed(farthest_figure_inches: float) -> bool:
    """§2.2: disembarking takes one action; afterwards the farthest figure must be at most 6"
    from the vehicle. Man-portable heavy weapons leave with the passengers at no extra action;
    unhitching a towed gun takes a full activation (example #2)."""
    check_distance(farthest_figure_inches)
    return farthest_figure_inches <= DISEMBARK_MAX_INCHES


def check_embark(farthest_figure_inches: float, *, disembark: bool = False) -> None:
    """§2.2: refuse an embark (or disembark) whose farthest figure is more than 6" away."""
    allowed = disembark_allowed if disembark else embark_allowed
    if not allowed(farthest_figure_inches):
        verb = "disembarked" if disembark else "embarking"
        raise RuleError(
            "action_forbidden",
            template=gettext_noop(
                "the farthest {verb} figure must be within 6\" of the vehicle (§2.2); it is "
                "{inches}\" away"
            ),
            params={"verb": verb, "inches": farthest_figure_inches},
            rule="§2.2",
        )
