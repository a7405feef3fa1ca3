"""Request and response shapes of the battles API (validation of input shape only)."""

from __future__ import annotations

import copy

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from battles.models import Battle, BattleLogEntry, UnitStatus
from battles.replay import describe
from battles.selectors import revealed_seed
from config.request_input import INT32_MAX, INT64_MAX


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": ["all"]},
            {"type": "array", "items": {"type": "string", "minLength": 1}},
        ]
    }
)
class ServerDiceField(serializers.Field):
    """``"all"`` or a list of dice request keys for the server to roll."""

    default_error_messages = {"invalid": 'must be "all" or a list of dice request keys'}

    def to_internal_value(self, data):
        if data == "all":
            return "all"
        if isinstance(data, list) and all(isinstance(k, str) and k for k in data):
            return data
        self.fail("invalid")

    def to_representation(self, value):
        return value


#: The dice of one request as the rules read them (rules.core.dice.check_roll): a list of
#: faces, a bare face when one die is asked, or the die named with its faces.
_FACE = {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 1}]}
DICE_VALUES = {
    "oneOf": [
        _FACE,
        {"type": "array", "items": _FACE, "minItems": 1},
        {
            "type": "object",
            "properties": {
                "sides": {"type": "integer", "minimum": 1},
                "values": {"type": "array", "items": _FACE, "minItems": 1},
            },
            "required": ["values"],
        },
    ]
}


@extend_schema_field({"type": "object", "additionalProperties": DICE_VALUES, "minProperties": 1})
class RollsField(serializers.DictField):
    """Dice by request key: each a list of faces, a bare face, or ``{"sides", "values"}``."""


class WriteSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(
        min_value=0, max_value=INT32_MAX,
        help_text="the version you read; a stale one gets 409 with the current",
    )

    def get_fields(self):
        """Shallow copies of the declared fields, bound to this serializer as DRF binds them.

        DRF deep-copies them instead, running every field's ``__init__`` again for each
        request: about a tenth of a battle command's instructions (``docs/benchmarks.md``).
        These fields keep nothing of a request but what binding sets on the copy."""
        return {name: copy.copy(field) for name, field in self._declared_fields.items()}


class DeclareSerializer(WriteSerializer):
    command = serializers.JSONField(help_text='{"action": ..., "unit": ..., "params": {...}}')
    dice = RollsField(
        required=False, help_text="entered dice for the declaration (request key -> values)"
    )
    server_dice = ServerDiceField(
        required=False, help_text='request keys for the server to roll, or "all"'
    )


class DiceSerializer(WriteSerializer):
    rolls = RollsField(
        required=False, help_text="dice read off the table: request key -> values"
    )
    server_dice = ServerDiceField(
        required=False, help_text='request keys for the server to roll, or "all"'
    )


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": ["all"]},
            {"type": "array", "items": {"type": "string", "minLength": 1}},
        ]
    }
)
class ServerDrawField(ServerDiceField):
    """``"all"`` or a list of draw request keys for the server to draw."""

    default_error_messages = {"invalid": 'must be "all" or a list of draw request keys'}


#: The cards of one draw request (rules.core.draws.check_draw): a list of card ids, or a bare
#: id when one card is asked.
_CARD = {"type": "string", "minLength": 1}
CARDS = {"oneOf": [_CARD, {"type": "array", "items": _CARD, "minItems": 1}]}


@extend_schema_field({"type": "object", "additionalProperties": CARDS, "minProperties": 1})
class DrawsField(serializers.DictField):
    """Cards by draw request key: each a list of card ids, or a bare id."""


class DrawSerializer(WriteSerializer):
    draws = DrawsField(
        required=False, help_text="cards or chips drawn at the table: request key -> card ids"
    )
    server_draw = ServerDrawField(
        required=False, help_text='draw request keys for the server to draw, or "all"'
    )


class DecideSerializer(WriteSerializer):
    key = serializers.CharField()
    choice = serializers.JSONField()


class OddsSerializer(serializers.Serializer):
    command = serializers.JSONField(
        required=False,
        help_text='{"action": ..., "unit": ..., "params": {...}}; without it, the odds of the '
        "declared action whose dice are pending",
    )


class CorrectionSerializer(WriteSerializer):
    target_version = serializers.IntegerField(min_value=1, max_value=INT32_MAX)
    action = serializers.ChoiceField(choices=["void", "amend"])
    data = serializers.DictField(required=False, help_text="the fact's whole new payload (amend)")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class ConcludeSerializer(WriteSerializer):
    result = serializers.DictField(
        child=serializers.ChoiceField(choices=["win", "lose", "draw"]),
        help_text="side -> win, lose or draw, for every side",
    )


class ReopenSerializer(WriteSerializer):
    reason = serializers.CharField(max_length=500, help_text="why the battle is reopened")


class ParticipantInSerializer(serializers.Serializer):
    user = serializers.IntegerField(help_text="a member of the club, by user id")
    side = serializers.CharField(max_length=60)


class BattleCreateSerializer(serializers.Serializer):
    club = serializers.IntegerField(max_value=INT64_MAX)
    name = serializers.CharField(max_length=200)
    rule_system = serializers.CharField(max_length=40)
    rule_version = serializers.CharField(max_length=40, required=False)
    setup = serializers.DictField(help_text="the rule system's force setup: sides, units, options")
    participants = ParticipantInSerializer(many=True, required=False)
    snapshot_every = serializers.IntegerField(
        min_value=1, max_value=INT32_MAX, required=False,
        help_text="a snapshot of the rule state every this many events",
    )


