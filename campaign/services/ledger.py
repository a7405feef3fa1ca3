"""Reading and writing a campaign's ledger stream: the one path every campaign write takes.

:func:`record` loads the campaign's state (the fold of its stream), lets a ``decide``
function check the command against it and return the events, and appends them with the
version it read (DESIGN principle 5). A concurrent writer makes the append fail; the
command is then decided again on the fresh state, unless the caller named the version it
expected (then it is the caller's conflict: HTTP 409). A retried command with the same
idempotency key returns the first result and appends nothing. After commit, the campaign's
projections are brought up to date by a Celery task (principle 6).
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypedDict, Unpack

from django.utils.translation import gettext as _

from campaign.ledger.events import CORRECTION_TYPES, SCHEMA_VERSION, LedgerEvent
from campaign.ledger.fold import fold
from campaign.ledger.state import CampaignState
from config.errors import Refused
from eventstore import writing
from eventstore.errors import WrongExpectedVersion
from eventstore.idempotency import REQUEST_FINGERPRINT, ensure_same_request
from eventstore.selectors import read_stream
from eventstore.services import IDEMPOTENCY_KEY
from eventstore.types import AppendResult, NewEvent, RecordedEvent, StreamId

STREAM_TYPE = "campaign"
#: How many times a command is decided again after losing a race with another writer.
ATTEMPTS = 5

Decide = Callable[[CampaignState], Sequence[LedgerEvent]]


def stream_of(campaign_id: int) -> StreamId:
    return StreamId(STREAM_TYPE, str(campaign_id))


def ledger_of(*, campaign_id: int, to_version: int | None = None) -> list[RecordedEvent]:
    """The campaign's ledger events, oldest first (up to ``to_version``)."""
    return read_stream(stream_of(campaign_id), to_version=to_version)


def state_of(*, campaign_id: int) -> CampaignState:
    """The campaign as it stands now: the fold of its whole ledger."""
    return folded(campaign_id=campaign_id).state


# --- folded states, kept per process ----------------------------------------------------------
#
# A campaign's ledger only grows, so the fold of its first n events stays true: each process
# keeps the last state it folded per campaign (and one for the projector) and folds only the
# events after it. The cached state is used only if the stored event it ends at is still the
# same one (its position and timestamp), which rules out states read inside a transaction
# that was rolled back.


@dataclass(frozen=True)
class Folded:
    """A fold of the first ``state.version`` events; ``keys``: idempotency key -> versions."""

    state: CampaignState
    last: tuple[int, datetime] | None = None  # (position, recorded_at) of event ``version``
    keys: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


_FOLDED: dict[tuple[int, str], Folded] = {}
_LOCK = threading.Lock()


def folded(*, campaign_id: int, to_version: int | None = None, slot: str = "head") -> Folded:
    """The fold of the ledger (up to ``to_version``), from the process's cached fold in
    ``slot`` plus the events after it when that fold is still a prefix of the ledger."""
    stream = stream_of(campaign_id)
    cached = _FOLDED.get((campaign_id, slot))
    result = None
    if cached is not None and cached.last is not None and (
        to_version is None or cached.state.version <= to_version
    ):
        events = read_stream(stream, from_version=cached.state.version, to_version=to_version)
        if events and (events[0].position, events[0].recorded_at) == cached.last:
            result = extend_fold(cached, events[1:])
    if result is None:
        result = extend_fold(Folded(CampaignState(), None, {}), read_stream(stream,
                                                                         to_version=to_version))
    remember(campaign_id=campaign_id, folded_state=result, slot=slot)
    return result


def remember(*, campaign_id: int, folded_state: Folded, slot: str = "head") -> None:
    """Keep a fold for the next reader in this process (never an older one)."""
    if folded_state.last is None:
        return
    with _LOCK:
        current = _FOLDED.get((campaign_id, slot))
        if current is None or current.state.version <= folded_state.state.version:
            _FOLDED[(campaign_id, slot)] = folded_state


