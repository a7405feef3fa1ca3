"""Campaign export and import in a real browser: the export link downloads the file, the
import page takes it and shows the import's progress until the new campaign is there; the
progress bar follows a job a worker runs (English and Russian, phone width)."""
import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from campaign.models import Campaign
from campaign.services import import_jobs
from campaign.services.projection import project_campaign
from campaign.systems.steelwar.demo import load_demo
from clubs.models import Club, Membership
from tests.pages.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo():
    campaign = load_demo().campaign
    project_campaign(campaign_id=campaign.pk)
    organizer = get_user_model().objects.get(username="organizer")
    other = Club.objects.create(name="Second club", slug="second-club")
    Membership.objects.create(club=other, user=organizer, role="organizer")
    return {"campaign": campaign, "club": other, "organizer": organizer}


def test_export_then_import_through_the_pages(page, live_server, signed_in, demo, tmp_path):
    signed_in(page, demo["organizer"])
    page.goto(f"{live_server.url}/campaigns/{demo['campaign'].pk}/")
    with page.expect_download() as download:
        page.get_by_test_id("campaign-export").click()
    path = tmp_path / "campaign.json"
    download.value.save_as(path)
    assert download.value.suggested_filename == "campaign-winter-line.json"
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Import a campaign from a file").click()
    page.wait_for_url("**/campaigns/import/")
    page.get_by_label("Club").select_option(label="Second club")
    page.get_by_label("Campaign file (.json)").set_input_files(str(path))
    screenshot(page, "campaign-import")
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/campaigns/import/*/")
    link = page.locator("[data-role=campaign-link]")
    assert link.inner_text() == "Winter Line"
    assert page.locator("#import-progress").get_attribute("value") == page.locator(
        "#import-progress").get_attribute("max")
    screenshot(page, "campaign-import-done")
    link.click()
    copy_ = Campaign.objects.get(club=demo["club"])
    page.wait_for_url(f"**/campaigns/{copy_.pk}/")
    assert page.get_by_role("heading", name="Winter Line").is_visible()


def test_the_progress_bar_follows_a_worker_in_russian(ru_page, live_server, signed_in, demo):
    signed_in(ru_page, demo["organizer"])
    job = "job-under-way-00000000"  # the shape of an id the import hands out
    key = f"campaign-import:{job}"
    cache.set(key, {"job": job, "user": demo["organizer"].pk, "club": demo["club"].pk,
                    "name": None, "state": import_jobs.RUNNING, "done": 120, "total": 400})
    ru_page.goto(f"{live_server.url}/campaigns/import/{job}/")
    assert ru_page.get_by_text("Импорт идёт: эта страница следит за ним.").is_visible()
    assert ru_page.locator("#import-progress").get_attribute("value") == "120"
    screenshot(ru_page, "campaign-import-progress-ru")
    cache.set(key, {**cache.get(key), "done": 300})
    ru_page.wait_for_function(
        "document.getElementById('import-progress').value === 300")
    cache.set(key, {**cache.get(key), "state": import_jobs.DONE, "done": 400, "campaign": {
        "id": demo["campaign"].pk, "name": "Зимняя линия", "unmatched_users": [],
        "unmatched_participants": []}})
    link = ru_page.locator("[data-role=campaign-link]")
    link.wait_for(state="visible")
    assert link.inner_text() == "Зимняя линия"
    assert link.get_attribute("href").endswith(f"/campaigns/{demo['campaign'].pk}/")
    assert ru_page.get_by_text("Импортирована:").is_visible()
    assert not ru_page.get_by_text("Импорт идёт: эта страница следит за ним.").is_visible()
