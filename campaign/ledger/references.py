"""Which ledger event fields hold ids from outside the campaign: battles' and users'.

Every other id in a ledger event (force, squad, soldier, scenario...) is handed out by the
campaign itself and means the same in any copy of it; these name rows of this database (a
``battles.Battle``, a user), so a copy of the ledger in another database must map them
(``campaign.services.transfer``). Kept here, beside the event types, as the one list: a new
event type carrying a battle or a user id is added here too (a test checks every field named
``battle_id`` or ``*owner_id`` is listed). An ``entry.amended`` carries the whole new data of
the entry it amends (a force's ``owner_id`` among it): its ids are mapped as that entry's.
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
    """``{field: value}`` of the event's fields listed in ``fields``; an amendment's are
    those of the amended entry's data it carries (``data.owner_id``)."""
    found = {name: data.get(name) for name in fields.get(event_type, ())}
    amended = _amended(event_type, data)
    if amended is not None:
        found.update({f"data.{name}": value for name, value in
                      ids_in(fields, data["target_type"], amended).items()})
    return found


def remapped(fields: Mapping[str, tuple[str, ...]], event_type: str, data: Mapping[str, Any],
             new_id: Callable[[Any], Any]) -> dict[str, Any]:
    """A copy of ``data`` with each listed field's id replaced by ``new_id(old)`` (inside an
    amendment, the amended entry's)."""
    out = dict(data)
    for name in fields.get(event_type, ()):
        if name in out:
            out[name] = new_id(out[name])
    amended = _amended(event_type, data)
    if amended is not None:
        out["data"] = remapped(fields, data["target_type"], amended, new_id)
    return out


def _amended(event_type: str, data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The new data of the entry an ``entry.amended`` amends (it holds the entry's ids)."""
    if event_type != ev.EntryAmended.type or not isinstance(data.get("target_type"), str):
        return None
    amended = data.get("data")
    return amended if isinstance(amended, Mapping) else None
