"""A Mercenaries campaign through the API (the plug-in ``campaign.systems.mercenaries``): set-up
with the rulebook's attributes, a scenario's map and each side's edge, the battle set up from
them, a shot that takes an Extra out of the fight, the take-over under this project's healing
house rules, history, as-of, a correction and an export/import round trip."""
import pytest

from campaign.models import Campaign
from rules.core.errors import RuleError
from tests.battles.helpers import dice, post
from tests.campaign.helpers import CampaignApi
from tests.campaign.test_transfer import _views
from tests.page_text import client_of, form_values

pytestmark = pytest.mark.django_db(transaction=True)

#: The organizer's weapon table (the source lost the book's, §0): test data, not the book's.
WEAPONS = {"assault rifle": {"damage": [2, 8, 0], "ap": 2, "range": [12, 24, 48], "rof": 1},
           "machete": {"damage": [1, 6, 0]}}


def _house_rules(api, changes):
    return api.client.patch(api.url("house-rules/"), {"changes": changes}, format="json")


def _member(kind="extra", **more):
    out = {"kind": kind, "agility": "d6", "spirit": "d6", "strength": "d6", "vigor": "d6",
           "fighting": "d6", "shooting": "d8", "toughness": 5, "parry": 5,
           "weapon": "assault rifle"}
    if kind == "extra":
        out["base_skill"] = "d6"
    return {**out, **more}


@pytest.fixture
def merc(clients, club):
    created = clients["org"].post("/api/campaigns/", {
        "club": club.pk, "name": "Banana Hell", "start_date": "1985-03-01",
        "rule_system": "mercenaries", "rule_version": "0.1"}, format="json")
    assert created.status_code == 201, created.json()
    cid = created.json()["id"]
    org = CampaignApi(clients["org"], cid)
    alice, bob = CampaignApi(clients["alice"], cid), CampaignApi(clients["bob"], cid)
    assert _house_rules(org, {"weapons": WEAPONS}).status_code == 200
    geese = alice.post("forces/", {"name": "Wild Geese"}, expect=201)["id"]
    junta = bob.post("forces/", {"name": "Junta"}, expect=201)["id"]
    alpha = alice.post("squads/", {"force_id": geese, "name": "Alpha team",
                                   "establishment": 6}, expect=201)["id"]
    patrol = bob.post("squads/", {"force_id": junta, "name": "Patrol",
                                "establishment": 6}, expect=201)["id"]
    rourke = alice.post("soldiers/", {"force_id": geese, "squad_id": alpha,
                                      "name": "Sgt. Rourke",
                                      "attributes": _member("wild_card", bennies=2)},
                        expect=201)["id"]
    ruiz = bob.post("soldiers/", {"force_id": junta, "squad_id": patrol, "name": "Pvt. Ruiz",
                                  "attributes": _member(melee_weapon="machete")},
                    expect=201)["id"]
    return {"id": cid, "org": org, "alice": alice, "bob": bob, "geese": geese, "junta": junta,
            "alpha": alpha, "patrol": patrol, "rourke": rourke, "ruiz": ruiz}


def test_members_carry_the_rulebooks_attributes_checked(merc):
    alice = merc["alice"]
    schemas = merc["org"].get("attributes/")
    assert [a["name"] for a in schemas["scenario"]] == ["width", "height", "light", "terrain"]
    assert [a["name"] for a in schemas["scenario_side"]] == ["edge"]
    assert schemas["soldier"][0]["choices"] == ["wild_card", "extra"]

    def refused(attributes):
        response = alice.client.post(alice.url("soldiers/"), {
            "force_id": merc["geese"], "squad_id": merc["alpha"], "name": "Kane",
            "attributes": attributes}, format="json")
        assert response.status_code == 422, response.json()
        return response.json()["field"]

    no_base = _member()
    del no_base["base_skill"]
    assert refused(no_base) == "attributes.base_skill"  # §2.10
    assert refused(_member(agility="d7")) == "attributes.agility"
    assert refused(_member(bennies=1)) == "attributes.bennies"  # an Extra has none (§2.19)
    assert refused(_member(wounds=2)) == "attributes.wounds"  # only the battles give wounds
    assert alice.get(f"soldiers/{merc['rourke']}/")["attributes"]["wounds"] == 0


