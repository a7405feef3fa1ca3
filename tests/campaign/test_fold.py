"""The campaign fold: battle results (§2.9-§2.11), time (house rules), the scenario graph,
as-of folds; properties checked with hypothesis."""
import json
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.ledger import events as ev
from campaign.ledger.diff import diff_states
from campaign.ledger.fold import apply, battle_started_entry, fold, fold_to_date
from campaign.ledger.state import CampaignState, Entry, state_json
from campaign.systems.steelwar import events as sw
from campaign.systems.steelwar.fold import fatigue_level
from tests.campaign.ledger_support import battle, entries, ledger, started, two_forces


def _taken_over(**fields) -> ev.BattleResultTakenOver:
    """The event as stored: the Steel War's keys (reorganisation, commanders) beside the
    core's."""
    return ev.BattleResultTakenOver.from_data({"scenario_id": 1, "battle_id": 100, **fields})


def test_killed_soldiers_die_and_a_dead_commander_leaves_his_squad():
    state = ledger(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 5, "outcome": "killed"}]))
    assert state.soldiers[5].status == "dead"
    assert state.squads[2].commander_id is None


def test_stabilised_wounded_are_wounded_and_returned_to_duty_stay_fit_with_the_wound_counted():
    state = ledger(*two_forces(), battle(), _taken_over(casualties=[
        {"soldier_id": 6, "outcome": "stabilised"}, {"soldier_id": 7, "outcome": "returned_to_duty"}]))
    assert (state.soldiers[6].status, state.soldiers[6].wounds) == ("wounded", 1)
    assert state.soldiers[6].wounded_on == date(1942, 11, 1)
    assert (state.soldiers[7].status, state.soldiers[7].wounds) == ("fit", 1)


def test_prisoners_change_hands():
    state = ledger(*two_forces(), battle(), _taken_over(casualties=[
        {"soldier_id": 8, "outcome": "prisoner", "captured_by_force_id": 1}]))
    assert (state.soldiers[8].status, state.soldiers[8].held_by_force_id) == ("captured", 1)
    state = fold(entries(ev.PrisonersExchanged(soldier_ids=[8]), start=state.version + 1),
                 state=state)
    assert (state.soldiers[8].status, state.soldiers[8].held_by_force_id) == ("fit", None)


def test_an_unchecked_casualty_takes_the_fate_of_its_final_reorganisation_roll():
    roll = {"soldier_id": 6, "die": 6, "roll": 1, "modifier": 0, "outcome": "killed",
            "source": "server", "key": "reorganisation.soldier-6"}
    state = ledger(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 6, "outcome": "wounded"}], reorganisation=[roll]))
    assert state.soldiers[6].status == "dead"


def test_a_replaced_commander_keeps_the_new_leadership_and_the_squad():
    state = ledger(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 5, "outcome": "killed"}],
        commanders=[{"squad_id": 2, "soldier_id": 8, "leadership": 3,
                     "previous_soldier_id": 5}]))
    assert state.squads[2].commander_id == 8
    assert state.soldiers[8].attributes["leadership"] == 3


def test_everyone_who_fought_counts_the_battle_and_each_force_tires():
    state = ledger(*two_forces(), battle(keno=(5, 6)), _taken_over())
    assert [state.soldiers[n].battles_fought for n in (5, 6, 7)] == [1, 1, 0]
    assert state.squads[2].battles_fought == 1
    assert state.forces[1].attributes["fatigue_points"] == 1
    assert state.forces[1].attributes["consecutive_battles"] == 1
    assert state.scenarios[1].status == "concluded"


