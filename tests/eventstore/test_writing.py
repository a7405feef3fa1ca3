"""The one write path (eventstore.writing): load, decide, append at the loaded version,
project; a lost race is decided again as often as the command allows; a refused retry gets
the first answer; the idempotency helpers every keyed write shares."""
from __future__ import annotations

import pytest

from config.errors import Conflict, Refused
from eventstore import writing
from eventstore.errors import WrongExpectedVersion
from eventstore.idempotency import ensure_same_request, fingerprint
from eventstore.selectors import read_stream, stream_version
from eventstore.services import append
from eventstore.types import NewEvent

pytestmark = pytest.mark.django_db


class Count(writing.Command):
    """Appends one ``counted`` event holding the stream's version before it; a writer that
    gets in first after the load (``intruder``) makes the first append stale."""

    refusals = (Refused,)

    def __init__(self, stream, *, attempts=1, intruder=False, refuse=False, stored=None,
                 key=None):
        self.stream, self.attempts, self.intruder = stream, attempts, intruder
        self.refuse, self.stored, self.idempotency_key = refuse, stored, key
        self.decided: list[int] = []

    def load(self):
        return "state", stream_version(self.stream)

    def decide(self, state, version):
        self.decided.append(version)
        if self.refuse:
            raise Refused("no", "refused")
        if self.intruder:
            self.intruder = False
            append(self.stream, expected_version=version, events=[NewEvent("other", {})])
        return [NewEvent("counted", {"before": version})]

    def answer_refused(self, state):
        return self.stored

    def replayed(self, state, result):
        return ("replayed", result.to_version)

    def project(self, state, result):
        return ("recorded", result.to_version)


def test_a_command_is_appended_at_the_version_it_was_decided_on(new_stream):
    stream = new_stream()
    assert writing.write(Count(stream)) == ("recorded", 1)
    assert writing.write(Count(stream)) == ("recorded", 2)
    assert [e.data for e in read_stream(stream)] == [{"before": 0}, {"before": 1}]


def test_a_lost_race_is_decided_again_only_as_often_as_the_command_allows(new_stream):
    stream = new_stream()
    once = Count(stream, intruder=True)
    with pytest.raises(WrongExpectedVersion):
        writing.write(once)
    assert read_stream(stream) == []  # the attempt is one transaction, undone as a whole
    again = Count(stream, attempts=2, intruder=True)
    assert writing.write(again) == ("recorded", 2)
    assert again.decided == [0, 1]
    assert [(e.type, e.data) for e in read_stream(stream)] == [
        ("other", {}), ("counted", {"before": 1})]


def test_a_refused_retry_gets_the_stored_answer_and_a_refusal_appends_nothing(new_stream):
    stream = new_stream()
    assert writing.write(Count(stream, refuse=True, stored="first answer")) == "first answer"
    with pytest.raises(Refused):
        writing.write(Count(stream, refuse=True))
    assert stream_version(stream) == 0


def test_a_used_key_is_replayed_by_the_event_store(new_stream):
    stream = new_stream()
    assert writing.write(Count(stream, key="k")) == ("recorded", 1)
    stale = Count(stream, key="k")
    stale.load = lambda: ("state", 0)  # decided on the version the first use saw
    assert writing.write(stale) == ("replayed", 1)
    assert stream_version(stream) == 1


def test_a_key_reused_for_another_request_is_refused_unless_a_fingerprint_is_unknown():
    one, other = fingerprint("POST /a", {"x": 1}), fingerprint("POST /a", {"x": 2})
    assert one == fingerprint("POST /a", {"x": 1}) and one != other
    ensure_same_request(one, one)
    ensure_same_request(None, one)
    ensure_same_request(one, None)
    with pytest.raises(Refused) as error:
        ensure_same_request(one, other)
    assert (error.value.code, error.value.field) == ("idempotency_key_reused", "Idempotency-Key")
    assert not issubclass(Refused, Conflict)
