"""§2.1-§2.2: terrain slows or forbids movement; march order doubles speed on easy terrain."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.steelwar.movement import (
    base_speed,
    check_embark,
    combat_move,
    disembark_allowed,
    embark_allowed,
    move_allowance,
    path_allowed,
    worst_terrain_class,
)
from rules.steelwar.options import Options

CLASSES = ["easy", "difficult", "very_difficult", "impassable"]


@pytest.mark.parametrize(
    ("speed", "terrain_class", "expected"),
    [(6, "easy", 6), (6, "difficult", 3), (7, "difficult", 3), (12, "very_difficult", 4),
     (11, "very_difficult", 3), (6, "impassable", None)],
)
def test_terrain_divides_speed_rounding_down(speed, terrain_class, expected):
    assert move_allowance(speed, terrain_class) == expected


def test_march_doubles_speed_on_easy_terrain_only():
    assert move_allowance(6, "easy", march=True) == 12
    with pytest.raises(RuleError) as err:
        move_allowance(6, "difficult", march=True)
    assert err.value.code == "march_not_allowed" and "§2.1" in err.value.message


def test_unknown_terrain_class():
    with pytest.raises(RuleError) as err:
        move_allowance(6, "muddy")
    assert err.value.code == "unknown_terrain_class"


def test_worst_class_crossed():
    assert worst_terrain_class(["easy", "very_difficult", "difficult"]) == "very_difficult"
    assert worst_terrain_class(["easy", "impassable"]) == "impassable"
    with pytest.raises(RuleError):
        worst_terrain_class([])


def test_path_through_several_classes_uses_the_worst_by_default():
    path = [("easy", 2), ("difficult", 1)]
    assert path_allowed(6, path)  # 3" fits 6 // 2 = 3
    assert not path_allowed(6, [("easy", 3), ("difficult", 1)])
    assert not path_allowed(6, [("easy", 1), ("impassable", 0.5)])


def test_path_per_segment_costs_inches_by_class():
    per_segment = Options(mixed_path_terrain="per_segment")
    assert path_allowed(6, [("easy", 4), ("difficult", 1)], options=per_segment)  # 4 + 2
    assert not path_allowed(6, [("easy", 4), ("very_difficult", 1)], options=per_segment)
    assert path_allowed(6, [("easy", 12)], march=True, options=per_segment)
    with pytest.raises(RuleError, match="march"):
        path_allowed(6, [("easy", 1), ("difficult", 1)], march=True, options=per_segment)


def test_combat_move_is_2d6_divided_by_terrain():
    assert combat_move((4, 5), "easy") == 9
    assert combat_move((4, 5), "difficult") == 4
    assert combat_move((4, 5), "impassable") is None
    assert combat_move((4, 5), "difficult",
                       options=Options(combat_move_terrain_modified=False)) == 9
    with pytest.raises(RuleError) as err:
        combat_move((7, 1), "easy")
    assert err.value.code == "die_out_of_range"
    with pytest.raises(RuleError) as err:
        combat_move((3,), "easy")
    assert err.value.code == "wrong_die"


def test_only_inferred_base_speeds_are_known():
    assert base_speed("infantry") == 6
    assert base_speed("tank") == 12
    with pytest.raises(RuleError) as err:
        base_speed("apc")
    assert err.value.code == "missing_table"


def test_embark_and_disembark_within_six_inches():
    assert embark_allowed(6) and not embark_allowed(6.5)
    assert disembark_allowed(0) and not disembark_allowed(7)
    check_embark(5)
    with pytest.raises(RuleError, match="within 6"):
        check_embark(6.1, disembark=True)
    with pytest.raises(RuleError):
        embark_allowed(-1)


@given(st.integers(0, 48), st.sampled_from(CLASSES))
def test_terrain_never_speeds_a_unit_up(speed, terrain_class):
    allowance = move_allowance(speed, terrain_class)
    assert allowance is None or 0 <= allowance <= speed
