"""Starting and concluding battles, and correcting recorded facts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from battles import dice as dice_scheme
from battles import replay
from battles.models import Battle, BattleLogEntry, BattleParticipant, CreationKey, DiceSeed
from battles.results import RESULTS
from battles.selectors import ORGANIZER, battle_role, state_at
from battles.services.projection import project
from battles.services.writes import PlanContext, WriteResult, write
from battles.signals import battle_concluded, battle_concluding
from battles.streams import stream_of
from clubs.models import Club
from clubs.selectors import members
from config.errors import DomainError, Forbidden, Invalid, Refused
from eventstore.idempotency import ensure_same_request
from eventstore.services import append
from eventstore.types import NewEvent
from rules.core import registry
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.core.facts import DRAW, Fact
from rules.core.summary import summarize


@dataclass(frozen=True)
class ParticipantSpec:
    """A user taking part in a battle, and the side they play."""

    user: AbstractBaseUser
    side: str


def create_battle(
    *,
    club: Club,
    name: str,
    rule_system: str,
    setup: Mapping[str, Any],
    rule_version: str | None = None,
    participants: Iterable[ParticipantSpec] = (),
    created_by: AbstractBaseUser | None = None,
    snapshot_every: int | None = None,
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> Battle:
    """Start a battle: validate ``setup`` with the rule system (``rule_version`` defaults to
    the newest registered), commit to a fresh dice seed and record ``battle.started``.

    ``setup`` is the rule system's force setup (sides, units, options); participants must be
    members of ``club`` and play one of the setup's sides. Raises ``RuleError`` (unknown
    system, ``bad_setup`` with ``field`` under ``setup.``) or a domain error (participants).

    ``idempotency_key`` (with ``created_by``): the battle this user started with this key
    is returned instead of a new one (422 ``idempotency_key_reused`` if that request had
    another ``request_fingerprint``), also when the two requests run at the same time.
    """
    participants = list(participants)
    if idempotency_key is None:
        return _create_battle(
            club, name, rule_system, setup, rule_version, participants, created_by,
            snapshot_every,
        )
    if created_by is None or not 0 < len(idempotency_key) <= KEY_MAX_LENGTH:
        raise Invalid(
            "bad_idempotency_key",
            _("an Idempotency-Key is 1 to %(max)s characters, sent by a signed-in user")
            % {"max": KEY_MAX_LENGTH},
            field="Idempotency-Key",
        )
    request_print = request_fingerprint or ""
    found = _created_with(created_by, idempotency_key, request_print)
    if found is not None:
        return found
    try:
        with transaction.atomic():
            battle = _create_battle(
                club, name, rule_system, setup, rule_version, participants, created_by,
                snapshot_every,
            )
            CreationKey.objects.create(
                user=created_by, key=idempotency_key, fingerprint=request_print, battle=battle
            )
    except IntegrityError:  # the same request, sent at the same time, started it first
        found = _created_with(created_by, idempotency_key, request_print)
        if found is None:
            raise
        return found
    return battle


#: Longest Idempotency-Key accepted when starting a battle.
KEY_MAX_LENGTH = CreationKey._meta.get_field("key").max_length


def _created_with(user: AbstractBaseUser, key: str, request_print: str) -> Battle | None:
    """The battle ``user`` started with ``key``, if any (422 if for another request)."""
    found = (
        CreationKey.objects.filter(user=user, key=key)
        .values_list("fingerprint", "battle_id")
        .first()
    )
    if found is None:
        return None
    ensure_same_request(found[0], request_print)
    return Battle.objects.get(pk=found[1])


def _create_battle(
    club: Club,
    name: str,
    rule_system: str,
    setup: Mapping[str, Any],
    rule_version: str | None,
    participants: list[ParticipantSpec],
    created_by: AbstractBaseUser | None,
    snapshot_every: int | None,
) -> Battle:
    system = registry.get(rule_system, rule_version)
    try:
        state = system.initial_state(setup)
    except RuleError as error:
        error.field = "setup" + (f".{error.field}" if error.field else "")
        raise
    _check_participants(club, participants, _sides(system, state))
    seed = dice_scheme.new_seed()
    with transaction.atomic():
        battle = Battle.objects.create(
            club=club,
            name=name,
            rule_system=system.id,
            rule_version=system.version,
            seed_sha256=dice_scheme.seed_sha256(seed),
            created_by=created_by,
            **({"snapshot_every": snapshot_every} if snapshot_every else {}),
        )
        DiceSeed.objects.create(battle=battle, seed=seed)
        BattleParticipant.objects.bulk_create(
            BattleParticipant(battle=battle, user=p.user, side=p.side) for p in participants
        )
        data = {
            "battle_id": battle.pk,
            "name": name,
            "rules": {"system": system.id, "version": system.version},
            "setup": dict(setup),
            "seed_sha256": battle.seed_sha256,
        }
        result = append(
            stream_of(battle),
            expected_version=0,
            events=[NewEvent(replay.STARTED, data, {"user": getattr(created_by, "pk", None)})],
        )
        project(battle=battle, events=result.events, state=None, system=system)
    return battle


def _sides(system, state) -> tuple[str, ...] | None:
    try:
        return summarize(system, state).sides
    except RuleError:
        return None  # the system gives no summary: sides are not checked


def club_participants(club: Club, entries: Iterable[tuple[int, str]]) -> list[ParticipantSpec]:
    """Participants from (user id, side) pairs, each a member of ``club``.

    An id outside the club -- another club's user, a superuser, no user at all -- gets the
    same ``not_a_member`` error, which names no one: ids cannot be used to look users up."""
    entries = list(entries)
    found = {
        user.pk: user
        for user in members(club_id=club.pk).filter(pk__in=[user_id for user_id, _side in entries])
    }
    for index, (user_id, _side) in enumerate(entries):
        if user_id not in found:
            raise _not_a_member(user_id, index)
    return [ParticipantSpec(user=found[user_id], side=side) for user_id, side in entries]


def _not_a_member(user_id: int, index: int) -> DomainError:
    return Invalid(
        "not_a_member",
        _("user %(id)s is not a member of this club") % {"id": user_id},
        field=f"participants.{index}.user",
    )


def _check_participants(club: Club, participants: list[ParticipantSpec], sides) -> None:
    member_ids = set(members(club_id=club.pk).values_list("pk", flat=True))
    seen = set()
    for index, p in enumerate(participants):
        if p.user.pk not in member_ids:
            raise _not_a_member(p.user.pk, index)
        if sides is not None and p.side not in sides:
            raise Invalid(
                "unknown_side",
                _("side %(side)r is not in the setup (sides: %(sides)s)")
                % {"side": p.side, "sides": ", ".join(sides)},
                field=f"participants.{index}.side",
            )
        if p.user.pk in seen:
            raise Invalid(
                "duplicate_participant",
                _("user %(id)s is listed twice") % {"id": p.user.pk},
                field=f"participants.{index}.user",
            )
        seen.add(p.user.pk)


def conclude_battle(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    result: Mapping[str, str],
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """Conclude with ``result`` (side -> win/lose/draw for every side): record the casualty
    summary and reveal the dice seed in ``battle.concluded``; send
    :data:`battles.signals.battle_concluding` in the transaction and
    :data:`battles.signals.battle_concluded` after it commits."""

    def plan(ctx: PlanContext) -> None:
        summary = summarize(ctx.system, ctx.fold.state)
        check_result(result, summary.sides)
        seed = DiceSeed.objects.filter(battle=ctx.battle).values_list("seed", flat=True).first()
        ctx.add(
            replay.CONCLUDED,
            {"result": dict(result), "summary": summary.to_json(), "seed": seed},
        )
        battle_pk = ctx.battle.pk
        battle_concluding.send(sender=Battle, battle_id=battle_pk)
        # robust: a receiver that fails is logged; the committed conclusion still answers
        transaction.on_commit(lambda: battle_concluded.send(sender=Battle, battle_id=battle_pk),
                              robust=True)

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
    )


#: Longest reason for reopening a battle.
REASON_MAX = 500


def reopen_battle(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    reason: str,
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """An organizer reopens a concluded battle to correct it (``battle.reopened``, with the
    reason): facts and corrections are accepted again until it is concluded again, and the
    next conclusion is taken over again by its campaign (which voids the first take-over).
    The seed revealed at the conclusion is public, so the reopening draws a new secret seed
    and commits to it in the event (``seed_sha256``, a new seed epoch, :mod:`battles.dice`):
    server dice after it derive from the new seed, which the next conclusion reveals."""

    def plan(ctx: PlanContext) -> None:
        if battle_role(user=ctx.user, battle=ctx.battle) != ORGANIZER:
            raise Forbidden("not_an_organizer",
                            _("only the club's organizers may reopen a battle"))
        if ctx.battle.is_open:
            raise Refused("battle_open", _("battle %(battle)s is not concluded")
                          % {"battle": ctx.battle.pk})
        text = reason.strip() if isinstance(reason, str) else ""
        if not text or len(text) > REASON_MAX:
            raise Invalid("reason_required",
                          _("say why the battle is reopened (at most %(most)s characters)")
                          % {"most": REASON_MAX}, field="reason")
        seed = dice_scheme.new_seed()
        commitment = dice_scheme.seed_sha256(seed)
        ctx.add(replay.REOPENED, {"reason": text, "seed_sha256": commitment})
        # an imported battle had no seed here: from this epoch on, it has one
        DiceSeed.objects.update_or_create(battle=ctx.battle, defaults={"seed": seed})
        Battle.objects.filter(pk=ctx.battle.pk).update(seed_sha256=commitment)
        ctx.battle.seed_sha256 = commitment

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
        request_fingerprint=request_fingerprint,
        allow_concluded=True,
    )


def check_result(result: Mapping[str, str], sides: Iterable[str]) -> None:
    sides = tuple(sides)
    if not isinstance(result, Mapping):
        raise Invalid("bad_result", _("result maps each side to win, lose or draw"),
                       field="result")
    for side, outcome in result.items():
        if side not in sides:
            raise Invalid(
                "unknown_side",
                _("side %(side)r is not in this battle (sides: %(sides)s)")
                % {"side": side, "sides": ", ".join(sides)},
                field=f"result.{side}",
            )
        if outcome not in RESULTS:
            raise Invalid(
                "bad_result",
                _("%(side)s: %(outcome)r is not one of win, lose, draw")
                % {"side": side, "outcome": outcome},
                field=f"result.{side}",
            )
    missing = [s for s in sides if s not in result]
    if missing:
        raise Invalid("bad_result", _("no result for side %(sides)s") % {"sides": ", ".join(missing)},
                       field="result")
    _check_consistent(result)


def _check_consistent(result: Mapping[str, str]) -> None:
    """One battle, one story: at most one side wins, and a side that wins leaves no other
    side drawing; a draw is shared by at least two sides. Sides may all lose."""
    by_outcome: dict[str, list[str]] = {outcome: [] for outcome in RESULTS}
    for side, outcome in result.items():
        by_outcome[outcome].append(side)
    winners, drawn = by_outcome["win"], by_outcome["draw"]
    if len(winners) > 1:
        raise Invalid(
            "inconsistent_result",
            _("%(sides)s cannot all win: at most one side wins a battle")
            % {"sides": ", ".join(winners)},
            field=f"result.{winners[1]}",
        )
    if winners and drawn:
        raise Invalid(
            "inconsistent_result",
            _("%(winner)s wins, so %(drawn)s cannot draw: the others lose")
            % {"winner": winners[0], "drawn": ", ".join(drawn)},
            field=f"result.{drawn[0]}",
        )
    if len(drawn) == 1:
        raise Invalid(
            "inconsistent_result",
            _("%(side)s cannot draw alone: a draw is shared by at least two sides")
            % {"side": drawn[0]},
            field=f"result.{drawn[0]}",
        )


def correct(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    target_version: int,
    action: Literal["void", "amend"],
    data: Mapping[str, Any] | None = None,
    reason: str = "",
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """Void the fact at ``target_version`` or amend it to ``data`` (its whole new payload).

    Appends a ``correction.*`` event; the projections replay everything after the target,
    and facts that no longer fit are marked ``unfit`` (their dice must be entered again).
    Server dice cannot be corrected: they are superseded only through earlier facts.
    """

    def plan(ctx: PlanContext) -> None:
        row = BattleLogEntry.objects.filter(battle=ctx.battle, version=target_version).first()
        if row is None:
            raise Refused(
                "no_such_event",
                _("there is no event #%(version)s in this battle") % {"version": target_version},
                field="target_version",
            )
        if not replay.is_fact(row.type):
            raise Refused(
                "not_a_fact",
                _("event #%(version)s (%(type)s) is not a rules fact and cannot be corrected")
                % {"version": target_version, "type": row.type},
                field="target_version",
            )
        if row.data.get("source") == "server":
            raise Refused(
                "server_dice_immutable",
                (_("event #%(version)s holds a server draw, which stays as drawn; correct the "
                   "fact that asked for it instead") if row.type == DRAW else
                 _("event #%(version)s holds server dice, which stay as rolled; correct the fact "
                   "that asked for them instead")) % {"version": target_version},
                field="target_version",
            )
        payload: dict[str, Any] = {"target": target_version, "reason": reason}
        if action == "void":
            if row.status == BattleLogEntry.Status.VOIDED:
                raise Refused(
                    "already_voided",
                    _("event #%(version)s is already voided") % {"version": target_version},
                    field="target_version",
                )
            ctx.add(replay.VOID, payload)
            return
        if not isinstance(data, Mapping) or data.get("source") == "server":
            raise Invalid(
                "bad_amendment", _("an amendment needs the fact's new 'data'"), field="data"
            )
        before = state_at(battle=ctx.battle, version=target_version - 1, system=ctx.system)
        try:
            ctx.system.apply(before.state, Fact(row.type, dict(data)))
        except RuleError as error:
            error.field = "data" + (f".{error.field}" if error.field else "")
            error.message = Sentence(
                gettext_noop("the amended event #{version} does not fit: {reason}"),
                version=target_version, reason=error.message,
            )
            raise
        ctx.add(replay.AMEND, {**payload, "data": dict(data)})

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
        request_fingerprint=request_fingerprint,
    )
