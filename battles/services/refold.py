"""A correction's refold: the log rows, snapshots and head state a correction changes.

A correction makes its target fact count as absent or as amended from then on, so the
projections after the target must be recomputed (``docs/battles.md``, "Corrections"). The
refold starts from the last snapshot before the target and reads on in chunks (events and
log rows, up to :data:`CHUNK` events a query), comparing what it derives with what is stored:

- a log row is rewritten only when its derived content (status, effects, problem, ...)
  changed, in bounded batches (:func:`battles.services.projection_sql.rewrite_log`);
- at the first snapshot version at or after the target, and at each later one whose
  interval changed no log row, the refolded state is compared with the stored snapshot.
  When they are equal nothing after it can change (every later event folds on the same
  state under the same corrections), so the refold stops there: the later log rows,
  snapshots and the head state stay as they are.

A correction that changes nothing downstream thus folds one or two snapshot intervals,
whatever the battle's length; one that changes everything after it folds to the head and
rewrites every later row, each row read and written once, and loads no stored snapshot
while rows keep changing.

Its consequences (the facts whose status or effects changed) are summarised
(:func:`consequence_summary`): counted by change of status, the first :data:`LISTED`
listed with their texts before and after, so that the answer stays small whatever the
battle's length. Each changed row records the correction (``changed_by``): the log API
lists the rest (``log/?changed_by=<correction>``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from battles import replay
from battles.models import Battle, BattleSnapshot
from battles.selectors import corrections_of
from battles.services import projection_sql
from battles.streams import stream_of
from eventstore import jsontext
from eventstore.selectors import read_stream
from rules.core.system import RuleSystem, State

#: The most events read (from the stream and the log) per query.
CHUNK = 1000
#: The most snapshots (about 20 KB each for a club's battle) written per statement.
SNAPSHOT_BATCH = 20

#: The consequences listed fact by fact in a correction's answer and log row (the rest are
#: counted, and read from the log: ``?changed_by=<correction>``).
LISTED = 20

#: The log row's columns that a fold derives (and a correction may change).
LOG_FIELDS = tuple(column for column, _type in projection_sql.DERIVED_COLUMNS)


@dataclass
class Refold:
    """What a correction changed: the state at the correction (``None``: the head state
    before it, unchanged), the snapshots it stored (version -> state JSON), the versions of the
    log rows rewritten, and the consequences (facts whose status or effects changed): the
    first :data:`LISTED` of them, their number by change of status, the first and last."""

    state: State | None
    snapshots: dict[int, dict] = field(default_factory=dict)
    snapshots_written: int = 0
    rewritten: list[int] = field(default_factory=list)
    consequences: list[dict] = field(default_factory=list)
    by_change: Counter = field(default_factory=Counter)
    first_changed: int | None = None
    last_changed: int | None = None

    @property
    def changed(self) -> int:
        """How many facts' status or effects changed."""
        return sum(self.by_change.values())


