"""Campaign projections: the force sheet and the histories, updated from the ledger.

:func:`project_campaign` folds the ledger events the projections have not seen yet (from
``Campaign.projected_version``), writes the entities they changed and one history row per
effect and subject, and records the version reached, all in one transaction under a lock
on the campaign row: running it twice, or concurrently, changes nothing the second time
(DESIGN principle 6). :func:`rebuild_campaign` empties the projections and runs the very
same code from version 0, so a rebuild equals the incremental result.

A correction (``entry.voided`` / ``entry.amended``) changes the past: projecting one rebuilds
the campaign's projections from version 0 under every correction. The voided entry's rows
stay, marked ``voided_by`` with the reason (struck through in the histories, never summed:
``HistoryEntry.counted``); an amended entry's rows show its amended effects, marked
``amended_by``; the correction's own row goes to every subject the target's rows concern.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any

from django.db import transaction

from campaign.ledger.corrections import VOIDED, Correction, corrections_in
from campaign.ledger.events import CORRECTION_TYPES
from campaign.ledger.fold import apply
from campaign.ledger.sentences import sentence_json
from campaign.ledger.state import CampaignState, LedgerEffect
from campaign.ledger.state import force_json as force_state_json
from campaign.models import (
    Campaign,
    Force,
    Formation,
    HistoryEntry,
    Scenario,
    ScenarioLink,
    Soldier,
    Squad,
)
from campaign.services.ledger import extend_fold, folded, forget, remember, stream_of
from eventstore.selectors import read_stream

#: Soldier effects that also belong to the squad's history.
SQUAD_ECHO = frozenset({
    "recruited", "replacement_joined", "transferred", "soldier_left", "died", "captured",
    "released", "wounded", "recovered", "command_taken", "command_lost",
})
#: Effects about a squad that mention a soldier but are not part of his own history.
NOT_SOLDIER_HISTORY = frozenset({"soldier_left"})
BATCH = 1000


def project_campaign(*, campaign_id: int) -> int:
    """Bring the campaign's projections up to its ledger; returns the version reached."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
        done = campaign.projected_version
        base = folded(campaign_id=campaign_id, to_version=done, slot="projection")
        entries = read_stream(stream_of(campaign_id), from_version=done + 1)
        if not entries:
            return done
        if done > 0 and any(entry.type in CORRECTION_TYPES for entry in entries):
            return rebuild_campaign(campaign_id=campaign_id)
        _Projector(campaign, base.state).run(entries, corrections_in(entries))
        remember(campaign_id=campaign_id, folded_state=extend_fold(base, entries),
                 slot="projection")
        return campaign.projected_version


