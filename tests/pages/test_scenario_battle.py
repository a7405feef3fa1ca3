"""From a scenario to what its battle changed, in a real browser at phone width, in English
and in Russian: the organizer picks the units (a dead soldier is refused by name, with the
reason), starts the battle, concludes it at the table after reviewing what the campaign
takes over, and reads what changed, the soldiers' timelines and the force before the
battle."""
import pytest

from battles import services
from tests.pages.conftest import answer_dice_until_done, screenshot
from tests.pages.factories import club_with_players, steelwar_campaign_planned
from tests.pages.test_campaign_pages import FIRE_DICE, POWER_ARMOUR

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "record": "Record the units going", "start": "Start the battle",
        "refused": "Dor (Partisans) cannot take part: dead", "dead": "dead",
        "recorded": "The units going into the battle are recorded.",
        "conclude": "Conclude the battle", "review": "Review what will be taken over",
        "confirm": "Confirm and conclude", "fate": "Their fate is still to be rolled",
        "forces": "The forces, after this battle", "changed": "What the battle changed",
        "title": "What The bridge changed", "killed": "Aro killed in The bridge",
        "notice": "As it stood before the battle.",
    },
    "ru": {
        "record": "Записать, кто идёт в бой", "start": "Начать бой",
        "refused": "Dor (Partisans) не может участвовать: погиб", "dead": "погиб",
        "recorded": "Отделения, идущие в бой, записаны.",
        "conclude": "Завершить бой", "review": "Посмотреть, что будет перенесено в кампанию",
        "confirm": "Подтвердить и завершить", "fate": "Их судьба ещё не определена",
        "forces": "Отряды после этого боя", "changed": "Что бой изменил в кампании",
        "title": "Что изменил бой «The bridge»", "killed": "Aro погиб в «The bridge»",
        "notice": "Состояние перед боем.",
    },
}


def fire_at_the_partisans(battle, user):
    """The 1st squad fires at the Partisans (through the battles services): each hit on the
    leftmost figure, settled by the power and armour table of ``test_campaign_pages``; the
    Partisans' new commander keeps his leadership."""
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
            parts = request["key"].split(".")
            if parts[0] != "hit":  # the new commander's leadership: unchanged (4-5)
                rolls[request["key"]] = [5]
                continue
            power, armour = POWER_ARMOUR[int(parts[1])]
            rolls[request["key"]] = [{"figure": 1, "power": power, "armour": armour}[parts[2]]]
        result = services.enter_dice(battle_id=battle.pk, user=user,
                                     expected_version=result.body["version"], rolls=rolls)
    return result


@pytest.fixture(params=["en", "ru"])
def planned(request, live_server, browser, signed_in):
    from campaign.services import soldiers

    lang = request.param
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  locale="ru-RU" if lang == "ru" else "en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    club, users = club_with_players()
    campaign, squads = steelwar_campaign_planned(club, users)
    dor = squads["boris"]["soldiers"][3]
    soldiers.record_death(user=users["olga"], campaign=campaign, soldier_id=dor)
    signed_in(page, users["olga"])
    yield page, campaign, squads, users, lang
    context.close()


