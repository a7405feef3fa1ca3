"""Mercenaries is played like any registered system: created, declared, rolled, decided and
concluded through the API, its refusals in Russian on a Russian request."""

import json

import pytest

from rules.mercenaries.examples import AMBUSH, CLEARING
from tests.battles.helpers import dice, head, mercenaries_battle, post, url
from tests.page_text import battle_page_texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def clearing(club, people):
    return mercenaries_battle(club, people, "The clearing", CLEARING)


def test_a_shot_is_rolled_with_the_wild_die_and_the_battle_concluded(clients, clearing):
    shot = {"action": "shoot", "unit": "m1", "params": {"target": "j2"}}
    declared = post(clients["alice"], clearing, "declare/",
                    {"expected_version": 1, "command": shot})
    assert declared.status_code == 201, declared.json()
    requests = declared.json()["pending"]["requests"]
    assert [(r["key"], r.get("explodes")) for r in requests] == [
        ("attack.trait", True), ("attack.wild", True)]
    missed = dice(clients["alice"], clearing, 2, **{"attack.trait": [1], "attack.wild": [1]})
    assert missed.status_code == 201, missed.json()
    assert missed.json()["pending"]["kind"] == "command"
    concluded = post(clients["org"], clearing, "conclude/",
                     {"expected_version": 3, "result": {"mercs": "draw", "junta": "draw"}})
    assert concluded.status_code == 200, concluded.json()
    units = concluded.json()["events"][0]["data"]["summary"]["units"]
    assert {u["unit"] for u in units} == {"alpha", "patrol"}


def test_an_exploding_die_face_is_refused_and_nothing_is_stored(clients, clearing):
    post(clients["alice"], clearing, "declare/", {"expected_version": 1, "command": {
        "action": "shoot", "unit": "m1", "params": {"target": "j2"}}})
    refused = dice(clients["alice"], clearing, 2, **{"attack.trait": [8], "attack.wild": [3]})
    assert refused.status_code == 422, refused.json()
    assert head(clearing) == 2


def test_a_refusal_reads_in_russian(clients, clearing):
    refused = post(clients["bob"], clearing, "declare/",
                   {"expected_version": 1, "command": {"action": "shoot", "unit": "j1",
                                                       "params": {"target": "m1"}}},
                   **{"Accept-Language": "ru"})
    assert refused.status_code == 422, refused.json()
    assert refused.json()["message"].startswith("сейчас не ход стороны бойца Lt. Moreno")


def test_the_battle_page_speaks_english_and_russian(clients, clearing, people):
    post(clients["alice"], clearing, "declare/", {"expected_version": 1, "command": {
        "action": "shoot", "unit": "m1", "params": {"target": "j2"}}})
    english, russian = battle_page_texts(clearing, people["alice"])
    assert "shooting die d8 Wild Die d6" in english
    assert "Sgt. Rourke shoots at Private Ruiz" in english
    assert "Alpha team Mercenaries" in english and "mercs" not in english  # sides by name
    assert "Дикая кость атаки" in russian
    assert "Sgt. Rourke атакует: Private Ruiz" in russian
    assert "attack.wild" not in english + russian


def test_a_held_attack_interrupts_a_run_through_the_api_in_both_languages(clients, clearing,
                                                                           people):
    """§2.26: Rourke holds 4,2; Moreno's run through it stops there for the held shot, which
    Rourke's player rolls, then goes on; the page tells it in English and Russian."""
    def command(action, unit, **params):
        return {"action": action, "unit": unit, "params": params}

    held = post(clients["alice"], clearing, "declare/",
                {"expected_version": 1, "command": command("hold", "m1", cell="4,2")})
    assert held.status_code == 201, held.json()
    ended = post(clients["alice"], clearing, "declare/",
                 {"expected_version": 2, "command": command("end_turn", None)})
    assert ended.status_code == 201, ended.json()
    run = post(clients["bob"], clearing, "declare/",
               {"expected_version": 3, "command": command("run", "j1", to="3,2")})
    assert run.status_code == 201, run.json()
    assert [r["key"] for r in run.json()["pending"]["requests"]] == ["attack.trait",
                                                                     "attack.wild"]
    missed = dice(clients["alice"], clearing, 4, **{"attack.trait": [1], "attack.wild": [2]})
    assert missed.status_code == 201, missed.json()
    assert missed.json()["pending"]["kind"] == "command"
    english, russian = battle_page_texts(clearing, people["bob"])
    assert "Lt. Moreno is interrupted in cell 4,2: Sgt. Rourke react" in english
    assert "Lt. Moreno goes on to cell 3,2" in english
    assert "Lt. Moreno прерван в клетке 4,2: реагируют Sgt. Rourke" in russian
    assert "Sgt. Rourke атакует реакцией: Lt. Moreno" in russian


