"""Admin for battles. The dice seed is deliberately not registered: it stays secret while a
battle is open and is revealed through the concluding event, not the admin."""

from django.contrib import admin

from battles.models import Battle, BattleLogEntry, BattleParticipant, UnitStatus


class ParticipantInline(admin.TabularInline):
    model = BattleParticipant
    extra = 0


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "rules_system", "rules_version", "status", "version"]
    list_filter = ["status", "rules_system", "club"]
    search_fields = ["name"]
    readonly_fields = [
        "rules_system",
        "rules_version",
        "status",
        "version",
        "seed_sha256",
        "result",
        "summary",
        "concluded_at",
    ]
    inlines = [ParticipantInline]


@admin.register(BattleLogEntry)
class BattleLogEntryAdmin(admin.ModelAdmin):
    list_display = ["battle", "version", "type", "status", "text"]
    list_filter = ["status", "type"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(UnitStatus)
class UnitStatusAdmin(admin.ModelAdmin):
    list_display = ["battle", "unit", "side", "name"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