def test_a_scenarios_map_is_checked_and_refused_before_it_is_given(merc):
    org = merc["org"]
    scenario = org.post("scenarios/", {"name": "The clearing",
                                       "force_ids": [merc["geese"], merc["junta"]]},
                        expect=201)["id"]
    for api, force, squad in ((merc["alice"], merc["geese"], merc["alpha"]),
                              (merc["bob"], merc["junta"], merc["patrol"])):
        api.post(f"scenarios/{scenario}/picks/", {"force_id": force,
                                                  "squads": [{"squad_id": squad}]})
    missing = org.client.post(org.url(f"scenarios/{scenario}/battle/"), {}, format="json")
    assert missing.status_code == 422 and missing.json()["code"] == "map_missing"
    for bad, field in (({"width": 0, "height": 8}, "attributes.width"),
                       ({"width": 12, "height": 8, "light": "noon"}, "attributes.light"),
                       ({"width": 12, "height": 8, "terrain": {"12,1": 2}},
                        "attributes.terrain.12,1"),
                       ({"width": 12, "height": 8, "terrain": {"3,1": "swamp"}},
                        "attributes.terrain.3,1")):
        response = org.client.post(org.url(f"scenarios/{scenario}/attributes/"),
                                   {"attributes": bad}, format="json")
        assert response.status_code == 422, (bad, response.json())
        assert response.json()["field"] == field
    assert org.get(f"scenarios/{scenario}/")["attributes"] == {}
    player = merc["alice"].client.post(merc["alice"].url(f"scenarios/{scenario}/attributes/"),
                                       {"attributes": {"width": 5, "height": 5}},
                                       format="json")
    assert player.status_code == 403
    org.post(f"scenarios/{scenario}/attributes/", {"attributes": {"width": 12, "height": 8}})
    no_edge = org.client.post(org.url(f"scenarios/{scenario}/battle/"), {}, format="json")
    assert no_edge.status_code == 422 and no_edge.json()["code"] == "deployment_missing"


def _play_the_clearing(merc) -> tuple[int, int, int]:
    org = merc["org"]
    scenario = org.post("scenarios/", {"name": "The clearing",
                                       "force_ids": [merc["geese"], merc["junta"]]},
                        expect=201)["id"]
    org.post(f"scenarios/{scenario}/attributes/", {"attributes": {
        "width": 12, "height": 8, "light": "dark", "terrain": {"5,4": 2, "6,6": "building"}}})
    # the light was wrong: the organizer amends the entry (a correction)
    entry = org.get("ledger/", page_size=200)["results"][-1]
    assert entry["type"] == "scenario.attributes_set"
    org.post(f"ledger/{entry['version']}/amend/", {
        "reason": "it is a moonlit night, not a dark one",
        "expected_version": entry["version"], "data": {
            "attributes": {**entry["data"]["attributes"], "light": "dim"}}})
    assert org.get(f"scenarios/{scenario}/")["attributes"]["light"] == "dim"
    org.post(f"scenarios/{scenario}/attributes/", {"force_id": merc["geese"],
                                                   "attributes": {"edge": "west"}})
    org.post(f"scenarios/{scenario}/attributes/", {"force_id": merc["junta"],
                                                   "attributes": {"edge": "east"}})
    for api, force, squad in ((merc["alice"], merc["geese"], merc["alpha"]),
                              (merc["bob"], merc["junta"], merc["patrol"])):
        api.post(f"scenarios/{scenario}/picks/", {"force_id": force,
                                                  "squads": [{"squad_id": squad}]})
    battle = org.post(f"scenarios/{scenario}/battle/", expect=201)["battle_id"]
    return scenario, battle, entry["version"]


