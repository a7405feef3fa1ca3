"""The Steel War's campaign plug-in (:mod:`campaign.plugins`): its soldiers' and squads'
attributes, its ledger events (rest and front, motivation, leadership, recovery rolls), its
house rules between battles (``house_rules``: this project's, not the book's), battle setups
from campaign state and battle summaries taken over (``battles``).

Registered when imported (``campaign.plugins.get("steelwar")`` imports it). Pure: no Django.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from campaign.ledger.events import BattleResultTakenOver
from campaign.ledger.sentences import Sentence, Term
from campaign.plugins import CampaignPlugin, refusal, register
from campaign.plugins.schema import Schema
from campaign.systems.steelwar import attributes as vocabulary
from campaign.systems.steelwar import battles, fold
from campaign.systems.steelwar.events import (
    EVENTS,
    LeadershipChanged,
    MotivationSet,
    RecoveryRolled,
)
from campaign.systems.steelwar.house_rules import HOUSE_RULE_LABEL, HOUSE_RULES_SCHEMA, HouseRules
from rules.core.errors import gettext_noop

__all__ = ["PLUGIN", "SteelWarCampaign"]


class SteelWarCampaign(CampaignPlugin):
    rule_system: ClassVar[str] = "steelwar"
    member_schema: ClassVar[Schema] = vocabulary.MEMBER
    unit_schema: ClassVar[Schema] = vocabulary.UNIT
    force_schema: ClassVar[Schema] = vocabulary.FORCE
    side_schema: ClassVar[Schema] = vocabulary.SIDE
    record_schema: ClassVar[Schema] = vocabulary.RECORD
    events: ClassVar[tuple[type, ...]] = EVENTS
    house_rule_label: ClassVar[str] = HOUSE_RULE_LABEL
    house_rules_schema: ClassVar[Schema] = HOUSE_RULES_SCHEMA
    history_kinds: ClassVar[Mapping[str, str]] = {
        "recovery_roll": gettext_noop("recovery roll"),
        "reorganisation_roll": gettext_noop("reorganisation roll"),
        "fatigue_changed": gettext_noop("fatigue"),
        "motivation_set": gettext_noop("motivation"),
        "sent_to_rest": gettext_noop("sent to rest"),
        "sent_to_front": gettext_noop("sent to the front"),
        "leadership_changed": gettext_noop("leadership"),
        "evacuated": gettext_noop("evacuated"),
    }

    def handlers(self):
        return fold.HANDLERS

    def amendable(self):
        """Its entries a person entered: a leadership (§2.0), a side's motivation (§2.17,
        standing once the battle was set up from it), a recovery die entered from the
        table (a server's roll stands: it is derived from the campaign's seed)."""
        from campaign.plugins.amendments import Amendable, AmendField
        from campaign.services.amendable import battle_started
        from campaign.systems.steelwar import services

        def server_roll(data, state):
            if data.get("source") != "entered":
                return gettext_noop("the server rolled this die from the campaign's seed: "
                                    "only dice entered from the table are amended")
            return None

        return {
            LeadershipChanged.type: Amendable(
                (AmendField("leadership", "int", gettext_noop("leadership")),
                 AmendField("reason", "text", gettext_noop("reason (optional)"),
                            optional=True)),
                services.change_leadership,
                lambda d: {k: d.get(k) for k in ("soldier_id", "leadership", "reason")}),
            MotivationSet.type: Amendable(
                (AmendField("motivation", "choice", gettext_noop("motivation"),
                            choices=tuple((m, m) for m in vocabulary.MOTIVATIONS)),),
                services.set_motivation,
                lambda d: {k: d.get(k) for k in ("scenario_id", "force_id", "motivation")},
                refusal=battle_started),
            RecoveryRolled.type: Amendable(
                (AmendField("roll", "int", gettext_noop("roll")),),
                services.roll_recovery,
                lambda d: {"soldier_id": d.get("soldier_id"), "entered_roll": d.get("roll")},
                refusal=server_roll),
        }

    # --- validation ---------------------------------------------------------------------

    def parse_house_rules(self, data: Mapping[str, Any] | None) -> HouseRules:
        rules = HouseRules.from_json(data)
        self._check_replacement_quality(rules)
        return rules

    def merge_house_rules(self, current: HouseRules, changes: Mapping[str, Any]) -> HouseRules:
        rules = current.merged(changes)
        self._check_replacement_quality(rules)
        return rules

    @staticmethod
    def _check_replacement_quality(rules: HouseRules) -> None:
        vocabulary.UNIT.by_name["quality"].check(rules.replacements.quality,
                                                 "replacements.quality")

    def check_member(self, *, role: str, attributes: Mapping[str, Any],
                     base: Mapping[str, Any] | None = None) -> dict:
        """A soldier the Steel War can field: the schema's checks, then a role, a commander's
        leadership (§2.0) and traits the battle setup knows."""
        if not role or not isinstance(role, str):
            raise refusal("bad_soldier",
                       gettext_noop("a soldier needs a role (rifleman, commander, medic...)"),
                       "role")
        values = self.member_schema.check(attributes, base=base)
        if role == "commander" and values["leadership"] is None:
            raise refusal("bad_soldier",
                       gettext_noop("a commander needs a leadership, 1 (best) to 3 (worst) "
                                    "(§2.0)"),
                       "attributes.leadership", "§2.0")
        _check_traits(values["traits"], vocabulary.SOLDIER_TRAITS, "bad_soldier",
                      gettext_noop("unknown soldier trait {trait!r} (known: {known})"))
        return values

    def check_unit(self, *, attributes: Mapping[str, Any]) -> dict:
        values = self.unit_schema.check(attributes)
        _check_traits(values["traits"], vocabulary.SQUAD_TRAITS, "bad_squad",
                      gettext_noop("unknown squad trait {trait!r} (known: {known})"))
        return values

    def check_battle_options(self, options: Mapping[str, Any]) -> dict:
        return battles.check_battle_options(options)

    def taking_command(self, state, soldier, attributes) -> list:
        """§2.0: a commander needs a leadership (1 best .. 3 worst); one given changes his."""
        if set(attributes) - {"leadership"}:
            name = sorted(set(attributes) - {"leadership"})[0]
            raise refusal("bad_attribute",
                       gettext_noop("only a leadership is given with a command, not {name}"),
                       f"attributes.{name}", name=name)
        leadership = attributes.get("leadership")
        if leadership is not None:
            self.member_schema.by_name["leadership"].check(leadership, "attributes.leadership")
        current = soldier.attributes.get("leadership")
        if current is None and leadership is None:
            raise refusal("no_leadership",
                       gettext_noop("{soldier} has no leadership value: give one (1 best .. 3 "
                                    "worst, §2.0)"),
                       "attributes.leadership", "§2.0", soldier=soldier.name)
        if leadership is None or leadership == current:
            return []
        return [LeadershipChanged(soldier_id=soldier.id, leadership=leadership,
                                  reason="given command")]

    def side_events(self, state, scenario_id, force_id, attributes) -> list:
        """A side's motivation for the scenario, once before play (§2.17)."""
        current = state.scenarios[scenario_id].side_attributes.get(force_id, {})
        values = self.side_schema.check(attributes, base=current)
        if values.get("motivation") in (None, current.get("motivation")):
            return []
        return [MotivationSet(scenario_id=scenario_id, force_id=force_id,
                              motivation=values["motivation"])]

    def replacement_attributes(self, state) -> dict:
        """House rule: replacements join with the house rules' quality."""
        return {"quality": state.house_rules.replacements.quality}

    # --- the fold's hooks ---------------------------------------------------------------

    def pass_time(self, state, days, before):
        return fold.pass_time(state, days, before)

    def settle_casualty(self, state, soldier, outcome, event):
        return fold.settle_casualty(state, soldier, outcome, event)

    def after_casualties(self, state, event, where):
        return fold.after_casualties(state, event, where)

    def force_fought(self, state, force, scenario, event):
        return fold.force_fought(state, force, scenario, event)

    def unit_note(self, squad) -> str:
        return Sentence(gettext_noop(" ({quality})"),
                        quality=Term("quality", squad.attributes["quality"]))

    def describe_side(self, side: Mapping[str, Any]) -> tuple[str, dict]:
        how = Sentence(gettext_noop(" {fatigue} ({morale}), {motivation} motivation"),
                       fatigue=Term("fatigue", side["fatigue"]),
                       morale=Term("morale", side["starting_morale"]),
                       motivation=Term("motivation", side["motivation"]))
        return how, {k: side[k] for k in ("fatigue", "starting_morale", "motivation")}

    def force_json(self, state, force) -> dict:
        return {"fatigue": fold.fatigue_level(state, force.id)}

    def unit_record(self, reports) -> dict:
        return battles.unit_record(reports)

    def server_rolls(self, event_type, data) -> list[tuple]:
        """Recovery rolls and a result's melee fates and final reorganisation rolls."""
        rolls = []
        if event_type == RecoveryRolled.type and data["source"] == "server":
            rolls.append((data["key"], data["die"], [data["roll"]]))
        elif event_type == BattleResultTakenOver.type:
            for roll in data.get("reorganisation", ()):
                if roll.get("source") != "server":
                    continue
                for die in (roll.get("melee_fate"), roll if "roll" in roll else None):
                    if die is not None:
                        rolls.append((die["key"], die["die"], [die["roll"]]))
        return rolls

    # --- battles ------------------------------------------------------------------------

    def side_id(self, force_id: int) -> str:
        return battles.side_id(force_id)

    def check_side_ready(self, state, scenario, force_id: int) -> None:
        """§2.17: the organizer sets each side's motivation before play."""
        if scenario.side_attributes.get(force_id, {}).get("motivation") is None:
            raise refusal("motivation_missing",
                       gettext_noop("the organizer has not set {force}'s motivation for "
                                    "{scenario} (§2.17)"),
                       "motivation", "§2.17", force=state.forces[force_id].name,
                       scenario=scenario.name)

    def plan_side(self, state, scenario, force_id, squads, officers) -> dict:
        """The side with its motivation, fatigue and the starting morale that gives (§2.17)."""
        fatigue = fold.fatigue_level(state, force_id)
        return {
            "force_id": force_id,
            "side": battles.side_id(force_id),
            "motivation": scenario.side_attributes[force_id]["motivation"],
            "fatigue": fatigue,
            "starting_morale": battles.starting_morale(fatigue),
            "squads": [{"squad_id": q, "soldier_ids": list(ids)} for q, ids in squads],
            "officers": list(officers),
        }

    def battle_setup(self, state, sides: Sequence[Mapping[str, Any]]) -> dict:
        plans = [
            battles.SidePlan(
                force_id=side["force_id"], motivation=side["motivation"],
                fatigue=side["fatigue"],
                squads=tuple((p["squad_id"], tuple(p["soldier_ids"])) for p in side["squads"]),
                officers=tuple(side["officers"]),
            )
            for side in sides
        ]
        return battles.battle_setup(state=state, sides=plans)

    def take_over(self, **kwargs):
        return battles.take_over(**kwargs)

    def morale_ladder(self) -> tuple[str, ...]:
        return battles.MORALE_LADDER


def _check_traits(traits: Mapping, known: frozenset | set, code: str, template: str) -> None:
    """Refuse the first trait not in ``known`` (``code`` at ``attributes.traits.<trait>``)."""
    unknown = sorted(set(traits) - known)
    if unknown:
        raise refusal(code, template, f"attributes.traits.{unknown[0]}", trait=unknown[0],
                   known=", ".join(sorted(known)))


PLUGIN = register(SteelWarCampaign())
