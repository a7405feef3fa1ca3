"""An organizer (neither staff nor given any permission) raises a force and plans a scenario
in ``/admin/``, in English and in Russian: the campaign chosen first, the set-up pages' form,
a refusal of the service shown next to its field (issue 19)."""
import pytest

from campaign.services.ledger import ledger_of, state_of
from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_campaign_planned

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {"next": "Next", "save": "Save", "name": "Name", "owner": "Commanded by",
           "raised": "The force Reserve is raised.", "taken": "already a force called",
           "planned": "The scenario Night raid is planned."},
    "ru": {"next": "Дальше", "save": "Сохранить", "name": "Название", "owner": "Командует",
           "raised": "Reserve", "taken": "уже есть", "planned": "Night raid"},
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_organizer_raises_a_force_and_plans_a_scenario_in_the_admin(
    language, page, ru_page, live_server, signed_in
):
    page = ru_page if language == "ru" else page
    words = WORDS[language]
    club, users = club_with_players()
    campaign, _squads = steelwar_campaign_planned(club, users)
    signed_in(page, users["olga"])

    page.goto(f"{live_server.url}/admin/campaign/force/add/")
    assert page.locator("html").get_attribute("lang") == language
    page.get_by_role("button", name=words["next"]).click()
    page.wait_for_url(f"**/admin/campaign/force/add/?campaign={campaign.pk}")
    form = page.locator("[data-testid=create]")
    form.get_by_label(words["name"]).fill("Steel company")  # taken: refused
    form.get_by_label(words["owner"]).select_option(label="anna")
    before = len(ledger_of(campaign_id=campaign.pk))
    form.get_by_role("button", name=words["save"]).click()
    page.wait_for_load_state()
    error = page.locator(".field-name .errorlist")
    assert words["taken"] in error.inner_text()
    assert len(ledger_of(campaign_id=campaign.pk)) == before
    screenshot(page, f"admin-create-force-refused-{language}")

    form = page.locator("[data-testid=create]")
    form.get_by_label(words["name"]).fill("Reserve")
    form.get_by_role("button", name=words["save"]).click()
    page.wait_for_url("**/admin/campaign/force/?campaign__id__exact=*")
    assert words["raised"] in page.locator(".messagelist").inner_text()
    forces = {f.name: f for f in state_of(campaign_id=campaign.pk).forces.values()}
    assert forces["Reserve"].owner_id == users["anna"].pk

    page.goto(f"{live_server.url}/admin/campaign/scenario/add/?campaign={campaign.pk}")
    form = page.locator("[data-testid=create]")
    form.get_by_label(words["name"]).fill("Night raid")
    form.get_by_label("Reserve").check()
    form.get_by_label("Keno partisans").check()
    screenshot(page, f"admin-create-scenario-{language}")
    form.get_by_role("button", name=words["save"]).click()
    page.wait_for_url("**/admin/campaign/scenario/?campaign__id__exact=*")
    assert words["planned"] in page.locator(".messagelist").inner_text()
    planned = [s for s in state_of(campaign_id=campaign.pk).scenarios.values()
               if s.name == "Night raid"]
    assert len(planned) == 1
    assert sorted(planned[0].force_ids) == sorted([forces["Reserve"].id,
                                                   forces["Keno partisans"].id])