def test_a_mercenaries_campaign_through_the_api(merc, clients):
    org, bob = merc["org"], merc["bob"]
    rourke, ruiz = f"soldier-{merc['rourke']}", f"soldier-{merc['ruiz']}"
    scenario, battle, _entry = _play_the_clearing(merc)

    # the battle set up from the map, the sides and the members ticked
    state = clients["alice"].get(f"/api/battles/{battle}/state/").json()["state"]
    assert (state["width"], state["height"], state["light"]) == (12, 8, "dim")
    cells = {f["id"]: f["cell"] for f in state["fighters"]}
    assert cells == {rourke: [0, 0], ruiz: [11, 0]}
    by_id = {f["id"]: f for f in state["fighters"]}
    assert by_id[rourke]["bennies"] == 2 and by_id[rourke]["wild_card"]
    assert by_id[ruiz]["weapon"]["name"] == "assault rifle"
    assert by_id[ruiz]["melee_weapon"]["damage_sides"] == 6

    # Rourke shoots Ruiz (11 cells: short range; dim light -1): hit, 14 damage, out
    shot = {"action": "shoot", "unit": rourke, "params": {"target": ruiz}}
    declared = post(clients["alice"], battle, "declare/", {"expected_version": 1,
                                                           "command": shot})
    assert declared.status_code == 201, declared.json()
    hit = dice(clients["alice"], battle, 2, **{"attack.trait": [6], "attack.wild": [2]})
    assert hit.status_code == 201, hit.json()
    wounded = dice(clients["alice"], battle, 3, **{"damage.weapon": [7, 7]})
    assert wounded.status_code == 201, wounded.json()
    version = clients["alice"].get(f"/api/battles/{battle}/").json()["version"]
    concluded = post(clients["org"], battle, "conclude/", {
        "expected_version": version,
        "result": {f"force-{merc['geese']}": "win", f"force-{merc['junta']}": "lose"}})
    assert concluded.status_code == 200, concluded.json()

    # taken over: Ruiz out of the fight -> wounded, recovering by the house rule (7 days a
    # wound, 2 wounds); Rourke unhurt
    after = bob.get(f"soldiers/{merc['ruiz']}/")
    assert after["status"] == "recovering" and after["attributes"]["wounds"] == 2
    assert after["recovery_due"] == "1985-03-15"
    assert merc["alice"].get(f"soldiers/{merc['rourke']}/")["status"] == "fit"
    assert org.get(f"scenarios/{scenario}/")["results"] == {str(merc["geese"]): "win",
                                                             str(merc["junta"]): "lose"}
    history = [h["kind"] for h in bob.get(f"soldiers/{merc['ruiz']}/history/")["results"]]
    assert history == ["recruited", "wounded", "battle_fought", "healing"]

    # as-of: before the battle he was fit
    before = bob.get("as-of/", before_battle=battle, force=merc["junta"])
    assert {s["id"]: s["status"] for s in before["soldiers"]} == {merc["ruiz"]: "fit"}
    # healed by time (house rule)
    org.post("calendar/", {"days": 14})
    healed = bob.get(f"soldiers/{merc['ruiz']}/")
    assert healed["status"] == "fit" and healed["attributes"]["wounds"] == 0

    # export / import: the copy shows the same sheets, histories and battle
    campaign = Campaign.objects.get(pk=merc["id"])
    document = org.client.get(org.url("export/"))
    assert document.status_code == 200
    copied = org.client.post("/api/campaigns/import/", {
        "club": campaign.club_id, "document": document.json(), "name": "Banana Hell (copy)"},
        format="json")
    assert copied.status_code == 201, copied.json()
    copy_ = Campaign.objects.get(pk=copied.json()["campaign"]["id"])
    original, again = _views(org.client, campaign), _views(org.client, copy_)
    assert len(original) > 3
    assert again == original
    scenario_copy = CampaignApi(org.client, copy_.pk).get(f"scenarios/{scenario}/")
    assert scenario_copy["attributes"]["light"] == "dim"


