"""The "before battle N" notice counts every change the force page shows: one per changed
field of the force, each squad and each soldier (a soldier who died and lost his quality is
two changes, not one entry)."""
from types import SimpleNamespace

import pytest

from campaign.pages import force


@pytest.fixture(autouse=True)
def _no_database_needed(settings):
    settings.LANGUAGE_CODE = "en"


def test_the_notice_counts_every_change_shown():
    diff = {
        "forces": [{"id": 1, "changes": {"attributes.fatigue_points": [0, 4]}}],
        "squads": [{"id": 10, "changes": {"attributes.quality": ["recruit", "regular"],
                                          "commander_id": [5, 6]}}],  # not shown
        "soldiers": [
            {"id": 5, "changes": {"status": ["fit", "dead"],
                                  "attributes.quality": ["recruit", "regular"]}},
            {"id": 6, "added": True},
        ],
    }
    changes = force._changes(diff)
    shown = force.Shown(SimpleNamespace(rule_system="steelwar"))
    soldiers = [force._soldier({"id": i, "status": "fit", "attributes": {"quality": "recruit"}},
                               changes, shown) for i in (5, 6, 7)]
    squads = [{"id": 10, "changes": shown.changes(shown.plugin.unit_schema,
                                                  changes[("squads", 10)])}]
    assert force._count_shown(1, squads, soldiers, changes) == 5
    assert [c["field"] for c in squads[0]["changes"]] == ["attributes.quality"]
    assert [c["field"] for c in soldiers[1]["changes"]] == ["added"]
    assert soldiers[2]["changes"] == []


def test_a_soldiers_move_names_the_squads_never_their_ids():
    shown = force.Shown(SimpleNamespace(rule_system="steelwar"),
                        squad_names={10: "1st squad", 11: "2nd squad"})
    (change,) = shown.changes(shown.plugin.member_schema,
                              [{"field": "squad_id", "old": 10, "new": 11}])
    assert (change["label"], change["old"], change["new"]) == ("squad", "1st squad",
                                                               "2nd squad")

