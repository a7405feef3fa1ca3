"""Every write to a battle goes through :func:`write`: lock, check, fold, append, project.

A write is planned by folding the new facts strictly on the head state (a fact the rules
reject raises and nothing is appended), appended with the caller's ``expected_version`` and
``Idempotency-Key``, and projected in the same transaction. The result's JSON is stored with
the idempotency key (and the fingerprint of its request, :mod:`eventstore.idempotency`) so
that a retry gets it unchanged and appends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from battles import heads, replay
from battles.models import Battle, IdempotentResponse
from battles.selectors import battle_for, pending_json, state_at
from battles.services.projection import Projection, fold_projection
from battles.streams import ensure_open, ensure_version, stream_of, system_of
from config.errors import DomainError, Invalid
from eventstore import writing
from eventstore.idempotency import ensure_same_request, key_used_for_another_kind
from eventstore.types import NewEvent, RecordedEvent, StreamId
from rules.core.errors import RuleError
from rules.core.system import RuleSystem, State


@dataclass
class Planned:
    """An event to append: its type, data and metadata."""

    type: str
    data: dict
    metadata: dict


@dataclass
class PlanContext:
    """What a plan sees: the locked battle, its system and a strict fold at the head."""

    battle: Battle
    system: RuleSystem
    fold: replay.Fold
    user: Any
    planned: list[Planned]
    folded: list[tuple[replay.Outcome, State]] = field(default_factory=list)

    @property
    def next_version(self) -> int:
        return self.battle.version + len(self.planned) + 1

    def add(self, event_type: str, data: dict, **metadata: Any) -> replay.Outcome:
        """Fold ``data`` strictly (raises RuleError) and plan it for appending."""
        outcome = self.fold.feed(self.next_version, event_type, data, strict=True)
        meta = {"user": getattr(self.user, "pk", None), **metadata}
        self.planned.append(Planned(event_type, data, meta))
        self.folded.append((outcome, self.fold.state))
        return outcome


@dataclass
class WriteResult:
    """What a write recorded, as JSON (:func:`result_body`; the same on an idempotent retry,
    then ``replayed``)."""

    battle: Battle
    body: dict
    replayed: bool = False


def write(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    plan: Callable[[PlanContext], None],
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
    allow_concluded: bool = False,
) -> WriteResult:
    """Run ``plan`` against the battle's head and append what it planned, atomically
    (:func:`eventstore.writing.write`, the write path the campaign ledger takes too).

    Round trips on PostgreSQL: the transaction's ``BEGIN``; the battle with the caller's
    role, read and locked in one query (without the head state when this process has it,
    :mod:`battles.heads`); the append, followed in the same round trip by the projections
    and the stored result in one statement (facts; corrections and the conclusion are
    projected after the append); the commit. The result stored for ``idempotency_key`` is
    looked up only when the request is refused (a retry of a request that succeeded always
    is: the battle has moved past its ``expected_version``) or when the event store reports
    the key as used.
    """
    return writing.write(BattleWrite(
        battle_id=battle_id, user=user, expected_version=expected_version, plan=plan,
        idempotency_key=idempotency_key, request_fingerprint=request_fingerprint,
        allow_concluded=allow_concluded,
    ))


class BattleWrite(writing.Command[Battle, WriteResult]):
    """A write to a battle's stream: the locked battle and its head state (kept by this
    process, :mod:`battles.heads`, or the stored one) in, the planned facts out, projected
    inline."""

    refusals = (DomainError, RuleError)

    def __init__(
        self, *, battle_id: int, user: Any, expected_version: int,
        plan: Callable[[PlanContext], None], idempotency_key: str | None,
        request_fingerprint: str | None, allow_concluded: bool,
    ) -> None:
        self.battle_id, self.user, self.plan = battle_id, user, plan
        self.expected_version, self.allow_concluded = expected_version, allow_concluded
        self.stream = stream_of(battle_id)
        self.idempotency_key = (
            f"battle:{battle_id}:user:{getattr(user, 'pk', None)}:{idempotency_key}"
            if idempotency_key
            else None
        )
        self.request_print = request_fingerprint or ""
        # set by decide: the battle's system, its kept head, the head state, the plan's view
        self.system: RuleSystem
        self.kept: heads.Head | None
        self.head: State
        self.context: PlanContext
        # set by statement (facts on PostgreSQL) or project: the projection and the answer
        self.projection: Projection | None = None
        self.body: dict = {}

    def load(self) -> tuple[Battle, int]:
        battle = battle_for(
            user=self.user,
            battle_id=self.battle_id,
            write=True,
            lock=True,
            known_head=heads.known_version(self.battle_id),
        )
        return battle, battle.version

    def decide(self, battle: Battle, version: int) -> list[NewEvent]:
        if not self.allow_concluded:
            ensure_open(battle)
        ensure_version(battle, self.expected_version)
        self.system = system = system_of(battle)
        self.kept = kept = heads.get(battle)
        self.head = kept.state if kept else state_at(battle=battle, system=system).state
        self.context = context = PlanContext(
            battle, system, replay.Fold(system, self.head), self.user, [])
        self.plan(context)
        if not context.planned:
            raise Invalid("nothing_to_record", _("the request records nothing"), field=None)
        return [NewEvent(p.type, p.data, p.metadata) for p in context.planned]

    def answer_refused(self, battle: Battle) -> WriteResult | None:
        if self.idempotency_key is None:
            return None
        return _stored(battle, self.idempotency_key, self.request_print)

    def statements(self, battle: Battle, events) -> Sequence[tuple[str, Any]]:
        """Facts only: projected before the append and stored by its round trip (the
        statements take the events' positions and times from the stored rows)."""
        planned = self.context.planned
        if not all(replay.is_fact(p.type) for p in planned):
            return ()
        provisional = _provisional(self.stream, battle.version, planned)
        self.projection, self.body = _project(
            battle, self.system, self.head, self.kept, self.context, provisional)
        return self.projection.statements(response=self._stored_with(self.body))

    def replayed(self, battle: Battle, result) -> WriteResult:
        # nothing stored: the result of the key's first use
        return _replayed(battle, self.idempotency_key, self.request_print)

    def project(self, battle: Battle, result) -> WriteResult:
        projection = self.projection
        if projection is None:
            projection, self.body = _project(
                battle, self.system, self.head, self.kept, self.context, result.events)
            projection.save(response=self._stored_with(self.body))
        if projection.state is not None:
            heads.remember(battle, projection.state, projection.head_units)
        return WriteResult(battle, self.body)

    def _stored_with(self, body: dict) -> dict | None:
        """The result to store for the key (none without a key)."""
        if self.idempotency_key is None:
            return None
        return {"key": self.idempotency_key, "fingerprint": self.request_print, "body": body}


def _provisional(
    stream: StreamId, expected_version: int, planned: list[Planned]
) -> list[RecordedEvent]:
    """The planned events as they will be recorded, before the append gives them their
    positions and time (unknown here: ``0`` and ``None``)."""
    return [
        RecordedEvent(stream, version, 0, p.type, 1, p.data, p.metadata, None)
        for version, p in enumerate(planned, expected_version + 1)
    ]


def _project(
    battle: Battle,
    system: RuleSystem,
    head: State,
    kept: heads.Head | None,
    context: PlanContext,
    events: list[RecordedEvent] | tuple[RecordedEvent, ...],
) -> tuple[Projection, dict]:
    """The projection of the planned ``events`` (as the plan folded them) and the answer."""
    projection = fold_projection(
        battle=battle,
        events=events,
        state=head,
        system=system,
        folded=context.folded,
        units=kept.units if kept else None,
    )
    body = result_body(
        battle=battle,
        system=system,
        state=projection.state,
        events=events,
        outcomes=projection.outcomes,
        projection=projection,
    )
    return projection, body


def _replayed(battle: Battle, key: str | None, request_print: str) -> WriteResult:
    """The result stored for ``key``, which the event store reports as used (409 if none
    was stored for it: it recorded the events of another kind of request)."""
    stored = _stored(battle, key, request_print) if key is not None else None
    if stored is None:
        raise key_used_for_another_kind()
    return stored


def _stored(battle: Battle, key: str, request_print: str) -> WriteResult | None:
    """The result stored for ``key``, if any (422 if it answered another request)."""
    found = (
        IdempotentResponse.objects.filter(battle=battle, key=key)
        .values_list("fingerprint", "body")
        .first()
    )
    if found is None:
        return None
    stored_print, body = found
    ensure_same_request(stored_print, request_print)
    return WriteResult(battle, body, replayed=True)


def result_body(
    *,
    battle: Battle,
    system: RuleSystem,
    state: State,
    events,
    outcomes: list[replay.Outcome],
    projection: Projection | None = None,
) -> dict:
    """The JSON answer to a write: the appended events with their derived effects (data and
    sentence), the new version and what is pending next. A correction's consequences come
    from its log row: ``projection``'s (not yet stored), else the stored one."""
    from battles.models import BattleLogEntry

    corrections: dict[int, Any] = {}
    corrected = [e.version for e in events if e.type in replay.CORRECTIONS]
    for version in corrected:
        row = projection.row(version) if projection is not None else None
        if row is not None:
            corrections[version] = (row["consequences"], row["text"])
    missing = [version for version in corrected if version not in corrections]
    if missing:
        for row in BattleLogEntry.objects.filter(battle=battle, version__in=missing):
            corrections[row.version] = (row.consequences, row.text)
    items, effects = [], []
    for event, outcome in zip(events, outcomes, strict=True):
        item = {
            "version": event.version,
            "type": event.type,
            "data": dict(event.data),
            "description": replay.describe(event.type, event.data),
            "status": outcome.status,
            "effects": outcome.effects,
            "text": outcome.text,
        }
        if event.version in corrections:
            item["consequences"], item["text"] = corrections[event.version]
        items.append(item)
        effects.extend(outcome.effects)
    return {
        "battle": battle.pk,
        "from_version": events[0].version if events else battle.version,
        "version": battle.version,
        "status": battle.status,
        "events": items,
        "effects": effects,
        "text": replay.sentence(effects),
        "pending": pending_json(battle=battle, pending=system.pending(state)),
    }
