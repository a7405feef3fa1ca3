"""Issue 18's mechanics at the battle table in a real browser, on a phone, in English and
Russian: panic entered at the table (§2.13; nobody pre-ticked, an empty entry refused naming
the field, the squad card marking who is in panic), a panicked Extra offered only the flight
and fleeing off the map, a sergeant stopping another's flight; a hider ready for discovery
(§2.17) interrupting the enemy who walks beside him with his prepared shot, the other Extras
of that squad rolling Notice at his shot as a group (§2.18); a refused command's sentence."""
import pytest

from battles import services
from rules.mercenaries.examples import _fighter
from tests.pages.conftest import _new_page, artifacts_dir, head, screenshot
from tests.pages.factories import club_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The mercenaries west, the junta's squad east; Ortega hidden in a thicket between them, his
#: Stealth d12 (base 6) high enough that even his shot (active, -4) is looked for with a roll.
SETUP = {
    "map": {"width": 10, "height": 5, "light": "dim", "cells": [{"cell": [4, 2], "cover": 2}]},
    "first_side": "mercs",
    "sides": {
        "mercs": {"name": "Mercenaries", "squads": {
            "alpha": {"name": "Alpha", "fighters": {
                "rourke": _fighter("Sgt. Rourke", "wild_card", [2, 2], rank="sergeant"),
                "diaz": _fighter("Diaz", "extra", [0, 1]),
                "soto": _fighter("Soto", "extra", [1, 3]),
            }},
            "scouts": {"name": "Scouts", "fighters": {
                "ortega": _fighter("Ortega", "extra", [4, 2], hidden=True, traits={
                    **_fighter("", "extra", [0, 0])["traits"], "stealth": 12}),
            }},
        }},
        "junta": {"name": "Junta", "squads": {"patrol": {"name": "2nd squad", "fighters": {
            "ruiz": _fighter("Private Ruiz", "extra", [6, 2]),
            "vega": _fighter("Private Vega", "extra", [7, 1]),
            "cruz": _fighter("Private Cruz", "extra", [7, 3]),
        }}}},
    },
}


@pytest.fixture
def table(live_server, browser, signed_in):
    """The battle, anna the mercenaries' player and boris the junta's; ``open_as(name,
    locale)`` opens its page signed in as one of them, at phone width."""
    club, users = club_with_players()
    battle = services.create_battle(
        club=club, name="The thicket", rule_system="mercenaries", rule_version="0.1",
        setup=SETUP,
        participants=[services.ParticipantSpec(user=users["anna"], side="mercs"),
                      services.ParticipantSpec(user=users["boris"], side="junta")],
        created_by=users["olga"],
    )
    pages = []

    def open_as(name, locale):
        page = _new_page(browser, locale)
        pages.append(page)
        signed_in(page, users[name])
        page.goto(f"{live_server.url}/battles/{battle.pk}/")
        return page

    yield battle, open_as
    for page in pages:
        page.context.close()


WORDS = {
    "en": {
        "for": "For: Sgt. Rourke, Diaz, Soto, Ortega",
        "empty": "who panic: tick at least one fighter",
        "in_panic": ["Diaz in panic", "Soto in panic"],
        "refused": ("the fighters who panic are of one side: Soto fights for Mercenaries, "
                    "Private Ruiz for Junta; enter each side's panic on its own (§2.13)"),
        "panicked": ("Panic: Diaz, Soto (§2.13; the morale test is not in the text, its result "
                     "was entered at the table)"),
        "cell": "cell 0,3",
        "fled": "Diaz flees the battlefield: out of the battle, not a casualty",
        "fled_count": "fled the battlefield",
        "stopped": "Sgt. Rourke stops the flight of Alpha",
        "ready": "Ortega lies in wait, ready for discovery with a shot",
        "looks": "Private Ruiz looks for Ortega: Notice against TN 7",
        "notice_die": "Roll for: Notice roll (Private Ruiz) Notice die d6",
        "interrupt": ("Ortega was ready for discovery: he interrupts Private Ruiz with his "
                      "prepared shot"),
        "reaction": "Ortega shoots at Private Ruiz as a reaction (-1 against Defence 4)",
        "attack_die": "Roll for: attack (Ortega) shooting die d8",
        "wound": "Private Ruiz takes 1 wound, 1 in all",
        "group": ("2nd squad (Private Vega, Private Cruz) look for Ortega as a group: Notice d6 "
                  "and the group Wild Die d4, against TN 5 (Private Vega), 5 (Private Cruz)"),
        "group_dice": ["Notice of 2nd squad: the group's die d6",
                       "group Wild Die d4 of 2nd squad (2 Extras)"],
        "spotted": "Private Vega spots Ortega (5/2+0 = 5)",
    },
    "ru": {
        "for": "Для: Sgt. Rourke, Diaz, Soto, Ortega",
        "empty": "кто в панике: отметьте хотя бы одного бойца",
        "in_panic": ["Diaz в панике", "Soto в панике"],
        "refused": ("паникующие бойцы — одной стороны: Soto воюет за сторону Mercenaries, "
                    "Private Ruiz — за Junta; панику каждой стороны вносите отдельно (§2.13)"),
        "panicked": ("Паника: Diaz, Soto (§2.13; теста морали нет в тексте, его результат "
                     "внесён за столом)"),
        "cell": "клетка 0,3",
        "fled": "Diaz бежит с поля боя: выбыл из боя, но не потеря",
        "fled_count": "бежали с поля боя",
        "stopped": "Sgt. Rourke останавливает бегущих из отделения Alpha",
        "ready": "Ortega затаился, готовый к обнаружению: заготовлен выстрел",
        "looks": "Private Ruiz высматривает цель Ortega: Внимание против ТН 7",
        "notice_die": "Бросок для: проверка Внимания Private Ruiz: куб Внимания (статист: "
                      "базовый навык) к6",
        "interrupt": ("Ortega был готов к обнаружению и прерывает ход бойца Private Ruiz "
                      "заготовленным действием"),
        "reaction": "Ortega атакует реакцией: Private Ruiz (-1 против Защиты 4)",
        "attack_die": "Бросок для: атака Ortega: основной куб атаки к8",
        "wound": "Private Ruiz получает ран: 1, всего 1",
        "group": ("2nd squad (Private Vega, Private Cruz) высматривают цель Ortega группой: "
                  "Внимание к6 и Дикая кость группы к4, ТН 5 (Private Vega), 5 (Private Cruz)"),
        "group_dice": ["2nd squad: куб Внимания группы (базовый навык)",
                       "2nd squad: Дикая кость группы"],
        "spotted": "Private Vega обнаруживает цель Ortega (5/2+0 = 5)",
    },
}


