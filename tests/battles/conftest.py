"""Fixtures for the battles suite, on top of the shared club, people (an organizer, two
players, a bystander member, an outsider) and API clients (tests/conftest.py): the test-only
"duel" rule system and the "cards" system that draws, and a duel battle."""

import pytest

from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from tests.battles import cards, duel
from tests.battles.helpers import battle_between


@pytest.fixture(autouse=True)
def _duel_registered():
    duel.register()
    cards.register()


@pytest.fixture
def battle(club, people):
    return battle_between(club, people, "Hill 203", "duel", duel.SETUP, ("red", "blue"), "1.0")
