"""Events in the Django admin: visible, filterable, never editable; :func:`events_link` leads\nto a stream's events from a battle's or a campaign's page."""
from django.contrib import admin
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
