"""Suite-wide fixtures and the services guard.

With TEST_REQUIRE_SERVICES=1 (set by .ci/run) a run on PostgreSQL must really be on PostgreSQL
and Redis must answer: a missing service fails the run instead of skipping tests.
"""
import os

import pytest


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