class ImportSerializer(serializers.Serializer):
    club = serializers.IntegerField(max_value=INT64_MAX)
    document = serializers.JSONField(required=False, help_text="an exported battle")
    file = serializers.FileField(required=False, help_text="an exported battle (.json)")

    def validate(self, attrs):
        if "document" not in attrs and "file" not in attrs:
            raise serializers.ValidationError({"document": _("send 'document' or 'file'")})
        return attrs


class ParticipantSerializer(serializers.Serializer):
    user = serializers.IntegerField(source="user_id")
    username = serializers.CharField(source="user.username")
    side = serializers.CharField()


class BattleSerializer(serializers.ModelSerializer):
    participants = ParticipantSerializer(many=True, read_only=True)
    seed = serializers.SerializerMethodField(
        help_text="the dice seed: null while the battle is open, revealed at conclusion"
    )

    class Meta:
        model = Battle
        fields = [
            "id",
            "club",
            "name",
            "rule_system",
            "rule_version",
            "status",
            "version",
            "snapshot_every",
            "seed_sha256",
            "seed",
            "result",
            "summary",
            "participants",
            "created_at",
            "concluded_at",
        ]

    def get_seed(self, battle: Battle) -> str | None:
        return revealed_seed(battle=battle)


class LogEntrySerializer(serializers.ModelSerializer):
    description = serializers.SerializerMethodField()

    class Meta:
        model = BattleLogEntry
        fields = [
            "version",
            "type",
            "data",
            "effective_data",
            "description",
            "status",
            "corrected_by",
            "effects",
            "text",
            "problem",
            "consequences",
            "changed_by",
            "metadata",
            "recorded_at",
        ]

    def get_description(self, row: BattleLogEntry) -> str:
        return describe(row.type, row.data)


class UnitStatusSerializer(serializers.ModelSerializer):
    class Meta:
        model = UnitStatus
        fields = ["unit", "side", "name", "status"]


class ConsequenceSerializer(serializers.Serializer):
    """A fact whose status or effects a correction changed."""

    version = serializers.IntegerField()
    type = serializers.CharField()
    before = serializers.JSONField(help_text="{status, text}")
    after = serializers.JSONField(help_text="{status, text}")


class ChangeCountSerializer(serializers.Serializer):
    before = serializers.CharField(help_text="a status")
    after = serializers.CharField(help_text="a status")
    count = serializers.IntegerField()


class ConsequencesSerializer(serializers.Serializer):
    """A correction's consequences, summarised (``battles.services.refold``): the same size
    whatever the battle's length."""

    changed = serializers.IntegerField(help_text="facts whose status or effects changed")
    by_change = ChangeCountSerializer(many=True, help_text="most frequent first")
    first_version = serializers.IntegerField(allow_null=True)
    last_version = serializers.IntegerField(allow_null=True)
    facts = ConsequenceSerializer(many=True, help_text="the first 20 changed facts")
    more = serializers.IntegerField(
        help_text="changed facts not listed: read them with log/?changed_by=<correction>"
    )


class EventResultSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    type = serializers.CharField()
    data = serializers.JSONField()
    description = serializers.CharField()
    status = serializers.CharField()
    effects = serializers.JSONField(help_text="[{kind, text, unit, data}]")
    text = serializers.CharField()
    consequences = ConsequencesSerializer(
        required=False, help_text="a correction's: the later facts whose outcome it changed"
    )


class WriteResultSerializer(serializers.Serializer):
    """The answer to every write (documentation only)."""

    battle = serializers.IntegerField()
    from_version = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    events = EventResultSerializer(many=True)
    effects = serializers.JSONField()
    text = serializers.CharField(help_text="the effects as one sentence")
    pending = serializers.JSONField(help_text="what the table must do next")


class StateSerializer(serializers.Serializer):
    battle = serializers.IntegerField()
    version = serializers.IntegerField()
    head_version = serializers.IntegerField()
    status = serializers.CharField()
    state = serializers.JSONField()
    pending = serializers.JSONField()


class ChoiceSpecSerializer(serializers.Serializer):
    value = serializers.JSONField(help_text="the JSON value to send")
    label = serializers.CharField()


class ParamSpecSerializer(serializers.Serializer):
    """A parameter of a command (rules.core.catalogue.ParamSpec)."""

    name = serializers.CharField(help_text="its key in the command's params")
    label = serializers.CharField()
    kind = serializers.ChoiceField(["unit", "figures", "number", "choice", "flag"])
    required = serializers.BooleanField()
    default = serializers.JSONField(
        allow_null=True, help_text="legal now; null: left out, or if required, no default "
                                   "(the player must choose: nothing pre-filled)")
    multiple = serializers.BooleanField(help_text="the value is a list, each choice at most once")
    term = serializers.CharField(help_text="a stable key for translations")
    choices = ChoiceSpecSerializer(many=True, required=False,
                                   help_text="the legal values now (unit, figures, choice)")
    minimum = serializers.FloatField(required=False)
    maximum = serializers.FloatField(required=False)
    count = serializers.IntegerField(
        required=False, help_text="send a list of exactly this many picks, in order, each one "
                                  "of the choices, a choice as often as wanted (one a die)")


class CommandSpecSerializer(serializers.Serializer):
    """An action a unit may declare now (rules.core.catalogue.CommandSpec)."""

    action = serializers.CharField()
    label = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    unit = serializers.CharField(allow_null=True, help_text="null: the whole table's action")
    unit_label = serializers.CharField(allow_blank=True)
    params = ParamSpecSerializer(many=True)


class CommandsSerializer(serializers.Serializer):
    battle = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    commands = CommandSpecSerializer(many=True)
