"""Every write to a battle goes through :func:`write`: lock, check, fold, append, project.

A write is planned by folding the new facts strictly on the head state (a fact the rules
reject raises and nothing is appended), appended with the caller's ``expected_version`` and
``Idempotency-Key``, and projected in the same transaction. The response body is stored with
the idempotency key so that a retry returns it unchanged and appends nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework import status

from battles import heads, replay
from battles.models import Battle, IdempotentResponse
from battles.selectors import battle_for, pending_json, state_at
from battles.services.projection import Projection, fold_projection
from battles.streams import ensure_open, ensure_version, stream_of, system_of
from config.api_errors import ApiError
from eventstore.services import append
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
    """The response of a write: HTTP status and JSON body (the same on an idempotent retry)."""

    battle: Battle
    status_code: int
    body: dict
    replayed: bool = False


def fingerprint(operation: str, payload: Mapping[str, Any]) -> str:
    """SHA-256 of a write's operation and arguments, to refuse a reused Idempotency-Key."""
    text = json.dumps({"op": operation, "payload": payload}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def write(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    operation: str,
    payload: Mapping[str, Any],
    plan: Callable[[PlanContext], None],
    idempotency_key: str | None = None,
    success_status: int = status.HTTP_201_CREATED,
    allow_concluded: bool = False,
) -> WriteResult:
    """Run ``plan`` against the battle's head and append what it planned, atomically.

    Round trips on PostgreSQL: the transaction's ``BEGIN``; the battle with the caller's
    role, read and locked in one query (without the head state when this process has it,
    :mod:`battles.heads`); the append, followed in the same round trip by the projections
    and the stored response in one statement (facts; corrections and the conclusion are
    projected after the append); the commit. The response stored for ``idempotency_key`` is
    looked up only when the request is refused (a retry of a request that succeeded always
    is: the battle has moved past its ``expected_version``) or when the event store reports
    the key as used.
    """
    key = (
        f"battle:{battle_id}:user:{getattr(user, 'pk', None)}:{idempotency_key}"
        if idempotency_key
        else None
    )
    request_print = fingerprint(operation, payload) if key is not None else ""
    with transaction.atomic():
        battle = battle_for(
            user=user,
            battle_id=battle_id,
            write=True,
            lock=True,
            known_head=heads.known_version(battle_id),
        )
        try:
            if not allow_concluded:
                ensure_open(battle)
            ensure_version(battle, expected_version)
            system = system_of(battle)
            kept = heads.get(battle)
            head = kept.state if kept else state_at(battle=battle, system=system).state
            context = PlanContext(battle, system, replay.Fold(system, head), user, [])
            plan(context)
            if not context.planned:
                raise ApiError("nothing_to_record", _("the request records nothing"), field=None)
        except (ApiError, RuleError):
            # A stored response answers a retry before any refusal. This lookup is a new
            # statement: it sees a write that the lock waited for (a concurrent retry).
            stored = _stored(battle, key, request_print) if key is not None else None
            if stored is not None:
                return stored
            raise
        stream = stream_of(battle)
        events = [NewEvent(p.type, p.data, p.metadata) for p in context.planned]

        def stored_with(body: dict) -> dict | None:
            """The response to store for the key (none without a key)."""
            if key is None:
                return None
            return {"key": key, "fingerprint": request_print, "status_code": success_status,
                    "body": body}

        if all(replay.is_fact(p.type) for p in context.planned):
            # Facts only: projected first, and stored by the append's round trip (the
            # statements take the events' positions and times from the stored rows).
            provisional = _provisional(stream, expected_version, context.planned)
            projection, body = _project(battle, system, head, kept, context, provisional)
            result = append(
                stream,
                expected_version=expected_version,
                events=events,
                idempotency_key=key,
                then=projection.statements(response=stored_with(body)),
            )
            if result.replayed:  # nothing stored: the response of the key's first use
                return _replayed(battle, key, request_print)
        else:
            result = append(
                stream, expected_version=expected_version, events=events, idempotency_key=key
            )
            if result.replayed:
                return _replayed(battle, key, request_print)
            projection, body = _project(battle, system, head, kept, context, result.events)
            projection.save(response=stored_with(body))
        if projection.state is not None:
            heads.remember(battle, projection.state, projection.head_units)
    return WriteResult(battle, success_status, body)


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
    """The response stored for ``key``, which the event store reports as used (409 if no
    response was stored for it: it recorded the events of another kind of request)."""
    stored = _stored(battle, key, request_print) if key is not None else None
    if stored is None:
        raise ApiError(
            "idempotency_key_reused",
            _("this Idempotency-Key already recorded events of another request"),
            status_code=status.HTTP_409_CONFLICT,
            field="Idempotency-Key",
        )
    return stored


def _stored(battle: Battle, key: str, request_print: str) -> WriteResult | None:
    """The response stored for ``key``, if any (422 if it answered another request)."""
    found = (
        IdempotentResponse.objects.filter(battle=battle, key=key)
        .values_list("fingerprint", "status_code", "body")
        .first()
    )
    if found is None:
        return None
    stored_print, status_code, body = found
    if stored_print != request_print:
        raise key_used_for_another_request()
    return WriteResult(battle, status_code, body, replayed=True)


def key_used_for_another_request() -> ApiError:
    """422 ``idempotency_key_reused``: what a key stored for answered another request."""
    return ApiError(
        "idempotency_key_reused",
        _("this Idempotency-Key was used for a different request"),
        status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
        field="Idempotency-Key",
    )


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