def test_consecutive_battles_tire_more_and_rest_ends_the_run():
    events = [*two_forces(), ev.ScenarioPlanned(scenario_id=2, name="Mill", force_ids=[1, 2]),
              ev.ScenarioPlanned(scenario_id=3, name="Hill", force_ids=[1, 2])]
    for n in (1, 2):
        events += [battle(scenario_id=n, battle_id=100 + n),
                   ev.BattleResultTakenOver(scenario_id=n, battle_id=100 + n)]
    state = ledger(*events)
    assert state.forces[1].attributes["fatigue_points"] == 3  # 1, then 1 + 1
    assert fatigue_level(state, 1) == "tired"
    state = fold(entries(sw.ForceSentToRest(force_id=2), ev.CalendarAdvanced(days=6),
                         start=state.version + 1), state=state)
    assert state.forces[2].attributes["fatigue_points"] == 0
    assert state.forces[2].attributes["consecutive_battles"] == 0
    assert state.forces[1].attributes["fatigue_points"] == 3  # six days at the front: no point yet


def test_wounded_are_evacuated_when_time_passes_and_recover_after_the_house_rule_days():
    state = ledger(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 6, "outcome": "stabilised"}]),
        ev.CalendarAdvanced(days=1))
    assert state.soldiers[6].status == "recovering"
    assert state.soldiers[6].recovery_due == date(1942, 11, 15)
    state = fold(entries(ev.CalendarAdvanced(days=13), start=state.version + 1), state=state)
    assert (state.soldiers[6].status, state.soldiers[6].recoveries) == ("fit", 1)


def test_a_recovery_roll_at_the_target_brings_a_soldier_back_early():
    base = [*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 6, "outcome": "stabilised"}]), ev.CalendarAdvanced(days=1)]
    missed = ledger(*base, sw.RecoveryRolled(soldier_id=6, die=6, roll=4, target=5,
                                             source="entered"))
    assert missed.soldiers[6].status == "recovering"
    assert missed.soldiers[6].last_recovery_roll_on == date(1942, 11, 2)
    made = ledger(*base, sw.RecoveryRolled(soldier_id=6, die=6, roll=5, target=5,
                                           source="entered"))
    assert made.soldiers[6].status == "fit"


def test_a_conditional_link_opens_the_next_scenario_only_on_that_result():
    events = [*two_forces(), ev.ScenarioPlanned(scenario_id=2, name="Mill", force_ids=[1, 2]),
              ev.ScenarioLinked(from_id=1, to_id=2, condition="win", force_id=1)]
    assert not ledger(*events).scenario_open(2)
    lost = ledger(*events, ev.ScenarioResultRecorded(scenario_id=1, results=[
        {"force_id": 1, "result": "lose"}]))
    assert not lost.scenario_open(2)
    won = ledger(*events, ev.ScenarioResultRecorded(scenario_id=1, results=[
        {"force_id": 1, "result": "win"}]))
    assert won.scenario_open(2)


def test_as_of_before_a_battle_stops_just_before_it_was_set_up():
    log = entries(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 5, "outcome": "killed"}]))
    before = fold(log, stop_before=battle_started_entry(100))
    assert before.version == len(log) - 2
    assert before.soldiers[5].status == "fit"


def test_as_of_a_date_folds_a_calendar_step_that_crosses_it_only_up_to_that_day():
    log = entries(*two_forces(), ev.CalendarAdvanced(days=30))
    on = fold_to_date(log, date(1942, 11, 15))
    assert on.date == date(1942, 11, 15)
    assert on.forces[1].attributes["fatigue_points"] == 1  # 14 days at the front


def test_diff_names_what_changed_between_two_moments():
    log = entries(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 5, "outcome": "killed"}]))
    before = fold(log, stop_before=battle_started_entry(100))
    diff = diff_states(before, fold(log), force_id=2)
    rows = {r["id"]: r for r in diff["soldiers"]}
    assert rows[5]["changes"]["status"] == ["fit", "dead"]
    assert 1 not in rows  # another force


def test_house_rules_in_force_at_the_time_decide_the_fatigue_level():
    state = ledger(started(fatigue={"tired_at": 1, "exhausted_at": 2}),
                   ev.ForceRaised(force_id=1, owner_id=1, name="Steel"),
                   ev.CalendarAdvanced(days=14))
    assert fatigue_level(state, 1) == "tired"


