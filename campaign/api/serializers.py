"""Request and response shapes of the campaign API (input shape only; the services check
everything else). Ids in the API are the ledger's ids (``ref`` in the projections)."""
from __future__ import annotations

from rest_framework import serializers

from campaign.ledger.state import FORMATION_LEVELS, RESULTS
from campaign.models import (
    Campaign,
    Force,
    Formation,
    HistoryEntry,
    Scenario,
    ScenarioLink,
    Soldier,
    Squad,
)
from campaign.pages.timeline import history_text
from config.error_schema import ErrorSerializer  # the one error format (config.api_errors)
from config.request_input import INT32_MAX, INT64_MAX

__all__ = ["ErrorSerializer"]  # re-exported for the campaign views


# --- responses -------------------------------------------------------------------------------

ATTRIBUTES_HELP = ("the campaign's rule system's attributes (its campaign plug-in's schema: "
                   "GET /api/campaigns/{id}/attributes/)")




class CampaignSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(read_only=True)
    version = serializers.IntegerField(source="projected_version", read_only=True,
                                       help_text="ledger version the projections show")

    class Meta:
        model = Campaign
        fields = ["id", "club", "name", "rule_system", "rule_version", "status", "start_date",
                  "current_date", "house_rules", "version", "created_at"]


class _Projected(serializers.ModelSerializer):
    id = serializers.IntegerField(source="ref", read_only=True)


class ForceSerializer(_Projected):
    owner_id = serializers.IntegerField(read_only=True)

    class Meta:
        model = Force
        fields = ["id", "owner_id", "name", "faction", "attributes", "battles_fought", "version"]


# a post of the chain of command (a formation, a squad): its force and its commander (no
# docstring: drf-spectacular would put it on both serializers' schemas)
class _Command(_Projected):
    force_id = serializers.IntegerField(source="force_ref")
    commander_id = serializers.IntegerField(source="commander_ref", allow_null=True)


class FormationSerializer(_Command):
    parent_id = serializers.IntegerField(source="parent_ref", allow_null=True)

    class Meta:
        model = Formation
        fields = ["id", "force_id", "parent_id", "level", "name", "commander_id", "version"]


class SquadSerializer(_Command):
    formation_id = serializers.IntegerField(source="formation_ref", allow_null=True)

    class Meta:
        model = Squad
        fields = ["id", "force_id", "formation_id", "name", "establishment", "attributes",
                  "strength", "fit", "commander_id", "raised_on", "battles_fought",
                  "casualties", "record", "version"]


class SoldierSerializer(_Projected):
    force_id = serializers.IntegerField(source="force_ref")
    squad_id = serializers.IntegerField(source="squad_ref", allow_null=True)
    held_by_force_id = serializers.IntegerField(source="held_by_force_ref", allow_null=True)

    class Meta:
        model = Soldier
        fields = ["id", "force_id", "squad_id", "name", "role", "attributes", "status",
                  "held_by_force_id",
                  "joined_on", "replacement", "wounded_on", "recovery_due",
                  "last_recovery_roll_on", "battles_fought", "wounds", "recoveries", "version"]


class FallenSummarySerializer(serializers.Serializer):
    recent_since_version = serializers.IntegerField(
        help_text="losses at or after this ledger version (the start of the force's latest "
        "concluded battle) are on the sheet; 0: all of them")
    older_count = serializers.IntegerField(help_text="the older fallen, not on the sheet")
    older_url = serializers.URLField(help_text="where to read them, a page at a time")


class ForceSheetSerializer(serializers.Serializer):
    force = ForceSerializer()
    formations = FormationSerializer(many=True)
    squads = SquadSerializer(many=True)
    soldiers = SoldierSerializer(many=True, help_text="the living and the recent fallen")
    prisoners_held = SoldierSerializer(many=True)
    fallen = FallenSummarySerializer()


class ScenarioSerializer(_Projected):
    force_ids = serializers.JSONField(source="force_refs")

    class Meta:
        model = Scenario
        fields = ["id", "name", "description", "force_ids", "status", "open",
                  "attributes", "side_attributes", "picks", "sides", "battle_id", "played_on", "results",
                  "version"]


class ScenarioLinkSerializer(serializers.ModelSerializer):
    from_id = serializers.IntegerField(source="from_ref")
    to_id = serializers.IntegerField(source="to_ref")
    force_id = serializers.IntegerField(source="force_ref", allow_null=True)

    class Meta:
        model = ScenarioLink
        fields = ["from_id", "to_id", "condition", "force_id", "version"]


