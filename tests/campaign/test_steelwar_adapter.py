"""The Steel War side of a campaign: the battle setup it builds, the result it takes over."""
import pytest

from campaign.ledger import events as ev
from campaign.plugins import get as plugin_for
from campaign.systems.steelwar import battles as adapter
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.summary import BattleSummary, FigureOutcome
from tests.campaign.ledger_support import battle, ledger, two_forces

SYSTEM = registry.get("steelwar", "1.0")


def _plans(fatigue=("fresh", "tired")):
    return [adapter.SidePlan(1, "medium", fatigue[0], ((1, (1, 2, 3, 4)),)),
            adapter.SidePlan(2, "high", fatigue[1], ((2, (5, 6, 7, 8)),))]


def test_the_setup_is_one_the_rule_system_accepts_with_starting_morale_from_fatigue():
    state = ledger(*two_forces())
    battle_state = SYSTEM.initial_state(adapter.battle_setup(state=state, sides=_plans()))
    steel, keno = battle_state.squads
    assert (steel.morale, keno.morale) == ("confident", "steady")  # §2.17
    assert steel.leadership == 2
    assert [f.id for f in steel.figures] == ["soldier-1", "soldier-2", "soldier-3", "soldier-4"]
    assert steel.figures[0].role == "commander"
    # each figure carries its soldier's name: the table and the summary show it, not the id
    assert [f.name for f in steel.figures] == [f"soldier {n}" for n in (1, 2, 3, 4)]


def test_a_squad_without_its_commander_cannot_be_set_up():
    state = ledger(*two_forces())
    plans = [adapter.SidePlan(1, "medium", "fresh", ((1, (2, 3)),)), _plans()[1]]
    with pytest.raises(RuleError) as error:
        adapter.battle_setup(state=state, sides=plans)
    assert error.value.code == "squad_without_commander"


def test_only_steelwar_has_campaign_rules():
    with pytest.raises(RuleError) as error:
        plugin_for("lock_n_load")
    assert error.value.code == "campaign_unsupported"


def test_unit_reports_count_fire_and_find_the_morale_low_point():
    effects = [
        {"kind": "fire_declared", "unit": "squad-1", "data": {"target": "squad-2"}},
        {"kind": "suppressed", "unit": "squad-2", "data": {"added": True}},
        {"kind": "hit_resolved", "unit": "squad-2", "data": {"result": "wounded"}},
        {"kind": "morale_changed", "unit": "squad-2", "data": {"from": "steady", "to": "broken"}},
        {"kind": "morale_changed", "unit": "squad-2", "data": {"from": "broken", "to": "shaken"}},
    ]
    reports = adapter.unit_reports(effects, starting_morale_of={"squad-1": "confident",
                                                                 "squad-2": "steady"})
    assert reports["squad-1"]["fire_given"] == 1
    assert reports["squad-2"] == {"fire_given": 0, "fire_taken": 1, "suppressed": 1,
                                  "hits_taken": 1, "morale_low": "broken"}


def _summary(*figures):
    return BattleSummary(sides=("force-1", "force-2"), figures=tuple(figures))


def _figure(soldier_id, outcome, unit="squad-2", **extra):
    return FigureOutcome(unit=unit, figure=f"soldier-{soldier_id}", side="force-2",
                         outcome=outcome, **extra)


def test_the_take_over_maps_figures_back_to_soldiers_and_rolls_for_open_wounds():
    state = ledger(*two_forces(), battle())
    summary = _summary(
        _figure(5, "killed", details={"new_leadership": 3}),
        _figure(6, "wounded", fate="stabilised"),
        _figure(7, "unchecked"),
        _figure(8, "captured", captured_by="force-1"),
    )
    log = [{"kind": "commander_replaced", "unit": "squad-2",
            "data": {"figure": "soldier-6", "leadership": 3}}]
    rolled = []

    def roll(key, sides):
        rolled.append((key, sides))
        return 2

    event = adapter.take_over(state=state, scenario_id=1, battle_id=100,
                              result={"force-1": "win", "force-2": "lose"}, summary=summary,
                              log_effects=log, roll=roll)
    assert isinstance(event, ev.BattleResultTakenOver)
    assert event.casualties == [
        {"soldier_id": 5, "outcome": "killed"},
        {"soldier_id": 6, "outcome": "stabilised"},
        {"soldier_id": 7, "outcome": "wounded"},
        {"soldier_id": 8, "outcome": "prisoner", "captured_by_force_id": 1},
    ]
    assert rolled == [("reorganisation.soldier-7", 6)]
    # no medic in the squad: 2 is "killed" (§2.11)
    assert event.extra["reorganisation"][0]["outcome"] == "killed"
    assert event.extra["commanders"] == [{"squad_id": 2, "soldier_id": 6, "leadership": 3,
                                 "previous_soldier_id": 5}]
    assert event.results == [{"force_id": 1, "result": "win"}, {"force_id": 2, "result": "lose"}]


def test_androids_get_no_medic_bonus_and_robots_are_not_healed():
    state = ledger(*two_forces())
    def with_traits(soldier, traits):
        return soldier.__class__(**{**soldier.__dict__,
                                    "attributes": {**soldier.attributes, "traits": traits}})

    android = with_traits(state.soldiers[6], {"kind": "android"})
    assert adapter.final_reorganisation(d6=2, soldier=android, medic_in_squad=True) == (
        0, "killed")
    robot = with_traits(state.soldiers[6], {"kind": "robot"})
    assert adapter.final_reorganisation(d6=1, soldier=robot, medic_in_squad=True) == (
        0, "unharmed")
    assert adapter.final_reorganisation(d6=2, soldier=state.soldiers[6],
                                        medic_in_squad=True) == (1, "stabilised")


def test_a_figure_down_in_an_unfinished_melee_rolls_its_melee_fate_first():
    state = ledger(*two_forces(), battle())
    summary = _summary(_figure(6, "unchecked", fate="lost_in_melee"),
                       _figure(7, "unchecked", fate="lost_in_melee"))
    faces = {"melee_fate.soldier-6": 5, "melee_fate.soldier-7": 3,
             "reorganisation.soldier-7": 4}
    event = adapter.take_over(state=state, scenario_id=1, battle_id=100, result={},
                              summary=summary, log_effects=[],
                              roll=lambda key, sides: faces[key])
    by_soldier = {r["soldier_id"]: r for r in event.extra["reorganisation"]}
    assert by_soldier[6]["outcome"] == "unharmed" and "roll" not in by_soldier[6]
    assert by_soldier[7]["melee_fate"]["result"] == "wounded"
    assert by_soldier[7]["outcome"] == "stabilised"
    assert ledger(*two_forces(), battle(), event).soldiers[6].status == "fit"


def test_a_squad_goes_in_with_its_chain_of_command():
    state = ledger(*two_forces(),
                   ev.FormationRaised(formation_id=1, force_id=1, level="battalion", name="1st"),
                   ev.FormationRaised(formation_id=2, force_id=1, level="company", name="A",
                                      parent_id=1))
    squad = state.squads[1].__class__(**{**state.squads[1].__dict__, "formation_id": 2})
    state = state.__class__(**{**state.__dict__, "squads": {**state.squads, 1: squad}})
    setup = adapter.battle_setup(state=state, sides=_plans())
    assert setup["sides"][0]["squads"][0]["chain"] == ["formation-1", "formation-2"]
    steel = SYSTEM.initial_state(setup).squads[0]
    assert tuple(steel.chain) == ("formation-1", "formation-2")
