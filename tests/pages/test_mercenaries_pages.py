"""The Mercenaries demo campaign's pages at phone width, in English and Russian: the campaign,
a force's roster, the scenario page with its map and the battle table; no word broken, every
field labelled (the screenshot helper's checks), the rulebook's Russian words on the pages."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from battles.models import Battle
from campaign.models import Force, Scenario
from campaign.systems.mercenaries.demo import load_demo
from tests.page_text import form_values, page_text, page_texts, readers
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


def _readers(username: str) -> tuple:
    """The demo member ``username`` reading the site in English and in Russian."""
    return readers(get_user_model().objects.get(username=username))


def test_the_pages_speak_the_rulebooks_words_in_both_languages():
    campaign = load_demo().campaign
    urls = _urls(campaign)
    english, russian = both = _readers("organizer")
    scenario_en, scenario_ru = page_texts(both, urls["scenario"])
    assert "map width (cells) 12" in scenario_en and "dim light" in scenario_en
    assert "ширина карты (клеток) 12" in scenario_ru and "сумрак" in scenario_ru
    assert "deploys on the edge" in scenario_en and "запад" in scenario_ru
    assert "6,6: building" in scenario_en and "6,6: здание" in scenario_ru
    planned_en, planned_ru = page_texts(both, urls["planned"])
    assert "Record the scenario" in planned_en and "Записать сценарий" in planned_ru
    assert "8,5: джунгли" in planned_ru  # shown by its label; the form's input keeps the key
    # the map form: a row a cell, its terrain picked by the names §3.1 gives
    assert "+2: medium or many obstacles" in planned_en and "open ground" in planned_en
    assert "+1: мало препятствий" in planned_ru and "открытая местность" in planned_ru
    assert "добавить клетку" in planned_ru and "джунгли" in planned_ru
    overview = english.get(urls["campaign"]).content.decode()
    assert 'id="chart-casualties' in overview
    assert 'id="chart-morale' not in overview  # the plug-in has no morale ladder
    roster_en, roster_ru = page_texts(both, urls["roster"])
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


def _rows(*rows: tuple[str, str, str]) -> dict:
    """The terrain's rows as the form sends them: x, y and the kind of each cell."""
    name = "scenario-attributes.terrain"
    return {f"{name}.x": [r[0] for r in rows], f"{name}.y": [r[1] for r in rows],
            f"{name}.value": [r[2] for r in rows]}


def _row_error(page: str, row: int) -> str | None:
    """The refusal shown by the terrain's row ``row`` (None: none)."""
    found = re.search(rf'id="[^"]*terrain-error-{row}">([^<]*)<', page)
    return found.group(1) if found else None


