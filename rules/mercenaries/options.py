"""The readings of rules the source leaves open that a battle is played under (README, "Readings"):
a club chooses them per battle (``setup["options"]``) or per campaign; the defaults are this
project's, each beside the rule and what the text says.

Only the readings of mechanics the battle plays are here; the others are parameters of the
rule functions until their mechanics are in play (README).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.damage import EXCEED, EXTRA_WOUND, MEET_OR_BEAT, NO_EXTRA_WOUND
from rules.mercenaries.initiative import ROUND_DOWN, ROUND_UP
from rules.mercenaries.ranged import TWICE_LONG_EXTREME, TWICE_LONG_MAXIMUM
from rules.mercenaries.suppression import COVER_PLUS_TWO, COVER_VALUE

#: Readings of cover against an area attack (errata 1): it adds to Armour instead of
#: penalising the roll, or also penalises the roll ("так же").
COVER_INSTEAD = "instead"
COVER_ALSO = "also"


@dataclass(frozen=True)
class Reading:
    """One reading: its values, the rule, and why it is open (English; the settings page's
    Russian is in ``rules.mercenaries.terms``)."""

    name: str
    default: Any
    choices: tuple
    rule: str
    source: str
    reading: str
    alternatives: str
    reason: str


READINGS = (
    Reading("hit_test", MEET_OR_BEAT, (MEET_OR_BEAT, EXCEED), "§2.9", "errata 6",
            "an attack hits when it meets or beats Defence (Savage Worlds)",
            "exceed: it must be higher than Defence",
            "the text says the attack must exceed (превышает) Defence, yet uses "
            "meet-or-beat everywhere else"),
    Reading("wound_on_shaken", NO_EXTRA_WOUND, (NO_EXTRA_WOUND, EXTRA_WOUND), "§2.9", "§2.9",
            "a wounding hit on a Shaken fighter adds no wound for his Shaken (Savage Worlds)",
            "extra_wound: his Shaken turns into one more wound",
            "the text says a Shaken that a wound would bring to the Shaken becomes a wound"),
    Reading("jungle_action", True, (True, False), "§2.2", "§2.2",
            "entering or leaving jungle costs an action, like a building (the letter of the "
            "text: jungle is a +4 cell)",
            "off: only buildings and other +4 cells cost it",
            "the examples (a window, a door, a wall) fit buildings only"),
    Reading("dice_explode", True, (True, False), "§1", "§0",
            "every die explodes (aces), as in Savage Worlds",
            "off: no die explodes",
            "the post's summary of its dice was an image, lost"),
    Reading("twice_long", TWICE_LONG_EXTREME, (TWICE_LONG_EXTREME, TWICE_LONG_MAXIMUM), "§2.7",
            "errata 4", "a target at exactly twice the long range is at extreme range",
            "maximum: it is at maximum range",
            "the text gives exactly twice the long range to both bands"),
    Reading("reaction_half", ROUND_UP, (ROUND_UP, ROUND_DOWN), "§2.1", "§2.1, §7 13",
            "half of the fighters able to react attack an enemy, rounded up (at least one)",
            "round_down: rounded down, at least one",
            "the text says half (половиной бойцов) without the rounding"),
    # automatic, suppressive and area fire (§2.15-§2.16, §2.21)
    Reading("suppression_cover", COVER_VALUE, (COVER_VALUE, COVER_PLUS_TWO), "§2.16",
            "errata 3", "the suppression check gets +2 if prone plus the cell's cover value",
            "plus_two: +2 for prone and +2 for cover",
            "\"за\" may govern both nouns: +2 for lying prone and for cover"),
    Reading("suppressive_auto_penalty", False, (False, True), "§2.16", "errata 2",
            "suppressive fire's rolls do not take automatic fire's -2",
            "on: they take it (no -2 with \"Rock and Roll!\")",
            "the text calls suppressive fire a kind of automatic fire"),
    Reading("area_tn", 2, (2, 4), "§2.21", "§2.21",
            "an area attack's difficulty is 2, the letter of the text",
            "4: the standard target number of Savage Worlds",
            "the text's 2 is far below every other target number"),
    Reading("area_cover", COVER_INSTEAD, (COVER_INSTEAD, COVER_ALSO), "§2.5", "errata 1",
            "against an area attack the cell's cover adds to Armour instead of penalising "
            "the roll", "also: the cover penalises a direct roll as well",
            "the text says the cover counts \"так же\" (also, likewise) for area attacks"),
)
_BY_NAME = {r.name: r for r in READINGS}


@dataclass(frozen=True)
class Options:
    hit_test: str = MEET_OR_BEAT
    wound_on_shaken: str = NO_EXTRA_WOUND
    jungle_action: bool = True
    dice_explode: bool = True
    twice_long: str = TWICE_LONG_EXTREME
    reaction_half: str = ROUND_UP
    suppression_cover: str = COVER_VALUE
    suppressive_auto_penalty: bool = False
    area_tn: int = 2
    area_cover: str = COVER_INSTEAD

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


DEFAULT_OPTIONS = Options()


def parse(raw: Any) -> Options:
    """The options of a setup's ``options`` object, checked (``RuleError("bad_setup")``
    naming ``options.<name>``)."""
    if raw is None:
        return DEFAULT_OPTIONS
    if not isinstance(raw, Mapping):
        raise RuleError("bad_setup", template=gettext_noop("options must be an object"),
                        field="options")
    for name, value in raw.items():
        reading = _BY_NAME.get(name)
        if reading is None:
            raise RuleError("bad_setup", template=gettext_noop("no reading {name!r}"),
                            params={"name": name}, field=f"options.{name}")
        if value not in reading.choices or type(value) is not type(reading.default):
            raise RuleError(
                "bad_setup", template=gettext_noop("{name} is one of {choices}, not {value!r}"),
                params={"name": name, "value": value,
                        "choices": ", ".join(str(c) for c in reading.choices)},
                field=f"options.{name}")
    return Options(**{**DEFAULT_OPTIONS.to_json(), **raw})


def describe() -> tuple[dict[str, Any], ...]:
    """The readings as ``rules.core.registry.readings`` lists them."""
    return tuple(
        {"name": r.name, "default": r.default, "choices": r.choices,
         "kind": "bool" if isinstance(r.default, bool) else "choice", "nullable": False,
         "rule": r.rule, "source": r.source, "reading": r.reading,
         "alternatives": r.alternatives, "reason": r.reason}
        for r in READINGS)
