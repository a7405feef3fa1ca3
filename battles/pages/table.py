"""What the battle table view shows, gathered from battles.selectors and the rule system.

One function, :func:`table_context`, so the page view stays a few lines and the replay slider
(``?at=N``) shows exactly what the head view shows, at an earlier version.
"""

from __future__ import annotations

import importlib
import json

from django.urls import reverse
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from battles import selectors
from battles.models import Battle, BattleLogEntry
from battles.replay import AMEND, CONCLUDED, REOPENED, STARTED, VOID, describe, is_fact
from battles.results import result_label
from config.rule_messages import localize_rule_message
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import DECIDE, DECLARE, DICE, DRAW
from rules.core.markers import MARKER, markers
from rules.core.summary import CAPTURED, KILLED, REPLACED, UNCHECKED, WOUNDED, summarize
from rules.core.terms import (
    ACTION,
    DECISION,
    NO_TERMS,
    OPTION,
    PARAMETER,
    PENDING,
    SYSTEM,
    Names,
    Terms,
    language_of,
)
from rules.core.terms import DICE as DICE_PURPOSE
from rules.core.turn_status import turn_status

WRITERS = {selectors.PARTICIPANT, selectors.ORGANIZER}


class Words:
    """What the page says in its language: the rule system's terms and the names of units
    and figures (a dice key like ``roll.a.f3`` of a request for unit ``u1`` reads
    "<purpose>: <figure's name>")."""

    def __init__(self, terms: Terms, language: str, names: Names | None = None,
                 system: str | None = None) -> None:
        self.terms = terms
        self.system = system
        self.language = language_of(language)
        self.names = names or Names()
        self._unique: dict[str, str] = {}

    def set_names(self, names: Names) -> None:
        """Name units and figures; a figure id found in one unit only is named alone too."""
        self.names = names
        counts: dict[str, int] = {}
        for _unit, figure in names.figures:
            counts[figure] = counts.get(figure, 0) + 1
        self._unique = {figure: name for (_unit, figure), name in names.figures.items()
                        if counts[figure] == 1}

    @property
    def english(self) -> bool:
        return self.language == "en"

    def name(self, ident: str, unit: str | None = None) -> str:
        """A unit's or figure's name for an id as the rules write it: a unit id, a figure id
        of ``unit`` (also as the last part of a qualified id, ``a.f3``), ``unit/figure``
        or ``unit.figure``, or a figure id that only one unit has."""
        names = self.names
        if ident in names.units:
            return names.units[ident]
        if unit is not None:
            for fid in (ident, ident.rsplit(".", 1)[-1]):
                if (unit, fid) in names.figures:
                    return names.figures[unit, fid]
        for separator in ("/", "."):
            owner, _, fid = ident.rpartition(separator)
            if (owner, fid) in names.figures:
                return names.figures[owner, fid]
        return self._unique.get(ident, ident)

    def options(self, pending: dict) -> list[dict]:
        """A decision's options, each a figure or unit by its name where the option is one,
        else by the system's label of the option in the page's language (``english`` when the
        rules' English label is kept)."""
        out = []
        for option in pending.get("options", []):
            value = str(option.get("value"))
            name = self.name(value, pending.get("unit"))
            own = None if self.english else self.terms.label(OPTION, value, self.language)
            if name != value:
                out.append({**option, "label": name, "english": False})
            elif own is not None:
                out.append({**option, "label": own, "english": False})
            else:
                out.append({**option, "english": True})
        return out

    def effect(self, effect: dict) -> tuple[str, bool]:
        """A stored effect's sentence in the page's language, and whether it is the English
        one (an old row or a kind the system writes no sentence for)."""
        if not self.english:
            own = self.terms.effect(effect, self.language, self.names)
            if own:
                return own, False
        return effect.get("text", ""), True

    def label(self, kind: str, key: str) -> str:
        """The system's label of ``key`` (an action, a procedure), or the key itself."""
        return self.terms.label(kind, key, self.language, names=self.name) or key

    def purpose(self, key: str, unit: str | None = None) -> str | None:
        """What the die ``key`` (asked of ``unit``) is for ("power of the 2nd hit"), or
        ``None``."""
        return self.terms.label(DICE_PURPOSE, key, self.language,
                                names=lambda ident: self.name(ident, unit))

    def request_label(self, kind: str, request: dict) -> tuple[str, bool]:
        """The label of a dice or decision request, and whether it is English: the rules' own
        English sentence on an English page, else the system's label in the page's language
        (with the unit's name)."""
        if self.english:
            return request["label"], True
        unit = request.get("unit")
        own = self.terms.label(kind, request["key"], self.language,
                               names=lambda ident: self.name(ident, unit))
        if own is None:
            return request["label"], True
        return (f"{self.name(unit)}: {own}" if unit else own), False


