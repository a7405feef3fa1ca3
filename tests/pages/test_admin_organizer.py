"""The demo organizer (``load_demo``: neither staff nor given any permission) signs in at
``/admin/`` through its form and opens a squad of the demo campaign, in English and in
Russian; he sees the demo club's rows and nothing of another club's (issue 19)."""
import pytest

from campaign.models import Squad
from campaign.systems.steelwar.demo import PASSWORD, load_demo
from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_battle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {"squads": "Squads", "sign_in": "Log in", "users": "Users"},
    "ru": {"squads": "Отделения", "sign_in": "Войти", "users": "Пользователи"},
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_demo_organizer_signs_in_to_the_admin_and_opens_a_squad(language, page, ru_page,
                                                                  live_server):
    page = ru_page if language == "ru" else page
    words = WORDS[language]
    campaign = load_demo().campaign
    club, users = club_with_players()  # another club, with a battle of its own
    steelwar_battle(club, users, name="Wolf hill")

    page.goto(f"{live_server.url}/admin/")
    assert "/admin/login/" in page.url
    page.locator("#id_username").fill("organizer")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name=words["sign_in"]).click()
    page.wait_for_url(f"{live_server.url}/admin/")
    assert page.locator("html").get_attribute("lang") == language
    assert page.get_by_role("link", name=words["users"], exact=True).count() == 0
    screenshot(page, f"admin-organizer-index-{language}")

    page.get_by_role("link", name=words["squads"], exact=True).first.click()
    page.wait_for_url("**/admin/campaign/squad/")
    rows = page.locator("#result_list tbody tr")
    squads = Squad.objects.filter(campaign=campaign)
    assert rows.count() == squads.count()
    assert "Wolf" not in page.locator("#content").inner_text()
    squad = squads.order_by("name").first()
    page.get_by_role("link", name=squad.name, exact=True).first.click()
    page.wait_for_url(f"**/admin/campaign/squad/{squad.pk}/change/")
    assert page.locator("#content h2, #content h1").first.is_visible()
    assert squad.name in page.locator("#content").inner_text()
    screenshot(page, f"admin-organizer-squad-{language}")
