"""The campaign REST API: visibility, permissions, the error format, pagination, filters,
idempotent and conditional writes, house rules, the OpenAPI schema."""
import pytest

from tests.campaign.helpers import CampaignApi

pytestmark = pytest.mark.django_db

READ_URLS = ["", "house-rules/", "battle-options/", "ledger/", "as-of/", "forces/",
             "forces/1/", "squads/", "squads/1/", "squads/1/history/", "squads/1/record/",
             "soldiers/", "soldiers/1/", "soldiers/1/history/", "soldiers/1/record/",
             "scenarios/", "scenario-links/", "dice/verify/", "forces/1/history/"]


@pytest.fixture
def projected(campaign, armies, project):
    return project(campaign)


@pytest.mark.parametrize("path", READ_URLS)
def test_outsiders_get_404_and_members_read(clients, projected, path):
    url = f"/api/campaigns/{projected.pk}/{path}"
    response = clients["outsider"].get(url)
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert clients["member"].get(url).status_code == 200


def test_outsiders_cannot_write_either(clients, projected):
    response = clients["outsider"].post(f"/api/campaigns/{projected.pk}/calendar/", {"days": 1},
                                        format="json")
    assert response.status_code == 404


def test_errors_are_json_with_code_message_and_field(clients, projected):
    api = CampaignApi(clients["alice"], projected.pk)
    response = api.client.post(api.url("soldiers/"), {
        "force_id": 2, "name": "Spy", "role": "rifleman",
        "attributes": {"weapon": "rifle", "armour": "human", "quality": "regular"}},
        format="json")
    assert response.status_code == 403
    assert set(response.json()) >= {"code", "message", "field"}
    assert response.json()["code"] == "not_your_force"
    response = api.client.post(api.url("soldiers/"), {"force_id": 1, "name": "X"}, format="json")
    assert response.status_code == 422 and response.json()["field"] == "role"
    response = api.client.post(api.url("soldiers/"), {
        "force_id": 1, "name": "X", "role": "rifleman",
        "attributes": {"weapon": "rifle", "armour": "human", "quality": "heroic"}},
        format="json")
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["field"]) == ("bad_attribute",
                                                                   "attributes.quality")
    response = api.client.post(api.url("soldiers/"), {
        "force_id": 1, "name": "X", "role": "rifleman", "attributes": ["rifle"]},
        format="json")
    assert response.status_code == 400 and response.json()["field"] == "attributes"
    response = api.client.post(api.url("calendar/"), {"days": 3}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_an_organizer"


def test_lists_are_paginated_and_filtered(clients, projected):
    api = CampaignApi(clients["bob"], projected.pk)
    body = api.get("soldiers/", force=2)
    assert body["count"] == 6 and {s["force_id"] for s in body["results"]} == {2}
    assert api.get("soldiers/", role="medic")["count"] == 2
    assert api.get("squads/", force=1)["results"][0]["name"] == "Steel 1st"
    assert api.get("soldiers/1/history/")["results"][0]["kind"] == "recruited"


def test_the_force_sheet_has_the_chain_of_command_squads_and_soldiers(clients, projected,
                                                                      project):
    api = CampaignApi(clients["alice"], projected.pk)
    formation = api.post("formations/", {"force_id": 1, "level": "platoon", "name": "1st pl."},
                         expect=201)
    assert formation["entity"]["level"] == "platoon"  # the answer comes from the ledger
    project(projected)  # the task that runs on commit
    sheet = api.get("forces/1/")
    assert sheet["force"]["attributes"]["fatigue"] == "fresh"
    assert sheet["force"]["attributes"]["posture"] == "front"
    assert sheet["squads"][0]["commander_id"] == sheet["soldiers"][0]["id"]
    assert [f["name"] for f in sheet["formations"]] == ["1st pl."]


def test_a_retried_write_with_the_same_idempotency_key_records_once(clients, projected,
                                                                    project):
    api = CampaignApi(clients["alice"], projected.pk)
    data = {"force_id": 1, "name": "Reserve", "role": "rifleman",
            "attributes": {"weapon": "rifle", "armour": "human", "quality": "recruit"}}
    first = api.post("soldiers/", data, expect=201, **{"Idempotency-Key": "r-1"})
    again = api.post("soldiers/", data, expect=200, **{"Idempotency-Key": "r-1"})
    assert again["replayed"] and again["id"] == first["id"]
    project(projected)
    assert api.get("soldiers/", name="Reserve")["count"] == 1


def test_a_stale_expected_version_gets_409_with_the_current_version(clients, projected):
    api = CampaignApi(clients["org"], projected.pk)
    version = api.get()["version"]
    response = api.client.post(api.url("calendar/"), {"days": 1, "expected_version": version - 3},
                               format="json")
    assert response.status_code == 409
    assert response.json()["current_version"] == version


def test_organizers_change_the_house_rules_which_say_they_are_house_rules(clients, projected,
                                                                         project):
    api = CampaignApi(clients["org"], projected.pk)
    rules = api.get("house-rules/")
    assert "House rule" in rules["label"]
    assert rules["rules"] == rules["defaults"]
    response = api.client.patch(api.url("house-rules/"),
                                {"changes": {"fatigue": {"tired_at": 2}}}, format="json")
    assert response.status_code == 200
    project(projected)
    assert api.get("house-rules/")["rules"]["fatigue"]["tired_at"] == 2
    bad = api.client.patch(api.url("house-rules/"), {"changes": {"fatigue": {"tired_at": 0}}},
                           format="json")
    assert bad.status_code == 422 and bad.json()["field"] == "fatigue.tired_at"
    player = CampaignApi(clients["alice"], projected.pk)
    assert player.client.patch(player.url("house-rules/"), {"changes": {}},
                               format="json").status_code == 403


def test_as_of_and_diff_take_one_moment_each(clients, projected):
    api = CampaignApi(clients["org"], projected.pk)
    api.post("calendar/", {"days": 10})
    early = api.get("as-of/", date="1942-05-03", force=1)
    assert early["date"] == "1942-05-03" and len(early["forces"]) == 1
    assert api.get("as-of/", version=3)["version"] == 3
    diff = api.get("diff/", from_version=3)
    assert [row["name"] for row in diff["forces"]] == ["Steel", "Keno"]
    response = api.client.get(api.url("as-of/"), {"version": 2, "date": "1942-05-02"})
    assert response.status_code == 400 and response.json()["code"] == "bad_moment"
    assert api.client.get(api.url("as-of/"), {"before_battle": 999}).status_code == 404


def test_players_see_their_clubs_and_start_nothing(clients, club):
    assert clients["alice"].get("/api/clubs/").json()["results"] == [
        {"id": club.pk, "name": club.name, "slug": club.slug, "role": "player"}]
    response = clients["alice"].post("/api/campaigns/", {
        "club": club.pk, "name": "Mine", "start_date": "1942-01-01"}, format="json")
    assert response.status_code == 403
    response = clients["outsider"].post("/api/campaigns/", {
        "club": club.pk, "name": "Mine", "start_date": "1942-01-01"}, format="json")
    assert response.status_code == 404


def test_the_campaign_api_is_in_the_openapi_schema(clients):
    schema = clients["alice"].get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path in ("/api/campaigns/", "/api/campaigns/{campaign_id}/soldiers/{ref}/history/",
                 "/api/campaigns/{campaign_id}/as-of/", "/api/campaigns/{campaign_id}/diff/",
                 "/api/campaigns/{campaign_id}/scenarios/{ref}/battle/"):
        assert path in paths


def test_the_fast_force_sheet_rows_are_what_the_serializers_give(clients, projected):
    import json

    from campaign.api import serializers as s
    from campaign.api.base import plain_rows
    from campaign.models import Soldier, Squad

    for serializer, model in ((s.SoldierSerializer, Soldier), (s.SquadSerializer, Squad)):
        queryset = model.objects.filter(campaign=projected).order_by("ref")
        fast = json.loads(json.dumps(plain_rows(serializer, queryset), default=str))
        assert fast == json.loads(json.dumps(serializer(queryset, many=True).data))


def test_the_attribute_schemas_say_what_the_rule_system_records_in_the_request_language(
        clients, projected):
    api = CampaignApi(clients["alice"], projected.pk)
    schemas = api.get("attributes/")
    assert schemas["rule_system"] == "steelwar"
    weapon = {a["name"]: a for a in schemas["soldier"]}["weapon"]
    assert weapon["kind"] == "choice" and weapon["required"] and "rifle" in weapon["choices"]
    assert {a["name"]: a for a in schemas["force"]}["fatigue_points"]["editable"] is False
    assert [a["name"] for a in schemas["scenario_side"]] == ["motivation"]
    russian = api.client.get(api.url("attributes/"), headers={"Accept-Language": "ru"}).json()
    assert {a["name"]: a for a in russian["soldier"]}["weapon"]["label"] == "оружие"
