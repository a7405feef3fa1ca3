"""Campaign services: who may do what, what the state forbids, concurrency, idempotency,
the take-over of a battle and the catch-up, projections rebuilt."""
import pytest

from battles.models import Battle
from battles.services.battles import conclude_battle
from campaign.ledger.events import BattleResultTakenOver
from campaign.models import Campaign, Force, HistoryEntry, Scenario, Soldier, Squad
from campaign.services import campaigns, forces, scenarios, soldiers
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.ledger import ledger_of, state_of
from campaign.services.projection import project_campaign, rebuild_campaign
from campaign.services.takeover import catch_up, pending_battles, take_over_battle
from campaign.systems.steelwar import services as steelwar
from config.api_errors import domain_status
from config.errors import DomainError
from eventstore.errors import WrongExpectedVersion

pytestmark = pytest.mark.django_db


def _code(call) -> tuple[int, str, str | None]:
    with pytest.raises(DomainError) as error:
        call()
    return domain_status(error.value), error.value.code, error.value.field


def test_a_player_changes_only_his_own_force(campaign, people, armies):
    status, code, _ = _code(lambda: soldiers.recruit_soldier(
        user=people["alice"], campaign=campaign, force_id=armies["keno"]["force"],
        name="Spy", role="rifleman", attributes={"weapon": "rifle", "armour": "human", "quality": "recruit"}))
    assert (status, code) == (403, "not_your_force")
    soldiers.recruit_soldier(user=people["org"], campaign=campaign,
                             force_id=armies["keno"]["force"], name="Volunteer",
                             role="rifleman", attributes={"weapon": "rifle", "armour": "human", "quality": "recruit"})


def test_organizer_only_actions_refuse_players(campaign, people, armies):
    for call in (
        lambda: campaigns.advance_calendar(user=people["alice"], campaign=campaign, days=3),
        lambda: steelwar.change_leadership(user=people["alice"], campaign=campaign,
                                           soldier_id=1, leadership=1),
        lambda: scenarios.plan_scenario(user=people["bob"], campaign=campaign, name="x",
                                        force_ids=[1, 2]),
    ):
        assert _code(call)[:2] == (403, "not_an_organizer")


def test_a_soldier_the_rule_system_cannot_field_is_refused_naming_the_field(campaign, people,
                                                                             armies):
    status, code, field = _code(lambda: soldiers.recruit_soldier(
        user=people["alice"], campaign=campaign, force_id=1, name="X", role="rifleman",
        attributes={"weapon": "ray_gun", "armour": "human", "quality": "regular"}))
    assert (status, code, field) == (422, "bad_attribute", "attributes.weapon")


def test_a_full_squad_takes_no_recruit_and_replacements_fill_only_gaps(campaign, people, armies):
    assert _code(lambda: soldiers.recruit_soldier(
        user=people["alice"], campaign=campaign, force_id=1, squad_id=1, name="X",
        role="rifleman", attributes={"weapon": "rifle", "armour": "human", "quality": "regular"},
    ))[1] == "squad_full"
    soldiers.record_death(user=people["org"], campaign=campaign, soldier_id=3, cause="mine")
    recorded = soldiers.add_replacement(user=people["org"], campaign=campaign, squad_id=1,
                                        name="New boy", role="rifleman",
                                        attributes={"weapon": "rifle", "armour": "human"})
    new = recorded.state.soldiers[recorded.events[0].data["soldier_id"]]
    # the house rules' default quality
    assert (new.attributes["quality"], new.replacement) == ("recruit", True)


def test_a_transferred_commander_gives_up_his_squad(campaign, people, armies):
    forces.raise_squad(user=people["alice"], campaign=campaign, force_id=1, name="2nd",
                       attributes={"quality": "regular"}, establishment=4)
    recorded = soldiers.transfer_soldier(user=people["alice"], campaign=campaign, soldier_id=1,
                                         to_squad_id=3)
    assert recorded.state.squads[1].commander_id is None
    assert recorded.state.soldiers[1].squad_id == 3


def test_a_stale_expected_version_is_a_conflict_and_a_fresh_one_is_not(campaign, people,
                                                                        armies):
    version = state_of(campaign_id=campaign.pk).version
    with pytest.raises(WrongExpectedVersion) as error:
        campaigns.advance_calendar(user=people["org"], campaign=campaign, days=1,
                                   expected_version=version - 1)
    assert error.value.current_version == version
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=1,
                               expected_version=version)


