"""The Steel War's battle summary (:mod:`rules.core.summary`), read from the fold's state.

Figure statuses map to outcomes: ``killed`` (and ``destroyed`` robots and weapons, fate
``"destroyed"``) -> killed; ``wounded_unchecked`` -> an open unchecked casualty;
``stabilised`` / ``returned`` -> wounded with that fate (§2.11); ``prisoner`` -> captured, by
``Figure.captured_by`` (melee records it, §2.10), else by the other side when there are two;
``lost_in_melee`` (down in a melee still going on when the battle ended) -> unchecked.
A commander who is no longer in the ranks while his squad fights on was replaced (§2.9): his
``details`` hold ``new_leadership``, the squad's leadership now (the only Steel War detail).
"""

from __future__ import annotations

from rules.core.kept import KeptByIdentity
from rules.core.summary import (
    CAPTURED,
    KILLED,
    UNCHECKED,
    WOUNDED,
    BattleSummary,
    FigureOutcome,
    UnitSummary,
)
from rules.steelwar import effects
from rules.steelwar import state as st

_OUTCOMES = {
    st.KILLED: (KILLED, None),
    st.DESTROYED: (KILLED, "destroyed"),
    st.WOUNDED_UNCHECKED: (UNCHECKED, None),
    st.STABILISED: (WOUNDED, "stabilised"),
    st.RETURNED: (WOUNDED, "returned_to_duty"),
    st.PRISONER: (CAPTURED, None),
    st.LOST_IN_MELEE: (UNCHECKED, "lost_in_melee"),
}


def summarize(battle: st.BattleState) -> BattleSummary:
    """Casualties per figure and the status of every squad (``SteelWar.summarize``)."""
    sides = tuple(side.id for side in battle.sides)
    figures: list[FigureOutcome] = []
    units: list[UnitSummary] = []
    for squad in battle.squads:
        outcomes, unit = _squad_summary(squad, sides)
        figures += outcomes
        units.append(unit)
    return BattleSummary(sides, tuple(figures), tuple(units))


#: Each squad's figure outcomes and unit summary, kept by identity (:mod:`rules.core.kept`):
#: states share unchanged squads, so the summary after each write works out only the squads
#: that changed.
_BY_SQUAD = KeptByIdentity(2048)


def _squad_summary(
    squad: st.Squad, sides: tuple[str, ...]
) -> tuple[tuple[FigureOutcome, ...], UnitSummary]:
    """The squad's figure outcomes and its unit summary, with a status of the caller's own."""
    kept = _BY_SQUAD.get(squad)
    if kept is None or kept[0] != sides:
        kept = _BY_SQUAD.keep(squad, (sides, *_worked_out(squad, sides)))
    _, outcomes, unit = kept
    status = {**unit.status, "statuses": dict(unit.status["statuses"])}
    return outcomes, UnitSummary(unit.unit, unit.side, unit.name, status, unit.text)


def _worked_out(
    squad: st.Squad, sides: tuple[str, ...]
) -> tuple[tuple[FigureOutcome, ...], UnitSummary]:
    side = sides[squad.side]
    fighting = [f for f in squad.figures if f.status in st.FIGHTING]
    outcomes: list[FigureOutcome] = []
    for figure in squad.figures:
        outcome, fate = _OUTCOMES.get(figure.status, (None, None))
        replaced = figure.role == "commander" and figure.status not in st.FIGHTING and fighting
        if outcome is None:
            continue
        captor = figure.captured_by
        if outcome == CAPTURED and captor is None and len(sides) == 2:
            captor = sides[1 - squad.side]
        outcomes.append(
            FigureOutcome(
                unit=squad.id,
                figure=figure.id,
                side=side,
                outcome=outcome,
                fate=fate,
                captured_by=captor,
                name=effects.figure_name(squad, figure),
                details={"new_leadership": squad.leadership} if replaced else {},
            )
        )
    return tuple(outcomes), _unit(squad, side, len(fighting))


def _unit(squad: st.Squad, side: str, fighting: int) -> UnitSummary:
    counts: dict[str, int] = {}
    for figure in squad.figures:
        counts[figure.status] = counts.get(figure.status, 0) + 1
    status = {
        "figures": len(squad.figures),
        "fighting": fighting,
        "statuses": counts,
        "suppression": squad.suppression,
        "morale": squad.morale,
        "leadership": squad.leadership,
        "prone": squad.prone,
        "cover": squad.cover,
        "presence": squad.presence,
        "panicking": squad.panicking,
        "no_step_back": squad.no_step_back,
    }
    parts = [f"{fighting} of {len(squad.figures)} fighting", squad.morale]
    if squad.suppression:
        parts.append(f"{squad.suppression} suppression marker{'s' if squad.suppression > 1 else ''}")
    if squad.prone:
        parts.append("prone")
    if squad.presence != st.ON_TABLE:
        parts.append(squad.presence.replace("_", " "))
    return UnitSummary(squad.id, side, squad.name, status, ", ".join(parts))
