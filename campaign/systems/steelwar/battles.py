"""The Steel War's campaign battles: the battle setup from campaign state, results taken over.

Pure (no Django). The vocabulary and tables are the rule system's own
(``rules.steelwar.tables``, ``rules.steelwar.reorganisation``): nothing is copied here.

Ids in a battle setup (``docs/rules-engine.md``): a force is the side ``"force-<id>"``, a
squad the unit ``"squad-<id>"``, a soldier the figure ``"soldier-<id>"``, so the battle's
summary maps back to the campaign's soldiers.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from campaign.ledger.fold import fought_in
from campaign.ledger.state import CampaignState, Soldier
from campaign.systems.steelwar.attributes import SOLDIER_TRAITS, SQUAD_TRAITS
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.steelwar import tables
from rules.steelwar.battle_setup import ORDINARY_ROLES
from rules.steelwar.melee import melee_fate
from rules.steelwar.options import Options
from rules.steelwar.reorganisation import medical_bonus, wounded_fate

FATIGUE_LEVELS: tuple[str, ...] = tuple(tables.FATIGUE_STARTING_MORALE)
#: Morale grades, best first (§2.12), for "morale low point".
MORALE_LADDER: tuple[str, ...] = tuple(tables.GRADE_LADDER)


def _bad(code: str, message: str, field: str, rule: str | None = None, **params) -> RuleError:
    """``code`` at ``field``: ``message`` is an English template (``gettext_noop``) filled with
    ``params``, or a rule engine :class:`Sentence` taken as it is."""
    if params or not isinstance(message, Sentence):
        message = Sentence(message, **params)
    return RuleError(code, message, field=field, rule=rule)


# --- checks --------------------------------------------------------------------------------


def check_battle_options(options: Mapping) -> dict:
    """The club's readings of the PROPOSED rules (``rules.steelwar.options``), checked;
    only those that differ from the defaults are kept."""
    try:
        return Options.from_dict(options).changed()
    except ValueError as error:
        raise _bad("bad_battle_options", str(error), "options") from None


def starting_morale(fatigue: str) -> str:
    """§2.17: fresh -> confident, tired -> steady, exhausted -> shaken."""
    return tables.FATIGUE_STARTING_MORALE[fatigue]


# --- ids in a battle -----------------------------------------------------------------------


def side_id(force_id: int) -> str:
    return f"force-{force_id}"


def unit_id(squad_id: int) -> str:
    return f"squad-{squad_id}"


def figure_id(soldier_id: int) -> str:
    return f"soldier-{soldier_id}"


def formation_ref(formation_id: int) -> str:
    return f"formation-{formation_id}"


def chain_of(state: CampaignState, formation_id: int | None) -> list[str]:
    """The formations above a squad, top down (§2.18's chain of command)."""
    chain: list[str] = []
    while formation_id is not None:
        chain.insert(0, formation_ref(formation_id))
        formation_id = state.formations[formation_id].parent_id
    return chain


def ref_of(value: str | None, prefix: str) -> int | None:
    """The campaign id in ``"soldier-12"`` (prefix ``"soldier"``), or None."""
    if not value or not value.startswith(prefix + "-"):
        return None
    tail = value[len(prefix) + 1:]
    return int(tail) if tail.isdigit() else None


# --- the battle setup ----------------------------------------------------------------------


@dataclass(frozen=True)
class SidePlan:
    """One force going into a battle: its motivation and fatigue, the soldiers per squad."""

    force_id: int
    motivation: str
    fatigue: str
    squads: tuple[tuple[int, tuple[int, ...]], ...]
    officers: tuple[int, ...] = ()


def battle_setup(*, state: CampaignState, sides: Sequence[SidePlan]) -> dict:
    """The Steel War setup (``rules.steelwar.battle_setup``) for these sides.

    Every squad fights under its commander, who must be among its soldiers: his leadership
    is the squad's (§2.0); starting morale comes from the side's fatigue (§2.17), which the
    rule system reads from ``fatigue``; ``chain`` names the formations above the squad
    (``"formation-<id>"``, top down) for the rally test (§2.18).
    """
    out_sides = []
    for s, plan in enumerate(sides):
        force = state.forces[plan.force_id]
        squads = []
        for q, (squad_id, soldier_ids) in enumerate(plan.squads):
            squads.append(_squad_setup(state, squad_id, soldier_ids, f"sides.{s}.squads.{q}"))
        squads += [_officer_setup(state, soldier_id) for soldier_id in plan.officers]
        out_sides.append({
            "id": side_id(force.id),
            "name": force.name,
            "motivation": plan.motivation,
            "fatigue": plan.fatigue,
            "squads": squads,
        })
    setup: dict = {"sides": out_sides}
    if state.battle_options:
        setup["options"] = dict(state.battle_options)
    return setup


def _squad_setup(state: CampaignState, squad_id: int, soldier_ids: Sequence[int], field: str):
    squad = state.squads[squad_id]
    commander_id = squad.commander_id
    if commander_id is None or commander_id not in soldier_ids:
        who = state.soldiers[commander_id].name if commander_id else Sentence(gettext_noop("nobody"))
        raise _bad(
            "squad_without_commander",
            gettext_noop("{squad} has no commander among the soldiers sent (its commander: "
                      "{who}); assign a fit commander to the squad first (§2.0: a squad's "
                      "leadership is its commander's)"),
            f"{field}.soldier_ids",
            squad=squad.name, who=who,
        )
    commander = state.soldiers[commander_id]
    figures = [_figure(state.soldiers[soldier_id], is_commander=soldier_id == commander_id)
               for soldier_id in soldier_ids]
    setup = {
        "id": unit_id(squad.id),
        "name": squad.name,
        "quality": squad.attributes["quality"],
        "leadership": commander.attributes.get("leadership"),
        **{k: v for k, v in squad.attributes.get("traits", {}).items() if k in SQUAD_TRAITS},
        "figures": figures,
    }
    chain = chain_of(state, squad.formation_id)
    if chain:
        setup["chain"] = chain
    return setup


def officer_unit_id(soldier_id: int) -> str:
    return f"officer-{soldier_id}"


def _officer_setup(state: CampaignState, soldier_id: int) -> dict:
    """A formation commander on the table as a unit of his own (§2.18): ``commands`` is the
    path to the highest formation he leads, ``chain`` the formations above it."""
    soldier = state.soldiers[soldier_id]
    led = [state.formations[ref] for kind, ref in state.commands(soldier_id)
           if kind == "formation"]
    formation = min(led, key=lambda f: len(chain_of(state, f.id)))
    path = chain_of(state, formation.id)
    setup = {
        "id": officer_unit_id(soldier_id),
        "name": f"{formation.name} ({soldier.name})",
        "quality": soldier.attributes["quality"],
        "leadership": soldier.attributes.get("leadership"),
        "commands": path,
        "figures": [_figure(soldier, is_commander=True)],
    }
    if len(path) > 1:
        setup["chain"] = path[:-1]
    return setup


def _figure(soldier: Soldier, *, is_commander: bool) -> dict:
    """A soldier as a figure. A squad fights under one commander (§2.9): a soldier whose
    role is commander but who does not command this squad (a former commander back from
    recovery) fights in the ranks, as a rifleman."""
    role = soldier.role
    if is_commander:
        role = "commander"
    elif role == "commander":
        role = "rifleman"
    figure = {
        "id": figure_id(soldier.id),
        "name": soldier.name,
        "role": role,
        "weapon": soldier.attributes["weapon"],
        "armour": soldier.attributes["armour"],
        **{k: v for k, v in soldier.attributes.get("traits", {}).items() if k in SOLDIER_TRAITS},
    }
    if soldier.attributes.get("specialties") and role in ORDINARY_ROLES and not is_commander:
        figure["specialist"] = True
    return figure


# --- taking over a result ------------------------------------------------------------------


def is_medic(soldier: Soldier) -> bool:
    return soldier.role == "medic" or "medic" in soldier.attributes.get("specialties", ())


def final_reorganisation(*, d6: int, soldier: Soldier, medic_in_squad: bool) -> tuple[int, str]:
    """§2.11, settling a casualty still unchecked when the battle ended: the modifier and
    the fate (killed / stabilised / returned_to_duty) of ``d6``. Robots are not healed by
    reorganisation: an unchecked robot stays as it was (``"unharmed"``)."""
    kind = soldier.attributes.get("traits", {}).get("kind", "human")
    if kind in ("robot", "weapon"):
        return 0, "unharmed"
    android = kind == "android"
    modifier = medical_bonus(medic_or_medical_vehicle=medic_in_squad, android=android)
    return modifier, wounded_fate(d6, medic_or_medical_vehicle=medic_in_squad, android=android)


def unit_reports(
    effects: Iterable[Mapping], *, starting_morale_of: Mapping[str, str]
) -> dict[str, dict]:
    """Per unit, what the battle's log says about it: fire given (fire declared by it),
    fire taken (fire declared at it), suppression markers taken, hits that wounded or killed
    one of its figures, and its morale low point (worst grade reached, §2.12)."""
    reports: dict[str, dict] = {
        unit: {"fire_given": 0, "fire_taken": 0, "suppressed": 0, "hits_taken": 0,
               "morale_low": morale}
        for unit, morale in starting_morale_of.items()
    }
    worst = {unit: MORALE_LADDER.index(m) for unit, m in starting_morale_of.items()}
    for effect in effects:
        kind, unit, data = effect.get("kind"), effect.get("unit"), effect.get("data") or {}
        if kind == "fire_declared":
            if unit in reports:
                reports[unit]["fire_given"] += 1
            if data.get("target") in reports:
                reports[data["target"]]["fire_taken"] += 1
        elif kind == "suppressed" and unit in reports and data.get("added"):
            reports[unit]["suppressed"] += 1
        elif kind == "hit_resolved" and unit in reports and data.get("result") in (
            "wounded", "killed"
        ):
            reports[unit]["hits_taken"] += 1
        elif kind == "morale_changed" and unit in reports and data.get("to") in MORALE_LADDER:
            grade = MORALE_LADDER.index(data["to"])
            if grade > worst[unit]:
                worst[unit] = grade
                reports[unit]["morale_low"] = data["to"]
    return reports


#: What a squad's record totals over its battles' reports (``unit_reports``).
RECORD_COUNTS = ("fire_given", "fire_taken", "suppressed", "hits_taken")


def unit_record(reports: Iterable[Mapping]) -> dict:
    """A squad's totals over its battles: fire given and taken, suppression markers and hits
    taken, and its worst morale (§2.12) over all of them (None if it never fought)."""
    record: dict = dict.fromkeys(RECORD_COUNTS, 0)
    record["morale_low"] = None
    for unit in reports:
        for key in RECORD_COUNTS:
            record[key] += unit.get(key, 0)
        low = unit.get("morale_low")
        if low in MORALE_LADDER and (
            record["morale_low"] is None
            or MORALE_LADDER.index(low) > MORALE_LADDER.index(record["morale_low"])
        ):
            record["morale_low"] = low
    return record


def take_over(
    *,
    state: CampaignState,
    scenario_id: int,
    battle_id: int,
    result: Mapping[str, str],
    summary,
    log_effects: Sequence[Mapping],
    roll,
):
    """The ``battle.result_taken_over`` event for a concluded battle.

    From the battle's summary (``rules.core.summary.BattleSummary``): killed soldiers die,
    stabilised wounded go to recovery, those returned to duty stay fit, prisoners change
    hands (§2.10); replaced commanders keep their new leadership (§2.9, from the log's
    ``commander_replaced`` effects, whose figure is the successor); casualties still
    unchecked at the end are settled by a final reorganisation roll (§2.11): ``roll(key,
    sides)`` gives the server's die, recorded with its key. A figure still down in a melee
    that had not ended first rolls its melee fate (§2.10: killed / wounded / unharmed;
    nobody fled, so nobody is taken prisoner) and only a wounded one rolls on. ``log_effects``
    (the battle log's effects, in order) give each squad's fire given and taken and morale
    low point.
    """
    from campaign.ledger.events import BattleResultTakenOver

    scenario = state.scenarios[scenario_id]
    in_battle = fought_in(scenario)  # soldier -> squad (officers: None)
    casualties, open_wounds = [], []
    for figure in summary.figures:
        soldier_id = ref_of(figure.figure, "soldier")
        if soldier_id not in in_battle:
            continue
        outcome = _outcome(figure)
        if outcome is None:
            continue
        entry = {"soldier_id": soldier_id, "outcome": outcome}
        if outcome == "prisoner":
            entry["captured_by_force_id"] = ref_of(figure.captured_by, "force")
        casualties.append(entry)
        if outcome == "wounded":
            open_wounds.append((soldier_id, figure.fate == "lost_in_melee"))
    fate = {c["soldier_id"]: c["outcome"] for c in casualties}
    still_fighting = ("unharmed", "returned_to_duty")
    reorganisation = []
    for soldier_id, in_melee in open_wounds:
        soldier = state.soldiers[soldier_id]
        squad_id = in_battle[soldier_id]
        entry: dict = {"soldier_id": soldier_id, "source": "server"}
        if in_melee:
            key = f"melee_fate.soldier-{soldier_id}"
            d6 = roll(key, 6)
            fell = melee_fate(d6)
            entry["melee_fate"] = {"die": 6, "roll": d6, "key": key, "result": fell}
            if fell != "wounded":
                reorganisation.append({**entry, "outcome": fell})
                continue
        medic = squad_id is not None and any(
            is_medic(state.soldiers[other]) and fate.get(other, "unharmed") in still_fighting
            for other, squad in in_battle.items() if squad == squad_id and other != soldier_id
        )
        key = f"reorganisation.soldier-{soldier_id}"
        d6 = roll(key, 6)
        modifier, outcome = final_reorganisation(d6=d6, soldier=soldier, medic_in_squad=medic)
        reorganisation.append({**entry, "die": 6, "roll": d6, "modifier": modifier,
                               "medic": medic, "outcome": outcome, "key": key})
    commanders = _commanders(summary, log_effects, in_battle, state)
    starting = {
        unit_id(pick["squad_id"]): side["starting_morale"]
        for side in scenario.sides for pick in side["squads"]
    }
    reports = unit_reports(log_effects, starting_morale_of=starting)
    units = [{"squad_id": ref_of(unit, "squad"), "unit": unit, **report}
             for unit, report in reports.items()]
    texts = {u.unit: u.text for u in summary.units}
    for unit in units:
        if texts.get(unit["unit"]):
            unit["end_status"] = texts[unit["unit"]]
    results = [
        {"force_id": ref_of(side, "force"), "result": outcome}
        for side, outcome in (result or {}).items()
        if ref_of(side, "force") in scenario.force_ids
    ]
    return BattleResultTakenOver(
        scenario_id=scenario_id, battle_id=battle_id, results=results, casualties=casualties,
        units=units, extra={"reorganisation": reorganisation, "commanders": commanders},
    )


def _outcome(figure) -> str | None:
    """The campaign's reading of a figure's outcome (``rules.core.summary``)."""
    if figure.outcome == "killed":
        return "killed"
    if figure.outcome == "captured":
        return "prisoner"
    if figure.outcome == "wounded":
        if figure.fate in ("stabilised", "returned_to_duty"):
            return figure.fate
        return "wounded"  # a wound the battle left unsettled
    if figure.outcome == "unchecked":
        return "wounded"
    return None  # replaced (and unharmed otherwise): see _commanders


def _commanders(summary, log_effects, in_battle: Mapping[int, int], state) -> list[dict]:
    """Replaced commanders (§2.9): per squad, the last successor and his leadership (from the
    log's ``commander_replaced`` effects, else from a figure's ``details["new_leadership"]``
    in the summary)."""
    by_unit: dict[str, dict] = {}
    for effect in log_effects:
        if effect.get("kind") != "commander_replaced":
            continue
        data = effect.get("data") or {}
        soldier_id = ref_of(data.get("figure"), "soldier")
        if soldier_id in in_battle and data.get("leadership") is not None:
            by_unit[effect.get("unit")] = {"soldier_id": soldier_id,
                                           "leadership": data["leadership"]}
    for figure in summary.figures:  # a summary-only report of a replacement
        leadership = figure.details.get("new_leadership")
        soldier_id = ref_of(figure.figure, "soldier")
        if leadership is not None and figure.unit not in by_unit and soldier_id in in_battle:
            by_unit[figure.unit] = {"soldier_id": soldier_id, "leadership": leadership}
    out = []
    for unit, command in by_unit.items():
        squad_id = ref_of(unit, "squad")
        if squad_id is None or in_battle.get(command["soldier_id"]) != squad_id:
            continue
        out.append({"squad_id": squad_id, **command,
                    "previous_soldier_id": state.squads[squad_id].commander_id})
    return out
