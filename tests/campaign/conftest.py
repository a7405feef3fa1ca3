"""Fixtures for the campaign suite, on top of the shared club, people (an organizer, two
players, a bystander member, an outsider), API clients and started Steel War campaign
(tests/conftest.py): projections brought up to date, two armies, a scenario ready to play."""
import pytest

from campaign.services.projection import project_campaign
from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from tests.conftest import prepare_scenario, raise_army


@pytest.fixture
def project():
    """Bring a campaign's projections up to date (what the on-commit task does)."""

    def run(campaign):
        project_campaign(campaign_id=campaign.pk)
        campaign.refresh_from_db()
        return campaign

    return run


@pytest.fixture
def armies(campaign, people):
    return {"steel": raise_army(campaign, people["alice"], "Steel"),
            "keno": raise_army(campaign, people["bob"], "Keno")}


@pytest.fixture
def ready_scenario(campaign, people, armies):
    """Scenario 1 between Steel and Keno, motivation set, both forces' squads picked."""
    return prepare_scenario(campaign, people, armies)
