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
from rules.mercenaries.groups import AS_GROUP, EACH_ALONE, LOOP, ROUNDED
from rules.mercenaries.indirect import FROM_IMPACT, FROM_SPOTTER
from rules.mercenaries.initiative import ROUND_DOWN, ROUND_UP
from rules.mercenaries.manoeuvres import OVER_DEFENCE, OVER_STRENGTH
from rules.mercenaries.panic import MOST_NUMEROUS, NEAREST, RANK, SUCCEEDS, TABLE, WILD_CARD
from rules.mercenaries.ranged import LITERAL, MONOTONIC, TWICE_LONG_EXTREME, TWICE_LONG_MAXIMUM
from rules.mercenaries.stealth import OPTICS_CANCEL, OPTICS_USELESS
from rules.mercenaries.suppression import (
    AFTER_FIRST,
    COVER_PLUS_TWO,
    COVER_VALUE,
    EVERY_SUCCESS,
    SNAKE_EYES,
    TRAIT_DIE,
)

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
    # the register's open readings of mechanics in play (§7 5, 10, 12, 14, 16)
    Reading("scope", MONOTONIC, (MONOTONIC, LITERAL), "§2.7", "§7 5",
            "with a sniper scope, extreme range is -4 and maximum -6 (the digest's "
            "recommendation: the -2 on top of a scoped long range of -2)",
            "literal: extreme -6 (long -4 and -2 more) and maximum -4",
            "the literal reading gives the scope nothing at extreme range and makes maximum "
            "range easier than extreme"),
    Reading("suppression_hits", AFTER_FIRST, (AFTER_FIRST, EVERY_SUCCESS), "§2.16", "§7 10",
            "a cell struck several times: the check is -1 per raise and per success after "
            "the first",
            "every_success: once the cell is struck more than once, -1 per success (the "
            "first too) and per raise",
            "the text says each success and each raise make the check harder, without "
            "saying whether the first success counts"),
    Reading("suppression_one", SNAKE_EYES, (SNAKE_EYES, TRAIT_DIE), "§2.16", "§7 10",
            "a Wild Card's \"natural 1\" in the suppression check is snake eyes",
            "trait_die: a 1 on his trait die, whatever the Wild Die shows",
            "the text says a natural 1 wounds, and a Wild Card rolls two dice"),
    Reading("disarm_raise", OVER_STRENGTH, (OVER_STRENGTH, OVER_DEFENCE), "§2.27", "§7 12",
            "a disarm's raise (the attacker takes the weapon) is an attack 4 over the "
            "target's Strength total",
            "over_defence: the attack's raise over the target's Defence",
            "the text says \"on a success ... on a raise\" without saying whose roll"),
    Reading("optics_close", OPTICS_CANCEL, (OPTICS_CANCEL, OPTICS_USELESS), "§2.17", "§7 14",
            "with optics, at 0 and 1 cells the hider's distance penalties are cancelled and "
            "he has -1 (the letter of the text)",
            "useless: optics change nothing at 0 and 1 cells (-4 and -2 stand)",
            "the text calls optics useless up close, yet its cancelling helps the hider"),
    Reading("reload_walk", False, (False, True), "§2.8", "§7 16",
            "reloading takes the whole turn: no move before it or after it",
            "on: he may walk, crawl or go prone (no action) before reloading",
            "the text says it takes a full turn (\"требует полного хода\") without saying "
            "whether he may move"),
    Reading("spotter_reach", FROM_SPOTTER, (FROM_SPOTTER, FROM_IMPACT), "§2.23", "§7 11",
            "a spotter directs later shots at a square he sees from 3 squares or closer; a "
            "later shot is one at a square fired at before",
            "impact: he may see it from anywhere; a later shot is one at a square 3 squares "
            "or closer to where an earlier unseen shot of his side fell",
            "the text says \"at a target 3 squares or closer\" without saying closer to what"),
    # groups of Extras (§2.18, play_group_notice)
    Reading("group_roll", AS_GROUP, (AS_GROUP, EACH_ALONE), "§2.18", "§2.18",
            "Extras of one squad who roll Notice against the same hider at the same moment "
            "roll as a group: the base skill die and one group Wild Die (d4 for 2-3 Extras, "
            "d6 for 4-7, d8 for 8-15, d10 for 16+), the best taken",
            "each: every Extra rolls alone, without a group Wild Die",
            "the text gives the group roll \"if the Extras roll as a whole group\" (\"если "
            "статисты делают бросок всей группой\") without saying when they must"),
    Reading("group_modifier", LOOP, (LOOP, ROUNDED), "§2.18", "§2.18",
            "a modifier only part of a group has counts if most of its Extras have it; a "
            "bonus above 1 is cut step by step, each step needing a majority of what is left "
            "(the digest's loop)",
            "proportional: round(bonus x have it / group) once most have it",
            "the text says the bonus \"may be cut accordingly\"; both readings give its "
            "examples (+2 that 7 of 10 have: +1; 8 of 10: +2) and differ for +4 that 9 of 10 "
            "have (3 against 4)"),
    # panic in play (§2.13, play_panic)
    Reading("panic_flight", NEAREST, (NEAREST, MOST_NUMEROUS), "§2.13", "§2.13",
            "a panicked Extra flees directly away from the nearest enemy group (squad), the "
            "most numerous of equally near ones",
            "most_numerous: from the most numerous enemy group, the nearest of equally "
            "numerous ones",
            "the text says \"the nearest most numerous group\" (ближайшей самой "
            "многочисленной группы) without saying which comes first"),
    Reading("panic_rally", TABLE, (TABLE, SUCCEEDS), "§2.13", "§2.13",
            "a commander's attempt to stop the flight is an action whose result the table "
            "states, as the morale test's",
            "succeeds: a commander's order simply stops it",
            "the text says only a commander can stop the fleeing, not how"),
    Reading("panic_commander", RANK, (RANK, WILD_CARD), "§2.13", "§2.13",
            "a commander is a fighter the setup gives the rank mercenary, sergeant or "
            "lieutenant",
            "wild_card: every Wild Card is one too",
            "the text names the commanders (наёмник, сержант, лейтенант), and the game's "
            "mercenaries are its Wild Cards, yet a battle's fighters carry no rank unless "
            "given one"),
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
    scope: str = MONOTONIC
    suppression_hits: str = AFTER_FIRST
    suppression_one: str = SNAKE_EYES
    disarm_raise: str = OVER_STRENGTH
    optics_close: str = OPTICS_CANCEL
    reload_walk: bool = False
    spotter_reach: str = FROM_SPOTTER
    group_roll: str = AS_GROUP
    group_modifier: str = LOOP
    panic_flight: str = NEAREST
    panic_rally: str = TABLE
    panic_commander: str = RANK

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
