"""The Mercenaries demo campaign's pages at phone width, in English and Russian: the campaign,
a force's roster, the scenario page with its map and the battle table; no word broken, every
field labelled (the screenshot helper's checks), the rulebook's Russian words on the pages."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from battles.models import Battle
from campaign.models import Force, Scenario
from campaign.systems.mercenaries.demo import load_demo
from tests.pages.conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def _urls(campaign) -> dict:
    force = Force.objects.get(campaign=campaign, owner__username="alice")
    planned = Scenario.objects.filter(campaign=campaign).order_by("ref")
    battle = Battle.objects.get(campaign_link__campaign=campaign, status="open")
    return {
        "campaign": f"/campaigns/{campaign.pk}/",
        "roster": f"/campaigns/{campaign.pk}/forces/{force.ref}/roster/",
        "scenario": f"/campaigns/{campaign.pk}/scenarios/{planned[0].ref}/",
        "planned": f"/campaigns/{campaign.pk}/scenarios/{planned[2].ref}/",
        "battle": f"/battles/{battle.pk}/",
    }


def _text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_pages_speak_the_rulebooks_words_in_both_languages():
    campaign = load_demo().campaign
    urls = _urls(campaign)
    english, russian = (Client(headers={"accept-language": lang}) for lang in ("en", "ru"))
    for client in (english, russian):
        client.force_login(get_user_model().objects.get(username="organizer"))
    scenario_en, scenario_ru = _text(english, urls["scenario"]), _text(russian, urls["scenario"])
    assert "map width (cells) 12" in scenario_en and "dim light" in scenario_en
    assert "ширина карты (клеток) 12" in scenario_ru and "сумрак" in scenario_ru
    assert "deploys on the edge" in scenario_en and "запад" in scenario_ru
    assert "6,6: building" in scenario_en and "6,6: здание" in scenario_ru
    planned_en, planned_ru = _text(english, urls["planned"]), _text(russian, urls["planned"])
    assert "Record the scenario" in planned_en and "Записать сценарий" in planned_ru
    assert "8,5: джунгли" in planned_ru  # shown by its label; the form's input keeps the key
    overview = english.get(urls["campaign"]).content.decode()
    assert 'id="chart-casualties' in overview
    assert 'id="chart-morale' not in overview  # the plug-in has no morale ladder
    roster_en, roster_ru = _text(english, urls["roster"]), _text(russian, urls["roster"])
    assert "Wild Card" in roster_en and "Личность" in roster_ru and "Статист" in roster_ru


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "ru"])
def test_mercenaries_screenshots(page, ru_page, live_server, signed_in, language):
    campaign = load_demo().campaign
    browser_page = page if language == "en" else ru_page
    signed_in(browser_page, get_user_model().objects.get(username="organizer"))
    for name, url in _urls(campaign).items():
        browser_page.goto(f"{live_server.url}{url}")
        screenshot(browser_page, f"mercenaries-{name}-{language}")


def test_the_organizer_sets_a_scenarios_map_on_its_page_and_bad_input_changes_nothing():
    from campaign.services.ledger import state_of

    campaign = load_demo().campaign
    url = _urls(campaign)["planned"]
    ref = int(url.rstrip("/").rsplit("/", 1)[1])
    organizer, player = (Client(headers={"accept-language": "ru"}) for _ in range(2))
    organizer.force_login(get_user_model().objects.get(username="organizer"))
    player.force_login(get_user_model().objects.get(username="alice"))
    assert 'data-testid="scenario-form"' not in player.get(url).content.decode()
    form = {"action": "scenario", "scenario-attributes.width": "16",
            "scenario-attributes.height": "10", "scenario-attributes.light": "dim",
            "scenario-attributes.terrain": "8,5: jungle\n12,2: 4"}
    before = state_of(campaign_id=campaign.pk).version
    assert player.post(url, form).status_code == 403
    bad = organizer.post(url, {**form, "scenario-attributes.terrain": "30,1: 2"})
    assert bad.status_code == 422 and "нет на карте 16 x 10" in bad.content.decode()
    assert state_of(campaign_id=campaign.pk).version == before
    done = organizer.post(url, form)
    assert done.status_code == 302, done.content.decode()[:500]
    state = state_of(campaign_id=campaign.pk)
    assert state.scenarios[ref].attributes == {"width": 16, "height": 10, "light": "dim",
                                               "terrain": {"8,5": "jungle", "12,2": 4}}
    ledger = _text(organizer, f"/campaigns/{campaign.pk}/ledger/")  # its lines in Russian
    assert "Extraction set up" not in ledger
    assert "Extraction: задано поле боя: освещение: темнота → сумрак, местность: " in ledger
    from campaign.pages.timeline import history_text
    from campaign.selectors.history import history

    with translation.override("ru"):
        lines = [history_text(row, "mercenaries")[0]
                 for row in history(campaign=campaign, subject="scenario", ref=ref)
                 if row.kind == "scenario_attributes_set"]
    assert "Extraction: задано поле боя: освещение: темнота → сумрак, местность: " in lines[-1]
    geese = Force.objects.get(campaign=campaign, name="Wild Geese").ref
    with translation.override("ru"):
        went = [history_text(row, "mercenaries")[0]
                for row in history(campaign=campaign, subject="force", ref=geese)
                if row.kind in ("battle_started", "side_deployed")]
    assert "Wild Geese: развёртывание у края (запад) в сценарии The clearing" in went
    assert "Wild Geese вступает в бой «The clearing» от края: запад" in went, went
