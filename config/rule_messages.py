"""The rule engine's sentences in the request's language.

The rule systems (``rules/``) are pure Python and write English. A message they raise may be a
:class:`rules.core.errors.Sentence`: the English text plus its template (marked with
``gettext_noop``) and the values that fill it. Each system ships the translations of its own
templates, its error codes and the words of its data (``rules.core.terms.Terms``, found with
``rules.core.registry.terms``); here a template is translated by the system's terms first and
otherwise by the catalogue (the core's generic sentences and the apps' own), then filled with
its values (a value that is itself a ``Sentence`` is translated the same way). When a message
has no template, or a part of it has no translation, the answer is the code's sentence
followed by the exact English detail, so a Russian player always reads a Russian sentence.

Nothing here names a rule system's vocabulary. In English (or any language without a
catalogue) the English message is returned unchanged.
"""

from __future__ import annotations

import re
import string
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop, pgettext

from rules.core import registry
from rules.core.errors import RuleError, Sentence, Term
from rules.core.terms import Terms, language_of

#: One sentence per RuleError code of the core and of the apps' own rule checks: what the
#: refusal is about, shown before the English detail of a message that has no translation. A
#: rule system's own codes have their sentences in its terms (``Terms.error``).
RULE_CODE_SENTENCES = {
    # rules.core (docs/rules-engine.md, "Errors")
    "bad_fact": gettext_noop("The recorded fact is malformed."),
    "bad_setup": gettext_noop("The battle setup is invalid."),
    "bad_command": gettext_noop("The order is malformed."),
    "die_out_of_range": gettext_noop("That value is not a face of the die."),
    "wrong_die": gettext_noop("Wrong die or wrong number of dice."),
    "dice_pending": gettext_noop("Dice are awaited first."),
    "decision_pending": gettext_noop("A decision is awaited first."),
    "draw_pending": gettext_noop("A draw is awaited first."),
    "wrong_draw": gettext_noop("Wrong draw or wrong number of cards."),
    "card_not_in_deck": gettext_noop("That card is not in the deck."),
    "card_already_drawn": gettext_noop("That card is already drawn."),
    "nothing_pending": gettext_noop("Nothing was asked for."),
    "bad_decision": gettext_noop("That is not one of the offered choices."),
    "action_forbidden": gettext_noop("The rules forbid this action."),
    "not_implemented": gettext_noop("This rule is not implemented in the engine yet."),
    "missing_table": gettext_noop(
        "The rules source lost the table this needs; the organizer must fill it in."
    ),
    "unknown_rule_system": gettext_noop("That rule system or version is not installed."),
    "limit_exceeded": gettext_noop("The request exceeds a limit of this server."),
    # the apps' rule checks (campaign adapters, battles)
    "bad_house_rules": gettext_noop("The house rules are invalid."),
    "campaign_unsupported": gettext_noop("Campaigns are not available for this rule system."),
    "bad_attribute": gettext_noop("An attribute of the rule system is invalid."),
    "bad_battle_options": gettext_noop("The battle options are invalid."),
    "nothing_declared": gettext_noop("No declared action waits for its dice."),
}
#: The sentence for a code not listed above.
GENERIC_RULE_SENTENCE = gettext_noop("The rules refuse this request.")

_FORMATTER = string.Formatter()
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_LETTER = re.compile(r"[A-Za-z]")


def english_requested() -> bool:
    """True when the active language is English (or none is active)."""
    language = get_language()
    return not language or language.split("-")[0] == "en"


def _needs_words(template: str) -> bool:
    """A template with words outside its placeholders (``"{reason} ({rule})"`` has none and
    is the same in every language)."""
    return bool(_LETTER.search(_PLACEHOLDER.sub("", template)))


def _terms(system: str | None) -> tuple[Terms, ...]:
    """The terms to ask: ``system``'s when it is known, else every loaded system's."""
    if system:
        try:
            return (registry.terms(system),)
        except RuleError:  # an unknown system has no terms
            return ()
    return registry.loaded_terms()


def translate_sentence(sentence: Sentence, system: str | None = None) -> str | None:
    """``sentence`` in the active language, or ``None`` when a part has no translation.

    A :class:`~rules.core.errors.Term` (a word of the rules' data) is translated from its own
    translations, the system's label of its ``context``, or the catalogue, and otherwise kept
    as it is. A template is translated by the system's terms, else by the catalogue."""
    language = language_of(get_language())
    terms = _terms(system)
    if isinstance(sentence, Term):
        text = str(sentence)
        own = sentence.translations.get(language)
        if own:
            return own
        if sentence.context:
            for found in terms:
                label = found.label(sentence.context, text, language)
                if label is not None:
                    return label
            return pgettext(sentence.context, text)
        return gettext(text)
    template = sentence.template
    translated = next(
        (t for t in (found.sentence(template, language) for found in terms) if t is not None),
        None,
    ) or gettext(template)
    if translated == template and _needs_words(template):
        return None
    params: dict[str, Any] = {}
    for name, value in sentence.params.items():
        if isinstance(value, Sentence):
            value = translate_sentence(value, system)
            if value is None:
                return None
        params[name] = value
    if not params:
        return translated
    try:
        return translated.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: use the fallback
        return None


def _code_sentence(code: str, system: str | None) -> tuple[str, bool]:
    """The sentence of ``code`` in the active language, and whether it is translated."""
    language = language_of(get_language())
    for found in _terms(system):
        own = found.error(code, language)
        if own is not None:
            return own, language == "en" or own != found.error(code, "en")
    english = RULE_CODE_SENTENCES.get(code, GENERIC_RULE_SENTENCE)
    label = gettext(english)
    return label, label != english


def code_sentence(code: str, system: str | None = None) -> str:
    """The sentence of refusal ``code`` in the active language (English if untranslated)."""
    return _code_sentence(code, system)[0]


def localize_rule_message(code: str, message: str, system: str | None = None) -> str:
    """The rule engine's ``message`` (refusal ``code``) in the active language.

    English: ``message`` itself. Otherwise the translated template when there is one, else
    the code's sentence followed by the exact English message. ``system`` (a rule system id)
    says whose terms to ask; without it every loaded system's are asked."""
    if english_requested():
        return str(message)
    if isinstance(message, Sentence):
        translated = translate_sentence(message, system)
        if translated is not None:
            return translated
    elif message and gettext(str(message)) != message:  # a fixed sentence in the catalogue
        return gettext(str(message))
    label, translated = _code_sentence(code, system)
    if not translated:
        return str(message)  # no catalogue for this language: the English as it is
    return gettext("%(sentence)s In English: %(detail)s") % {
        "sentence": label,
        "detail": message,
    }
