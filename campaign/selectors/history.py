"""Histories of soldiers, squads, formations and forces across battles."""
from __future__ import annotations

from collections import Counter

from django.db.models import QuerySet

from campaign.models import Campaign, HistoryEntry


def history(*, campaign: Campaign, subject: str, ref: int) -> QuerySet[HistoryEntry]:
    """A subject's history rows, in ledger order."""
    return HistoryEntry.objects.filter(
        campaign=campaign, subject=subject, subject_ref=ref
    ).order_by("version", "seq")


def record_of(*, campaign: Campaign, subject: str, ref: int, ladder: tuple[str, ...]) -> dict:
    """A soldier's or squad's record over the campaign: battles fought, fire given and
    taken, wounds and recoveries, morale low points, commands taken and given up, in order
    (from the history)."""
    rows = history(campaign=campaign, subject=subject, ref=ref)
    kinds: Counter[str] = Counter()
    battles: list[dict] = []
    commands: list[dict] = []
    record = {"fire_given": 0, "fire_taken": 0, "suppressed": 0, "hits_taken": 0,
              "morale_low": None}
    for row in rows:
        kinds[row.kind] += 1
        if row.kind in ("command_taken", "command_lost"):
            commands.append({"date": row.in_game_date, "kind": row.kind, "text": row.text,
                             "battle_id": row.battle_id})
        if row.kind != "battle_fought":
            continue
        unit = row.data.get("unit") or {}
        battles.append({"battle_id": row.battle_id, "scenario_id": row.scenario_ref,
                        "date": row.in_game_date, "outcome": row.data.get("outcome"),
                        "morale_low": unit.get("morale_low")})
        for key in ("fire_given", "fire_taken", "suppressed", "hits_taken"):
            record[key] += unit.get(key, 0)
        low = unit.get("morale_low")
        if low in ladder and (record["morale_low"] is None
                              or ladder.index(low) > ladder.index(record["morale_low"])):
            record["morale_low"] = low
    return {
        "battles_fought": len(battles),
        "battles": battles,
        **record,
        "wounds": kinds["wounded"],
        "recoveries": kinds["recovered"],
        "commands_taken": kinds["command_taken"],
        "commands": commands,
    }
