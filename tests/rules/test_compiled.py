"""The compiled rules (rules/compiled.py): built from the source, loaded only while current.

CI builds them (``make compiled``) and sets ``RULES_COMPILED_REQUIRED=1``, so the whole suite
runs on the compiled modules there and the tests below that need a build or a C compiler
fail instead of skipping."""

import importlib
import importlib.machinery
import json
import os
import shutil
import sys
import sysconfig

import pytest

import rules.steelwar.actions.fire
from rules import compiled

REQUIRED = os.environ.get("RULES_COMPILED_REQUIRED") == "1"


def _need(condition: bool, reason: str) -> None:
    if not condition:
        if REQUIRED:
            pytest.fail(f"RULES_COMPILED_REQUIRED=1 but {reason}")
        pytest.skip(reason)


def _manifest(build, modules, soabi=None):
    build.mkdir(parents=True, exist_ok=True)
    data = {"soabi": soabi or sysconfig.get_config_var("SOABI"), "modules": modules}
    (build / compiled.MANIFEST).write_text(json.dumps(data))


def test_every_module_is_compiled_but_the_packages_and_the_loader():
    names = compiled.source_modules()
    assert "rules.steelwar.actions.fire" in names and "rules.core.dice" in names
    assert "rules.compiled" not in names and "rules.__main__" not in names
    assert not [n for n in names if n.endswith("__init__")]
    assert names["rules.steelwar.state"] == compiled.ROOT / "rules" / "steelwar" / "state.py"


def test_the_finder_loads_an_extension_only_while_its_source_is_unchanged(tmp_path):
    source = tmp_path / "rules" / "chapter.py"
    source.parent.mkdir()
    source.write_text("X = 1\n")
    build = tmp_path / "build"
    entry = {"extension": "rules/chapter.so", "source_sha256": compiled.digest(source)}
    finder = compiled.CompiledFinder(build, {"rules.chapter": entry}, root=tmp_path)

    spec = finder.find_spec("rules.chapter")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert spec.origin == str(build / "rules" / "chapter.so")
    assert finder.find_spec("rules.other") is None  # not in the build: the usual finders

    source.write_text("X = 2\n")  # edited after the build: runs as Python
    assert finder.find_spec("rules.chapter") is None
    assert finder.stale == ["rules.chapter"] and finder.loaded == ["rules.chapter"]
    source.unlink()
    assert finder.find_spec("rules.chapter") is None


def test_no_finder_without_a_build_for_this_interpreter_or_when_turned_off(tmp_path, monkeypatch):
    monkeypatch.delenv("RULES_COMPILED", raising=False)
    assert compiled.install(tmp_path / "none") is None
    _manifest(tmp_path / "other", {}, soabi="cpython-99-elsewhere")
    assert compiled.install(tmp_path / "other") is None
    _manifest(tmp_path / "ours", {})
    monkeypatch.setenv("RULES_COMPILED", "0")
    assert compiled.install(tmp_path / "ours") is None
    monkeypatch.setenv("RULES_COMPILED", "1")
    finder = compiled.install(tmp_path / "ours")
    try:
        assert sys.meta_path[0] is finder
    finally:
        sys.meta_path.remove(finder)


def test_the_rules_run_compiled_where_the_build_exists():
    if os.environ.get("RULES_COMPILED") == "0":
        pytest.skip("RULES_COMPILED=0: the rules run as Python on purpose")
    _need(compiled.read_manifest() is not None, "there is no `make compiled` build")
    status = compiled.status()
    assert status["finder"] and not status["stale"], status
    assert rules.steelwar.actions.fire.__file__.startswith(str(compiled.BUILD))


def test_a_module_is_built_and_then_imported_compiled(tmp_path):
    _need(shutil.which(sysconfig.get_config_var("CC").split()[0]) is not None,
          "no C compiler to build with")
    package = tmp_path / "rules"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "compiled_probe.py").write_text("def twice(x):\n    return 2 * x\n")
    manifest = compiled.build(out=tmp_path / "build", root=tmp_path, jobs=1)
    assert list(manifest["modules"]) == ["rules.compiled_probe"]

    finder = compiled.CompiledFinder(tmp_path / "build", manifest["modules"], root=tmp_path)
    sys.meta_path.insert(0, finder)
    try:
        probe = importlib.import_module("rules.compiled_probe")
        assert probe.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX"))
        assert probe.twice(21) == 42
        assert type(probe.twice).__name__ == "cython_function_or_method"
    finally:
        sys.meta_path.remove(finder)
        sys.modules.pop("rules.compiled_probe", None)
