"""Suppressive fire declared at the battle table in a real browser, on a phone, in English and
Russian (§2.16): the form asks a cell for each die of the rate of fire, a cell may take two
dice, a cell that does not touch the one before is refused naming it and nothing is stored."""
import pytest

from tests.pages import test_mercenaries_panic_hider_page as thicket
from tests.pages.conftest import screenshot, unlabelled_inputs
from tests.pages.test_mercenaries_panic_hider_page import declare, head, outcome, pick

#: The thicket's battle (anna's mercenaries west, boris's junta east), opened at phone width.
table = thicket.table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "legend": "cells, one a roll",
        "picks": ["cell of the 1st roll", "cell of the 2nd roll", "cell of the 3rd roll"],
        "refused": "cell 3,1 does not touch the cell before it [§2.16]",
        "declared": "Sgt. Rourke lays suppressive fire on 6,2, 7,1",
    },
    "ru": {
        "legend": "клетки, по одной на бросок",
        "picks": ["клетка 1\u2011го броска", "клетка 2\u2011го броска",
                  "клетка 3\u2011го броска"],
        "refused": "клетка 3,1 не соприкасается с предыдущей [§2.16]",
        "declared": "Sgt. Rourke ведёт огонь на подавление по клеткам 6,2, 7,1",
    },
}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_suppressive_fire_asks_a_cell_for_each_die_on_a_phone(table, language):
    battle, open_as = table
    words = WORDS[language]
    page = open_as("anna", "en-US" if language == "en" else "ru-RU")
    pick(page, "suppressive_fire", "rourke")
    params = page.locator("[data-declare-params]")
    assert params.locator("legend").inner_text() == words["legend"]
    assert params.locator("label").all_inner_texts() == words["picks"]
    selects = params.locator("select")
    assert selects.count() == 3  # the rifle's rate of fire
    assert [selects.nth(n).input_value() for n in range(3)] == ['"6,2"'] * 3  # Ruiz's cell
    assert unlabelled_inputs(page) == []

    # the third die at a cell that does not touch the second: refused, nothing stored
    selects.nth(2).select_option('"3,1"')
    page.locator("#declare-form button[type=submit]").click()
    error = page.locator("#declare-form [data-form-error]:not([hidden])")
    error.wait_for()
    assert error.inner_text() == words["refused"]
    assert selects.first.get_attribute("aria-invalid") == "true"
    assert head(battle) == 1
    screenshot(page, f"suppressive-{language}-refused")

    # two dice at Ruiz's cell, the third at Vega's beside it
    selects.nth(2).select_option('"7,1"')
    declare(page, battle)
    assert words["declared"] in outcome(page)