def test_the_server_draws_the_lot_of_a_held_attack_and_it_verifies(clients, club, people):
    """§2.1: two junta fighters on the line Rourke holds when their turn ends; the server
    rolls the lot (a die whose faces are their names) from the committed seed."""
    import copy

    setup = copy.deepcopy(CLEARING)
    setup["sides"]["junta"]["squads"]["patrol"]["fighters"]["j2"]["cell"] = [6, 2]
    battle = mercenaries_battle(club, people, "The road", setup)
    for version, client, command in (
            (1, clients["alice"], {"action": "hold_line", "unit": "m1",
                                   "params": {"direction": "1,0"}}),
            (2, clients["alice"], {"action": "end_turn"}),
            (3, clients["bob"], {"action": "end_turn"})):
        answer = post(client, battle, "declare/", {"expected_version": version,
                                                   "command": command})
        assert answer.status_code == 201, answer.json()
    (lot,) = answer.json()["pending"]["requests"]
    assert lot["faces"] == ["1. Lt. Moreno", "2. Private Ruiz"]
    drawn = post(clients["alice"], battle, "dice/", {"expected_version": 4,
                                                     "server_dice": ["share.pick"]})
    assert drawn.status_code == 201, drawn.json()
    assert [r["key"] for r in drawn.json()["pending"]["requests"]] == ["attack.trait",
                                                                       "attack.wild"]
    concluded = post(clients["org"], battle, "conclude/",
                     {"expected_version": 5, "result": {"mercs": "draw", "junta": "draw"}})
    assert concluded.status_code == 200, concluded.json()
    report = clients["alice"].get(url(battle, "dice/verify/")).json()
    assert report["verified"] and report["server_rolls"] == 1


@pytest.fixture
def ambush(club, people):
    return mercenaries_battle(club, people, "The ambush", AMBUSH)


def test_a_grapple_and_a_hidden_scout_read_in_english_and_russian(clients, ambush, people):
    english, russian = battle_page_texts(ambush, people["alice"])
    assert "grapple" in english and "called shot" in english and "head" in english
    assert "захват" in russian and "прицельная атака (выстрел)" in russian
    assert json.dumps("голова")[1:-1] in russian  # the choices go to the page's script
    declared = post(clients["alice"], ambush, "declare/", {"expected_version": 1, "command": {
        "action": "grapple", "unit": "m2", "params": {"target": "j1"}}})
    assert declared.status_code == 201, declared.json()
    rolled = dice(clients["alice"], ambush, 2, **{"opposed.trait": [7], "resist.trait": [4],
                                                  "resist.wild": [3]})
    assert rolled.status_code == 201, rolled.json()
    english, russian = battle_page_texts(ambush, people["alice"])
    assert "Diaz grapples Lt. Moreno" in english and "Diaz захватывает бойца Lt. Moreno" in russian
    refused = post(clients["bob"], ambush, "declare/", {"expected_version": 3, "command": {
        "action": "end_turn"}})
    assert refused.status_code == 201, refused.json()
    refused = post(clients["bob"], ambush, "declare/",
                   {"expected_version": 4, "command": {"action": "shoot", "unit": "j1",
                                                       "params": {"target": "m1"}}},
                   **{"Accept-Language": "ru"})
    assert refused.status_code == 422, refused.json()
    assert refused.json()["message"].startswith("Lt. Moreno не обнаружил цель Sgt. Rourke")