class HistoryEntrySerializer(serializers.ModelSerializer):
    """A history row; its ``text`` in the request's language (``Accept-Language``, English by
    default; a row stored without its sentence, in its stored English). The view gives the
    campaign's ``rule_system`` in the context (the system's words inside the sentence)."""

    scenario_id = serializers.IntegerField(source="scenario_ref", allow_null=True)
    text = serializers.SerializerMethodField(
        help_text="what happened, in the request's language (Accept-Language; English by "
                  "default)")

    def get_text(self, row: HistoryEntry) -> str:
        system = self.context.get("rule_system") or row.campaign.rule_system
        return history_text(row, system)[0]

    class Meta:
        model = HistoryEntry
        fields = ["version", "seq", "kind", "text", "in_game_date", "battle_id", "scenario_id",
                  "data", "recorded_at", "voided_by", "amended_by", "correction_reason"]


class RecordSerializer(serializers.Serializer):
    battles_fought = serializers.IntegerField()
    battles = serializers.ListField(child=serializers.DictField(),
                                    help_text="each with what the battle reported of the unit")
    report = serializers.DictField(help_text="the rule system's totals of those reports")
    wounds = serializers.IntegerField()
    recoveries = serializers.IntegerField()
    commands_taken = serializers.IntegerField()
    commands = serializers.ListField(child=serializers.DictField(),
                                     help_text="commands taken and given up, in order")


class LedgerEventSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    position = serializers.IntegerField()
    type = serializers.CharField()
    data = serializers.DictField()
    metadata = serializers.DictField()
    recorded_at = serializers.DateTimeField()


class RecordedSerializer(serializers.Serializer):
    """What a command recorded: the ledger events and the version after them."""

    version = serializers.IntegerField()
    replayed = serializers.BooleanField()
    events = serializers.ListField(child=serializers.DictField())
    id = serializers.IntegerField(required=False, help_text="the id of what was created")
    entity = serializers.DictField(required=False, help_text="it, as the ledger now has it")


class AttributeSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["choice", "int", "text", "list", "map", "bool"])
    label = serializers.CharField(help_text="in the request's language")
    required = serializers.BooleanField()
    editable = serializers.BooleanField(help_text="false: kept by the campaign's own events")
    choices = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="a choice's, or a map's values")
    cell_keys = serializers.BooleanField(required=False,
                                         help_text="a map whose keys are cells x,y")
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    default = serializers.JSONField(required=False)
    help = serializers.CharField(required=False)


class AttributeSchemasSerializer(serializers.Serializer):
    rule_system = serializers.CharField()
    terms = serializers.DictField(child=serializers.CharField(),
                                  help_text="the rule system's names for force, squad, soldier...")
    soldier = AttributeSerializer(many=True)
    squad = AttributeSerializer(many=True)
    force = AttributeSerializer(many=True)
    scenario_side = AttributeSerializer(many=True)
    scenario = AttributeSerializer(many=True)


class HouseRulesSerializer(serializers.Serializer):
    label = serializers.CharField(read_only=True)
    rules = serializers.DictField()
    defaults = serializers.DictField(read_only=True)


# --- commands --------------------------------------------------------------------------------


class WriteSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(
        min_value=0, max_value=INT32_MAX, required=False,
        help_text="the ledger version you read; a stale one gets 409 with the current",
    )


class CampaignCreateSerializer(serializers.Serializer):
    club = serializers.IntegerField(max_value=INT64_MAX)
    name = serializers.CharField(max_length=200)
    start_date = serializers.DateField(help_text="the in-game calendar's first day")
    rule_system = serializers.CharField(default="steelwar")
    rule_version = serializers.CharField(required=False)
    house_rules = serializers.DictField(required=False)


class HouseRulesChangeSerializer(WriteSerializer):
    changes = serializers.DictField(help_text='e.g. {"fatigue": {"tired_at": 4}}')


class BattleOptionsSerializer(WriteSerializer):
    options = serializers.DictField(help_text="option -> value; only those you change")


class EntryVoidSerializer(WriteSerializer):
    expected_version = serializers.IntegerField(
        min_value=0, max_value=INT32_MAX,
        help_text="the ledger version you read (required); a stale one gets 409",
    )
    reason = serializers.CharField(max_length=500, help_text="why the entry is corrected")


class EntryAmendSerializer(EntryVoidSerializer):
    data = serializers.DictField(help_text="the fields of the entry that change (docs/"
                                           "campaign.md, Fixing mistakes: e.g. days of a "
                                           "calendar step, name and attributes of a recruit)")


class CalendarSerializer(WriteSerializer):
    days = serializers.IntegerField(min_value=1, max_value=INT32_MAX)


class ForceCreateSerializer(WriteSerializer):
    name = serializers.CharField(max_length=120)
    faction = serializers.CharField(max_length=60, required=False, default="")
    owner_id = serializers.IntegerField(required=False, help_text="organizers only",
                                        max_value=INT64_MAX)


class FormationCreateSerializer(WriteSerializer):
    force_id = serializers.IntegerField(max_value=INT32_MAX)
    level = serializers.ChoiceField(choices=FORMATION_LEVELS)
    name = serializers.CharField(max_length=120)
    parent_id = serializers.IntegerField(required=False, allow_null=True, max_value=INT32_MAX)


