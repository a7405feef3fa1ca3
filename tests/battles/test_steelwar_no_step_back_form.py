"""«Ни шагу назад!» at the battle table (Steel War §2.15): the declare form asks for the enemy
squads in view and the inches to the nearest friendly troops and enemy with nothing pre-filled,
offers "none on the table" for the friendly troops, and bad entries are refused naming the
field, in English and Russian, storing nothing."""

import json
import re

import pytest

from tests.battles.helpers import battle_between, head, post
from tests.page_text import battle_page
from tests.rules.steelwar.fold_support import setup
from tests.rules.steelwar.test_fold_no_step_back import enemy, guards

pytestmark = pytest.mark.django_db

IN_VIEW = ["steel.1", "steel.2", "steel.3"]


@pytest.fixture
def last_stand(club, people, clients):
    """Four Keno Guards dug in (alice) before four Steel squads (bob), in their activation."""
    battle = battle_between(club, people, "The last stand", "steelwar",
                            setup(steel=[enemy(n) for n in range(1, 5)], keno=[guards()]),
                            ("keno", "steel"))
    began = post(clients["alice"], battle, "declare/", {
        "expected_version": 1, "command": {"action": "begin_activation", "unit": "keno.g"}})
    assert began.status_code == 201, began.json()
    return battle


def _specs(battle, user, language, action) -> list[dict]:
    """The specs of ``action`` as the page's declare form gets them."""
    found = re.search(r'<script id="declare-commands" type="application/json">(.*?)</script>',
                      battle_page(battle, user, language), re.S)
    return [s for s in json.loads(found[1]) if s["action"] == action]


def _form(battle, user, language) -> dict:
    (spec,) = _specs(battle, user, language, "no_step_back")
    return spec


def _declare(client, battle, language, **params):
    return post(client, battle, "declare/", {
        "expected_version": head(battle),
        "command": {"action": "no_step_back", "unit": "keno.g", "params": params}},
        **{"Accept-Language": language})


@pytest.mark.parametrize(("language", "labels", "none"), [
    ("en", ["enemies in view", "inches to the nearest friendly troops",
            "inches to the nearest enemy"], "none on the table"),
    ("ru", ["противники в поле зрения", "дюймов до ближайших дружественных войск",
            "дюймов до ближайшего противника"], "дружественных войск на столе нет"),
])
def test_the_form_asks_for_what_the_players_see_with_nothing_pre_filled(
        last_stand, people, language, labels, none):
    spec = _form(last_stand, people["alice"], language)
    enemies, friend, enemy = spec["params"]
    assert [p["label"] for p in spec["params"]] == labels
    assert all(p["required"] and p["default"] is None for p in spec["params"])
    assert [c["label"] for c in enemies["choices"]] == [
        "squad 1 (Steel)", "squad 2 (Steel)", "squad 3 (Steel)", "squad 4 (Steel)"]
    assert (friend["kind"], friend["minimum"]) == ("number", 12)
    assert friend["choices"] == [{"value": None, "label": none}]
    assert (enemy["kind"], enemy["minimum"], "choices" in enemy) == ("number", 0, False)


FULL = {"enemies": IN_VIEW, "nearest_friend": None, "nearest_enemy": 20}


@pytest.mark.parametrize(("left_out", "bad", "field", "english", "russian"), [
    ("nearest_friend", {}, "nearest_friend",
     'inches to the nearest friendly troops: give a number of inches or "none on the table"',
     "дюймов до ближайших дружественных войск: укажите число дюймов или «дружественных войск "
     "на столе нет»"),
    (None, {"nearest_friend": -3}, "nearest_friend",
     'inches to the nearest friendly troops: give a number of inches or "none on the table", '
     "not -3",
     "дюймов до ближайших дружественных войск: укажите число дюймов или «дружественных войск "
     "на столе нет», а не -3"),
    ("nearest_enemy", {}, "nearest_enemy", "inches to the nearest enemy: give a number of inches",
     "дюймов до ближайшего противника: укажите число дюймов"),
    (None, {"nearest_enemy": -1}, "nearest_enemy",
     "inches to the nearest enemy: give a number of inches, not -1",
     "дюймов до ближайшего противника: укажите число дюймов, а не -1"),
    ("enemies", {}, "enemies", "enemies in view: name the enemy squads in direct line of sight",
     "противники в поле зрения: укажите вражеские отделения в прямой видимости"),
])
def test_a_missing_or_bad_entry_is_refused_naming_the_field_and_nothing_is_stored(
        clients, last_stand, left_out, bad, field, english, russian):
    params = {k: v for k, v in {**FULL, **bad}.items() if k != left_out}
    before = head(last_stand)
    for language, message in (("en", english), ("ru", russian)):
        refused = _declare(clients["alice"], last_stand, language, **params)
        assert refused.status_code == 400, refused.json()
        assert refused.json()["field"] == f"params.{field}"
        assert refused.json()["message"] == message
    assert head(last_stand) == before


def test_friendly_troops_within_12_inches_are_refused_citing_the_rule(clients, last_stand):
    before = head(last_stand)
    refused = _declare(clients["alice"], last_stand, "ru", **{**FULL, "nearest_friend": 12})
    assert refused.status_code == 422, refused.json()
    assert "в пределах 12\" не должно быть никаких дружественных войск (§2.15)" in refused.json()["message"]
    assert head(last_stand) == before


def test_the_form_as_sent_is_declared_and_the_state_then_offers_its_end(
        clients, last_stand, people):
    declared = _declare(clients["alice"], last_stand, "en", **FULL)
    assert declared.status_code == 201, declared.json()
    rolled = post(clients["alice"], last_stand, "dice/", {
        "expected_version": head(last_stand), "rolls": {"no_step_back.test": [6]}})
    assert rolled.status_code == 201, rolled.json()
    assert not _specs(last_stand, people["alice"], "en", "no_step_back")  # already in it
    (end,) = _specs(last_stand, people["alice"], "ru", "end_no_step_back")
    (enemies,) = end["params"]
    assert (end["unit"], enemies["default"]) == ("keno.g", [])  # nothing ticked: none in view
    assert end["label"] == "завершить «Ни шагу назад!»"
