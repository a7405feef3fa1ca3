"""Nothing outside a rule system's package names its vocabulary: ``battles/``, ``config/``,
``templates/`` and ``static/`` name no Steel War term (issue 16). The words are taken from the
package itself, so the list stays accurate: its id, its action and procedure ids, its dice and
decision keys, its error codes and the keys of its own kinds of values (morale grades, fatigue,
quality, a unit's status); a snake_case id or ``suppression`` anywhere, any other word as a
quoted string (an id in code or a template: ``"fire"``). Tests and migrations are not scanned.
"""
import re
from pathlib import Path

import pytest

from rules.core import registry
from rules.core.terms import ACTION, DECISION, DICE, ERROR, PENDING, UNIT_FACT

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("battles", "config", "templates", "static")
SUFFIXES = {".py", ".html", ".js", ".css", ".txt", ".json", ".md"}
#: Kinds of the Steel War's labels whose keys are its own words.
KINDS = (ACTION, PENDING, DICE, DECISION, ERROR, UNIT_FACT, "morale", "fatigue", "quality")
#: Keys that are everyday words of any battle page, not the rulebook's.
GENERIC = {"move", "cover", "figures", "fighting", "casualties", "killed", "wounded", "quality",
           "leadership", "presence", "morale"}
#: (file, word) let through; none: the declare form is drawn from ``commands(state)``.
PENDING_ELSEWHERE: set[tuple[str, str]] = set()


def steel_war_words() -> tuple[set[str], set[str]]:
    """(words found anywhere, words found as a quoted string)."""
    terms = registry.terms("steelwar")
    own = {k for kind in KINDS for k in terms.keys(kind) if "{" not in k} - GENERIC
    own |= set(registry.get("steelwar").__class__.__module__.split(".")[1:2])  # "steelwar"
    anywhere = {w for w in own if "_" in w or "." in w} | {"steelwar", "steel war", "suppression"}
    return anywhere, own - anywhere


def files():
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "migrations" not in path.parts:
                yield path


def findings() -> list[tuple[str, int, str]]:
    anywhere, quoted = steel_war_words()
    patterns = [(w, re.compile(rf"(?<!\w){re.escape(w)}(?!\w)", re.I)) for w in anywhere]
    patterns += [(w, re.compile(rf"""(["']){re.escape(w)}\1""")) for w in quoted]
    out = []
    for path in files():
        text = path.read_text(encoding="utf-8", errors="replace")
        name = path.relative_to(ROOT).as_posix()
        for word, pattern in patterns:
            for match in pattern.finditer(text):
                if (name, word) not in PENDING_ELSEWHERE:
                    out.append((name, text.count("\n", 0, match.start()) + 1, word))
    return sorted(out)


def test_the_word_list_comes_from_the_package():
    anywhere, quoted = steel_war_words()
    assert {"remove_suppression", "begin_activation", "hit.{n}.power"} & anywhere == {
        "remove_suppression", "begin_activation"}
    assert {"fire", "shaken", "exhausted", "rally"} <= quoted
    assert {"steelwar", "suppression", "unknown_weapon", "target.range"} <= anywhere


@pytest.mark.parametrize("text,word", [
    ('ACTIONS = {"fire": 1}', "fire"),
    ("if action == 'remove_suppression':", "remove_suppression"),
    ("<p>{{ unit.suppression }}</p>", "suppression"),
    ("import rules.steelwar", "steelwar"),
])
def test_the_scan_finds_a_term(tmp_path, monkeypatch, text, word):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "x.py").write_text(text)
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert [w for _, _, w in findings()] == [word]


def test_battles_config_templates_and_static_name_no_steel_war_term():
    found = findings()
    assert not found, "move these to the rule system's package: " + "; ".join(
        f"{name}:{line} {word}" for name, line, word in found)
