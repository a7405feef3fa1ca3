"""A correction's answer in the request's language (issue 19): each correction's ``text``,
its consequences as one sentence, follows ``Accept-Language`` as Django's
``LocaleMiddleware`` decides, like the campaign's history API; English (the default, and any
language the project lacks) answers the stored sentence word for word. The consequences'
data (``consequences``: versions, statuses, the facts' English texts) is the same in every
language."""
from __future__ import annotations

from typing import Any

from battles.models import Battle, BattleLogEntry
from battles.pages.table import consequence_sentence, words_for


def in_language(body: dict[str, Any]) -> dict[str, Any]:
    """``body`` (a write's answer, kept as stored) with each correction's ``text`` in the
    active language; the same ``body`` when nothing is to be written otherwise."""
    corrected = [item for item in body.get("events", ()) if item.get("consequences")]
    if not corrected:
        return body
    battle = Battle.objects.get(pk=body["battle"])
    words = words_for(battle)
    if words.english:
        return body
    events = []
    for item in body["events"]:
        summary = item.get("consequences")
        if summary:
            facts = summary.get("facts") if isinstance(summary, dict) else summary
            versions = [f.get("version") for f in facts or () if isinstance(f, dict)]
            rows = {row.version: row for row in
                    BattleLogEntry.objects.filter(battle=battle, version__in=versions)}
            item = {**item, "text": consequence_sentence(summary, rows, words)}
        events.append(item)
    return {**body, "events": events}
