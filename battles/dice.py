"""Verifiable server dice.

When a battle starts the server draws a secret 32-byte seed and publishes its SHA-256
(``Battle.seed_sha256``, also in the ``battle.started`` event). Each server die is derived,
never drawn: ``HMAC-SHA256(seed, "<battle id>|<stream version>|<request key>|<index>|<try>")``,
the first 8 bytes read as an unsigned big-endian integer ``x``; ``x`` is accepted when it is
below the largest multiple of ``sides`` under 2**64 (rejection sampling, so no modulo bias)
and the face is ``x % sides + 1``; otherwise ``try`` goes up by one. ``index`` counts the
physical dice of the request (0, 1, ...), including the re-rolls of exploding dice. The
stream version is the version of the ``dice`` event that records the roll, so a roll is
bound to its place in the stream. After conclusion the seed is revealed and anyone can
re-derive every server roll (:func:`verify_server_rolls`).

Server draws (cards or chips, :class:`rules.core.draws.DrawRequest`) come from the same seed.
The cards that may be drawn are the request's ``remaining`` ids, in deck order (the deck minus
the cards ``out``); ``n`` of them. A partial Fisher–Yates shuffle picks ``count`` of them: for
``i = 0 .. count-1``, ``j = i + u(n - i)`` and cards ``i`` and ``j`` are swapped; the first
``count`` cards are drawn, in that order. ``u(m)`` is a number below ``m`` taken from
``HMAC-SHA256(seed, "<battle id>|<stream version>|<request key>|draw|<i>|<try>")`` with the same
rejection sampling as a die (:func:`draw_request`). A server draw event records one request,
so the next request sees the cards out after it (:func:`verify_server_draws`).

Seed epochs. An organizer may reopen a concluded battle, whose seed is public by then; the
reopening draws a new secret seed and commits to it in ``battle.reopened``
(``{"reason", "seed_sha256"}``), and the next conclusion reveals it. A stream is thus a run
of epochs, each opened by the event that commits its seed (``battle.started`` or such a
``battle.reopened``) and revealed by the ``battle.concluded`` that ends it; a server roll or
draw is derived from the seed of the epoch it is recorded in (:func:`seed_epochs`,
:func:`epoch_of`). A reopening recorded before epochs (no ``seed_sha256``) opens none: the
epoch goes on with the seed already revealed, as those streams were rolled.

Pure functions, no Django.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from battles.replay import CONCLUDED, REOPENED, STARTED
from rules.core.dice import DiceRequest
from rules.core.draws import DrawRequest

_SPACE = 2**64


def new_seed() -> str:
    """A fresh secret seed, hex."""
    return secrets.token_hex(32)


def seed_sha256(seed_hex: str) -> str:
    """The public commitment to a seed: SHA-256 of its bytes, hex."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def _uniform(seed_hex: str, prefix: str, m: int) -> int:
    """A number in ``0..m-1`` from ``HMAC-SHA256(seed, "<prefix>|<try>")``, by rejection
    sampling on the digest's first 8 bytes (unsigned, big-endian)."""
    seed = bytes.fromhex(seed_hex)
    limit = _SPACE - (_SPACE % m)
    attempt = 0
    while True:
        message = f"{prefix}|{attempt}".encode()
        x = int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest()[:8], "big")
        if x < limit:
            return x % m
        attempt += 1


def derive_face(
    seed_hex: str, *, battle_id: int | str, version: int, key: str, index: int, sides: int
) -> int:
    """The face (1..sides) of one server die, by HMAC-SHA256 and rejection sampling."""
    return _uniform(seed_hex, f"{battle_id}|{version}|{key}|{index}", sides) + 1


