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
    page.get_by_role("button", name="Declare").press("Enter")
    page.locator("#event-2").wait_for()
    assert "1st squad is activated" in page.locator("#event-2").inner_text()
    assert head(battle) == 2
    # after recording, the keyboard is back in the "next" form
    page.wait_for_function("document.activeElement.closest('#pending') !== null")


def test_a_refused_declaration_shows_the_servers_sentence(page, table):
    battle, users = table
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    page.reload()
    page.get_by_label("Action", exact=True).select_option("fire")
    page.get_by_label("distance in inches").fill("25")  # beyond the submachine guns' reach
    page.get_by_role("button", name="Declare").click()
    alert = page.locator("#declare-form [data-form-error]")
    alert.wait_for()
    assert alert.is_visible() and alert.inner_text().strip()
    assert head(battle) == 2


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
    page.get_by_label("target", exact=True).select_option(label="Partisans (Keno)")
    page.get_by_label("distance in inches").fill("4")
    for rifleman in range(1, 7):  # only the commander's SMG and the LMG fire
        page.get_by_label(f"rifleman {rifleman} · submachine gun", exact=True).uncheck()

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
    summary = page.locator(f"#event-{before + 1} [data-changed-facts]")
    assert int(summary.get_attribute("data-changed-facts")) == before - 2  # #3 and after it
    assert "later facts changed:" in summary.inner_text()
    assert page.locator("#unit-keno1 [data-key=suppression]").inner_text() == "0"
    assert page.locator("#unit-keno1 [data-key=casualties]").inner_text() == "0"
    screenshot(page, "battle-voided")


def test_the_declare_form_offers_only_what_is_legal_now(page, table):
    """The form is drawn from the catalogue: the actions of the moment, each command's own
    parameters, and no weapon that already fired this activation."""
    battle, users = table
    actions = page.locator("#declare-action option")
    assert "fire" not in actions.evaluate_all("os => os.map(o => o.value)")
    assert page.locator("#declare-form textarea").count() == 0  # no parameters as JSON
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=2,
                     command={"action": "fire", "unit": "steel.1",
                              "params": {"target": "keno.1", "weapons": ["mg"], "distance": 4}})
    version = 3
    rolls = {"shooter.quality": [1], "shooter.support.1": [1], "target.range": [4]}  # no effect
    while rolls:
        services.enter_dice(battle_id=battle.pk, user=users["anna"], expected_version=version,
                            rolls=rolls)
        version = head(battle)
        pending = services_pending(battle)
        rolls = {r["key"]: [r["sides"]] * r.get("count", 1)
                 for r in pending.get("requests", [])}  # e.g. the recruits' panic test: passed
    page.reload()
    assert page.locator("#declare-action").input_value() == "fire"
    weapons = page.locator("#declare-param-weapons")
    offered = weapons.locator("input").evaluate_all("xs => xs.map(x => JSON.parse(x.value))")
    assert "mg" not in offered and "cmd" in offered
    assert all(weapons.locator("input").evaluate_all("xs => xs.map(x => x.checked)"))
    assert page.get_by_label("distance in inches").get_attribute("min") == "0"
    # another action shows only its own parameters
    page.get_by_label("Action", exact=True).select_option("reorganise")
    assert page.locator("#declare-param-weapons").count() == 0
    assert page.get_by_label("field surgeon").is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_label("Action", exact=True).select_option("fire")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(page, "battle-declare-form")


def services_pending(battle) -> dict:
    from battles import selectors
    from battles.models import Battle

    fresh = Battle.objects.get(pk=battle.pk)
    current = selectors.state_at(battle=fresh)
    return current.pending.to_json()


# --- whose turn, the outcome where it was entered, names, concluding (issue 16) -----------

IDS = r"\b(soldier|squad|force)-\d+"

