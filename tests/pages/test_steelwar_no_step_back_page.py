"""«Ни шагу назад!» declared from the battle page in a real browser (Steel War §2.15), in
English and Russian: nothing pre-filled, "none on the table" ticked instead of a distance, an
empty distance held back by the form, a refusal shown, and the declaration recorded."""

import pytest

from battles import services
from tests.pages.conftest import head
from tests.pages.factories import club_with_players
from tests.rules.steelwar.fold_support import setup
from tests.rules.steelwar.test_fold_no_step_back import enemy, guards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {"none": "none on the table", "enemy": "inches to the nearest enemy",
           "refused": "at least 3 enemy squads"},
    "ru": {"none": "дружественных войск на столе нет", "enemy": "дюймов до ближайшего противника",
           "refused": "не меньше 3 отрядов противника"},
}


@pytest.fixture(params=["en", "ru"])
def last_stand(request, live_server, signed_in):
    """Anna's Keno Guards dug in before four Steel squads, in their activation; (page, battle,
    words)."""
    page = request.getfixturevalue("page" if request.param == "en" else "ru_page")
    club, users = club_with_players()
    battle = services.create_battle(
        club=club, name="The last stand", rule_system="steelwar",
        setup=setup(steel=[enemy(n) for n in range(1, 5)], keno=[guards()]),
        participants=[services.ParticipantSpec(user=users["anna"], side="keno"),
                      services.ParticipantSpec(user=users["boris"], side="steel")],
        created_by=users["olga"])
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "begin_activation", "unit": "keno.g"})
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    return page, battle, WORDS[request.param]


def test_not_one_step_back_is_declared_from_the_form(last_stand):
    page, battle, words = last_stand
    page.locator("#declare-action").select_option("no_step_back")
    page.locator("#declare-unit").select_option("keno.g")
    enemies = page.locator("[data-param='enemies']")
    assert enemies.count() == 4 and not any(e.is_checked() for e in enemies.all())
    inches = page.locator("input[type=number][data-param='nearest_friend']")
    none = page.get_by_label(words["none"])
    assert inches.input_value() == "" and not none.is_checked()
    submit = page.locator("#declare-form button[type=submit]").first
    # nothing entered: the form holds it back (the distance is required), nothing is sent
    submit.click()
    assert inches.evaluate("e => !e.validity.valid")
    none.check()
    assert inches.is_disabled()
    page.get_by_label(words["enemy"]).fill("20")
    enemies.nth(0).check()
    enemies.nth(1).check()
    submit.click()  # two enemies in view: the server's refusal is shown
    alert = page.locator("#declare-form [data-form-error]")
    alert.wait_for()
    assert words["refused"] in alert.inner_text()
    assert head(battle) == 2
    enemies.nth(2).check()
    submit.click()
    page.locator("#event-3").wait_for()
    assert head(battle) == 3
    page.locator("[data-roll='no_step_back.test']").wait_for()  # the test's die is asked for
