"""The Mercenaries demo campaign's settings page lists the register's readings (digest §7 5,
10, 12, 14, 16) with their labels and explanations in English and in Russian."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaign.systems.mercenaries.demo import load_demo

pytestmark = pytest.mark.django_db(transaction=True)


def _text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_settings_page_explains_the_register_readings_in_both_languages():
    campaign = load_demo().campaign
    url = f"/campaigns/{campaign.pk}/settings/"
    pages = {}
    for language in ("en", "ru"):
        client = Client(headers={"accept-language": language})
        client.force_login(get_user_model().objects.get(username="organizer"))
        pages[language] = _text(client, url)
    assert "a sniper scope at extreme and maximum range" in pages["en"]
    assert "moving before reloading" in pages["en"]
    assert "optics up close" in pages["en"]
    ru = pages["ru"]
    assert "снайперский прицел на сверхдальней и предельной дистанции" in ru
    assert "подъём при обезоруживании" in ru and "оптика вблизи" in ru
    assert "натуральная единица Личности под огнём на подавление" in ru
    assert "текст говорит, что перезарядка «требует полного хода»" in ru
    assert "a sniper scope at extreme" not in ru