class CommanderSerializer(WriteSerializer):
    soldier_id = serializers.IntegerField(max_value=INT32_MAX)
    attributes = serializers.DictField(
        required=False, help_text="what the rule system needs of a commander (Steel War: "
        '{"leadership": 1..3} if he has none)')


class SquadCreateSerializer(WriteSerializer):
    force_id = serializers.IntegerField(max_value=INT32_MAX)
    name = serializers.CharField(max_length=120)
    establishment = serializers.IntegerField(min_value=1, max_value=INT32_MAX)
    formation_id = serializers.IntegerField(required=False, allow_null=True, max_value=INT32_MAX)
    attributes = serializers.DictField(required=False, help_text=ATTRIBUTES_HELP)


class SoldierFieldsSerializer(WriteSerializer):
    name = serializers.CharField(max_length=120)
    role = serializers.CharField(max_length=40, required=False, default="")
    attributes = serializers.DictField(required=False, help_text=ATTRIBUTES_HELP)


class RecruitSerializer(SoldierFieldsSerializer):
    force_id = serializers.IntegerField(max_value=INT32_MAX)
    squad_id = serializers.IntegerField(required=False, allow_null=True, max_value=INT32_MAX)


class ReplacementSerializer(SoldierFieldsSerializer):
    pass


class AmendSerializer(WriteSerializer):
    changes = serializers.DictField(help_text="name, role and attributes (those that change)")
    reason = serializers.CharField(required=False, default="")


class FormationAmendSerializer(WriteSerializer):
    changes = serializers.DictField(help_text="name (if it changes)")
    reason = serializers.CharField(required=False, default="")


class SquadAmendSerializer(WriteSerializer):
    changes = serializers.DictField(
        help_text="name, establishment and attributes (those that change)")
    reason = serializers.CharField(required=False, default="")


class TransferSerializer(WriteSerializer):
    to_squad_id = serializers.IntegerField(allow_null=True, max_value=INT32_MAX)


class SquadTransferSerializer(WriteSerializer):
    to_formation_id = serializers.IntegerField(
        allow_null=True, max_value=INT32_MAX,
        help_text="a formation of the squad's own force; null: under no formation")
    reason = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)


class FormationReattachSerializer(WriteSerializer):
    to_parent_id = serializers.IntegerField(
        allow_null=True, max_value=INT32_MAX,
        help_text="a formation one level up in the same force (§2.18); null: under none")
    reason = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)


class DeathSerializer(WriteSerializer):
    cause = serializers.CharField(required=False, default="")


class CaptureSerializer(WriteSerializer):
    by_force_id = serializers.IntegerField(required=False, allow_null=True, max_value=INT32_MAX)
    reason = serializers.CharField(required=False, default="")


class ExchangeSerializer(WriteSerializer):
    soldier_ids = serializers.ListField(child=serializers.IntegerField(max_value=INT32_MAX),
                                        min_length=1)


class ScenarioCreateSerializer(WriteSerializer):
    name = serializers.CharField(max_length=200)
    force_ids = serializers.ListField(child=serializers.IntegerField(max_value=INT32_MAX),
                                      min_length=2)
    description = serializers.CharField(required=False, default="")


class LinkCreateSerializer(WriteSerializer):
    from_id = serializers.IntegerField(max_value=INT32_MAX)
    to_id = serializers.IntegerField(max_value=INT32_MAX)
    condition = serializers.ChoiceField(choices=RESULTS, required=False, allow_null=True)
    force_id = serializers.IntegerField(required=False, allow_null=True, max_value=INT32_MAX)


class PickSerializer(serializers.Serializer):
    squad_id = serializers.IntegerField(max_value=INT32_MAX)
    soldier_ids = serializers.ListField(child=serializers.IntegerField(max_value=INT32_MAX),
                                        required=False,
                                        help_text="default: every soldier able to fight")


class PicksSerializer(WriteSerializer):
    force_id = serializers.IntegerField(max_value=INT32_MAX)
    squads = PickSerializer(many=True)
    officers = serializers.ListField(child=serializers.IntegerField(max_value=INT32_MAX),
                                     required=False,
                                     help_text="formation commanders who go as officers")


class ScenarioAttributesSerializer(WriteSerializer):
    attributes = serializers.DictField(help_text="the plug-in's scenario (or side) attributes")
    force_id = serializers.IntegerField(max_value=INT32_MAX, required=False,
                                        help_text="a force of the scenario: its side's "
                                                  "attributes instead of the scenario's")


class BattleStartSerializer(WriteSerializer):
    name = serializers.CharField(max_length=200, required=False)


class ResultSerializer(WriteSerializer):
    results = serializers.DictField(child=serializers.ChoiceField(choices=RESULTS),
                                    help_text="force id -> win / lose / draw")