def rebuild_campaign(*, campaign_id: int) -> int:
    """Empty the campaign's projections and project its whole ledger again."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
        forget(campaign_id=campaign_id)
        for model in (HistoryEntry, ScenarioLink, Scenario, Soldier, Squad, Formation, Force):
            model.objects.filter(campaign=campaign).delete()
        campaign.projected_version = 0
        campaign.save(update_fields=["projected_version"])
        return project_campaign(campaign_id=campaign_id)


class _Projector:
    def __init__(self, campaign: Campaign, state: CampaignState) -> None:
        self.campaign = campaign
        self.before = state
        self.state = state
        self.changed: dict[str, dict[int, int]] = {
            "forces": {}, "formations": {}, "squads": {}, "soldiers": {}, "scenarios": {},
        }
        self.history: list[HistoryEntry] = []
        self.links: list[ScenarioLink] = []
        self.stats_squads: set[int] = set()
        self.subjects: dict[int, list[tuple[str, int]]] = {}  # version -> its rows' subjects

    def run(self, entries, corrections: dict[int, Correction]) -> None:
        for entry in entries:
            step = apply(self.state, entry, corrections)
            correction = corrections.get(entry.version)
            effects = step.effects
            if correction is not None and correction.kind == VOIDED:
                effects = _as_recorded(self.state, entry)
            self._note_changes(self.state, step.state, entry.version)
            self._note_effects(entry, step.state, effects, correction)
            if len(step.state.links) > len(self.state.links):
                for link in step.state.links[len(self.state.links):]:
                    self.links.append(ScenarioLink(
                        campaign=self.campaign, from_ref=link.from_id, to_ref=link.to_id,
                        condition=link.condition or "", force_ref=link.force_id,
                        version=entry.version,
                    ))
            self.state = step.state
        self._write()

    def _note_changes(self, old: CampaignState, new: CampaignState, version: int) -> None:
        for name, seen in self.changed.items():
            old_map, new_map = getattr(old, name), getattr(new, name)
            if old_map is new_map:
                continue
            for key, value in new_map.items():
                if old_map.get(key) is not value:
                    seen[key] = version

    def _note_effects(self, entry, state: CampaignState, effects,
                      correction: Correction | None = None) -> None:
        marks = {}
        if correction is not None:
            by = "voided_by" if correction.kind == VOIDED else "amended_by"
            marks = {by: correction.by, "correction_reason": correction.reason}
        seen: list[tuple[str, int]] = []
        for seq, effect in enumerate(effects):
            subjects = _subjects(effect)
            if entry.type in CORRECTION_TYPES:  # told to whom the target concerned, too
                target = int(entry.data["target_version"])
                subjects = list(dict.fromkeys([*self.subjects.get(target, ()), *subjects]))
            for subject, ref in subjects:
                self.history.append(HistoryEntry(
                    campaign=self.campaign, subject=subject, subject_ref=ref,
                    version=entry.version, seq=seq, kind=effect.kind, text=effect.text,
                    in_game_date=state.date, battle_id=effect.battle_id,
                    scenario_ref=effect.scenario_id, data=_history_data(effect),
                    recorded_at=entry.recorded_at, **marks,
                ))
            seen += subjects
            if effect.kind == "battle_fought" and effect.soldier_id is None and effect.squad_id:
                self.stats_squads.add(effect.squad_id)
        self.subjects[entry.version] = list(dict.fromkeys(seen))

    # --- writing -------------------------------------------------------------------------

    def _write(self) -> None:
        state, campaign = self.state, self.campaign
        self._upsert_forces()
        self._upsert(Formation, "formations", _formation_row)
        self._upsert_squads()
        self._upsert(Soldier, "soldiers", _soldier_row)
        self._upsert_scenarios()
        ScenarioLink.objects.bulk_create(self.links, ignore_conflicts=True)
        HistoryEntry.objects.bulk_create(self.history, batch_size=BATCH, ignore_conflicts=True)
        self._squad_stats()
        campaign.projected_version = state.version
        campaign.current_date = state.date
        campaign.start_date = state.start_date
        campaign.house_rules = state.house_rules.to_json()
        campaign.status = Campaign.Status.FINISHED if state.finished else Campaign.Status.ACTIVE
        campaign.save(update_fields=[
            "projected_version", "current_date", "start_date", "house_rules", "status",
        ])

    def _upsert(self, model, name: str, to_row, refs=None, versions=None) -> None:
        entities = getattr(self.state, name)
        versions = versions if versions is not None else self.changed[name]
        refs = refs if refs is not None else versions
        rows = [
            model(campaign=self.campaign, ref=ref, version=versions.get(ref, 0),
                  **to_row(self.state, entities[ref]))
            for ref in sorted(refs)
        ]
        if not rows:
            return
        keys = set(to_row(self.state, entities[rows[0].ref])) | {"version"}
        update = [f.attname for f in model._meta.concrete_fields
                  if f.attname in keys or f.name in keys]
        model.objects.bulk_create(
            rows, batch_size=BATCH, update_conflicts=True,
            unique_fields=["campaign", "ref"], update_fields=update,
        )

    def _upsert_forces(self) -> None:
        # what the plug-in derives (fatigue levels) may depend on the house rules: write all
        forces = self.state.forces
        versions = {ref: self.changed["forces"].get(ref, 0) for ref in forces}
        existing = dict(Force.objects.filter(campaign=self.campaign)
                        .values_list("ref", "version"))
        versions = {ref: v or existing.get(ref, 0) for ref, v in versions.items()}
        self._upsert(Force, "forces", _force_row, refs=set(forces), versions=versions)

    def _upsert_squads(self) -> None:
        # strength and fit counts change with their soldiers: write squads whose counts moved
        refs = set(self.changed["squads"])
        old_counts, new_counts = _counts(self.before), _counts(self.state)
        refs |= {ref for ref, c in new_counts.items() if old_counts.get(ref) != c}
        existing = dict(Squad.objects.filter(campaign=self.campaign, ref__in=refs)
                        .values_list("ref", "version"))
        versions = {ref: self.changed["squads"].get(ref) or existing.get(ref, 0) for ref in refs}

        def to_row(state: CampaignState, squad) -> dict[str, Any]:
            return _squad_row(squad, new_counts[squad.id])

        self._upsert(Squad, "squads", to_row, refs=refs, versions=versions)

    def _upsert_scenarios(self) -> None:
        # "open" depends on the other scenarios and the links: write them all
        scenarios = self.state.scenarios
        existing = dict(Scenario.objects.filter(campaign=self.campaign)
                        .values_list("ref", "version"))
        versions = {ref: self.changed["scenarios"].get(ref) or existing.get(ref, 0)
                    for ref in scenarios}
        self._upsert(Scenario, "scenarios", _scenario_row, refs=set(scenarios),
                     versions=versions)

    def _squad_stats(self) -> None:
        """Totals over a squad's battles, recomputed from its history rows: casualties, and
        the plug-in's totals of its battle reports (Steel War: fire given and taken, the
        worst morale)."""
        if not self.stats_squads:
            return
        plugin = self.state.plugin
        rows = HistoryEntry.counted.filter(
            campaign=self.campaign, subject=HistoryEntry.Subject.SQUAD,
            subject_ref__in=self.stats_squads, kind="battle_fought",
        ).values_list("subject_ref", "data")
        reports: dict[int, list[dict]] = {ref: [] for ref in self.stats_squads}
        casualties = dict.fromkeys(self.stats_squads, 0)
        for ref, data in rows:
            reports[ref].append(data.get("unit") or {})
            casualties[ref] += sum(
                1 for outcome in (data.get("casualties") or {}).values() if outcome != "unharmed"
            )
        for ref in self.stats_squads:
            Squad.objects.filter(campaign=self.campaign, ref=ref).update(
                casualties=casualties[ref], record=plugin.unit_record(reports[ref]))


def _as_recorded(state: CampaignState, entry) -> tuple[LedgerEffect, ...]:
    """What a voided entry did when it counted, for its struck-through history rows (none
    when the corrected state no longer has what it concerned, e.g. a voided recruit's
    voided death)."""
    try:
        return apply(state, entry).effects
    except (KeyError, ValueError, TypeError, AttributeError):
        return ()


def _subjects(effect: LedgerEffect) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    if effect.soldier_id is not None and effect.kind not in NOT_SOLDIER_HISTORY:
        out.append(("soldier", effect.soldier_id))
    if effect.squad_id is not None and (effect.soldier_id is None or effect.kind in SQUAD_ECHO):
        out.append(("squad", effect.squad_id))
    if effect.formation_id is not None and (
        effect.soldier_id is None or effect.kind in ("command_taken", "command_lost")
    ):
        out.append(("formation", effect.formation_id))
    if not out and effect.force_id is not None:
        out.append(("force", effect.force_id))
    if not out and effect.scenario_id is not None:
        out.append(("scenario", effect.scenario_id))
    if not out:
        out.append(("campaign", 0))
    return out


def _counts(state: CampaignState) -> dict[int, tuple[int, int]]:
    counts = {ref: [0, 0] for ref in state.squads}
    for soldier in state.soldiers.values():
        if soldier.squad_id is None:
            continue
        if soldier.status not in ("dead", "captured"):
            counts[soldier.squad_id][0] += 1
        if soldier.available:
            counts[soldier.squad_id][1] += 1
    return {ref: (c[0], c[1]) for ref, c in counts.items()}


def _plain(entity, renames: dict[str, str], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    out = {}
    for f in fields(entity):
        if f.name == "id" or f.name in skip:
            continue
        value = getattr(entity, f.name)
        out[renames.get(f.name, f.name)] = list(value) if isinstance(value, tuple) else value
    return out


def _force_row(state: CampaignState, force) -> dict[str, Any]:
    row = _plain(force, {"owner_id": "owner_id"})
    row["attributes"] = force_state_json(state, force)["attributes"]
    return row


def _formation_row(state: CampaignState, formation) -> dict[str, Any]:
    return _plain(formation, {"force_id": "force_ref", "parent_id": "parent_ref",
                              "commander_id": "commander_ref"})


def _squad_row(squad, counts: tuple[int, int]) -> dict[str, Any]:
    row = _plain(squad, {"force_id": "force_ref", "formation_id": "formation_ref",
                         "commander_id": "commander_ref"})
    row["strength"], row["fit"] = counts
    return row


def _soldier_row(state: CampaignState, soldier) -> dict[str, Any]:
    return _plain(soldier, {"force_id": "force_ref", "squad_id": "squad_ref",
                            "held_by_force_id": "held_by_force_ref"})


def _scenario_row(state: CampaignState, scenario) -> dict[str, Any]:
    row = _plain(scenario, {"force_ids": "force_refs"}, skip=("taken_over", "officers", "taken_over_at", "taken_over_battle_version"))
    row["side_attributes"] = {str(k): v for k, v in scenario.side_attributes.items()}
    row["picks"] = {
        str(force): [{"squad_id": q, "soldier_ids": list(ids)} for q, ids in picks]
        for force, picks in scenario.picks.items()
    }
    row["sides"] = [dict(side) for side in scenario.sides]
    row["results"] = {str(k): v for k, v in scenario.results.items()}
    row["status"] = scenario.status
    row["open"] = state.scenario_open(scenario.id)
    return row


def _history_data(effect) -> dict:
    """An effect's data, with its sentence's template and params (``sentence``) when it has
    them, so that pages write the row in their language (``campaign.pages.timeline``)."""
    sentence = sentence_json(effect.text)
    return {**effect.data, "sentence": sentence} if sentence else effect.data
