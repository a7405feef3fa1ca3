"""Fixtures for the battles suite, on top of the shared club, people (an organizer, two
players, a bystander member, an outsider) and API clients (tests/conftest.py): the test-only
"duel" rule system and the "cards" system that draws, and a duel battle."""

import pytest

from battles import services
from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from tests.battles import cards, duel


@pytest.fixture(autouse=True)
def _duel_registered():
    duel.register()
    cards.register()


@pytest.fixture
def battle(club, people):
    return services.create_battle(
        club=club,
        name="Hill 203",
        rule_system="duel",
        rule_version="1.0",
        setup=duel.SETUP,
        participants=[
            services.ParticipantSpec(user=people["alice"], side="red"),
            services.ParticipantSpec(user=people["bob"], side="blue"),
        ],
        created_by=people["org"],
    )
