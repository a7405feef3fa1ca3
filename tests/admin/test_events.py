"""Events in the admin: listed, filtered by stream type, event type and recorded date,
searched by stream id and idempotency key, never added, changed or deleted; battles and
campaigns link to their stream's events."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from battles.models import Battle
from campaign.models import Campaign
from campaign.systems.steelwar import services as steelwar
from eventstore.models import Event

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:eventstore_event_changelist")


def listed(client, **query) -> list[Event]:
    response = client.get(CHANGELIST, query)
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


@pytest.mark.parametrize("user", ["root", "org"])
def test_events_cannot_be_added_changed_or_deleted(user, battle, root_client, org_client):
    client = root_client if user == "root" else org_client
    event = Event.objects.order_by("position").first()
    before = (Event.objects.count(), event.data)
    assert client.get(reverse("admin:eventstore_event_add")).status_code == 403
    assert client.post(reverse("admin:eventstore_event_add"), {}).status_code == 403
    change = reverse("admin:eventstore_event_change", args=[event.pk])
    assert client.post(change, {"event_type": "forged", "data": "{}"}).status_code == 403
    delete = reverse("admin:eventstore_event_delete", args=[event.pk])
    assert client.get(delete).status_code == 403
    assert client.post(delete, {"post": "yes"}).status_code == 403
    bulk = client.post(CHANGELIST, {"action": "delete_selected", "index": "0",
                                    "_selected_action": [event.pk]})
    assert bulk.status_code == 200  # no such action: the list comes back
    event.refresh_from_db()
    assert (Event.objects.count(), event.data) == before
    page = client.get(change).content.decode()
    assert 'name="_save"' not in page and "deletelink" not in page


def test_the_event_list_filters_by_stream_type_and_event_type(battle, campaign, org_client):
    battle_events = listed(org_client, stream_type="battle")
    assert battle_events and {e.stream_type for e in battle_events} == {"battle"}
    recruited = listed(org_client, event_type="soldier.recruited")
    assert len(recruited) == 8 and {e.stream_id for e in recruited} == {str(campaign.pk)}
    both = listed(org_client, stream_type="campaign", event_type="scenario.battle_started")
    assert [(e.stream_id, e.version) for e in both] == [
        (str(campaign.pk), Event.objects.get(event_type="scenario.battle_started").version)]


def test_the_event_list_filters_by_recorded_date(battle, org_client):
    # Aware bounds, as the filter's own links carry them (a bare date would be naive).
    today = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    response = org_client.get(CHANGELIST)
    titles = [str(spec.title) for spec in response.context["cl"].filter_specs]
    assert titles[-1] == "recorded at"
    tomorrow = today + timedelta(days=1)
    assert len(listed(org_client, recorded_at__gte=str(today),
                      recorded_at__lt=str(tomorrow))) == Event.objects.count()
    last_year = today - timedelta(days=365)
    assert listed(org_client, recorded_at__gte=str(last_year - timedelta(days=1)),
                  recorded_at__lt=str(last_year)) == []


def test_the_event_list_searches_stream_ids_and_idempotency_keys(campaign, people, armies,
                                                                 org_client):
    steelwar.change_leadership(user=people["org"], campaign=campaign,
                               soldier_id=armies["steel"]["soldiers"][1], leadership=3,
                               idempotency_key="fix-medic-leadership")
    found = listed(org_client, q="fix-medic")
    assert [e.event_type for e in found] == ["soldier.leadership_changed"]
    assert {e.stream_id for e in listed(org_client, q=str(campaign.pk))} == {str(campaign.pk)}


@pytest.mark.parametrize("model", [Battle, Campaign], ids=["battle", "campaign"])
def test_battles_and_campaigns_link_to_their_streams_events(model, battle, campaign,
                                                            org_client):
    obj, stream = (battle, "battle") if model is Battle else (campaign, "campaign")
    opts = model._meta
    page = org_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change",
                                  args=[obj.pk])).content.decode()
    link = f"{CHANGELIST}?stream_type={stream}&amp;stream_id={obj.pk}"
    assert link in page
    events = listed(org_client, stream_type=stream, stream_id=str(obj.pk))
    assert events and {(e.stream_type, e.stream_id) for e in events} == {(stream, str(obj.pk))}
    assert f"{len(events)} events in stream" in page
