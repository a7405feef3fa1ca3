"""Example battles of The Steel War: what a new reader, the demo and the rule-system contract
(``tests/rules/contract.py``) start from.

``SETUPS`` are battle setups (``system.initial_state(setup)``) made up for the examples, not
taken from the book: a skirmish of two squads a side with their company HQs, and a platoon
fight with support weapons, snipers, flak vests and cover. ``ODDS_CASES`` are declared shots
whose exact odds (:mod:`rules.steelwar.odds`) the contract compares with a Monte Carlo run,
and :func:`outcome_of` reads the :class:`~rules.steelwar.odds.FireResult` a played shot came to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.facts import declare
from rules.steelwar.odds import FireResult
from rules.steelwar.state import KILLED, WOUNDED_UNCHECKED


def _side(side_id: str, name: str, squads: list[dict], **extra: Any) -> dict:
    return {"id": side_id, "name": name, "motivation": "medium", "fatigue": "tired",
            "squads": squads, **extra}


def _hq(side_id: str) -> dict:
    return {"id": f"{side_id}.hq", "name": f"{side_id.capitalize()} company HQ",
            "quality": "veteran", "leadership": 2, "commands": [f"{side_id}.coy"],
            "figures": [{"id": "cmd", "role": "commander", "weapon": "automat"},
                        {"role": "radio_operator", "weapon": "automat", "count": 2}]}


def _squad(squad_id: str, name: str, quality: str, figures: list[dict], **extra: Any) -> dict:
    return {"id": squad_id, "name": name, "quality": quality, "leadership": 2,
            "chain": [f"{squad_id.split('.')[0]}.coy"], "figures": figures, **extra}


SKIRMISH = {"sides": [
    _side("steel", "Steel", [
        _squad("steel.1", "1st squad", "regular", [
            {"id": "cmd", "role": "commander", "weapon": "automat"},
            {"id": "mg", "role": "support_gunner", "weapon": "lmg"},
            {"role": "rifleman", "weapon": "automat", "count": 5}]),
        _squad("steel.2", "2nd squad", "recruit", [
            {"id": "cmd", "role": "commander", "weapon": "smg"},
            {"role": "rifleman", "weapon": "smg", "count": 6},
            {"id": "sn", "role": "sniper", "weapon": "sniper_rifle"}], cover="light"),
        _hq("steel")]),
    _side("keno", "Keno", [
        _squad("keno.1", "partisans", "recruit", [
            {"id": "cmd", "role": "commander", "weapon": "rifle"},
            {"role": "rifleman", "weapon": "rifle", "count": 7}], cover="hard"),
        _squad("keno.2", "assault group", "veteran", [
            {"id": "cmd", "role": "commander", "weapon": "improved_automat"},
            {"id": "gl", "role": "support_gunner", "weapon": "grenade_launcher"},
            {"role": "rifleman", "weapon": "improved_automat", "count": 4, "armour": "flak_vest"}]),
        _hq("keno")], motivation="high", fatigue="fresh"),
]}

PLATOONS = {"sides": [
    _side("steel", "Steel", [
        _squad(f"steel.{n}", f"squad {n}", quality, [
            {"id": "cmd", "role": "commander", "weapon": "automat"},
            {"id": "sup", "role": "support_gunner", "weapon": support},
            {"role": "rifleman", "weapon": "automat", "count": 6}], cover=cover)
        for n, (quality, support, cover) in enumerate(
            [("regular", "lmg", "none"), ("veteran", "uragan", "light"),
             ("elite", "grenade_launcher", "hard")], start=1)] + [_hq("steel")]),
    _side("keno", "Keno", [
        _squad(f"keno.{n}", f"band {n}", quality, [
            {"id": "cmd", "role": "commander", "weapon": "rifle"},
            {"id": "sup", "role": "support_gunner", "weapon": "lmg"},
            {"role": "rifleman", "weapon": "rifle", "count": 7}], cover=cover)
        for n, (quality, cover) in enumerate(
            [("recruit", "none"), ("regular", "light"), ("recruit", "hard")], start=1)]
        + [_hq("keno")], motivation="low"),
]}

SETUPS: Mapping[str, Mapping[str, Any]] = {"skirmish": SKIRMISH, "platoons": PLATOONS}


def _shot(shooter: str, weapons: Sequence[str], target: str, distance: float) -> dict:
    return {"action": "fire", "unit": shooter,
            "params": {"target": target, "weapons": list(weapons), "distance": distance}}


#: (name, setup, command, prelude): shots whose exact odds the contract checks.
ODDS_CASES = (
    ("an LMG and an automat at partisans in hard cover", SKIRMISH,
     _shot("steel.1", ["mg", "cmd"], "keno.1", 9), (declare("begin_activation", "steel.1"),)),
    ("recruits' SMGs at veterans in flak vests, close", SKIRMISH,
     _shot("steel.2", ["cmd"], "keno.2", 4), (declare("begin_activation", "steel.2"),)),
)


def outcome_of(before: Any, command: Mapping[str, Any], effects: Sequence[Any],
               after: Any) -> FireResult:
    """The :class:`FireResult` a played shot came to: its fire result, the hits allocated and,
    among the target's figures, how many were newly killed and newly left unchecked casualties."""
    outcome = next(e for e in effects if e.kind == "fire_result").data["outcome"]
    if outcome != "suppress_and_hits":
        return FireResult(outcome)
    target = command["params"]["target"]

    def count(battle: Any, status: str) -> int:
        squad = battle.squads[battle.index[target]]
        return sum(1 for f in squad.figures if f.status == status)

    hits = sum(1 for e in effects if e.kind == "hit_allocated" and e.unit == target)
    return FireResult(outcome, hits, count(after, KILLED) - count(before, KILLED),
                      count(after, WOUNDED_UNCHECKED) - count(before, WOUNDED_UNCHECKED))
