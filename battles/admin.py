"""Admin for battles. The dice seed is deliberately not registered: it stays secret while a
battle is open and is revealed through the concluding event, not the admin.

Battles begin through ``create_battle`` (a stream and a dice seed), never from an admin form,
and are never deleted (their stream stays). The log and unit statuses are projections:
read-only. Organizers conclude a battle with an admin action calling ``conclude_battle``;
the stream's events are linked from the battle's page (the event admin is read-only).

An organizer sees his clubs' battles (``clubs.admin_scoping``), renames them and says who
takes part (members of his clubs); whoever may see a battle here may read its stream's
events."""

from django import forms
from django.contrib import admin, messages

from battles.models import Battle, BattleLogEntry, BattleParticipant, UnitStatus
from battles.results import RESULTS
from battles.selectors import state_at
from battles.services.battles import conclude_battle
from battles.streams import STREAM_TYPE, stream_of
from clubs.admin_scoping import OrganizerScoped, OrganizerScopedInline
from config.admin_actions import form_action
from eventstore.admin import EventAdmin, events_link
from rules.core.errors import RuleError
from rules.core.summary import summarize


class ParticipantInline(OrganizerScopedInline, admin.TabularInline):
    model = BattleParticipant
    extra = 0
    organizer_may = frozenset({"view", "add", "change", "delete"})


class ConcludeForm(forms.Form):
    """The result per side; ``expected_version`` is the version the organizer saw (a battle
    that moved on meanwhile is refused, 409)."""

    expected_version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, sides, **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = tuple(sides)
        for side in self.sides:
            self.fields[f"result_{side}"] = forms.ChoiceField(
                label=f"result of {side}", choices=[(r, r) for r in RESULTS]
            )


@admin.register(Battle)
class BattleAdmin(OrganizerScoped, admin.ModelAdmin):
    club_path = "club"
    organizer_may = frozenset({"view", "change"})
    list_display = ["name", "club", "rule_system", "rule_version", "status", "version"]
    list_filter = ["status", "rule_system", ("club", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["name"]
    readonly_fields = [
        "rule_system",
        "rule_version",
        "status",
        "version",
        "seed_sha256",
        "result",
        "summary",
        "concluded_at",
        "corrections",
        "events",
    ]
    inlines = [ParticipantInline]
    actions = ["conclude"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="events")
    def events(self, battle):
        return events_link(stream_of(battle))

    @admin.action(description="Conclude battle (result per side)…", permissions=["view"])
    def conclude(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Conclude one battle at a time.", messages.WARNING)
            return None
        battle = queryset.get()
        current = state_at(battle=battle)
        try:
            sides = summarize(current.system, current.state).sides
        except RuleError as error:
            self.message_user(request, str(error), messages.ERROR)
            return None
        form_kwargs = {"sides": sides, "initial": {"expected_version": battle.version}}
        return form_action(
            self, request, queryset, form_class=ConcludeForm, form_kwargs=form_kwargs,
            calls=lambda data: [lambda: conclude_battle(
                battle_id=battle.pk, user=request.user,
                expected_version=data["expected_version"],
                result={side: data[f"result_{side}"] for side in sides},
            )],
            title="Conclude battle", submit="Conclude",
            intro="The battle.concluded event records each side's result and reveals the "
            "dice seed; a campaign battle's result then goes into its campaign's ledger.",
            done=f"{battle.name} concluded.",
        )


@admin.register(BattleLogEntry)
class BattleLogEntryAdmin(OrganizerScoped, admin.ModelAdmin):
    club_path = "battle__club"
    list_display = ["battle", "version", "type", "status", "text"]
    list_filter = ["status", "type"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(UnitStatus)
class UnitStatusAdmin(OrganizerScoped, admin.ModelAdmin):
    club_path = "battle__club"
    list_display = ["battle", "unit", "side", "name"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


EventAdmin.stream_owners[STREAM_TYPE] = Battle
