"""Services and selectors know nothing of HTTP: they raise named domain errors
(``config.errors``); the API layer gives them their statuses and bodies."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Service modules not named ``services``.
OTHER_DOMAIN_MODULES = {Path("battles/streams.py"), Path("clubs/access.py"),
                        Path("clubs/invitations.py"), Path("clubs/memberships.py"),
                        Path("clubs/invitation_email.py")}
#: What a service or selector module must not import.
HTTP_MODULES = ("rest_framework", "config.api_errors", "config.idempotency")


def _domain_modules() -> list[Path]:
    """Every ``services``/``selectors`` module (or package module) of every app."""
    found = []
    for path in ROOT.glob("*/**/*.py"):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in {"tests", ".venv", "bench"}:
            continue
        names = {*relative.parts[:-1], relative.stem}
        if names & {"services", "selectors"} or relative in OTHER_DOMAIN_MODULES:
            found.append(relative)
    return found


def _imports(path: Path) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _http(names: set[str]) -> set[str]:
    return {n for n in names if any(n == m or n.startswith(m + ".") for m in HTTP_MODULES)}


def test_services_and_selectors_import_nothing_of_http():
    modules = _domain_modules()
    assert Path("battles/services/writes.py") in modules
    assert Path("campaign/selectors/forces.py") in modules
    offending = {str(p): sorted(_http(_imports(p))) for p in modules if _http(_imports(p))}
    assert offending == {}


def test_accounts_token_service_imports_nothing_of_http():
    assert _http(_imports(Path("accounts/tokens.py"))) == set()


def test_the_check_sees_an_http_import():
    assert _http({"rest_framework.status", "config.errors"}) == {"rest_framework.status"}
    assert _http({"config.api_errors.ApiError"}) == {"config.api_errors.ApiError"}
    assert _http({"rest_framework_other"}) == set()
