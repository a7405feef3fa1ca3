"""The force sheet serves the living and the recent fallen; the older fallen come a page at a
time; the answers are conditional on the campaign's projected ledger version."""
import pytest

from battles.services.battles import conclude_battle
from campaign.api.views.forces import FallenPage
from campaign.services import soldiers
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.takeover import take_over_battle
from tests.campaign.helpers import CampaignApi
from tests.conftest import prepare_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def losses(campaign, people, armies, project):
    """Steel (force 1): two soldiers lost before its battle (an old death, an old capture),
    the battle fought and taken over, then one death after it."""
    org, steel = people["org"], armies["steel"]["soldiers"]
    soldiers.record_death(user=org, campaign=campaign, soldier_id=steel[5], cause="old wound")
    soldiers.record_capture(user=org, campaign=campaign, soldier_id=steel[4], by_force_id=2)
    scenario_id = prepare_scenario(campaign, people, armies)
    battle, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=scenario_id)
    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=org, expected_version=battle.version,
                    result={"force-1": "draw", "force-2": "draw"})
    take_over_battle(battle_id=battle.pk)
    soldiers.record_death(user=org, campaign=campaign, soldier_id=steel[3], cause="sniper")
    project(campaign)
    return {"old": [steel[5], steel[4]], "recent": steel[3], "living": steel[:3]}


def test_the_sheet_lists_the_living_and_the_recent_fallen_not_the_older(clients, campaign,
                                                                        losses):
    sheet = CampaignApi(clients["alice"], campaign.pk).get("forces/1/")
    listed = {s["id"]: s["status"] for s in sheet["soldiers"]}
    assert set(listed) == {*losses["living"], losses["recent"]}
    assert listed[losses["recent"]] == "dead"
    assert sheet["fallen"]["older_count"] == 2
    assert sheet["fallen"]["recent_since_version"] > 0
    assert sheet["fallen"]["older_url"].endswith(f"/api/campaigns/{campaign.pk}/forces/1/fallen/")
    # the captured soldier is a prisoner Keno holds, on Keno's sheet
    keno = CampaignApi(clients["bob"], campaign.pk).get("forces/2/")
    assert [p["name"] for p in keno["prisoners_held"]] == ["Steel rifleman 4"]


def test_the_older_fallen_come_by_name_latest_loss_first_a_page_at_a_time(
        clients, campaign, losses, monkeypatch):
    monkeypatch.setattr(FallenPage, "page_size", 1)
    api = CampaignApi(clients["bob"], campaign.pk)  # any member of the club reads them
    first, second = api.get("forces/1/fallen/"), api.get("forces/1/fallen/", page=2)
    assert first["count"] == 2 and first["next"] and second["next"] is None
    assert [(s["id"], s["name"], s["status"]) for s in first["results"] + second["results"]] == [
        (losses["old"][1], "Steel rifleman 4", "captured"),
        (losses["old"][0], "Steel rifleman 5", "dead")]
    assert api.get("forces/1/fallen/", page=3, expect=404)["code"] == "not_found"


def test_before_any_battle_every_loss_is_recent(clients, campaign, people, armies, project):
    dead = armies["steel"]["soldiers"][5]
    soldiers.record_death(user=people["org"], campaign=campaign, soldier_id=dead)
    project(campaign)
    sheet = CampaignApi(clients["alice"], campaign.pk).get("forces/1/")
    assert dead in {s["id"] for s in sheet["soldiers"]}
    assert sheet["fallen"] == {**sheet["fallen"], "recent_since_version": 0, "older_count": 0}


def test_a_held_etag_gets_304_until_a_new_ledger_event_is_projected(clients, campaign, people,
                                                                    armies, project):
    project(campaign)
    client, url = clients["alice"], f"/api/campaigns/{campaign.pk}/forces/1/"
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag and first["Cache-Control"] == "private, no-cache"
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    assert clients["bob"].get(url, headers={"If-None-Match": etag}).status_code == 304
    # a new ledger event: the sheet changes at once, from the cache too
    soldiers.record_death(user=people["org"], campaign=campaign,
                          soldier_id=armies["steel"]["soldiers"][2])
    project(campaign)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    status = {s["id"]: s["status"] for s in changed.json()["soldiers"]}
    assert status[armies["steel"]["soldiers"][2]] == "dead"
    assert client.get(url).json() == changed.json()


def test_a_stale_or_foreign_etag_gets_the_sheet(clients, campaign, armies, project):
    project(campaign)
    client, base = clients["alice"], f"/api/campaigns/{campaign.pk}/forces/"
    etag = client.get(f"{base}1/")["ETag"]
    other = client.get(f"{base}2/", headers={"If-None-Match": etag})
    assert other.status_code == 200 and other.json()["force"]["id"] == 2
    assert client.get(f"{base}1/", headers={"If-None-Match": '"nonsense"'}).status_code == 200
    fallen = client.get(f"{base}1/fallen/")
    assert fallen["ETag"] != etag
    assert client.get(f"{base}1/fallen/",
                      headers={"If-None-Match": fallen["ETag"]}).status_code == 304


