"""Fixtures for the i18n suite: the shared club, people and clients (tests/conftest.py), the
test-only "duel" battle of the battles suite, and a Steel War battle."""
import pytest

from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from tests.battles.conftest import _duel_registered, battle  # noqa: F401 - the same fixtures


@pytest.fixture
def steelwar_battle(club, people):
    from tests.battles.helpers import battle_between
    from tests.battles.steelwar_table import SETUP

    return battle_between(club, people, "River", "steelwar", SETUP, ("steel", "keno"))
