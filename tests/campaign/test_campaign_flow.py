"""A three-scenario linked campaign played through the API, battles included.

Steel (alice) and Keno (bob) fight three linked scenarios. Battle 1 kills Keno's commander
(a rifleman takes over one step worse, §2.9) and leaves wounded unchecked, settled by the
final reorganisation roll (§2.11); battle 2 breaks Keno past Routing with the club's
"surrender" option, so Steel takes prisoners (§2.12); Keno rests and Steel stays at the
front before battle 3 (house rules). Runs with real commits (``transaction=True``) so the
take-over and projection tasks run on commit, as in production (Celery eager here).
"""
import pytest

from campaign.models import Campaign, Force, Soldier, Squad
from tests.campaign.helpers import BattleTable, CampaignApi, raise_squad

pytestmark = pytest.mark.django_db(transaction=True)

SEED = "5eed" * 16  # deterministic server dice for the campaign and its battles


@pytest.fixture(autouse=True)
def _fixed_seed(monkeypatch):
    """The same seed, and campaign dice that do not depend on the campaign's id (which
    depends on how many campaigns the tests before this one created)."""
    monkeypatch.setattr("battles.dice.new_seed", lambda: SEED)
    for module in ("campaign.services.dice", "campaign.selectors.dice"):
        monkeypatch.setattr(f"{module}.namespace", lambda campaign_id: "campaign-flow-1")


def _battle_1(table: BattleTable, steel_riflemen: list[int], keno: list[int]) -> None:
    """Steel fires: the first hit kills Keno's commander, three more wound riflemen; a
    rifleman (the last one) takes command, d6 = 1: one step worse (§2.9)."""
    table.declare("begin_activation", "squad-1")
    script = {
        "hit.1.figure": 1, "hit.1.power": 10, "hit.1.armour": 1,  # killed
        **{f"hit.{n}.figure": 2 for n in (2, 3, 4)},  # never the medic
        **{f"hit.{n}.power": 3 for n in (2, 3, 4)},
        **{f"hit.{n}.armour": 2 for n in (2, 3, 4)},  # 3 > 2, < 6: wounded
        "commander.successor": f"soldier-{keno[-1]}",
        "commander.replacement": 1,
    }
    table.declare("fire", "squad-1", script=script, target="squad-2",
                  weapons=[f"soldier-{i}" for i in steel_riflemen], distance=5)
    table.declare("end_activation")


def _battle_2(table: BattleTable, steel_riflemen: list[int]) -> None:
    """Three fires, each killing one Keno soldier and failing Keno's morale test by two
    grades: Confident -> Shaken -> Routing -> surrender (the club's option, §2.12)."""
    fail = {"hit.1.power": 10, "hit.1.armour": 1, "morale.quality": 1}
    first, second = steel_riflemen[:3], steel_riflemen[3:]
    table.declare("begin_activation", "squad-1")
    table.declare("fire", "squad-1", script=fail, target="squad-2",
                  weapons=[f"soldier-{i}" for i in first], distance=5)
    table.declare("fire", "squad-1", script=fail, target="squad-2",
                  weapons=[f"soldier-{i}" for i in second], distance=5)
    table.declare("end_activation")
    table.declare("end_turn")
    table.declare("begin_activation", "squad-1")
    table.declare("fire", "squad-1", script=fail, target="squad-2",
                  weapons=[f"soldier-{i}" for i in first], distance=5)
    table.declare("end_activation")


def _start(org: CampaignApi, scenario: int, players: dict, squads: dict, motivation: dict):
    for force_id, level in motivation.items():
        org.post(f"scenarios/{scenario}/motivation/", {"force_id": force_id, "motivation": level})
    for force_id, api in players.items():
        api.post(f"scenarios/{scenario}/picks/",
                 {"force_id": force_id, "squads": [{"squad_id": squads[force_id]}]})
    return org.post(f"scenarios/{scenario}/battle/", expect=201)["battle_id"]


def _soldier(campaign_id: int, ref: int) -> Soldier:
    return Soldier.objects.get(campaign_id=campaign_id, ref=ref)


def _fatigue(campaign_id: int, ref: int) -> str:
    return Force.objects.get(campaign_id=campaign_id, ref=ref).attributes["fatigue"]


