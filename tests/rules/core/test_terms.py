"""rules.core.terms: labels by kind and key, key patterns, sentences, and the registry."""
import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.terms import (
    DICE,
    ERROR,
    NO_TERMS,
    READING_TEXT,
    UNIT_FACT,
    Terms,
    explanation,
    language_of,
    ordinal,
    reading_texts,
)

TERMS = Terms(
    labels={
        DICE: {"attack": {"en": "attack die", "ru": "куб атаки"},
               "hit.{n}.power": {"en": "power of the {nth} hit", "ru": "мощь {nth} попадания"},
               "fate.{figure}": {"en": "fate of {figure}"}},
        ERROR: {"too_far": {"en": "Too far.", "ru": "Слишком далеко."}},
        UNIT_FACT: {"morale": {"en": "morale", "ru": "боевой дух"}},
        "morale": {"shaken": {"en": "Shaken", "ru": "Потрясённый"}},
    },
    sentences={"ru": {"{unit} is too far": "{unit} слишком далеко"}},
)


def test_a_label_by_kind_key_and_language():
    assert TERMS.label(DICE, "attack", "ru") == "куб атаки"
    assert TERMS.label(DICE, "attack", "ru-RU") == "куб атаки"
    assert TERMS.label(DICE, "attack", "de") == "attack die"  # English when the language lacks one
    assert TERMS.label(DICE, "defence", "en") is None
    assert TERMS.error("too_far", "ru") == "Слишком далеко."


def test_a_pattern_fills_ordinals_and_names():
    assert TERMS.label(DICE, "hit.2.power", "en") == "power of the 2nd hit"
    assert TERMS.label(DICE, "hit.11.power", "en") == "power of the 11th hit"
    assert TERMS.label(DICE, "hit.2.power", "ru") == "мощь 2\u2011го попадания"
    assert TERMS.label(DICE, "hit.2.armour", "en") is None
    names = {"steel.1.r3": "Cpl. Ivanov"}.get
    assert TERMS.label(DICE, "fate.steel.1.r3", "ru", names=names) == "fate of Cpl. Ivanov"


def test_sentences_and_languages():
    assert TERMS.sentence("{unit} is too far", "ru") == "{unit} слишком далеко"
    assert TERMS.sentence("{unit} is too far", "en") == "{unit} is too far"
    assert TERMS.sentence("unknown", "ru") is None
    assert [language_of(c) for c in (None, "", "ru-RU", "en_GB")] == ["en", "en", "ru", "en"]
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 12, 21)] == ["1st", "2nd", "3rd", "4th",
                                                                "12th", "21st"]


def test_the_default_unit_facts_label_keys_values_and_flags():
    facts = TERMS.unit_facts({"morale": "shaken", "pinned": True, "marks": [1]}, "ru")
    assert facts == [
        {"key": "morale", "label": "боевой дух", "value": "Потрясённый", "css": ""},
        {"key": "pinned", "label": "pinned", "value": "да", "css": ""},
    ]


def test_the_registry_finds_a_systems_terms():
    assert registry.terms("steelwar") is registry.get("steelwar").terms
    assert registry.terms("steelwar") in registry.loaded_terms()
    with pytest.raises(RuleError):
        registry.terms("no_such_system")
    assert NO_TERMS.label(DICE, "x") is None


def test_an_outcome_by_its_label_or_yes_no():
    terms = Terms(labels={"outcome": {"hit": {"en": "hit", "ru": "попадание"}}})
    assert terms.outcome("hit", "ru") == "попадание"
    assert terms.outcome(True, "ru") == "да" and terms.outcome(False, "en") == "no"
    assert terms.outcome("miss", "ru") is None and terms.outcome((1, 2), "ru") is None


def test_a_reading_is_explained_in_the_language_it_has_all_three_parts_in():
    row = {"name": "edge", "reading": "inner zone", "alternatives": "outer", "reason": "open"}
    ru = {"edge": ("ближняя зона", "дальняя", "не решено")}
    terms = Terms(labels={READING_TEXT: reading_texts([row], {"ru": ru})})
    assert explanation(terms, row, "ru-RU") == (
        {"reading": "ближняя зона", "alternatives": "дальняя", "reason": "не решено"}, False)
    assert explanation(terms, row, "en") == (
        {"reading": "inner zone", "alternatives": "outer", "reason": "open"}, False)
    # a language missing a part reads the whole explanation in English, marked as such
    half = Terms(labels={READING_TEXT: {"edge.reading": {"en": "inner zone", "ru": "ближняя"}}})
    assert explanation(half, row, "ru") == (
        {"reading": "inner zone", "alternatives": "outer", "reason": "open"}, True)
    assert explanation(NO_TERMS, row, "ru")[1] is True