# --- properties -------------------------------------------------------------------------------

day_steps = st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(day_steps, st.booleans())
def test_time_folds_the_same_in_one_step_or_in_several(steps, resting):
    base = [*two_forces(), battle(), _taken_over(casualties=[
        {"soldier_id": 6, "outcome": "stabilised"}])]
    if resting:
        base.append(sw.ForceSentToRest(force_id=2))
    chunked = ledger(*base, *(ev.CalendarAdvanced(days=d) for d in steps))
    single = ledger(*base, ev.CalendarAdvanced(days=sum(steps)))
    assert state_json(chunked)["forces"] == state_json(single)["forces"]
    assert chunked.soldiers[6].status == single.soldiers[6].status
    assert chunked.date == single.date


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=12))
def test_apply_never_changes_the_state_it_is_given_and_folds_resume(cut):
    log = entries(*two_forces(), battle(), _taken_over(
        casualties=[{"soldier_id": 5, "outcome": "killed"},
                    {"soldier_id": 6, "outcome": "stabilised"}],
        commanders=[{"squad_id": 2, "soldier_id": 8, "leadership": 1,
                     "previous_soldier_id": 5}]), ev.CalendarAdvanced(days=20))
    cut = min(cut, len(log))
    prefix = fold(log[:cut])
    snapshot = json.dumps(state_json(prefix), sort_keys=True)
    resumed = fold(log[cut:], state=prefix)
    assert json.dumps(state_json(prefix), sort_keys=True) == snapshot
    assert state_json(resumed) == state_json(fold(log))


def test_every_event_type_has_a_fold_handler():
    state = CampaignState()
    for event in two_forces():
        state = apply(state, entries(event, start=state.version + 1)[0]).state
    from campaign.ledger.fold import _HANDLERS
    from campaign.plugins import get, supported

    plugins = set().union(*(get(system).handlers() for system in supported()))
    assert set(_HANDLERS) | set(state.plugin.handlers()) <= set(ev.EVENT_TYPES)
    assert set(_HANDLERS) | plugins == set(ev.EVENT_TYPES)  # every plug-in's too
    assert not set(_HANDLERS) & plugins


def test_events_recorded_before_the_split_upcast_their_attributes():
    """Stored ``soldier.recruited``/``squad.raised``/``soldier.amended`` data with weapon,
    quality... at the top level fold to the same soldier as the new shape."""
    legacy = [
        Entry(n, t, d) for n, (t, d) in enumerate([
            (ev.CampaignStarted.type, started().to_data()),
            (ev.ForceRaised.type, {"force_id": 1, "owner_id": 11, "name": "Steel"}),
            (ev.SquadRaised.type, {"squad_id": 1, "force_id": 1, "name": "1st",
                                   "quality": "veteran", "establishment": 4,
                                   "formation_id": None, "traits": {}}),
            (ev.SoldierRecruited.type, {"soldier_id": 1, "force_id": 1, "squad_id": 1,
                                        "name": "Ivan", "role": "commander", "weapon": "rifle",
                                        "armour": "human", "quality": "regular",
                                        "specialties": ["medic"], "leadership": 2,
                                        "traits": {}}),
            (ev.SoldierAmended.type, {"soldier_id": 1, "changes": {"weapon": "smg",
                                                                   "name": "Ivan K."}}),
        ], 1)
    ]
    state = fold(legacy)
    assert state.squads[1].attributes == {"quality": "veteran", "traits": {}}
    ivan = state.soldiers[1]
    assert (ivan.name, ivan.role) == ("Ivan K.", "commander")
    assert ivan.attributes == {"weapon": "smg", "armour": "human", "quality": "regular",
                               "specialties": ["medic"], "leadership": 2, "traits": {}}
