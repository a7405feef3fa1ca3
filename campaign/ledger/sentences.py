"""History sentences that the pages can write in the reader's language. Pure.

A ledger effect's ``text`` stays the English sentence it always was (the stored ledgers'
histories are compared word for word), but an effect made with :class:`Sentence` also
remembers its ``gettext_noop`` template and its params (``rules.core.errors.Sentence``); a
word inside it that the reader's language names differently (a status, a result, a rule
system's fatigue level) is a :class:`Term`. :func:`sentence_json` keeps that with the
history row, and ``campaign.pages.timeline`` writes it in the page's language.
"""
from __future__ import annotations

from typing import Any

from rules.core.errors import Sentence, gettext_noop, joined

__all__ = ["ATTRIBUTE", "ATTRIBUTE_VALUE", "FLAG", "PERSON_FIELD", "UNIT_ATTRIBUTE",
           "UNIT_ATTRIBUTE_VALUE", "UNIT_FIELD", "Sentence", "Term", "gettext_noop", "joined",
           "sentence_json", "word"]


class Term(str):
    """A word of a sentence: the English ``value`` as itself, labelled on a page by its
    ``kind`` (``"status"``, ``"result"``, ``"word"`` for the campaign's own words, else the
    rule system's terms of that kind: ``"fatigue"``, ``"motivation"``...)."""

    kind: str

    def __new__(cls, kind: str, value: str) -> Term:
        self = super().__new__(cls, value)
        self.kind = kind
        return self


#: Term kinds of a member's attribute (its name) and of one of its values
#: (``ATTRIBUTE_VALUE + name``): the page labels them from the plug-in's member schema.
ATTRIBUTE = "attribute"
ATTRIBUTE_VALUE = "attribute value:"
#: Term kind of a flag ("True" / "False" in English): yes or no in the reader's language.
FLAG = "flag"
#: Term kind of a soldier's own field (``name``, ``role``): the catalogue's word in the
#: context "person".
PERSON_FIELD = "person field"
#: Term kind of a squad's or formation's own field (``name``, ``establishment``): the
#: catalogue's word in the context "unit".
UNIT_FIELD = "unit field"
#: Term kinds of a squad's attribute and of one of its values (``UNIT_ATTRIBUTE_VALUE +
#: name``): the page labels them from the plug-in's unit schema.
UNIT_ATTRIBUTE = "unit attribute"
UNIT_ATTRIBUTE_VALUE = "unit attribute value:"


def word(english: str) -> Term:
    """One of the campaign's own words inside a sentence ("the enemy", "at rest"), marked
    for the catalogue by the caller's ``gettext_noop``."""
    return Term("word", english)


def sentence_json(text: str) -> dict | None:
    """``{"template", "params"}`` of a :class:`Sentence` (nested sentences and terms kept
    as such), or None for a plain string."""
    if not isinstance(text, Sentence):
        return None
    return {"template": text.template,
            "params": {k: _param(v) for k, v in text.params.items()}}


def _param(value: Any) -> Any:
    if isinstance(value, Sentence):
        return sentence_json(value)
    if isinstance(value, Term):
        return {"term": value.kind, "value": str(value)}
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)