def _terms(system_id: str) -> Terms:
    try:
        return registry.terms(system_id)
    except RuleError:
        return NO_TERMS


def _units(current: selectors.StateAt, words: Words) -> tuple[list[dict], list[str], list]:
    """Each unit's status at this version (the rule system's summary, labelled by its terms),
    the sides, and the figures the battle has changed so far
    (:class:`rules.core.summary.FigureOutcome`)."""
    try:
        summary = summarize(current.system, current.state)
    except RuleError:  # the rule system gives no summary
        return [], [], []
    units = [
        {**u.to_json(), "facts": words.terms.unit_facts(dict(u.status), words.language)}
        for u in summary.units
    ]
    return units, list(summary.sides), list(summary.figures)


def _figure_names(battle: Battle, current: selectors.StateAt, state_json: dict,
                  words: Words, units: dict[str, str]) -> dict[tuple[str, str], str]:
    """Every figure's name as the setup had it (a figure whose role changes during the battle
    keeps the name it started with), in the page's language (``Terms.figure_names``)."""
    names = words.terms.figure_names(state_json, words.language, units)
    if current.version > 1:
        setup = selectors.state_at(battle=battle, version=1, system=current.system)
        names.update(words.terms.figure_names(
            current.system.state_to_json(setup.state), words.language, units))
    return names


def _outcome_labels() -> dict[str, str]:
    """What became of a figure (:data:`rules.core.summary.OUTCOMES`), in the page's language."""
    return {
        KILLED: pgettext("figure outcome", "killed"),
        WOUNDED: pgettext("figure outcome", "wounded"),
        CAPTURED: pgettext("figure outcome", "captured"),
        UNCHECKED: pgettext("figure outcome", "unchecked casualty"),
        REPLACED: pgettext("figure outcome", "commander replaced"),
    }


def _markers(current: selectors.StateAt, words: Words) -> dict[str, list[dict]]:
    """Unit id -> its figures' markers now (:mod:`rules.core.markers`, e.g. in panic), each by
    the figure's name and the marker's label in the page's language."""
    out: dict[str, list[dict]] = {}
    for m in markers(current.system, current.state):
        out.setdefault(m.unit, []).append({
            "name": words.names.figures.get((m.unit, m.figure)) or m.figure,
            "key": m.key,
            "label": words.terms.label(MARKER, m.key, words.language) or m.key,
        })
    return out


def _casualties(figures: list, words: Words, sides: dict[str, str]) -> list[dict]:
    """The figures the battle changed, by outcome, each by its name and its unit's and side's:
    what the campaign takes over when the battle is concluded."""
    labels = _outcome_labels()
    groups = []
    for outcome, label in labels.items():
        rows = [
            {
                "name": words.names.figures.get((f.unit, f.figure)) or f.name or f.figure,
                "unit": words.names.unit(f.unit),
                "side": sides.get(f.side, f.side),
                "captured_by": sides.get(f.captured_by, f.captured_by) if f.captured_by else "",
            }
            for f in figures
            if f.outcome == outcome
        ]
        if rows:
            groups.append({"outcome": outcome, "label": label, "figures": rows})
    return groups


def _turn(current: selectors.StateAt, units: dict[str, str], sides: dict[str, str]):
    """Whose turn and which activation it is (:mod:`rules.core.turn_status`), by names;
    ``None`` when the rule system gives no turn status."""
    status = turn_status(current.system, current.state)
    if status is None:
        return None
    return {
        "turn": status.turn,
        "side": sides.get(status.side, status.side) if status.side else "",
        "unit": status.unit or "",
        "unit_name": units.get(status.unit, status.unit) if status.unit else "",
        "actions_used": status.actions_used,
        "actions": status.actions,
        "waiting": [units.get(u, u) for u in status.waiting],
    }


