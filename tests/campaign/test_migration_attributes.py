"""Migration 0005 moves the Steel War's projection columns into ``attributes`` (and back):
nothing a row held is lost, and the rows read as the projection writes them now."""
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("campaign", "0004_clubs_moved")]
AFTER = [("campaign", "0005_generic_attributes")]


def _migrate(target=None):
    """Migrate to ``target`` (None: every app's latest) and give the models there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    target = target or executor.loader.graph.leaf_nodes()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture
def latest_schema_after():
    """Whatever happens in the test, the database ends at the latest schema."""
    yield
    _migrate()


def test_the_steel_war_columns_move_into_attributes_and_back(latest_schema_after):
    old = _migrate(BEFORE)
    club = old.get_model("clubs", "Club").objects.create(name="Old club", slug="old-club")
    campaign = old.get_model("campaign", "Campaign").objects.create(
        club=club, name="Old war", rule_system="steelwar", rule_version="1.0")
    common = {"campaign": campaign, "version": 3}
    old.get_model("campaign", "Force").objects.create(
        ref=1, name="Steel", posture="rest", fatigue="tired", fatigue_points=4,
        consecutive_battles=0, battles_fought=2, **common)
    old.get_model("campaign", "Squad").objects.create(
        ref=1, force_ref=1, name="1st", quality="veteran", establishment=6,
        traits={"speed": 2}, battles_fought=2, strength=5, fit=4, fire_given=7, fire_taken=3,
        casualties=1, morale_low="shaken", **common)
    old.get_model("campaign", "Soldier").objects.create(
        ref=1, force_ref=1, squad_ref=1, name="Ivan", role="commander", weapon="smg",
        armour="human", quality="veteran", specialties=["radio"], leadership=2,
        traits={"kind": "human"}, status="fit", battles_fought=2, wounds=1, recoveries=1,
        **common)
    old.get_model("campaign", "Scenario").objects.create(
        ref=1, name="River", force_refs=[1], motivation={"1": "high"}, status="planned",
        open=True, **common)

    new = _migrate(AFTER)
    force = new.get_model("campaign", "Force").objects.get()
    assert force.attributes == {"posture": "rest", "fatigue": "tired", "fatigue_points": 4,
                                "consecutive_battles": 0}
    squad = new.get_model("campaign", "Squad").objects.get()
    assert squad.attributes == {"quality": "veteran", "traits": {"speed": 2}}
    assert squad.record == {"fire_given": 7, "fire_taken": 3, "morale_low": "shaken"}
    assert (squad.establishment, squad.casualties) == (6, 1)
    soldier = new.get_model("campaign", "Soldier").objects.get()
    assert soldier.attributes == {"weapon": "smg", "armour": "human", "quality": "veteran",
                                  "specialties": ["radio"], "leadership": 2,
                                  "traits": {"kind": "human"}}
    assert new.get_model("campaign", "Scenario").objects.get().side_attributes == {
        "1": {"motivation": "high"}}

    back = _migrate(BEFORE)
    soldier = back.get_model("campaign", "Soldier").objects.get()
    assert (soldier.weapon, soldier.leadership, soldier.specialties) == ("smg", 2, ["radio"])
    assert back.get_model("campaign", "Squad").objects.get().morale_low == "shaken"
    assert back.get_model("campaign", "Scenario").objects.get().motivation == {"1": "high"}