def test_a_fate_the_battle_left_open_follows_the_house_rule_and_a_missing_weapon_refuses(
        merc, clients):
    org = merc["org"]
    assert _house_rules(org, {"healing": {"out_of_action": "killed"}}).status_code == 200
    bare = merc["bob"].post("soldiers/", {"force_id": merc["junta"], "squad_id": merc["patrol"],
                                          "name": "Pvt. Gomez",
                                          "attributes": _member(weapon="RPG-7")},
                            expect=201)["id"]
    scenario = org.post("scenarios/", {"name": "Ambush",
                                       "force_ids": [merc["geese"], merc["junta"]]},
                        expect=201)["id"]
    org.post(f"scenarios/{scenario}/attributes/", {"attributes": {"width": 6, "height": 6}})
    for force, edge in ((merc["geese"], "north"), (merc["junta"], "south")):
        org.post(f"scenarios/{scenario}/attributes/", {"force_id": force,
                                                       "attributes": {"edge": edge}})
    merc["alice"].post(f"scenarios/{scenario}/picks/", {
        "force_id": merc["geese"], "squads": [{"squad_id": merc["alpha"]}]})
    merc["bob"].post(f"scenarios/{scenario}/picks/", {
        "force_id": merc["junta"], "squads": [{"squad_id": merc["patrol"]}]})
    refused = org.client.post(org.url(f"scenarios/{scenario}/battle/"), {}, format="json")
    assert refused.status_code == 422, refused.json()
    assert refused.json()["code"] == "missing_table"
    assert "RPG-7" in refused.json()["message"] and "weapon table" in refused.json()["message"]
    russian = org.client.post(org.url(f"scenarios/{scenario}/battle/"), {}, format="json",
                              headers={"Accept-Language": "ru"})
    assert russian.json()["message"].startswith(
        "в таблице оружия кампании нет строки 'RPG-7' (огнестрельное оружие бойца Pvt. Gomez)")
    merc["bob"].post(f"scenarios/{scenario}/picks/", {
        "force_id": merc["junta"],
        "squads": [{"squad_id": merc["patrol"], "soldier_ids": [merc["ruiz"]]}]})
    battle = org.post(f"scenarios/{scenario}/battle/", expect=201)["battle_id"]
    rourke, ruiz = f"soldier-{merc['rourke']}", f"soldier-{merc['ruiz']}"
    post(clients["alice"], battle, "declare/", {"expected_version": 1, "command": {
        "action": "shoot", "unit": rourke, "params": {"target": ruiz}}})
    assert dice(clients["alice"], battle, 2,
                **{"attack.trait": [6], "attack.wild": [2]}).status_code == 201
    assert dice(clients["alice"], battle, 3, **{"damage.weapon": [7, 7]}).status_code == 201
    version = clients["alice"].get(f"/api/battles/{battle}/").json()["version"]
    assert post(clients["org"], battle, "conclude/", {
        "expected_version": version, "result": {f"force-{merc['geese']}": "win",
                                                f"force-{merc['junta']}": "lose"}}
    ).status_code == 200
    assert merc["bob"].get(f"soldiers/{merc['ruiz']}/")["status"] == "dead"
    assert merc["bob"].get(f"soldiers/{bare}/")["status"] == "fit"


def test_the_house_rules_refuse_bad_values_and_change_nothing(merc):
    org = merc["org"]
    before = org.get("house-rules/")["rules"]
    for rules, field in (({"healing": {"days_per_wound": -1}}, "healing.days_per_wound"),
                         ({"healing": {"dying": "resurrected"}}, "healing.dying"),
                         ({"morale": {}}, "morale"),
                         ({"bennies": {"per_battle": 11}}, "bennies.per_battle"),
                         ({"bennies": {"per_battle": "lots"}}, "bennies.per_battle"),
                         ({"bennies": {"refresh": 1}}, "bennies.refresh")):
        response = _house_rules(org, rules)
        assert response.status_code == 422, response.json()
        assert response.json()["field"] == field
    assert org.get("house-rules/")["rules"] == before
    with pytest.raises(RuleError):
        from campaign.plugins import get
        get("mercenaries").battle_setup(None, [])