def test_the_organizer_sets_a_scenarios_map_on_its_page_and_bad_input_changes_nothing():
    from campaign.services.ledger import state_of

    campaign = load_demo().campaign
    url = _urls(campaign)["planned"]
    ref = int(url.rstrip("/").rsplit("/", 1)[1])
    organizer, player = (_readers(name)[1] for name in ("organizer", "alice"))
    assert 'data-testid="scenario-form"' not in player.get(url).content.decode()
    form = {"action": "scenario", "scenario-attributes.width": "16",
            "scenario-attributes.height": "10", "scenario-attributes.light": "dim",
            **_rows(("8", "5", "jungle"), ("12", "2", "4"), ("", "", ""))}
    before = state_of(campaign_id=campaign.pk).version
    assert player.post(url, form).status_code == 403
    bad = organizer.post(url, {**form, **_rows(("8", "5", "jungle"), ("30", "1", "2"))})
    page = bad.content.decode()
    assert bad.status_code == 422 and "нет на карте 16 x 10" in _row_error(page, 1)
    assert _row_error(page, 0) is None and 'value="30"' in page  # the form as it was sent
    unreadable = organizer.post(url, {**form, **_rows(("8", "", "jungle"))})
    assert unreadable.status_code == 400  # the form could not be read
    assert "двумя целыми числами" in _row_error(unreadable.content.decode(), 0)
    twice = organizer.post(url, {**form, **_rows(("8", "5", "jungle"), ("8", "5", "2"))})
    assert twice.status_code == 400 and "8,5" in _row_error(twice.content.decode(), 1)
    assert state_of(campaign_id=campaign.pk).version == before
    done = organizer.post(url, form)
    assert done.status_code == 302, done.content.decode()[:500]
    state = state_of(campaign_id=campaign.pk)
    assert state.scenarios[ref].attributes == {"width": 16, "height": 10, "light": "dim",
                                               "terrain": {"8,5": "jungle", "12,2": 4}}
    dropped = organizer.post(url, {**form, "version": state.version,
                                   **_rows(("8", "5", "jungle"), ("12", "2", ""))})
    assert dropped.status_code == 302  # a row set to open ground is no longer special
    assert state_of(campaign_id=campaign.pk).scenarios[ref].attributes["terrain"] == {
        "8,5": "jungle"}
    ledger = page_text(organizer, f"/campaigns/{campaign.pk}/ledger/")  # its lines in Russian
    assert "Extraction set up" not in ledger
    assert "Extraction: задано поле боя: освещение: темнота → сумрак, местность: " in ledger
    from campaign.pages.timeline import history_text
    from campaign.selectors.history import history

    with translation.override("ru"):
        lines = [history_text(row, "mercenaries")[0]
                 for row in history(campaign=campaign, subject="scenario", ref=ref)
                 if row.kind == "scenario_attributes_set"]
    assert ("Extraction: задано поле боя: освещение: темнота → сумрак, местность: 8,5: джунгли; "
            "9,5: джунгли; 12,2: 4 → 8,5: джунгли; 12,2: 4") in lines[-2]  # labels, not keys
    geese = Force.objects.get(campaign=campaign, name="Wild Geese").ref
    with translation.override("ru"):
        went = [history_text(row, "mercenaries")[0]
                for row in history(campaign=campaign, subject="force", ref=geese)
                if row.kind in ("battle_started", "side_deployed")]
    assert "Wild Geese: развёртывание у края (запад) в сценарии The clearing" in went
    assert "Wild Geese вступает в бой «The clearing» от края: запад" in went, went


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_map_form_adds_and_removes_rows_and_shows_a_refusal_by_its_row_on_a_phone(
        page, ru_page, live_server, signed_in, language):
    from campaign.services.ledger import state_of

    campaign = load_demo().campaign
    browser_page = page if language == "en" else ru_page
    signed_in(browser_page, get_user_model().objects.get(username="organizer"))
    url = _urls(campaign)["planned"]
    ref = int(url.rstrip("/").rsplit("/", 1)[1])
    browser_page.set_viewport_size({"width": 390, "height": 844})
    browser_page.goto(f"{live_server.url}{url}")
    form = browser_page.locator('[data-testid="scenario-form"]')
    rows = form.locator(".map-row")
    shown = rows.count()  # the demo's three cells and a blank one
    form.locator("[data-map-add]").click()
    assert rows.count() == shown + 1
    rows.nth(0).locator("[data-map-remove]").click()  # 8,5 is open ground again
    assert rows.count() == shown
    last = rows.nth(shown - 1)
    last.locator('input[name$=".x"]').fill("30")
    last.locator('input[name$=".y"]').fill("1")
    last.locator("select").select_option("2")
    before = state_of(campaign_id=campaign.pk).version
    form.locator('button[type="submit"]').click()
    error = browser_page.locator(".map-row.has-error .field-error")
    expected = "is off the 16 x 10 map" if language == "en" else "нет на карте 16 x 10"
    assert expected in error.inner_text()
    assert state_of(campaign_id=campaign.pk).version == before
    screenshot(browser_page, f"mercenaries-map-refused-{language}")
    browser_page.locator(".map-row.has-error").locator('input[name$=".x"]').fill("3")
    browser_page.locator('[data-testid="scenario-form"] button[type="submit"]').click()
    browser_page.wait_for_url(f"**{url}")
    terrain = state_of(campaign_id=campaign.pk).scenarios[ref].attributes["terrain"]
    assert "8,5" not in terrain and terrain["3,1"] == 2
    screenshot(browser_page, f"mercenaries-map-{language}")


def test_a_members_rank_is_shown_in_both_languages_and_amended_on_his_form():
    """§2.13's commanders (наёмник, сержант, лейтенант): the demo's leaders carry their rank,
    the pages show it by its name, the soldier's form amends it (an unknown one refused next
    to its field, nothing recorded) and his history says so in both languages."""
    from campaign.models import Soldier
    from campaign.services.ledger import state_of

    campaign = load_demo().campaign
    urls = _urls(campaign)
    english, russian = both = _readers("alice")
    roster_en, roster_ru = page_texts(both, urls["roster"])
    assert "sergeant" in roster_en and "сержант" in roster_ru
    rourke = Soldier.objects.get(campaign=campaign, name="Sgt. Rourke").ref
    record = f"/campaigns/{campaign.pk}/soldiers/{rourke}/"
    record_en, record_ru = page_texts(both, record)
    assert "rank: sergeant" in record_en and "звание: сержант" in record_ru
    sheet_en, sheet_ru = page_texts(both, urls["roster"].removesuffix("roster/"))  # the force sheet
    assert "rank: sergeant" in sheet_en and "звание: сержант" in sheet_ru

    edit = f"/campaigns/{campaign.pk}/soldiers/{rourke}/edit/"
    page = russian.get(edit)
    assert 'name="attributes.rank"' in page.content.decode()
    assert '<option value="lieutenant">лейтенант</option>' in page.content.decode()
    form = form_values(page.context["form"])
    before = state_of(campaign_id=campaign.pk).version
    refused = russian.post(edit, {**form, "attributes.rank": "captain"})
    assert refused.status_code == 400
    assert "rank" in " ".join(refused.context["form"].errors["attributes.rank"])
    assert state_of(campaign_id=campaign.pk).version == before
    assert russian.post(edit, {**form, "attributes.rank": "lieutenant",
                               "reason": "promoted"}).status_code == 302
    assert state_of(campaign_id=campaign.pk).soldiers[rourke].attributes["rank"] == (
        "lieutenant")
    assert "звание: лейтенант" in page_text(russian, record)
    assert "Sgt. Rourke: звание: сержант → лейтенант" in page_text(russian, record)  # history
    assert "Sgt. Rourke: rank sergeant -> lieutenant" in page_text(english, record)
