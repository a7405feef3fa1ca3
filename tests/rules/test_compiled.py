"""The compiled rules (rules/compiled.py): built from the source, loaded only while current.

CI builds them (``make compiled``) and sets ``RULES_COMPILED_REQUIRED=1``, so the whole suite
runs on the compiled modules there and the tests below that need a build or a C compiler
fail instead of skipping."""

import contextlib
import importlib
import importlib.machinery
import json
import os
import re
import shlex
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
    if REQUIRED and compiled.compiler_is_gcc():  # CI's build is `make compiled`'s
        assert "bench.rules_fold" in status["profile"], status


def _probe_package(root):
    package = root / "rules"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "compiled_probe.py").write_text("def twice(x):\n    return 2 * x\n")


@contextlib.contextmanager
def _probe_imported(build, manifest, root):
    """The probe imported through a finder for ``build``, and forgotten afterwards."""
    finder = compiled.CompiledFinder(build, manifest["modules"], root=root)
    sys.meta_path.insert(0, finder)
    try:
        yield importlib.import_module("rules.compiled_probe")
    finally:
        sys.meta_path.remove(finder)
        sys.modules.pop("rules.compiled_probe", None)


#: A training run: loads the probe from the build named by argv[1] and calls it.
_TRAIN_ON_PROBE = """
import importlib.util, json, pathlib, sys
build = pathlib.Path(sys.argv[1])
entry = json.loads((build / "manifest.json").read_text())["modules"]["rules.compiled_probe"]
spec = importlib.util.spec_from_file_location("rules.compiled_probe", build / entry["extension"])
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
assert sum(probe.twice(i) for i in range(1000)) == 999000
"""


def test_a_module_is_built_and_then_imported_compiled(tmp_path):
    _need(shutil.which(sysconfig.get_config_var("CC").split()[0]) is not None,
          "no C compiler to build with")
    _probe_package(tmp_path)
    manifest = compiled.build(out=tmp_path / "build", root=tmp_path, jobs=1)
    assert list(manifest["modules"]) == ["rules.compiled_probe"]
    assert manifest["profile"] is None

    with _probe_imported(tmp_path / "build", manifest, tmp_path) as probe:
        assert probe.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX"))
        assert probe.twice(21) == 42
        assert type(probe.twice).__name__ == "cython_function_or_method"


def test_a_profile_guided_build_trains_on_the_instrumented_build(tmp_path):
    _need(compiled.compiler_is_gcc(), "no GCC for a profile-guided build")
    _probe_package(tmp_path)
    build = tmp_path / "build"
    train = [sys.executable, "-c", _TRAIN_ON_PROBE, str(build)]
    manifest = compiled.build(out=build, root=tmp_path, jobs=1, train=train)
    assert shlex.split(manifest["profile"]) == train  # the command, quoting kept
    assert json.loads((build / compiled.MANIFEST).read_text()) == manifest

    with _probe_imported(build, manifest, tmp_path) as probe:
        assert probe.__file__.startswith(str(build)) and probe.twice(21) == 42


@pytest.mark.parametrize("script, error", [
    ("raise SystemExit(3)", "failed (3)"),
    ("pass", "ran no compiled rule"),
])
def test_a_training_run_that_fails_or_runs_nothing_compiled_leaves_no_build(
        tmp_path, script, error):
    _need(compiled.compiler_is_gcc(), "no GCC for a profile-guided build")
    _probe_package(tmp_path)
    build = tmp_path / "build"
    with pytest.raises(compiled.BuildError, match=re.escape(error)):
        compiled.build(out=build, root=tmp_path, jobs=1, train=[sys.executable, "-c", script])
    assert not build.exists()  # the instrumented build is not left to be loaded


@pytest.mark.parametrize("argv", [["build", "--train"], ["build", "--fast"], ["compile"]])
def test_the_command_line_refuses_what_it_does_not_know(argv, capsys):
    from rules.__main__ import main

    assert main(argv) == 2
    assert "python -m rules build [--train" in capsys.readouterr().out
