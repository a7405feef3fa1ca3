"""The force page's data: the force as it stands now or as it stood before a battle, squad by
squad and soldier by soldier, with what changed since.

Both moments come from the same selector (``campaign.selectors.as_of``: the fold of the
ledger), so "now" and "before battle N" are shown by one template with no second code path.
The squads list the living and the recent fallen of that moment; the older fallen
(``campaign.selectors.fallen``) are counted, and listed a page at a time on request.
"""
from __future__ import annotations

import math
from collections import Counter

from django.utils.translation import gettext as _

from campaign.models import Campaign
from campaign.pages.terms import FATIGUE, MOTIVATION, QUALITY, STATUS, term
from campaign.selectors import fallen
from campaign.selectors.as_of import as_of, difference, state_as_of

#: The older fallen listed on one page.
FALLEN_PER_PAGE = 50
SOLDIER_STATUSES = ("fit", "wounded", "recovering", "dead", "captured")
#: Fields whose change the page explains ("status: fit → dead").
SHOWN_CHANGES = ("status", "quality", "leadership", "squad_id", "fatigue", "posture", "name")


def battles_of(*, campaign: Campaign, force_id: int) -> list[dict]:
    """The battles the force took part in, in the order they were set up (for "before")."""
    state = state_as_of(campaign=campaign)
    return [
        {"battle_id": s.battle_id, "name": s.name, "status": s.status}
        for _, s in sorted(state.scenarios.items())
        if force_id in s.force_ids and s.battle_id
    ]


def _changes(diff: dict | None) -> dict[tuple[str, int], list[dict]]:
    """(kind, id) -> [{field, old, new}] from ``campaign.selectors.as_of.difference``."""
    if not diff:
        return {}
    out: dict[tuple[str, int], list[dict]] = {}
    for kind in ("forces", "squads", "soldiers"):
        for row in diff.get(kind, []):
            if row.get("added"):
                out[(kind, row["id"])] = [{"field": "added", "old": None, "new": None}]
                continue
            out[(kind, row["id"])] = [
                {"field": field, "old": old, "new": new}
                for field, (old, new) in row["changes"].items()
                if field in SHOWN_CHANGES
            ]
    return out


def _soldier(soldier: dict, changes) -> dict:
    return {
        **soldier,
        "status_label": term(STATUS, soldier["status"]),
        "quality_label": term(QUALITY, soldier["quality"]),
        "changes": [
            {**c, "label": _field_label(c["field"]), "old": _label(c["field"], c["old"]),
             "new": _label(c["field"], c["new"])}
            for c in changes.get(("soldiers", soldier["id"]), [])
        ],
    }


def _field_label(field: str) -> str:
    labels = {"status": _("status"), "quality": _("quality"), "leadership": _("leadership"),
              "squad_id": _("squad"), "fatigue": _("fatigue"), "posture": _("posture"),
              "name": _("name")}
    return labels.get(field, field)


def _label(field: str, value):
    tables = {"status": STATUS, "quality": QUALITY, "fatigue": FATIGUE}
    return term(tables.get(field, {}), value)


def _older_fallen(campaign: Campaign, force_id: int, state: dict) -> dict[int, int]:
    """Soldier id -> the version of his loss, for the fallen of the moment lost before the
    start of the force's latest concluded battle by then (``campaign.selectors.fallen``)."""
    up_to = state["version"]
    lost = [s["id"] for s in state["soldiers"] if s["status"] in fallen.FALLEN]
    if not lost:
        return {}
    since = fallen.recent_since(campaign=campaign, force_ref=force_id, up_to=up_to)
    if not since:
        return {}
    versions = fallen.loss_versions(campaign=campaign, soldier_refs=lost, up_to=up_to)
    return {ref: versions.get(ref, 0) for ref in lost if versions.get(ref, 0) < since}


def _fallen_page(soldiers: list[dict], versions: dict[int, int], page: int | None) -> dict:
    """The older fallen: how many, and with ``page`` (from 1) that page of them, the latest
    loss first."""
    count = len(soldiers)
    pages = max(1, math.ceil(count / FALLEN_PER_PAGE))
    shown = None
    if page is not None:
        page = min(max(page, 1), pages)
        ordered = sorted(soldiers, key=lambda s: (versions[s["id"]], s["id"]), reverse=True)
        shown = ordered[(page - 1) * FALLEN_PER_PAGE:page * FALLEN_PER_PAGE]
    return {"count": count, "page": page, "pages": pages, "soldiers": shown,
            "previous": page - 1 if page and page > 1 else None,
            "next": page + 1 if page and page < pages else None}


def force_page(*, campaign: Campaign, force_id: int, before_battle: int | None = None,
               fallen_page: int | None = None) -> dict:
    """Everything the force page shows; ``before_battle`` gives the force just before that
    battle was set up and its difference from now; ``fallen_page`` lists that page of the
    older fallen."""
    moment = {"before_battle": before_battle} if before_battle else {}
    state = as_of(campaign=campaign, force_id=force_id, **moment)
    diff = (
        difference(campaign=campaign, before=moment, after={}, force_id=force_id)
        if before_battle
        else None
    )
    changes = _changes(diff)
    (force,) = state["forces"]
    older = _older_fallen(campaign, force_id, state)
    soldiers = [_soldier(s, changes) for s in state["soldiers"]]
    by_id = {s["id"]: s for s in soldiers}
    squads = []
    for squad in state["squads"]:
        every = [s for s in soldiers if s["squad_id"] == squad["id"]]
        members = [s for s in every if s["id"] not in older]
        commander = by_id.get(squad.get("commander_id"))
        counts = Counter(s["status"] for s in every)
        squads.append(
            {
                **squad,
                "quality_label": term(QUALITY, squad["quality"]),
                "commander": commander,
                "leadership": commander["leadership"] if commander else None,
                "soldiers": members,
                "counts": [
                    {"status": st, "label": term(STATUS, st), "n": counts[st]}
                    for st in SOLDIER_STATUSES
                    if counts[st]
                ],
                "changed": bool(changes.get(("squads", squad["id"])))
                or any(m["changes"] for m in members),
            }
        )
    squad_ids = {sq["id"] for sq in squads}
    motivation = _motivation(state["scenarios"], force_id)
    return {
        "force": {
            **force,
            "fatigue_label": term(FATIGUE, force["fatigue"]),
            "changes": [
                {**c, "label": _field_label(c["field"]), "old": _label(c["field"], c["old"]),
             "new": _label(c["field"], c["new"])}
                for c in changes.get(("forces", force_id), [])
            ],
        },
        "motivation": motivation,
        "squads": squads,
        "unassigned": [s for s in soldiers
                       if s["squad_id"] not in squad_ids and s["id"] not in older],
        "older_fallen": _fallen_page([s for s in soldiers if s["id"] in older], older,
                                     fallen_page),
        "date": state["date"],
        "diff": diff,
        "changed_count": sum(1 for v in changes.values() if v),
    }


def _motivation(scenarios: list[dict], force_id: int) -> dict | None:
    """The force's motivation in its next scenario (else its latest): a scenario's setting."""
    def level(s):
        m = s.get("motivation") or {}
        return m.get(str(force_id)) or m.get(force_id)

    with_level = [s for s in scenarios if level(s)]
    upcoming = [s for s in with_level if s["status"] != "concluded"]
    chosen = (upcoming or with_level[::-1] or [None])[0]
    if chosen is None:
        return None
    return {"scenario": chosen["name"], "level": level(chosen),
            "label": term(MOTIVATION, level(chosen))}
