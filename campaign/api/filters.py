"""django-filter filter sets of the campaign API (ids are the ledger's ids)."""
import django_filters

from campaign.models import Campaign, HistoryEntry, Scenario, Soldier, Squad


class CampaignFilter(django_filters.FilterSet):
    class Meta:
        model = Campaign
        fields = ["club", "status", "rule_system"]


class SquadFilter(django_filters.FilterSet):
    force = django_filters.NumberFilter(field_name="force_ref")
    formation = django_filters.NumberFilter(field_name="formation_ref")

    class Meta:
        model = Squad
        fields = ["force", "formation", "quality"]


class SoldierFilter(django_filters.FilterSet):
    force = django_filters.NumberFilter(field_name="force_ref")
    squad = django_filters.NumberFilter(field_name="squad_ref")
    held_by = django_filters.NumberFilter(field_name="held_by_force_ref")
    name = django_filters.CharFilter(lookup_expr="icontains")

    class Meta:
        model = Soldier
        fields = ["force", "squad", "status", "role", "quality", "held_by", "name"]


class ScenarioFilter(django_filters.FilterSet):
    class Meta:
        model = Scenario
        fields = ["status", "open"]


class HistoryFilter(django_filters.FilterSet):
    battle = django_filters.NumberFilter(field_name="battle_id")

    class Meta:
        model = HistoryEntry
        fields = ["kind", "battle"]
