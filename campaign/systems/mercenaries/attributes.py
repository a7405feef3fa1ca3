"""Mercenaries' attributes of members, scenario sides and scenarios (the campaign plug-in's
schemas), in the rulebook's words: a Wild Card (Личность) or an Extra (Статист), attributes
and skills as die sizes (§1), edges and hindrances, Toughness, Armour, Parry and ranged
Defence (§2.6, §2.7, §2.9), bennies (§2.19), the weapons carried, the wounds taken (§2.11),
the rank of a commander who can stop the flight of the panicked (§2.13);
a scenario's map (§2.2, §2.5: cells, cover, buildings, jungle, light) and each side's edge
of deployment. The book gives no formula for Toughness or Parry: the organizer enters them.
Pure: no Django."""
from __future__ import annotations

from campaign.plugins.schema import Attribute, Schema
from rules.core.dice import DIE_LABELS
from rules.core.errors import gettext_noop
from rules.mercenaries.battle_setup import MAX_MAP
from rules.mercenaries.cover import LIGHT_PENALTY
from rules.mercenaries.panic import COMMANDER_RANKS
from rules.mercenaries.trait import TRAIT_DICE

KINDS: tuple[str, ...] = ("wild_card", "extra")
#: A commander's ranks as §2.13 names them ("командир (наёмник, сержант, лейтенант)"); a
#: member without one is none of them.
RANKS: tuple[str, ...] = COMMANDER_RANKS
RANK_LABELS = {"mercenary": gettext_noop("mercenary"), "sergeant": gettext_noop("sergeant"),
               "lieutenant": gettext_noop("lieutenant")}
DICE: tuple[str, ...] = tuple(f"d{n}" for n in TRAIT_DICE)
#: The dice by name in the page's language ("d6"; Russian «к6», as the book writes them).
DICE_LABELS = {f"d{n}": DIE_LABELS[n] for n in TRAIT_DICE}
LIGHTS: tuple[str, ...] = tuple(LIGHT_PENALTY)
EDGES: tuple[str, ...] = ("west", "east", "north", "south")
#: The terrain of a map's cell (§3.1): a cover bonus, or a building or jungle (+4 each).
TERRAIN: tuple[str, ...] = ("1", "2", "4", "building", "jungle")
#: Their names as §3.1 gives them (Бонусы укрытия территории).
TERRAIN_LABELS = {"1": gettext_noop("+1: few obstacles"),
                  "2": gettext_noop("+2: medium or many obstacles"),
                  "4": gettext_noop("+4: other cover"),
                  "building": gettext_noop("building"), "jungle": gettext_noop("jungle"),
                  # the form's blank choice: a cell with none of them (a row dropped)
                  "": gettext_noop("open ground")}


def _die(name: str, label: str, **more) -> Attribute:
    return Attribute(name, "choice", label, choices=DICE, choice_labels=DICE_LABELS, **more)


MEMBER = Schema((
    Attribute("kind", "choice", gettext_noop("Wild Card or Extra"), choices=KINDS,
              required=True, default="extra", help="§1",
              choice_labels={"wild_card": gettext_noop("Wild Card"),
                             "extra": gettext_noop("Extra")}),
    Attribute("rank", "choice", gettext_noop("rank"), choices=RANKS,
              help=gettext_noop("a commander's: only he can stop the flight of the "
                                "panicked (§2.13)"),
              choice_labels=RANK_LABELS),
    _die("agility", gettext_noop("Agility"), required=True),
    _die("smarts", gettext_noop("Smarts")),
    _die("spirit", gettext_noop("Spirit"), required=True),
    _die("strength", gettext_noop("Strength"), required=True),
    _die("vigor", gettext_noop("Vigor"), required=True),
    _die("fighting", gettext_noop("Fighting"), required=True),
    _die("shooting", gettext_noop("Shooting"), required=True),
    _die("base_skill", gettext_noop("base skill"),
         help=gettext_noop("an Extra's, rolled to recover from Shaken (§2.10)")),
    Attribute("edges", "list", gettext_noop("edges")),
    Attribute("hindrances", "list", gettext_noop("hindrances")),
    Attribute("toughness", "int", gettext_noop("Toughness"), minimum=1, maximum=30,
              required=True, help="§2.9"),
    Attribute("armour", "int", gettext_noop("Armour"), minimum=0, maximum=30, default=0,
              help="§2.9"),
    Attribute("parry", "int", gettext_noop("Parry"), minimum=0, maximum=30, required=True,
              help=gettext_noop("melee Defence, §2.6")),
    Attribute("defence", "int", gettext_noop("ranged Defence"), minimum=0, maximum=30,
              help=gettext_noop("4 unless given, §2.7")),
    Attribute("bennies", "int", gettext_noop("bennies"), minimum=0, maximum=10,
              help=gettext_noop("a Wild Card's; 3 unless given, §2.19")),
    Attribute("weapon", "text", gettext_noop("firearm"),
              help=gettext_noop("a row of the campaign's weapon table")),
    Attribute("melee_weapon", "text", gettext_noop("melee weapon"),
              help=gettext_noop("improvised weapon (small), (medium) or (large) (§2.27), or "
                                "a row of the campaign's weapon table; none: unarmed")),
    Attribute("wounds", "int", gettext_noop("wounds"), minimum=0, maximum=4, default=0,
              editable=False, help="§2.11"),
))

SCENARIO = Schema((
    Attribute("width", "int", gettext_noop("map width (cells)"), minimum=1, maximum=MAX_MAP,
              help="§2.2"),
    Attribute("height", "int", gettext_noop("map height (cells)"), minimum=1,
              maximum=MAX_MAP, help="§2.2"),
    Attribute("light", "choice", gettext_noop("light"), choices=LIGHTS, default="normal",
              help="§2.5",
              choice_labels={"normal": gettext_noop("normal light"),
                             "dim": gettext_noop("dim light"), "dark": gettext_noop("dark"),
                             "pitch_dark": gettext_noop("pitch dark")}),
    Attribute("terrain", "map", gettext_noop("terrain"), choices=TERRAIN, cell_keys=True,
              help=gettext_noop("the cells that are not open ground, each with its cover "
                                "(§3.1)"),
              choice_labels=TERRAIN_LABELS),
))

SIDE = Schema((
    Attribute("edge", "choice", gettext_noop("deploys on the edge"), choices=EDGES,
              choice_labels={"west": gettext_noop("west"), "east": gettext_noop("east"),
                             "north": gettext_noop("north"), "south": gettext_noop("south")}),
))
