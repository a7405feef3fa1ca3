"""A concluded battle reopened, corrected at the table, concluded and taken over again: the
campaign counts it once, as if it had been right the first time (issue 19)."""
import pytest

from battles.models import BattleLogEntry
from campaign.ledger.events import BattleResultTakenOver, EntryVoided
from campaign.models import Campaign, CampaignBattle, Force, HistoryEntry, Soldier, Squad
from campaign.pages.scenario import outcome_page
from campaign.services import transfer
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.campaigns import start_campaign
from campaign.services.ledger import ledger_of, state_of
from campaign.services.projection import project_campaign, rebuild_campaign
from campaign.services.takeover import pending_battles, take_over_battle
from config.errors import DomainError
from tests.campaign.helpers import BattleTable
from tests.campaign.test_services import _dump
from tests.conftest import START, prepare_scenario, raise_army

pytestmark = pytest.mark.django_db

KILLED = {"hit.1.figure": 3, "hit.1.power": 10, "hit.1.armour": 1}
STOPPED = {"hit.1.figure": 3}  # the table's defaults: power 1 against the armour's top face


def _fight(clients, battle_id: int, steel: dict, script: dict) -> BattleTable:
    """Steel's first rifleman fires once at Keno's squad."""
    table = BattleTable(clients["org"], battle_id)
    table.declare("begin_activation", "squad-1")
    table.declare("fire", "squad-1", script=script, target="squad-2",
                  weapons=[f"soldier-{steel['soldiers'][2]}"], distance=5)
    table.declare("end_activation")
    return table


def _battle(campaign, people, scenario_id) -> int:
    battle, _ = start_scenario_battle(user=people["org"], campaign=campaign,
                                      scenario_id=scenario_id)
    return battle.pk


def _sheet(campaign) -> dict:
    """What the force sheets hold, without row ids and versions."""
    project_campaign(campaign_id=campaign.pk)
    keep = ("ref", "status", "battles_fought", "wounds", "attributes", "strength", "fit",
            "casualties")

    def rows(model):
        return [{k: v for k, v in row.items() if k in keep}
                for row in model.objects.filter(campaign=campaign).order_by("ref").values()]

    return {"forces": rows(Force), "squads": rows(Squad), "soldiers": rows(Soldier)}


def _reopen(clients, battle_id: int, **body) -> object:
    version = clients["org"].get(f"/api/battles/{battle_id}/").json()["version"]
    return clients["org"].post(f"/api/battles/{battle_id}/reopen/",
                               {"expected_version": version, "reason": "wrong armour die",
                                **body}, format="json")


def test_a_battle_corrected_after_its_take_over_counts_once_as_if_right_first_time(
    campaign, club, people, clients, armies, ready_scenario
):
    battle_id = _battle(campaign, people, ready_scenario)
    table = _fight(clients, battle_id, armies["steel"], KILLED)
    table.conclude({"force-1": "win", "force-2": "lose"})
    take_over_battle(battle_id=battle_id)
    victim = armies["keno"]["soldiers"][2]
    assert state_of(campaign_id=campaign.pk).soldiers[victim].status == "dead"

    response = _reopen(clients, battle_id)
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "open"
    assert pending_battles() == []  # reopened: nothing to take over
    hits = BattleLogEntry.objects.get(battle_id=battle_id, type="dice",
                                      data__rolls__has_key="hit.1.power")
    rolls = {**hits.data["rolls"], "hit.1.power": [1], "hit.1.armour": [4]}  # stopped
    version = clients["org"].get(f"/api/battles/{battle_id}/").json()["version"]
    answer = clients["org"].post(f"/api/battles/{battle_id}/corrections/", {
        "expected_version": version, "target_version": hits.version, "action": "amend",
        "data": {**hits.data, "rolls": rolls}, "reason": "misread die"}, format="json")
    assert answer.status_code == 201, answer.json()
    version = answer.json()["version"]
    table.version = version
    table.conclude({"force-1": "win", "force-2": "lose"})
    assert pending_battles() == [battle_id]
    retaken = take_over_battle(battle_id=battle_id)
    assert [e.type for e in retaken.events] == [EntryVoided.type, BattleResultTakenOver.type]
    assert take_over_battle(battle_id=battle_id).replayed  # a redelivered message
    assert pending_battles() == []
    state = state_of(campaign_id=campaign.pk)
    assert state.soldiers[victim].status == "fit"
    assert state.soldiers[victim].battles_fought == 1
    assert state.forces[armies["keno"]["force"]].battles_fought == 1
    corrected = _sheet(campaign)
    history = HistoryEntry.objects.filter(campaign=campaign, subject="soldier",
                                          subject_ref=victim, kind="died").get()
    assert history.voided_by == retaken.events[0].version
    # what the battle changed: the take-over that counts, not the voided first one
    outcome = outcome_page(campaign=campaign, scenario_id=ready_scenario)
    assert outcome["version"] == retaken.events[1].version
    victim_changes = [c for group in outcome["groups"] if group["kind"] == "soldiers"
                      for row in group["rows"] if row["id"] == victim
                      for c in row["changes"] if c["field"] == "status"]
    assert all(c["new"] != "dead" for c in victim_changes), victim_changes

    # the same campaign with the battle right the first time
    other = start_campaign(user=people["org"], club=club, name="Right first time",
                           start_date=START)
    other_armies = {"steel": raise_army(other, people["alice"], "Steel"),
                    "keno": raise_army(other, people["bob"], "Keno")}
    other_battle = _battle(other, people, prepare_scenario(other, people, other_armies))
    _fight(clients, other_battle, other_armies["steel"], STOPPED).conclude(
        {"force-1": "win", "force-2": "lose"})
    take_over_battle(battle_id=other_battle)
    assert corrected == _sheet(other)

    incremental = _dump(campaign)
    rebuild_campaign(campaign_id=campaign.pk)
    assert _dump(campaign) == incremental
    assert [e.type for e in ledger_of(campaign_id=campaign.pk)].count(
        BattleResultTakenOver.type) == 2  # the first stays in the stream, voided

    # a copy (export, import) reads the same: the reopened battle and the voided take-over
    document = transfer.export_campaign(user=people["org"], campaign=campaign)
    copy_ = transfer.import_campaign(user=people["org"], club=club, document=document,
                                     name="Copy").campaign
    assert _sheet(copy_) == corrected
    copied = HistoryEntry.objects.get(campaign=copy_, subject="soldier", subject_ref=victim,
                                      kind="died")
    assert copied.voided_by == history.voided_by
    assert pending_battles() == []  # the copy's reopened battle is taken over: by its key
    copied_battle = CampaignBattle.objects.get(campaign=copy_).battle_id
    assert take_over_battle(battle_id=copied_battle).replayed


