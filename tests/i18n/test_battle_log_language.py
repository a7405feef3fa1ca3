"""The battle log's effects, its first line and the declare form's choices in the page's
language (the rule system's terms), with figures by their names, never by an id."""
import json
import re

import pytest

from battles import services
from battles.models import BattleLogEntry
from tests.page_text import battle_page

pytestmark = pytest.mark.django_db


def _effects(html: str) -> list[tuple[str, str]]:
    """(lang attribute, text) of every effect line of the log."""
    return [(lang or "", text.strip()) for lang, text in re.findall(
        r'<li(?: lang="(\w+)")? data-kind="[a-z_]+">(.*?)</li>', html, re.S)]


def _commands(html: str) -> list[dict]:
    return json.loads(re.search(r'<script id="declare-commands" type="application/json">'
                                r"(.*?)</script>", html, re.S)[1])


def _activate_and_go_prone(battle, user) -> None:
    services.declare(battle_id=battle.pk, user=user, expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    services.declare(battle_id=battle.pk, user=user, expected_version=2,
                     command={"action": "go_prone", "unit": "steel.1"})
    services.enter_dice(battle_id=battle.pk, user=user, expected_version=3,
                        rolls={"reaction.go_prone": [8]})


def test_the_logs_effects_are_in_the_pages_language(steelwar_battle, people):
    _activate_and_go_prone(steelwar_battle, people["alice"])
    russian = _effects(battle_page(steelwar_battle, people["alice"], "ru"))
    assert ("", "ход 1: активируется 1st squad") in russian
    assert ("", "1st squad: залегание (+1 шаг куба дальности, §2.4)") in russian
    assert all(lang == "" for lang, _ in russian), russian  # no English line left
    english = _effects(battle_page(steelwar_battle, people["alice"], "en"))
    assert ("en", "turn 1: 1st squad is activated") in english
    assert ("en", "1st squad goes prone (+1 range die step, §2.4)") in english


def test_an_old_row_without_the_sentences_data_is_shown_in_english(steelwar_battle, people):
    _activate_and_go_prone(steelwar_battle, people["alice"])
    row = BattleLogEntry.objects.get(battle=steelwar_battle, version=4)
    test = next(e for e in row.effects if e["kind"] == "reaction_test")
    del test["data"]["rule"]  # as stored before the rule was kept with the effect
    row.save(update_fields=["effects"])
    russian = _effects(battle_page(steelwar_battle, people["alice"], "ru"))
    assert ("en", test["text"]) in russian
    assert ("", "1st squad: залегание (+1 шаг куба дальности, §2.4)") in russian


def test_the_first_line_names_the_rule_system_in_the_pages_language(steelwar_battle, people):
    russian = battle_page(steelwar_battle, people["alice"], "ru")
    assert "битва началась: Стальная война, версия 1.0" in russian
    assert "Стальная война 1.0" in russian  # the header
    assert "battle started: The Steel War, version 1.0" in battle_page(
        steelwar_battle, people["alice"], "en")


def test_the_weapons_that_fire_are_figures_by_role_and_number_with_their_weapon(
        steelwar_battle, people):
    services.declare(battle_id=steelwar_battle.pk, user=people["alice"], expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    labels = {}
    for language in ("ru", "en"):
        fire = next(c for c in _commands(battle_page(steelwar_battle, people["alice"], language))
                    if c["action"] == "fire")
        weapons = next(p for p in fire["params"] if p["name"] == "weapons")
        labels[language] = {c["value"]: c["label"] for c in weapons["choices"]}
    assert labels["ru"]["cmd"] == "командир · пистолет-пулемёт"
    assert labels["ru"]["3"] == "стрелок 1 · винтовка"
    assert labels["en"]["3"] == "rifleman 1 · rifle"
    for label in (*labels["ru"].values(), *labels["en"].values()):
        assert not re.match(r"(cmd|\d+) ·", label), label  # never the figure's id
    cover = next(p for p in fire["params"] if p["name"] == "cover")
    assert {c["label"] for c in cover["choices"]} >= {"hard"}
    ru_fire = next(c for c in _commands(battle_page(steelwar_battle, people["alice"], "ru"))
                   if c["action"] == "fire")
    ru_cover = next(p for p in ru_fire["params"] if p["name"] == "cover")
    assert "капитальное укрытие" in {c["label"] for c in ru_cover["choices"]}


def _consequence(html: str) -> str:
    return re.search(r'<p class="small consequences">(.*?)</p>', html, re.S)[1]


def test_a_corrections_consequences_are_in_the_pages_language(steelwar_battle, people):
    """The row of a correction says what it changed downstream in the page's language: each
    fact's status and what it does now (its effects' sentences), and how many more."""
    alice = people["alice"]
    _activate_and_go_prone(steelwar_battle, alice)
    dice = BattleLogEntry.objects.get(battle=steelwar_battle, version=4)
    services.correct(battle_id=steelwar_battle.pk, user=alice, expected_version=4,
                     target_version=4, action="amend", reason="misread die",
                     data={**dice.data, "rolls": {"reaction.go_prone": [2]}})
    russian = _consequence(battle_page(steelwar_battle, alice, "ru"))
    assert russian.startswith("#4 теперь применён с исправлением: <span>")
    assert "1st squad" in russian and "lang=" not in russian
    english = _consequence(battle_page(steelwar_battle, alice, "en"))
    assert english.startswith("#4 now applied as amended: <span>")
    assert "теперь" not in english

    # more than listed: counted; a fact whose row changed again since reads its stored English
    correction = BattleLogEntry.objects.get(battle=steelwar_battle, version=5)
    correction.consequences = {**correction.consequences, "changed": 4, "more": 3,
                               "last_version": 9}
    correction.save(update_fields=["consequences"])
    BattleLogEntry.objects.filter(battle=steelwar_battle, version=4).update(text="changed since")
    russian = _consequence(battle_page(steelwar_battle, alice, "ru"))
    stored = correction.consequences["facts"][0]["after"]["text"]
    assert f'#4 теперь применён с исправлением: <span lang="en">{stored}</span>' in russian
    assert russian.endswith("; изменились ещё 3 факта, до #9")
