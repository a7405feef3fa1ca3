"""The Steel War's attributes of soldiers, squads, forces and scenario sides (the campaign
plug-in's schemas). The vocabulary is the rule system's own (``rules.steelwar.tables``):
nothing is copied here."""
from __future__ import annotations

from campaign.plugins.schema import Attribute, Schema
from rules.core.errors import gettext_noop
from rules.steelwar import tables

#: Figure keys of the setup a soldier may carry as traits.
SOLDIER_TRAITS = frozenset({"kind", "psi_die", "mounted", "cold_weapon"})
#: Squad keys of the setup a squad may carry as traits.
SQUAD_TRAITS = frozenset({"movement_class", "speed", "capacity", "amphibious", "fearsome",
                          "keno_guard"})
MOTIVATIONS: tuple[str, ...] = tuple(tables.MOTIVATIONS)
QUALITY_GRADES: tuple[str, ...] = tuple(tables.QUALITY_GRADES)
POSTURES: tuple[str, ...] = ("front", "rest")
FATIGUE_LEVELS: tuple[str, ...] = tuple(tables.FATIGUE_STARTING_MORALE)


def _weapons() -> tuple[str, ...]:
    return tuple(tables.WEAPONS)


def _armour() -> tuple[str, ...]:
    return tuple(tables.ARMOUR)


MEMBER = Schema((
    Attribute("weapon", "choice", gettext_noop("weapon"), choices=_weapons, required=True,
              help="§3.2"),
    Attribute("armour", "choice", gettext_noop("armour"), choices=_armour, required=True,
              help="§3.3"),
    Attribute("quality", "choice", gettext_noop("quality"), choices=QUALITY_GRADES,
              required=True, help="§2.0"),
    Attribute("specialties", "list", gettext_noop("specialties")),
    Attribute("leadership", "int", gettext_noop("leadership"), minimum=1, maximum=3,
              help=gettext_noop("1 best .. 3 worst, §2.0")),
    Attribute("traits", "map", gettext_noop("traits")),
))

UNIT = Schema((
    Attribute("quality", "choice", gettext_noop("quality"), choices=QUALITY_GRADES,
              required=True, help="§2.0"),
    Attribute("traits", "map", gettext_noop("traits")),
))

FORCE = Schema((
    Attribute("fatigue", "choice", gettext_noop("fatigue"), choices=FATIGUE_LEVELS,
              editable=False, derived=True, help=gettext_noop("house rule thresholds, §2.17")),
    Attribute("posture", "choice", gettext_noop("posture"), choices=POSTURES, default="front",
              editable=False, choice_labels={"front": gettext_noop("at the front"),
                                             "rest": gettext_noop("at rest")}),
    Attribute("fatigue_points", "int", gettext_noop("fatigue points"), minimum=0, default=0,
              editable=False),
    Attribute("front_days", "int", gettext_noop("days at the front"), minimum=0, default=0,
              editable=False),
    Attribute("rest_days", "int", gettext_noop("days at rest"), minimum=0, default=0,
              editable=False),
    Attribute("consecutive_battles", "int", gettext_noop("battles in a row"), minimum=0,
              default=0, editable=False),
))

SIDE = Schema((
    Attribute("motivation", "choice", gettext_noop("motivation"), choices=MOTIVATIONS,
              help="§2.17"),
))

RECORD = Schema((
    Attribute("fire_given", "int", gettext_noop("fire given"), editable=False),
    Attribute("fire_taken", "int", gettext_noop("fire taken"), editable=False),
    Attribute("suppressed", "int", gettext_noop("times suppressed"), editable=False),
    Attribute("hits_taken", "int", gettext_noop("hits taken"), editable=False),
    Attribute("morale_low", "choice", gettext_noop("worst morale"), editable=False,
              choices=lambda: tuple(tables.GRADE_LADDER), terms="morale"),
))