def forget(*, campaign_id: int) -> None:
    """Drop the process's folds of a campaign (a rebuild starts from nothing)."""
    with _LOCK:
        for key in [k for k in _FOLDED if k[0] == campaign_id]:
            del _FOLDED[key]


def extend_fold(base: Folded, events: Iterable[RecordedEvent]) -> Folded:
    """``base`` extended by the ``events`` after it; a correction among them changes the past,
    so the whole ledger up to the last of them is folded again (under every correction)."""
    events = list(events)
    if not events:
        return base
    if any(event.type in CORRECTION_TYPES for event in events):
        if events[0].version == 1:
            return _refolded(events)
        return _refolded(read_stream(events[0].stream, to_version=events[-1].version))
    keys = dict(base.keys)
    for event in events:
        key = event.metadata.get(IDEMPOTENCY_KEY)
        if key is not None:
            keys[key] = (*keys.get(key, ()), event.version)
    last = events[-1]
    return Folded(fold(events, state=base.state), (last.position, last.recorded_at), keys)


def _refolded(events: Sequence[RecordedEvent]) -> Folded:
    """The fold of a whole ledger (``events`` from version 1), corrections included."""
    keys: dict[str, tuple[int, ...]] = {}
    for event in events:
        key = event.metadata.get(IDEMPOTENCY_KEY)
        if key is not None:
            keys[key] = (*keys.get(key, ()), event.version)
    last = events[-1]
    return Folded(fold(events), (last.position, last.recorded_at), keys)


@dataclass(frozen=True)
class Recorded:
    """What a command recorded: the new ledger events and the state after them.

    ``replayed`` is true when the idempotency key had been used: ``events`` are those the
    first call stored and nothing was appended."""

    campaign_id: int
    events: tuple[RecordedEvent, ...]
    state: CampaignState
    replayed: bool = False

    @property
    def version(self) -> int:
        return self.state.version


def record(
    *,
    campaign_id: int,
    decide: Decide,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    metadata: dict[str, Any] | None = None,
    request_fingerprint: str | None = None,
) -> Recorded:
    """Decide a command on the campaign's current state and append its events
    (:func:`eventstore.writing.write`, the write path battles take too).

    ``decide(state)`` raises (a ``config.errors`` kind or ``RuleError``) to refuse the
    command, or returns the events to append (an empty list appends nothing).
    ``expected_version``, when given, must be the ledger's current version (else
    ``WrongExpectedVersion``: HTTP 409). ``request_fingerprint`` (with ``idempotency_key``) is
    kept in the events' metadata: a key used again for another request is refused (422
    ``idempotency_key_reused``).
    """
    return writing.write(LedgerWrite(
        campaign_id=campaign_id, decide=decide, actor_id=actor_id,
        idempotency_key=idempotency_key, expected_version=expected_version,
        metadata=metadata, request_fingerprint=request_fingerprint,
    ))


