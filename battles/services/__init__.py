"""Write side of battles (keyword-only, typed). Reads live in :mod:`battles.selectors`."""

from battles.services.battles import (
    ParticipantSpec,
    club_participants,
    conclude_battle,
    correct,
    create_battle,
    reopen_battle,
)
from battles.services.facts import decide, declare, enter_dice, enter_draw
from battles.services.projection import rebuild
from battles.services.transfer import ImportResult, export_battle, import_battle
from battles.services.writes import WriteResult

__all__ = [
    "ImportResult",
    "ParticipantSpec",
    "WriteResult",
    "club_participants",
    "conclude_battle",
    "correct",
    "create_battle",
    "decide",
    "declare",
    "enter_dice",
    "enter_draw",
    "export_battle",
    "import_battle",
    "rebuild",
    "reopen_battle",
]
