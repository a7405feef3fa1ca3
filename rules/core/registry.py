"""Rule systems by ``(id, version)``.

A battle stream records the system id and version it was played under (DESIGN principle 7);
replaying it under another version reports what would differ. So several versions of one
system live side by side: each is a separate registered object, e.g. ``steelwar 1.0`` (the
digest's defaults). Per-battle choices (the PROPOSED readings a club picks) belong in the
battle's setup, not in a new version.

Systems register themselves when their ``rules.<id>.system`` module is imported;
:func:`get` imports that module on first use, so callers only need ``get("steelwar")``.
"""

from __future__ import annotations

import importlib
import re

from rules.core.errors import RuleError, gettext_noop
from rules.core.system import RuleSystem
from rules.core.terms import NO_TERMS, Terms

_SYSTEMS: dict[tuple[str, str], RuleSystem] = {}


def register(system: RuleSystem) -> RuleSystem:
    """Register ``system`` under ``(system.id, system.version)``; returns it.

    Registering the same object twice is harmless; a different object under a taken key is an
    error (two meanings of one version would make replays ambiguous).
    """
    key = (system.id, system.version)
    existing = _SYSTEMS.get(key)
    if existing is not None and existing is not system:
        raise ValueError(f"rule system {key[0]} {key[1]} is already registered")
    _SYSTEMS[key] = system
    return system


def version_key(version: str) -> tuple:
    """Sort key for versions: ``"1.10" > "1.9"``; non-numeric parts sort as text."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part)
        for part in re.split(r"[.\-+]", version)
    )


def _load(system_id: str) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", system_id):
        return
    try:
        importlib.import_module(f"rules.{system_id}.system")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"rules.{system_id}", f"rules.{system_id}.system"):
            raise


def versions(system_id: str) -> tuple[str, ...]:
    """Registered versions of ``system_id``, oldest first."""
    if not any(sid == system_id for sid, _ in _SYSTEMS):
        _load(system_id)
    return tuple(sorted((v for sid, v in _SYSTEMS if sid == system_id), key=version_key))


def get(system_id: str, version: str | None = None) -> RuleSystem:
    """The system ``system_id`` at ``version`` (the newest when ``None``).

    Raises ``RuleError("unknown_rule_system")``.
    """
    known = versions(system_id)
    if not known:
        raise RuleError(
            "unknown_rule_system",
            template=gettext_noop("no rule system {system!r} is installed"),
            params={"system": system_id},
            field="system",
        )
    if version is None:
        version = known[-1]
    system = _SYSTEMS.get((system_id, version))
    if system is None:
        raise RuleError(
            "unknown_rule_system",
            template=gettext_noop("{system} has no version {version!r} (known: {known})"),
            params={"system": system_id, "version": version, "known": ", ".join(known)},
            field="version",
        )
    return system


def terms(system_id: str, version: str | None = None) -> Terms:
    """The labels and sentences of ``system_id`` (its ``terms`` attribute; none if it has
    none). Raises ``RuleError("unknown_rule_system")`` like :func:`get`."""
    return getattr(get(system_id, version), "terms", None) or NO_TERMS


def readings(system_id: str, version: str | None = None) -> tuple[dict, ...]:
    """The system's readings of ambiguous rules, as a club may set them for its battles (the
    system's ``readings()``; none if it has none): each row has ``name``, ``default``,
    ``kind`` (bool / choice / int / number), ``choices``, ``nullable``, ``minimum`` /
    ``maximum``, and what a reader needs beside it: ``rule`` (the reference), ``source``,
    ``reading`` (the default's meaning), ``alternatives`` and ``reason`` (English). Raises
    ``RuleError("unknown_rule_system")`` like :func:`get`."""
    described = getattr(get(system_id, version), "readings", None)
    return tuple(described()) if described is not None else ()


def loaded_terms() -> tuple[Terms, ...]:
    """The terms of every registered system, newest version first within a system (for a
    sentence whose system is not known, e.g. an API error)."""
    seen: list[Terms] = []
    for key in reversed(registered()):
        found = getattr(_SYSTEMS[key], "terms", None)
        if found is not None and found not in seen:
            seen.append(found)
    return tuple(seen)


def registered() -> tuple[tuple[str, str], ...]:
    """Every registered ``(id, version)``, sorted."""
    return tuple(sorted(_SYSTEMS, key=lambda k: (k[0], version_key(k[1]))))


def unregister(system_id: str, version: str) -> None:
    """Remove a registration (for tests)."""
    _SYSTEMS.pop((system_id, version), None)