def test_a_scenario_from_its_picks_to_what_its_battle_changed(planned, live_server):
    page, campaign, squads, users, lang = planned
    words = WORDS[lang]
    keno, steel = squads["boris"], squads["anna"]
    aro, dor = keno["soldiers"][0], keno["soldiers"][3]
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/scenarios/1/")
    form = page.locator(f"[data-testid=picks-{keno['force']}]")
    # Dor's reason stands beside his name before anything is sent
    assert words["dead"] in form.locator(f"#soldier-{dor}").locator("..").inner_text()
    assert not form.locator(f"#soldier-{dor}").is_checked()
    screenshot(page, f"scenario-picks-{lang}")

    # picking the dead man is refused by his name and the reason; nothing is recorded
    form.locator(f"#soldier-{dor}").check()
    form.get_by_role("button", name=words["record"]).click()
    alert = page.locator(f"#picks-error-{keno['force']}")
    alert.wait_for()
    assert words["refused"] in alert.inner_text()
    from campaign.services.ledger import state_of

    assert keno["force"] not in state_of(campaign_id=campaign.pk).scenarios[1].picks
    screenshot(page, f"scenario-refused-{lang}")

    form = page.locator(f"[data-testid=picks-{keno['force']}]")
    form.locator(f"#soldier-{dor}").uncheck()
    form.get_by_role("button", name=words["record"]).click()
    page.get_by_text(words["recorded"]).wait_for()
    page.locator(f"[data-testid=picks-{steel['force']}]").get_by_role(
        "button", name=words["record"]).click()
    page.get_by_text(words["recorded"]).wait_for()
    assert "Aro, Bel, Cem, Eln" in page.locator(f"#side-{keno['force']}").inner_text()
    page.get_by_role("button", name=words["start"]).click()
    page.wait_for_url("**/battles/*/")
    battle_id = state_of(campaign_id=campaign.pk).scenarios[1].battle_id
    assert page.url.endswith(f"/battles/{battle_id}/")

    # play: the 1st squad's fire kills the Partisans' commander and wounds a man
    from battles.models import Battle

    battle = Battle.objects.get(pk=battle_id)
    fire_at_the_partisans(battle, users["anna"])
    page.reload()
    answer_dice_until_done(page, battle, lambda label: 6)

    # conclude: no default result, then the review of what the campaign takes over
    page.get_by_text(words["conclude"]).click()
    conclude = page.locator("#conclude-form")
    assert conclude.locator("#result-1").input_value() == ""
    conclude.locator("#result-1").select_option("win")
    conclude.locator("#result-2").select_option("lose")
    conclude.get_by_role("button", name=words["review"]).click()
    preview = conclude.locator("[data-conclude-step=preview]")
    text = preview.inner_text()
    assert "Aro" in text and words["forces"] in text
    assert "Steel company" in text and "Keno partisans" in text
    if preview.locator("[data-outcome=wounded], [data-outcome=unchecked]").count():
        assert words["fate"] in text
    screenshot(page, f"scenario-battle-review-{lang}")
    preview.get_by_role("button", name=words["confirm"]).click()
    page.locator(".result").wait_for()

    # the table links to what the battle changed in the campaign
    page.get_by_role("link", name=words["changed"]).click()
    page.wait_for_url("**/scenarios/1/outcome/")
    assert words["title"] in page.locator("h1").inner_text()
    outcome = page.locator("main").inner_text()
    assert "Aro" in outcome and "Steel company" in outcome
    assert page.locator(f"a[href$='/soldiers/{aro}/']").count() == 1
    # the Partisans' new commander, by name (never an id)
    squad_card = page.locator("li[data-kind=squads]", has=page.locator(
        f"a[href$='/squads/{keno['squad']}/']"))
    assert "Aro" in squad_card.inner_text() and "Cem" in squad_card.inner_text()
    # a man the battle left wounded (his fate was the campaign's roll) awaits his recovery
    left_wounded = [s.name for s in state_of(campaign_id=campaign.pk).soldiers.values()
                    if s.status == "wounded"]
    awaiting = page.locator("#awaiting-title")
    assert awaiting.count() == (1 if left_wounded else 0)
    for name in left_wounded:
        assert name in awaiting.locator("..").inner_text()
    screenshot(page, f"scenario-outcome-{lang}")

    # Aro's timeline, in the page's language
    page.locator(f"a[href$='/soldiers/{aro}/']").click()
    page.locator(".timeline").wait_for()
    assert words["killed"] in page.locator(".timeline").inner_text()
    assert page.locator(".timeline p[lang=en]").count() == 0
    screenshot(page, f"scenario-soldier-timeline-{lang}")

    # the force before the battle: the notice counts every change shown
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/forces/{keno['force']}/"
              f"?before_battle={battle_id}")
    notice = page.locator(".notice[role=status]")
    assert words["notice"] in notice.inner_text()
    shown = page.locator(".change").count()
    assert str(shown) in notice.inner_text()
    tops = page.locator(".force-changes .change").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert tops and len(set(tops)) == len(tops)  # the force's changes, one a line
    screenshot(page, f"scenario-force-before-{lang}")
