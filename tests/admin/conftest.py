"""Fixtures for the admin suite: the shared club and Steel War campaign (tests/conftest.py)
with an organizer (neither staff nor given any permission: his role in the club lets him into
the admin), two players and a superuser who belongs to no club; two forces, a scenario between them and its battle, all
recorded through the services; and ``act``, which posts an admin action the way the change
list does."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from campaign.services import scenarios
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.projection import project_campaign
from clubs.models import Membership
from tests import conftest as shared
from tests.conftest import START  # noqa: F401 - the tests import it from here


@pytest.fixture
def people(club):
    users = get_user_model().objects
    org = users.create_user("org")
    out = {"org": org, "alice": users.create_user("alice"), "bob": users.create_user("bob"),
           "root": users.create_superuser("root")}
    Membership.objects.create(club=club, user=org, role=Membership.Role.ORGANIZER)
    for name in ("alice", "bob"):
        Membership.objects.create(club=club, user=out[name], role=Membership.Role.PLAYER)
    return out


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def org_client(people):
    return client_for(people["org"])


@pytest.fixture
def root_client(people):
    return client_for(people["root"])


def raise_army(campaign, user, name: str) -> dict:
    """A force with one squad of four: a commander (leadership 2), a medic, two riflemen."""
    return shared.raise_army(campaign, user, name, soldiers=4)


@pytest.fixture
def armies(campaign, people):
    armies = {"steel": raise_army(campaign, people["alice"], "Steel"),
              "keno": raise_army(campaign, people["bob"], "Keno")}
    project_campaign(campaign_id=campaign.pk)
    return armies


@pytest.fixture
def battle(campaign, people, armies):
    """The battle of "River crossing" (Steel against Keno), just started."""
    org = people["org"]
    scenario = shared.prepare_scenario(campaign, people, armies)
    follow_up = scenarios.plan_scenario(
        user=org, campaign=campaign, name="The mill",
        force_ids=[armies["steel"]["force"], armies["keno"]["force"]],
    ).events[0].data["scenario_id"]
    scenarios.link_scenarios(user=org, campaign=campaign, from_id=scenario, to_id=follow_up,
                             condition="win", force_id=armies["steel"]["force"])
    battle, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=scenario)
    project_campaign(campaign_id=campaign.pk)
    return battle


@pytest.fixture
def act(django_capture_on_commit_callbacks):
    """Post an admin action on ``objects`` from the change list (``index`` present); with
    ``apply`` and form data, post its intermediate page's form (``index`` absent). On-commit
    work (projections, a concluded battle's take-over) runs before it returns."""

    def post(client, model, action: str, objects, *, apply: bool = False, **data):
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        payload = {"action": action, "_selected_action": [o.pk for o in objects], **data}
        if apply:
            payload["apply"] = "yes"
        else:
            payload["index"] = "0"
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(url, payload)

    return post


def messages_of(response) -> list[str]:
    """The admin messages the response shows or carries (a redirect's come on top of any
    earlier unread ones: the newest is last)."""
    from django.contrib.messages import get_messages

    return [str(m) for m in get_messages(response.wsgi_request)]
