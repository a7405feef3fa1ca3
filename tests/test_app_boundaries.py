"""Imports go one way between the apps: campaign -> battles -> clubs (DESIGN.md, Layers).

The import graph is read from the source (``ast`` over every module, imports inside
functions included, and ``importlib.import_module`` of a constant name): ``battles`` and
``clubs`` never import ``campaign``, ``clubs`` never imports ``battles``, and ``campaign``
uses battles only through its public modules, :data:`CAMPAIGN_MAY_USE`.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]

#: What of ``battles`` the campaign may import: its services and selectors, its signals,
#: the dice scheme (the campaign's server rolls are derived and verified the same way) and
#: a battle's outcomes (which the scenario graph conditions on, with their labels).
CAMPAIGN_MAY_USE = (
    "battles.services", "battles.selectors", "battles.signals", "battles.dice",
    "battles.results",
)


def imported_modules(source: str, module: str) -> Iterator[tuple[int, str]]:
    """``(line, name)`` of every import in ``source`` (the module named ``module``):
    ``import a.b`` gives ``a.b``, ``from a import b`` gives ``a.b`` (``b`` may be a
    submodule or a name in ``a``: either way it is ``a``'s)."""
    package = module.removesuffix(".__init__") if module.endswith(".__init__") \
        else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None))
              in ("import_module", "__import__")):
            yield node.lineno, node.args[0].value


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def violations(app: str, allowed) -> list[str]:
    """``path:line imports module`` for each import of ``app``'s modules that ``allowed``
    (a predicate on the imported module's name) refuses."""
    found = []
    for path in sorted((PROJECT / app).rglob("*.py")):
        module = ".".join(path.relative_to(PROJECT).with_suffix("").parts)
        for line, name in imported_modules(path.read_text(encoding="utf-8"), module):
            if not allowed(name):
                found.append(f"{path.relative_to(PROJECT)}:{line} imports {name}")
    return sorted(set(found))


def campaign_may_import(name: str) -> bool:
    return not within(name, "battles") or any(within(name, public) for public in CAMPAIGN_MAY_USE)


def test_battles_never_imports_campaign():
    assert violations("battles", lambda name: not within(name, "campaign")) == []


def test_clubs_imports_neither_battles_nor_campaign():
    assert violations(
        "clubs", lambda name: not within(name, "campaign") and not within(name, "battles")
    ) == []


def test_campaign_uses_battles_only_through_its_services_selectors_and_signals():
    assert violations("campaign", campaign_may_import) == []


def test_campaign_may_not_import_battles_models_or_the_bare_package():
    """``import battles`` reaches everything: only ``from battles import <public>`` passes."""
    source = "import battles\nfrom battles import services, models\nfrom battles.dice import x\n"
    names = [name for _line, name in imported_modules(source, "campaign.services.x")]
    assert [name for name in names if not campaign_may_import(name)] == [
        "battles", "battles.models"]


@pytest.mark.parametrize("source, found", [
    ("def f():\n    from campaign.models import Campaign\n", "campaign.models.Campaign"),
    ("import campaign.pages.terms as terms\n", "campaign.pages.terms"),
    ("from campaign import admin\n", "campaign.admin"),
    ("from .. import x\n", "battles.x"),
    ("import importlib\nimportlib.import_module('campaign.tasks')\n", "campaign.tasks"),
])
def test_the_reader_finds_imports_anywhere_in_a_module(source, found):
    assert found in [name for _line, name in imported_modules(source, "battles.api.views")]
