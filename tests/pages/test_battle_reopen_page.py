"""Reopening a concluded battle from its table page, in English and Russian at 390 px:
organizers get the form (a reason required), players do not (issue 19)."""
import pytest

from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_battle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def concluded(live_server):
    from battles.services import conclude_battle

    club, users = club_with_players()
    battle = steelwar_battle(club, users)
    conclude_battle(battle_id=battle.pk, user=users["olga"], expected_version=battle.version,
                    result={"steel": "win", "keno": "lose"})
    return battle, users


@pytest.mark.parametrize("language, words", [
    ("en", {"reopen": "Reopen the battle", "open": "open"}),
    ("ru", {"reopen": "Открыть бой заново", "open": "идёт"}),
])
def test_an_organizer_reopens_a_concluded_battle_with_a_reason(
    request, live_server, signed_in, concluded, language, words
):
    from battles.models import Battle, BattleLogEntry

    battle, users = concluded
    page = request.getfixturevalue("page" if language == "en" else "ru_page")
    signed_in(page, users["olga"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    box = page.locator("[data-testid=reopen]")
    box.locator("summary").click()
    screenshot(page, f"battle-reopen-{language}")
    box.get_by_label({"en": "Why reopen it", "ru": "Почему открыть заново"}[language]).fill(
        "the armour die was misread")
    box.get_by_role("button", name=words["reopen"]).click()
    page.wait_for_load_state()
    assert Battle.objects.get(pk=battle.pk).status == "open"
    reopened = BattleLogEntry.objects.get(battle=battle, type="battle.reopened")
    assert reopened.data == {"reason": "the armour die was misread",
                             "seed_sha256": Battle.objects.get(pk=battle.pk).seed_sha256}
    assert page.locator("[data-testid=reopen]").count() == 0
    assert words["open"] in page.locator(".badge").first.inner_text().lower()
    assert "the armour die was misread" in page.locator("#event-3").inner_text()
    assert {"en": "battle reopened", "ru": "бой открыт заново"}[language] in page.locator(
        "#event-3").inner_text()


def test_players_get_no_reopen_form_and_cannot_post_one(page, live_server, signed_in,
                                                        concluded):
    from battles.models import Battle

    battle, users = concluded
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    assert page.locator("[data-testid=reopen]").count() == 0
    response = page.request.post(f"{live_server.url}/battles/{battle.pk}/reopen/",
                                 form={"reason": "mine"}, max_redirects=0)
    assert response.status in (302, 403)
    assert Battle.objects.get(pk=battle.pk).status == "concluded"
