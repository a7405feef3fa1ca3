"""The head states this process has written, so that the next write to the same battle need
not fetch, decode and summarise its head state projection again.

A battle's state at a version never changes (a correction is a new event, so a new version),
so a decoded state can be reused for as long as the battle is at the version it was stored
for. An entry is keyed by the battle's id and checked against its identity (creation time,
rule system and version, corrections folded): a battle whose row was rolled back and whose
id was given to another battle never matches. Entries are stored only when the write's
transaction commits (a rolled back write leaves the previous entry, which no longer matches
the battle's version once another write lands), and only the most recently written battles
are kept. Each process has its own: a write served by another worker simply reads the
projection, as every write did before. Whatever rewrites a battle's past behind the
application's back (restoring a database backup) must restart the workers, or call
:func:`forget`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from battles.models import Battle
from rules.core.system import State

#: Battles whose head state a process keeps (a club night has a few battles at once).
SIZE = 64


@dataclass(frozen=True, slots=True)
class Head:
    """A battle's decoded head state and its unit status rows, at ``token``."""

    token: tuple
    state: State
    units: dict[str, dict[str, Any]]


_HEADS: OrderedDict[int, Head] = OrderedDict()
_LOCK = threading.Lock()


def _token(battle: Battle) -> tuple:
    return (
        battle.version,
        battle.corrections,
        battle.created_at,
        battle.rule_system,
        battle.rule_version,
    )


def known_version(battle_id: int) -> int | None:
    """The version of the head kept for ``battle_id``, if any (the locked read then need
    not fetch the head state projection when the battle is still at it)."""
    head = _HEADS.get(battle_id)
    return None if head is None else head.token[0]


def get(battle: Battle) -> Head | None:
    """The head kept for ``battle`` if it is the battle's current head, else ``None``."""
    head = _HEADS.get(battle.pk)
    if head is None or head.token != _token(battle):
        return None
    return head


def remember(battle: Battle, state: State, units: dict[str, dict[str, Any]]) -> None:
    """Keep ``state`` (and its unit status rows) as the head of ``battle`` at its current
    version once the current transaction commits."""
    head = Head(_token(battle), state, units)

    def store() -> None:
        with _LOCK:
            _HEADS[battle.pk] = head
            _HEADS.move_to_end(battle.pk)
            while len(_HEADS) > SIZE:
                _HEADS.popitem(last=False)

    transaction.on_commit(store)


def forget(battle_id: int | None = None) -> None:
    """Drop the head kept for ``battle_id`` (every head when ``None``)."""
    with _LOCK:
        if battle_id is None:
            _HEADS.clear()
        else:
            _HEADS.pop(battle_id, None)
