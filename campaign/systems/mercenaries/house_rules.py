"""Mercenaries' house rules between battles: THIS PROJECT'S, not the book's (the book has no
healing or recovery, §0, §2.11), and the weapon table the source lost (§0: no weapon stats),
which the organizer gives from his own copy.

    {"healing": {"days_per_wound": 7, "dying": "stabilised", "out_of_action": "stabilised"},
     "bennies": {"per_battle": "own"},
     "weapons": {"assault rifle": {"damage": [2, 8, 0], "ap": 2, "range": [12, 24, 48],
                                   "rof": 3}}}

- ``healing.days_per_wound``: a member with wounds after a battle recovers this many days a
  wound later (wounds back to 0);
- ``healing.dying``: what becomes of a Wild Card left dying (при смерти), and
  ``healing.out_of_action`` of an Extra out of the fight, after the battle: ``stabilised``
  (wounded, recovers), ``killed`` or ``returned_to_duty`` (the book leaves both open, §2.11);
- ``bennies.per_battle``: the bennies a Wild Card starts each battle with (the book does not
  say how they refresh, §2.19): ``"own"``, his own count (his ``bennies``, 3 unless given),
  or a number from 0 to 10 for every Wild Card; what he spent in a battle is not carried;
- ``weapons``: name -> a profile as ``rules.mercenaries.battle_setup`` reads it (damage
  [dice, sides, bonus], ap, range [short, medium, long] in cells, rof; a melee weapon has no
  range). Pure: no Django.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from campaign.plugins.schema import Attribute, Schema
from rules.core.errors import RuleError, gettext_noop

HOUSE_RULE_LABEL = gettext_noop(
    "House rules of this project, not the book's: the rulebook has no healing or recovery "
    "between battles, does not say how bennies refresh, and the source lost its weapon "
    "table (the organizer gives it)."
)
FATES: tuple[str, ...] = ("stabilised", "killed", "returned_to_duty")
FATE_LABELS = {"stabilised": gettext_noop("wounded, recovers"),
               "killed": gettext_noop("dies"),
               "returned_to_duty": gettext_noop("back to duty at once")}
#: ``bennies.per_battle``: the member's own count, or the same number for every Wild Card.
OWN = "own"
MAX_BENNIES = 10
BENNIES: tuple[str, ...] = (OWN, *(str(n) for n in range(MAX_BENNIES + 1)))


def _bad(template: str, at: str, **params: Any) -> RuleError:
    return RuleError("bad_house_rules", template=template, params=params, field=at)


@dataclass(frozen=True)
class HouseRules:
    days_per_wound: int = 7
    dying: str = "stabilised"
    out_of_action: str = "stabilised"
    weapons: dict = field(default_factory=dict)
    bennies_per_battle: str | int = OWN

    def to_json(self) -> dict[str, Any]:
        return {"healing": {"days_per_wound": self.days_per_wound, "dying": self.dying,
                            "out_of_action": self.out_of_action},
                "bennies": {"per_battle": self.bennies_per_battle},
                "weapons": {name: dict(w) for name, w in self.weapons.items()}}

    def __hash__(self) -> int:
        return hash((self.days_per_wound, self.dying, self.out_of_action,
                     self.bennies_per_battle, tuple(sorted(self.weapons))))

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HouseRules:
        """Missing keys take this project's defaults; unknown keys and bad values refused."""
        data = dict(data or {})
        healing = data.pop("healing", None) or {}
        weapons = data.pop("weapons", None) or {}
        bennies = _bennies(data.pop("bennies", None) or {})
        if data:
            name = sorted(data)[0]
            raise _bad(gettext_noop("unknown house rule {name}"), name, name=name)
        if not isinstance(healing, Mapping):
            raise _bad(gettext_noop("{part} must be an object"), "healing", part="healing")
        unknown = set(healing) - {"days_per_wound", "dying", "out_of_action"}
        if unknown:
            name = sorted(unknown)[0]
            raise _bad(gettext_noop("unknown house rule {part}.{name}"), f"healing.{name}",
                       part="healing", name=name)
        days = healing.get("days_per_wound", cls.days_per_wound)
        if type(days) is not int or not 0 <= days <= 365:
            raise _bad(gettext_noop("{name} must be a whole number from {low} to {high}"),
                       "healing.days_per_wound", name="healing.days_per_wound", low=0,
                       high=365)
        fates = {}
        for key in ("dying", "out_of_action"):
            fates[key] = healing.get(key, getattr(cls, key))
            if fates[key] not in FATES:
                raise _bad(gettext_noop("{name} must be one of {choices}"), f"healing.{key}",
                           name=f"healing.{key}", choices=", ".join(FATES))
        if not isinstance(weapons, Mapping):
            raise _bad(gettext_noop("{part} must be an object"), "weapons", part="weapons")
        table = {}
        for name, profile in weapons.items():
            if not isinstance(profile, Mapping) or not str(name).strip():
                raise _bad(gettext_noop("weapons.{name} must be a weapon's profile"),
                           f"weapons.{name}", name=name)
            table[str(name)] = dict(profile)
        return cls(days_per_wound=days, weapons=table, bennies_per_battle=bennies, **fates)

    def merged(self, changes: Mapping[str, Any]) -> HouseRules:
        current = self.to_json()
        for key, value in changes.items():
            if key in ("healing", "bennies") and isinstance(value, Mapping):
                current[key] = {**current[key], **value}
            else:
                current[key] = value
        return HouseRules.from_json(current)