@pytest.mark.parametrize("path", ["forces/1/", "forces/1/fallen/"])
def test_outsiders_get_404_even_with_a_members_etag(clients, campaign, armies, project, path):
    project(campaign)
    url = f"/api/campaigns/{campaign.pk}/{path}"
    etag = clients["alice"].get(url)["ETag"]
    response = clients["outsider"].get(url, headers={"If-None-Match": etag})
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert "ETag" not in response


def test_an_unknown_force_is_404_for_its_fallen_too(clients, campaign, armies, project):
    project(campaign)
    api = CampaignApi(clients["alice"], campaign.pk)
    assert api.get("forces/9/", expect=404)["code"] == "not_found"
    assert api.get("forces/9/fallen/", expect=404)["code"] == "not_found"


def test_a_bad_page_is_refused_and_changes_nothing(clients, campaign, losses):
    api = CampaignApi(clients["alice"], campaign.pk)
    assert api.get("forces/1/fallen/", page="x", expect=404)["code"] == "not_found"
    assert api.get("forces/1/fallen/")["count"] == 2


# --- the force page ----------------------------------------------------------------------


@pytest.fixture
def browser(people):
    """A signed-in page client for each person."""
    from django.test import Client

    def client(name: str, language: str = "en"):
        page = Client(headers={"Accept-Language": language})
        page.force_login(people[name])
        return page

    return client


def _page(browser, campaign, query="", who="alice", language="en") -> str:
    response = browser(who, language).get(f"/campaigns/{campaign.pk}/forces/1/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_lists_the_living_and_recent_and_counts_the_older_fallen(browser, campaign,
                                                                          losses):
    html = _page(browser, campaign)
    for ref in (*losses["living"], losses["recent"]):
        assert f'id="soldier-{ref}"' in html
    for ref in losses["old"]:
        assert f'id="soldier-{ref}"' not in html
    assert "2 soldiers were lost before the force's latest battle" in html
    assert "Show them" in html and "?fallen=1#older-fallen" in html
    # the squad's counts still count every soldier of the squad
    assert "dead: 2" in html and "captured: 1" in html


def test_the_older_fallen_are_on_the_next_pages_by_name(browser, campaign, losses,
                                                        monkeypatch):
    from campaign.pages import force

    html = _page(browser, campaign, "?fallen=1")
    assert "Steel rifleman 4" in html and "Steel rifleman 5" in html
    monkeypatch.setattr(force, "FALLEN_PER_PAGE", 1)
    first, second = (_page(browser, campaign, f"?fallen={n}") for n in (1, 2))
    assert "Page 1 of 2" in first and "Steel rifleman 4" in first
    assert "Steel rifleman 5" not in first and 'rel="next"' in first
    assert "Page 2 of 2" in second and "Steel rifleman 5" in second and 'rel="prev"' in second
    assert "Page 2 of 2" in _page(browser, campaign, "?fallen=99")  # the last page
    assert "Page 1 of 2" not in _page(browser, campaign, "?fallen=x")  # not a page: none


def test_the_page_in_russian(browser, campaign, losses):
    html = _page(browser, campaign, "?fallen=1", language="ru")
    assert "Погибшие и попавшие в плен раньше" in html
    assert "2 бойца потеряны до последнего боя сил" in html
    assert "Страница 1 из 1" in html


def test_before_the_battle_every_loss_of_then_is_recent(browser, campaign, losses):
    from campaign.models import Scenario

    battle = Scenario.objects.get(campaign=campaign, ref=1).battle_id
    html = _page(browser, campaign, f"?before_battle={battle}")
    for ref in losses["old"]:
        assert f'id="soldier-{ref}"' in html
    assert "older-fallen" not in html


def test_outsiders_get_404_on_the_page_and_its_fallen(browser, campaign, losses):
    response = browser("outsider").get(f"/campaigns/{campaign.pk}/forces/1/?fallen=1")
    assert response.status_code == 404


def test_the_tag_names_the_language_and_format_the_body_does_not_change(clients, campaign,
                                                                        armies, project):
    project(campaign)
    client, url = clients["alice"], f"/api/campaigns/{campaign.pk}/forces/1/"
    english = client.get(url)
    russian = client.get(url, headers={"Accept-Language": "ru"})
    assert russian.json() == english.json() and russian["ETag"] != english["ETag"]
    assert client.get(url, headers={"Accept-Language": "ru",
                                    "If-None-Match": russian["ETag"]}).status_code == 304
    html = client.get(url, headers={"Accept": "text/html"})
    assert html.status_code == 200 and html["ETag"] not in (english["ETag"], russian["ETag"])
