"""The Steel War's words: :data:`TERMS` (labels and the Russian of its sentences, found
through ``rules.core.registry.terms("steelwar")``), and the words of the rules' data inside
refusal sentences, as :class:`rules.core.errors.Term`.

A term reads exactly as the English sentence always had it, and tells an API how to show it in
another language: from the data's own Russian name (``name_ru`` of weapons, morale grades, psi
powers), or from :data:`TERMS` (its ``context`` is a kind of label). Names of squads in the possessive ("1st squad's")
read as the bare name in Russian, where the sentence is built around it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.errors import Term
from rules.core.terms import READING_TEXT, Terms, language_of, reading_texts, yes_no
from rules.steelwar import locale_en, locale_ru, locale_ru_readings, options, tables

if TYPE_CHECKING:  # the state module imports the chapters that import this one
    from rules.steelwar.state import Figure, Squad

class SteelWarTerms(Terms):
    """The Steel War's terms; a squad's facts read as the pages always showed them."""

    def unit_facts(self, status, language):
        """Morale, suppression, prone and casualties first.

        ``figures`` and ``fighting`` give the casualties; ``statuses`` (figure status -> count)
        gives one fact per kind of casualty (unchecked, killed...). Flags that are off and
        defaults that say nothing (on the table, no panic) are left out; unknown keys are
        shown."""
        language = language_of(language)
        facts: list[dict] = []
        if "morale" in status:
            facts.append(self.fact("morale", status["morale"], language, css=status["morale"]))
        if "suppression" in status:
            facts.append(self.fact("suppression", status["suppression"], language))
        if "prone" in status:
            facts.append(self.fact("prone", bool(status["prone"]), language))
        if "figures" in status and "fighting" in status:
            facts.append(self.fact("fighting", f"{status['fighting']} / {status['figures']}",
                                   language))
            facts.append(self.fact("casualties", status["figures"] - status["fighting"],
                                   language))
        for figure_status, count in (status.get("statuses") or {}).items():
            if figure_status not in ("ok", "returned"):
                label = self.label("casualty", figure_status, language) or figure_status
                facts.append(self.fact(f"statuses.{figure_status}", count, language,
                                       label=label))
        shown = {"morale", "suppression", "prone", "figures", "fighting", "statuses", "text"}
        for key, value in status.items():
            if key in shown or isinstance(value, dict | list) or value is None:
                continue
            if isinstance(value, bool):
                if value:
                    facts.append(self.fact(key, yes_no(True, language), language))
            elif key == "presence":
                if value != "on_table":
                    facts.append(self.fact(key, self.label("position", value, language)
                                           or value, language))
            else:
                facts.append(self.fact(key, value, language))
        return facts

    def effect(self, effect, language, names):
        """The log's sentences: English as the fold wrote them, Russian from the effect's kind
        and data (:mod:`rules.steelwar.locale_ru_effects`)."""
        if language_of(language) == "ru":
            from rules.steelwar.locale_ru_effects import sentence

            return sentence(effect, names)
        return super().effect(effect, language, names)

    def figure_names(self, state_json, language, units):
        """Every figure by its own name and weapon ("Cpl. Ivanov (rifle)"), or else by its
        squad, role and number among the squad's figures of that role ("2nd squad,
        rifleman 3"; "2-е отделение, стрелок 3"; no number for the only one of its role)."""
        from rules.steelwar.state import Figure

        language = language_of(language)
        default_role = Figure._field_defaults["role"]
        out = {}
        for squad in state_json.get("squads", []):
            figures = squad.get("figures", [])
            roles = [f.get("role", default_role) for f in figures]
            unit = units.get(squad["id"]) or squad.get("name") or squad["id"]
            seen: dict[str, int] = {}
            for figure, role in zip(figures, roles, strict=True):
                seen[role] = number = seen.get(role, 0) + 1
                weapon = figure.get("weapon")
                if figure.get("name"):
                    what = self._weapon(weapon, language) if weapon else self._role(role, language)
                    name = f"{figure['name']} ({what})"
                else:
                    name = f"{unit}, {self._role(role, language)}"
                    if roles.count(role) > 1:
                        name += f" {number}"
                out[squad["id"], figure["id"]] = name
        return out

    def choice(self, state, unit, param, value, language, names):
        """A choice of the declare form: a figure by its role and number and its weapon
        ("rifleman 3 · submachine gun"), a cover, terrain, mode, direction, psi power or a
        number's "none" answer by the rules' words in ``language``; ``None`` leaves the
        catalogue's English label."""
        language = language_of(language)
        if param in _FIGURE_PARAMS:
            squad = next((s for s in state.squads if s.id == unit), None)
            figure = squad and next((f for f in squad.figures if f.id == value), None)
            if figure is None:
                return None
            name = names.figure(unit, value)
            own = names.unit(unit)
            if name.startswith(f"{own}, "):  # the squad is the form's own: role and number
                name = name[len(own) + 2:]
            return f"{name} · {self._weapon(figure.weapon, language)}" if figure.weapon else name
        if language == "en":
            return None
        if value is None:  # a number's "none" answer: "none on the table"
            return self.label("absent", param, language)
        if isinstance(value, bool):
            return yes_no(value, language)
        if param in _TERRAIN_PARAMS:
            return tables.terrain_name(value, language)
        if param == "power":
            row = tables.PSI_POWERS.get(value)
            return f"{row.name_ru} ({row.threshold}+)" if row else None
        kind = _CHOICE_KINDS.get(param)
        return self.label(kind, value, language) if kind else None

    def _role(self, role: str, language: str) -> str:
        """A figure's role ("rifleman"; a weapon counted as a figure by the weapon's name)."""
        label = self.label("role", role, language)
        if label is not None:
            return label
        return self._weapon(role, language)  # a weapon counted as a figure, by its name

    def _weapon(self, weapon_id: str, language: str) -> str:
        return self.label("weapon", weapon_id, language) or weapon_id.replace("_", " ")

    def outcome(self, value, language):
        """A shot's outcome ("suppressed, 2 hits: 1 killed, 1 wounded") or a test's."""
        language = language_of(language)
        if isinstance(value, tuple) and hasattr(value, "hits"):  # odds.FireResult
            if language == "en":
                return str(value)
            key = value.outcome if value.outcome != "suppress_and_hits" else (
                "suppress_and_hits_chosen" if value.killed is None else "suppress_and_hits")
            label = self.label("outcome", key, language)
            return label.format(**value._asdict()) if label else None
        return super().outcome(value, language)


