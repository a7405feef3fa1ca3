"""The force page in a real browser at 390 px: the squads list the living and the recent
fallen; the older fallen are counted and shown a page at a time on request."""
import pytest

from tests.pages.conftest import screenshot
from tests.pages.factories import club_with_players, steelwar_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fight(campaign, org, battle):
    from battles.services.battles import conclude_battle

    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=org, expected_version=battle.version,
                    result={"force-1": "draw", "force-2": "draw"})  # taken over on commit


@pytest.fixture
def lost_before_the_last_battle(live_server, page, signed_in):
    """Keno lost Dor (dead) and Eln (captured) after its first battle; its second battle
    was fought since; then Cem fell."""
    from campaign.services import scenarios, soldiers
    from campaign.services.battle_setup import start_scenario_battle
    from campaign.systems.steelwar import services as steelwar_services

    club, users = club_with_players()
    campaign, battle, squads = steelwar_campaign(club, users)
    org, keno, steel = users["olga"], squads["boris"], squads["anna"]
    _fight(campaign, org, battle)
    aro, bel, cem, dor, eln = keno["soldiers"]
    soldiers.record_death(user=org, campaign=campaign, soldier_id=dor)
    soldiers.record_capture(user=org, campaign=campaign, soldier_id=eln,
                            by_force_id=steel["force"])
    for owner, army in (("anna", steel), ("boris", keno)):
        steelwar_services.set_motivation(user=org, campaign=campaign, scenario_id=2,
                                         force_id=army["force"], motivation="high")
        scenarios.pick_units(user=users[owner], campaign=campaign, scenario_id=2,
                             force_id=army["force"], squads=[{"squad_id": army["squad"]}])
    second, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=2)
    _fight(campaign, org, second)
    soldiers.record_death(user=org, campaign=campaign, soldier_id=cem)
    signed_in(page, users["boris"])
    return campaign, keno


def test_the_older_fallen_wait_behind_a_link_and_fit_a_phone(page, live_server,
                                                            lost_before_the_last_battle):
    campaign, keno = lost_before_the_last_battle
    aro, bel, cem, dor, eln = keno["soldiers"]
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{keno['force']}/")
    for soldier in (aro, bel, cem):
        assert page.locator(f"#soldier-{soldier}").count() == 1
    assert page.locator(f"#soldier-{cem} [data-status]").get_attribute("data-status") == "dead"
    for soldier in (dor, eln):
        assert page.locator(f"#soldier-{soldier}").count() == 0
    section = page.locator("#older-fallen")
    assert "2 soldiers were lost before the force's latest battle" in section.inner_text()
    screenshot(page, "force-older-fallen-hidden")

    section.get_by_role("link", name="Show them").click()
    page.wait_for_url("**fallen=1**")
    assert page.locator(f"#soldier-{eln} [data-status]").get_attribute("data-status") == (
        "captured")
    assert page.locator(f"#soldier-{dor} [data-status]").get_attribute("data-status") == "dead"
    assert "Page 1 of 1" in page.locator(".pager").inner_text()
    screenshot(page, "force-older-fallen")
