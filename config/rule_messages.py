"""The rule engine's sentences in the request's language.

The rule systems (``rules/``) are pure Python and write English. A message they raise may be a
:class:`rules.core.errors.Sentence`: the English text plus its template (a msgid of the
catalogue, marked with ``gettext_noop`` in ``rules/``) and the values that fill it. Here the
template is translated with ``gettext`` and filled with its values (a value that is itself a
``Sentence`` is translated the same way). When a message has no template, or a part of it has
no translation, the answer is the per-code sentence of :data:`RULE_CODE_SENTENCES` followed by
the exact English detail, so a Russian player always reads a Russian sentence.

In English (or any language without a catalogue) the English message is returned unchanged.
"""

from __future__ import annotations

import re
import string
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop, pgettext, pgettext_lazy

from rules.core.errors import Sentence, Term

#: One sentence per RuleError code (rules engine, Steel War, the apps' own rule checks): what
#: the refusal is about, shown before the English detail of a message that has no translation.
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
    # Steel War
    "march_not_allowed": gettext_noop("March order is not allowed here."),
    "weapon_out_of_range": gettext_noop("The target is out of this weapon's reach."),
    "target_out_of_range": gettext_noop("The target is beyond the range zones."),
    "not_covered": gettext_noop("The rules do not cover this case."),
    "die_above_d12": gettext_noop("The die would go above d12, which the rules do not define."),
    "unknown_fatigue": gettext_noop("Unknown fatigue level."),
    "unknown_threat_factor": gettext_noop("Unknown threat factor."),
    "unknown_terrain_class": gettext_noop("Unknown terrain class."),
    "unknown_weapon": gettext_noop("Unknown weapon."),
    "unknown_armour": gettext_noop("Unknown armour."),
    "unknown_movement_class": gettext_noop("Unknown movement class."),
    "unknown_terrain": gettext_noop("Unknown terrain."),
    "unknown_motivation": gettext_noop("Unknown motivation level."),
    "unknown_quality": gettext_noop("Unknown quality grade."),
    "unknown_morale_grade": gettext_noop("Unknown morale grade."),
    "unknown_reaction_action": gettext_noop("Unknown action for a reaction test."),
    "unknown_psi_power": gettext_noop("Unknown psionic power."),
    # the apps' rule checks (campaign adapters, battles)
    "bad_house_rules": gettext_noop("The house rules are invalid."),
    "campaign_unsupported": gettext_noop("Campaigns are not available for this rule system."),
    "bad_soldier": gettext_noop("The rules cannot field this soldier."),
    "bad_squad": gettext_noop("The rules cannot field this squad."),
    "bad_motivation": gettext_noop("Unknown motivation level."),
    "bad_battle_options": gettext_noop("The battle options are invalid."),
    "squad_without_commander": gettext_noop("The squad has no commander among the soldiers sent."),
    "nothing_declared": gettext_noop("No declared action waits for its dice."),
}
#: Words of the rules' data that refusals name (:class:`rules.core.errors.Term` with a
#: ``context``), so that they are in the catalogue; tests/i18n checks they cover the data.
TERMS = {
    "terrain class": (
        pgettext_lazy("terrain class", "easy"),
        pgettext_lazy("terrain class", "difficult"),
        pgettext_lazy("terrain class", "very difficult"),
        pgettext_lazy("terrain class", "impassable"),
    ),
    "presence": (
        pgettext_lazy("presence", "on_table"),
        pgettext_lazy("presence", "left_table"),
        pgettext_lazy("presence", "removed"),
        pgettext_lazy("presence", "surrendered"),
    ),
    "figure status": (
        pgettext_lazy("figure status", "ok"),
        pgettext_lazy("figure status", "wounded_unchecked"),
        pgettext_lazy("figure status", "stabilised"),
        pgettext_lazy("figure status", "returned"),
        pgettext_lazy("figure status", "killed"),
        pgettext_lazy("figure status", "prisoner"),
        pgettext_lazy("figure status", "destroyed"),
        pgettext_lazy("figure status", "lost_in_melee"),
    ),
    "action kind": (
        pgettext_lazy("action kind", "charge"),
        pgettext_lazy("action kind", "leave cover"),
        pgettext_lazy("action kind", "leave cover to retreat"),
        pgettext_lazy("action kind", "move"),
        pgettext_lazy("action kind", "move away from enemy"),
        pgettext_lazy("action kind", "move toward cover"),
        pgettext_lazy("action kind", "move toward enemy"),
        pgettext_lazy("action kind", "move toward own edge"),
        pgettext_lazy("action kind", "other"),
        pgettext_lazy("action kind", "shoot"),
        pgettext_lazy("action kind", "shoot back"),
    ),
    "morale grade rule": (
        pgettext_lazy("morale grade rule", "may carry out all orders without limits"),
        pgettext_lazy(
            "morale grade rule",
            "any order except those that bring it closer to the enemy; leaves cover only after "
            "a reaction test",
        ),
        pgettext_lazy(
            "morale grade rule",
            "only: move toward its own table edge; move toward cover; leave cover to retreat "
            "without approaching the enemy; shoot only at an enemy that already shot at it this "
            "turn",
        ),
        pgettext_lazy(
            "morale grade rule",
            "only movement toward its own table edge; cannot stop; surrenders if an enemy is "
            "within 12 inches",
        ),
    ),
    "deed": (  # what a suppressed squad was ordered to do (rules.steelwar.commands)
        pgettext_lazy("deed", "embark"),
        pgettext_lazy("deed", "disembark"),
        pgettext_lazy("deed", "unlimber its gun"),
        pgettext_lazy("deed", "go prone"),
        pgettext_lazy("deed", "fire"),
        pgettext_lazy("deed", "move except away from the enemy"),
        pgettext_lazy("deed", "stand up"),
        pgettext_lazy("deed", "charge"),
    ),
    "rules vocabulary": (
        pgettext_lazy("rules vocabulary", "weapon"),
        pgettext_lazy("rules vocabulary", "armour"),
        pgettext_lazy("rules vocabulary", "movement class"),
        pgettext_lazy("rules vocabulary", "terrain"),
        pgettext_lazy("rules vocabulary", "motivation"),
        pgettext_lazy("rules vocabulary", "threat factor"),
        pgettext_lazy("rules vocabulary", "quality"),
        pgettext_lazy("rules vocabulary", "morale grade"),
        pgettext_lazy("rules vocabulary", "reaction action"),
        pgettext_lazy("rules vocabulary", "psi power"),
    ),
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


def translate_sentence(sentence: Sentence) -> str | None:
    """``sentence`` in the active language, or ``None`` when a part has no translation.

    A :class:`~rules.core.errors.Term` (a word of the rules' data) is translated when the
    catalogue has it and otherwise kept as it is."""
    if isinstance(sentence, Term):
        text = str(sentence)
        own = sentence.translations.get((get_language() or "").split("-")[0])
        if own:
            return own
        return pgettext(sentence.context, text) if sentence.context else gettext(text)
    template = sentence.template
    translated = gettext(template)
    if translated == template and _needs_words(template):
        return None
    params: dict[str, Any] = {}
    for name, value in sentence.params.items():
        if isinstance(value, Sentence):
            value = translate_sentence(value)
            if value is None:
                return None
        params[name] = value
    if not params:
        return translated
    try:
        return translated.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: use the fallback
        return None


def code_sentence(code: str) -> str:
    """The sentence of refusal ``code`` in the active language (English if untranslated)."""
    return gettext(RULE_CODE_SENTENCES.get(code, GENERIC_RULE_SENTENCE))


def localize_rule_message(code: str, message: str) -> str:
    """The rule engine's ``message`` (refusal ``code``) in the active language.

    English: ``message`` itself. Otherwise the translated template when there is one, else
    the code's sentence followed by the exact English message."""
    if english_requested():
        return str(message)
    if isinstance(message, Sentence):
        translated = translate_sentence(message)
        if translated is not None:
            return translated
    elif message and gettext(str(message)) != message:  # a fixed sentence in the catalogue
        return gettext(str(message))
    english = RULE_CODE_SENTENCES.get(code, GENERIC_RULE_SENTENCE)
    label = gettext(english)
    if label == english:
        return str(message)  # no catalogue for this language: the English as it is
    return gettext("%(sentence)s In English: %(detail)s") % {
        "sentence": label,
        "detail": message,
    }