#: Parameters whose choices are figures of the declaring squad, of terrain, and the label
#: kind of other choices (``SteelWarTerms.choice``).
_FIGURE_PARAMS = frozenset({"weapons", "psionic"})
_TERRAIN_PARAMS = frozenset({"terrain", "surrounding", "melee_terrain"})
_CHOICE_KINDS = {"cover": "cover", "mode": "move mode", "direction": "direction"}

#: The armour table's rows in the source's Russian ("Таблица брони", §3.3; the flak vest from
#: the text above it: "Бойцы, одетые в бронежилеты").
ARMOUR_RU = {
    "human": "человек или всадник",
    "flak_vest": "бронежилет",
    "full_infantry_armour": "полная пехотная броня",
    "robot": "робот",
    "man_sized_equipment": "станковый пулемёт, миномёт или что-нибудь вроде того",
    "power_armour": "бронескаф",
}

#: Every label in English and Russian (the readings' explanations from their options'
#: English and :mod:`rules.steelwar.locale_ru_readings`), and the Russian of every sentence
#: template.
TERMS = SteelWarTerms(
    labels={
        **{kind: {key: {"en": text, "ru": locale_ru.LABELS[kind][key]}
                  for key, text in by_key.items()}
           for kind, by_key in locale_en.LABELS.items()},
        "weapon": {w.id: {"en": w.name, "ru": w.name_ru} for w in tables.WEAPONS.values()},
        "armour": {a.id: {"en": a.name, "ru": ARMOUR_RU[a.id]} for a in tables.ARMOUR.values()},
        READING_TEXT: reading_texts(options.describe(), {"ru": locale_ru_readings.READINGS}),
    },
    sentences={"ru": locale_ru.SENTENCES},
)


def weapon(w: tables.Weapon) -> Term:
    """A weapon's name ("light machine gun"; Russian from the weapon table)."""
    return Term(w.name, translations={"ru": w.name_ru})


def grade(grade_id: str, text: str | None = None) -> Term:
    """A morale grade as the sentence writes it (``text``, default the id: "broken")."""
    row = tables.MORALE_GRADES.get(grade_id)
    return Term(text or grade_id, translations={"ru": row.name_ru} if row else None)


def psi_power(power_id: str) -> Term:
    """A psi power ("remove suppression"; Russian from the psi power table)."""
    row = tables.PSI_POWERS.get(power_id)
    return Term(power_id.replace("_", " "), translations={"ru": row.name_ru} if row else None)


def terrain_class(class_id: str) -> Term:
    """A terrain class ("very difficult"), translated by :data:`TERMS`."""
    return Term(class_id.replace("_", " "), context="terrain class")


def presence(presence_id: str) -> Term:
    """Where a squad is ("left_table"), translated by :data:`TERMS`."""
    return Term(presence_id, context="presence")


def squads(name: str) -> Term:
    """A squad's name in the possessive ("1st squad's"); the bare name in Russian."""
    from rules.steelwar.effects import possessive

    return Term(possessive(name), translations={"ru": name})


def figure(squad: Squad, fig: Figure) -> Term:
    """A figure as the English names it ("1st squad's rifleman (r3)"); in Russian its id and
    squad ("r3 (1st squad)"), or its own name where it has one ("Cpl. Ivanov (1st squad)")."""
    from rules.steelwar.effects import figure_name

    return Term(figure_name(squad, fig), translations={"ru": f"{fig.name or fig.id} ({squad.name})"})


def figure_status(status: str) -> Term:
    """A figure's status ("unchecked", "killed"), translated by :data:`TERMS`."""
    return Term(status, context="figure status")
