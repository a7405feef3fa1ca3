"""docker-compose.yml agrees with the settings (no Docker engine runs here to try it).

Compose's own interpolation of ``${NAME:?message}`` / ``${NAME:-default}`` is reproduced by
:func:`interpolate`, to check what the services get from an environment (or an .env file).
"""
import importlib
import re
import shlex
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from config.env import ENV_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
APP_SERVICES = ("web", "worker", "beat")
#: What compose needs from the environment or .env, and nothing ships a value for.
SECRETS = {"SECRET_KEY", "POSTGRES_PASSWORD", "APP_DB_PASSWORD"}
SAMPLE_ENV = {"SECRET_KEY": "k" * 50, "POSTGRES_PASSWORD": "owner-pw", "APP_DB_PASSWORD": "app-pw"}
VARIABLE = re.compile(r"\$\{(?P<name>\w+)(?:(?P<op>:\?|:-)(?P<arg>[^}]*))?\}")


class MissingVariable(Exception):
    pass


def interpolate(node, env: dict):
    """``node`` (the parsed compose file or a part of it) as compose reads it in ``env``."""
    if isinstance(node, dict):
        return {key: interpolate(value, env) for key, value in node.items()}
    if isinstance(node, list):
        return [interpolate(value, env) for value in node]
    if not isinstance(node, str):
        return node

    def substitute(match: re.Match) -> str:
        value = env.get(match["name"], "")
        if not value and match["op"] == ":?":
            raise MissingVariable(f"{match['name']}: {match['arg']}")
        return value or (match["arg"] if match["op"] == ":-" else "")

    return VARIABLE.sub(substitute, node)


def _one_shot(name: str) -> bool:
    """A service the others wait for to finish (``service_completed_successfully``)."""
    return any(
        (service.get("depends_on") or {}).get(name, {}).get("condition")
        == "service_completed_successfully"
        for service in COMPOSE["services"].values()
    )


def test_compose_describes_web_worker_postgres_redis_with_health_checks():
    services = COMPOSE["services"]
    assert set(services) >= {"web", "worker", "postgres", "redis", "migrate"}
    for name, service in services.items():
        assert "healthcheck" in service or _one_shot(name), f"{name} has no health check"
    assert _one_shot("migrate")


def test_every_variable_the_app_services_set_is_read_by_the_settings():
    importlib.import_module("config.settings")
    importlib.import_module("config.gunicorn")
    for name in (*APP_SERVICES, "migrate"):
        env = COMPOSE["services"][name]["environment"]
        command = COMPOSE["services"][name]["command"]
        read_by_command = set(re.findall(r"--password-env (\w+)", command))
        unknown = set(env) - ENV_VARIABLES - read_by_command
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
    assert "gunicorn -c config/gunicorn.py config.wsgi:application" in web
    assert (ROOT / "config" / "gunicorn.py").exists()
    module, _, attr = "config.wsgi:application".partition(":")
    assert hasattr(importlib.import_module(module), attr)
    for name, verb in (("worker", "worker"), ("beat", "beat")):
        argv = shlex.split(COMPOSE["services"][name]["command"])
        assert argv[:4] == ["celery", "-A", "config", verb]
    assert importlib.import_module("config").celery_app.main == "config"
    migrate = shlex.split(COMPOSE["services"]["migrate"]["command"])[-1]
    assert (ROOT / "manage.py").exists() and "manage.py migrate" in migrate
    assert "manage.py grant_app_role" in migrate and "migrate" not in web
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'CMD ["gunicorn", "-c", "config/gunicorn.py", "config.wsgi:application"]' in dockerfile


def test_compose_ships_no_usable_secret():
    for missing in sorted(SECRETS):
        env = {name: value for name, value in SAMPLE_ENV.items() if name != missing}
        with pytest.raises(MissingVariable, match=rf"{missing}: set {missing} \(see .env.example\)"):
            interpolate(COMPOSE, env)
    # The values compose ends up with are the environment's, nothing of the file's own.
    services = interpolate(COMPOSE, SAMPLE_ENV)["services"]
    assert services["postgres"]["environment"]["POSTGRES_PASSWORD"] == "owner-pw"
    for name in (*APP_SERVICES, "migrate"):
        assert services[name]["environment"]["SECRET_KEY"] == SAMPLE_ENV["SECRET_KEY"]
    text = (ROOT / "docker-compose.yml").read_text()
    assert "change-me" not in text and not re.search(r"://\w+:\w+@", text)


def test_the_example_env_file_names_every_secret_with_no_value():
    lines = [line for line in (ROOT / ".env.example").read_text().splitlines()
             if line and not line.startswith("#")]
    example = dict(line.split("=", 1) for line in lines)
    assert {name for name, value in example.items() if not value} >= SECRETS
    with pytest.raises(MissingVariable):
        interpolate(COMPOSE, example)
    assert "/.env" in (ROOT / ".gitignore").read_text().splitlines()
    assert ".env" in (ROOT / ".dockerignore").read_text().splitlines()


def test_migrate_runs_as_the_owner_and_the_app_as_a_role_that_owns_nothing():
    services = interpolate(COMPOSE, SAMPLE_ENV)["services"]
    owner = services["postgres"]["environment"]["POSTGRES_USER"]
    migrate = urlsplit(services["migrate"]["environment"]["DATABASE_URL"])
    assert (migrate.username, migrate.password) == (owner, "owner-pw")
    app_role = re.search(r"--role (\w+)", services["migrate"]["command"])[1]
    assert app_role != owner
    for name in APP_SERVICES:
        app = urlsplit(services[name]["environment"]["DATABASE_URL"])
        assert (app.username, app.password) == (app_role, "app-pw"), name
        assert (app.hostname, app.path) == (migrate.hostname, migrate.path)
    for name in ("web", "worker"):
        assert services[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"}
