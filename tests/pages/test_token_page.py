"""The token page in a real browser, in English and Russian, at phone width."""
import pytest
from django.contrib.auth import get_user_model

from accounts.models import ApiToken
from tests.pages.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def player():
    return get_user_model().objects.create_user("anna", password="tabletop-1944")


def test_create_copy_and_revoke_a_token(page, live_server, player, signed_in):
    signed_in(page, player)
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="anna").click()
    page.wait_for_url("**/accounts/tokens/")
    page.get_by_label("What the token is for").fill("club results")
    page.get_by_role("button", name="Create token").click()
    key = page.get_by_test_id("token-key").inner_text()
    assert key.startswith("wgt_")
    screenshot(page, "token-created")
    page.goto(f"{live_server.url}/accounts/tokens/")
    assert key not in page.content()
    page.get_by_role("button", name="Revoke the token “club results”").click()
    assert page.get_by_role("status").is_visible()
    assert not ApiToken.objects.exists()


def test_the_token_page_in_russian(ru_page, live_server, player, signed_in):
    signed_in(ru_page, player)
    ru_page.goto(f"{live_server.url}/accounts/tokens/")
    ru_page.get_by_label("Для чего токен").fill("скрипт")
    ru_page.get_by_label("Срок действия (дней)").fill("0")
    ru_page.get_by_role("button", name="Создать токен").click()
    assert ru_page.get_by_role("alert").is_visible()
    assert not ApiToken.objects.exists()
    screenshot(ru_page, "token-page-ru")
