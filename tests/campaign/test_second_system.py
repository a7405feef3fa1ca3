"""A campaign on a second, test-only rule system (the Skirmish toy and its campaign plug-in,
``tests/campaign/toys``) runs set-up -> battle -> take-over -> as-of -> history through the
API, with its own attributes checked by its schema, and no Steel War module in sight."""
import ast
from pathlib import Path

import pytest

from campaign.ledger.events import ForceRaised, SoldierRecruited, SquadRaised
from campaign.ledger.fold import fold
from campaign.ledger.state import Entry
from rules.core import registry
from tests.battles.helpers import dice, post
from tests.campaign.helpers import CampaignApi
from tests.campaign.test_core_imports import forbidden
from tests.campaign.toys import skirmish_campaign
from tests.rules.toys import skirmish

pytestmark = pytest.mark.django_db(transaction=True)
HERE = Path(__file__).resolve()


@pytest.fixture
def toy():
    skirmish.register()
    skirmish_campaign.register()
    yield skirmish_campaign.PLUGIN
    skirmish_campaign.unregister()
    registry.unregister("skirmish", "1.0")


def test_neither_the_toy_plugin_nor_this_test_imports_a_rule_systems_campaign():
    for path in (HERE, Path(skirmish_campaign.__file__)):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not [n for n in names if forbidden(n) or "steelwar" in n], path


