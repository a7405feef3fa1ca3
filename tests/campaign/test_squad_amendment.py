"""A squad changed or corrected (``squad.amended``): its name, establishment and attributes,
checked as when it was raised; only what changes is recorded; the squad's history shows it
(in English as it always was, in Russian from its sentence);
projections and as-of views follow; the API's ``PATCH squads/<n>/``."""
import pytest
from django.utils import translation

from campaign.models import HistoryEntry, Squad
from campaign.pages.timeline import history_text
from campaign.services import forces
from campaign.services.ledger import ledger_of, state_of
from campaign.services.projection import project_campaign, rebuild_campaign
from config.api_errors import domain_status
from config.errors import DomainError
from tests.conftest import raise_army

pytestmark = pytest.mark.django_db


@pytest.fixture
def army(campaign, people):
    return raise_army(campaign, people["alice"], "Steel", soldiers=3)


def refusal(call) -> tuple[int, str, str | None]:
    with pytest.raises(DomainError) as error:
        call()
    return domain_status(error.value), error.value.code, error.value.field


def test_a_squad_is_renamed_re_established_and_re_graded(campaign, people, army):
    recorded = forces.amend_squad(
        user=people["alice"], campaign=campaign, squad_id=army["squad"],
        changes={"name": "Assault group", "establishment": 8,
                 "attributes": {"quality": "veteran"}}, reason="reorganised")
    (event,) = recorded.events
    assert event.type == "squad.amended"
    assert event.data["changes"] == {"name": "Assault group", "establishment": 8,
                                     "attributes": {"quality": "veteran"}}
    squad = state_of(campaign_id=campaign.pk).squads[army["squad"]]
    assert (squad.name, squad.establishment, squad.attributes["quality"]) == (
        "Assault group", 8, "veteran")
    assert squad.attributes["traits"] == {}  # the rest kept
    project_campaign(campaign_id=campaign.pk)
    row = Squad.objects.get(campaign=campaign, ref=army["squad"])
    assert (row.name, row.establishment) == ("Assault group", 8)
    history = HistoryEntry.objects.filter(campaign=campaign, kind="squad_amended")
    assert [h.text for h in history] == [
        "Steel 1st: name Steel 1st -> Assault group, establishment 3 -> 8, "
        "quality regular -> veteran"]
    with translation.override("ru"):
        assert [history_text(h, "steelwar") for h in history] == [(
            "Steel 1st: название: Steel 1st → Assault group, штатная численность: 3 → 8, "
            "качество: регулярные → ветераны", False)]
    rebuild_campaign(campaign_id=campaign.pk)
    assert Squad.objects.get(campaign=campaign, ref=army["squad"]).name == "Assault group"


def test_nothing_changed_records_nothing(campaign, people, army):
    before = len(ledger_of(campaign_id=campaign.pk))
    recorded = forces.amend_squad(user=people["alice"], campaign=campaign,
                                  squad_id=army["squad"],
                                  changes={"name": "Steel 1st",
                                           "attributes": {"quality": "regular"}})
    assert not recorded.events and len(ledger_of(campaign_id=campaign.pk)) == before


@pytest.mark.parametrize("changes, expected", [
    ({"establishment": 0}, (400, "bad_establishment", "changes.establishment")),
    ({"establishment": 500}, (400, "limit_exceeded", "changes.establishment")),
    ({"establishment": True}, (400, "bad_establishment", "changes.establishment")),
    ({"name": "  "}, (400, "bad_name", "changes.name")),
    ({"formation_id": 1}, (400, "bad_change", "changes.formation_id")),
    ({"attributes": ["quality"]}, (400, "bad_change", "changes.attributes")),
    ({"attributes": {"quality": "heroic"}}, (422, "bad_attribute", "attributes.quality")),
    ({"attributes": {"traits": {"wings": True}}}, (422, "bad_squad", "attributes.traits.wings")),
])
def test_bad_changes_are_refused_and_nothing_is_recorded(campaign, people, army, changes,
                                                         expected):
    before = len(ledger_of(campaign_id=campaign.pk))
    assert refusal(lambda: forces.amend_squad(
        user=people["alice"], campaign=campaign, squad_id=army["squad"],
        changes=changes)) == expected
    assert len(ledger_of(campaign_id=campaign.pk)) == before


