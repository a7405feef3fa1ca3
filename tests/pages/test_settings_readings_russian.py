"""The campaign settings page in Russian at phone width (issue 19): every reading of an
ambiguous rule explains itself in Russian (the reading, its alternatives, why the text leaves
it open), none marked English; with screenshots (``tests/pages/conftest.py``)."""
from datetime import date

import pytest

from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_readings_explain_themselves_in_russian_at_390px(ru_page, live_server, signed_in):
    from campaign.services.campaigns import start_campaign

    club, users = club_with_players()
    campaign = start_campaign(user=users["olga"], club=club, name="Operation Lantern",
                              start_date=date(1942, 5, 1))
    page = signed_in(ru_page, users["olga"])
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/settings/")
    assert page.viewport_size["width"] == 390
    assert page.locator("dl.reading").count() == 67
    assert page.locator("dl.reading[lang]").count() == 0
    assert "Пояснения даны по-английски" not in page.locator("#readings").inner_text()

    # the morale section's half rule, opened: its label, its reading and why it is open
    page.locator("details[data-rule='§2.12'] > summary").click()
    half = page.locator(".setting", has=page.get_by_label("правило половины для боевого духа"))
    half.locator("details > summary").click()
    explained = half.locator("dl.reading").inner_text()
    assert "боевой дух падает на две градации, когда 2 × бросок ≤ лидерство + угроза" in explained
    assert "«выпало вдвое меньше, чем нужно»" in explained
    assert "rolled half" not in explained
    # «Ни шагу назад!»'s enemies: Broken as the rulebook names it (Разбитый)
    page.locator("details[data-rule='§2.15'] > summary").click()
    enemies = page.locator(".setting", has=page.get_by_label(
        "какие враги считаются для «Ни шагу назад!»"))
    enemies.locator("details > summary").click()
    assert "Разбитые отделения противника тоже считаются" in enemies.inner_text()
    screenshot(page, "campaign-settings-readings-ru")
