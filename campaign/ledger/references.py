"""Which ledger event fields hold ids from outside the campaign: battles' and users'.

Every other id in a ledger event (force, squad, soldier, scenario...) is handed out by the
campaign itself and means the same in any copy of it; these name rows of this database (a
``battles.Battle``, a user), so a copy of the ledger in another database must map them
(``campaign.services.transfer``). Kept here, beside the event types, as the one list: a new
event type carrying a battle or a user id is added here too (a test checks every field named
``battle_id`` or ``*owner_id`` is listed).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from campaign.ledger import events as ev

#: Event type -> the fields of its data that hold a ``battles.Battle`` id.
BATTLE_ID_FIELDS: Mapping[str, tuple[str, ...]] = {
    ev.BattleStarted.type: ("battle_id",),
    ev.BattleResultTakenOver.type: ("battle_id",),
}

#: Event type -> the fields of its data that hold a user id.
USER_ID_FIELDS: Mapping[str, tuple[str, ...]] = {
    ev.ForceRaised.type: ("owner_id",),
}


def ids_in(fields: Mapping[str, tuple[str, ...]], event_type: str,
           data: Mapping[str, Any]) -> dict[str, Any]:
    """``{field: value}`` of the event's fields listed in ``fields``."""
    return {name: data.get(name) for name in fields.get(event_type, ())}


def remapped(fields: Mapping[str, tuple[str, ...]], event_type: str, data: Mapping[str, Any],
             new_id: Callable[[Any], Any]) -> dict[str, Any]:
    """A copy of ``data`` with each listed field's id replaced by ``new_id(old)``."""
    out = dict(data)
    for name in fields.get(event_type, ()):
        if name in out:
            out[name] = new_id(out[name])
    return out
