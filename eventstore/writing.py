"""The one write path of every stream: load the state, decide, append with the expected
version, project (DESIGN principle 5).

:func:`write` runs a :class:`Command`; what differs between streams is the command's:

- ``load``: the state and the version it is at (a battle: locked, its head state from this
  process's cache or the stored snapshot; a campaign: the fold of its ledger, cached);
- ``decide``: the events to append, or a refusal (a ``config.errors`` kind, a rule engine
  ``RuleError``, a stale expected version); pure in what it decides;
- ``answer_known`` / ``answer_refused``: the first answer to a retried key, looked up before
  deciding (a campaign's fold knows its keys) or only when the retry is refused (a battle's
  stored result, found by a query that a first request need not pay);
- ``statements``: a projection run in the append's round trip (a battle's facts on
  PostgreSQL), if any;
- ``project``: the projections and the answer after the append (a battle: inline; a
  campaign: enqueued for a Celery worker, in the append's transaction);
- ``attempts``: how often a command that lost a race is decided again on the fresh state (a
  battle: once, the lock makes races impossible; a campaign without an expected version:
  five times).

Each attempt is one transaction: whatever ``decide`` or ``project`` writes commits with the
events, or not at all.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from django.db import transaction

from eventstore.errors import WrongExpectedVersion
from eventstore.services import append
from eventstore.types import AppendResult, NewEvent, StreamId

S = TypeVar("S")  # the state a command decides on
R = TypeVar("R")  # what a write answers


class Command(Generic[S, R]):
    """One write to one stream; subclasses give the steps (see the module docstring)."""

    stream: StreamId
    idempotency_key: str | None = None
    #: How often the command is decided when the append finds the stream moved on.
    attempts: int = 1
    #: What ``decide`` raises to refuse (a retry of a request that succeeded is answered
    #: first, :meth:`answer_refused`).
    refusals: tuple[type[BaseException], ...] = ()

    def load(self) -> tuple[S, int]:
        """The state and the stream's version it is at."""
        raise NotImplementedError

    def answer_known(self, state: S) -> R | None:
        """The first answer to this command's key, if known without a query."""
        return None

    def decide(self, state: S, version: int) -> Sequence[NewEvent]:
        """The events to append (none: nothing to record), or raise a refusal."""
        raise NotImplementedError

    def answer_refused(self, state: S) -> R | None:
        """The first answer to this command's key when ``decide`` refused it (a retry of a
        request that succeeded is refused: the stream moved past it)."""
        return None

    def unchanged(self, state: S) -> R:
        """The answer when ``decide`` returned no events."""
        raise NotImplementedError

    def statements(self, state: S, events: Sequence[NewEvent]) -> Sequence[tuple[str, Any]]:
        """Statements to run in the append's round trip (a projection), or none."""
        return ()

    def replayed(self, state: S, result: AppendResult) -> R:
        """The answer when the event store reports the key as used (nothing appended)."""
        raise NotImplementedError

    def project(self, state: S, result: AppendResult) -> R:
        """Project the appended events (or enqueue their projection) and answer."""
        raise NotImplementedError


def write(command: Command[S, R]) -> R:
    """Load, decide, append at the loaded version, project; one transaction per attempt."""
    for attempt in range(1, command.attempts + 1):
        with transaction.atomic():
            state, version = command.load()
            known = command.answer_known(state)
            if known is not None:
                return known
            try:
                events = command.decide(state, version)
            except command.refusals:
                # A stored answer wins over any refusal. This lookup is a new statement: it
                # sees a write that the load's lock waited for (a concurrent retry).
                stored = command.answer_refused(state)
                if stored is not None:
                    return stored
                raise
            if not events:
                return command.unchanged(state)
            try:
                result = append(
                    command.stream,
                    expected_version=version,
                    events=events,
                    idempotency_key=command.idempotency_key,
                    then=command.statements(state, events),
                )
            except WrongExpectedVersion:
                if attempt < command.attempts:
                    continue  # decided again on the fresh state
                raise
            if result.replayed:
                return command.replayed(state, result)
            return command.project(state, result)
    raise AssertionError("unreachable")  # pragma: no cover
