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

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign.models import Campaign
from campaign.pages.terms import STATUS, term
from campaign.plugins import CampaignPlugin
from campaign.plugins import get as plugin_for
from campaign.plugins.labels import shown_attributes, value_label
from campaign.plugins.schema import Schema
from campaign.selectors import fallen
from campaign.selectors.as_of import as_of, difference, state_as_of
from campaign.selectors.forces import squads as squads_of
from rules.core import registry
from rules.core.errors import RuleError

#: The older fallen listed on one page.
FALLEN_PER_PAGE = 50
SOLDIER_STATUSES = ("fit", "wounded", "recovering", "dead", "captured")
#: Fields whose change the page explains ("status: fit → dead"), with every attribute of
#: the plug-in's schema (``attributes.<name>``).
SHOWN_CHANGES = ("status", "squad_id", "name")


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
                if field in SHOWN_CHANGES or field.startswith("attributes.")
            ]
    return out


class Shown:
    """How the page labels one campaign's values: its plug-in's schemas and terms."""

    def __init__(self, campaign: Campaign, squad_names: dict[int, str] | None = None) -> None:
        self.system = campaign.rule_system
        self.plugin: CampaignPlugin = plugin_for(self.system)
        #: squad id -> name, so that a soldier's move shows squads by name, never an id
        self.squad_names = squad_names or {}

    def role(self, value: str | None) -> str | None:
        """A member's role in the active language (the rule system's term), else as it is."""
        if not value:
            return value
        try:
            label = registry.terms(self.system).label("role", value, get_language() or "en")
        except RuleError:
            label = None
        return label or value

    def attributes(self, schema: Schema, values: dict) -> list[dict]:
        return shown_attributes(schema, values or {}, self.system)

    def changes(self, schema: Schema, found: list[dict]) -> list[dict]:
        return [{**c, "label": self._field_label(schema, c["field"]),
                 "old": self._label(schema, c["field"], c["old"]),
                 "new": self._label(schema, c["field"], c["new"])} for c in found]

    @staticmethod
    def _field_label(schema: Schema, field: str) -> str:
        if field.startswith("attributes."):
            attribute = schema.by_name.get(field.split(".", 1)[1])
            return _(attribute.label) if attribute else field
        labels = {"status": _("status"), "squad_id": _("squad"), "name": _("name")}
        return labels.get(field, field)

    def _label(self, schema: Schema, field: str, value):
        if field == "status":
            return term(STATUS, value)
        if field == "squad_id":
            return self.squad_names.get(value, value)
        attribute = schema.by_name.get(field.split(".", 1)[1]) if "." in field else None
        return value_label(self.system, attribute, value) if attribute else value


def _soldier(soldier: dict, changes, shown: Shown) -> dict:
    schema = shown.plugin.member_schema
    return {
        **soldier,
        "status_label": term(STATUS, soldier["status"]),
        "role_label": shown.role(soldier.get("role")),
        "attributes_shown": shown.attributes(schema, soldier["attributes"]),
        "changes": shown.changes(schema, changes.get(("soldiers", soldier["id"]), [])),
    }


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
    names = {s["id"]: s["name"] for s in state["squads"]}
    if diff:  # a soldier may have moved to a squad raised since
        names = {**dict(squads_of(campaign=campaign).values_list("ref", "name")), **names}
    shown = Shown(campaign, squad_names=names)
    (force,) = state["forces"]
    older = _older_fallen(campaign, force_id, state)
    soldiers = [_soldier(s, changes, shown) for s in state["soldiers"]]
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
                "attributes_shown": shown.attributes(shown.plugin.unit_schema,
                                                     squad["attributes"]),
                "commander": commander,
                "soldiers": members,
                "counts": [
                    {"status": st, "label": term(STATUS, st), "n": counts[st]}
                    for st in SOLDIER_STATUSES
                    if counts[st]
                ],
                "changes": shown.changes(shown.plugin.unit_schema,
                                         changes.get(("squads", squad["id"]), [])),
                "changed": bool(changes.get(("squads", squad["id"])))
                or any(m["changes"] for m in members),
            }
        )
    squad_ids = {sq["id"] for sq in squads}
    force_schema = shown.plugin.force_schema
    return {
        "force": {
            **force,
            "attributes_shown": shown.attributes(force_schema, force["attributes"]),
            "changes": shown.changes(force_schema, changes.get(("forces", force_id), [])),
        },
        "side": _side(state["scenarios"], force_id, shown),
        "squads": squads,
        "unassigned": [s for s in soldiers
                       if s["squad_id"] not in squad_ids and s["id"] not in older],
        "older_fallen": _fallen_page([s for s in soldiers if s["id"] in older], older,
                                     fallen_page),
        "date": state["date"],
        "diff": diff,
        "changed_count": _count_shown(force_id, squads, soldiers, changes),
    }


def _count_shown(force_id: int, squads: list[dict], soldiers: list[dict], changes) -> int:
    """How many changes the page shows (the notice counts exactly those): the force's, each
    squad's and each soldier's, one per changed field."""
    return (len(changes.get(("forces", force_id), []))
            + sum(len(squad["changes"]) for squad in squads)
            + sum(len(soldier["changes"]) for soldier in soldiers))


def _side(scenarios: list[dict], force_id: int, shown: Shown) -> dict | None:
    """The force's side in its next scenario (else its latest) with what the plug-in sets
    there (Steel War: the motivation, §2.17)."""
    def values(s):
        sides = s.get("side_attributes") or {}
        return sides.get(str(force_id)) or sides.get(force_id)

    with_values = [s for s in scenarios if values(s)]
    upcoming = [s for s in with_values if s["status"] != "concluded"]
    chosen = (upcoming or with_values[::-1] or [None])[0]
    if chosen is None:
        return None
    return {"scenario": chosen["name"],
            "attributes_shown": shown.attributes(shown.plugin.side_schema, values(chosen))}