class LedgerWrite(writing.Command[Folded, Recorded]):
    """A command on a campaign's ledger: the fold of the ledger (cached per process) in, the
    ledger events out; the projections are brought up to date by a Celery task once the
    append commits. Decided again on the fresh state after losing a race, unless the caller
    named the version it expected."""

    def __init__(
        self, *, campaign_id: int, decide: Decide, actor_id: int | None,
        idempotency_key: str | None, expected_version: int | None,
        metadata: dict[str, Any] | None, request_fingerprint: str | None,
    ) -> None:
        self.campaign_id, self.decide_on, self.expected_version = (
            campaign_id, decide, expected_version)
        self.stream = stream_of(campaign_id)
        self.idempotency_key = idempotency_key
        self.request_fingerprint = request_fingerprint
        self.attempts = ATTEMPTS if expected_version is None else 1
        self.metadata = {**(metadata or {}), "actor": actor_id}
        if idempotency_key is not None and request_fingerprint is not None:
            self.metadata[REQUEST_FINGERPRINT] = request_fingerprint

    def load(self) -> tuple[Folded, int]:
        current = folded(campaign_id=self.campaign_id)
        return current, current.state.version

    def answer_known(self, current: Folded) -> Recorded | None:
        versions = current.keys.get(self.idempotency_key) if self.idempotency_key else None
        if not versions:
            return None
        first = read_stream(self.stream, from_version=versions[0], to_version=versions[-1])
        _ensure_same_request(first, self.request_fingerprint)
        return Recorded(self.campaign_id, tuple(first), current.state, replayed=True)

    def decide(self, current: Folded, version: int) -> list[NewEvent]:
        if self.expected_version is not None and self.expected_version != version:
            raise WrongExpectedVersion(
                self.stream, expected=self.expected_version, current_version=version
            )
        return [
            NewEvent(e.type, e.to_data(), metadata=self.metadata, schema_version=SCHEMA_VERSION)
            for e in self.decide_on(current.state)
        ]

    def unchanged(self, current: Folded) -> Recorded:
        return Recorded(self.campaign_id, (), current.state)

    def replayed(self, current: Folded, result: AppendResult) -> Recorded:
        # a concurrent retry with the same key won the race
        _ensure_same_request(result.events, self.request_fingerprint)
        return Recorded(self.campaign_id, result.events, state_of(campaign_id=self.campaign_id),
                        True)

    def project(self, current: Folded, result: AppendResult) -> Recorded:
        _enqueue_projection(self.campaign_id)  # in the append's transaction: the outbox
        return Recorded(self.campaign_id, result.events, extend_fold(current, result.events).state)


def _ensure_same_request(events: Sequence[RecordedEvent], request_fingerprint: str | None) -> None:
    """422 ``idempotency_key_reused`` if ``events`` (an earlier use of the key) answered a
    request with another fingerprint."""
    ensure_same_request(events[0].metadata.get(REQUEST_FINGERPRINT) if events else None,
                        request_fingerprint)


def _enqueue_projection(campaign_id: int) -> None:
    """Project the campaign once the append commits (through the outbox)."""
    from campaign.services.outbox import enqueue
    from campaign.tasks import project_campaign

    enqueue(project_campaign, campaign_id)


class WriteOptions(TypedDict, total=False):
    """How a command is appended, as :func:`record` reads them. Every write service takes
    them as ``**writing`` and hands them on to :func:`write` (the API fills them from the
    ``Idempotency-Key`` header and the body's ``expected_version``)."""

    idempotency_key: str | None
    expected_version: int | None
    request_fingerprint: str | None


@dataclass
class _Rehearsal:
    state: CampaignState
    events: list[LedgerEvent] = field(default_factory=list)


_REHEARSAL: ContextVar[_Rehearsal | None] = ContextVar("campaign_rehearsal", default=None)


def rehearse(state: CampaignState, command: Callable[[], object]) -> list[LedgerEvent]:
    """The events ``command`` (a write service called with its arguments) decides on
    ``state``, appending nothing: every check the service makes, made on a past state (an
    amendment is checked as the original command was, ``campaign.services.corrections``)."""
    rehearsal = _Rehearsal(state)
    token = _REHEARSAL.set(rehearsal)
    try:
        command()
    finally:
        _REHEARSAL.reset(token)
    return rehearsal.events


def write(
    *,
    campaign_id: int,
    user,
    decide: Decide,
    **writing: Unpack[WriteOptions],
) -> Recorded:
    """:func:`record` for a user's command (``user=None``: the system itself); a finished
    campaign refuses every command. Inside :func:`rehearse`, the command is decided on the
    rehearsal's state and nothing is appended."""

    def decide_unless_finished(state: CampaignState) -> Sequence[LedgerEvent]:
        if state.finished:
            raise Refused("campaign_finished", _("%(campaign)s is over: its ledger is closed") % {"campaign": state.name})
        return decide(state)

    rehearsal = _REHEARSAL.get()
    if rehearsal is not None:
        rehearsal.events = list(decide_unless_finished(rehearsal.state))
        return Recorded(campaign_id, (), rehearsal.state)

    return record(
        campaign_id=campaign_id,
        decide=decide_unless_finished,
        actor_id=getattr(user, "pk", None),
        **writing,
    )
