"""Typed readers for settings taken from the environment.

Every variable the settings read goes through here, so `ENV_VARIABLES` lists them all
(the docker-compose test checks the compose file against it).
"""
import os

ENV_VARIABLES: set[str] = set()


def env_str(name: str, default: str = "") -> str:
    ENV_VARIABLES.add(name)
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = env_str(name, "1" if default else "0").strip().lower()
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off", ""}:
        return False
    raise ValueError(f"{name} must be a boolean (1/0, true/false), got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = env_str(name, str(default))
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env_str(name, default).split(",") if item.strip()]
