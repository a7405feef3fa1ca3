"""The admin shows events read-only: no add, change or delete, even for a superuser."""
from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from eventstore.admin import EventAdmin
from eventstore.models import Event
from eventstore.services import append
from eventstore.types import NewEvent, StreamId

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser_request():
    request = RequestFactory().get("/admin/eventstore/event/")
    request.user = get_user_model().objects.create_superuser("referee", "r@example.com", "pw")
    return request


def test_events_are_registered_read_only(superuser_request):
    model_admin = admin.site._registry[Event]
    assert isinstance(model_admin, EventAdmin)
    event = append(StreamId("battle", 1), expected_version=0, events=[NewEvent("x", {})])
    row = Event.objects.get(position=event.events[0].position)
    assert model_admin.has_view_permission(superuser_request, row)
    assert not model_admin.has_add_permission(superuser_request)
    assert not model_admin.has_change_permission(superuser_request, row)
    assert not model_admin.has_delete_permission(superuser_request, row)


def test_the_model_has_only_a_view_permission():
    assert Event._meta.default_permissions == ("view",)


def test_the_list_filters_by_stream_type_and_event_type_and_searches_stream_ids(
    superuser_request,
):
    model_admin = admin.site._registry[Event]
    assert model_admin.list_filter == ("stream_type", "event_type")
    append(StreamId("battle", 12), expected_version=0, events=[NewEvent("x", {})])
    append(StreamId("battle", 123), expected_version=0, events=[NewEvent("x", {})])
    found, _ = model_admin.get_search_results(superuser_request, Event.objects.all(), "12")
    assert [row.stream_id for row in found] == ["12"]
