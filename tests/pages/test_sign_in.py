"""Signing in and out, the home page and the language switch, in a real browser."""
import pytest
from django.contrib.auth import get_user_model

from tests.pages.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def player():
    return get_user_model().objects.create_user("anna", password="tabletop-1944")


def test_sign_in_with_the_keyboard_lands_on_my_campaigns(page, live_server, player):
    page.goto(f"{live_server.url}/")
    assert "/accounts/login/" in page.url
    screenshot(page, "login")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("tabletop-1944")
    page.get_by_label("Password").press("Enter")
    page.wait_for_url(f"{live_server.url}/")
    assert page.get_by_role("heading", name="My campaigns").is_visible()
    screenshot(page, "home")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/accounts/logout/")


def test_a_wrong_password_is_refused_with_a_message(page, live_server, player):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Sign in").click()
    assert page.get_by_role("alert").is_visible()
    assert page.url.endswith("/accounts/login/")


def test_russian_from_accept_language_and_the_switch_back_to_english(
    ru_page, live_server, player, signed_in
):
    signed_in(ru_page, player)
    ru_page.goto(f"{live_server.url}/")
    assert ru_page.locator("html").get_attribute("lang") == "ru"
    assert ru_page.get_by_role("heading", name="Мои кампании").is_visible()
    screenshot(ru_page, "home-ru")
    ru_page.get_by_role("form", name="Язык").get_by_role("button", name="English").click()
    ru_page.wait_for_load_state()
    assert ru_page.locator("html").get_attribute("lang") == "en"
    assert ru_page.get_by_role("heading", name="My campaigns").is_visible()
