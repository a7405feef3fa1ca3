"""The campaign's ledger page in a real browser at 390 px, in English and Russian: an
organizer voids a death recorded by mistake and amends a calendar step with a reason; the
soldier's timeline shows the death struck through; players read the ledger without the
correction forms; outsiders get 404 (issue 19)."""
import pytest

from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def mistakes(live_server):
    """Olga's campaign: Keno's Dor recorded dead by mistake, then a 30-day calendar step that
    should have been 3."""
    from campaign.services import campaigns, soldiers

    club, users = club_with_players()
    campaign, _battle, squads = steelwar_campaign(club, users)
    org = users["olga"]
    dor = squads["boris"]["soldiers"][3]
    death = soldiers.record_death(user=org, campaign=campaign, soldier_id=dor,
                                  cause="shot by a sentry").events[0].version
    step = campaigns.advance_calendar(user=org, campaign=campaign, days=30).events[0].version
    return {"campaign": campaign, "users": users, "dor": dor, "death": death, "step": step}


def _ledger(page, live_server, campaign):
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/ledger/")


def _void(page, version: int, reason: str, button: str):
    entry = page.locator(f"#entry-{version}")
    entry.locator("summary").click()
    form = entry.locator(f"[data-testid=void-{version}]")
    form.get_by_role("textbox").fill(reason)
    form.get_by_role("button", name=button).click()
    page.wait_for_load_state()


@pytest.mark.parametrize("language, words", [
    ("en", {"void": "Void", "amend": "Amend", "voided": "Voided by entry",
            "amended": "Amended by entry", "title": "Ledger", "step": "3 days pass"}),
    ("ru", {"void": "Аннулировать", "amend": "Исправить", "voided": "Аннулирована записью",
            "amended": "Исправлена записью", "title": "Журнал",
            "step": "Прошло дней: 3"}),
])
def test_an_organizer_voids_a_death_and_amends_a_calendar_step(
    request, live_server, signed_in, mistakes, language, words
):
    from campaign.models import Soldier
    from campaign.services.ledger import state_of

    page = request.getfixturevalue("page" if language == "en" else "ru_page")
    campaign, dor = mistakes["campaign"], mistakes["dor"]
    signed_in(page, mistakes["users"]["olga"])
    _ledger(page, live_server, campaign)
    assert page.locator("h1").inner_text() == words["title"]
    screenshot(page, f"ledger-before-{language}")

    _void(page, mistakes["death"], "recorded by mistake", words["void"])
    entry = page.locator(f"#entry-{mistakes['death']}")
    assert entry.locator("del").count() >= 1
    assert words["voided"] in entry.inner_text() and "recorded by mistake" in entry.inner_text()
    assert state_of(campaign_id=campaign.pk).soldiers[dor].status == "fit"

    step = page.locator(f"#entry-{mistakes['step']}")
    step.locator("summary").click()
    form = step.locator(f"[data-testid=amend-{mistakes['step']}]")
    form.locator("input[name=field-days]").fill("3")
    form.locator("input[name=reason]").fill("three days, not thirty")
    form.get_by_role("button", name=words["amend"]).click()
    page.wait_for_load_state()
    step = page.locator(f"#entry-{mistakes['step']}")
    assert words["amended"] in step.inner_text()
    assert words["step"] in step.inner_text()
    screenshot(page, f"ledger-corrected-{language}")

    soldier = Soldier.objects.get(campaign=campaign, ref=dor)
    assert soldier.status == "fit"
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/soldiers/{dor}/")
    died = page.locator("li[data-kind=died]")
    assert died.locator("del").count() == 1 and "recorded by mistake" in died.inner_text()
    assert words["voided"] in died.inner_text()
    screenshot(page, f"ledger-soldier-voided-{language}")


def test_a_bad_correction_is_refused_on_the_page_and_changes_nothing(
    page, live_server, signed_in, mistakes
):
    from campaign.services.ledger import state_of

    campaign = mistakes["campaign"]
    version = state_of(campaign_id=campaign.pk).version
    signed_in(page, mistakes["users"]["olga"])
    _ledger(page, live_server, campaign)
    step = page.locator(f"#entry-{mistakes['step']}")
    step.locator("summary").click()
    form = step.locator(f"[data-testid=amend-{mistakes['step']}]")
    form.locator("input[name=field-days]").evaluate("el => { el.removeAttribute('min'); }")
    form.locator("input[name=field-days]").fill("0")
    form.locator("input[name=reason]").fill("oops")
    form.get_by_role("button", name="Amend").click()
    page.wait_for_load_state()
    assert "days must be a whole number" in page.locator("[data-testid=ledger-error]").inner_text()
    assert state_of(campaign_id=campaign.pk).version == version


def test_players_read_the_ledger_without_correcting_and_outsiders_see_nothing(
    page, live_server, signed_in, mistakes
):
    from django.contrib.auth import get_user_model

    campaign = mistakes["campaign"]
    signed_in(page, mistakes["users"]["boris"])
    _ledger(page, live_server, campaign)
    assert page.locator(f"#entry-{mistakes['death']}").count() == 1
    assert page.locator("form[data-testid^=void-]").count() == 0
    outsider = get_user_model().objects.create_user("stranger")
    other = page.context.browser.new_context()
    stranger_page = other.new_page()
    signed_in(stranger_page, outsider)
    response = stranger_page.goto(f"{live_server.url}/campaigns/{campaign.pk}/ledger/")
    assert response.status == 404
    other.close()
