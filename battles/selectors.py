"""Read side of battles: who may see what, state at a version, the log, odds, dice checks.

Keyword-only, typed. Writes live in :mod:`battles.services`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from django.db import connection, connections, transaction
from django.db.models import QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from battles import dice, replay
from battles.models import Battle, BattleLogEntry, BattleParticipant, BattleSnapshot, DiceSeed
from battles.streams import stream_of, system_of
from clubs.models import Membership
from clubs.selectors import club_role, clubs_of
from config.errors import Conflict, Forbidden, Invalid, NotFound
from config.request_input import INT64_MAX
from eventstore.selectors import read_stream
from eventstore.sql import cursor as prepared_cursor
from eventstore.types import RecordedEvent
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.summary import summarize
from rules.core.system import DiceNeeded, RuleSystem, State

PARTICIPANT = "participant"
ORGANIZER = "organizer"
MEMBER = "member"


# --- permissions -----------------------------------------------------------------------


def battle_role(*, user, battle: Battle) -> str | None:
    """``participant``, ``organizer`` (of the club), ``member`` (of the club) or ``None``.

    Participants and organizers may write; members read; anyone else sees nothing.
    """
    if hasattr(battle, "viewer_club_role"):  # annotated by :func:`battle_for`
        role, participant = battle.viewer_club_role, battle.viewer_participates
    else:
        role = club_role(user=user, club_id=battle.club_id)
        participant = BattleParticipant.objects.filter(battle=battle, user=user).exists()
    if role is None:
        return None
    if role == Membership.Role.ORGANIZER:
        return ORGANIZER
    return PARTICIPANT if participant else MEMBER


def visible_battles(*, user) -> QuerySet[Battle]:
    """Battles of the clubs the user belongs to."""
    if not getattr(user, "is_authenticated", False):
        return Battle.objects.none()
    return Battle.objects.filter(club_id__in=clubs_of(user=user)).select_related("club")


_BATTLE_FIELDS = tuple(Battle._meta.concrete_fields)
_BATTLE_ATTNAMES = [field.attname for field in _BATTLE_FIELDS]


def _battle_for_sql(lock: bool, skip_head: bool = False) -> str:
    """The battle's columns with the viewer's club role and participation (one round trip).

    With ``skip_head`` the first parameter is a version: the head state is not fetched
    (NULL) when the battle is at that version (the caller has that head already)."""
    return _battle_for_statement(
        lock and connection.features.has_select_for_update_of, skip_head
    )


@cache
def _battle_for_statement(lock: bool, skip_head: bool) -> str:
    """:func:`_battle_for_sql`'s text, built once per variant (it is on every write's path)."""
    battle, membership = Battle._meta.db_table, Membership._meta.db_table
    participant = BattleParticipant._meta.db_table
    lock_clause = " FOR UPDATE OF b" if lock else ""
    columns = ", ".join(
        f"CASE WHEN b.version = CAST(%s AS integer) THEN NULL ELSE b.{field.column} END"
        if skip_head and field.attname == "head_state"
        else f"b.{field.column}"
        for field in _BATTLE_FIELDS
    )
    return (
        f"SELECT {columns}, (SELECT m.role FROM {membership} m"
        f" WHERE m.club_id = b.club_id AND m.user_id = CAST(%s AS integer)),"
        f" EXISTS(SELECT 1 FROM {participant} p"
        f" WHERE p.battle_id = b.id AND p.user_id = CAST(%s AS integer))"
        f" FROM {battle} b WHERE b.id = CAST(%s AS bigint){lock_clause}"
    )


_CONVERTERS: WeakKeyDictionary[Any, tuple] = WeakKeyDictionary()


def _battle_converters(db) -> tuple:
    """(index, column, converters) of the battle's fields whose database values need
    converting (JSON text, SQLite's dates), as the ORM converts them; per connection."""
    converters = _CONVERTERS.get(db)
    if converters is None:
        found = []
        for index, field in enumerate(_BATTLE_FIELDS):
            column = field.get_col(Battle._meta.db_table)
            field_converters = db.ops.get_db_converters(column) + field.get_db_converters(db)
            if field_converters:
                found.append((index, column, tuple(field_converters)))
        converters = _CONVERTERS[db] = tuple(found)
    return converters


def _fetch_battle(sql: str, params: list) -> tuple[Battle, tuple] | None:
    """The battle built from the first columns of the row, and the row's other columns.

    Statements are prepared once per connection on PostgreSQL (parse and plan cost more
    than this query's execution), through the event store's preparing cursor. (Sending the
    transaction's ``BEGIN`` with it in psycopg's pipeline mode saves a round trip but costs
    more client CPU than it saves here: measured slower.)"""
    with prepared_cursor(connection) as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    db = connections[connection.alias]
    values = list(row[: len(_BATTLE_FIELDS)])
    for index, column, converters in _battle_converters(db):
        for converter in converters:
            values[index] = converter(values[index], column, db)
    battle = Battle.from_db(db.alias, _BATTLE_ATTNAMES, values)
    return battle, row[len(_BATTLE_FIELDS) :]


def battle_for(
    *,
    user,
    battle_id: int,
    write: bool = False,
    lock: bool = False,
    known_head: int | None = None,
) -> Battle:
    """The battle if the user may read it (or write, with ``write``), in one query; with
    ``lock`` its row is locked until the end of the transaction (writers queue on it).
    ``known_head``: a version whose head state the caller has (:mod:`battles.heads`); if the
    battle is still at it, ``head_state`` is not fetched (``None``).

    Outsiders get 404 ``not_found`` (the battle's existence is not disclosed); club members
    who do not take part get 403 ``not_a_participant`` on writes.
    """
    battle = None
    if getattr(user, "is_authenticated", False) and 0 < battle_id <= INT64_MAX:
        skip_head = known_head is not None
        found = _fetch_battle(
            _battle_for_sql(lock, skip_head),
            [known_head, user.pk, user.pk, battle_id] if skip_head else [user.pk, user.pk, battle_id],
        )
        if found is not None:
            battle, (role, participates) = found
            battle.viewer_club_role, battle.viewer_participates = role, bool(participates)
    role = battle_role(user=user, battle=battle) if battle is not None else None
    if role is None:
        raise NotFound(
            "not_found",
            _("no battle %(battle)s") % {"battle": battle_id},
        )
    if write and role == MEMBER:
        raise Forbidden(
            "not_a_participant",
            _("only the battle's participants and the club's organizers may record it"),
        )
    return battle


# --- state -------------------------------------------------------------------------------


def corrections_of(*, battle: Battle) -> dict[int, replay.Correction]:
    """Target version -> latest correction, from the log projection."""
    rows = (
        BattleLogEntry.objects.filter(battle=battle, type__in=replay.CORRECTIONS)
        .order_by("version")
        .values_list("version", "type", "data")
    )
    return replay.corrections_from(rows)


@dataclass
class StateAt:
    """A battle's rule state at ``version``, with what it waits for."""

    battle: Battle
    system: RuleSystem
    version: int
    state: State

    @property
    def pending(self):
        return self.system.pending(self.state)

    def to_json(self) -> dict:
        return {
            "battle": self.battle.pk,
            "version": self.version,
            "head_version": self.battle.version,
            "status": self.battle.status,
            "state": self.system.state_to_json(self.state),
            "pending": pending_json(battle=self.battle, pending=self.pending),
        }


@contextmanager
def one_snapshot() -> Iterator[None]:
    """Reads inside see the database as of one moment: on PostgreSQL a ``REPEATABLE READ``
    transaction (each statement of the default ``READ COMMITTED`` sees its own moment, so a
    correction landing between the battle row, the snapshot and the events read for a past
    version could mix two versions of the past); elsewhere a transaction (SQLite's are
    serializable). Inside a transaction already begun, that one decides."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def state_at(
    *, battle: Battle, version: int | None = None, system: RuleSystem | None = None
) -> StateAt:
    """The state after ``version`` events (the head when ``None``), under every correction
    recorded so far: the head state projection, or else the latest snapshot at or before
    ``version`` plus the events after it."""
    system = system or system_of(battle)
    head = battle.version
    if version is None:
        version = head
    if not 1 <= version <= head:
        raise Invalid(
            "bad_version",
            _("version must be between 1 and %(head)s") % {"head": head},
            field="at",
        )
    if version == head and battle.head_state is not None:
        return StateAt(battle, system, version, system.state_from_json(battle.head_state))
    snapshot = (
        BattleSnapshot.objects.filter(battle=battle, version__lte=version)
        .order_by("-version")
        .first()
    )
    fold = replay.Fold(system, system.state_from_json(snapshot.state))
    if snapshot.version < version:
        fold.corrections = corrections_of(battle=battle) if battle.corrections else {}
        for event in read_stream(
            stream_of(battle), from_version=snapshot.version + 1, to_version=version
        ):
            fold.feed(event.version, event.type, event.data)
    return StateAt(battle, system, version, fold.state)


#: The unfit facts a pending request lists (the first ones: they are re-entered in order);
#: ``unfit_count`` counts them all, the log lists them all.
UNFIT_LISTED = 20


def pending_json(*, battle: Battle, pending: Any) -> dict:
    """The pending request as JSON, plus the facts a correction left unfit (to re-enter):
    the first :data:`UNFIT_LISTED` (``unfit``) and how many there are (``unfit_count``)."""
    out = pending.to_json()
    if not battle.corrections:
        return out  # facts become unfit only through corrections
    with prepared_cursor(connection) as cursor:  # the partial index on the unfit rows
        cursor.execute(_UNFIT_SQL, [battle.pk, battle.pk, UNFIT_LISTED])
        rows = cursor.fetchall()
    if rows:
        out["unfit"] = [
            {
                "version": version,
                "type": event_type,
                "problem": json.loads(problem) if isinstance(problem, str) else problem,
            }
            for version, event_type, problem, _count in rows
        ]
        out["unfit_count"] = rows[0][3]
    return out


_UNFIT = f"status = '{BattleLogEntry.Status.UNFIT.value}'"
#: The first unfit facts and the count of all (counted apart: a window count would fetch
#: every unfit row with its problem before the limit).
_UNFIT_SQL = (
    f"SELECT version, type, problem, (SELECT count(*) FROM {BattleLogEntry._meta.db_table}"
    f" WHERE battle_id = CAST(%s AS bigint) AND {_UNFIT})"
    f" FROM {BattleLogEntry._meta.db_table}"
    f" WHERE battle_id = CAST(%s AS bigint) AND {_UNFIT} ORDER BY version LIMIT %s"
)


# --- dice --------------------------------------------------------------------------------


def revealed_seed(*, battle: Battle) -> str | None:
    """The dice seed once the battle is concluded; ``None`` while it is open."""
    if battle.is_open:
        return None
    seed = DiceSeed.objects.filter(battle=battle).values_list("seed", flat=True).first()
    if seed is None:  # an imported battle: the seed is in its concluding event
        for event in read_stream(stream_of(battle), from_version=battle.version):
            if event.type == replay.CONCLUDED:
                seed = event.data.get("seed")
    return seed


def server_rolls(*, events: Iterable[RecordedEvent]) -> list[tuple[int, str, Mapping, list]]:
    """``(version, key, request, recorded values)`` of every server roll among ``events``,
    as :func:`battles.dice.verify_server_rolls` takes them."""
    return _server_records(events, "dice", "rolls")


def server_draws(*, events: Iterable[RecordedEvent]) -> list[tuple[int, str, Mapping, list]]:
    """``(version, key, request, recorded card ids)`` of every server draw among ``events``,
    as :func:`battles.dice.verify_server_draws` takes them."""
    return _server_records(events, "draw", "draws")


def _server_records(events, event_type: str, field: str) -> list[tuple[int, str, Mapping, list]]:
    out = []
    for event in events:
        if event.type == event_type and event.data.get("source") == "server":
            requests: Mapping = event.metadata.get("server_requests", {})
            for key, values in event.data[field].items():
                out.append((event.version, key, requests.get(key), values))
    return out


def verify_dice(*, battle: Battle) -> dict:
    """Re-derive every server roll and server draw of a concluded battle, each from the seed
    of its seed epoch (:func:`battles.dice.seed_epochs`: a reopening commits a new seed),
    revealed by the conclusion that ended the epoch (the last epoch's: the battle's seed).

    Raises 409 ``seed_not_revealed`` while the battle is open.
    """
    if battle.is_open:
        raise Conflict(
            "seed_not_revealed",
            _("the dice seed is revealed when the battle is concluded; verify then"),
        )
    events = read_stream(stream_of(battle))
    battle_id = events[0].data["battle_id"]
    epochs = dice.seed_epochs((e.version, e.type, e.data) for e in events)
    epochs[-1].seed = revealed_seed(battle=battle)
    rolls = server_rolls(events=events)
    draws = server_draws(events=events)
    checks, draw_checks, epochs_json = [], [], []
    for epoch in epochs:
        mine = [r for r in rolls if dice.epoch_of(epochs, r[0]) is epoch]
        my_draws = [d for d in draws if dice.epoch_of(epochs, d[0]) is epoch]
        if epoch.seed_matches:
            checks += dice.verify_server_rolls(epoch.seed, battle_id=battle_id, rolls=mine)
            draw_checks += dice.verify_server_draws(epoch.seed, battle_id=battle_id,
                                                    draws=my_draws)
        epochs_json.append({
            "from_version": epoch.opened_at, "seed_sha256": epoch.seed_sha256,
            "seed": epoch.seed, "seed_matches_commitment": epoch.seed_matches,
            "server_rolls": len(mine), "server_draws": len(my_draws),
        })
    seeds_ok = all(epoch.seed_matches for epoch in epochs)
    return {
        "battle": battle.pk,
        "seed_sha256": epochs[-1].seed_sha256,
        "seed": epochs[-1].seed,
        "seed_matches_commitment": seeds_ok,
        "server_rolls": len(rolls),
        "server_draws": len(draws),
        "verified": seeds_ok and all(c.ok for c in [*checks, *draw_checks]),
        "rolls": [c.to_json() for c in checks],
        "draws": [c.to_json() for c in draw_checks],
        "epochs": epochs_json,
    }


# --- rules versions ----------------------------------------------------------------------


def rule_version_diff(*, battle: Battle, rule_version: str) -> dict:
    """Replay the battle under another version of its rule system and list every event whose
    derived outcome (status, effects) would differ, and how the summary would differ."""
    other = system_of(battle, version=rule_version)
    events = read_stream(stream_of(battle))
    fold = replay.Fold(
        other, None, replay.corrections_from((e.version, e.type, e.data) for e in events)
    )
    rows = {row.version: row for row in BattleLogEntry.objects.filter(battle=battle)}
    differences = []
    report = {
        "battle": battle.pk,
        "rule_system": battle.rule_system,
        "rule_version": battle.rule_version,
        "other_version": other.version,
        "events_compared": len(events),
    }
    for event in events:
        try:
            outcome = fold.feed(event.version, event.type, event.data)
        except RuleError as error:  # only battle.started: the setup is invalid there
            return {**report, "setup_error": error.to_dict(), "differences": [], "differs": True}
        row = rows.get(event.version)
        if row is None or not replay.is_fact(event.type):
            continue
        current = replay.Outcome(row.version, row.type, row.status, row.effects)
        if current.key() != outcome.key():
            differences.append(
                {
                    "version": event.version,
                    "type": event.type,
                    "description": replay.describe(event.type, event.data),
                    "current": {
                        "status": current.status,
                        "text": current.text,
                        "effects": current.effects,
                    },
                    "other": {
                        "status": outcome.status,
                        "text": outcome.text,
                        "effects": outcome.effects,
                    },
                }
            )
    current_state = state_at(battle=battle)
    summaries = {}
    for name, system, state in (
        ("current", current_state.system, current_state.state),
        ("other", other, fold.state),
    ):
        try:
            summaries[name] = summarize(system, state).to_json()
        except RuleError:
            summaries[name] = None
    return {
        **report,
        "differences": differences,
        "summary": summaries,
        "pending": {
            "current": current_state.pending.to_json(),
            "other": other.pending(fold.state).to_json(),
        },
        "differs": bool(differences) or summaries["current"] != summaries["other"],
    }


@dataclass(frozen=True)
class Conclusion:
    """What a concluded battle leaves to its campaign: the result per side, the rule
    system's summary (``rules.core.summary.BattleSummary`` JSON) and the effects of every
    fact that counted, in stream order (voided and unfit facts had none)."""

    battle_id: int
    result: dict | None
    summary: dict
    log_effects: list
    #: The battle's version at this conclusion, and whether it was reopened before it (a
    #: conclusion after a reopening is taken over again).
    version: int = 0
    reopened: bool = False


#: Log rows whose effects count.
COUNTED = (BattleLogEntry.Status.APPLIED, BattleLogEntry.Status.AMENDED)


def conclusion_of(*, battle_id: int) -> Conclusion | None:
    """The battle's :class:`Conclusion`, or None while it is open (or if there is none)."""
    battle = Battle.objects.filter(pk=battle_id, status=Battle.Status.CONCLUDED).only(
        "pk", "result", "summary", "version"
    ).first()
    if battle is None:
        return None
    rows = BattleLogEntry.objects.filter(battle=battle, status__in=COUNTED).order_by("version")
    return Conclusion(
        battle_id=battle.pk, result=battle.result,
        summary=battle.summary or {"sides": []},
        log_effects=[effect for effects in rows.values_list("effects", flat=True)
                     for effect in effects or ()],
        version=battle.version,
        reopened=BattleLogEntry.objects.filter(battle=battle, type=replay.REOPENED).exists(),
    )


def concluded_versions(*, battle_ids) -> dict[int, tuple[int, bool]]:
    """Battle id -> (its version, whether it was ever reopened) of the concluded battles
    among ``battle_ids``."""
    concluded = dict(Battle.objects.filter(pk__in=list(battle_ids),
                                           status=Battle.Status.CONCLUDED)
                     .values_list("pk", "version"))
    reopened = set(BattleLogEntry.objects.filter(battle_id__in=list(concluded),
                                                 type=replay.REOPENED)
                   .values_list("battle_id", flat=True))
    return {pk: (version, pk in reopened) for pk, version in concluded.items()}


def concluded_battles() -> QuerySet:
    """The ids of every concluded battle (a subquery: ``battle__in=concluded_battles()``)."""
    return Battle.objects.filter(status=Battle.Status.CONCLUDED).values("pk")


def commands_of(*, battle: Battle) -> dict:
    """What may be declared now: the rule system's command catalogue at the head
    (:mod:`rules.core.catalogue`); empty once the battle is concluded. A rule system without a
    catalogue raises ``RuleError("not_implemented")``."""
    current = state_at(battle=battle)
    specs = current.system.commands(current.state) if battle.is_open else ()
    return {
        "battle": battle.pk,
        "version": current.version,
        "status": battle.status,
        "commands": [spec.to_json() for spec in specs],
    }


def summary_of(*, battle: Battle) -> dict:
    """What the campaign would take over if the battle were concluded now: the rule
    system's battle summary of the head state (a concluded battle: the one it recorded).
    Read-only; ``RuleError("not_implemented")`` if the system gives no summary."""
    if battle.status == Battle.Status.CONCLUDED and battle.summary is not None:
        return {"battle": battle.pk, "version": battle.version, "summary": battle.summary}
    current = state_at(battle=battle)
    return {"battle": battle.pk, "version": current.version,
            "summary": summarize(current.system, current.state).to_json()}


def odds_of(*, battle: Battle, command: Mapping[str, Any] | None = None) -> dict:
    """Exact odds of ``command`` if declared now (the rules must allow it), or, without a
    command, of the declaration whose dice are pending, computed on the state before it."""
    current = state_at(battle=battle)
    declared_at = None
    if command is None:
        if not isinstance(current.pending, DiceNeeded):
            raise RuleError(
                "nothing_declared",
                _("no declared action waits for its dice; send the command to evaluate"),
                field="command",
            )
        row = (
            BattleLogEntry.objects.filter(
                battle=battle,
                type="declare",
                status__in=[BattleLogEntry.Status.APPLIED, BattleLogEntry.Status.AMENDED],
            )
            .order_by("-version")
            .first()
        )
        declared_at = row.version
        command = row.effective_data or row.data
        current = state_at(battle=battle, version=declared_at - 1, system=current.system)
    command = {k: v for k, v in command.items() if k != "dice"}
    current.system.validate(current.state, command)
    distribution = current.system.odds(current.state, command)
    return {
        "battle": battle.pk,
        "version": battle.version,
        "declared_at": declared_at,
        "command": command,
        "outcomes": _labelled(distribution, battle.rule_system),
    }


def _labelled(distribution, system_id: str) -> list[dict]:
    """``distribution.to_json()`` (``outcome`` in the rules' English), each outcome with its
    ``label`` in the request's language from the rule system's terms."""
    terms = registry.terms(system_id)
    language = get_language() or "en"
    outcomes = distribution.to_json()
    labels = distribution.to_json(lambda value: terms.outcome(value, language) or str(value))
    return [{**o, "label": label["outcome"]} for o, label in zip(outcomes, labels, strict=True)]