def refold(*, battle: Battle, system: RuleSystem, correction: Any) -> Refold:
    """Refold the battle for ``correction`` (a recorded ``correction.*`` event, not yet in
    the log) and rewrite the log rows after its target whose derived content changed.

    The recomputed snapshots are stored too, :data:`SNAPSHOT_BATCH` a statement. Must run
    inside the correction's transaction, after the log rows before the correction are
    stored.
    """
    target = int(correction.data["target"])
    corrections = corrections_of(battle=battle)
    corrections[target] = replay.Correction(
        correction.version,
        correction.type,
        correction.data.get("data") if correction.type == replay.AMEND else None,
    )
    start_version, start_state = (
        BattleSnapshot.objects.filter(battle=battle, version__lt=target)
        .order_by("-version")
        .values_list("version", "state")
        .first()
    )
    fold = replay.Fold(system, system.state_from_json(start_state), corrections)
    stream, every, end = stream_of(battle), battle.snapshot_every, correction.version - 1
    result = Refold(state=None)
    changed: list[dict] = []
    first, span = start_version + 1, every
    while first <= end:
        # Read in chunks that end on snapshot versions: one interval first (a correction
        # that changes nothing downstream stops at its end), then doubling up to CHUNK.
        last = min(end, (first + span - 1) // every * every)
        span = min(span * 2, max(every, CHUNK // every * every))
        stored = _stored_rows(battle, max(first, target), last)
        changed_before = len(result.rewritten) + len(changed)
        for event in read_stream(stream, from_version=first, to_version=last):
            outcome = fold.feed(event.version, event.type, event.data)
            before = stored.get(event.version)
            if before is not None and replay.is_fact(event.type):
                _compare(event, outcome, before, changed, result, correction.version)
            if len(changed) >= projection_sql.REWRITE_BATCH:
                _rewrite(battle, changed, result)
            if event.version % every or event.version < target:
                continue
            # A snapshot version at or after the target. Compared with the stored snapshot
            # after the target's own interval only when no row changed since the last one.
            if event.version < target + every or changed_before == len(result.rewritten) + len(
                changed
            ):
                snapshot = _as_stored(system.state_to_json(fold.state))
                if snapshot == _stored_snapshot(battle, event.version):
                    _rewrite(battle, changed, result)
                    _write_snapshots(battle, result)
                    return result  # the same state as before: nothing after it changes
            else:
                snapshot = system.state_to_json(fold.state)
            result.snapshots[event.version] = snapshot
            if len(result.snapshots) - result.snapshots_written >= SNAPSHOT_BATCH:
                _write_snapshots(battle, result)
            changed_before = len(result.rewritten) + len(changed)
        first = last + 1
    _rewrite(battle, changed, result)
    _write_snapshots(battle, result)
    result.state = fold.state
    return result


def _compare(
    event, outcome, before: dict, changed: list[dict], result: Refold, correction: int
) -> None:
    """Queue the row of ``event`` for rewriting if its derived fields differ from ``before``
    (as stored), and count it among the consequences (marked ``changed_by`` the
    ``correction``) if its status or effects changed. A row whose status changed is both,
    without decoding its stored JSON (a correction that changes everything after it changes
    the status of nearly every later row)."""
    if before["status"] != outcome.status:
        changed.append({"version": event.version, **outcome_fields(outcome),
                        "changed_by": correction})
        _count(event, outcome, before, result)
        return
    before = _decoded(before)
    consequence = _key(before) != outcome.key()
    after = outcome_fields(outcome)
    if after != before:  # a quick check first: no JSON round trip for an unchanged row
        after = _as_stored(after)
        if after != before:
            changed.append(
                {"version": event.version, **after,
                 "changed_by": correction if consequence else None}
            )
    if consequence:
        _count(event, outcome, before, result)


def _count(event, outcome, before: dict, result: Refold) -> None:
    """Count a consequence; list it if fewer than :data:`LISTED` are."""
    result.by_change[before["status"], outcome.status] += 1
    if result.first_changed is None:
        result.first_changed = event.version
    result.last_changed = event.version
    if len(result.consequences) < LISTED:
        result.consequences.append(
            {
                "version": event.version,
                "type": event.type,
                "before": {"status": before["status"], "text": before["text"]},
                "after": {"status": outcome.status, "text": outcome.text},
            }
        )


def _write_snapshots(battle: Battle, result: Refold) -> None:
    """Store the recomputed snapshots not yet stored (one statement)."""
    versions = list(result.snapshots)[result.snapshots_written :]
    if versions:
        projection_sql.execute(
            projection_sql.statements(
                battle=battle, stream=None, rows=[], units=[], response=None,
                snapshots={v: result.snapshots[v] for v in versions}, battle_columns=False,
            )
        )
    result.snapshots_written = len(result.snapshots)


def _rewrite(battle: Battle, changed: list[dict], result: Refold) -> None:
    """Rewrite the queued rows and empty the queue."""
    projection_sql.rewrite_log(battle, changed)
    result.rewritten += [row["version"] for row in changed]
    changed.clear()


def _stored_rows(battle: Battle, first: int, last: int) -> dict[int, dict]:
    """The derived fields of the log rows ``first..last`` as stored (version -> fields),
    JSON fields as text until :func:`_decoded`."""
    return {
        version: dict(zip(LOG_FIELDS, fields, strict=True))
        for version, *fields in projection_sql.derived_rows(battle, first, last)
    }


#: The derived fields stored as JSON (text in a stored row until decoded).
_JSON_FIELDS = tuple(
    column for column, sql_type in projection_sql.DERIVED_COLUMNS if sql_type == "jsonb"
)


def _decoded(stored: dict) -> dict:
    """A stored row with its JSON fields decoded."""
    return {
        name: (jsontext.loads(value) if name in _JSON_FIELDS and value is not None else value)
        for name, value in stored.items()
    }


def _stored_snapshot(battle: Battle, version: int) -> dict | None:
    rows = BattleSnapshot.objects.filter(battle=battle, version=version)
    return rows.values_list("state", flat=True).first()


def _key(fields: dict) -> tuple:
    """:meth:`replay.Outcome.key` of a stored row."""
    return (fields["status"], tuple(e.get("text", "") for e in fields["effects"] or ()))


def outcome_fields(outcome: replay.Outcome) -> dict:
    """The log row's derived fields of ``outcome``."""
    return {
        "status": outcome.status,
        "effects": outcome.effects,
        "text": outcome.text,
        "problem": outcome.problem,
        "effective_data": outcome.effective_data,
        "corrected_by": outcome.corrected_by,
    }


def _as_stored(value: Any) -> Any:
    """``value`` as the database gives it back (JSON: lists, not tuples; string keys)."""
    return jsontext.loads(jsontext.dumps(value))


def consequence_summary(changes: Refold) -> dict:
    """A correction's consequences as its answer and log row give them: how many facts'
    status or effects changed (``changed``), by change of status (``by_change``, most
    frequent first), the first and last of them (``first_version``, ``last_version``),
    and the first :data:`LISTED` fact by fact (``facts``: before and after); ``more``
    facts are not listed (read them from the log: ``?changed_by=<correction>``)."""
    return {
        "changed": changes.changed,
        "by_change": [
            {"before": before, "after": after, "count": count}
            for (before, after), count in sorted(
                changes.by_change.items(), key=lambda item: (-item[1], item[0])
            )
        ],
        "first_version": changes.first_changed,
        "last_version": changes.last_changed,
        "facts": changes.consequences,
        "more": changes.changed - len(changes.consequences),
    }


def consequence_text(summary: dict) -> str:
    """The consequences as one sentence: ``"#4 now voided: no effect; #5 now applied: ..."``,
    ending with how many more facts changed when not all are listed."""
    if not summary["changed"]:
        return "no derived outcome changed"
    parts = []
    for c in summary["facts"]:
        after = c["after"]
        what = after["text"] or "no effect"
        parts.append(f"#{c['version']} now {after['status']}: {what}")
    if summary["more"]:
        parts.append(f"{summary['more']} more facts changed, to #{summary['last_version']}")
    return "; ".join(parts)
