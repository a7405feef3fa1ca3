"""The battle page's declare form offers cells in the page's language: "cell 2,2" in
English, «клетка 2,2» in Russian (moving, running, holding a cell or a line)."""

import json
import re

import pytest

from rules.mercenaries.examples import CLEARING
from tests.battles.helpers import mercenaries_battle
from tests.page_text import battle_page

pytestmark = pytest.mark.django_db


@pytest.fixture
def clearing(club, people):
    return mercenaries_battle(club, people, "The clearing", CLEARING)


def _form_choices(battle, user, language: str) -> dict[tuple[str, str, str], str]:
    """(action, unit, value) -> label of every choice the page's declare form offers."""
    found = re.search(r'<script id="declare-commands" type="application/json">(.*?)</script>',
                      battle_page(battle, user, language), re.S)
    assert found, "no declare form"
    return {(spec["action"], spec["unit"], choice["value"]): choice["label"]
            for spec in json.loads(found[1]) for param in spec["params"]
            for choice in param.get("choices", [])}


def test_cells_on_the_declare_form_read_in_english_and_russian(clearing, people):
    english = _form_choices(clearing, people["alice"], "en")
    russian = _form_choices(clearing, people["alice"], "ru")
    # Sgt. Rourke stands at 1,2: one cell to 2,2, two to 3,2; he may hold 4,2 and the
    # line through 2,2 (direction 1,0)
    assert english["move", "m1", "2,2"] == "cell 2,2"
    assert russian["move", "m1", "2,2"] == "клетка 2,2"
    assert english["run", "m1", "3,2"] == "cell 3,2"
    assert russian["run", "m1", "3,2"] == "клетка 3,2"
    assert english["hold", "m1", "4,2"] == "cell 4,2"
    assert russian["hold", "m1", "4,2"] == "клетка 4,2"
    assert english["hold_line", "m1", "1,0"] == "the line through cell 2,2"
    assert russian["hold_line", "m1", "1,0"] == "линия через клетку 2,2"
    assert not [label for label in russian.values() if label.startswith(("cell ", "the line"))]
    assert russian["shoot", "m1", "j2"] == "Private Ruiz"  # a fighter by his name