def draw_request(
    seed_hex: str, *, battle_id: int | str, version: int, request: DrawRequest
) -> list[str]:
    """Server cards for one draw request: ``request.count`` ids from its remaining cards, by
    a partial Fisher–Yates shuffle driven by the seed (see the module's docstring)."""
    cards = list(request.remaining)
    for i in range(request.count):
        j = i + _uniform(seed_hex, f"{battle_id}|{version}|{request.key}|draw|{i}",
                         len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[: request.count]


def roll_request(
    seed_hex: str, *, battle_id: int | str, version: int, request: DiceRequest
) -> list:
    """Server values for one dice request: ``request.count`` values (totals for exploding
    dice, face labels for symbolic dice)."""
    values: list = []
    index = 0
    for _ in range(request.count):
        total = 0
        while True:
            face = derive_face(
                seed_hex,
                battle_id=battle_id,
                version=version,
                key=request.key,
                index=index,
                sides=request.sides,
            )
            index += 1
            total += face
            if not (request.explodes and face == request.sides):
                break
        values.append(request.faces[total - 1] if request.faces is not None else total)
    return values


@dataclass
class SeedEpoch:
    """One seed's span of a battle stream: committed by the event at ``opened_at``
    (``seed_sha256``), revealed (``seed``) by the ``battle.concluded`` at ``revealed_at``
    (``None`` while not yet)."""

    opened_at: int
    seed_sha256: str | None
    seed: str | None = None
    revealed_at: int | None = None

    @property
    def seed_matches(self) -> bool:
        """Whether the revealed seed is the committed one."""
        return self.seed is not None and self.seed_sha256 == seed_sha256(self.seed)


def seed_epochs(events: Iterable[tuple[int, str, Mapping]]) -> list[SeedEpoch]:
    """The seed epochs of a stream's ``(version, type, data)`` events, in order; each with
    the seed the first conclusion after its commitment revealed."""
    epochs: list[SeedEpoch] = []
    for version, event_type, data in events:
        if event_type == STARTED or (event_type == REOPENED and data.get("seed_sha256")):
            epochs.append(SeedEpoch(version, data.get("seed_sha256")))
        elif event_type == CONCLUDED and epochs and epochs[-1].revealed_at is None:
            epochs[-1].seed, epochs[-1].revealed_at = data.get("seed"), version
    return epochs


def epoch_of(epochs: list[SeedEpoch], version: int) -> SeedEpoch:
    """The epoch an event at ``version`` is recorded in: the last opened before it."""
    found = epochs[0]
    for epoch in epochs:
        if epoch.opened_at >= version:
            break
        found = epoch
    return found


@dataclass(frozen=True)
class RollCheck:
    """One server roll (or draw) re-derived from the revealed seed."""

    version: int
    key: str
    recorded: list
    derived: list

    @property
    def ok(self) -> bool:
        return self.recorded == self.derived

    def to_json(self) -> dict:
        return {
            "version": self.version,
            "key": self.key,
            "recorded": self.recorded,
            "derived": self.derived,
            "ok": self.ok,
        }


def verify_server_rolls(
    seed_hex: str,
    *,
    battle_id: int | str,
    rolls: Iterable[tuple[int, str, Mapping, list]],
) -> list[RollCheck]:
    """Re-derive ``(version, key, request_json, recorded_values)`` server rolls."""
    return _rederive(seed_hex, battle_id, rolls, DiceRequest.from_json, roll_request)


def verify_server_draws(
    seed_hex: str,
    *,
    battle_id: int | str,
    draws: Iterable[tuple[int, str, Mapping, list]],
) -> list[RollCheck]:
    """Re-derive ``(version, key, request_json, recorded_card_ids)`` server draws."""
    return _rederive(seed_hex, battle_id, draws, DrawRequest.from_json, draw_request)


def _rederive(seed_hex, battle_id, recorded_items, request_from_json, derive) -> list[RollCheck]:
    """Each recorded ``(version, key, request_json, recorded)`` beside what ``derive`` gives
    for its request from the seed."""
    return [
        RollCheck(version, key, list(recorded),
                  derive(seed_hex, battle_id=battle_id, version=version,
                         request=request_from_json(request_json)))
        for version, key, request_json, recorded in recorded_items
    ]
