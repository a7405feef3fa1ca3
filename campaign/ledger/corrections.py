"""Corrections of ledger entries: how the fold reads a ledger that voids or amends its own
entries (DESIGN principle 4: mistakes are corrected by events, the stream is never
rewritten).

``entry.voided`` makes the entry at its ``target_version`` count as absent, ``entry.amended``
makes it count with the amendment's ``data`` (the latest correction of an entry wins; a void
is final). The fold reads the ledger **under every correction it is given** (by default the
corrections among the entries it folds): a correction changes the past, so everything after
its target is folded again from the corrected entries (pure; the services refold from the
beginning when a correction is appended).

What may be corrected (:func:`check_target`): not ``campaign.started`` (the campaign itself),
not a correction (amend the entry again instead), not ``campaign.finished`` (the ledger is
closed), not ``scenario.battle_started`` (a battle was created from it) and not
``battle.result_taken_over`` (reopen the battle instead: its next take-over voids the old
one). An entry already voided stays voided.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from campaign.ledger import events as ev
from campaign.ledger.state import Entry

VOIDED = "voided"
AMENDED = "amended"

#: Entry types that cannot be corrected, with the reason's code.
NOT_CORRECTABLE: Mapping[str, str] = {
    ev.CampaignStarted.type: "campaign_start",
    ev.CampaignFinished.type: "campaign_end",
    ev.EntryVoided.type: "correction",
    ev.EntryAmended.type: "correction",
    ev.BattleStarted.type: "battle_start",
    ev.BattleResultTakenOver.type: "battle_result",
}


@dataclass(frozen=True)
class Correction:
    """The correction in force for one entry: ``kind`` (voided / amended), the version of the
    correction (``by``), its ``reason`` and, amended, the entry's new ``data``."""

    kind: str
    by: int
    reason: str
    data: Mapping[str, Any] | None = None


def corrections_in(entries: Iterable[Entry]) -> dict[int, Correction]:
    """Target version -> the :class:`Correction` in force, from the corrections among
    ``entries`` (in ledger order: the latest amendment wins, a void is final)."""
    found: dict[int, Correction] = {}
    for entry in entries:
        if entry.type not in ev.CORRECTION_TYPES:
            continue
        target = int(entry.data["target_version"])
        if found.get(target) is not None and found[target].kind == VOIDED:
            continue
        if entry.type == ev.EntryVoided.type:
            found[target] = Correction(VOIDED, entry.version, entry.data.get("reason", ""))
        else:
            found[target] = Correction(AMENDED, entry.version, entry.data.get("reason", ""),
                                       dict(entry.data["data"]))
    return found


def effective(entry: Entry, corrections: Mapping[int, Correction]) -> Entry | None:
    """The entry as the fold reads it: None when voided, with the amended data when amended."""
    correction = corrections.get(entry.version)
    if correction is None:
        return entry
    if correction.kind == VOIDED:
        return None
    return Entry(entry.version, entry.type, dict(correction.data or {}))


def check_target(entry_type: str) -> str | None:
    """Why an entry of this type cannot be corrected (a code of :data:`NOT_CORRECTABLE`),
    or None."""
    return NOT_CORRECTABLE.get(entry_type)