TEXT = {
    "en": {
        "turn": "Turn 1", "idle": "No unit is activated.",
        "waiting": "Still to act this turn: 1st squad, Partisans.",
        "active": "Activation: 1st squad (Steel)", "actions": "0 of 2 actions used",
        "outcome": "What the rules made of it:", "server": "The server rolled:",
        "conclude": "Conclude the battle", "review": "Review what will be taken over",
        "choose": "Choose the result of Steel.", "two_winners": "Steel, Keno cannot all win",
        "lone_draw": "Keno cannot draw alone",
        "results": "Steel — win; Keno — loss", "nobody": "No casualties",
        "confirm": "Confirm and conclude", "back": "Back",
        "reaction_die": "Partisans quality die d6",
        "prone": "1st squad goes prone (+1 range die step, §2.4)",
    },
    "ru": {
        "turn": "Ход 1", "idle": "Ни одно подразделение не активировано.",
        "waiting": "В этом ходу ещё не действовали: 1st squad, Partisans.",
        "active": "Активация: 1st squad (Steel)", "actions": "использовано действий: 0 из 2",
        "outcome": "Что из этого вышло по правилам:", "server": "Сервер выбросил:",
        "conclude": "Завершить бой", "review": "Посмотреть, что будет перенесено в кампанию",
        "choose": "Выберите результат стороны Steel.",
        "two_winners": "Steel, Keno не могут победить все",
        "lone_draw": "у Keno не может быть ничьей в одиночку",
        "results": "Steel — победа; Keno — поражение", "nobody": "Потерь нет",
        "confirm": "Подтвердить и завершить", "back": "Назад",
        "reaction_die": "Partisans: тест на реакцию к6",
        "prone": "1st squad: залегание (+1 шаг куба дальности, §2.4)",
    },
}


