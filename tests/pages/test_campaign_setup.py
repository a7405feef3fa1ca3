"""An organizer sets up a campaign in a real browser, as a new user would (issue 19): starts
it, sets a house rule and a reading of an ambiguous rule, raises two forces, plans two
scenarios and links them, and sees a looping link refused; in English and in Russian, with
screenshots at phone width (``tests/pages/conftest.py``)."""
import pytest

from campaign.models import Campaign
from campaign.services.ledger import state_of
from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "new": "Start a new campaign", "name": "Name", "system": "Rule system",
        "system_name": "The Steel War", "other_system": "Mercenaries: Banana Hell",
        "date": "In-game start date", "start": "Start the campaign",
        "tired": "tired from (fatigue points)", "save_house": "Save the house rules",
        "house_saved": "The house rules are saved.", "zone": "a target on a zone boundary",
        "save_readings": "Save the readings", "settings": "Rules and settings",
        "raise": "Raise a force", "owner": "Commanded by", "side": "Side (faction)",
        "raise_button": "Raise the force", "scenarios": "Plan and link scenarios",
        "plan": "Plan the scenario", "from": "After the scenario", "to": "comes the scenario",
        "when": "When", "if_win": "if the force's result is: win", "force": "Result of the force",
        "link": "Link them", "cycle": "that link would make the scenario graph loop back",
        "default": "this project's default", "rulebook": "rulebook's default",
    },
    "ru": {
        "new": "Начать новую кампанию", "name": "Название", "system": "Система правил",
        "system_name": "Стальная война", "other_system": "Наемники: Банановый ад",
        "date": "Игровая дата начала",
        "start": "Начать кампанию", "tired": "усталость с (очков усталости)",
        "save_house": "Сохранить домашние правила", "house_saved": "Домашние правила сохранены.",
        "zone": "цель на границе зон", "save_readings": "Сохранить толкования",
        "settings": "Правила и настройки", "raise": "Сформировать силу", "owner": "Командует",
        "side": "Сторона (фракция)", "raise_button": "Сформировать",
        "scenarios": "Сценарии и связи", "plan": "Запланировать", "from": "После сценария",
        "to": "идёт сценарий", "when": "Когда", "if_win": "если результат силы: победа",
        "force": "Результат силы", "link": "Связать",
        "cycle": "такая связь замкнёт граф сценариев в цикл",
        "default": "по умолчанию в этом проекте", "rulebook": "по умолчанию в правилах",
    },
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_organizer_sets_up_a_campaign_in_the_pages(language, browser, live_server,
                                                      signed_in):
    words = WORDS[language]
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  locale="en-US" if language == "en" else "ru-RU")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        club, users = club_with_players()
        signed_in(page, users["olga"])
        page.goto(f"{live_server.url}/")
        page.get_by_role("link", name=words["new"]).click()
        page.wait_for_url("**/campaigns/new/")
        page.get_by_label(words["name"]).fill("Operation Lantern")
        select = page.get_by_label(words["system"])
        # every rule system with a campaign plug-in, by its name (never its id)
        assert words["system_name"] in select.locator("option").all_inner_texts()
        assert words["other_system"] in select.locator("option").all_inner_texts()
        select.select_option(label=words["system_name"])
        page.get_by_label(words["date"]).fill("1942-05-01")
        screenshot(page, f"campaign-setup-new-{language}")
        page.get_by_role("button", name=words["start"]).click()
        campaign = Campaign.objects.get(name="Operation Lantern", club=club)
        page.wait_for_url(f"**/campaigns/{campaign.pk}/settings/")

        # a house rule, beside this project's default
        tired = page.get_by_label(words["tired"])
        setting = page.locator(".setting", has=tired)
        assert words["default"] in setting.inner_text() and "3" in setting.inner_text()
        tired.fill("4")
        page.get_by_role("button", name=words["save_house"]).click()
        page.get_by_text(words["house_saved"]).wait_for()
        assert page.get_by_label(words["tired"]).input_value() == "4"
        # a reading, beside the rulebook's default and its rule reference (§2.4's section)
        page.locator("details[data-rule='§2.4'] > summary").click()
        zone = page.get_by_label(words["zone"])
        reading = page.locator(".setting", has=zone)
        assert words["rulebook"] in reading.inner_text() and "§2.4, §7 #1" in reading.inner_text()
        zone.select_option("outer")
        screenshot(page, f"campaign-setup-settings-{language}")
        page.get_by_role("button", name=words["save_readings"]).click()
        page.wait_for_url(f"**/campaigns/{campaign.pk}/settings/")
        changed = page.locator("details[data-rule='§2.4'] > summary .badge")
        assert changed.inner_text() == ("1 changed" if language == "en" else "1 изменено")
        state = state_of(campaign_id=campaign.pk)
        assert state.house_rules.to_json()["fatigue"]["tired_at"] == 4
        assert state.battle_options == {"zone_boundary": "outer"}

        # two forces, each commanded by a player
        for name, side, owner in (("Steel company", "Steel", "anna"),
                                  ("Keno partisans", "Keno", "boris")):
            page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
            page.get_by_role("link", name=words["raise"]).click()
            page.get_by_label(words["name"]).fill(name)
            page.get_by_label(words["side"]).fill(side)
            page.get_by_label(words["owner"]).select_option(label=owner)
            if owner == "anna":
                screenshot(page, f"campaign-setup-force-{language}")
            page.get_by_role("button", name=words["raise_button"]).click()
            page.wait_for_url(f"**/campaigns/{campaign.pk}/")
            assert page.get_by_role("link", name=name).is_visible()

        # two scenarios and a link between them
        page.get_by_role("link", name=words["scenarios"]).click()
        page.wait_for_url(f"**/campaigns/{campaign.pk}/scenarios/")
        for name in ("The bridge", "The village"):
            page.get_by_label(words["name"]).fill(name)
            page.get_by_label("Steel company").check()
            page.get_by_label("Keno partisans").check()
            page.get_by_role("button", name=words["plan"], exact=True).click()
            page.get_by_test_id("scenarios").get_by_text(name).wait_for()
        page.get_by_label(words["from"]).select_option(label="The bridge")
        page.get_by_label(words["to"]).select_option(label="The village")
        page.get_by_label(words["when"]).select_option(label=words["if_win"])
        page.get_by_label(words["force"]).select_option(label="Steel company")
        page.get_by_role("button", name=words["link"], exact=True).click()
        page.get_by_test_id("links").wait_for()
        assert "The bridge → The village" in page.get_by_test_id("links").inner_text()

        # a link back would loop: refused next to its field, and nothing changes
        version = state_of(campaign_id=campaign.pk).version
        page.get_by_label(words["from"]).select_option(label="The village")
        page.get_by_label(words["to"]).select_option(label="The bridge")
        page.get_by_label(words["when"]).select_option(index=0)
        page.get_by_role("button", name=words["link"], exact=True).click()
        error = page.locator(".field.has-error", has=page.get_by_label(words["to"]))
        error.locator(".field-error").wait_for()
        assert words["cycle"] in error.inner_text()
        screenshot(page, f"campaign-setup-scenarios-{language}")
        assert state_of(campaign_id=campaign.pk).version == version
        assert len(state_of(campaign_id=campaign.pk).links) == 1

        # the overview draws the graph
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
        graph = page.locator("svg.graph")
        assert "The bridge" in graph.inner_html() and "The village" in graph.inner_html()
        screenshot(page, f"campaign-setup-overview-{language}")
    finally:
        context.close()
