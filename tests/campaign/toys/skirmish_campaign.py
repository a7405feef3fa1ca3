"""A test-only campaign plug-in for the Skirmish toy rule system (``tests/rules/toys``): the
second system a campaign runs on, written only against the core's protocol
(``docs/adding-a-rule-system.md``, "Adding its campaign plug-in"). Nothing Steel War here.

- Members carry a ``rank`` (scout / veteran) and ``tags``; units a ``colour``; no force or
  side attributes, no house rules.
- Its own ledger event ``toy.medal_awarded`` gives a soldier a medal (a tag).
- A battle: each force is a side ``force-<id>`` whose units are its squads (``squad-<id>``,
  one figure per soldier sent); a lost figure ``squad-<id>.<n>`` is the n-th soldier sent
  with that squad, killed.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from campaign.ledger.events import BattleResultTakenOver, LedgerEvent
from campaign.ledger.fold import fought_in, set_soldiers, soldier_effect
from campaign.plugins import Attribute, CampaignPlugin, Schema
from campaign.plugins import registry as plugins
from rules.core.errors import gettext_noop


@dataclass(frozen=True)
class MedalAwarded(LedgerEvent):
    type: ClassVar[str] = "toy.medal_awarded"
    soldier_id: int
    medal: str


def _medal(state, e: MedalAwarded):
    soldier = state.soldiers[e.soldier_id]
    tags = [*soldier.attributes.get("tags", []), e.medal]
    updated = replace(soldier, attributes={**soldier.attributes, "tags": tags})
    return set_soldiers(state, updated), [
        soldier_effect("medal", updated, f"{soldier.name} is awarded the {e.medal}")]


class SkirmishCampaign(CampaignPlugin):
    rule_system: ClassVar[str] = "skirmish"
    terms: ClassVar[dict] = {"force": gettext_noop("force"), "squad": gettext_noop("squad"),
                             "soldier": gettext_noop("soldier"),
                             "formation": gettext_noop("formation")}
    member_schema: ClassVar[Schema] = Schema((
        Attribute("rank", "choice", "rank", choices=("scout", "veteran"), default="scout"),
        Attribute("tags", "list", "tags"),
    ))
    unit_schema: ClassVar[Schema] = Schema((
        Attribute("colour", "text", "colour", required=True),
    ))
    events: ClassVar[tuple] = (MedalAwarded,)

    def handlers(self):
        return {MedalAwarded.type: _medal}

    def battle_setup(self, state, sides) -> dict:
        return {"sides": {
            side["side"]: {"units": {
                f"squad-{pick['squad_id']}": {"name": state.squads[pick["squad_id"]].name,
                                              "figures": len(pick["soldier_ids"])}
                for pick in side["squads"]
            }}
            for side in sides
        }}

    def take_over(self, *, state, scenario_id, battle_id, result, summary, log_effects, roll):
        scenario = state.scenarios[scenario_id]
        sent = {f"squad-{pick['squad_id']}": pick["soldier_ids"]
                for side in scenario.sides for pick in side["squads"]}
        casualties = []
        for figure in summary.figures:
            unit, n = figure.figure.rsplit(".", 1)
            soldier_id = sent[unit][int(n) - 1]
            if soldier_id in fought_in(scenario):
                casualties.append({"soldier_id": soldier_id, "outcome": "killed"})
        results = [{"force_id": int(side.removeprefix("force-")), "result": outcome}
                   for side, outcome in (result or {}).items()]
        units = [{"squad_id": int(u.unit.removeprefix("squad-")), "unit": u.unit,
                  "end_status": u.text} for u in summary.units]
        return BattleResultTakenOver(scenario_id=scenario_id, battle_id=battle_id,
                                     results=results, casualties=casualties, units=units)

    def unit_record(self, reports) -> dict:
        return {"battles_reported": len(reports)}


PLUGIN = SkirmishCampaign()


def register() -> SkirmishCampaign:
    return plugins.register(PLUGIN)


def unregister() -> None:
    plugins.unregister(PLUGIN.rule_system)
