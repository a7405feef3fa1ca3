"""Every page renders the demo campaign (``load_demo``: real data through the apps'
services), in English and in Russian, and the browser screenshots show it."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from battles.models import Battle
from campaign.models import Force, Soldier, Squad
from campaign.systems.steelwar.demo import load_demo
from tests.pages.conftest import screenshot

DEMO_PLAYER = "alice"


def demo_urls(campaign) -> list[str]:
    urls = ["/", "/battles/", f"/campaigns/{campaign.pk}/"]
    battles = list(Battle.objects.filter(campaign_link__campaign=campaign))
    for battle in battles:
        urls += [f"/battles/{battle.pk}/", f"/battles/{battle.pk}/?at=1"]
    for force in Force.objects.filter(campaign=campaign):
        urls.append(f"/campaigns/{campaign.pk}/forces/{force.ref}/")
        urls += [
            f"/campaigns/{campaign.pk}/forces/{force.ref}/?before_battle={b.pk}" for b in battles
        ]
    urls += [f"/campaigns/{campaign.pk}/squads/{s.ref}/" for s in Squad.objects.filter(campaign=campaign)]
    urls += [
        f"/campaigns/{campaign.pk}/soldiers/{s.ref}/"
        for s in Soldier.objects.filter(campaign=campaign)[:10]
    ]
    return urls


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_page_renders_the_demo_campaign(language):
    campaign = load_demo().campaign
    client = Client(headers={"accept-language": language})
    client.force_login(get_user_model().objects.get(username=DEMO_PLAYER))
    for url in demo_urls(campaign):
        response = client.get(url)
        assert response.status_code == 200, url
        assert f'<html lang="{language}">' in response.content.decode(), url


@pytest.mark.django_db(transaction=True)
def test_outsiders_get_404_on_the_demo_campaign():
    campaign = load_demo().campaign
    client = Client()
    client.force_login(get_user_model().objects.create_user("stranger"))
    for url in demo_urls(campaign)[2:]:
        assert client.get(url).status_code == 404, url


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_demo_screenshots(page, live_server, signed_in):
    campaign = load_demo().campaign
    signed_in(page, get_user_model().objects.get(username=DEMO_PLAYER))
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
    screenshot(page, "demo-campaign")
    open_battle = Battle.objects.filter(campaign_link__campaign=campaign, status="open").first()
    if open_battle is not None:
        page.goto(f"{live_server.url}/battles/{open_battle.pk}/")
        screenshot(page, "demo-battle-open")
    force = Force.objects.filter(campaign=campaign, owner__username=DEMO_PLAYER).first()
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{force.ref}/")
    screenshot(page, "demo-force")