def test_an_idempotency_key_records_once(campaign, people, armies):
    first = campaigns.advance_calendar(user=people["org"], campaign=campaign, days=2,
                                       idempotency_key="k-1")
    again = campaigns.advance_calendar(user=people["org"], campaign=campaign, days=2,
                                       idempotency_key="k-1")
    assert again.replayed and [e.version for e in again.events] == [
        e.version for e in first.events]
    assert state_of(campaign_id=campaign.pk).date.isoformat() == "1942-05-03"


def test_finishing_again_with_the_same_idempotency_key_returns_the_first_result(
        campaign, people, armies):
    first = campaigns.finish_campaign(user=people["org"], campaign=campaign,
                                      idempotency_key="finish-1")
    again = campaigns.finish_campaign(user=people["org"], campaign=campaign,
                                      idempotency_key="finish-1")
    assert again.replayed and [e.version for e in again.events] == [
        e.version for e in first.events]


def test_a_finished_campaign_refuses_changes_and_reveals_its_seed(campaign, people, armies):
    campaigns.finish_campaign(user=people["org"], campaign=campaign)
    assert _code(lambda: campaigns.advance_calendar(user=people["org"], campaign=campaign,
                                                    days=1))[1] == "campaign_finished"
    from campaign.selectors.dice import verify_campaign_dice

    check = verify_campaign_dice(campaign=campaign)
    assert check["revealed"] and check["seed_ok"] and check["ok"]


def test_a_recovery_roll_is_a_verifiable_server_roll_and_waits_a_week(campaign, people, armies):
    soldiers.record_capture(user=people["org"], campaign=campaign, soldier_id=7,
                            by_force_id=1)
    assert _code(lambda: steelwar.roll_recovery(user=people["bob"], campaign=campaign,
                                                soldier_id=7))[1] == "not_recovering"


def _concluded_battle(campaign, people, scenario_id, result=None):
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=scenario_id)
    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=people["org"], expected_version=battle.version,
                    result=result or {"force-1": "win", "force-2": "lose"})
    return battle


def test_a_battle_starts_from_campaign_state_and_its_result_is_taken_over_once(
    campaign, people, armies, ready_scenario, project
):
    battle = _concluded_battle(campaign, people, ready_scenario)
    assert pending_battles() == [battle.pk]
    first = take_over_battle(battle_id=battle.pk)
    assert [e.type for e in first.events] == [BattleResultTakenOver.type]
    again = take_over_battle(battle_id=battle.pk)
    assert again.replayed or not again.events
    assert [e.type for e in ledger_of(campaign_id=campaign.pk)].count(
        BattleResultTakenOver.type) == 1
    assert pending_battles() == []
    project(campaign)
    scenario = Scenario.objects.get(campaign=campaign, ref=ready_scenario)
    assert scenario.status == "concluded" and scenario.results == {"1": "win", "2": "lose"}
    assert Soldier.objects.get(campaign=campaign, ref=1).battles_fought == 1


def test_a_summary_recorded_before_details_is_still_taken_over(
    campaign, people, armies, ready_scenario
):
    """A battle concluded before summaries had ``details`` keeps Steel War's
    ``new_leadership`` beside the core's keys: the take-over still reads it."""
    battle = _concluded_battle(campaign, people, ready_scenario)
    battle.refresh_from_db()
    unit = battle.summary["units"][0]
    (squad,) = [s for s in battle.head_state["squads"] if s["id"] == unit["unit"]]
    successor = squad["figures"][1]["id"]
    old = {**battle.summary, "counts": {**battle.summary["counts"], "commanders_replaced": 1},
           "figures": [{"unit": unit["unit"], "figure": successor, "side": unit["side"],
                        "name": "rifleman", "outcome": "wounded", "fate": "returned_to_duty",
                        "captured_by": None, "wounded": False, "new_leadership": 3}]}
    Battle.objects.filter(pk=battle.pk).update(summary=old)
    (event,) = take_over_battle(battle_id=battle.pk).events
    soldier_id = int(successor.removeprefix("soldier-"))
    assert [(c["soldier_id"], c["leadership"]) for c in event.data["commanders"]] == [
        (soldier_id, 3)]
    assert {"soldier_id": soldier_id, "outcome": "returned_to_duty"} in event.data["casualties"]


def test_the_catch_up_takes_over_what_the_task_missed_and_projects(
    campaign, people, armies, ready_scenario
):
    battle = _concluded_battle(campaign, people, ready_scenario)  # no on_commit: no task ran
    done = catch_up()
    assert done["taken_over"] == [battle.pk] and campaign.pk in done["projected"]
    campaign.refresh_from_db()
    assert campaign.projected_version == state_of(campaign_id=campaign.pk).version
    again = catch_up()
    assert again["taken_over"] == [] and again["projected"] == []


