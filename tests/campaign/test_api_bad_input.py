"""Input that used to reach the database (or int()) and answer 500 as HTML: a 400 in the one
error format naming the header, field or parameter at fault, and nothing recorded."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaign.services.ledger import state_of
from tests.api_errors import assert_400

pytestmark = pytest.mark.django_db

NOT_PLAIN_NUMBERS = ["²", "٣", "1" * 5000, "-1", "1e3", "99999999999999999999999"]


@pytest.fixture
def client_for(people):
    def make(name):
        client = APIClient(raise_request_exception=False)
        client.force_authenticate(people[name])
        return client

    return make


@pytest.mark.parametrize("value", NOT_PLAIN_NUMBERS)
@pytest.mark.parametrize("param", ["version", "before_battle", "force"])
def test_an_as_of_moment_that_is_not_a_plain_number_is_a_400_naming_it(client_for, campaign,
                                                                        param, value):
    response = client_for("member").get(f"/api/campaigns/{campaign.pk}/as-of/", {param: value})
    assert_400(response, "bad_moment", param, field_in_message=True)


@pytest.mark.parametrize("param", ["from_version", "from_before_battle", "to_version", "force"])
def test_a_diff_moment_that_is_not_a_plain_number_is_a_400_naming_it(client_for, campaign,
                                                                     param):
    params = {"from_version": "1", param: "²"}
    response = client_for("member").get(f"/api/campaigns/{campaign.pk}/diff/", params)
    assert_400(response, "bad_moment", param, field_in_message=True)


def test_formations_of_a_force_that_is_not_a_plain_number_is_a_400(client_for, campaign):
    response = client_for("member").get(f"/api/campaigns/{campaign.pk}/formations/",
                                        {"force": "²"})
    assert_400(response, "bad_parameter", "force", field_in_message=True)


def test_plain_numbers_still_read(client_for, campaign):
    client = client_for("member")
    assert client.get(f"/api/campaigns/{campaign.pk}/as-of/", {"version": "1"}).status_code == 200
    assert client.get(f"/api/campaigns/{campaign.pk}/formations/",
                      {"force": "1"}).status_code == 200


@pytest.mark.parametrize("key", ["k" * 129, "k" * 256, "k\x00"])
def test_a_bad_idempotency_key_on_a_command_is_a_400_and_records_nothing(client_for, campaign,
                                                                         key):
    before = state_of(campaign_id=campaign.pk).version
    response = client_for("org").post(f"/api/campaigns/{campaign.pk}/calendar/", {"days": 1},
                                      format="json", headers={"Idempotency-Key": key})
    body = assert_400(response, "bad_idempotency_key", "Idempotency-Key", field_in_message=True)
    assert "128" in body["message"]
    assert state_of(campaign_id=campaign.pk).version == before


def test_the_longest_idempotency_key_records_once(client_for, campaign):
    client, key = client_for("org"), {"Idempotency-Key": "k" * 128}
    url = f"/api/campaigns/{campaign.pk}/calendar/"
    first = client.post(url, {"days": 1}, format="json", headers=key)
    again = client.post(url, {"days": 1}, format="json", headers=key)
    assert first.status_code == again.status_code == 200, first.content[:300]
    assert again.json()["replayed"] and again.json()["version"] == first.json()["version"]


def test_a_lone_surrogate_in_house_rules_is_a_400_naming_its_path(client_for, campaign):
    before = state_of(campaign_id=campaign.pk).version
    response = client_for("org").patch(
        f"/api/campaigns/{campaign.pk}/house-rules/",
        data='{"changes": {"fatigue": {"\\udbff": 4}}}', content_type="application/json")
    assert_400(response, "lone_surrogate", "changes.fatigue.\\udbff", field_in_message=True)
    assert state_of(campaign_id=campaign.pk).version == before


def test_a_lone_surrogate_in_battle_options_is_a_400(client_for, campaign):
    response = client_for("org").put(
        f"/api/campaigns/{campaign.pk}/battle-options/",
        data='{"options": {"x": "\\ud800"}}', content_type="application/json")
    assert_400(response, "lone_surrogate", "options.x", field_in_message=True)


@pytest.mark.parametrize("value", ["²", "1" * 5000])
def test_the_force_page_ignores_a_before_battle_that_is_not_a_plain_number(
        people, campaign, armies, project, value):
    project(campaign)
    client = Client(raise_request_exception=False)
    client.force_login(people["alice"])
    response = client.get(f"/campaigns/{campaign.pk}/forces/{armies['steel']['force']}/",
                          {"before_battle": value})
    assert response.status_code == 200


def test_an_idempotency_key_reused_for_another_command_is_refused_not_a_500(client_for, campaign):
    """It used to return the first command's events, and a creation looked for its new id
    in them: KeyError, 500."""
    client, key = client_for("org"), {"Idempotency-Key": "once"}
    first = client.post(f"/api/campaigns/{campaign.pk}/forces/", {"name": "Steel"},
                        format="json", headers=key)
    assert first.status_code == 201, first.content[:300]
    before = state_of(campaign_id=campaign.pk).version
    other = client.post(f"/api/campaigns/{campaign.pk}/formations/",
                        {"force_id": first.json()["id"], "level": "platoon", "name": "1st"},
                        format="json", headers=key)
    assert other.status_code == 422, other.content[:300]
    assert (other.json()["code"], other.json()["field"]) == ("idempotency_key_reused",
                                                            "Idempotency-Key")
    again = client.post(f"/api/campaigns/{campaign.pk}/forces/", {"name": "Steel"},
                        format="json", headers=key)
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert state_of(campaign_id=campaign.pk).version == before


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/campaigns/", {"club": 2**63, "name": "n", "start_date": "1942-01-01"}, "club"),
    ("forces/", {"name": "Ghost", "owner_id": 2**63}, "owner_id"),
    ("squads/", {"force_id": 1, "name": "Big", "attributes": {"quality": "regular"},
                 "establishment": 2**31},
     "establishment"),
])
def test_integers_beyond_their_columns_are_a_400_naming_the_field(client_for, campaign, armies,
                                                                   path, body, field):
    """A club or user id past a signed 64-bit column used to reach the database (500 on SQLite); an
    establishment past 32 bits was recorded and broke the projection on PostgreSQL."""
    url = path if path.startswith("/") else f"/api/campaigns/{campaign.pk}/{path}"
    before = state_of(campaign_id=campaign.pk).version
    response = client_for("org").post(url, body, format="json")
    body = assert_400(response, "max_value", field, field_in_message=True)
    assert str(2**31 - 1 if field == "establishment" else 2**63 - 1) in body["message"]
    assert state_of(campaign_id=campaign.pk).version == before