def test_three_linked_scenarios_carry_soldiers_fatigue_commanders_and_prisoners(
    clients, club
):
    created = clients["org"].post("/api/campaigns/", {
        "club": club.pk, "name": "Winter Line", "start_date": "1942-11-01"}, format="json")
    assert created.status_code == 201, created.json()
    cid = created.json()["id"]
    org = CampaignApi(clients["org"], cid)
    alice, bob = CampaignApi(clients["alice"], cid), CampaignApi(clients["bob"], cid)
    org.client.put(org.url("battle-options/"), {"options": {"morale_below_routing": "surrender"}},
                   format="json")

    steel = alice.post("forces/", {"name": "Steel"}, expect=201)["id"]
    keno = bob.post("forces/", {"name": "Keno"}, expect=201)["id"]
    steel_squad, steel_men = raise_squad(alice, steel, "1st squad")
    keno_squad, keno_men = raise_squad(bob, keno, "Keno section")
    steel_riflemen = steel_men[2:]

    s1 = org.post("scenarios/", {"name": "River crossing", "force_ids": [steel, keno]})["id"]
    s2 = org.post("scenarios/", {"name": "The mill", "force_ids": [steel, keno]})["id"]
    s3 = org.post("scenarios/", {"name": "Breakthrough", "force_ids": [steel, keno]})["id"]
    org.post("scenario-links/", {"from_id": s1, "to_id": s2})
    org.post("scenario-links/", {"from_id": s2, "to_id": s3, "condition": "win",
                                 "force_id": steel})
    players = {steel: alice, keno: bob}
    squads = {steel: steel_squad, keno: keno_squad}

    # ---- scenario 1 ------------------------------------------------------------------------
    b1 = _start(org, s1, players, squads, {steel: "medium", keno: "medium"})
    table = BattleTable(clients["org"], b1)
    _battle_1(table, steel_riflemen, keno_men)
    table.conclude({"force-1": "win", "force-2": "lose"})

    commander, successor = keno_men[0], keno_men[-1]
    assert _soldier(cid, commander).status == "dead"
    keno_squad_row = Squad.objects.get(campaign_id=cid, ref=keno_squad)
    assert keno_squad_row.commander_ref == successor
    assert _soldier(cid, successor).attributes["leadership"] == 3  # 2, one step worse (d6 = 1)
    assert keno_squad_row.record["fire_taken"] == 1
    assert keno_squad_row.record["morale_low"] == "confident"
    assert Squad.objects.get(campaign_id=cid, ref=steel_squad).record["fire_given"] == 1
    taken = org.get("ledger/", type="battle.result_taken_over")["results"][0]["data"]
    rolls = {r["soldier_id"]: r for r in taken["reorganisation"]}
    assert set(rolls) == set(keno_men[2:5])  # the three unchecked wounded
    assert all(r["source"] == "server" and r["medic"] and r["modifier"] == 1
               for r in rolls.values())
    expected = {"killed": "dead", "stabilised": "wounded", "returned_to_duty": "fit"}
    for soldier_id, roll in rolls.items():
        assert _soldier(cid, soldier_id).status == expected[roll["outcome"]]
    stabilised = [s for s, r in rolls.items() if r["outcome"] == "stabilised"]
    assert stabilised, "the fixed seed gives at least one stabilised wounded"
    assert _fatigue(cid, steel) == _fatigue(cid, keno) == "fresh"

    # the graph: scenario 3 is locked until Steel wins scenario 2
    org.post(f"scenarios/{s3}/motivation/", {"force_id": steel, "motivation": "high"})
    locked = org.client.post(org.url(f"scenarios/{s3}/battle/"), {}, format="json")
    assert locked.status_code == 422 and locked.json()["code"] == "scenario_locked"

    # a wounded soldier cannot be sent into scenario 2: the error names him
    refused = bob.client.post(bob.url(f"scenarios/{s2}/picks/"), {
        "force_id": keno, "squads": [{"squad_id": keno_squad, "soldier_ids": stabilised[:1]}]},
        format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "soldier_unavailable"
    assert _soldier(cid, stabilised[0]).name in refused.json()["message"]

    org.post("calendar/", {"days": 3})
    assert _soldier(cid, stabilised[0]).status == "recovering"

    # ---- scenario 2 ------------------------------------------------------------------------
    sheet_before_b2 = bob.get(f"forces/{keno}/")
    b2 = _start(org, s2, players, squads, {steel: "medium", keno: "low"})
    started = clients["org"].get(f"/api/battles/{b2}/log/").json()["results"][0]["data"]
    keno_setup = started["setup"]["sides"][1]["squads"][0]
    assert keno_setup["leadership"] == 3  # the replaced commander kept his new leadership
    assert {f["id"] for f in keno_setup["figures"]} == {
        f"soldier-{s['id']}" for s in sheet_before_b2["soldiers"] if s["status"] == "fit"}
    table = BattleTable(clients["org"], b2)
    _battle_2(table, steel_riflemen)
    table.conclude({"force-1": "win", "force-2": "lose"})

    prisoners = Soldier.objects.filter(campaign_id=cid, status="captured")
    assert prisoners.exists()
    assert {p.held_by_force_ref for p in prisoners} == {steel}
    assert all(p.force_ref == keno for p in prisoners)
    assert [s["id"] for s in alice.get(f"forces/{steel}/")["prisoners_held"]] == sorted(
        p.ref for p in prisoners)
    assert _fatigue(cid, steel) == _fatigue(cid, keno) == "tired"  # 1 + (1 + 1) points

    # between battles: Keno rests, prisoners are exchanged, replacements fill the squad
    org.post(f"forces/{keno}/rest/")
    org.post("prisoner-exchanges/", {"soldier_ids": [p.ref for p in prisoners]})
    org.post("calendar/", {"days": 14})
    assert _fatigue(cid, keno) == "fresh" and _fatigue(cid, steel) == "tired"
    for soldier_id in stabilised:
        assert _soldier(cid, soldier_id).status == "fit"  # recovered with time
    assert not Soldier.objects.filter(campaign_id=cid, status="captured").exists()
    keno_row = Squad.objects.get(campaign_id=cid, ref=keno_squad)
    for n in range(keno_row.establishment - keno_row.strength):
        org.post(f"squads/{keno_squad}/replacements/", {
            "name": f"Replacement {n + 1}", "role": "rifleman",
            "attributes": {"weapon": "rifle", "armour": "human"}}, expect=201)
    keno_row.refresh_from_db()
    assert keno_row.strength == keno_row.establishment
    if keno_row.commander_ref is None:  # the successor may have died or been captured
        fit = Soldier.objects.filter(campaign_id=cid, squad_ref=keno_squad, status="fit")
        bob.post(f"squads/{keno_squad}/commander/", {"soldier_id": fit.first().ref,
                                                     "attributes": {"leadership": 2}})

    # ---- scenario 3 (opened by Steel's win) -------------------------------------------------
    b3 = _start(org, s3, players, squads, {keno: "medium"})
    sides = org.get(f"scenarios/{s3}/")["sides"]
    assert [(s["fatigue"], s["starting_morale"]) for s in sides] == [
        ("tired", "steady"), ("fresh", "confident")]
    table = BattleTable(clients["org"], b3)
    table.declare("begin_activation", "squad-2")
    table.declare("fire", "squad-2", target="squad-1", distance=8,
                  weapons=[f"soldier-{s['id']}" for s in org.get("soldiers/", force=keno,
                                                                    status="fit")["results"]
                           if s["role"] == "rifleman"])
    table.declare("end_activation")
    table.conclude({"force-1": "draw", "force-2": "draw"})
    assert _fatigue(cid, steel) == "exhausted" and _fatigue(cid, keno) == "fresh"

    # ---- reading: histories, as-of, diff ----------------------------------------------------
    record = bob.get(f"soldiers/{successor}/record/")
    assert record["commands_taken"] >= 1
    assert record["commands"][0]["kind"] == "command_taken" and record["commands"][0]["battle_id"] == b1
    history = bob.get(f"soldiers/{successor}/history/")["results"]
    assert any(h["kind"] == "leadership_changed" and h["data"]["to"] == 3 for h in history)
    steel_record = alice.get(f"squads/{steel_squad}/record/")
    assert steel_record["battles_fought"] == 3 and steel_record["report"]["fire_given"] == 4
    assert steel_record["report"]["fire_taken"] == 1

    as_of = bob.get("as-of/", before_battle=b2, force=keno)
    now_sheet = {s["id"]: s for s in sheet_before_b2["soldiers"]}
    assert {s["id"]: (s["status"], s["attributes"]["leadership"], s["squad_id"])
            for s in as_of["soldiers"]} == {
        i: (s["status"], s["attributes"]["leadership"], s["squad_id"])
        for i, s in now_sheet.items()}
    assert as_of["squads"][0]["commander_id"] == sheet_before_b2["squads"][0]["commander_id"]
    assert (as_of["forces"][0]["attributes"]["fatigue"]
            == sheet_before_b2["force"]["attributes"]["fatigue"])
    diff = bob.get("diff/", from_before_battle=b2, to_before_battle=b3, force=keno)
    changed = {row["id"] for row in diff["soldiers"]}
    assert {p.ref for p in prisoners} <= changed
    assert Campaign.objects.get(pk=cid).projected_version == org.get()["version"]
