"""Events in the Django admin: visible, filterable, never editable; :func:`events_link` leads
to a stream's events from a battle's or a campaign's page.

Superusers read every stream. Anyone else reads the streams of the rows he may see in the
admin of their owner (a battle's stream with the battle, a campaign's ledger with the
campaign): the apps owning streams name the model per stream type in
:attr:`EventAdmin.stream_owners`, a stream's id being its row's primary key. A stream type
nobody owns is for superusers only.
"""
from collections.abc import Iterator

from django.contrib import admin
from django.db.models import CharField, Q
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.safestring import SafeString

from eventstore.models import Event
from eventstore.selectors import stream_version
from eventstore.types import StreamId


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = (
        "position", "stream_type", "stream_id", "version", "event_type", "schema_version",
        "recorded_at",
    )
    list_filter = ("stream_type", "event_type")
    search_fields = (
        "=stream_id",  # exact: uses the (stream_type, stream_id, version) index
        "idempotency_key",  # contains: a battle stores the client's key inside its own
    )
    ordering = ("-position",)
    show_full_result_count = False  # no COUNT(*) over the whole log on every search
    readonly_fields = [field.name for field in Event._meta.fields]
    #: stream type -> the model whose rows own those streams (set by the owning apps).
    stream_owners: dict = {}

    def _owners(self, request) -> Iterator[tuple[str, admin.ModelAdmin]]:
        """``(stream type, owner's admin)`` for each owner whose rows the user may see."""
        for stream_type, model in self.stream_owners.items():
            owner = self.admin_site.get_model_admin(model)
            if owner.has_view_permission(request):
                yield stream_type, owner

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        readable = Q(pk__in=[])
        for stream_type, owner in self._owners(request):
            ids = (owner.get_queryset(request).order_by()
                   .annotate(stream_key=Cast("pk", CharField())).values("stream_key"))
            readable |= Q(stream_type=stream_type, stream_id__in=ids)
        return queryset.filter(readable)

    def has_module_permission(self, request):
        if request.user.is_superuser:
            return super().has_module_permission(request)
        return self.has_view_permission(request)

    def has_view_permission(self, request, obj=None):
        if request.user.is_superuser:
            return super().has_view_permission(request, obj)
        if obj is not None:
            return self.get_queryset(request).filter(pk=obj.pk).exists()
        return any(self._owners(request))

    def get_list_filter(self, request):
        """Also by recorded date (today, past 7 days, this month, this year): unlike
        ``date_hierarchy``, its choices cost no query over the whole log."""
        return (*self.list_filter, ("recorded_at", admin.DateFieldListFilter))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def events_link(stream: StreamId) -> SafeString:
    """A link to the stream's events in this (read-only) event admin."""
    url = reverse("admin:eventstore_event_changelist") + "?" + urlencode(
        {"stream_type": stream.type, "stream_id": stream.id}
    )
    return format_html('<a href="{}">{} events in stream {}</a>', url, stream_version(stream),
                       stream)
