"""Mercenaries' campaign plug-in (:mod:`campaign.plugins`): members with the rulebook's
attributes (``attributes``), scenarios with a map and sides with a deployment edge, battle
setups and summaries taken over (``battles``), and the house rules between battles
(``house_rules``: this project's, not the book's, which has no healing, §0).

Registered when imported (``campaign.plugins.get("mercenaries")`` imports it). Pure.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from campaign.ledger.sentences import ATTRIBUTE_VALUE, Sentence, Term
from campaign.plugins import CampaignPlugin, refusal, register
from campaign.plugins.schema import Schema
from campaign.systems.mercenaries import attributes as vocabulary
from campaign.systems.mercenaries import battles, fold
from campaign.systems.mercenaries.events import EVENTS, SideDeployed
from campaign.systems.mercenaries.house_rules import (
    HOUSE_RULE_LABEL,
    HOUSE_RULES_SCHEMA,
    HouseRules,
)
from rules.core.errors import RuleError, gettext_noop

__all__ = ["PLUGIN", "MercenariesCampaign"]


class MercenariesCampaign(CampaignPlugin):
    rule_system: ClassVar[str] = "mercenaries"
    terms: ClassVar[Mapping[str, str]] = {
        "force": gettext_noop("force"), "squad": gettext_noop("squad"),
        "soldier": gettext_noop("mercenary"), "formation": gettext_noop("formation"),
    }
    member_schema: ClassVar[Schema] = vocabulary.MEMBER
    side_schema: ClassVar[Schema] = vocabulary.SIDE
    scenario_schema: ClassVar[Schema] = vocabulary.SCENARIO
    events: ClassVar[tuple[type, ...]] = EVENTS
    house_rule_label: ClassVar[str] = HOUSE_RULE_LABEL
    house_rules_schema: ClassVar[Schema] = HOUSE_RULES_SCHEMA
    history_kinds: ClassVar[Mapping[str, str]] = {
        "side_deployed": gettext_noop("deployment"),
        "healing": gettext_noop("healing"),
    }

    def handlers(self):
        return fold.HANDLERS

    def amendable(self):
        """Its entry a person entered: a side's deployment edge (standing once the battle was
        set up from it)."""
        from campaign.plugins.amendments import Amendable, AmendField
        from campaign.services.amendable import battle_started
        from campaign.services.scenarios import set_side_attributes

        return {
            SideDeployed.type: Amendable(
                (AmendField("edge", "choice", gettext_noop("deploys on the edge"),
                            choices=tuple((edge, edge) for edge in vocabulary.EDGES)),),
                set_side_attributes,
                lambda d: {"scenario_id": d.get("scenario_id"), "force_id": d.get("force_id"),
                           "attributes": {"edge": d.get("edge")}},
                refusal=battle_started),
        }

    # --- validation ---------------------------------------------------------------------

    def parse_house_rules(self, data: Mapping[str, Any] | None) -> HouseRules:
        return HouseRules.from_json(data)

    def merge_house_rules(self, current: HouseRules, changes: Mapping[str, Any]) -> HouseRules:
        return current.merged(changes)

    def check_member(self, *, role: str, attributes: Mapping[str, Any],
                     base: Mapping[str, Any] | None = None) -> dict:
        """The schema's checks, then an Extra's base skill (§2.10) and bennies: a Wild
        Card's only (§2.19)."""
        values = self.member_schema.check(attributes, base=base)
        if values["kind"] == "extra":
            if values.get("base_skill") is None:
                raise refusal("bad_attribute",
                           gettext_noop("an Extra needs a base skill: he rolls it to recover "
                                        "from Shaken (§2.10)"),
                           "attributes.base_skill", "§2.10")
            if values.get("bennies"):
                raise refusal("bad_attribute",
                           gettext_noop("an Extra has no bennies; a Wild Card has (§2.19)"),
                           "attributes.bennies", "§2.19")
        return values

    def check_scenario(self, *, attributes: Mapping[str, Any],
                       base: Mapping[str, Any] | None = None) -> dict:
        """The map: the schema's checks, then the terrain's cells (§3.1) on the map."""
        values = self.scenario_schema.check(attributes, base=base)
        width, height = values.get("width"), values.get("height")
        for cell in battles.terrain_cells(values):
            x, y = cell["cell"]
            if width is not None and height is not None and not (x < width and y < height):
                raise refusal("bad_attribute",
                           gettext_noop("terrain: the cell {x},{y} is off the {width} x "
                                        "{height} map"),
                           f"attributes.terrain.{x},{y}", x=x, y=y, width=width,
                           height=height)
        return values

    def check_battle_options(self, options: Mapping[str, Any]) -> dict:
        try:
            return battles.check_battle_options(options)
        except RuleError as error:
            raise refusal("bad_battle_options", error.message, error.field or "options") from None

    def side_events(self, state, scenario_id, force_id, attributes) -> list:
        """The map's edge a side deploys on, before play."""
        current = state.scenarios[scenario_id].side_attributes.get(force_id, {})
        values = self.side_schema.check(attributes, base=current)
        if values.get("edge") in (None, current.get("edge")):
            return []
        return [SideDeployed(scenario_id=scenario_id, force_id=force_id, edge=values["edge"])]

    # --- the fold's hooks ---------------------------------------------------------------

    def pass_time(self, state, days, before):
        return fold.pass_time(state, days, before)

    def settle_casualty(self, state, soldier, outcome, event):
        return fold.settle_casualty(state, soldier, outcome, event)

    def after_casualties(self, state, event, where):
        return fold.after_casualties(state, event, where)

    def describe_side(self, side: Mapping[str, Any]) -> tuple[str, dict]:
        """How a side went into its battle: from which edge of the map."""
        return (Sentence(gettext_noop(" from the {edge} edge"),
                         edge=Term(ATTRIBUTE_VALUE + "edge", side["edge"])),
                {"edge": side["edge"]})

    # --- battles ------------------------------------------------------------------------

    def side_id(self, force_id: int) -> str:
        return battles.side_id(force_id)

    def check_side_ready(self, state, scenario, force_id: int) -> None:
        """A battle needs the scenario's map (§2.2) and each side's deployment edge."""
        if scenario.attributes.get("width") is None or scenario.attributes.get("height") is None:
            raise refusal("map_missing",
                       gettext_noop("the organizer has not given {scenario}'s map (width and "
                                    "height in cells, §2.2)"),
                       "attributes.width", "§2.2", scenario=scenario.name)
        if scenario.side_attributes.get(force_id, {}).get("edge") is None:
            raise refusal("deployment_missing",
                       gettext_noop("the organizer has not set the edge {force} deploys on "
                                    "in {scenario}"),
                       "edge", force=state.forces[force_id].name, scenario=scenario.name)

    def plan_side(self, state, scenario, force_id, squads, officers) -> dict:
        return {"force_id": force_id, "side": battles.side_id(force_id),
                "edge": scenario.side_attributes[force_id]["edge"],
                "squads": [{"squad_id": q, "soldier_ids": list(ids)} for q, ids in squads],
                "officers": list(officers)}

    def scenario_battle_setup(self, state, scenario, sides) -> dict:
        return battles.battle_setup(state, scenario.attributes, sides)

    def battle_setup(self, state, sides) -> dict:
        raise refusal("map_missing", gettext_noop("a Mercenaries battle is set up from a "
                                               "scenario's map"), "scenario_id")

    def take_over(self, **kwargs):
        return battles.take_over(**kwargs)


PLUGIN = register(MercenariesCampaign())