def _dice_inputs(pending: dict, words: Words) -> list[dict]:
    """One labelled input per die the rules ask for (a 2d6 request gives two inputs), by what
    the die is for in the page's language; ``badge`` names the die as the page's language
    writes dice ("d6"; Russian «к6», as the rulebooks do), unless the label already does."""
    out = []
    for request in pending.get("requests", []):
        label, english = words.request_label(DICE_PURPOSE, request)
        badge = _("d%(sides)s") % {"sides": request["sides"]}
        for index in range(request.get("count", 1)):
            out.append(
                {
                    **request,
                    "label": label,
                    "english": english,
                    "index": index,
                    "id": f"die-{request['key'].replace('.', '-')}-{index}",
                    "badge": badge,
                    "die_in_label": badge in label or f"d{request['sides']}" in label,
                }
            )
    return out


def _rollers(inputs: list[dict], words: Words) -> list[str]:
    """Whose dice the form asks for, by name, where its labels do not say it (the rules'
    English label "shooting die d8" asked of Ortega): the page says "Roll for: attack
    (Ortega)"."""
    out = []
    for die in inputs:
        unit = die.get("unit")
        who = words.name(unit) if unit else ""
        if who and who != unit and who not in die["label"] and who not in out:
            out.append(who)
    return out


def _draw_inputs(pending: dict) -> list[dict]:
    """One choice of card per card the rules ask to draw, among those still in the deck."""
    out = []
    for request in pending.get("requests", []) if pending.get("kind") == "draw" else []:
        gone = set(request.get("out", []))
        choices = [c for c in request["deck"]["cards"] if c["id"] not in gone]
        for index in range(request.get("count", 1)):
            out.append(
                {
                    **request,
                    "index": index,
                    "id": f"card-{request['key'].replace('.', '-')}-{index}",
                    "choices": choices,
                }
            )
    return out


def _dice_values(values) -> list:
    """A dice fact's values for one key as a list (they may be a bare number or a mapping)."""
    if isinstance(values, dict):
        values = values.get("values", [])
    return list(values) if isinstance(values, list | tuple) else [values]


def _roll_text(values) -> str:
    return ", ".join(str(v) for v in _dice_values(values))


def _describe(event_type: str, fact: dict, words: Words) -> str:
    """What an event records, in the page's language: actions, dice and decisions by the
    system's labels (``battles.replay.describe`` is the English of the API and the fallback
    for event types not listed here)."""
    if event_type == DECLARE:
        action = words.label(ACTION, str(fact.get("action", "")))
        unit = fact.get("unit")
        if unit:
            return _("%(unit)s: %(action)s") % {"unit": words.name(unit), "action": action}
        return action
    if event_type == DICE:
        rolls = "; ".join(
            f"{words.purpose(str(k)) or k} {_roll_text(v)}"
            for k, v in (fact.get("rolls") or {}).items()
        )
        if fact.get("source") == "server":
            return _("dice rolled by the server: %(rolls)s") % {"rolls": rolls}
        return _("dice from the table: %(rolls)s") % {"rolls": rolls}
    if event_type == DRAW:
        draws = ", ".join(f"{k} {v}" for k, v in (fact.get("draws") or {}).items())
        if fact.get("source") == "server":
            return _("cards drawn by the server: %(draws)s") % {"draws": draws}
        return _("cards drawn at the table: %(draws)s") % {"draws": draws}
    if event_type == DECIDE:
        choice = fact.get("choice")
        if isinstance(choice, list):
            choice = ", ".join(words.name(str(c)) for c in choice)
        elif isinstance(choice, str):
            choice = words.name(choice)
        return _("decision %(key)s: %(choice)s") % {
            "key": words.label(DECISION, str(fact.get("key"))),
            "choice": choice,
        }
    if event_type == STARTED:
        rules = fact.get("rules") or {}
        system = str(rules.get("system", ""))
        return _("battle started: %(system)s, version %(version)s") % {
            "system": words.terms.label(SYSTEM, system, words.language) or system,
            "version": rules.get("version"),
        }
    if event_type == CONCLUDED:
        return _("battle concluded: %(result)s") % {"result": ", ".join(
            f"{words.name(str(side))} — {result_label(str(outcome))}"
            for side, outcome in (fact.get("result") or {}).items())}
    if event_type == REOPENED:
        return _("battle reopened: %(reason)s") % {"reason": fact.get("reason") or ""}
    if event_type in (VOID, AMEND):
        values = {"n": fact.get("target"), "reason": fact.get("reason") or _("no reason given")}
        if event_type == VOID:
            return _("correction: event #%(n)s voided (%(reason)s)") % values
        return _("correction: event #%(n)s amended (%(reason)s)") % values
    return describe(event_type, fact)


