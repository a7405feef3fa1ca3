"""The force page's data: the force as it stands now or as it stood before a battle, squad by
squad and soldier by soldier, with what changed since.

Both moments come from the same selector (``campaign.selectors.as_of``: the fold of the
ledger), so "now" and "before battle N" are shown by one template with no second code path.
"""
from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from campaign.models import Campaign
from campaign.pages.terms import FATIGUE, MOTIVATION, QUALITY, ROLE, STATUS, WEAPON, term
from campaign.selectors.as_of import as_of, difference

SOLDIER_STATUSES = ("fit", "wounded", "recovering", "dead", "captured")
#: Fields whose change the page explains ("status: fit → dead").
SHOWN_CHANGES = ("status", "quality", "leadership", "squad_id", "fatigue", "posture", "name")


def battles_of(*, campaign: Campaign, force_id: int) -> list[dict]:
    """The battles the force took part in, in the order they were set up (for "before")."""
    now = as_of(campaign=campaign, force_id=force_id)
    return [
        {"battle_id": s["battle_id"], "name": s["name"], "status": s["status"]}
        for s in now["scenarios"]
        if s.get("battle_id")
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
        "role_label": term(ROLE, soldier.get("role")),
        "weapon_label": term(WEAPON, soldier.get("weapon")),
        "changes": _shown(changes.get(("soldiers", soldier["id"]), [])),
    }


def _field_label(field: str) -> str:
    labels = {"status": _("status"), "quality": _("quality"), "leadership": _("leadership"),
              "squad_id": _("squad"), "fatigue": _("fatigue"), "posture": _("posture"),
              "name": _("name")}
    return labels.get(field, field)


def _label(field: str, value):
    tables = {"status": STATUS, "quality": QUALITY, "fatigue": FATIGUE}
    return term(tables.get(field, {}), value)


def force_page(*, campaign: Campaign, force_id: int, before_battle: int | None = None) -> dict:
    """Everything the force page shows; ``before_battle`` gives the force just before that
    battle was set up and its difference from now."""
    moment = {"before_battle": before_battle} if before_battle else {}
    state = as_of(campaign=campaign, force_id=force_id, **moment)
    diff = (
        difference(campaign=campaign, before=moment, after={}, force_id=force_id)
        if before_battle
        else None
    )
    changes = _changes(diff)
    (force,) = state["forces"]
    soldiers = [_soldier(s, changes) for s in state["soldiers"]]
    by_id = {s["id"]: s for s in soldiers}
    squads = []
    for squad in state["squads"]:
        members = [s for s in soldiers if s["squad_id"] == squad["id"]]
        commander = by_id.get(squad.get("commander_id"))
        counts = Counter(s["status"] for s in members)
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
                "changes": _shown(changes.get(("squads", squad["id"]), [])),
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
            "changes": _shown(changes.get(("forces", force_id), [])),
        },
        "motivation": motivation,
        "squads": squads,
        "unassigned": [s for s in soldiers if s["squad_id"] not in squad_ids],
        "date": state["date"],
        "diff": diff,
        "changed_count": _count_shown(force_id, squads, soldiers, changes),
    }


def _shown(changes: list[dict]) -> list[dict]:
    """Changes as the page shows them: "status: fit → now dead"."""
    return [{**c, "label": _field_label(c["field"]), "old": _label(c["field"], c["old"]),
             "new": _label(c["field"], c["new"])} for c in changes]


def _count_shown(force_id: int, squads: list[dict], soldiers: list[dict], changes) -> int:
    """How many changes the page shows (the notice counts exactly those): the force's, each
    squad's and each soldier's, one per changed field."""
    return (len(changes.get(("forces", force_id), []))
            + sum(len(squad["changes"]) for squad in squads)
            + sum(len(soldier["changes"]) for soldier in soldiers))


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
