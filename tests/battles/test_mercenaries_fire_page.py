"""Mercenaries' automatic and lobbed fire through the API and on the battle page, in English
and in Russian (§2.15, §2.22-§2.24)."""

import pytest

from rules.mercenaries.examples import VILLAGE
from tests.battles.helpers import dice, mercenaries_battle, post
from tests.page_text import battle_page_texts

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
