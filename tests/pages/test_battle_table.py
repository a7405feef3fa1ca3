"""The battle table view in a real browser: recording play through the API, on a phone."""
import pytest

from battles import services
from tests.pages.conftest import answer_dice_until_done, head, screenshot
from tests.pages.factories import club_with_players, steelwar_battle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(live_server, page, signed_in):
    club, users = club_with_players()
    battle = steelwar_battle(club, users)
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    return battle, users


def declare(page, action: str, unit: str = ""):
    page.get_by_label("Action", exact=True).select_option(action)
    if unit:
        page.get_by_label("Unit", exact=True).select_option(unit)
    page.get_by_role("button", name="Declare").click()


def record_go_prone(battle, user, value=None):
    """Versions 2-3 (and 4 with ``value``): the 1st squad activates and goes prone."""
    services.declare(battle_id=battle.pk, user=user, expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    services.declare(battle_id=battle.pk, user=user, expected_version=2,
                     command={"action": "go_prone", "unit": "steel.1"})
    if value is not None:
        services.enter_dice(battle_id=battle.pk, user=user, expected_version=3,
                            rolls={"reaction.go_prone": [value]})


def test_declaring_with_the_keyboard_records_it_in_the_log(page, table):
    battle, _ = table
    page.get_by_label("Action", exact=True).select_option("begin_activation")
    page.get_by_label("Unit", exact=True).select_option("steel.1")
    page.get_by_label("Distance in inches (for actions that need one)").press("Enter")
    page.locator("#event-2").wait_for()
    assert "1st squad is activated" in page.locator("#event-2").inner_text()
    assert head(battle) == 2
    # after recording, the keyboard is back in the "next" form
    page.wait_for_function("document.activeElement.closest('#pending') !== null")


def test_a_refused_declaration_shows_the_servers_sentence(page, table):
    battle, _ = table
    declare(page, "end_activation")
    alert = page.locator("#declare-form [data-form-error]")
    alert.wait_for()
    assert alert.is_visible() and alert.inner_text().strip()
    assert head(battle) == 1


def test_a_stale_page_gets_the_409_and_is_told_to_reload(page, table):
    battle, users = table
    services.declare(
        battle_id=battle.pk, user=users["boris"], expected_version=1,
        command={"action": "begin_activation", "unit": "keno.1"},
    )
    declare(page, "begin_activation", "steel.1")
    alert = page.locator("#declare-form [data-form-error]")
    alert.wait_for()
    assert "reload" in alert.inner_text()
    assert head(battle) == 2


def test_replay_slider_shows_an_earlier_point_without_leaving_the_slider(page, table, live_server):
    battle, users = table
    record_go_prone(battle, users["anna"], value=6)
    page.reload()
    prone = page.locator("#unit-steel1 [data-key=prone]")
    assert prone.inner_text() == "yes"
    screenshot(page, "battle-table")
    slider = page.get_by_label("Replay: the battle after event")
    slider.focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**?at=3")
    assert page.locator("#unit-steel1 [data-key=prone]").inner_text() == "no"
    assert page.get_by_text("You are looking at the battle after event 3 of 4.").is_visible()
    assert page.evaluate("document.activeElement.id") == "replay-at"
    assert page.locator("#event-4").count() == 0
    assert page.locator("#pending").count() == 0  # the past is read-only
    screenshot(page, "battle-table-replay")


def test_dice_entry_refuses_a_wrong_value_on_the_spot_then_records_the_right_one(page, table):
    battle, users = table
    record_go_prone(battle, users["anna"])
    page.reload()
    die = page.get_by_label("1st squad quality die d6 (reaction test: go prone)")
    assert die.get_attribute("max") == "6"
    die.fill("9")
    error = page.locator("#die-reaction-go_prone-0-error")
    assert "not a face of a d6" in error.inner_text()
    assert die.get_attribute("aria-invalid") == "true"
    screenshot(page, "battle-dice-entry")
    die.press("Enter")  # refused on the spot: nothing is sent
    assert head(battle) == 3
    die.fill("6")
    assert error.inner_text() == ""
    die.press("Enter")
    page.locator("#event-4").wait_for()
    assert head(battle) == 4
    assert page.locator("#unit-steel1 [data-key=prone]").inner_text() == "yes"


def test_roll_for_me_has_the_server_roll_and_records_it(page, table):
    battle, users = table
    record_go_prone(battle, users["anna"])
    page.reload()
    page.get_by_role("button", name="Roll for me").click()
    page.locator("#event-4").wait_for()
    assert "dice rolled by the server" in page.locator("#event-4").inner_text()
    assert head(battle) == 4


def test_amending_the_dice_from_the_log_replays_what_followed(page, table):
    battle, users = table
    record_go_prone(battle, users["anna"], value=6)
    page.reload()
    assert page.locator("#unit-steel1 [data-key=prone]").inner_text() == "yes"
    entry = page.locator("#event-4")
    entry.get_by_text("Correct #4").click()
    entry.get_by_label("Amend the dice").check()
    entry.get_by_label("reaction test").fill("1")  # the die by its purpose, not its key
    entry.get_by_label("Reason").fill("misread the die")
    entry.get_by_label("Reason").press("Enter")
    page.locator("#event-5").wait_for()
    assert "amended" in page.locator("#event-5").inner_text()
    assert page.locator("#event-4").get_by_text("applied as amended").is_visible()
    assert page.locator("#unit-steel1 [data-key=prone]").inner_text() == "no"
    screenshot(page, "battle-corrected")


def enter_dice(page, values: dict[str, int]):
    """Type each die into the input whose label contains the key, then press Enter."""
    last = None
    for label, value in values.items():
        last = page.get_by_label(label, exact=False)
        last.fill(str(value))
    last.press("Enter")


def test_fire_with_entered_dice_shows_suppression_and_casualties_then_a_void_undoes_it(
    page, table
):
    battle, users = table
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    page.reload()
    page.get_by_label("Action", exact=True).select_option("fire")
    page.get_by_label("Target (for actions that have one)").select_option("keno.1")
    page.get_by_label("Distance in inches (for actions that need one)").fill("4")
    for rifleman in ("3", "4", "5", "6", "7", "8"):  # only the commander's SMG and the LMG fire
        page.get_by_label(f"{rifleman} · smg").uncheck()

    # the odds before rolling: a table, or the rule system's sentence saying it has none yet
    page.get_by_role("button", name="Show the odds").click()
    answer = "#declare-form [data-odds] table, #declare-form [data-form-error]:not([hidden])"
    page.locator(answer).first.wait_for()
    odds = page.locator("#declare-form [data-odds] table")
    refusal = page.locator("#declare-form [data-form-error]")
    assert odds.count() or "not implemented" in refusal.inner_text()
    if odds.count():
        assert "suppressed" in odds.inner_text()
    assert head(battle) == 2  # asking the odds records nothing

    page.get_by_role("button", name="Declare").click()
    page.locator("#event-3").wait_for()
    screenshot(page, "battle-fire-dice")
    # 2 of the shooter's dice beat the range die: a marker and (d6+d4+d8)/d4 -> 5 potential hits
    enter_dice(page, {
        "1st squad quality die d6": 3,
        "small arms ROF die": 1,
        "light machine gun die d8": 2,
        "Partisans range die d4": 1,
    })
    page.locator("#event-4").wait_for()
    assert "suppressed" in page.locator("#event-4").inner_text()
    assert page.locator("#unit-keno1 [data-key=suppression]").inner_text() == "1"

    def value_for(label: str) -> int:
        if "allocation" in label:
            return 1  # the leftmost figure still standing
        if "power" in label:
            return 8
        if "armour" in label:
            return 1
        return 6  # the morale test: passed

    answer_dice_until_done(page, battle, value_for)
    assert page.locator("#unit-keno1 [data-key=casualties]").inner_text() == "5"
    assert page.locator("#unit-keno1 [data-key=fighting]").inner_text() == "5 / 10"
    assert page.locator("#unit-keno1 [data-key='statuses.killed']").inner_text() == "5"
    screenshot(page, "battle-after-fire")

    # the wrong squad fired: void the declaration; everything after it no longer fits
    entry = page.locator("#event-3")
    entry.get_by_text("Correct #3").click()
    entry.get_by_label("Reason").fill("wrong squad")
    before = head(battle)
    entry.get_by_role("button", name="Record the correction").click()
    page.locator(f"#event-{before + 1}").wait_for()
    assert page.locator("#event-3").get_by_text("voided by a correction").is_visible()
    assert page.locator("#unit-keno1 [data-key=suppression]").inner_text() == "0"
    assert page.locator("#unit-keno1 [data-key=casualties]").inner_text() == "0"
    screenshot(page, "battle-voided")
