"""The Steel War's terms: every action, procedure, parameter, dice and decision key, error code
and value has a label in English and Russian, in the rulebook's Russian."""
import ast
import re
from pathlib import Path

from rules.core import registry
from rules.core.terms import ACTION, DECISION, DICE, PARAMETER, PENDING, UNIT_FACT
from rules.steelwar import locale_en, locale_ru, locale_ru_readings
from rules.steelwar.actions import ACTIONS, NOT_IMPLEMENTED, PROCEDURES

PACKAGE = Path(__file__).resolve().parents[3] / "rules" / "steelwar"
TERMS = registry.terms("steelwar")


def _source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py")))


def test_english_and_russian_have_the_same_keys():
    assert locale_en.LABELS.keys() == locale_ru.LABELS.keys()
    for kind, by_key in locale_en.LABELS.items():
        assert by_key.keys() == locale_ru.LABELS[kind].keys(), kind


def test_every_action_and_procedure_has_a_label_in_both_languages():
    for action in [*ACTIONS, *NOT_IMPLEMENTED]:
        assert TERMS.label(ACTION, action, "en"), action
        assert TERMS.label(ACTION, action, "ru") != TERMS.label(ACTION, action, "en"), action
    for procedure in PROCEDURES:
        assert TERMS.label(PENDING, procedure, "ru"), procedure
    assert TERMS.label(ACTION, "go_prone", "ru") == "залечь"


def test_every_dice_and_decision_key_has_a_purpose():
    constants = set(re.findall(r'^[A-Z_]*KEYS? = \(?"([a-z_.]+)"', _source(), re.M))
    constants |= {"charge.second_move"}
    assert {"shooter.quality", "target.range", "psi.roll"} <= constants
    decisions = {"sniper.victim", "backpack.blast", "commander.successor", "charge.free_fire",
                 "melee.pairs", "psi_blast", "murder.victim", "murder.shooter"}
    generated = {"hit.3.power", "hit.3.armour", "hit.1.block", "hit.1.figure", "reorg.r3",
                 "melee.steel.1.r3", "fate.keno.2.k1", "reaction.go_prone", "shooter.support.2"}
    for key in (constants | generated) - decisions:
        assert TERMS.label(DICE, key, "en") and TERMS.label(DICE, key, "ru"), key
    for key in decisions | {"hit.2.figure"}:
        assert TERMS.label(DECISION, key, "en") and TERMS.label(DECISION, key, "ru"), key
    assert TERMS.label(DICE, "hit.2.power", "en") == "power of the 2nd hit"
    assert TERMS.label(DICE, "hit.2.power", "ru") == "мощь 2\u2011го попадания"
    assert TERMS.label(DICE, "target.range", "ru") == "куб дальности"


def test_every_error_code_of_the_package_has_a_sentence():
    core = {"bad_fact", "bad_setup", "bad_command", "die_out_of_range", "wrong_die",
            "dice_pending", "decision_pending", "nothing_pending", "bad_decision",
            "action_forbidden", "not_implemented", "missing_table", "unknown_rule_system",
            "limit_exceeded"}
    source = _source()
    codes = set(re.findall(r"""RuleError\(\s*["']([a-z_0-9]+)["']""", source))
    codes |= {f"unknown_{k}" for k in re.findall(r"""_unknown\(\s*["']([a-z_]+)["']""", source)}
    for code in codes - core:
        assert TERMS.error(code, "ru") not in (None, TERMS.error(code, "en")), code


def test_parameters_unit_facts_and_values_in_russian():
    for kind, key, russian in [(PARAMETER, "target", "цель"), (UNIT_FACT, "suppression",
                               "подавление"), ("morale", "confident", "Уверенный"),
                               ("quality", "recruit", "новобранцы")]:
        assert TERMS.label(kind, key, "ru") == russian
    facts = {f["key"]: f for f in TERMS.unit_facts(
        {"figures": 5, "fighting": 4, "statuses": {"ok": 4, "killed": 1}, "morale": "shaken",
         "suppression": 2, "prone": False, "presence": "on_table", "panicking": False}, "ru")}
    assert facts["morale"]["value"] == "Потрясённый" and facts["morale"]["css"] == "shaken"
    assert facts["prone"]["label"] == "залегание" and facts["casualties"]["value"] == 1
    assert "presence" not in facts and "panicking" not in facts
    assert facts["statuses.killed"]["value"] == 1


#: A die written the English way: "d6", "2d6", "d{sides}" (the rulebook writes «к6», «2 к6»).
LATIN_DIE = re.compile(r"\b\d*d(\d|\{)")


def _texts(value):
    """Every string inside ``value``: a dict's values (its keys are ids or English), tuples."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _texts(item)


def _effect_strings() -> list[str]:
    """The strings and f-strings (as written, ``f"к{e['die']}"``) of the Russian log's
    sentences, but the docstrings."""
    tree = ast.parse((PACKAGE / "locale_ru_effects.py").read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    strings = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            strings.append(ast.unparse(node))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings):
            strings.append(node.value)
    return strings


def test_russian_texts_write_dice_as_the_rulebook_does():
    """«к6», «2к6», never "d6": every Russian label, sentence, reading and log sentence."""
    texts = [*_texts(locale_ru.LABELS), *_texts(locale_ru.SENTENCES),
             *_texts(locale_ru_readings.READINGS), *_effect_strings()]
    assert len(texts) > 500
    assert [t for t in texts if LATIN_DIE.search(t)] == []
    assert "(2к6\")" in locale_ru.SENTENCES[
        "a combat move's distance is rolled (2d6\"): declare it without one and move up to the "
        "rolled allowance"]
