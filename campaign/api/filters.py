"""django-filter filter sets of the campaign API (ids are the ledger's ids)."""
import re

import django_filters
from django.utils.translation import gettext as _

from campaign.models import Campaign, HistoryEntry, Scenario, Soldier, Squad
from config.api_errors import ApiError


class CampaignFilter(django_filters.FilterSet):
    class Meta:
        model = Campaign
        fields = ["club", "status", "rule_system"]


def _by_attribute(queryset, name: str, value: str):
    """``?attribute=quality:veteran``: rows whose plug-in attribute has that value (as text;
    whole numbers match too)."""
    match = re.fullmatch(r"([a-z][a-z0-9_]{0,39}):(.{1,80})", value or "")
    if match is None:
        raise ApiError("bad_filter", _("attribute must be name:value, e.g. quality:veteran"),
                       field="attribute")
    key, wanted = match.groups()
    values = [wanted, int(wanted)] if wanted.isascii() and wanted.isdigit() else [wanted]
    return queryset.filter(**{f"attributes__{key}__in": values})


def attribute_filter() -> django_filters.CharFilter:
    return django_filters.CharFilter(
        method=lambda queryset, name, value: _by_attribute(queryset, name, value),
        help_text="name:value of one of the rule system's attributes, e.g. quality:veteran",
    )


class SquadFilter(django_filters.FilterSet):
    force = django_filters.NumberFilter(field_name="force_ref")
    formation = django_filters.NumberFilter(field_name="formation_ref")
    attribute = attribute_filter()

    class Meta:
        model = Squad
        fields = ["force", "formation", "attribute"]


class SoldierFilter(django_filters.FilterSet):
    force = django_filters.NumberFilter(field_name="force_ref")
    squad = django_filters.NumberFilter(field_name="squad_ref")
    held_by = django_filters.NumberFilter(field_name="held_by_force_ref")
    name = django_filters.CharFilter(lookup_expr="icontains")
    attribute = attribute_filter()

    class Meta:
        model = Soldier
        fields = ["force", "squad", "status", "role", "attribute", "held_by", "name"]


class ScenarioFilter(django_filters.FilterSet):
    class Meta:
        model = Scenario
        fields = ["status", "open"]


class HistoryFilter(django_filters.FilterSet):
    battle = django_filters.NumberFilter(field_name="battle_id")

    class Meta:
        model = HistoryEntry
        fields = ["kind", "battle"]
