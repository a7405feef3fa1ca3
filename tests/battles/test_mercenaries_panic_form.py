"""Panic at the battle table (§2.13) without a server round of the browser: the declare form's
catalogue ticks nobody, an empty panic is refused naming the field (English and Russian) and
stores nothing, and the squad card marks who is in panic while the summary the campaign takes
over stays as it was."""

import json
import re

import pytest

from rules.mercenaries.examples import CLEARING
from tests.battles.helpers import head, mercenaries_battle, post, url
from tests.page_text import battle_page

pytestmark = pytest.mark.django_db


@pytest.fixture
def clearing(club, people):
    return mercenaries_battle(club, people, "The clearing", CLEARING)


def _form_param(battle, user, language, action, name) -> dict:
    """The parameter ``name`` of ``action`` as the page's declare form gets it."""
    found = re.search(r'<script id="declare-commands" type="application/json">(.*?)</script>',
                      battle_page(battle, user, language), re.S)
    spec = next(s for s in json.loads(found[1]) if s["action"] == action)
    return next(p for p in spec["params"] if p["name"] == name)


def _card(battle, user, language, unit) -> str:
    """The HTML of ``unit``'s card on the page (up to the next card or the section's end)."""
    page = battle_page(battle, user, language)
    start = page.index(f'id="unit-{unit}"')
    ends = [i for i in (page.find('id="unit-', start + 1), page.find("</section>", start))
            if i > 0]
    return page[start:min(ends)]


@pytest.mark.parametrize(("language", "label"), [("en", "who panic"), ("ru", "кто в панике")])
def test_the_panic_form_ticks_nobody(clearing, people, language, label):
    who = _form_param(clearing, people["alice"], language, "panic", "fighters")
    assert who["required"] is True and who["default"] is None and who["multiple"] is True
    assert who["label"] == label
    assert [c["label"] for c in who["choices"]] == ["Diaz", "Private Ruiz", "Private Vega"]


def test_the_commands_api_says_who_panics_has_no_default(clients, clearing):
    listed = clients["alice"].get(url(clearing, "commands/")).json()["commands"]
    panic = next(c for c in listed if c["action"] == "panic")
    (who,) = panic["params"]
    assert (who["name"], who["required"], who["default"]) == ("fighters", True, None)


@pytest.mark.parametrize(("language", "message"), [
    ("en", "who panic: tick at least one fighter"),
    ("ru", "кто в панике: отметьте хотя бы одного бойца"),
])
def test_an_empty_panic_is_refused_naming_the_field_and_nothing_is_stored(
        clients, clearing, language, message):
    refused = post(clients["alice"], clearing, "declare/", {
        "expected_version": 1, "command": {"action": "panic", "params": {"fighters": []}}},
        **{"Accept-Language": language})
    assert refused.status_code in (400, 422), refused.json()
    body = refused.json()
    assert body["field"] == "params.fighters"
    assert body["message"].startswith(message), body["message"]
    assert head(clearing) == 1


def test_the_card_marks_who_is_in_panic_and_the_summary_stays(clients, clearing, people):
    declared = post(clients["alice"], clearing, "declare/", {
        "expected_version": 1, "command": {"action": "panic", "params": {"fighters": ["m2"]}}})
    assert declared.status_code == 201, declared.json()
    english = _card(clearing, people["alice"], "en", "alpha")
    assert re.search(r'<li data-marker="panicked">Diaz <span class="badge badge-panicked">'
                     r'in panic</span></li>', english), english
    russian = _card(clearing, people["alice"], "ru", "alpha")
    assert '<span class="badge badge-panicked">в панике</span>' in russian
    assert "data-marker" not in _card(clearing, people["alice"], "en", "patrol")
    concluded = post(clients["org"], clearing, "conclude/",
                     {"expected_version": 2, "result": {"mercs": "draw", "junta": "draw"}})
    assert concluded.status_code == 200, concluded.json()
    summary = concluded.json()["events"][0]["data"]["summary"]
    alpha = next(u for u in summary["units"] if u["unit"] == "alpha")
    assert alpha["status"] == {"fighters": 2, "fighting": 2, "shaken": 0, "wounds": 0, "out": 0}
    assert "panic" not in json.dumps(summary)
