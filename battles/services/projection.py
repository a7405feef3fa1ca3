"""Projections of a battle stream: snapshots, the battle log, unit statuses, battle status.

Updated in the append's transaction by :func:`project`; :func:`rebuild` drops and recomputes
them from the stream with the same code, so a rebuild equals the incremental result. Each
battle records the last version it folded (``Battle.version``), so feeding an event twice
changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from battles import replay
from battles.models import Battle, BattleLogEntry, BattleSnapshot, UnitStatus
from battles.selectors import corrections_of
from battles.streams import stream_of, system_of
from eventstore.selectors import read_stream
from eventstore.types import RecordedEvent
from rules.core.errors import RuleError
from rules.core.summary import summarize
from rules.core.system import RuleSystem, State

_LOG_FIELDS = ["status", "effects", "text", "problem", "effective_data", "corrected_by"]


class _Writer:
    """Buffers new log rows and snapshots, flushed before a correction and at the end."""

    def __init__(self, battle: Battle, system: RuleSystem) -> None:
        self.battle = battle
        self.system = system
        self.rows: list[BattleLogEntry] = []
        self.snapshots: dict[int, dict] = {}

    def log(self, event: RecordedEvent, outcome: replay.Outcome, **extra) -> None:
        self.rows.append(
            BattleLogEntry(
                battle=self.battle,
                version=event.version,
                position=event.position,
                type=event.type,
                data=dict(event.data),
                metadata=dict(event.metadata or {}),
                recorded_at=event.recorded_at,
                **{**_outcome_fields(outcome), **extra},
            )
        )

    def snapshot(self, version: int, state: State) -> None:
        self.snapshots[version] = self.system.state_to_json(state)

    def flush(self) -> None:
        if self.rows:
            BattleLogEntry.objects.bulk_create(self.rows)
            self.rows = []
        if self.snapshots:
            BattleSnapshot.objects.filter(
                battle=self.battle, version__in=list(self.snapshots)
            ).delete()
            BattleSnapshot.objects.bulk_create(
                BattleSnapshot(battle=self.battle, version=v, state=s)
                for v, s in sorted(self.snapshots.items())
            )
            self.snapshots = {}


def _outcome_fields(outcome: replay.Outcome) -> dict:
    return {
        "status": outcome.status,
        "effects": outcome.effects,
        "text": outcome.text,
        "problem": outcome.problem,
        "effective_data": outcome.effective_data,
        "corrected_by": outcome.corrected_by,
    }


def project(
    *,
    battle: Battle,
    events: Sequence[RecordedEvent],
    state: State | None,
    system: RuleSystem | None = None,
    strict: bool = False,
) -> tuple[State, list[replay.Outcome]]:
    """Fold newly appended ``events`` into the projections; return the new head state and
    the outcome of each event.

    ``state`` is the head state before the events (``None`` before ``battle.started``).
    With ``strict`` a rules fact that does not fit raises :class:`RuleError` (imports: every
    fact must have fitted when it was recorded). Must run inside the append's transaction.
    """
    system = system or system_of(battle)
    writer = _Writer(battle, system)
    fold = replay.Fold(system, state)
    every = battle.snapshot_every
    outcomes: list[replay.Outcome] = []
    for event in events:
        if event.version <= battle.version:
            continue  # already projected
        if event.type in replay.CORRECTIONS:
            battle.corrections += 1
            writer.flush()
            fold.state, outcome = _refold(battle, system, event, writer)
        else:
            try:
                outcome = fold.feed(event.version, event.type, event.data, strict=strict)
            except RuleError as error:
                error.field = f"events.{event.version - 1}.data" + (
                    f".{error.field}" if error.field else ""
                )
                raise
            if event.type == replay.CONCLUDED:
                _conclude(battle, event)
        outcomes.append(outcome)
        if event.type not in replay.CORRECTIONS:  # _refold logs the correction itself
            writer.log(event, outcome)
        battle.version = event.version
        if event.version == 1 or event.version % every == 0:
            writer.snapshot(event.version, fold.state)
    writer.flush()
    _update_unit_statuses(battle, system, fold.state, previous=state)
    if fold.state is not None:
        battle.head_state = system.state_to_json(fold.state)
    fields = ["version", "head_state", "corrections"]
    if not battle.is_open:
        fields += ["status", "result", "summary", "concluded_at"]
    Battle.objects.filter(pk=battle.pk).update(**{name: getattr(battle, name) for name in fields})
    return fold.state, outcomes


def _conclude(battle: Battle, event: RecordedEvent) -> None:
    battle.status = Battle.Status.CONCLUDED
    battle.result = event.data.get("result")
    battle.summary = event.data.get("summary")
    battle.concluded_at = event.recorded_at or timezone.now()


def _refold(
    battle: Battle, system: RuleSystem, event: RecordedEvent, writer: _Writer
) -> tuple[State, replay.Outcome]:
    """Apply a correction: refold from the last snapshot before its target up to it, update
    the log rows and snapshots after the target, and log the correction with the outcomes it
    changed (its consequences)."""
    target = int(event.data["target"])
    corrections = corrections_of(battle=battle)
    corrections[target] = replay.Correction(
        event.version, event.type, event.data.get("data") if event.type == replay.AMEND else None
    )
    snapshot = (
        BattleSnapshot.objects.filter(battle=battle, version__lt=target)
        .order_by("-version")
        .first()
    )
    fold = replay.Fold(system, system.state_from_json(snapshot.state), corrections)
    old = {
        row.version: row
        for row in BattleLogEntry.objects.filter(battle=battle, version__gte=target)
    }
    changed: list[BattleLogEntry] = []
    consequences: list[dict] = []
    for recorded in read_stream(
        stream_of(battle), from_version=snapshot.version + 1, to_version=event.version - 1
    ):
        outcome = fold.feed(recorded.version, recorded.type, recorded.data)
        if recorded.version % battle.snapshot_every == 0:
            writer.snapshot(recorded.version, fold.state)
        row = old.get(recorded.version)
        if row is None or not replay.is_fact(recorded.type):
            continue
        before = replay.Outcome(row.version, row.type, row.status, row.effects)
        for name, value in _outcome_fields(outcome).items():
            setattr(row, name, value)
        changed.append(row)
        if before.key() != outcome.key():
            consequences.append(
                {
                    "version": row.version,
                    "type": row.type,
                    "before": {"status": before.status, "text": before.text},
                    "after": {"status": outcome.status, "text": outcome.text},
                }
            )
    BattleLogEntry.objects.bulk_update(changed, _LOG_FIELDS)
    outcome = replay.Outcome(event.version, event.type, replay.RECORDED)
    writer.log(
        event,
        outcome,
        consequences=consequences,
        text=_consequence_text(consequences),
    )
    return fold.state, outcome


def _consequence_text(consequences: list[dict]) -> str:
    if not consequences:
        return "no derived outcome changed"
    parts = []
    for c in consequences:
        after = c["after"]
        what = after["text"] or "no effect"
        parts.append(f"#{c['version']} now {after['status']}: {what}")
    return "; ".join(parts)


def _units(system: RuleSystem, state: State) -> dict[str, dict]:
    try:
        units = summarize(system, state).units
    except RuleError:
        return {}  # the system gives no summary: no unit statuses
    return {
        u.unit: {"side": u.side, "name": u.name, "status": {**dict(u.status), "text": u.text}}
        for u in units
    }


def _update_unit_statuses(
    battle: Battle, system: RuleSystem, state: State, *, previous: State | None
) -> None:
    """Write the units whose status changed; compared with ``previous`` (the state the rows
    hold) when given, else with the rows themselves."""
    if state is None:
        return
    units = _units(system, state)
    if previous is not None:
        before = _units(system, previous)
        for unit, row in units.items():
            if before.get(unit) != row and not UnitStatus.objects.filter(
                battle=battle, unit=unit
            ).update(**row):
                UnitStatus.objects.create(battle=battle, unit=unit, **row)
        return
    existing = {row.unit: row for row in UnitStatus.objects.filter(battle=battle)}
    create, update = [], []
    for unit, values in units.items():
        row = existing.get(unit)
        if row is None:
            create.append(UnitStatus(battle=battle, unit=unit, **values))
        elif row.status != values["status"]:
            row.status = values["status"]
            update.append(row)
    if create:
        UnitStatus.objects.bulk_create(create)
    if update:
        UnitStatus.objects.bulk_update(update, ["status"])


def rebuild(*, battle: Battle) -> Battle:
    """Drop the battle's projections and recompute them from its stream."""
    with transaction.atomic():
        battle = Battle.objects.select_for_update().get(pk=battle.pk)
        BattleLogEntry.objects.filter(battle=battle).delete()
        BattleSnapshot.objects.filter(battle=battle).delete()
        UnitStatus.objects.filter(battle=battle).delete()
        battle.version, battle.corrections, battle.head_state = 0, 0, None
        battle.status, battle.result, battle.summary = Battle.Status.OPEN, None, None
        battle.concluded_at = None
        battle.save()
        project(battle=battle, events=read_stream(stream_of(battle)), state=None)
    return battle
