"""Suite-wide fixtures and the services guard.

With TEST_REQUIRE_SERVICES=1 (set by .ci/run) a run on PostgreSQL must really be on PostgreSQL
and Redis must answer: a missing service fails the run instead of skipping tests.

The Django suites share a club, its people, an API client per person, a started campaign,
``raise_army`` and ``prepare_scenario``; a suite's conftest overrides what it needs otherwise
(the admin suite's people are staff). Django is imported inside the fixtures: ``tests/rules`` runs without it.
"""
import os
import uuid
from datetime import date

import pytest
from hypothesis import HealthCheck, settings

#: Property tests check what holds, not how fast: a loaded machine (CI beside other work) must
#: not fail them on time. Tests that set their own ``settings`` inherit this.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

#: The campaign's first in-game day.
START = date(1942, 5, 1)


def _redis_url() -> str:
    return os.environ.get("REDIS_URL", "")


@pytest.fixture(scope="session", autouse=True)
def _require_services(django_db_setup, django_db_blocker):
    if os.environ.get("TEST_REQUIRE_SERVICES") != "1":
        return
    from django.db import connection

    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        with django_db_blocker.unblock():
            assert connection.vendor == "postgresql", "DATABASE_URL names PostgreSQL"
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
    if _redis_url():
        import redis

        assert redis.Redis.from_url(_redis_url()).ping(), f"Redis at {_redis_url()} must answer"


@pytest.fixture(autouse=True)
def _default_language_after():
    """A request in Russian leaves Russian active in the test's thread (LocaleMiddleware
    activates it, nothing deactivates it): every test starts in the site's default."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _celery_inline(request):
    """Tasks run inline, as on the embedded default, even when REDIS_URL is set; tests marked
    ``celery_worker`` start a real worker and see the broker."""
    if request.node.get_closest_marker("celery_worker"):
        yield
        return
    from config.celery import app

    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.fixture(autouse=True)
def _own_cache(request):
    """Each test counts sign-in failures and API throttles in a cache of its own: memory,
    never the Redis database that REDIS_URL shares with the Celery broker."""
    from django.conf import settings

    if not settings.configured:
        yield
        return
    fixture = request.getfixturevalue("settings")
    fixture.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": f"test-{uuid.uuid4()}",
    }}
    yield


def pytest_collection_modifyitems(config, items):
    """Skip `postgres` tests on SQLite and `celery_worker` tests without PostgreSQL + Redis.

    .ci/run runs the suite twice, so every such test runs in the PostgreSQL + Redis pass.
    """
    on_postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL (DATABASE_URL=postgres://...)")
    skip_worker = pytest.mark.skip(reason="needs PostgreSQL and Redis (REDIS_URL=redis://...)")
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(skip_pg)
        if "celery_worker" in item.keywords and not (on_postgres and _redis_url()):
            item.add_marker(skip_worker)


# --- shared by the Django suites -----------------------------------------------------------


@pytest.fixture
def club(db):
    from clubs.models import Club

    return Club.objects.create(name="Steel Veterans", slug="steel-veterans")


@pytest.fixture
def people(club):
    """The club's organizer (``org``), two players (``alice``, ``bob``), a bystander member
    (``member``) and an ``outsider`` who belongs to no club."""
    from django.contrib.auth import get_user_model

    from clubs.models import Membership

    users = {name: get_user_model().objects.create_user(name)
             for name in ("org", "alice", "bob", "member", "outsider")}
    Membership.objects.create(club=club, user=users["org"], role="organizer")
    for name in ("alice", "bob", "member"):
        Membership.objects.create(club=club, user=users[name], role="player")
    return users


@pytest.fixture
def clients(people):
    """An API client signed in as each of ``people``, by the same name."""
    from rest_framework.test import APIClient

    out = {}
    for name, user in people.items():
        client = APIClient()
        client.force_authenticate(user)
        out[name] = client
    return out


@pytest.fixture
def campaign(club, people):
    """Operation Lantern, a Steel War campaign started by the organizer on ``START``."""
    from campaign.services.campaigns import start_campaign

    return start_campaign(user=people["org"], club=club, name="Operation Lantern",
                          start_date=START)


def raise_army(campaign, user, name: str, soldiers: int = 6) -> dict:
    """A force with one squad of ``soldiers``: a commander (leadership 2), a medic, riflemen;
    their ids (``force``, ``squad``, ``soldiers``)."""
    from campaign.services import forces
    from campaign.services import soldiers as soldier_services

    force_id = forces.raise_force(user=user, campaign=campaign, name=name).events[0].data[
        "force_id"]
    squad_id = forces.raise_squad(user=user, campaign=campaign, force_id=force_id,
                                  name=f"{name} 1st", attributes={"quality": "regular"},
                                  establishment=soldiers).events[0].data["squad_id"]
    ids = []
    for n in range(soldiers):
        role, weapon = ("commander", "smg") if n == 0 else (
            ("medic", "pistol") if n == 1 else ("rifleman", "rifle"))
        recorded = soldier_services.recruit_soldier(
            user=user, campaign=campaign, force_id=force_id, squad_id=squad_id,
            name=f"{name} {role} {n}", role=role,
            attributes={"weapon": weapon, "armour": "human", "quality": "regular",
                        "leadership": 2 if n == 0 else None})
        ids.append(recorded.events[0].data["soldier_id"])
    forces.assign_squad_commander(user=user, campaign=campaign, squad_id=squad_id,
                                  soldier_id=ids[0])
    return {"force": force_id, "squad": squad_id, "soldiers": ids}


def prepare_scenario(campaign, people, armies) -> int:
    """Plan "River crossing" between the Steel and Keno ``armies`` (``raise_army``): the
    organizer sets both sides' motivation, alice and bob pick their squads. Its id."""
    from campaign.services import scenarios
    from campaign.systems.steelwar.services import set_motivation

    org = people["org"]
    scenario_id = scenarios.plan_scenario(
        user=org, campaign=campaign, name="River crossing",
        force_ids=[armies["steel"]["force"], armies["keno"]["force"]],
    ).events[0].data["scenario_id"]
    for side, player in (("steel", "alice"), ("keno", "bob")):
        set_motivation(user=org, campaign=campaign, scenario_id=scenario_id,
                                 force_id=armies[side]["force"], motivation="medium")
        scenarios.pick_units(user=people[player], campaign=campaign, scenario_id=scenario_id,
                             force_id=armies[side]["force"],
                             squads=[{"squad_id": armies[side]["squad"]}])
    return scenario_id