def test_a_soldier_who_cannot_fight_cannot_be_picked_and_the_error_names_him(
    campaign, people, armies, ready_scenario
):
    soldiers.record_capture(user=people["org"], campaign=campaign, soldier_id=8, by_force_id=1)
    status, code, field = _code(lambda: scenarios.pick_units(
        user=people["bob"], campaign=campaign, scenario_id=ready_scenario, force_id=2,
        squads=[{"squad_id": 2, "soldier_ids": [7, 8]}]))
    assert (status, code, field) == (422, "soldier_unavailable", "squads.0.soldier_ids.1")
    # picked earlier, captured since: starting the battle refuses him too
    assert _code(lambda: start_scenario_battle(
        user=people["org"], campaign=campaign, scenario_id=ready_scenario))[1] == (
        "soldier_unavailable")


def _dump(campaign) -> dict:
    def rows(model, *order):
        return [
            {k: v for k, v in row.items() if k != "id"}
            for row in model.objects.filter(campaign=campaign).order_by(*order).values()
        ]

    return {
        "forces": rows(Force, "ref"), "squads": rows(Squad, "ref"),
        "soldiers": rows(Soldier, "ref"), "scenarios": rows(Scenario, "ref"),
        "history": rows(HistoryEntry, "version", "seq", "subject", "subject_ref"),
    }


def test_a_rebuild_equals_the_incremental_projection(campaign, people, armies, ready_scenario):
    project_campaign(campaign_id=campaign.pk)
    battle = _concluded_battle(campaign, people, ready_scenario)
    project_campaign(campaign_id=campaign.pk)  # incremental, in several steps
    take_over_battle(battle_id=battle.pk)
    project_campaign(campaign_id=campaign.pk)
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=20)
    project_campaign(campaign_id=campaign.pk)
    project_campaign(campaign_id=campaign.pk)  # twice: nothing changes
    incremental = _dump(campaign)
    rebuild_campaign(campaign_id=campaign.pk)
    assert _dump(campaign) == incremental
    assert Campaign.objects.get(pk=campaign.pk).projected_version == state_of(
        campaign_id=campaign.pk).version


def test_a_fold_cached_inside_a_rolled_back_transaction_is_never_reused(campaign, people):
    from django.db import transaction

    with pytest.raises(RuntimeError), transaction.atomic():
        campaigns.advance_calendar(user=people["org"], campaign=campaign, days=5)
        assert state_of(campaign_id=campaign.pk).date.isoformat() == "1942-05-06"
        raise RuntimeError("rolled back")
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=1)
    assert state_of(campaign_id=campaign.pk).date.isoformat() == "1942-05-02"


def test_a_formation_commander_goes_on_the_table_as_an_officer_of_his_chain(
    campaign, people, armies, ready_scenario
):
    alice = people["alice"]
    battalion = forces.raise_formation(user=alice, campaign=campaign, force_id=1,
                                       level="battalion", name="3rd Mirror"
                                       ).events[0].data["formation_id"]
    company = forces.raise_formation(user=alice, campaign=campaign, force_id=1,
                                     level="company", name="1st coy", parent_id=battalion
                                     ).events[0].data["formation_id"]
    major = soldiers.recruit_soldier(user=alice, campaign=campaign, force_id=1, name="Major",
                                     role="commander",
                                     attributes={"weapon": "pistol", "armour": "human",
                                                 "quality": "veteran", "leadership": 1},
                                     ).events[0].data[
        "soldier_id"]
    forces.assign_formation_commander(user=alice, campaign=campaign, formation_id=company,
                                      soldier_id=major)
    assert _code(lambda: scenarios.pick_units(
        user=alice, campaign=campaign, scenario_id=ready_scenario, force_id=1,
        squads=[{"squad_id": 1}], officers=[2]))[1] == "not_an_officer"
    scenarios.pick_units(user=alice, campaign=campaign, scenario_id=ready_scenario, force_id=1,
                         squads=[{"squad_id": 1}], officers=[major])
    battle, recorded = start_scenario_battle(user=people["org"], campaign=campaign,
                                             scenario_id=ready_scenario)
    from battles.selectors import state_at

    units = {squad.id: squad for squad in state_at(battle=battle).state.squads}
    officer = units[f"officer-{major}"]
    assert tuple(officer.commands) == (f"formation-{battalion}", f"formation-{company}")
    assert officer.leadership == 1 and officer.figures[0].id == f"soldier-{major}"
    assert recorded.state.scenarios[ready_scenario].sides[0]["officers"] == [major]
    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=people["org"], expected_version=battle.version,
                    result={"force-1": "win", "force-2": "lose"})
    after = take_over_battle(battle_id=battle.pk).state
    assert after.soldiers[major].battles_fought == 1
