"""Fixtures for the battles suite: a club with an organizer, two players and a bystander
member, an outsider, the test-only "duel" rule system, and an API client per user."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from battles import services
from campaign.models import Club, Membership
from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from tests.battles import duel


@pytest.fixture(autouse=True)
def _duel_registered():
    duel.register()


@pytest.fixture
def club(db):
    return Club.objects.create(name="Iron Wolves", slug="iron-wolves")


def _user(name: str):
    return get_user_model().objects.create_user(name)


@pytest.fixture
def people(club):
    people = {name: _user(name) for name in ("org", "alice", "bob", "member", "outsider")}
    Membership.objects.create(club=club, user=people["org"], role="organizer")
    for name in ("alice", "bob", "member"):
        Membership.objects.create(club=club, user=people[name], role="player")
    return people


@pytest.fixture
def clients(people):
    out = {}
    for name, user in people.items():
        client = APIClient()
        client.force_authenticate(user)
        out[name] = client
    return out


@pytest.fixture
def battle(club, people):
    return services.create_battle(
        club=club,
        name="Hill 203",
        rules_system="duel",
        rules_version="1.0",
        setup=duel.SETUP,
        participants=[
            services.ParticipantSpec(user=people["alice"], side="red"),
            services.ParticipantSpec(user=people["bob"], side="blue"),
        ],
        created_by=people["org"],
    )
