"""docker-compose.yml agrees with the settings (no Docker engine runs here to try it)."""
import importlib
import shlex
from pathlib import Path

import yaml

from config.env import ENV_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
APP_SERVICES = ("web", "worker", "beat")


def test_compose_describes_web_worker_postgres_redis_with_health_checks():
    services = COMPOSE["services"]
    assert set(services) >= {"web", "worker", "postgres", "redis"}
    for name, service in services.items():
        assert "healthcheck" in service, f"{name} has no health check"


def test_every_variable_the_app_services_set_is_read_by_the_settings():
    importlib.import_module("config.settings")
    for name in APP_SERVICES:
        env = COMPOSE["services"][name]["environment"]
        unknown = set(env) - ENV_VARIABLES
        assert not unknown, f"{name} sets variables the settings never read: {unknown}"
        assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY"} <= set(env)


def test_the_periodic_catch_up_is_scheduled_for_beat():
    from config.celery import app

    app.loader.import_default_modules()
    app.finalize()
    tasks = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert any(name.endswith("process_pending_battles") for name in tasks), tasks
    assert any(name.endswith("relay_outbox") for name in tasks), tasks


def test_commands_name_real_entry_points():
    web = shlex.split(COMPOSE["services"]["web"]["command"])[-1]
    assert "gunicorn config.wsgi:application" in web
    module, _, attr = "config.wsgi:application".partition(":")
    assert hasattr(importlib.import_module(module), attr)
    for name, verb in (("worker", "worker"), ("beat", "beat")):
        argv = shlex.split(COMPOSE["services"][name]["command"])
        assert argv[:4] == ["celery", "-A", "config", verb]
    assert importlib.import_module("config").celery_app.main == "config"
    assert (ROOT / "manage.py").exists() and "migrate" in web
