"""The difference between two moments of a campaign (two folds of its ledger). Pure."""
from __future__ import annotations

from campaign.ledger.state import CampaignState, entity_json, force_json

_KINDS = ("forces", "formations", "squads", "soldiers", "scenarios")


def diff_states(before: CampaignState, after: CampaignState, *, force_id: int | None = None):
    """What changed from ``before`` to ``after``: per kind, the entities added and the
    fields that changed (``{"field": [old, new]}``, an attribute as ``"attributes.<name>"``);
    forces also show what the plug-in derives (Steel War: the fatigue level).
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
            old_flat, new_flat = _flat(_json(before, kind, old)), _flat(new_json)
            changes = {k: [old_flat.get(k), v] for k, v in new_flat.items()
                       if old_flat.get(k) != v}
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
    data = force_json(state, entity) if kind == "forces" else entity_json(entity)
    if kind == "scenarios":
        data["status"] = entity.status
    return data


def _flat(data: dict) -> dict:
    """``attributes`` spread into ``attributes.<name>`` keys, so a change names the one."""
    out = {k: v for k, v in data.items() if k != "attributes"}
    out.update({f"attributes.{k}": v for k, v in (data.get("attributes") or {}).items()})
    return out


def _date(state: CampaignState) -> str | None:
    return state.date.isoformat() if state.date else None
