"""Fixtures for the i18n suite: the shared club, people and clients (tests/conftest.py), the
test-only "duel" battle of the battles suite, and a Steel War battle."""
import pytest

from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from tests.battles.conftest import _duel_registered, battle  # noqa: F401 - the same fixtures


@pytest.fixture
def steelwar_battle(club, people):
    from battles import services
    from tests.battles.steelwar_table import SETUP

    return services.create_battle(
        club=club, name="River", rule_system="steelwar", setup=SETUP,
        participants=[services.ParticipantSpec(user=people["alice"], side="steel"),
                      services.ParticipantSpec(user=people["bob"], side="keno")],
        created_by=people["org"],
    )
