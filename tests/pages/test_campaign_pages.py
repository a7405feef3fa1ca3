"""Campaign pages in a real browser: a battle of the campaign is played and concluded at the
table view; the force page then shows its casualties, before-and-after; the records and the
campaign overview follow."""
import pytest

from battles import services
from tests.pages.conftest import answer_dice_until_done, head, screenshot
from tests.pages.factories import club_with_players, steelwar_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: 1st squad's fire at the Partisans: 2 dice beat the range die -> suppression, 5 hits.
FIRE_DICE = {"shooter.quality": [3], "shooter.rof": [2], "target.range": [1]}
#: power against armour per hit: the commander killed, one wounded, one killed, two unharmed.
POWER_ARMOUR = {1: (8, 1), 2: (3, 2), 3: (2, 3), 4: (5, 1), 5: (4, 4)}


def fire_until_the_commander_falls(battle, user):
    """Record (through the battles services) the fire of the 1st squad at the Partisans, up
    to the decision who replaces the Partisans' fallen commander."""
    result = services.declare(battle_id=battle.pk, user=user, expected_version=battle.version,
                              command={"action": "begin_activation", "unit": "squad-1"})
    result = services.declare(
        battle_id=battle.pk, user=user, expected_version=result.body["version"],
        command={"action": "fire", "unit": "squad-1", "params": {
            "target": "squad-2", "distance": 4,
            "weapons": ["soldier-1", "soldier-2", "soldier-3", "soldier-4"]}},
    )
    result = services.enter_dice(battle_id=battle.pk, user=user,
                                 expected_version=result.body["version"], rolls=FIRE_DICE)
    while result.body["pending"]["kind"] == "dice":
        rolls = {}
        for request in result.body["pending"]["requests"]:
            _, hit, what = request["key"].split(".")
            power, armour = POWER_ARMOUR[int(hit)]
            rolls[request["key"]] = [{"figure": 1, "power": power, "armour": armour}[what]]
        result = services.enter_dice(battle_id=battle.pk, user=user,
                                     expected_version=result.body["version"], rolls=rolls)
    assert result.body["pending"]["kind"] == "decision", result.body["pending"]


@pytest.fixture
def campaign_battle(live_server, page, signed_in):
    club, users = club_with_players()
    campaign, battle, squads = steelwar_campaign(club, users)
    fire_until_the_commander_falls(battle, users["anna"])
    signed_in(page, users["olga"])  # the organizer records the decision and concludes
    return campaign, battle, squads, users


def test_after_a_concluded_battle_the_force_page_shows_the_casualties_then_and_now(
    page, live_server, campaign_battle
):
    campaign, battle, squads, _ = campaign_battle
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    # a decision of the rules, answered from the table
    page.get_by_label("Cem (rifle)").check()  # the soldier by his name, not soldier-7
    decided = head(battle) + 1
    page.get_by_role("button", name="Decide").click()
    page.locator(f"#event-{decided}").wait_for()
    answer_dice_until_done(page, battle, lambda label: 6)  # every test after it passed
    screenshot(page, "campaign-battle")
    page.get_by_text("Conclude the battle").click()
    page.get_by_label("Result of Steel company").select_option("win")
    page.get_by_label("Result of Keno partisans").select_option("lose")
    page.get_by_role("button", name="Review what will be taken over").click()
    page.get_by_role("button", name="Confirm and conclude").click()
    page.locator(".badge", has_text="concluded").wait_for()
    assert page.locator("#pending").count() == 0
    assert "Steel company — win" in page.locator(".result").inner_text()

    keno = squads["boris"]
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{keno['force']}/")
    aro, bel = keno["soldiers"][0], keno["soldiers"][1]
    assert page.locator(f"#soldier-{aro} [data-status]").get_attribute("data-status") == "dead"
    assert page.locator(f"#soldier-{bel} [data-status]").get_attribute("data-status") in {
        "wounded", "recovering", "dead", "fit"}  # the wounded's fate is the campaign's roll
    assert page.get_by_text("fatigue").first.is_visible()
    screenshot(page, "force")

    # as it stood before the battle, with what changed since
    moment = page.get_by_label("Show the force")
    moment.focus()
    moment.select_option(str(battle.pk))
    page.keyboard.press("Tab")  # to the form's button: the keyboard is enough
    page.keyboard.press("Enter")
    page.wait_for_url(f"**before_battle={battle.pk}")
    assert page.locator(f"#soldier-{aro} [data-status]").get_attribute("data-status") == "fit"
    assert "now dead" in page.locator(f"#soldier-{aro}").inner_text()
    screenshot(page, "force-before-battle")

    # the fallen commander's record
    page.get_by_role("link", name="Aro").click()
    page.get_by_role("heading", name="Timeline").wait_for()
    kinds = page.locator(".timeline li").evaluate_all("items => items.map(i => i.dataset.kind)")
    assert "battle_fought" in kinds
    screenshot(page, "soldier")

    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/squads/{keno['squad']}/")
    assert page.locator(".timeline li[data-kind=battle_fought]").count() == 1
    screenshot(page, "squad")


def test_campaign_overview_draws_the_scenario_graph_and_the_charts(
    page, live_server, campaign_battle
):
    campaign, battle, squads, users = campaign_battle
    services.decide(battle_id=battle.pk, user=users["olga"], expected_version=head(battle),
                    key="commander.successor", choice="soldier-7")
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    answer_dice_until_done(page, battle, lambda label: 6)
    services.conclude_battle(battle_id=battle.pk, user=users["olga"],
                             expected_version=head(battle),
                             result={"force-1": "win", "force-2": "lose"})
    page.goto(f"{live_server.url}/battles/")
    assert page.get_by_role("link", name="Operation Lantern: The bridge").is_visible()
    screenshot(page, "battles")
    page.goto(f"{live_server.url}/")
    screenshot(page, "my-campaigns")
    page.get_by_role("link", name="Operation Lantern", exact=True).click()
    graph = page.get_by_role("img", name="The scenario graph")
    assert graph.is_visible()
    assert page.locator("svg.graph rect.node-played").count() == 1
    assert page.get_by_role("img", name="Casualties per battle").is_visible()
    assert page.get_by_role("img", name="Worst morale reached per battle").is_visible()
    page.get_by_text("Show the numbers").first.click()
    assert page.locator("figure table").first.is_visible()
    screenshot(page, "campaign")