def test_only_organizers_reopen_and_only_a_concluded_battle(
    campaign, people, clients, armies, ready_scenario
):
    battle_id = _battle(campaign, people, ready_scenario)
    assert _reopen(clients, battle_id).json()["code"] == "battle_open"
    _fight(clients, battle_id, armies["steel"], STOPPED).conclude(
        {"force-1": "win", "force-2": "lose"})
    version = clients["org"].get(f"/api/battles/{battle_id}/").json()["version"]
    for who, status in (("alice", 403), ("outsider", 404)):
        response = clients[who].post(f"/api/battles/{battle_id}/reopen/",
                                     {"expected_version": version, "reason": "x"},
                                     format="json")
        assert response.status_code == status, (who, response.json())
    response = _reopen(clients, battle_id, reason="")
    assert response.status_code == 400
    assert clients["org"].get(f"/api/battles/{battle_id}/").json()["status"] == "concluded"


def test_a_campaign_with_a_battle_reopened_imports_its_dice_checked_by_epoch(
    campaign, club, people, clients, armies, ready_scenario
):
    """Server dice before and after the reopening: each epoch's seed is revealed by its own
    conclusion; the campaign's copy imports the battle and verifies both epochs, and a copy
    whose second seed is swapped for the first is refused at that seed, storing nothing."""
    battle_id = _battle(campaign, people, ready_scenario)
    table = _fight(clients, battle_id, armies["steel"], KILLED)
    table.conclude({"force-1": "win", "force-2": "lose"})
    take_over_battle(battle_id=battle_id)
    first_seed = clients["org"].get(f"/api/battles/{battle_id}/").json()["seed"]
    assert _reopen(clients, battle_id).status_code == 200
    table = BattleTable(clients["org"], battle_id)
    table.declare("begin_activation", "squad-2")
    # suppressed by steel's fire: keno tries to remove it, the test rolled by the server
    body = table._post("declare", {"command": {
        "action": "remove_suppression", "unit": "squad-2", "params": {}},
        "server_dice": "all"})
    table.answer(body["pending"], {})
    table.declare("end_activation")
    table.conclude({"force-1": "win", "force-2": "lose"})
    take_over_battle(battle_id=battle_id)
    report = clients["org"].get(f"/api/battles/{battle_id}/dice/verify/").json()
    assert report["verified"] and len(report["epochs"]) == 2, report
    assert report["epochs"][1]["server_rolls"] >= 1
    assert report["epochs"][0]["seed"] == first_seed != report["seed"]

    document = transfer.export_campaign(user=people["org"], campaign=campaign)
    copy_ = transfer.import_campaign(user=people["org"], club=club, document=document,
                                     name="Copy").campaign
    copied = CampaignBattle.objects.get(campaign=copy_).battle_id
    copied_report = clients["org"].get(f"/api/battles/{copied}/dice/verify/").json()
    assert copied_report["verified"] and copied_report["epochs"] == report["epochs"]

    events = document["battles"][0]["export"]["events"]
    last = len(events) - 1
    events[last]["data"]["seed"] = first_seed
    campaigns = Campaign.objects.count()
    with pytest.raises(DomainError) as refused:
        transfer.import_campaign(user=people["org"], club=club, document=document,
                                 name="Tampered")
    assert refused.value.field.endswith(f"events.{last}.data.seed"), refused.value.field
    assert Campaign.objects.count() == campaigns
