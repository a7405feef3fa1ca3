"""Projections of a battle stream: snapshots, the battle log, unit statuses, battle status.

Updated in the append's transaction by :func:`project`; :func:`rebuild` drops and recomputes
them from the stream with the same code, so a rebuild equals the incremental result. Each
battle records the last version it folded (``Battle.version``), so feeding an event twice
changes nothing.

A projection is computed first (:func:`fold_projection`: outcomes, log rows, snapshots, the
units whose status changed, the battle's new columns) and then stored by
:meth:`Projection.save` with the statements of :mod:`battles.services.projection_sql` (one
writer per read model on both databases; on PostgreSQL a single statement).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from battles import heads, replay
from battles.models import Battle, BattleLogEntry, BattleSnapshot, UnitStatus
from battles.services import projection_sql
from battles.services.refold import (
    consequence_summary,
    consequence_text,
    outcome_fields,
    refold,
)
from battles.streams import stream_of, system_of
from eventstore.selectors import read_stream
from eventstore.types import RecordedEvent
from rules.core.errors import RuleError
from rules.core.summary import summarize
from rules.core.system import RuleSystem, State


class _Writer:
    """Buffers new log rows (as field dicts) and snapshots; flushed before a correction (which
    reads the log) and stored with the rest of the projection at the end."""

    def __init__(self, battle: Battle, system: RuleSystem) -> None:
        self.battle = battle
        self.system = system
        self.rows: list[dict[str, Any]] = []
        self.snapshots: dict[int, dict] = {}

    def log(self, event: RecordedEvent, outcome: replay.Outcome, **extra) -> None:
        self.rows.append(
            {
                "version": event.version,
                "position": event.position,
                "type": event.type,
                "data": dict(event.data),
                "metadata": dict(event.metadata or {}),
                "recorded_at": event.recorded_at,
                "consequences": [],
                **outcome_fields(outcome),
                **extra,
            }
        )

    def snapshot(self, version: int, state: State) -> None:
        self.snapshots[version] = self.system.state_to_json(state)

    def flush(self) -> None:
        """Write the buffered rows and snapshots now."""
        if self.rows or self.snapshots:
            projection_sql.execute(
                projection_sql.statements(
                    battle=self.battle, stream=stream_of(self.battle), rows=self.rows,
                    snapshots=self.snapshots, units=[], response=None, battle_columns=False,
                )
            )
        self.rows, self.snapshots = [], {}


@dataclass
class Projection:
    """What folding new events changes: computed by :func:`fold_projection`, stored by
    :meth:`save` (in the append's transaction)."""

    battle: Battle
    state: State | None
    outcomes: list[replay.Outcome]
    rows: list[dict[str, Any]] = field(default_factory=list)
    snapshots: dict[int, dict] = field(default_factory=dict)
    units: list[dict[str, Any]] = field(default_factory=list)
    #: Every unit's status row in ``state`` (unit -> side, name, status).
    head_units: dict[str, dict[str, Any]] = field(default_factory=dict)

    def row(self, version: int) -> dict[str, Any] | None:
        """The new log row of ``version`` (not yet stored), if any."""
        return next((row for row in self.rows if row["version"] == version), None)

    def statements(
        self, *, response: dict[str, Any] | None = None
    ) -> list[projection_sql.Statement]:
        """The statements :meth:`save` runs (one on PostgreSQL), to send with the append of
        the events (``eventstore.services.append(then=...)``): the log rows take their
        position, metadata and time from the stored events."""
        return projection_sql.statements(
            battle=self.battle, stream=stream_of(self.battle), rows=self.rows,
            snapshots=self.snapshots, units=self.units, response=response,
        )

    def save(self, *, response: dict[str, Any] | None = None) -> None:
        """Store the log rows, snapshots, unit statuses and the battle's columns, and
        ``response`` (``key, fingerprint, body``) for an idempotency key."""
        projection_sql.execute(self.statements(response=response))


def project(
    *,
    battle: Battle,
    events: Sequence[RecordedEvent],
    state: State | None,
    system: RuleSystem | None = None,
    strict: bool = False,
    before: Callable[[RecordedEvent, State | None], None] | None = None,
) -> tuple[State, list[replay.Outcome]]:
    """Fold newly appended ``events`` into the projections; return the new head state and
    the outcome of each event.

    ``state`` is the head state before the events (``None`` before ``battle.started``).
    With ``strict`` a rules fact that does not fit raises :class:`RuleError` (imports: every
    fact must have fitted when it was recorded). ``before(event, state)`` is called with
    each event other than a correction and the state it is folded on, before it is folded
    (imports check server dice there). Must run inside the append's transaction.
    """
    projection = fold_projection(
        battle=battle, events=events, state=state, system=system, strict=strict, before=before
    )
    projection.save()
    return projection.state, projection.outcomes


def fold_projection(
    *,
    battle: Battle,
    events: Sequence[RecordedEvent],
    state: State | None,
    system: RuleSystem | None = None,
    strict: bool = False,
    folded: Sequence[tuple[replay.Outcome, State]] | None = None,
    units: dict[str, dict[str, Any]] | None = None,
    before: Callable[[RecordedEvent, State | None], None] | None = None,
) -> Projection:
    """The projection of newly appended ``events`` (see :func:`project`), not yet stored;
    ``battle`` gets its new columns. A correction's refold updates the log rows and
    snapshots it changes at once (it reads the log).

    ``folded``: each event's outcome and the state after it, when the caller has already
    folded exactly these events from ``state`` (strictly, as :func:`battles.services.writes.
    write` plans them): they are not folded a second time. Ignored if a correction is among
    the events (a correction refolds from a snapshot). ``units``: the unit status rows of
    ``state``, when the caller has them (else they are summarised from it). ``before``: see
    :func:`project`.
    """
    system = system or system_of(battle)
    if folded is not None and (
        len(folded) != len(events) or any(e.type in replay.CORRECTIONS for e in events)
    ):
        folded = None
    writer = _Writer(battle, system)
    fold = replay.Fold(system, state)
    every = battle.snapshot_every
    outcomes: list[replay.Outcome] = []
    for index, event in enumerate(events):
        if event.version <= battle.version:
            continue  # already projected
        if event.type in replay.CORRECTIONS:
            battle.corrections += 1
            writer.flush()
            fold.state, outcome = _refold(battle, system, event, writer, fold.state)
        else:
            if folded is not None:
                outcome, fold.state = folded[index]
            else:
                if before is not None:
                    before(event, fold.state)
                try:
                    outcome = fold.feed(event.version, event.type, event.data, strict=strict)
                except RuleError as error:
                    error.field = f"events.{event.version - 1}.data" + (
                        f".{error.field}" if error.field else ""
                    )
                    raise
            if event.type == replay.CONCLUDED:
                _conclude(battle, event)
            elif event.type == replay.REOPENED:
                _reopen(battle)
        outcomes.append(outcome)
        if event.type not in replay.CORRECTIONS:  # _refold logs the correction itself
            writer.log(event, outcome)
        battle.version = event.version
        if event.version == 1 or event.version % every == 0:
            writer.snapshot(event.version, fold.state)
    projection = Projection(battle, fold.state, outcomes, writer.rows, writer.snapshots)
    if fold.state is not None:
        projection.head_units = _units(system, fold.state)
        projection.units = _changed_units(
            battle, projection.head_units, previous=state, previous_units=units, system=system
        )
        battle.head_state = system.state_to_json(fold.state)
    return projection


def _conclude(battle: Battle, event: RecordedEvent) -> None:
    battle.status = Battle.Status.CONCLUDED
    battle.result = event.data.get("result")
    battle.summary = event.data.get("summary")
    battle.concluded_at = event.recorded_at or timezone.now()


def _reopen(battle: Battle) -> None:
    battle.status = Battle.Status.OPEN
    battle.result, battle.summary, battle.concluded_at = None, None, None


def _refold(
    battle: Battle, system: RuleSystem, event: RecordedEvent, writer: _Writer, head: State
) -> tuple[State, replay.Outcome]:
    """Apply a correction (:func:`battles.services.refold.refold`): the log rows it changes
    are rewritten, its snapshots stored, and the correction logged with its
    consequences (summarised). ``head``: the state before the correction."""
    changes = refold(battle=battle, system=system, correction=event)
    outcome = replay.Outcome(event.version, event.type, replay.RECORDED)
    summary = consequence_summary(changes)
    writer.log(event, outcome, consequences=summary, text=consequence_text(summary))
    return (head if changes.state is None else changes.state), outcome


def _units(system: RuleSystem, state: State) -> dict[str, dict]:
    try:
        units = summarize(system, state).units
    except RuleError:
        return {}  # the system gives no summary: no unit statuses
    return {
        u.unit: {"side": u.side, "name": u.name, "status": {**dict(u.status), "text": u.text}}
        for u in units
    }


def _changed_units(
    battle: Battle,
    units: dict[str, dict[str, Any]],
    *,
    previous: State | None,
    previous_units: dict[str, dict[str, Any]] | None,
    system: RuleSystem,
) -> list[dict[str, Any]]:
    """The unit status rows to write: the units whose status changed, compared with
    ``previous`` (the state the rows hold; ``previous_units``: its rows, when known) when
    given, else with the rows themselves."""
    if previous is not None:
        before = previous_units if previous_units is not None else _units(system, previous)
        return [{"unit": unit, **row} for unit, row in units.items() if before.get(unit) != row]
    existing = {
        unit: status
        for unit, status in UnitStatus.objects.filter(battle=battle).values_list("unit", "status")
    }
    return [
        {"unit": unit, **row}
        for unit, row in units.items()
        if unit not in existing or existing[unit] != row["status"]
    ]


def rebuild(*, battle: Battle) -> Battle:
    """Drop the battle's projections and recompute them from its stream."""
    heads.forget(battle.pk)
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
