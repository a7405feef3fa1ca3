"""A rule system's words for people: labels and the translations of its sentences.

The engine speaks in ids (``"go_prone"``, ``"hit.2.power"``, ``"shaken"``) and writes English
:class:`~rules.core.errors.Sentence` messages. A system ships a :class:`Terms` with what a page
or an API needs to show them in a language (``"en"``, ``"ru"``), so nothing outside its package
has to know its vocabulary; :func:`rules.core.registry.terms` finds it. Pure Python, no Django.

Labels are grouped by kind: the ones every system may fill are :data:`ACTION`,
:data:`PARAMETER`, :data:`PENDING` (a procedure waiting for dice or a decision),
:data:`DICE` (what a die is for, by request key), :data:`DECISION`, :data:`OPTION` (an
option of a decision that is not a unit or figure, by its value), :data:`OUTCOME` (an
outcome of the odds), :data:`UNIT_FACT` (a key of a unit's summary status), :data:`ERROR` (one
sentence per error code), :data:`SYSTEM` (the rule system's own name, by its id), :data:`READING` (a reading of an
ambiguous rule, by its name in ``registry.readings``) and :data:`READING_VALUE` (one of its
choices), :data:`READING_TEXT` (its explanation, :func:`reading_texts`); a system adds
its own
kinds for the values it shows (``"morale"``, ``"cover"``) and for the ``context`` of its
:class:`~rules.core.errors.Term` words.

A dice or decision key is matched exactly or against a pattern with ``{name}`` segments
(``"hit.{n}.power"``); the label is a template filled with the segments (``{n}`` also gives
``{nth}``, the ordinal in the language: "2nd", "2-го"), and a segment the caller can name (a
figure or unit id) is replaced by its name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

ACTION = "action"
PARAMETER = "parameter"
PENDING = "pending"
DICE = "dice"
DECISION = "decision"
OPTION = "option"
OUTCOME = "outcome"
UNIT_FACT = "unit fact"
ERROR = "error"
SYSTEM = "system"
READING = "reading"
READING_VALUE = "reading value"
#: A reading's explanation, keyed ``"<reading name>.<part>"`` for each of
#: :data:`READING_PARTS`: what the default means, the alternatives, why the text leaves it open.
READING_TEXT = "reading text"
READING_PARTS = ("reading", "alternatives", "reason")

LANGUAGES = ("en", "ru")

Labels = Mapping[str, Mapping[str, Mapping[str, str]]]  # kind -> key -> language -> text


def language_of(code: str | None) -> str:
    """``"ru-RU"`` -> ``"ru"``; ``None`` or ``""`` -> ``"en"``."""
    return (code or "en").split("-")[0].split("_")[0].lower() or "en"


def ordinal(n: int, language: str) -> str:
    """``2`` -> "2nd" (English), "2-го" (Russian, the genitive the labels use, with a
    non-breaking hyphen, U+2011, so that a narrow line never breaks the word after "2-")."""
    if language == "ru":
        return f"{n}\u2011го"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _pattern(key: str) -> re.Pattern:
    """``"hit.{n}.power"`` -> a regex; a segment is one dot-free part, or the rest of the key
    when it ends the key (``"melee.{figure}"`` matches ``"melee.steel.1.r3"``)."""
    parts = [p for p in re.split(r"(\{[a-z_]+\})", key) if p]
    regex = "".join(
        (f"(?P<{p[1:-1]}>.+)" if i == len(parts) - 1 else f"(?P<{p[1:-1]}>[^.]+)")
        if p.startswith("{") else re.escape(p)
        for i, p in enumerate(parts)
    )
    return re.compile(regex + r"\Z")


class Terms:
    """A system's labels and sentence translations.

    ``labels``: kind -> key -> language -> text. ``sentences``: language -> English template
    -> translated template (same ``{name}`` placeholders). English needs no sentences: the
    engine writes English.
    """

    def __init__(self, labels: Labels | None = None,
                 sentences: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.labels: Labels = labels or {}
        self.sentences = sentences or {}
        self._patterns = {
            kind: [(_pattern(key), texts) for key, texts in by_key.items() if "{" in key]
            for kind, by_key in self.labels.items()
        }

    def keys(self, kind: str) -> tuple[str, ...]:
        """The keys (and key patterns) labelled under ``kind``."""
        return tuple(self.labels.get(kind, {}))

    def label(self, kind: str, key: str, language: str = "en", *,
              names: Callable[[str], str] | None = None) -> str | None:
        """The label of ``key`` in ``language`` (English when that language lacks one), or
        ``None`` when the system has none. ``names`` turns an id in a pattern's segment into
        a name (a figure, a unit)."""
        language = language_of(language)
        texts = self.labels.get(kind, {}).get(key)
        if texts is not None:
            return texts.get(language) or texts.get("en")
        for pattern, texts in self._patterns.get(kind, ()):
            match = pattern.match(key)
            if match is None:
                continue
            values = {k: (names(v) if names else v) for k, v in match.groupdict().items()}
            if "n" in values and match["n"].isdigit():
                values["nth"] = ordinal(int(match["n"]), language)
            template = texts.get(language) or texts.get("en")
            try:
                return template.format(**values)
            except (KeyError, IndexError, ValueError):
                return None
        return None

    def labelled(self, kind: str, key: str, language: str) -> bool:
        """Whether ``key`` has a label of its own in ``language`` (no English fallback)."""
        texts = self.labels.get(kind, {}).get(key)
        if texts is not None:
            return bool(texts.get(language))
        return any(pattern.match(key) and texts.get(language)
                   for pattern, texts in self._patterns.get(kind, ()))

    def sentence(self, template: str, language: str) -> str | None:
        """The translation of an English sentence template, or ``None``."""
        language = language_of(language)
        if language == "en":
            return template
        return self.sentences.get(language, {}).get(template)

    def error(self, code: str, language: str) -> str | None:
        """The sentence of error ``code`` (what a refusal is about), or ``None``."""
        return self.label(ERROR, code, language)

    def effect(self, effect: Mapping, language: str, names: Names) -> str | None:
        """The sentence of a stored effect (``{"kind", "text", "unit", "data"}``) in
        ``language``, or ``None`` when the system has none. English is the sentence the rules
        wrote (``text``); a system overrides this to write other languages from the effect's
        kind and data, with units and figures by ``names``."""
        return effect.get("text") if language_of(language) == "en" else None

    def figure_names(self, state_json: Mapping, language: str,
                     units: Mapping[str, str]) -> dict[tuple[str, str], str]:
        """(unit id, figure id) -> how a page names the figure in ``language``; ``units``
        names the units. This default knows no roster: a system overrides it so that every
        figure has a name (its own, or its unit, role and number), never a bare id."""
        return {}

    def choice(self, state, unit: str | None, param: str, value, language: str,
               names: Names) -> str | None:
        """The label of one choice of a command's parameter (``rules.core.catalogue``) in
        ``language``, for ``unit`` in ``state`` (the system's own state), or ``None`` to keep
        the catalogue's English label. This default keeps them all."""
        return None

    def outcome(self, value, language: str) -> str | None:
        """An outcome of the odds (``rules.core.odds.Distribution``) in ``language``, or
        ``None``: a text outcome by its :data:`OUTCOME` label, ``True``/``False`` by the labels
        ``"true"``/``"false"`` (else yes/no). A system overrides it for outcomes of its own
        types."""
        if isinstance(value, bool):
            return self.label(OUTCOME, str(value).lower(), language) or yes_no(value, language)
        if isinstance(value, str):
            return self.label(OUTCOME, value, language)
        return None

    def unit_facts(self, status: Mapping, language: str) -> list[dict]:
        """A unit's summary status as labelled facts ``{key, label, value, css}`` for a page.

        This default shows every plain value in the status's order: a key by its
        :data:`UNIT_FACT` label, a text value by the label of its kind named like the key
        (``"morale"`` -> ``"shaken"``), a flag as yes/no; nested values are left out. A system
        overrides it to order, combine or leave out facts."""
        language = language_of(language)
        facts = []
        for key, value in status.items():
            if isinstance(value, Mapping | list | tuple) or value is None:
                continue
            facts.append(self.fact(key, value, language))
        return facts

    def fact(self, key: str, value, language: str, *, label: str | None = None,
             css: str = "") -> dict:
        """One fact of :meth:`unit_facts`: ``key`` and ``value`` labelled in ``language``."""
        if isinstance(value, bool):
            value = yes_no(value, language)
        elif isinstance(value, str):
            value = self.label(key, value, language) or value
        return {"key": key, "label": label or self.label(UNIT_FACT, key, language)
                or key.replace("_", " "), "value": value, "css": css}


class Names:
    """Who is who on a page, in its language: units by id and figures by (unit id, figure
    id); an id without a name reads as itself."""

    def __init__(self, units: Mapping[str, str] | None = None,
                 figures: Mapping[tuple[str, str], str] | None = None) -> None:
        self.units = dict(units or {})
        self.figures = dict(figures or {})

    def unit(self, ident: str | None) -> str:
        return self.units.get(ident, ident) if ident is not None else ""

    def figure(self, unit: str | None, ident: str) -> str:
        return self.figures.get((unit, ident), ident)


_YES_NO = {"en": ("yes", "no"), "ru": ("да", "нет")}


def yes_no(value: bool, language: str) -> str:
    """"yes"/"no" in ``language`` (English when it is not known)."""
    yes, no = _YES_NO.get(language_of(language), _YES_NO["en"])
    return yes if value else no


#: The terms of a system that ships none.
NO_TERMS = Terms()


def reading_texts(rows, translations: Mapping[str, Mapping[str, tuple[str, str, str]]]
                  ) -> dict[str, dict[str, str]]:
    """The :data:`READING_TEXT` labels of a system's readings (``rows``: its
    ``readings()``, whose English they keep) with ``translations``: language -> reading name
    -> its three parts (:data:`READING_PARTS`) in that language."""
    return {
        f"{row['name']}.{part}": {"en": row[part], **{
            language: by_name[row["name"]][index]
            for language, by_name in translations.items() if row["name"] in by_name}}
        for row in rows for index, part in enumerate(READING_PARTS)
    }


def explanation(terms: Terms, row: Mapping, language: str) -> tuple[dict[str, str], bool]:
    """A reading's explanation (``row``: one of ``registry.readings``) in ``language``:
    each of :data:`READING_PARTS`, and whether it is the English (the system has not all
    three in that language)."""
    language = language_of(language)
    keys = {part: f"{row['name']}.{part}" for part in READING_PARTS}
    if language != "en" and all(terms.labelled(READING_TEXT, key, language)
                                for key in keys.values()):
        return {part: terms.label(READING_TEXT, key, language) for part, key in keys.items()}, False
    return {part: str(row[part]) for part in READING_PARTS}, language != "en"