def test_the_books_improvised_weapons_are_melee_weapons_of_strength_and_their_die():
    """§2.27: small Str+d4 (min d4), medium Str+d6 (min d6), large Str+d8 (min d8)."""
    from types import SimpleNamespace

    from campaign.ledger.state import Soldier
    from campaign.systems.mercenaries import battles
    from campaign.systems.mercenaries.house_rules import HouseRules

    state = SimpleNamespace(house_rules=HouseRules())
    strong = Soldier(1, 1, 1, "Rourke", attributes={"strength": "d8",
                                                     "melee_weapon": "improvised weapon (large)",
                                                     "weapon": "improvised weapon (small)"})
    assert battles._weapon(state, strong, "melee_weapon") == {
        "name": "improvised weapon (large)", "damage": [1, 8, 0]}
    with pytest.raises(RuleError) as thrown:
        battles._weapon(state, strong, "weapon")
    assert thrown.value.code == "not_implemented" and thrown.value.rule == "§2.27"
    weak = Soldier(2, 1, 1, "Kane", attributes={"strength": "d6",
                                                 "melee_weapon": "improvised weapon (large)"})
    with pytest.raises(RuleError) as below:
        battles._weapon(state, weak, "melee_weapon")
    assert "minimum d8" in str(below.value.message)


