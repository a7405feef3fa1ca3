"""The rules compiled with Cython, from the same source, and loaded only while it is current.

The rules stay pure Python (DESIGN.md): what is compiled is the source as it is, in Cython's
pure-Python mode, with nothing in it changed (no types: ``annotation_typing`` is off, so a
``NamedTuple`` argument is not taken for a plain tuple). Compiled, the fold runs about a
third faster (docs/benchmarks.md, "Rules fold").

- ``python -m rules build`` writes one extension per module of ``rules/`` (not the packages'
  ``__init__`` files, nor this module and ``__main__``) under ``.compiled/<interpreter's
  ABI>/``, with a manifest of each module's source SHA-256. ``make compiled`` adds
  ``--train "<command>"``: with GCC the build is then profile-guided by that command's run
  (the fold runs about 13% faster; :func:`build`).
- ``import rules`` installs :class:`CompiledFinder` when that build exists for the running
  interpreter. It loads a module's extension only while the module's source still has the
  digest it was compiled from, so **an edited rule runs as Python** until the next build:
  a stale build never runs old rules.
- ``RULES_COMPILED=0`` turns the finder off (a debugger or a profiler sees Python frames).
- ``python -m rules`` says what is compiled, loaded and stale.

Building needs Cython (in ``requirements.lock``), a C compiler and the interpreter's headers
(Debian: ``gcc``, ``python3.11-dev``); without them the rules simply run as Python.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shlex
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

#: The directory that holds the ``rules`` package (the repository's root).
ROOT = Path(__file__).resolve().parent.parent
#: Where the build for this interpreter goes (one directory per interpreter and ABI).
BUILD = ROOT / ".compiled" / str(sysconfig.get_config_var("SOABI"))
MANIFEST = "manifest.json"
#: Cython's directives: its pure-Python mode, with the annotations taken as documentation.
DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def source_modules(root: Path = ROOT) -> dict[str, Path]:
    """The modules of ``rules/`` that are compiled: dotted name -> source file."""
    out = {}
    for path in sorted((root / "rules").rglob("*.py")):
        if path.name in ("__init__.py", "__main__.py") or path == root / "rules" / "compiled.py":
            continue
        out[".".join(path.relative_to(root).with_suffix("").parts)] = path
    return out


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds a ``rules`` module's extension in ``build`` while its source is unchanged."""

    def __init__(self, build: Path, modules: dict[str, dict[str, str]], root: Path = ROOT):
        self.build, self.modules, self.root = build, modules, root
        self.loaded: list[str] = []
        self.stale: list[str] = []

    def find_spec(self, fullname, path=None, target=None):
        entry = self.modules.get(fullname)
        if entry is None:
            return None
        source = self.root.joinpath(*fullname.split(".")).with_suffix(".py")
        try:
            current = digest(source)
        except OSError:
            return None
        if current != entry["source_sha256"]:
            self.stale.append(fullname)
            return None  # the source has changed since the build: it runs as Python
        extension = self.build / entry["extension"]
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(extension))
        spec = importlib.util.spec_from_file_location(fullname, extension, loader=loader)
        self.loaded.append(fullname)
        return spec


