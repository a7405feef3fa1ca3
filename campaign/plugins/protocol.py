"""The campaign plug-in protocol: what a rule system adds to the generic campaign core.

The core (``campaign/``) folds clubs' campaigns: forces, formations, squads (units), soldiers
(members), scenarios, battles taken over. A plug-in, one per rule system, says the rest:

- ``member_schema`` / ``unit_schema`` / ``force_schema`` / ``side_schema`` /
  ``scenario_schema``: the attributes of its soldiers, squads, forces, scenario sides and
  scenarios (the battlefield a scenario is fought on) (:mod:`campaign.plugins.schema`);
- ``events`` and ``handlers``: its own ledger event types and their fold handlers;
- ``house_rules``: its rules between battles, a validated JSON it parses (``parse_house_rules``);
- ``pass_time``, ``settle_casualty``, ``after_casualties``, ``force_fought``: its share of the
  fold of time and of a battle's result;
- ``plan_battle`` and ``take_over``: a battle setup from campaign state, a battle summary taken
  over into the ``battle.result_taken_over`` event.

:class:`CampaignPlugin` is the base with the do-nothing answers (a system without campaign
rules of its own: no attributes, time changes nothing, casualties stand as reported).
Pure: no Django.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from campaign.plugins.schema import NO_ATTRIBUTES, Schema
from rules.core.errors import RuleError, gettext_noop

if TYPE_CHECKING:  # pragma: no cover
    from campaign.ledger.events import BattleResultTakenOver, LedgerEvent
    from campaign.ledger.state import CampaignState, Force, LedgerEffect, Scenario, Soldier


def refusal(code: str, template: str, field: str, rule: str | None = None,
            **params) -> RuleError:
    """A plug-in's refusal of ``field``: ``template`` (English, ``gettext_noop``) filled with
    ``params``, citing ``rule``."""
    return RuleError(code, template=template, params=params, field=field, rule=rule)


class NoHouseRules:
    """House rules of a plug-in that has none: the empty JSON object only."""

    def to_json(self) -> dict:
        return {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoHouseRules)

    def __hash__(self) -> int:
        return 0


class CampaignPlugin:
    """Base of a campaign plug-in (subclass it, set ``rule_system``, register an instance)."""

    rule_system: ClassVar[str] = ""
    #: This plug-in's names for the core's entities, as gettext_noop labels.
    terms: ClassVar[Mapping[str, str]] = {
        "force": gettext_noop("force"), "squad": gettext_noop("squad"),
        "soldier": gettext_noop("soldier"), "formation": gettext_noop("formation"),
    }
    member_schema: ClassVar[Schema] = NO_ATTRIBUTES
    unit_schema: ClassVar[Schema] = NO_ATTRIBUTES
    force_schema: ClassVar[Schema] = NO_ATTRIBUTES
    side_schema: ClassVar[Schema] = NO_ATTRIBUTES
    #: A scenario's own attributes (what its battle needs beyond the sides: a map...),
    #: recorded by the core's ``scenario.attributes_set``.
    scenario_schema: ClassVar[Schema] = NO_ATTRIBUTES
    #: The totals of a squad's (soldier's) battle reports, as :meth:`unit_record` gives them.
    record_schema: ClassVar[Schema] = NO_ATTRIBUTES
    #: The plug-in's own ledger event classes (``LedgerEvent`` subclasses).
    events: ClassVar[tuple[type, ...]] = ()
    #: Labels (gettext_noop) of the history kinds its effects add (``"fatigue_changed"``...).
    history_kinds: ClassVar[Mapping[str, str]] = {}
    #: Where the house rules come from (shown with them): "this project's, not the book's".
    house_rule_label: ClassVar[str] = ""
    #: The house rules as fields of a form: one attribute per rule, named by its path in the
    #: house rules' JSON (``"fatigue.tired_at"``), with the plug-in's default; a choice's
    #: values are texts (the settings page turns a number's text back into the number).
    house_rules_schema: ClassVar[Schema] = NO_ATTRIBUTES

    # --- its events ---------------------------------------------------------------------

    def amendable(self) -> Mapping[str, Any]:
        """Its own event types a person entered and may amend: type ->
        :class:`campaign.plugins.amendments.Amendable` (imports of its services inside)."""
        return {}

    def handlers(self) -> Mapping[str, Callable]:
        """Fold handlers of its events: ``{type: handler(state, event) -> (state, effects)}``."""
        return {}

    # --- validation ---------------------------------------------------------------------

    def parse_house_rules(self, data: Mapping[str, Any] | None) -> Any:
        """The house rules of ``data`` (checked; ``RuleError("bad_house_rules")``): an object
        with ``to_json()``, compared with ``==``."""
        if data:
            name = sorted(data)[0]
            raise RuleError("bad_house_rules", template=gettext_noop("unknown house rule {name}"),
                            params={"name": name}, field=name)
        return NoHouseRules()

    def merge_house_rules(self, current: Any, changes: Mapping[str, Any]) -> Any:
        """``current`` with a partial JSON ``changes`` applied, checked."""
        return self.parse_house_rules({**current.to_json(), **changes})

    def check_member(self, *, role: str, attributes: Mapping[str, Any],
                     base: Mapping[str, Any] | None = None) -> dict:
        """A soldier's full attributes, checked (``RuleError`` naming the attribute)."""
        return self.member_schema.check(attributes, base=base)

    def check_unit(self, *, attributes: Mapping[str, Any]) -> dict:
        return self.unit_schema.check(attributes)

    def check_side(self, *, attributes: Mapping[str, Any],
                   base: Mapping[str, Any] | None = None) -> dict:
        return self.side_schema.check(attributes, base=base)

    def check_scenario(self, *, attributes: Mapping[str, Any],
                       base: Mapping[str, Any] | None = None) -> dict:
        """A scenario's full attributes, checked (``RuleError`` naming the attribute)."""
        return self.scenario_schema.check(attributes, base=base)

    def check_battle_options(self, options: Mapping[str, Any]) -> dict:
        if options:
            raise RuleError("bad_battle_options",
                            template=gettext_noop("this rule system has no battle options"),
                            field="options")
        return {}

    def taking_command(self, state: CampaignState, soldier: Soldier,
                       attributes: Mapping[str, Any]) -> list:
        """The events a soldier taking a command needs (``attributes``: what the request
        gives him for it); ``RuleError`` if he cannot command. The base: an amendment."""
        from campaign.ledger.events import SoldierAmended

        values = self.member_schema.check(attributes, base=soldier.attributes)
        changed = {k: values[k] for k in attributes if values[k] != soldier.attributes.get(k)}
        if not changed:
            return []
        return [SoldierAmended(soldier_id=soldier.id, changes={"attributes": changed},
                               reason="given command")]

    def replacement_attributes(self, state: CampaignState) -> dict:
        """Attributes a replacement joins with unless the organizer gives them."""
        return {}

    def side_events(self, state: CampaignState, scenario_id: int, force_id: int,
                    attributes: Mapping[str, Any]) -> list:
        """The events that give a force's side of a planned scenario these attributes (of the
        ``side_schema``; none when nothing changes); ``RuleError`` naming the attribute if
        one does not fit. The base: a plug-in whose sides have no attributes takes none."""
        if attributes:
            name = sorted(attributes)[0]
            raise RuleError("bad_attribute", template=gettext_noop("unknown attribute {name}"),
                            params={"name": name}, field=f"attributes.{name}")
        return []

    # --- the fold's hooks ---------------------------------------------------------------

    def new_force(self) -> dict:
        """A new force's attributes."""
        return self.force_schema.defaults()

    def pass_time(self, state: CampaignState, days: int,
                  before: Any) -> tuple[CampaignState, list[LedgerEffect]]:
        """What ``days`` of in-game time do (the date is already moved on from ``before``)."""
        return state, []

    def settle_casualty(self, state: CampaignState, soldier: Soldier, outcome: str,
                        event: BattleResultTakenOver) -> tuple[str, list[LedgerEffect], dict]:
        """The final outcome of a soldier's battle (a wound left open settled by the
        plug-in's dice in ``event``; the base takes it as unharmed), the effects of that
        settling and what to add to his ``battle_fought`` effect's data."""
        return ("unharmed" if outcome == "wounded" else outcome), [], {}

    def after_casualties(self, state: CampaignState, event: BattleResultTakenOver,
                         where: str) -> tuple[CampaignState, list[LedgerEffect]]:
        """After everyone's fate: the plug-in's part of the result (commanders replaced...)."""
        return state, []

    def force_fought(self, state: CampaignState, force: Force, scenario: Scenario,
                     event: BattleResultTakenOver) -> tuple[Force, list[LedgerEffect]]:
        """A force that fought the battle (``battles_fought`` is counted by the core)."""
        return force, []

    def unit_note(self, squad: Any) -> str:
        """What a squad's history line adds after its name (Steel War: " (veteran)")."""
        return ""

    def describe_side(self, side: Mapping[str, Any]) -> tuple[str, dict]:
        """How a side went into its battle (``scenario.battle_started``), for histories:
        (text after "X goes into Y", data)."""
        return "", {}

    def force_json(self, state: CampaignState, force: Force) -> dict:
        """Derived values shown with a force (Steel War: its fatigue level)."""
        return {}

    def morale_ladder(self) -> tuple[str, ...]:
        """Grades of a unit's ``morale_low`` in its battle reports, best first, for the
        campaign's chart of the worst morale per battle (none: no chart)."""
        return ()

    def unit_record(self, reports: Sequence[Mapping[str, Any]]) -> dict:
        """A squad's totals over its battles' reports (the ``units`` of the results taken
        over, oldest first): what its record and the force sheet show."""
        return {}

    def server_rolls(self, event_type: str, data: Mapping[str, Any]) -> list[tuple]:
        """The server's dice a stored event of this plug-in records: ``(key, sides,
        [values])`` each, re-derived from the revealed seed to check them."""
        return []

    # --- battles ------------------------------------------------------------------------

    def side_id(self, force_id: int) -> str:
        return f"force-{force_id}"

    def check_side_ready(self, state: CampaignState, scenario: Scenario, force_id: int) -> None:
        """``RuleError`` if the force's side lacks what the plug-in needs before play."""

    def plan_side(self, state: CampaignState, scenario: Scenario, force_id: int,
                  squads: tuple, officers: tuple) -> dict:
        """The ``scenario.battle_started`` side of a force (``RuleError`` if not ready)."""
        return {"force_id": force_id, "side": self.side_id(force_id),
                "squads": [{"squad_id": q, "soldier_ids": list(ids)} for q, ids in squads],
                "officers": list(officers)}

    def battle_setup(self, state: CampaignState, sides: Sequence[Mapping[str, Any]]) -> dict:
        """The rule system's battle setup for ``sides`` (as :meth:`plan_side` gave them)."""
        raise NotImplementedError

    def scenario_battle_setup(self, state: CampaignState, scenario: Scenario,
                              sides: Sequence[Mapping[str, Any]]) -> dict:
        """The setup of ``scenario``'s battle: what the core calls. The base reads only the
        sides (:meth:`battle_setup`); a plug-in whose battles need the scenario's own
        attributes (a map) overrides this."""
        return self.battle_setup(state, sides)

    def take_over(self, *, state: CampaignState, scenario_id: int, battle_id: int,
                  result: Mapping[str, str], summary: Any, log_effects: Sequence[Mapping],
                  roll: Callable[[str, int], int]) -> LedgerEvent:
        """The ``battle.result_taken_over`` event for a concluded battle."""
        raise NotImplementedError
