"""Mercenaries' automatic and lobbed fire through the API and on the battle page, in English
and in Russian (§2.15, §2.22-§2.24)."""

import json
import re
from html import unescape

import pytest

from rules.mercenaries.examples import VILLAGE
from tests.battles.helpers import dice, head, mercenaries_battle, post
from tests.page_text import battle_page, battle_page_texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def village(club, people):
    return mercenaries_battle(club, people, "The village", VILLAGE)


def test_a_burst_reads_in_english_and_russian(clients, village, people):
    burst = {"action": "auto_fire", "unit": "g1", "params": {"targets": ["v3"]}}
    declared = post(clients["alice"], village, "declare/",
                    {"expected_version": 1, "command": burst})
    assert declared.status_code == 201, declared.json()
    assert [r["key"] for r in declared.json()["pending"]["requests"]] == [
        "auto.trait", "auto.wild"]
    rolled = dice(clients["alice"], village, 2, **{"auto.trait": [1, 1, 2, 5],
                                                   "auto.wild": [1]})
    assert rolled.status_code == 201, rolled.json()
    english, russian = battle_page_texts(village, people["alice"])
    assert "Gunner Kowalski fires a burst of 4 at Militiaman Cruz" in english
    assert "Reload! Gunner Kowalski's burst stops at die 3" in english
    assert "Gunner Kowalski ведёт автоматический огонь (4 куб.) по целям: Militiaman Cruz" \
        in russian
    assert "Перезарядка! Очередь бойца Gunner Kowalski обрывается на кубе 3" in russian
    assert "атака навесом" in russian and "огонь на подавление" in russian  # the catalogue
    assert "auto.trait" not in english + russian


def test_a_gun_not_ready_is_refused_in_russian(clients, village):
    shot = {"action": "lobbed_attack", "unit": "g3",
            "params": {"with": "weapon", "at": "7,5", "spotter": "g5"}}
    post(clients["alice"], village, "declare/", {"expected_version": 1, "command": shot})
    for version, rolls in ((2, {"area.trait": [1]}), (3, {"area.deviation": [3]}),
                           (4, {"area.direction": [12]})):
        assert dice(clients["alice"], village, version, **rolls).status_code == 201
    for version in (5, 6):
        ended = post(clients["alice" if version == 5 else "bob"], village, "declare/",
                     {"expected_version": version, "command": {"action": "end_turn"}})
        assert ended.status_code == 201, ended.json()
    refused = post(clients["alice"], village, "declare/",
                   {"expected_version": 7, "command": shot}, **{"Accept-Language": "ru"})
    assert refused.status_code == 422, refused.json()
    assert refused.json()["message"].startswith("light mortar выстрелит снова в раунде 3")


def _form_param(page: str, action: str, unit: str, name: str) -> dict:
    """A parameter of the declare form, as the page hands it to battle.js."""
    raw = re.search(r'<script id="declare-commands" type="application/json">(.*?)</script>',
                    page, re.S).group(1)
    spec = next(c for c in json.loads(unescape(raw))
                if (c["action"], c["unit"]) == (action, unit))
    return next(p for p in spec["params"] if p["name"] == name)


def test_suppressive_fire_asks_a_cell_for_each_die_in_english_and_russian(
        clients, village, people):
    """§2.16: one cell per die of the rate of fire, a cell as often as wanted; the form asks
    each die's cell on its own, and a wrong count is refused naming the field."""
    english = _form_param(battle_page(village, people["alice"], "en"),
                          "suppressive_fire", "g1", "cells")
    russian = _form_param(battle_page(village, people["alice"], "ru"),
                          "suppressive_fire", "g1", "cells")
    assert english["count"] == russian["count"] == 4  # the machine gun's rate of fire
    assert not english["multiple"] and len(english["default"]) == 4
    assert english["label"] == "cells, one a roll"
    assert english["picks"] == [f"cell of the {nth} roll" for nth in ("1st", "2nd", "3rd", "4th")]
    assert russian["label"] == "клетки, по одной на бросок"
    assert russian["picks"][1] == "клетка 2\u2011го броска"
    assert {"5,3", "6,4"} <= {c["value"] for c in russian["choices"]}

    short = {"action": "suppressive_fire", "unit": "g1", "params": {"cells": ["5,3"] * 3}}
    refused = post(clients["alice"], village, "declare/",
                   {"expected_version": 1, "command": short}, **{"Accept-Language": "ru"})
    assert refused.status_code == 400, refused.json()  # bad_command: the request's shape
    assert refused.json()["field"] == "params.cells"
    assert refused.json()["message"].startswith(
        "огонь на подавление: бросков — 4, по клетке на бросок; названо клеток: 3")
    assert head(village) == 1  # nothing stored

    twice = {"action": "suppressive_fire", "unit": "g1",
             "params": {"cells": ["5,3", "5,3", "6,4", "6,4"]}}  # two dice at each cell
    declared = post(clients["alice"], village, "declare/",
                    {"expected_version": 1, "command": twice})
    assert declared.status_code == 201, declared.json()
    assert [r["count"] for r in declared.json()["pending"]["requests"]] == [4, 1]
