"""The Django admin shows the event store to organizers, and only shows it: no add, no change,
no delete (the database refuses those too; this checks the admin does not offer them)."""
import pytest
from django.contrib.auth import get_user_model

from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_battle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_events_are_listed_and_read_only_in_the_admin(page, live_server, signed_in):
    club, users = club_with_players()
    steelwar_battle(club, users)
    admin = get_user_model().objects.create_superuser("referee", password="tabletop-1944")
    signed_in(page, admin)
    page.goto(f"{live_server.url}/admin/eventstore/event/")
    rows = page.locator("#result_list tbody tr")
    assert rows.count() >= 1
    assert "battle.started" in rows.first.inner_text()
    assert page.get_by_role("link", name="Add event").count() == 0
    assert page.locator("select[name=action] option[value=delete_selected]").count() == 0
    screenshot(page, "admin-events")
    rows.first.locator("a").first.click()
    page.wait_for_load_state()
    assert page.locator("input[type=submit][name=_save]").count() == 0
    assert page.get_by_role("link", name="Delete").count() == 0
    assert page.locator("main input:not([type=hidden]), main textarea").count() == 0
    # and the URLs themselves refuse
    assert page.goto(f"{live_server.url}/admin/eventstore/event/add/").status == 403
