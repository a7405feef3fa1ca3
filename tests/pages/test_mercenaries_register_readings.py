"""The Mercenaries demo campaign's settings page lists the register's readings (digest §7 5,
10, 12, 14, 16) with their labels and explanations in English and in Russian."""
import pytest
from django.contrib.auth import get_user_model

from campaign.systems.mercenaries.demo import load_demo
from tests.page_text import page_texts, readers

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_settings_page_explains_the_register_readings_in_both_languages():
    campaign = load_demo().campaign
    url = f"/campaigns/{campaign.pk}/settings/"
    organizer = get_user_model().objects.get(username="organizer")
    english, ru = page_texts(readers(organizer), url)
    assert "a sniper scope at extreme and maximum range" in english
    assert "moving before reloading" in english
    assert "optics up close" in english
    assert "снайперский прицел на сверхдальней и предельной дистанции" in ru
    assert "подъём при обезоруживании" in ru and "оптика вблизи" in ru
    assert "натуральная единица Личности под огнём на подавление" in ru
    assert "текст говорит, что перезарядка «требует полного хода»" in ru
    assert "a sniper scope at extreme" not in ru
