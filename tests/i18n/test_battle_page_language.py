"""The battle page speaks the page's language with the rule system's terms: dice by what they
are for (never a key like ``reaction.go_prone``), actions and procedures by their labels, the
log in the page's language."""
import re

import pytest
from django.utils import translation

from battles import services
from battles.pages.table import Words, _dice_inputs
from rules.core.terms import NO_TERMS
from tests.page_text import battle_page, battle_page_texts, visible

pytestmark = pytest.mark.django_db


def _go_prone(battle, user):
    services.declare(battle_id=battle.pk, user=user, expected_version=1,
                     command={"action": "begin_activation", "unit": "steel.1"})
    services.declare(battle_id=battle.pk, user=user, expected_version=2,
                     command={"action": "go_prone", "unit": "steel.1"})


def test_the_dice_asked_for_are_shown_by_purpose_in_russian(steelwar_battle, people):
    _go_prone(steelwar_battle, people["alice"])
    html = battle_page(steelwar_battle, people["alice"], "ru")
    label = re.search(r'<label for="die-reaction-go_prone-0">(.*?)</label>', html, re.S)[1]
    assert "1st squad: тест на реакцию" in visible(label)
    assert visible(label).strip().endswith("к8")  # the die as the rulebook writes it
    assert "reaction" not in visible(label) and "d8" not in visible(label)
    assert "Бросок для: <strong>залечь</strong>" in html  # the procedure by its label


def test_a_dies_badge_names_it_as_the_pages_language_writes_dice():
    """«к6» on a Russian page (as the rulebooks write dice), "d6" on an English one; no badge
    where the label already names the die, in either writing."""
    pending = {"requests": [{"key": "shot", "label": "shot", "sides": 6},
                            {"key": "power", "label": "power die d8", "sides": 8},
                            {"key": "armour", "label": "броня к4", "sides": 4}]}
    for language, badges in (("en", ["d6", "d8", "d4"]), ("ru", ["к6", "к8", "к4"])):
        with translation.override(language):
            inputs = _dice_inputs(pending, Words(NO_TERMS, language))
        assert [i["badge"] for i in inputs] == badges
        assert [i["die_in_label"] for i in inputs] == [False, True, language == "ru"]


def test_the_log_names_dice_by_purpose_in_the_pages_language(steelwar_battle, people):
    _go_prone(steelwar_battle, people["alice"])
    services.enter_dice(battle_id=steelwar_battle.pk, user=people["alice"], expected_version=3,
                        rolls={"reaction.go_prone": [4]})
    english, russian = battle_page_texts(steelwar_battle, people["alice"])
    assert "кубы со стола: тест на реакцию 4" in russian
    assert "1st squad: залечь" in russian
    assert "dice from the table: reaction test 4" in english
    assert "1st squad: go prone" in english
    for text in (russian, english):
        assert "reaction.go_prone 4" not in text and "reaction.go_prone [4]" not in text


def test_the_odds_are_labelled_in_the_requests_language(steelwar_battle, clients):
    clients["alice"].post(f"/api/battles/{steelwar_battle.pk}/declare/", {
        "expected_version": 1, "command": {"action": "begin_activation", "unit": "steel.1"}},
        format="json")
    command = {"action": "fire", "unit": "steel.1",
               "params": {"target": "keno.1", "distance": 10, "weapons": ["3", "4", "5"]}}
    answers = {}
    for language in ("en", "ru"):
        response = clients["alice"].post(f"/api/battles/{steelwar_battle.pk}/odds/",
                                         {"command": command}, format="json",
                                         HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, response.json()
        answers[language] = response.json()["outcomes"]
    assert [o["outcome"] for o in answers["en"]] == [o["outcome"] for o in answers["ru"]]
    assert [o["label"] for o in answers["en"]] == [o["outcome"] for o in answers["en"]]
    russian = {o["outcome"]: o["label"] for o in answers["ru"]}
    assert russian["no effect"] == "без эффекта" and russian["suppressed"] == "подавлено"