def test_a_sides_deployment_edge_is_amended_and_a_bad_edge_refused(merc):
    """A side's edge typed wrong is amended through the same check; a bad one changes
    nothing."""
    org = merc["org"]
    scenario = org.post("scenarios/", {"name": "The ford",
                                       "force_ids": [merc["geese"], merc["junta"]]},
                        expect=201)["id"]
    org.post(f"scenarios/{scenario}/attributes/", {"attributes": {"width": 10, "height": 6}})
    org.post(f"scenarios/{scenario}/attributes/", {"force_id": merc["geese"],
                                                   "attributes": {"edge": "west"}})
    entry = org.get("ledger/", page_size=200)["results"][-1]
    assert entry["type"] == "scenario.side_deployed"
    bad = org.client.post(org.url(f"ledger/{entry['version']}/amend/"), {
        "reason": "typo", "expected_version": entry["version"],
        "data": {"edge": "up"}}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_amendment"
    assert bad.json()["field"] == "data.edge"
    org.post(f"ledger/{entry['version']}/amend/", {
        "reason": "they came from the river", "expected_version": entry["version"],
        "data": {"edge": "south"}})
    sides = org.get(f"scenarios/{scenario}/")["side_attributes"]
    assert sides[str(merc["geese"])]["edge"] == "south"


def test_a_wild_cards_bennies_at_the_start_of_a_battle_follow_the_house_rule():
    """House rule (the book does not say how bennies refresh, §2.19): each battle starts with
    the member's own count (3 unless given) or the rule's number; an Extra has none."""
    from types import SimpleNamespace

    from campaign.ledger.state import Soldier
    from campaign.systems.mercenaries import battles
    from campaign.systems.mercenaries.house_rules import HouseRules

    def bennies(rules: dict, kind: str, **own) -> int | None:
        state = SimpleNamespace(house_rules=HouseRules.from_json(rules))
        member = Soldier(1, 1, 1, "Rourke", attributes={**_member(kind, weapon=None), **own})
        return battles._fighter(state, member, [0, 0]).get("bennies")

    assert bennies({}, "wild_card", bennies=2) == 2
    assert bennies({}, "wild_card") is None  # the battle's default: 3 (§2.19)
    assert bennies({"bennies": {"per_battle": 1}}, "wild_card", bennies=2) == 1
    assert bennies({"bennies": {"per_battle": 0}}, "wild_card") == 0
    assert bennies({"bennies": {"per_battle": 5}}, "extra") is None
    assert HouseRules.from_json({"bennies": {"per_battle": "4"}}).bennies_per_battle == 4


def test_the_bennies_rule_is_set_on_the_settings_page_and_the_battle_starts_with_it(
        merc, people, clients):
    from campaign.services.ledger import state_of

    organizer = client_of(people["org"], "ru")
    url = f"/campaigns/{merc['id']}/settings/"
    page = organizer.get(url)
    assert "фишки Личности в начале каждого боя" in page.content.decode()
    assert "своё число (3, если не задано)" in page.content.decode()
    form = form_values(page.context["house"])
    for value, stored in (("4", 4), ("own", "own"), ("1", 1)):  # a word, then a number again
        assert organizer.post(url, {**form, "part": "house_rules",
                                    "bennies__per_battle": value}).status_code == 302
        assert state_of(campaign_id=merc["id"]).house_rules.bennies_per_battle == stored
    _scenario, battle, _entry = _play_the_clearing(merc)
    state = clients["alice"].get(f"/api/battles/{battle}/state/").json()["state"]
    by_id = {f["id"]: f for f in state["fighters"]}
    assert by_id[f"soldier-{merc['rourke']}"]["bennies"] == 1  # his own count is 2
    assert by_id[f"soldier-{merc['ruiz']}"]["bennies"] == 0  # an Extra's: none
    # §2.10: Shaken is a state of the battle; the setup gives none (docs/campaign.md)
    assert [f["shaken"] for f in state["fighters"]] == [False, False]


def test_an_extra_who_fled_in_panic_comes_back_to_his_force_unhurt(merc, clients):
    """§2.13: the morale test's result entered at the table, Ruiz flees off the map's edge;
    the campaign takes him back fit, not as a casualty (not even under a house rule that
    kills every Extra out of the fight)."""
    org = merc["org"]
    assert _house_rules(org, {"healing": {"out_of_action": "killed"}}).status_code == 200
    _scenario, battle, _entry = _play_the_clearing(merc)
    ruiz = f"soldier-{merc['ruiz']}"
    facts = [{"action": "panic", "params": {"fighters": [ruiz]}},  # the table's entry
             {"action": "end_turn", "params": {}},
             {"action": "flee", "unit": ruiz, "params": {}}]  # 11,0 -> off the east edge
    for version, command in enumerate(facts, start=1):
        answer = post(clients["bob"], battle, "declare/", {"expected_version": version,
                                                           "command": command})
        assert answer.status_code == 201, answer.json()
    assert "its result was entered at the table" in clients["bob"].get(
        f"/api/battles/{battle}/log/").json()["results"][1]["text"]
    summary = clients["bob"].get(f"/api/battles/{battle}/summary/").json()["summary"]
    assert summary["figures"] == []  # no casualty
    patrol = next(u for u in summary["units"] if u["unit"] == f"squad-{merc['patrol']}")
    assert patrol["status"]["fled"] == 1 and patrol["text"] == "0 of 1 in the fight, 1 fled"
    assert post(clients["org"], battle, "conclude/", {
        "expected_version": 4, "result": {f"force-{merc['geese']}": "win",
                                          f"force-{merc['junta']}": "lose"}}
    ).status_code == 200
    after = merc["bob"].get(f"soldiers/{merc['ruiz']}/")
    assert after["status"] == "fit" and after["squad_id"] == merc["patrol"]


def _history(api, soldier_id, language):
    response = api.client.get(api.url(f"soldiers/{soldier_id}/history/"),
                              headers={"accept-language": language})
    assert response.status_code == 200, response.content
    return [row["text"] for row in response.json()["results"]]


def test_an_unknown_rank_is_refused_naming_the_field_and_changes_nothing(merc):
    """§2.13 names three ranks of a commander; any other is refused, on raising a member and
    on amending one, in the request's language, and nothing is recorded."""
    alice, org = merc["alice"], merc["org"]
    before = org.get("ledger/", page_size=200)["count"]
    for language, words in (("en", "rank must be one of mercenary, sergeant, lieutenant"),
                            ("ru", "rank должно быть одним из: mercenary, sergeant, "
                                   "lieutenant")):
        raised = alice.client.post(alice.url("soldiers/"), {
            "force_id": merc["geese"], "squad_id": merc["alpha"], "name": "Kane",
            "attributes": _member(rank="captain")}, format="json",
            headers={"accept-language": language})
        assert raised.status_code == 422, raised.json()
        assert raised.json()["field"] == "attributes.rank"
        assert words in raised.json()["message"] and "'captain'" in raised.json()["message"]
    amended = alice.client.patch(alice.url(f"soldiers/{merc['rourke']}/"), {
        "changes": {"attributes": {"rank": "Sergeant"}}}, format="json")
    assert amended.status_code == 422, amended.json()
    assert amended.json()["field"] == "attributes.rank"
    assert org.get("ledger/", page_size=200)["count"] == before
    assert alice.get(f"soldiers/{merc['rourke']}/")["attributes"]["rank"] is None
    assert [a for a in alice.get("soldiers/")["results"] if a["name"] == "Kane"] == []


def test_a_members_rank_goes_into_his_battle_and_makes_him_a_commander_who_stops_panic(
        merc, clients):
    """§2.13: only a commander (mercenary, sergeant or lieutenant) stops the flight. Under the
    default reading (``panic_commander: rank``) a Wild Card without a rank may not; Rourke,
    made a sergeant, may, and his amendment reads in both languages."""
    alice = merc["alice"]
    kane = alice.post("soldiers/", {"force_id": merc["geese"], "squad_id": merc["alpha"],
                                    "name": "Kane", "attributes": _member()},
                      expect=201)["id"]
    rourke, kane_id = f"soldier-{merc['rourke']}", f"soldier-{kane}"
    panic = {"action": "panic", "params": {"fighters": [kane_id]}}
    stop = {"action": "stop_panic", "unit": rourke,
            "params": {"squad": f"squad-{merc['alpha']}"}}

    _scenario, battle, _entry = _play_the_clearing(merc)  # Rourke has no rank yet
    state = clients["alice"].get(f"/api/battles/{battle}/state/").json()["state"]
    assert {f["id"]: f["rank"] for f in state["fighters"]}[rourke] == ""
    assert post(clients["alice"], battle, "declare/", {"expected_version": 1,
                                                       "command": panic}).status_code == 201
    refused = post(clients["alice"], battle, "declare/", {"expected_version": 2,
                                                          "command": stop})
    assert refused.status_code == 422 and "not a commander" in refused.json()["message"]
    version = clients["alice"].get(f"/api/battles/{battle}/").json()["version"]
    assert post(clients["org"], battle, "conclude/", {
        "expected_version": version, "result": {f"force-{merc['geese']}": "draw",
                                                f"force-{merc['junta']}": "draw"}}
    ).status_code == 200

    alice.client.patch(alice.url(f"soldiers/{merc['rourke']}/"), {
        "changes": {"attributes": {"rank": "sergeant"}}}, format="json")
    assert alice.get(f"soldiers/{merc['rourke']}/")["attributes"]["rank"] == "sergeant"
    assert any("sergeant" in t for t in _history(alice, merc["rourke"], "en"))
    assert any("сержант" in t for t in _history(alice, merc["rourke"], "ru"))

    _scenario, battle, _entry = _play_the_clearing(merc)
    state = clients["alice"].get(f"/api/battles/{battle}/state/").json()["state"]
    by_id = {f["id"]: f for f in state["fighters"]}
    assert by_id[rourke]["rank"] == "sergeant" and by_id[kane_id]["rank"] == ""
    for version, command in enumerate((panic, stop), start=1):
        state = clients["alice"].get(f"/api/battles/{battle}/state/").json()["state"]
        assert {f["id"]: f for f in state["fighters"]}[kane_id]["panicked"] == (version == 2)
        answer = post(clients["alice"], battle, "declare/", {"expected_version": version,
                                                             "command": command})
        assert answer.status_code == 201, answer.json()
    state = clients["alice"].get(f"/api/battles/{battle}/state/").json()["state"]
    assert not {f["id"]: f for f in state["fighters"]}[kane_id]["panicked"]  # stopped


def test_a_member_without_a_role_is_recruited_in_a_line_with_no_empty_brackets(merc):
    """Mercenaries members have no role: the line names the soldier alone, in both languages."""
    english, russian = (_history(merc["alice"], merc["rourke"], lang)[0] for lang in ("en", "ru"))
    assert "()" not in english and "recruited" in english, english
    assert "()" not in russian and "зачислен" in russian, russian