@pytest.fixture(params=["en", "ru"])
def lang_table(request, live_server, signed_in):
    """The table of a fresh battle in English or in Russian; (page, battle, users, words)."""
    page = request.getfixturevalue("page" if request.param == "en" else "ru_page")
    club, users = club_with_players()
    battle = steelwar_battle(club, users)
    signed_in(page, users["anna"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    return page, battle, users, TEXT[request.param], request.param


def in_view(locator) -> bool:
    return locator.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )


def test_whose_turn_and_which_activation_stands_at_the_top(lang_table):
    page, battle, users, words, lang = lang_table
    turn = page.locator("#turn")
    assert words["turn"] in turn.inner_text() and words["idle"] in turn.inner_text()
    assert words["waiting"] in turn.inner_text()
    services.declare(battle_id=battle.pk, user=users["anna"], expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    page.reload()
    text = " ".join(turn.inner_text().split())
    assert words["active"] in text and words["actions"] in text
    # at the top: above the "Next" panel and the units, in view on a phone
    assert turn.bounding_box()["y"] < page.locator("#pending").bounding_box()["y"]
    assert in_view(turn)
    assert page.locator("#unit-steel1").get_attribute("aria-current") == "true"
    screenshot(page, f"battle-turn-{lang}")
    # the replay shows whose turn it was then
    slider = page.locator("#replay-at")
    slider.focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**?at=1")
    assert words["idle"] in page.locator("#turn").inner_text()


def test_a_rolls_outcome_appears_next_to_the_form_it_was_entered_in(lang_table):
    page, battle, users, words, lang = lang_table
    record_go_prone(battle, users["anna"])
    page.reload()
    die = page.locator("#pending input[data-sides]")
    entered_at = die.bounding_box()["y"]
    die.fill("6")
    die.press("Enter")
    page.locator("#event-4").wait_for()
    box = page.locator("#pending [data-last-outcome]")
    box.locator("li").first.wait_for()
    assert box.get_attribute("aria-live") == "polite"
    assert words["outcome"] in box.inner_text() and words["prone"] in box.inner_text()
    # the rules' sentences in the page's language, as the log writes them
    assert words["prone"] in page.locator("#event-4 .effects").inner_text()
    # where the dice were typed, on the phone's screen, not only in the log below
    assert abs(box.bounding_box()["y"] - entered_at) < 250
    assert in_view(box)
    screenshot(page, f"battle-roll-outcome-{lang}")
    # "roll for me" also says what the server rolled, by what the die was for
    for version, command in enumerate([
        {"action": "end_activation", "unit": "steel.1"},
        {"action": "begin_activation", "unit": "keno.1"},
        {"action": "go_prone", "unit": "keno.1"},
    ], start=4):
        services.declare(battle_id=battle.pk, user=users["boris"], expected_version=version,
                         command=command)
    page.reload()
    assert box.is_hidden()  # shown once, after the write it belongs to
    page.locator("#pending [data-roll-for-me]").click()
    page.locator("#event-8").wait_for()
    box.locator("li").first.wait_for()
    assert words["server"] in box.inner_text()
    assert words["reaction_die"] in box.inner_text()
    assert "function" not in box.inner_text()  # the faces, not a script's words


def test_concluding_needs_every_result_consistent_results_and_a_confirmation(lang_table):
    page, battle, users, words, lang = lang_table
    page.get_by_text(words["conclude"]).click()
    form = page.locator("#conclude-form")
    review = form.get_by_role("button", name=words["review"])
    error = form.locator("[data-form-error]")
    # no result is chosen for anyone by default
    assert form.locator("#result-1").input_value() == ""
    review.click()
    assert words["choose"] in error.inner_text()
    assert form.locator("#result-1").get_attribute("aria-invalid") == "true"
    form.locator("#result-1").select_option("win")
    form.locator("#result-2").select_option("win")
    review.click()
    assert words["two_winners"] in error.inner_text()
    form.locator("#result-2").select_option("draw")
    form.locator("#result-1").select_option("lose")
    review.click()
    assert words["lone_draw"] in error.inner_text()
    assert head(battle) == 1  # nothing was sent
    form.locator("#result-1").select_option("win")
    form.locator("#result-2").select_option("lose")
    review.click()
    preview = form.locator("[data-conclude-step=preview]")
    assert preview.is_visible() and not form.locator("#result-1").is_visible()
    assert words["results"] in preview.inner_text() and words["nobody"] in preview.inner_text()
    assert page.evaluate("document.activeElement.closest('[data-conclude-step=preview]') !== null")
    screenshot(page, f"battle-conclude-preview-{lang}")
    preview.get_by_role("button", name=words["back"]).click()
    assert form.locator("#result-1").is_visible() and head(battle) == 1
    review.click()
    preview.get_by_role("button", name=words["confirm"]).click()
    page.locator(".result").wait_for()
    battle.refresh_from_db()
    assert battle.status == "concluded" and battle.result == {"steel": "win", "keno": "lose"}


def test_a_campaign_battle_names_the_soldiers_never_their_ids(page, live_server, signed_in):
    import re

    from tests.pages.factories import steelwar_campaign
    from tests.pages.test_campaign_pages import fire_until_the_commander_falls

    club, users = club_with_players()
    campaign, battle, squads = steelwar_campaign(club, users)
    fire_until_the_commander_falls(battle, users["anna"])
    signed_in(page, users["olga"])
    page.goto(f"{live_server.url}/battles/{battle.pk}/")
    view = page.locator("#battle-view")
    # the decision, the units' casualties, the log's effects and the turn: names, not ids
    assert not re.search(IDS, view.inner_text()), re.search(IDS, view.inner_text())
    assert page.get_by_label("Cem (rifle)").is_visible()  # who takes command
    casualties = page.locator("#unit-squad-2 .casualties").inner_text()
    assert "Aro (rifle)" in casualties
    assert "Activation: 1st squad (Steel company)" in " ".join(
        page.locator("#turn").inner_text().split())
    page.get_by_label("Cem (rifle)").check()
    decided = head(battle) + 1
    page.get_by_role("button", name="Decide").click()
    page.locator(f"#event-{decided}").wait_for()
    answer_dice_until_done(page, battle, lambda label: 6)
    page.get_by_text("Conclude the battle").click()
    page.get_by_label("Result of Steel company").select_option("win")
    page.get_by_label("Result of Keno partisans").select_option("lose")
    page.get_by_role("button", name="Review what will be taken over").click()
    preview = page.locator("#conclude-form [data-conclude-step=preview]")
    text = preview.inner_text()
    assert "Aro (rifle)" in text and "Partisans, Keno partisans" in text
    assert not re.search(IDS, text), text
    screenshot(page, "campaign-battle-conclude-preview")
