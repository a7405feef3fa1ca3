"""A squad's establishment is bounded by the rule system's figures per unit: a squad larger
than a battle takes could never fight, and its number was unbounded."""

import pytest

from eventstore.models import Event
from rules.steelwar.limits import LIMITS
from tests.campaign.helpers import CampaignApi

pytestmark = pytest.mark.django_db


def test_an_establishment_over_the_limit_is_refused_and_at_the_limit_accepted(
        clients, campaign, armies):
    api = CampaignApi(clients["alice"], campaign.pk)
    force = armies["steel"]["force"]
    events = Event.objects.count()
    body = api.post("squads/", {"force_id": force, "name": "Horde", "attributes": {"quality": "regular"},
                                "establishment": LIMITS.figures_per_unit + 1}, expect=400)
    assert (body["code"], body["field"]) == ("limit_exceeded", "establishment")
    assert f"figures_per_unit={LIMITS.figures_per_unit}" in body["message"]
    assert Event.objects.count() == events
    api.post("squads/", {"force_id": force, "name": "Big", "attributes": {"quality": "regular"},
                         "establishment": LIMITS.figures_per_unit}, expect=201)
