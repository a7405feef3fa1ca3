"""The Russian side: chosen from Accept-Language, in the rulebook's own terms, and the API's
errors shown next to the form in the page's language when the API gives them so."""
import pytest

from battles import services
from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_battle, steelwar_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_battle_table_speaks_the_rulebooks_russian(ru_page, page, live_server, signed_in):
    club, users = club_with_players()
    battle = steelwar_battle(club, users)
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    signed_in(ru_page, users["anna"])
    ru_page.goto(f"{live_server.url}/battles/{battle.pk}/")
    assert ru_page.locator("html").get_attribute("lang") == "ru"
    unit = ru_page.locator("#unit-steel1")
    for term in ("боевой дух", "подавление", "залегание", "потери"):
        assert term in unit.inner_text()
    assert unit.locator("[data-key=morale]").inner_text() == "Уверенный"
    assert ru_page.get_by_label("Действие", exact=True).is_visible()
    ru_page.get_by_label("Действие", exact=True).select_option("go_prone")
    ru_page.get_by_role("button", name="Объявить").click()
    # the die as the rulebook writes it, «к6», beside its purpose and in the error alike
    assert ru_page.locator("#pending label .badge").inner_text() == "к6"
    assert "d6" not in ru_page.locator("#pending label").inner_text()
    die = ru_page.locator("#pending input[data-sides]")
    die.fill("7")
    assert "нет такой грани у к6" in ru_page.locator("#pending .field-error").inner_text()
    screenshot(ru_page, "battle-table-ru")
    # the English page names the same die "d6" (the rules' English label already says it)
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    label = page.locator("#pending label").inner_text()
    assert "d6" in label and "к6" not in label


def test_the_force_page_in_russian(ru_page, live_server, signed_in):
    club, users = club_with_players()
    campaign, _, squads = steelwar_campaign(club, users)
    signed_in(ru_page, users["anna"])
    ru_page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{squads['anna']['force']}/")
    text = ru_page.locator("main").inner_text()
    for term in ("усталость", "мотивация", "Отделения", "лидерство", "в строю", "новобранцы",
                 "командир", "стрелок", "оружие: пистолет-пулемёт",
                 "броня: человек или всадник"):
        assert term in text, term
    for english in ("rifleman", "smg", "human"):
        assert english not in text, english
    screenshot(ru_page, "force-ru")
    ru_page.goto(f"{live_server.url}/campaigns/{campaign.pk}/")
    assert ru_page.get_by_role("img", name="Граф сценариев").is_visible()
    assert "Стальная война 1.0" in ru_page.locator("main").inner_text()
    screenshot(ru_page, "campaign-ru")


def test_a_played_battles_log_is_russian_line_by_line(ru_page, live_server, signed_in):
    """A battle played at random for 80 events (fire, hits, morale...): every line
    the rules wrote reads in Russian, every figure by its squad, role and number."""
    import random

    from rest_framework.test import APIClient

    from rules.core import registry
    from tests.battles.test_steelwar_battle import record_battle

    club, users = club_with_players()
    battle = steelwar_battle(club, users)
    client = APIClient()
    client.force_authenticate(users["olga"])
    record_battle(client, battle.pk, registry.get("steelwar"), random.Random(3), 80)
    signed_in(ru_page, users["anna"])
    ru_page.goto(f"{live_server.url}/battles/{battle.pk}/")
    lines = ru_page.locator("#log-title ~ ol .effects > li")
    assert lines.count() > 50
    assert ru_page.locator("#log-title ~ ol .effects > li[lang=en]").count() == 0
    text = "\n".join(lines.all_inner_texts())
    assert "попадание приходится на: " in text
    assert "'s " not in text and "(cmd)" not in text  # no English possessive, no figure id
    screenshot(ru_page, "battle-log-ru")
