"""The runtime lock ships what the application runs on, and no development tool."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEV_ONLY = {"pytest", "pytest-django", "playwright", "hypothesis", "ruff", "cython"}


def _pins(name: str) -> dict[str, str]:
    pins = {}
    for line in (ROOT / name).read_text().splitlines():
        if line and not line.startswith(("#", "-r")):
            package, _, version = line.partition("==")
            pins[package.lower().replace("_", "-")] = version
    return pins


def test_the_runtime_lock_has_no_development_tool():
    assert not DEV_ONLY & set(_pins("requirements.lock"))


def test_the_development_lock_builds_on_the_runtime_lock_and_repeats_none_of_it():
    assert "-r requirements.lock" in (ROOT / "requirements-dev.lock").read_text().splitlines()
    assert not set(_pins("requirements.lock")) & set(_pins("requirements-dev.lock"))
    assert DEV_ONLY - {"cython"} <= set(_pins("requirements-dev.lock"))