def _bennies(data: Any) -> str | int:
    """``bennies.per_battle``: ``"own"`` or a whole number from 0 to 10 (the settings page's
    choice sends it as a text)."""
    if not isinstance(data, Mapping):
        raise _bad(gettext_noop("{part} must be an object"), "bennies", part="bennies")
    unknown = set(data) - {"per_battle"}
    if unknown:
        name = sorted(unknown)[0]
        raise _bad(gettext_noop("unknown house rule {part}.{name}"), f"bennies.{name}",
                   part="bennies", name=name)
    value = data.get("per_battle", OWN)
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if value == OWN or (type(value) is int and 0 <= value <= MAX_BENNIES):
        return value
    raise _bad(gettext_noop("{name} must be own or a whole number from {low} to {high}"),
               "bennies.per_battle", name="bennies.per_battle", low=0, high=MAX_BENNIES)


def starting_bennies(rules: HouseRules, own: int | None) -> int | None:
    """The bennies a Wild Card starts a battle with (house rule): his own count (None: the
    battle's default, 3, §2.19) or the rule's number."""
    return own if rules.bennies_per_battle == OWN else rules.bennies_per_battle


DEFAULT = HouseRules()

#: The settings page's fields (the weapon table is set through the API: a table, not a rule).
HOUSE_RULES_SCHEMA = Schema((
    Attribute("healing.days_per_wound", "int", gettext_noop("days to heal a wound"),
              minimum=0, maximum=365, required=True, default=DEFAULT.days_per_wound),
    Attribute("healing.dying", "choice",
              gettext_noop("a Wild Card left dying after the battle"), choices=FATES,
              required=True, default=DEFAULT.dying, choice_labels=FATE_LABELS),
    Attribute("healing.out_of_action", "choice",
              gettext_noop("an Extra out of the fight after the battle"), choices=FATES,
              required=True, default=DEFAULT.out_of_action, choice_labels=FATE_LABELS),
    Attribute("bennies.per_battle", "choice",
              gettext_noop("bennies a Wild Card starts each battle with"), choices=BENNIES,
              required=True, default=OWN,
              help=gettext_noop("the book does not say how bennies refresh (§2.19); what a "
                                "member spent in a battle is not carried to the next"),
              choice_labels={OWN: gettext_noop("his own count (3 unless given)")}),
))
