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
    users = {name: get_user_model().objects.create_user(name)
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


def raise_army(campaign, user, name: str, soldiers: int = 6) -> dict:
    """A force with one squad: a commander (leadership 2), a medic, riflemen."""
    from campaign.services import forces
    from campaign.services import soldiers as soldier_services

    force_id = forces.raise_force(user=user, campaign=campaign, name=name).events[0].data[
        "force_id"]
    squad_id = forces.raise_squad(user=user, campaign=campaign, force_id=force_id,
                                  name=f"{name} 1st", quality="regular",
                                  establishment=soldiers).events[0].data["squad_id"]
    ids = []
    for n in range(soldiers):
        role, weapon = ("commander", "smg") if n == 0 else (
            ("medic", "pistol") if n == 1 else ("rifleman", "rifle"))
        recorded = soldier_services.recruit_soldier(
            user=user, campaign=campaign, force_id=force_id, squad_id=squad_id,
            name=f"{name} {role} {n}", role=role, weapon=weapon, armour="human",
            quality="regular", leadership=2 if n == 0 else None)
        ids.append(recorded.events[0].data["soldier_id"])
    forces.assign_squad_commander(user=user, campaign=campaign, squad_id=squad_id,
                                  soldier_id=ids[0])
    return {"force": force_id, "squad": squad_id, "soldiers": ids}


@pytest.fixture
def armies(campaign, people):
    return {"steel": raise_army(campaign, people["alice"], "Steel"),
            "keno": raise_army(campaign, people["bob"], "Keno")}


@pytest.fixture
def ready_scenario(campaign, people, armies):
    """Scenario 1 between Steel and Keno, motivation set, both forces' squads picked."""
    from campaign.services import scenarios

    org = people["org"]
    scenario_id = scenarios.plan_scenario(
        user=org, campaign=campaign, name="River crossing",
        force_ids=[armies["steel"]["force"], armies["keno"]["force"]],
    ).events[0].data["scenario_id"]
    for side, player in (("steel", "alice"), ("keno", "bob")):
        scenarios.set_motivation(user=org, campaign=campaign, scenario_id=scenario_id,
                                 force_id=armies[side]["force"], motivation="medium")
        scenarios.pick_units(user=people[player], campaign=campaign, scenario_id=scenario_id,
                             force_id=armies[side]["force"],
                             squads=[{"squad_id": armies[side]["squad"]}])
    return scenario_id