def pick(page, action, unit=None):
    page.locator("#declare-action").select_option(action)
    if unit:
        page.locator("#declare-unit").select_option(unit)


def wait_past(page, version: int):
    page.wait_for_function(
        f"Number(document.getElementById('battle').dataset.version) > {version}")


def declare(page, battle):
    version = head(battle)
    page.locator("#declare-form button[type=submit]").click()
    wait_past(page, version)


#: Whether the chosen option's text fits its select (a select cuts a long one off; 24 px are
#: left for the arrow).
FITS = """(select) => {
  const style = getComputedStyle(select), canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  context.font = style.font;
  const text = context.measureText(select.options[select.selectedIndex].text).width;
  return text <= select.clientWidth - parseFloat(style.paddingLeft)
                 - parseFloat(style.paddingRight) - 24;
}"""


def action_fits(page) -> bool:
    return page.locator("#declare-action").evaluate(FITS)


def fighters_for(page, action) -> list[str]:
    """Who the catalogue offers ``action`` to, by the names the Unit list shows."""
    pick(page, action)
    return page.locator("#declare-unit option").all_inner_texts()


def outcome(page) -> str:
    return page.locator("[data-last-outcome]").inner_text()


def dice_labels(page) -> list[str]:
    return [label.split("\n")[0].strip()
            for label in page.locator("#pending label[for^='die-']").all_inner_texts()]


def asked(page) -> str:
    """The dice form's "Roll for" line and its one die's label, as a player reads them."""
    return " ".join([page.locator("#pending [data-roll-for]").inner_text(), *dice_labels(page)])


def enter(page, battle, values):
    """Type each die the page asks for (in its order) and send the form with Enter."""
    inputs = page.locator("#pending input[data-sides]")
    assert inputs.count() == len(values), dice_labels(page)
    for n, value in enumerate(values):
        inputs.nth(n).fill(str(value))
    version = head(battle)
    inputs.last.press("Enter")
    wait_past(page, version)


def in_panic(page) -> list[str]:
    """Who the squad cards mark as in panic, as a player reads them."""
    return [" ".join(text.split())
            for text in page.locator("ul.units [data-marker=panicked]").all_inner_texts()]


