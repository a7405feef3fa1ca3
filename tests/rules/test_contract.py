"""The rule-system contract (:mod:`tests.rules.contract`) for every system in the registry and
for the test toys."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import rules
from rules.core import registry
from rules.core.terms import READING_PARTS, explanation
from tests.battles import cards, duel
from tests.rules import contract
from tests.rules.contract import OddsCase, Subject
from tests.rules.core import toy
from tests.rules.toys import skirmish

SEEDS = (1, 2, 3)
FACTS = 120


def _rule_packages() -> list[str]:
    """Every package under ``rules/`` that ships a rule system (``rules.<id>.system``)."""
    return [m.name for m in pkgutil.iter_modules(rules.__path__)
            if m.ispkg and m.name != "core"
            and importlib.util.find_spec(f"rules.{m.name}.system") is not None]


def _registered() -> list[Subject]:
    for package in _rule_packages():
        importlib.import_module(f"rules.{package}.system")
    subjects = []
    for system_id, version in registry.registered():
        if system_id not in _rule_packages():
            continue  # a test toy registered by another suite
        examples = importlib.import_module(f"rules.{system_id}.examples")
        subjects.append(Subject(
            registry.get(system_id, version), examples.SETUPS,
            tuple(OddsCase(*case) for case in getattr(examples, "ODDS_CASES", ())),
            getattr(examples, "outcome_of", None),
        ))
    return subjects


def _toy_outcome(before, command, effects, after) -> str:
    return "hit" if any(e.kind == "scored" for e in effects) else "no hit"


def _skirmish_outcome(before, command, effects, after) -> str:
    return "figure lost" if any(e.kind == "figure_lost" for e in effects) else "saved"


def _duel_outcome(before, command, effects, after) -> str:
    kinds = {e.kind for e in effects}
    return "hit" if "casualty" in kinds else "suppressed" if "suppressed" in kinds else "miss"


TOYS = [
    Subject(duel.DUEL_1, {"duel": duel.SETUP},
            (OddsCase("a long shot", duel.SETUP, {"action": "fire", "unit": "r1",
                                                  "params": {"target": "b1", "distance": 9}}),),
            _duel_outcome),
    Subject(duel.DUEL_2, {"duel": duel.SETUP}),
    Subject(skirmish.SKIRMISH, {"skirmish": skirmish.SETUP},
            (OddsCase("a shot", skirmish.SETUP, {"action": "shoot", "unit": "r1",
                                                 "params": {"target": "b1"}}),),
            _skirmish_outcome),
    Subject(cards.CARDS, {"cards": cards.SETUP}),
    Subject(toy.TOY, {"toy": {}},
            (OddsCase("an attack", {}, {"action": "attack"}),), _toy_outcome),
]
SUBJECTS = _registered() + TOYS


def test_every_rule_package_is_under_contract():
    assert {s.system.id for s in SUBJECTS} >= set(_rule_packages())
    assert "steelwar" in _rule_packages()


PLAYS = [(subject, name, setup, seed) for subject in SUBJECTS
         for name, setup in subject.setups.items() for seed in SEEDS]
IDS = [f"{s.name}-{name}-{seed}" for s, name, _, seed in PLAYS]


@pytest.fixture(scope="module", params=PLAYS, ids=IDS)
def played(request):
    subject, _name, setup, seed = request.param
    return subject, contract.play(subject, setup, seed, FACTS)


def test_a_random_battle_gets_somewhere(played):
    subject, play = played
    assert len(play.facts) >= min(FACTS, 20) or subject.system.id in ("toy",)
    assert "declare" in {f.type for f in play.facts}
    assert {f.type for f in play.facts} & {"dice", "draw"}


def test_replay_equals_fold(played):
    contract.check_replay_equals_fold(*played)


def test_every_state_survives_a_json_round_trip(played):
    contract.check_json_round_trip(*played)


def test_every_refusal_leaves_the_state_unchanged(played):
    contract.check_refusals_leave_the_state(*played)


def test_what_the_catalogue_lists_validates_and_what_it_does_not_is_refused(played):
    contract.check_catalogue(*played)


def test_what_a_player_reads_has_a_label_in_both_languages(played):
    subject, play = played
    if subject in TOYS:
        pytest.skip("a test toy has no terms: no player reads it")
    contract.check_labels(subject, play, registry.terms(subject.system.id,
                                                        subject.system.version))


def test_every_effect_has_a_sentence_in_both_languages(played):
    subject, play = played
    if subject in TOYS:
        pytest.skip("a test toy has no terms: no player reads it")
    contract.check_effect_sentences(subject, play, registry.terms(subject.system.id,
                                                                  subject.system.version))


ODDS = [(subject, case) for subject in SUBJECTS for case in subject.odds_cases]


@pytest.mark.parametrize(("subject", "case"), ODDS,
                         ids=[f"{s.name}-{c.name}" for s, c in ODDS])
def test_odds_sum_to_one_and_agree_with_a_seeded_monte_carlo_run(subject, case):
    contract.check_odds(subject, case, seed=2026)


READ = [s for s in SUBJECTS if s not in TOYS]


@pytest.mark.parametrize("subject", READ, ids=[s.name for s in READ])
def test_every_reading_is_explained_in_russian(subject):
    """The settings page explains each reading of an ambiguous rule (what its default means,
    the alternatives, why the text leaves it open) in Russian, from the system's terms."""
    system = subject.system
    terms = registry.terms(system.id, system.version)
    rows = registry.readings(system.id, system.version)
    assert rows or system.id not in ("steelwar", "mercenaries")
    for row in rows:
        texts, english = explanation(terms, row, "ru")
        assert not english, row["name"]
        for part in READING_PARTS:
            russian = texts[part]
            assert russian.strip() and russian != row[part], (row["name"], part)
            assert re.search("[а-яё]", russian, re.IGNORECASE), (row["name"], part)
        assert explanation(terms, row, "en") == ({p: row[p] for p in READING_PARTS}, False)
