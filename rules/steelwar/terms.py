"""Words of the rules' data inside refusal sentences, as :class:`rules.core.errors.Term`.

A term reads exactly as the English sentence always had it, and tells an API how to show it in
another language: from the data's own Russian name (``name_ru`` of weapons, morale grades, psi
powers), or from the catalogue (``context``). Names of squads in the possessive ("1st squad's")
read as the bare name in Russian, where the sentence is built around it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.errors import Term
from rules.steelwar import tables

if TYPE_CHECKING:  # the state module imports the chapters that import this one
    from rules.steelwar.state import Figure, Squad


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
    """A terrain class ("very difficult"), translated from the catalogue."""
    return Term(class_id.replace("_", " "), context="terrain class")


def presence(presence_id: str) -> Term:
    """Where a squad is ("left_table"), translated from the catalogue."""
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
    """A figure's status ("unchecked", "killed"), translated from the catalogue."""
    return Term(status, context="figure status")