def _problem(problem: dict, words: Words) -> dict:
    """Why a fact is unfit since a correction (a rule error's JSON), in the page's language:
    its sentence, else the code's sentence and the English detail."""
    text = localize_rule_message(str(problem.get("code", "")), str(problem.get("message", "")),
                                 words.system)
    return {"text": text, "english": words.english or text == problem.get("message")}


def _unfit(pending: dict, words: Words) -> list[dict]:
    """The facts a correction left unfit, each by its kind and its problem in the page's
    language."""
    kinds = {DECLARE: pgettext("event", "declaration"), DICE: pgettext("event", "dice"),
             DRAW: pgettext("event", "draw"), DECIDE: pgettext("event", "decision")}
    return [{**row, "kind": kinds.get(row.get("type"), row.get("type")),
             "problem_text": _problem(row.get("problem") or {}, words)}
            for row in pending.get("unfit", [])]


def _changed_facts(consequences: dict | list | None) -> int:
    """How many facts a correction's log row says it changed (its summary's ``changed``; a
    correction logged before summaries listed them all)."""
    if isinstance(consequences, dict):
        return int(consequences.get("changed") or 0)
    return len(consequences or [])


def _fact_status() -> dict[str, str]:
    """What a fact is now, as a correction's consequence says it ("#4 now voided")."""
    return {
        BattleLogEntry.Status.APPLIED: pgettext("fact now", "applied"),
        BattleLogEntry.Status.AMENDED: pgettext("fact now", "applied as amended"),
        BattleLogEntry.Status.VOIDED: pgettext("fact now", "voided"),
        BattleLogEntry.Status.UNFIT: pgettext("fact now", "unfit"),
        BattleLogEntry.Status.RECORDED: pgettext("fact now", "recorded"),
    }


def _consequences(consequences: dict | list | None, rows: dict[int, BattleLogEntry],
                  words: Words) -> list[dict]:
    """A correction's consequences in the page's language (``refold.consequence_text`` is
    the English of the API): each listed fact as "#5 now applied:" and what it does now, then
    how many more changed. What a fact does is its log row's effects in the page's language
    while the row still reads as the correction left it, else the English stored with the
    consequence (``english``)."""
    if isinstance(consequences, dict):
        facts, more = consequences.get("facts") or [], int(consequences.get("more") or 0)
        last = consequences.get("last_version")
    else:
        facts, more, last = consequences or [], 0, None
    statuses = _fact_status()
    parts = []
    for fact in facts:
        after = fact.get("after") or {}
        text = after.get("text") or ""
        row = rows.get(fact.get("version"))
        english = False
        if not text:
            what = _("no effect")
        elif row is not None and row.text == text and row.status == after.get("status"):
            sentences = [words.effect(e) for e in row.effects or [] if isinstance(e, dict)]
            what = "; ".join(sentence for sentence, _english in sentences if sentence)
            english = any(is_english for _sentence, is_english in sentences)
        else:
            what, english = text, True
        parts.append({
            "lead": _("#%(n)s now %(status)s:") % {
                "n": fact.get("version"),
                "status": statuses.get(after.get("status"), after.get("status"))},
            "what": what, "english": english and not words.english})
    if more:
        parts.append({"lead": ngettext("%(n)s more fact changed, to #%(last)s",
                                       "%(n)s more facts changed, to #%(last)s", more)
                      % {"n": more, "last": last}, "what": "", "english": False})
    return parts


