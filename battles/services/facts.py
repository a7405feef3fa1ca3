"""Recording play: declarations, dice and draws (entered, or rolled and drawn by the server)
and decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from django.utils.translation import gettext as _

from battles import dice as dice_scheme
from battles.models import DiceSeed
from battles.services.writes import PlanContext, WriteResult, write
from config.errors import Conflict, Invalid, Refused
from rules.core.facts import DECIDE, DECLARE, DICE, DRAW, Command
from rules.core.system import DiceNeeded, DrawNeeded

#: ``"all"``: roll every pending die, round after round, until no dice are pending.
ServerDice = Sequence[str] | Literal["all"] | None

MAX_SERVER_ROUNDS = 100


def declare(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    command: Mapping[str, Any],
    dice: Mapping[str, Any] | None = None,
    server_dice: ServerDice = None,
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """Declare an action (``{"action", "unit", "params"}``), optionally with its entered
    ``dice`` (request key -> values) and ``server_dice`` to roll (keys or ``"all"``)."""

    def plan(ctx: PlanContext) -> None:
        data = Command.from_json(command).to_json()
        ctx.system.validate(ctx.fold.state, data)
        if dice:
            data["dice"] = dict(dice)
        ctx.add(DECLARE, data)
        _roll_on_server(ctx, server_dice)

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
        request_fingerprint=request_fingerprint,
    )


def enter_dice(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    rolls: Mapping[str, Any] | None = None,
    server_dice: ServerDice = None,
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """Record dice: ``rolls`` read off physical dice (source ``table``) and/or ``server_dice``
    rolled by the server (source ``server``); table dice are recorded first."""

    def plan(ctx: PlanContext) -> None:
        if not rolls and not server_dice:
            raise Invalid("no_dice", _("send 'rolls' and/or 'server_dice'"), field="rolls")
        if rolls:
            ctx.add(DICE, {"rolls": dict(rolls), "source": "table"})
        _roll_on_server(ctx, server_dice)

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
        request_fingerprint=request_fingerprint,
    )


def enter_draw(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    draws: Mapping[str, Any] | None = None,
    server_draw: ServerDice = None,
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """Record drawn cards or chips: ``draws`` read off the table (request key -> card ids,
    source ``table``) and/or the requests named by ``server_draw`` (keys or ``"all"``) drawn
    by the server (source ``server``); table draws are recorded first."""

    def plan(ctx: PlanContext) -> None:
        if not draws and not server_draw:
            raise Invalid("no_draw", _("send 'draws' and/or 'server_draw'"), field="draws")
        if draws:
            ctx.add(DRAW, {"draws": dict(draws), "source": "table"})
        _draw_on_server(ctx, server_draw)

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
        request_fingerprint=request_fingerprint,
    )


def decide(
    *,
    battle_id: int,
    user: Any,
    expected_version: int,
    key: str,
    choice: Any,
    idempotency_key: str | None = None,
    request_fingerprint: str | None = None,
) -> WriteResult:
    """Answer the pending decision ``key`` with ``choice``."""

    def plan(ctx: PlanContext) -> None:
        ctx.add(DECIDE, {"key": key, "choice": choice})

    return write(
        battle_id=battle_id,
        user=user,
        expected_version=expected_version,
        plan=plan,
        idempotency_key=idempotency_key,
        request_fingerprint=request_fingerprint,
    )


#: The seeds this process has read, by battle id (at most :data:`KEPT_SEEDS`, the oldest
#: forgotten first). A kept seed is used only while its SHA-256 is the battle's published
#: ``seed_sha256``, so a battle id given to another battle (after a rollback) never matches.
_KEPT_SEEDS: dict[int, str] = {}
KEPT_SEEDS = 256


def _seed(ctx: PlanContext, field: str) -> str:
    """The battle's secret seed (409 for an imported battle, which has none here); read
    once per process and battle (server dice: no query of their own after the first)."""
    battle = ctx.battle
    seed = _KEPT_SEEDS.get(battle.pk)
    if seed is not None and dice_scheme.seed_sha256(seed) == battle.seed_sha256:
        return seed
    seed = DiceSeed.objects.filter(battle=battle).values_list("seed", flat=True).first()
    if seed is not None:
        _KEPT_SEEDS.pop(battle.pk, None)
        if len(_KEPT_SEEDS) >= KEPT_SEEDS:
            del _KEPT_SEEDS[next(iter(_KEPT_SEEDS))]
        _KEPT_SEEDS[battle.pk] = seed
    if seed is None:
        raise Conflict(
            "server_dice_unavailable",
            _("this battle has no dice seed here (it was imported): enter the cards by hand")
            if field == "server_draw"
            else _("this battle has no dice seed here (it was imported): enter the dice by hand"),
            field=field,
        )
    return seed


def _draw_on_server(ctx: PlanContext, server_draw: ServerDice) -> None:
    """Plan server draw events, one request each (so the next request sees the cards this one
    took out): the pending requests named by ``server_draw``, or all of them, round after
    round; each shuffled from the seed and its event's version (:mod:`battles.dice`)."""
    if not server_draw:
        return
    seed = _seed(ctx, "server_draw")
    wanted = None if server_draw == "all" else set(server_draw)
    for _round in range(MAX_SERVER_ROUNDS):
        pending = ctx.system.pending(ctx.fold.state)
        if not isinstance(pending, DrawNeeded):
            break
        request = next((r for r in pending.requests if wanted is None or r.key in wanted), None)
        if request is None:
            break
        cards = dice_scheme.draw_request(
            seed, battle_id=ctx.battle.pk, version=ctx.next_version, request=request
        )
        ctx.add(
            DRAW,
            {"draws": {request.key: cards}, "source": "server"},
            server_requests={request.key: request.to_json()},
        )
        if wanted is not None:
            wanted.discard(request.key)
    if wanted:
        raise Refused(
            "wrong_draw",
            _("no draw %(keys)s is pending for the server to draw")
            % {"keys": ", ".join(sorted(wanted))},
            field="server_draw",
        )


def _roll_on_server(ctx: PlanContext, server_dice: ServerDice) -> None:
    """Plan server dice events: the pending requests named by ``server_dice`` (or all of
    them, round after round), each derived from the seed and its event's version."""
    if not server_dice:
        return
    seed = _seed(ctx, "server_dice")
    wanted = None if server_dice == "all" else set(server_dice)
    for _round in range(MAX_SERVER_ROUNDS):
        pending = ctx.system.pending(ctx.fold.state)
        if not isinstance(pending, DiceNeeded):
            break
        requests = [r for r in pending.requests if wanted is None or r.key in wanted]
        if not requests:
            break
        version = ctx.next_version
        rolls = {
            r.key: dice_scheme.roll_request(
                seed, battle_id=ctx.battle.pk, version=version, request=r
            )
            for r in requests
        }
        ctx.add(
            DICE,
            {"rolls": rolls, "source": "server"},
            server_requests={r.key: r.to_json() for r in requests},
        )
        if wanted is not None:
            wanted -= set(rolls)
    if wanted:
        raise Refused(
            "wrong_die",
            _("no die %(keys)s is pending for the server to roll")
            % {"keys": ", ".join(sorted(wanted))},
            field="server_dice",
        )
