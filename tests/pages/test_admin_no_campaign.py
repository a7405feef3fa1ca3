"""The admin's "add force / scenario / scenario link" asks for a campaign first; an organizer
whose clubs have none is told so and led to adding a campaign, in English and in Russian,
instead of an empty list (issue 19)."""
import pytest
from django.test import Client

from tests.pages.factories import club_with_players

pytestmark = pytest.mark.django_db

WORDS = {"en": ("There is no campaign in your clubs yet", "Add a campaign first"),
         "ru": ("В ваших клубах пока нет кампании", "Сначала добавьте кампанию")}


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("model", ["force", "scenario", "scenariolink"])
def test_an_organizer_without_a_campaign_is_led_to_add_one(language, model):
    _club, users = club_with_players()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(users["olga"])
    response = client.get(f"/admin/campaign/{model}/add/")
    assert response.status_code == 200
    html = response.content.decode()
    said, link = WORDS[language]
    assert said in html and link in html
    assert 'data-testid="choose-campaign"' not in html
    assert 'href="/admin/campaign/campaign/add/"' in html
    adding = client.get("/admin/campaign/campaign/add/")
    assert adding.status_code == 200 and 'data-testid="create"' in adding.content.decode()


def test_with_a_campaign_the_chooser_lists_it(campaign, people):
    client = Client()
    client.force_login(people["org"])
    html = client.get("/admin/campaign/force/add/").content.decode()
    assert 'data-testid="choose-campaign"' in html and "Operation Lantern" in html
    assert 'data-testid="no-campaign"' not in html
