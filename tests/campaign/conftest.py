"""Fixtures for the campaign suite: a club with an organizer, two players, a bystander
member and an outsider; an API client per user; a started Steel War campaign."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from campaign.models import Club, Membership
from campaign.services.campaigns import start_campaign
from campaign.services.projection import project_campaign
from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture

START = date(1942, 5, 1)


@pytest.fixture
def club(db):
    return Club.objects.create(name="Steel Veterans", slug="steel-veterans")


@pytest.fixture
def people(club):
    users = {name: get_user_model().objects.create_user(name, password="pw")
             for name in ("org", "alice", "bob", "member", "outsider")}
    Membership.objects.create(club=club, user=users["org"], role="organizer")
    for name in ("alice", "bob", "member"):
        Membership.objects.create(club=club, user=users[name], role="player")
    return users


@pytest.fixture
def clients(people):
    out = {}
    for name, user in people.items():
        client = APIClient()
        client.force_authenticate(user)
        out[name] = client
    return out


@pytest.fixture
def campaign(club, people):
    return start_campaign(user=people["org"], club=club, name="Operation Lantern",
                          start_date=START)


@pytest.fixture
def project():
    """Bring a campaign's projections up to date (what the on-commit task does)."""

    def run(campaign):
        project_campaign(campaign_id=campaign.pk)
        campaign.refresh_from_db()
        return campaign

    return run