def test_a_skirmish_campaign_through_the_api(toy, clients, club):
    created = clients["org"].post("/api/campaigns/", {
        "club": club.pk, "name": "Border raids", "start_date": "1850-06-01",
        "rule_system": "skirmish", "rule_version": "1.0"}, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["house_rules"] == {}
    cid = created.json()["id"]
    org = CampaignApi(clients["org"], cid)
    alice, bob = CampaignApi(clients["alice"], cid), CampaignApi(clients["bob"], cid)
    schemas = org.get("attributes/")
    assert [a["name"] for a in schemas["soldier"]] == ["rank", "tags"]
    assert schemas["force"] == [] and schemas["scenario_side"] == []
    assert schemas["scenario"] == []  # no scenario attributes: nothing to set, nothing shown

    # set-up: forces, squads and soldiers with the toy's attributes, checked by its schema
    red = alice.post("forces/", {"name": "Red"}, expect=201)["id"]
    blue = bob.post("forces/", {"name": "Blue"}, expect=201)["id"]
    refused = alice.client.post(alice.url("squads/"), {
        "force_id": red, "name": "Scouts", "establishment": 3}, format="json")
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["field"]) == ("bad_attribute",
                                                                 "attributes.colour")
    red_squad = alice.post("squads/", {"force_id": red, "name": "Red scouts", "establishment": 3,
                                       "attributes": {"colour": "crimson"}}, expect=201)["id"]
    blue_squad = bob.post("squads/", {"force_id": blue, "name": "Blue pickets",
                                      "establishment": 2, "attributes": {"colour": "navy"}},
                          expect=201)["id"]
    bad = alice.client.post(alice.url("soldiers/"), {
        "force_id": red, "squad_id": red_squad, "name": "Weapon", "attributes": {
            "rank": "general"}}, format="json")
    assert bad.status_code == 422 and bad.json()["field"] == "attributes.rank"
    assert alice.client.post(alice.url("soldiers/"), {
        "force_id": red, "name": "Armour", "attributes": {"weapon": "rifle"}},
        format="json").json()["field"] == "attributes.weapon"  # not this system's
    reds = [alice.post("soldiers/", {"force_id": red, "squad_id": red_squad, "name": name,
                                     "attributes": {"rank": "veteran"}}, expect=201)["id"]
            for name in ("Ada", "Ben", "Cy")]
    blues = [bob.post("soldiers/", {"force_id": blue, "squad_id": blue_squad, "name": name},
                      expect=201)["id"] for name in ("Dee", "Eve")]
    assert bob.get(f"soldiers/{blues[0]}/")["attributes"] == {"rank": "scout", "tags": []}

    # the battle, set up from campaign state by the plug-in
    scenario = org.post("scenarios/", {"name": "The ford", "force_ids": [red, blue]},
                        expect=201)["id"]
    alice.post(f"scenarios/{scenario}/picks/", {"force_id": red,
                                                "squads": [{"squad_id": red_squad}]})
    bob.post(f"scenarios/{scenario}/picks/", {"force_id": blue,
                                              "squads": [{"squad_id": blue_squad}]})
    battle = org.post(f"scenarios/{scenario}/battle/", expect=201)["battle_id"]
    assert org.client.post(org.url(f"scenarios/{scenario}/motivation/"), {
        "force_id": red, "motivation": "high"}, format="json").status_code == 404
    shoot = {"action": "shoot", "unit": f"squad-{red_squad}",
             "params": {"target": f"squad-{blue_squad}"}}
    assert post(clients["alice"], battle, "declare/",
                {"expected_version": 1, "command": shoot}).status_code == 201
    assert dice(clients["bob"], battle, 2, hit=[6], save=[1]).status_code == 201
    assert post(clients["bob"], battle, "decide/",
                {"expected_version": 3, "key": "nerve", "choice": "ground"}).status_code == 201
    concluded = post(clients["org"], battle, "conclude/", {
        "expected_version": 4, "result": {f"force-{red}": "win", f"force-{blue}": "lose"}})
    assert concluded.status_code == 200, concluded.json()

    # taken over: the first Blue picket fell; results and battles fought
    assert bob.get(f"soldiers/{blues[0]}/")["status"] == "dead"
    assert bob.get(f"soldiers/{blues[1]}/")["status"] == "fit"
    assert org.get(f"scenarios/{scenario}/")["results"] == {str(red): "win", str(blue): "lose"}
    assert alice.get(f"squads/{red_squad}/")["battles_fought"] == 1
    assert [alice.get(f"soldiers/{r}/")["battles_fought"] for r in reds] == [1, 1, 1]

    # as-of and history
    before = bob.get("as-of/", before_battle=battle, force=blue)
    assert {s["id"]: s["status"] for s in before["soldiers"]} == {blues[0]: "fit",
                                                                  blues[1]: "fit"}
    diff = bob.get("diff/", from_before_battle=battle, force=blue)
    assert {r["id"]: r["changes"]["status"] for r in diff["soldiers"]
            if "status" in r["changes"]} == {blues[0]: ["fit", "dead"]}
    history = [h["kind"] for h in bob.get(f"soldiers/{blues[0]}/history/")["results"]]
    assert history == ["recruited", "died", "battle_fought"]
    record = alice.get(f"squads/{red_squad}/record/")
    assert record["battles_fought"] == 1 and record["report"] == {"battles_reported": 1}


def test_the_toys_own_event_folds_through_its_handler(toy):
    entries = [
        Entry(1, "campaign.started", {"name": "x", "rule_system": "skirmish",
                                      "rule_version": "1.0", "start_date": "1850-06-01",
                                      "house_rules": {}, "seed_sha256": "0" * 64}),
        Entry(2, ForceRaised.type, ForceRaised(force_id=1, owner_id=1, name="Red").to_data()),
        Entry(3, SquadRaised.type, SquadRaised(squad_id=1, force_id=1, name="S",
                                               attributes={"colour": "red"}).to_data()),
        Entry(4, SoldierRecruited.type, SoldierRecruited(soldier_id=1, force_id=1, squad_id=1,
                                                         name="Ada").to_data()),
        Entry(5, "toy.medal_awarded", {"soldier_id": 1, "medal": "star"}),
    ]
    state = fold(entries)
    assert state.soldiers[1].attributes == {"rank": "scout", "tags": ["star"]}
    assert state.squads[1].establishment is None
