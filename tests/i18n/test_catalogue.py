"""Russian covers what the API may say: a sentence for every RuleError code the rules engine
(and the apps' rule checks) raise, every message template marked in ``rules/``, and the words
of the rules' data that refusals name -- the core's and the apps' in the catalogue, a rule
system's in its own terms (``rules.core.terms``). ``rules/`` stays free of Django."""
import ast
import re
from pathlib import Path

from django.utils import translation

from config.rule_messages import RULE_CODE_SENTENCES, localize_rule_message
from rules.core import registry
from rules.core.errors import Sentence
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


def _system_of(path: Path) -> str | None:
    """The rule system whose package holds ``path`` (``None`` for ``rules/core``)."""
    package = path.relative_to(ROOT / "rules").parts[0]
    return None if package in ("core", "__init__.py") else package


def _templates(system: str | None = None) -> set[str]:
    found = set()
    for path in PYTHON_IN_RULES:
        if system != "*" and _system_of(path) != system:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "gettext_noop"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def test_the_scan_finds_the_engines_codes():
    assert {"die_out_of_range", "wrong_die", "action_forbidden", "bad_command",
            "unknown_rule_system", "unknown_weapon"} <= _codes_used()


def _has_words(template: str) -> bool:
    return bool(re.search(r"[A-Za-z]", re.sub(r"\{[^{}]*\}", "", template)))


def _systems() -> list[str]:
    return sorted({s for p in PYTHON_IN_RULES if (s := _system_of(p))})


def test_every_rule_error_code_has_a_russian_sentence():
    codes = _codes_used()
    systems = [registry.terms(s) for s in _systems()]
    in_terms = {c for c in codes for t in systems if t.error(c, "ru") not in (None, t.error(c, "en"))}
    missing = sorted(codes - set(RULE_CODE_SENTENCES) - in_terms)
    assert not missing, f"give these codes a sentence (RULE_CODE_SENTENCES or a system's terms): {missing}"
    with translation.override("ru"):
        untranslated = [c for c in codes - in_terms
                        if translation.gettext(RULE_CODE_SENTENCES[c]) == RULE_CODE_SENTENCES[c]]
    assert not untranslated, f"translate in locale/ru: {untranslated}"


def test_every_message_template_of_the_core_is_in_the_catalogue():
    templates = _templates(None)
    assert len(templates) > 30
    with translation.override("ru"):
        untranslated = [t for t in templates if translation.gettext(t) == t and _has_words(t)]
    assert not untranslated, f"run makemessages and translate: {untranslated[:5]}"


def test_every_message_template_of_a_system_is_in_its_terms():
    assert _systems() == ["mercenaries", "steelwar"]
    for system in _systems():
        terms = registry.terms(system)
        templates = _templates(system)
        assert len(templates) > 60
        untranslated = [t for t in templates if terms.sentence(t, "ru") is None and _has_words(t)]
        assert not untranslated, f"translate in rules/{system}: {untranslated[:5]}"
        placeholders = re.compile(r"\{([^{}!:]*)")
        broken = [t for t in templates if terms.sentence(t, "ru")
                  and set(placeholders.findall(terms.sentence(t, "ru"))) != set(placeholders.findall(t))]
        assert not broken, broken[:3]


def test_a_systems_sentence_is_translated_by_its_terms_not_the_catalogue():
    template = "{squad} is not prone"
    with translation.override("ru"):
        assert translation.gettext(template) == template  # not in the Django catalogue
        russian = localize_rule_message("action_forbidden", Sentence(template, squad="1-е"))
        assert russian == registry.terms("steelwar").sentence(template, "ru").format(squad="1-е")
        assert russian != template.format(squad="1-е")


def test_the_terms_have_the_words_of_the_rules_data():
    terms = registry.terms("steelwar")
    assert {c.replace("_", " ") for c in tables.TERRAIN_CLASSES} == set(terms.keys("terrain class"))
    assert {k.replace("_", " ") for k in tables.ACTION_KINDS} == set(terms.keys("action kind"))
    assert {g.rule for g in tables.MORALE_GRADES.values()} == set(terms.keys("morale grade rule"))
    for context in ("terrain class", "action kind", "morale grade rule", "deed", "presence",
                    "figure status", "rules vocabulary"):
        for word in terms.keys(context):
            assert terms.label(context, word, "ru") != word, (context, word)


def test_the_rules_engine_does_not_import_django():
    offenders = [str(p) for p in PYTHON_IN_RULES
                 if re.search(r"^\s*(from|import) (django|rest_framework)\b",
                              p.read_text(encoding="utf-8"), re.M)]
    assert not offenders
