from fractions import Fraction

import pytest

from rules.core.dice import (
    DIE_SIZES,
    DiceRequest,
    check_roll,
    check_rolls,
    round_half_up,
    step,
    step_or_none,
)
from rules.core.errors import RuleError

D6 = DiceRequest("shooter.quality", "shooter quality die d6", 6, unit="red.1")


def test_die_ladder_is_d4_to_d12():
    assert DIE_SIZES == (4, 6, 8, 10, 12)


@pytest.mark.parametrize(
    ("die", "n", "expected"),
    [(6, 1, 8), (8, -1, 6), (4, -1, 4), (12, 1, 12), (6, 3, 12), (10, -4, 4), (8, 0, 8)],
)
def test_step_moves_along_the_ladder_and_clamps(die, n, expected):
    assert step(die, n) == expected


def test_step_or_none_is_none_below_d4_but_clamps_at_d12():
    assert step_or_none(8, -2) == 4
    assert step_or_none(8, -3) is None
    assert step_or_none(10, 5) == 12


def test_step_rejects_a_die_off_the_ladder():
    with pytest.raises(RuleError) as exc:
        step(7, 1)
    assert exc.value.code == "wrong_die"


@pytest.mark.parametrize(
    ("x", "expected"),
    [(Fraction(16, 10), 2), (Fraction(14, 10), 1), (2.5, 3), (0.5, 1), (Fraction(8, 12), 1), (3, 3)],
)
def test_round_half_up_rounds_halves_up_unlike_round(x, expected):
    assert round_half_up(x) == expected


def test_check_roll_accepts_a_list_a_bare_value_and_a_stated_die():
    assert check_roll(D6, [3]) == (3,)
    assert check_roll(D6, 6) == (6,)
    assert check_roll(D6, {"sides": 6, "values": [1]}) == (1,)


@pytest.mark.parametrize("value", [0, 7, -1, True, 2.0, "3"])
def test_a_value_that_is_not_a_face_is_out_of_range(value):
    with pytest.raises(RuleError) as exc:
        check_roll(D6, [value])
    assert exc.value.code == "die_out_of_range"
    assert exc.value.field == "rolls.shooter.quality"


def test_out_of_range_message_names_the_die():
    with pytest.raises(RuleError, match=r"7 is not a face of a d6 \(shooter quality die d6\)"):
        check_roll(D6, [7])


def test_a_stated_die_of_another_size_is_the_wrong_die():
    with pytest.raises(RuleError) as exc:
        check_roll(D6, {"sides": 8, "values": [3]})
    assert exc.value.code == "wrong_die"


def test_the_wrong_number_of_dice_is_the_wrong_die():
    two = DiceRequest("morale", "morale 2d6", 6, count=2)
    assert check_roll(two, [6, 1]) == (6, 1)
    for values in ([3], [1, 2, 3], []):
        with pytest.raises(RuleError) as exc:
            check_roll(two, values)
        assert exc.value.code == "wrong_die"


def test_d3_pools_exploding_and_symbolic_dice():
    assert check_roll(DiceRequest("reinforcements", "d3", 3), [3]) == (3,)
    with pytest.raises(RuleError):
        check_roll(DiceRequest("reinforcements", "d3", 3), [4])
    assert check_roll(DiceRequest("pool", "5d6 pool", 6, count=5), [1, 2, 3, 4, 6])
    ace = DiceRequest("shooting", "shooting d8 (explodes)", 8, explodes=True)
    assert check_roll(ace, [13]) == (13,)  # 8 + 5
    with pytest.raises(RuleError):
        check_roll(ace, [16])  # a chain cannot stop on the top face
    injury = DiceRequest(
        "injury", "injury die", 6, faces=("flesh", "flesh", "flesh", "serious", "serious", "ooa")
    )
    assert check_roll(injury, ["ooa"]) == ("ooa",)
    with pytest.raises(RuleError):
        check_roll(injury, ["dead"])


def test_check_rolls_rejects_a_key_that_is_not_pending():
    with pytest.raises(RuleError) as exc:
        check_rolls([D6], {"target.range": [2]})
    assert exc.value.code == "wrong_die"
    assert "shooter.quality" in exc.value.message


def test_check_rolls_may_require_every_request():
    d10 = DiceRequest("target.range", "target range die d10", 10)
    assert check_rolls([D6, d10], {"target.range": [2]}) == {"target.range": (2,)}
    with pytest.raises(RuleError):
        check_rolls([D6, d10], {"target.range": [2]}, partial=False)


def test_check_rolls_takes_every_pending_die_in_any_order():
    d10 = DiceRequest("target.range", "target range die d10", 10)
    assert check_rolls([D6, d10], {"target.range": [9], "shooter.quality": 6}) == {
        "shooter.quality": (6,), "target.range": (9,)}


def test_check_rolls_names_a_die_sent_instead_of_a_pending_one():
    d10 = DiceRequest("target.range", "target range die d10", 10)
    with pytest.raises(RuleError) as exc:
        check_rolls([D6, d10], {"target.range": [2], "shooter.rof": [3]})
    assert exc.value.code == "wrong_die"
    assert exc.value.field == "rolls.shooter.rof"
    with pytest.raises(RuleError) as exc:
        check_rolls([D6, d10], {"target.range": [11], "shooter.quality": [3]})
    assert exc.value.code == "die_out_of_range"


def test_dice_request_round_trips_through_json():
    req = DiceRequest("injury", "injury die", 3, count=2, unit="x", faces=("a", "b", "c"))
    assert DiceRequest.from_json(req.to_json()) == req
    assert D6.die == "d6" and DiceRequest("m", "m", 6, count=2).die == "2d6"


def test_a_request_with_faces_must_match_its_sides():
    with pytest.raises(ValueError):
        DiceRequest("x", "x", 6, faces=("a",))