def read_manifest(build: Path = BUILD) -> dict | None:
    """The build's manifest, or None when there is no build for this interpreter."""
    try:
        manifest = json.loads((build / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if manifest.get("soabi") != sysconfig.get_config_var("SOABI"):
        return None
    return manifest


def install(build: Path = BUILD) -> CompiledFinder | None:
    """Put the finder first on ``sys.meta_path`` if a build exists and is not turned off."""
    if os.environ.get("RULES_COMPILED", "1") == "0":
        return None
    manifest = read_manifest(build)
    if manifest is None:
        return None
    finder = CompiledFinder(build, manifest["modules"])
    sys.meta_path.insert(0, finder)
    return finder


class BuildError(RuntimeError):
    """The build could not be finished; nothing is left in its place."""


#: C flags of every build: no debug information (a debugger or profiler runs the rules as
#: Python, ``RULES_COMPILED=0``); it is four fifths of the build's size and a quarter of its time.
CFLAGS = ("-g0",)
#: gcc's profile-guided optimisation (``build(train=...)``): the modules are compiled
#: instrumented, a training run folds battles on them, and they are compiled again laid out
#: for the paths that run (partial training: code the run did not reach is optimised as usual).
PROFILE_GENERATE = ("-fprofile-generate={profile}", "-fprofile-update=single")
PROFILE_USE = ("-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile",
               "-Wno-maybe-uninitialized")  # in Cython's argument parsing, seen only with a profile


def compiler_is_gcc() -> bool:
    """Whether the interpreter's C compiler is GCC (the profile flags above are GCC's)."""
    import subprocess

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True, check=False)
    except OSError:
        return False
    return "Free Software Foundation" in version.stdout


def build(out: Path = BUILD, root: Path = ROOT, jobs: int | None = None,
          train: Sequence[str] | None = None) -> dict:
    """Compile every module of :func:`source_modules` into ``out`` and write its manifest.

    With ``train`` (a command, e.g. a benchmark's battles) and GCC, the build is
    profile-guided: the command runs on an instrumented build installed in ``out``, and the
    final build is optimised with the profile it leaves (the fold runs about 13% faster than
    without, docs/benchmarks.md). The manifest names the command under ``profile``."""
    import shutil
    import tempfile

    from Cython.Build import cythonize

    modules = source_modules(root)
    digests = {name: digest(path) for name, path in modules.items()}
    jobs = jobs or os.cpu_count() or 1
    train = list(train) if train and compiler_is_gcc() else None
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="rules-compiled-") as temp:
        os.chdir(root)  # modules are named by their paths from the root
        try:
            extensions = cythonize(
                [str(path.relative_to(root)) for path in modules.values()],
                compiler_directives=DIRECTIVES, build_dir=temp, quiet=True, nthreads=jobs,
            )
            profile = Path(temp) / "profile"
            if not train:
                staging, built = _compile(extensions, temp, jobs, CFLAGS, profile)
            else:
                _install(*_compile(extensions, temp, jobs, CFLAGS + PROFILE_GENERATE, profile),
                         out, digests, None)
                try:
                    _train(train, profile)
                    staging, built = _compile(extensions, temp, jobs, CFLAGS + PROFILE_USE, profile)
                except BaseException:
                    shutil.rmtree(out)  # never leave the instrumented build to be loaded
                    raise
        finally:
            os.chdir(cwd)
        return _install(staging, built, out, digests, shlex.join(train) if train else None)


def _compile(extensions: list, temp: str, jobs: int, flags: tuple[str, ...], profile: Path
             ) -> tuple[Path, dict[str, str]]:
    """Compile the C of ``extensions`` with ``flags``: the directory of the modules, and each
    module's file in it by module name."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    extra = [flag.format(profile=profile) for flag in flags]
    for extension in extensions:
        extension.extra_compile_args = extension.extra_link_args = extra
    command = build_ext(Distribution({"ext_modules": extensions}))
    staging = Path(temp) / "lib"
    command.build_lib, command.build_temp = str(staging), str(Path(temp) / "obj")
    command.parallel, command.force = jobs, True  # the profile's pass recompiles every object
    command.ensure_finalized()
    command.run()
    return staging, {e.name: str(Path(command.get_ext_fullpath(e.name)).relative_to(staging))
                     for e in extensions}


def _install(staging: Path, built: dict[str, str], out: Path, digests: dict[str, str],
             profile: str | None) -> dict:
    """Replace ``out`` with the modules ``built`` in ``staging`` and their manifest."""
    import shutil

    entries = {name: {"extension": path, "source_sha256": digests[name]}
               for name, path in built.items()}
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(staging, out)
    manifest = {"soabi": sysconfig.get_config_var("SOABI"), "modules": entries,
                "profile": profile}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True))
    return manifest


def _train(command: list[str], profile: Path) -> None:
    """Run the training ``command`` on the instrumented build; it must leave a profile."""
    import subprocess

    env = {**os.environ, "RULES_COMPILED": "1"}
    run = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, check=False)
    if run.returncode:
        raise BuildError(f"the training run {shlex.join(command)!r} failed "
                         f"({run.returncode}):\n{run.stderr[-2000:]}")
    if not any(profile.rglob("*.gcda")):
        raise BuildError(f"the training run {shlex.join(command)!r} ran no compiled rule "
                         "(no profile was written)")


def status() -> dict:
    """What the running process has: the build, and which modules came from it."""
    finder = next((f for f in sys.meta_path if isinstance(f, CompiledFinder)), None)
    manifest = read_manifest()
    return {
        "build": str(BUILD) if manifest else None,
        "compiled": len(manifest["modules"]) if manifest else 0,
        "profile": manifest.get("profile") if manifest else None,
        "finder": finder is not None,
        "loaded": len(finder.loaded) if finder else 0,
        "stale": sorted(finder.stale) if finder else [],
    }
