"""The Russian catalogue covers what the API may say: a sentence for every RuleError code the
rules engine (and the apps' rule checks) raise, every message template marked in ``rules/``,
and the words of the rules' data that refusals name. ``rules/`` stays free of Django."""
import ast
import re
from pathlib import Path

from django.utils import translation

from config.rule_messages import RULE_CODE_SENTENCES, TERMS
from rules.steelwar import tables

ROOT = Path(__file__).resolve().parents[2]
PYTHON_IN_RULES = sorted((ROOT / "rules").rglob("*.py"))
CODE_USE = re.compile(r"""RuleError\(\s*["']([a-z_]+)["']""")
UNKNOWN_KINDS = re.compile(r"""_unknown\(\s*["']([a-z_]+)["']""")


def _codes_used() -> set[str]:
    codes = set()
    for path in [*PYTHON_IN_RULES, *sorted((ROOT / "campaign").rglob("*.py")),
                 *sorted((ROOT / "battles").rglob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        codes.update(CODE_USE.findall(text))
        codes.update(f"unknown_{kind}" for kind in UNKNOWN_KINDS.findall(text))
    return codes


def _templates() -> set[str]:
    found = set()
    for path in PYTHON_IN_RULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "gettext_noop"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def test_the_scan_finds_the_engines_codes():
    assert {"die_out_of_range", "wrong_die", "action_forbidden", "bad_command",
            "unknown_rule_system", "unknown_weapon"} <= _codes_used()


def test_every_rule_error_code_has_a_russian_sentence():
    codes = _codes_used()
    missing = sorted(codes - set(RULE_CODE_SENTENCES))
    assert not missing, f"add these codes to config.rule_messages.RULE_CODE_SENTENCES: {missing}"
    with translation.override("ru"):
        untranslated = [c for c in codes
                        if translation.gettext(RULE_CODE_SENTENCES[c]) == RULE_CODE_SENTENCES[c]]
    assert not untranslated, f"translate in locale/ru: {untranslated}"


def test_every_message_template_of_the_rules_is_translated():
    templates = _templates()
    assert len(templates) > 200
    with translation.override("ru"):
        untranslated = [t for t in templates if translation.gettext(t) == t
                        and re.search(r"[A-Za-z]", re.sub(r"\{[^{}]*\}", "", t))]
    assert not untranslated, f"run makemessages and translate: {untranslated[:5]}"


def test_the_catalogue_has_the_words_of_the_rules_data():
    listed: dict[str, set[str]] = {}
    source = (ROOT / "config" / "rule_messages.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "pgettext_lazy":
            context, word = (arg.value for arg in node.args)
            listed.setdefault(context, set()).add(word)
    assert set(listed) == set(TERMS)
    assert {c.replace("_", " ") for c in tables.TERRAIN_CLASSES} == listed["terrain class"]
    assert {k.replace("_", " ") for k in tables.ACTION_KINDS} == listed["action kind"]
    assert {g.rule for g in tables.MORALE_GRADES.values()} == listed["morale grade rule"]
    with translation.override("ru"):
        for context, words in listed.items():
            for word in words:
                assert translation.pgettext(context, word) != word, (context, word)


def test_the_rules_engine_does_not_import_django():
    offenders = [str(p) for p in PYTHON_IN_RULES
                 if re.search(r"^\s*(from|import) (django|rest_framework)\b",
                              p.read_text(encoding="utf-8"), re.M)]
    assert not offenders