def tick(page, fighter: str, on: bool = True):
    box = page.locator(f"[data-declare-params] input[value='\"{fighter}\"']")
    box.check() if on else box.uncheck()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_panic_and_the_prepared_hider_are_played_at_the_table_on_a_phone(table, language):
    battle, open_as = table
    words = WORDS[language]
    page = open_as("anna", "en-US" if language == "en" else "ru-RU")
    shot = 0

    def snap(page, name):
        nonlocal shot
        shot += 1
        screenshot(page, f"panic-hider-{language}-{shot:02d}-{name}")
        page.locator("#pending").screenshot(
            path=str(artifacts_dir() / f"panic-hider-{language}-{shot:02d}-{name}-next.png"))

    assert page.locator("[data-pending-for]").inner_text() == words["for"]  # names, not ids

    # nobody is ticked to begin with: sent so, refused, naming the field; nothing is stored
    pick(page, "panic")
    assert action_fits(page)  # read whole on a phone
    boxes = page.locator("[data-declare-params] input[type=checkbox]")
    assert boxes.count() == 6 and page.locator(
        "[data-declare-params] input[type=checkbox]:checked").count() == 0
    page.locator("#declare-form button[type=submit]").click()
    error = page.locator("#declare-form [data-form-error]:not([hidden])")
    error.wait_for()
    assert error.inner_text() == words["empty"]
    assert boxes.first.get_attribute("aria-invalid") == "true"
    assert head(battle) == 1 and in_panic(page) == []
    snap(page, "empty")

    # the table enters panic for Extras of both sides: refused, the sentence says what to fix
    tick(page, "soto")
    tick(page, "ruiz")
    page.locator("#declare-form button[type=submit]").click()
    page.wait_for_function(
        "(text) => document.querySelector('#declare-form [data-form-error]').textContent !== text",
        arg=words["empty"])
    assert error.inner_text() == words["refused"]  # the rule cited once
    assert head(battle) == 1
    snap(page, "refused")

    # the morale test's result: Diaz and Soto panic
    tick(page, "ruiz", False)
    tick(page, "diaz")
    declare(page, battle)
    assert words["panicked"] in outcome(page)
    assert in_panic(page) == words["in_panic"]  # on Alpha's card, by name
    page.locator("#unit-alpha").screenshot(
        path=str(artifacts_dir() / f"panic-hider-{language}-card.png"))
    snap(page, "panicked")

    # only the flight: Soto may walk one cell directly away, Diaz (at the edge) may flee
    assert "Diaz" not in fighters_for(page, "move")
    pick(page, "move", "soto")
    assert page.locator("[data-declare-params] select option").all_inner_texts() == [
        words["cell"]]
    for action in ("run", "shoot", "hide_ready"):
        offered = fighters_for(page, action)
        assert "Diaz" not in offered and "Soto" not in offered, (action, offered)
    assert fighters_for(page, "flee") == ["Diaz"]
    pick(page, "flee", "diaz")
    declare(page, battle)
    assert words["fled"] in outcome(page)
    assert words["fled_count"] in page.locator("ul.units").inner_text()
    assert in_panic(page) == words["in_panic"][1:]  # Diaz left: counted as fled, not marked
    snap(page, "fled")

    # Sgt. Rourke stops Soto's flight; the table says it worked
    assert fighters_for(page, "stop_panic") == ["Sgt. Rourke"]
    pick(page, "stop_panic", "rourke")
    page.locator("[data-declare-params] input[type=checkbox]").check()
    snap(page, "stop-form")
    declare(page, battle)
    assert words["stopped"] in outcome(page)
    assert in_panic(page) == []
    pick(page, "move", "soto")
    assert page.locator("[data-declare-params] select option").count() > 1  # not only away

    # Ortega, hidden in the thicket, lies in wait with a shot
    pick(page, "hide_ready", "ortega")
    assert action_fits(page)
    snap(page, "ready-form")
    declare(page, battle)
    assert words["ready"] in outcome(page)
    pick(page, "end_turn")
    declare(page, battle)

    # the junta's player walks Private Ruiz beside him: Ruiz rolls Notice and spots him
    junta = open_as("boris", "en-US" if language == "en" else "ru-RU")
    pick(junta, "move", "ruiz")
    junta.locator("[data-declare-params] select").select_option('"5,2"')
    declare(junta, battle)
    assert words["looks"] in outcome(junta)
    assert asked(junta) == words["notice_die"]  # whose die, and what for
    snap(junta, "notice")
    enter(junta, battle, [7])  # 6 and 1 on the exploding d6

    # Ortega interrupts him with the prepared shot: its die is asked of Ortega
    assert words["interrupt"] in outcome(junta) and words["reaction"] in outcome(junta)
    assert asked(junta) == words["attack_die"]
    snap(junta, "interrupt")
    enter(junta, battle, [7])
    enter(junta, battle, [5, 5])  # 10 damage: Ruiz is out of the fight
    assert words["wound"] in outcome(junta)

    # his shot is active: Vega and Cruz, of one squad, look for him as a group
    assert words["group"] in outcome(junta)
    labels = dice_labels(junta)
    assert [label for label in labels if label.startswith(tuple(words["group_dice"]))] == labels
    assert len(labels) == 2
    snap(junta, "group")
    enter(junta, battle, [5, 2])
    assert words["spotted"] in outcome(junta)
    snap(junta, "spotted")
    text = junta.locator("body").inner_text()
    for key in ("diaz", "soto", "ortega", "ruiz", "hide_ready", "stop_panic", "group_notice"):
        assert key not in text, key  # people see names and labels, never ids or keys