def consequence_sentence(consequences: dict | list | None, rows: dict[int, BattleLogEntry],
                         words: Words) -> str:
    """A correction's consequences as one sentence in ``words``' language, as
    ``refold.consequence_text`` writes the English (the API's answer in the request's
    language: ``battles.api.consequences``)."""
    parts = _consequences(consequences, rows, words)
    if not parts:
        return _("no derived outcome changed")
    return "; ".join(f"{part['lead']} {part['what']}".strip() for part in parts)


def words_for(battle: Battle) -> Words:
    """The rule system's words in the active language (no unit or figure names)."""
    return Words(_terms(battle.rule_system), get_language() or "en", system=battle.rule_system)


def _log(battle: Battle, version: int, words: Words) -> list[BattleLogEntry]:
    """The log up to ``version``, newest first, with what a correction form needs (each
    die's key, its purpose and its values)."""
    rows = BattleLogEntry.objects.filter(battle=battle, version__lte=version).order_by("-version")
    rows = list(rows)
    for row in rows:
        fact = row.effective_data or row.data
        row.description = _describe(row.type, fact, words)
        row.sentences = [
            {"kind": e.get("kind", ""), "text": text, "english": english}
            for e in row.effects or [] if isinstance(e, dict)
            for text, english in [words.effect(e)]
        ]
        row.problem_text = _problem(row.problem, words) if row.problem else None
        row.changed_facts = _changed_facts(row.consequences)
        row.correctable = is_fact(row.type)
        row.rolls = None
        if row.type == DICE and isinstance(fact.get("rolls"), dict):
            row.rolls = [
                {"key": key, "label": words.purpose(key) or key, "values": _dice_values(v)}
                for key, v in fact["rolls"].items()
            ]
            row.original_json = json.dumps(fact)
    by_version = {row.version: row for row in rows}
    for row in rows:
        if row.changed_facts:
            row.consequence = _consequences(row.consequences, by_version, words)
    return rows


def _side_names(state_json: dict) -> dict[str, str]:
    """Side id -> name, from state JSON that lists ``sides`` with names."""
    sides = state_json.get("sides", [])
    if not isinstance(sides, list):
        return {}
    return {s["id"]: s.get("name") or s["id"] for s in sides if isinstance(s, dict) and "id" in s}


def _catalogue(current: selectors.StateAt, unit_names: dict[str, str],
               words: Words) -> list[dict]:
    """What may be declared now (the rule system's catalogue, :mod:`rules.core.catalogue`),
    with each action's label in the page's language (and a ``count`` parameter's ``picks``,
    the label of each pick). A system without a catalogue: each of
    its actions, for any unit or none, without parameters."""
    try:
        specs = [spec.to_json() for spec in current.system.commands(current.state)]
    except RuleError:
        units = [None, *unit_names]
        specs = [{"action": a, "label": a, "unit": u, "unit_label": unit_names.get(u, ""),
                  "params": []}
                 for a in declarable_actions(current.system.id) for u in units]
    for spec in specs:
        spec["label"] = words.label(ACTION, spec["action"])
        for param in spec["params"]:
            param["label"] = words.terms.label(PARAMETER, param["name"], words.language,
                                               names=words.name) or param["label"]
            if "count" in param:  # each pick asked on its own: "cell of the 2nd roll"
                param["picks"] = [
                    words.terms.label(PARAMETER, f"{param['name']}.{n}", words.language)
                    or f"{param['label']} {n}" for n in range(1, param["count"] + 1)]
            for choice in param.get("choices", []):
                choice["label"] = words.terms.choice(
                    current.state, spec["unit"], param["name"], choice["value"], words.language,
                    words.names) or choice["label"]
    return specs


def _actions(specs: list[dict]) -> list[dict]:
    """The catalogue's actions in its order, each once."""
    seen: dict[str, str] = {}
    for spec in specs:
        seen.setdefault(spec["action"], spec["label"])
    return [{"value": a, "label": label} for a, label in seen.items()]