def test_only_the_owner_and_organizers_amend_a_squad(campaign, people, army):
    assert refusal(lambda: forces.amend_squad(
        user=people["bob"], campaign=campaign, squad_id=army["squad"],
        changes={"name": "Mine"}))[:2] == (403, "not_your_force")
    assert refusal(lambda: forces.amend_squad(
        user=people["alice"], campaign=campaign, squad_id=999,
        changes={"name": "Ghost"}))[:2] == (404, "not_found")
    forces.amend_squad(user=people["org"], campaign=campaign, squad_id=army["squad"],
                       changes={"name": "Organised"})
    assert state_of(campaign_id=campaign.pk).squads[army["squad"]].name == "Organised"


def test_the_api_patches_a_squad(campaign, clients, army):
    url = f"/api/campaigns/{campaign.pk}/squads/{army['squad']}/"
    response = clients["alice"].patch(url, {"changes": {"establishment": 5}},
                                      format="json")
    assert response.status_code == 200, response.json()
    assert state_of(campaign_id=campaign.pk).squads[army["squad"]].establishment == 5
    refused = clients["alice"].patch(url, {"changes": {"establishment": 0}}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "changes.establishment"
    assert clients["bob"].patch(url, {"changes": {"name": "x"}},
                                format="json").status_code == 403
    assert clients["outsider"].patch(url, {"changes": {"name": "x"}},
                                     format="json").status_code == 404


# --- formations -------------------------------------------------------------------------------

def test_a_formation_is_renamed_by_its_owner_through_the_service_the_api_and_the_page(
        campaign, people, clients, army):
    from django.test import Client

    alice = people["alice"]
    company = forces.raise_formation(user=alice, campaign=campaign, force_id=army["force"],
                                     level="company", name="1st company"
                                     ).state.last_ids["formation"]
    forces.amend_formation(user=alice, campaign=campaign, formation_id=company,
                           changes={"name": "Guards company"}, reason="honoured")
    assert state_of(campaign_id=campaign.pk).formations[company].name == "Guards company"
    project_campaign(campaign_id=campaign.pk)
    history = HistoryEntry.objects.filter(campaign=campaign, kind="formation_amended")
    assert [h.text for h in history] == ["1st company: name 1st company -> Guards company"]
    with translation.override("ru"):
        assert [history_text(h, "steelwar") for h in history] == [
            ("1st company: название: 1st company → Guards company", False)]
    assert refusal(lambda: forces.amend_formation(
        user=alice, campaign=campaign, formation_id=company, changes={"level": "platoon"}
    )) == (400, "bad_change", "changes.level")
    assert refusal(lambda: forces.amend_formation(
        user=alice, campaign=campaign, formation_id=company, changes={"name": ""}
    )) == (400, "bad_name", "changes.name")
    assert refusal(lambda: forces.amend_formation(
        user=people["bob"], campaign=campaign, formation_id=company, changes={"name": "x"}
    ))[:2] == (403, "not_your_force")

    url = f"/api/campaigns/{campaign.pk}/formations/{company}/"
    patched = clients["alice"].patch(url, {"changes": {"name": "2nd company"}}, format="json")
    assert patched.status_code == 200, patched.json()
    project_campaign(campaign_id=campaign.pk)
    assert clients["member"].get(url).json()["name"] == "2nd company"
    assert clients["outsider"].get(url).status_code == 404

    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(alice)
    page = f"/campaigns/{campaign.pk}/formations/{company}/edit/"
    refused = client.post(page, {"name": "   "})
    assert refused.status_code == 400 and refused.context["form"].errors["name"]
    assert client.post(page, {"name": "3rd company"}).status_code == 302
    assert state_of(campaign_id=campaign.pk).formations[company].name == "3rd company"
    assert client_get_status(people["bob"], page) == 403


def client_get_status(user, url) -> int:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.get(url).status_code
