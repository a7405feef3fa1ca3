"""Histories of soldiers, squads, formations and forces across battles."""
from __future__ import annotations

from collections import Counter

from django.db.models import QuerySet

from campaign.models import Campaign, HistoryEntry
from campaign.pages.timeline import history_text
from campaign.plugins import get as plugin_for


def history(*, campaign: Campaign, subject: str, ref: int) -> QuerySet[HistoryEntry]:
    """A subject's history rows, in ledger order (voided entries' rows included, marked
    ``voided_by``: the histories show the correction)."""
    return HistoryEntry.objects.filter(
        campaign=campaign, subject=subject, subject_ref=ref
    ).order_by("version", "seq")


def record_of(*, campaign: Campaign, subject: str, ref: int) -> dict:
    """A soldier's or squad's record over the campaign: battles fought (each with what the
    battle reported about his unit), wounds and recoveries, commands taken and given up, in
    order (from the history, each ``text`` in the active language); ``report``: the plug-in's totals of those reports (Steel War:
    fire given and taken, morale low point)."""
    rows = history(campaign=campaign, subject=subject, ref=ref).filter(voided_by__isnull=True)
    kinds: Counter[str] = Counter()
    battles: list[dict] = []
    commands: list[dict] = []
    for row in rows:
        kinds[row.kind] += 1
        if row.kind in ("command_taken", "command_lost"):
            commands.append({"date": row.in_game_date, "kind": row.kind,
                             "text": history_text(row, campaign.rule_system)[0],
                             "battle_id": row.battle_id})
        if row.kind != "battle_fought":
            continue
        battles.append({"battle_id": row.battle_id, "scenario_id": row.scenario_ref,
                        "date": row.in_game_date, "outcome": row.data.get("outcome"),
                        "unit": row.data.get("unit") or {}})
    return {
        "battles_fought": len(battles),
        "battles": battles,
        "report": plugin_for(campaign.rule_system).unit_record([b["unit"] for b in battles]),
        "wounds": kinds["wounded"],
        "recoveries": kinds["recovered"],
        "commands_taken": kinds["command_taken"],
        "commands": commands,
    }
