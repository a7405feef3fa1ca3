"""The campaign core names no rule system: no module of ``campaign/`` outside its plug-ins
(``campaign/systems/<id>/``) imports a rule system's package (``rules.<id>``, only
``rules.core``) or a campaign plug-in (``campaign.systems.<id>``); plug-ins are found by
name at run time (``campaign.plugins.get``). Migrations are history and are not read."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN = ROOT / "campaign"
PLUGINS = CAMPAIGN / "systems"


def core_modules() -> list[Path]:
    return sorted(
        path for path in CAMPAIGN.rglob("*.py")
        if "migrations" not in path.parts
        and not (path.is_relative_to(PLUGINS) and path.parent != PLUGINS)
    )


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def forbidden(name: str) -> bool:
    parts = name.split(".")
    if parts[0] == "rules" and len(parts) > 1 and parts[1] != "core":
        return True
    return parts[:2] == ["campaign", "systems"] and len(parts) > 2


def test_the_scan_reads_the_core_and_not_the_plugins():
    found = {p.relative_to(ROOT).as_posix() for p in core_modules()}
    assert {"campaign/ledger/fold.py", "campaign/services/soldiers.py",
            "campaign/api/serializers.py", "campaign/systems/__init__.py"} <= found
    assert not any(name.startswith("campaign/systems/steelwar/") for name in found)


def test_the_rule_check_catches_what_it_must():
    assert forbidden("rules.steelwar.tables") and forbidden("campaign.systems.steelwar")
    assert forbidden("campaign.systems.steelwar.services")
    assert not forbidden("rules.core.errors") and not forbidden("campaign.systems")


def test_no_core_module_imports_a_rule_system_or_a_plugin():
    offenders = sorted(
        (path.relative_to(ROOT).as_posix(), name)
        for path in core_modules() for name in imported(path) if forbidden(name)
    )
    assert not offenders, offenders
