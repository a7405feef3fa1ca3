"""The draw form in a real browser: cards chosen among those left, and "Draw for me", with
the test-only "cards" system (tests/battles/cards.py)."""
import pytest

from battles import services
from tests.battles import cards
from tests.pages.conftest import head
from tests.pages.factories import club_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def dealing(live_server, page, signed_in):
    cards.register()
    club, users = club_with_players()
    battle = services.create_battle(
        club=club, name="Card table", rule_system="cards", setup=cards.SETUP,
        participants=[services.ParticipantSpec(user=users["anna"], side="red"),
                      services.ParticipantSpec(user=users["boris"], side="blue")],
        created_by=users["olga"],
    )
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "deal"})
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    return battle


def test_cards_chosen_at_the_table_are_recorded(page, dealing):
    page.get_by_label("red's initiative card").select_option("KH")
    page.get_by_label("blue's initiative card").select_option("RJ")
    page.get_by_role("button", name="Record the cards").click()
    page.locator("#event-3").wait_for()
    assert head(dealing) == 3
    assert "blue acts first" in page.locator("#event-3").inner_text()


def test_a_card_drawn_twice_shows_the_servers_sentence(page, dealing):
    page.get_by_label("red's initiative card").select_option("KH")
    page.get_by_label("blue's initiative card").select_option("KH")
    page.get_by_role("button", name="Record the cards").click()
    alert = page.locator("[data-api-form=draw] [data-form-error]")
    alert.wait_for()
    assert "already drawn" in alert.inner_text()
    assert head(dealing) == 2


def test_draw_for_me_has_the_server_draw_every_card(page, dealing):
    page.get_by_role("button", name="Draw for me").click()
    page.locator("#event-4").wait_for()
    assert head(dealing) == 4
    assert "acts first" in page.locator("#event-4").inner_text()
