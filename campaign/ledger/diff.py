"""The difference between two moments of a campaign (two folds of its ledger). Pure."""
from __future__ import annotations

from campaign.ledger.state import CampaignState, entity_json

_KINDS = ("forces", "formations", "squads", "soldiers", "scenarios")


def diff_states(before: CampaignState, after: CampaignState, *, force_id: int | None = None):
    """What changed from ``before`` to ``after``: per kind, the entities added and the
    fields that changed (``{"field": [old, new]}``); forces also show their fatigue level.
    With ``force_id``, only that force's entities (and its scenarios)."""
    out: dict = {
        "from": {"version": before.version, "date": _date(before)},
        "to": {"version": after.version, "date": _date(after)},
    }
    for kind in _KINDS:
        old_map, new_map = getattr(before, kind), getattr(after, kind)
        rows = []
        for key in sorted(new_map):
            entity = new_map[key]
            if not _keep(kind, entity, force_id):
                continue
            old, new = old_map.get(key), entity
            if old is new:
                continue
            new_json = _json(after, kind, new)
            if old is None:
                rows.append({"id": key, "name": new.name, "added": True, "now": new_json})
                continue
            old_json = _json(before, kind, old)
            changes = {k: [old_json[k], v] for k, v in new_json.items() if old_json.get(k) != v}
            if changes:
                rows.append({"id": key, "name": new.name, "added": False, "changes": changes})
        out[kind] = rows
    return out


def _keep(kind: str, entity, force_id: int | None) -> bool:
    if force_id is None:
        return True
    if kind == "forces":
        return entity.id == force_id
    if kind == "scenarios":
        return force_id in entity.force_ids
    return entity.force_id == force_id


def _json(state: CampaignState, kind: str, entity) -> dict:
    data = entity_json(entity)
    if kind == "forces":
        data["fatigue"] = state.fatigue_level(entity.id)
    if kind == "scenarios":
        data["status"] = entity.status
    return data


def _date(state: CampaignState) -> str | None:
    return state.date.isoformat() if state.date else None