def declarable_actions(system_id: str) -> list[str]:
    """The actions a rule system resolves (``rules.<id>.actions.ACTIONS``), if it lists them."""
    try:
        module = importlib.import_module(f"rules.{system_id}.actions")
    except ModuleNotFoundError:
        return []
    return sorted(getattr(module, "ACTIONS", {}))


def table_context(*, user, battle: Battle, version: int | None = None) -> dict:
    current = selectors.state_at(battle=battle, version=version)
    at_head = current.version == battle.version
    state_json = current.system.state_to_json(current.state)
    words = Words(_terms(battle.rule_system), get_language() or "en",
                  system=battle.rule_system)
    units, sides, figures = _units(current, words)
    unit_names = {u["unit"]: u["name"] or u["unit"] for u in units}
    names = _side_names(state_json)
    words.set_names(Names({**names, **unit_names},
                          _figure_names(battle, current, state_json, words, unit_names)))
    pending = selectors.pending_json(battle=battle, pending=current.pending)
    role = selectors.battle_role(user=user, battle=battle)
    turn = _turn(current, unit_names, names)
    casualties = _casualties(figures, words, names)
    outcome_labels = _outcome_labels()
    marked = _markers(current, words)
    for unit in units:
        unit["side_name"] = names.get(unit["side"], unit["side"])
        unit["active"] = bool(turn and turn["unit"] == unit["unit"])
        unit["casualties"] = [
            {"name": words.names.figures.get((f.unit, f.figure)) or f.name or f.figure,
             "outcome": f.outcome,
             "label": outcome_labels[f.outcome]}
            for f in figures
            if f.unit == unit["unit"]
        ]
        unit["markers"] = marked.get(unit["unit"], [])
    decision_label, decision_english = (
        words.request_label(DECISION, pending) if pending.get("kind") == "decision" else ("", True)
    )
    dice_inputs = _dice_inputs(pending, words) if pending.get("kind") == "dice" else []
    with_sides = {u["unit"]: f"{u['name'] or u['unit']} ({u['side_name']})" for u in units}
    commands = (_catalogue(current, with_sides, words)
                if at_head and pending.get("kind") == "command" else [])
    first = commands[0] if commands else {"action": "", "unit": None}
    api = reverse("battles:battle-detail", args=[battle.pk])
    return {
        "battle": battle,
        "version": current.version,
        "at_head": at_head,
        "can_write": at_head and battle.is_open and role in WRITERS,
        "role": role,
        "units": units,
        "sides": [{"id": side, "name": names.get(side, side)} for side in sides],
        "result": [
            {"side": names.get(side, side), "result": result_label(outcome)}
            for side, outcome in (battle.result or {}).items()
        ],
        "pending": pending,
        "options": words.options(pending) if pending.get("kind") == "decision" else [],
        "unfit": _unfit(pending, words),
        "unfit_more": pending.get("unfit_count", 0) - len(pending.get("unfit", [])),
        "dice_inputs": dice_inputs,
        "rollers": _rollers(dice_inputs, words),
        "draw_inputs": _draw_inputs(pending),
        "decision_label": decision_label,
        "decision_english": decision_english,
        "pending_units": [words.name(u) for u in pending.get("units", [])],
        "pending_unit": words.name(pending.get("unit")) if pending.get("unit") else "",
        "turn": turn,
        "casualties": casualties,
        "pending_keys_json": json.dumps([r["key"] for r in pending.get("requests", [])]),
        "log": _log(battle, current.version, words),
        "procedure": words.label(PENDING, pending.get("procedure", "")),
        "commands": commands,
        "actions": _actions(commands),
        "default_action": first["action"],
        "default_units": [
            {"value": c["unit"] or "", "label": c["unit_label"] or with_sides.get(c["unit"], "")}
            for c in commands if c["action"] == first["action"]
        ],
        "api": {
            "declare": api + "declare/",
            "dice": api + "dice/",
            "draw": api + "draw/",
            "decide": api + "decide/",
            "odds": api + "odds/",
            "corrections": api + "corrections/",
            "conclude": api + "conclude/",
        },
    }
