"""The battle summary's JSON: a system's own facts in ``details``, schema 1 read as schema 2."""

import pytest

from rules.core.errors import RuleError
from rules.core.summary import (
    BattleSummary,
    FigureOutcome,
    summarize,
    upcast_summary_json,
)

V1_FIGURE = {"unit": "u1", "figure": "f1", "side": "red", "name": "", "outcome": "killed",
             "fate": None, "captured_by": None, "wounded": False, "new_leadership": 2,
             "morale_note": None}


def test_a_figure_keeps_the_systems_details_read_only_and_round_trips():
    figure = FigureOutcome("u1", "f1", "red", "killed", details={"new_leadership": 2})
    with pytest.raises(TypeError):
        figure.details["new_leadership"] = 1
    data = figure.to_json()
    assert data["details"] == {"new_leadership": 2} and "new_leadership" not in data
    assert FigureOutcome.from_json(data) == figure
    assert FigureOutcome("u1", "f1", "red", "killed").to_json()["details"] == {}


def test_schema_1_moves_a_systems_own_keys_into_details_and_drops_its_counts():
    v1 = {"sides": ["red", "blue"], "figures": [V1_FIGURE], "units": [],
          "counts": {"killed": 1, "wounded": 0, "captured": 0, "unchecked": 0,
                     "commanders_replaced": 1}}
    v2 = upcast_summary_json(v1)
    assert v2["figures"][0]["details"] == {"new_leadership": 2}  # None meant "not set"
    assert "new_leadership" not in v2["figures"][0]
    assert "commanders_replaced" not in v2["counts"]
    assert v2 == BattleSummary.from_json(v1).to_json()
    assert upcast_summary_json(v2) == v2


def test_a_system_without_summarize_says_so():
    class Mute:
        id = "mute"

    with pytest.raises(RuleError) as error:
        summarize(Mute(), None)
    assert error.value.code == "not_implemented"
