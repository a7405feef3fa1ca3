"""Export a battle as a JSON document of its events; import such a document elsewhere.

An import checks the document's shape first (the field at fault is named: strings that fit
their columns, no NUL, event versions from 1, known schema versions), then replays it
strictly: every fact must fit the state it was recorded against, corrections must target
earlier facts, server dice must be the dice the rules asked for and, once the seed is revealed,
the dice that seed derives; a concluding summary and result must agree with the rules. Any
failure rolls everything back: nothing is stored.

Idempotency keys: an event written with an ``Idempotency-Key`` (the battle page sends one with
every write) carries it in its metadata. They belonged to the original battle's requests, so
an import stores them as ``imported_idempotency_key`` in the metadata (and the original
``recorded_at`` as ``imported_recorded_at``), never as keys of the new stream: a copy never
collides with its original or with another copy, and the same document imports again as
another battle.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from battles import dice as dice_scheme
from battles import replay
from battles.models import Battle, BattleLogEntry, BattleParticipant
from battles.selectors import server_draws, server_rolls
from battles.services.battles import check_result
from battles.services.projection import project
from battles.streams import stream_of
from clubs.models import Club
from clubs.selectors import members
from config.errors import DomainError, Invalid
from eventstore import upcasting
from eventstore.errors import InvalidArgument
from eventstore.models import EVENT_TYPE_MAX_LENGTH
from eventstore.selectors import read_stream
from eventstore.services import IDEMPOTENCY_KEY, append
from eventstore.types import NewEvent, RecordedEvent
from rules.core import registry
from rules.core.errors import RuleError, Sentence
from rules.core.facts import DICE, DRAW
from rules.core.limits import LIMIT_EXCEEDED
from rules.core.summary import summarize
from rules.core.system import DiceNeeded, DrawNeeded, RuleSystem, State

FORMAT = "wargame-battle-export"
FORMAT_VERSION = 2
#: Format 1 spelled the battle's rule system and version ``rules_system``/``rules_version``.
_FORMAT_1_NAMES = {"rules_system": "rule_system", "rules_version": "rule_version"}
#: Where an imported event keeps the idempotency key and the time it was first recorded with.
IMPORTED_KEY = "imported_idempotency_key"
IMPORTED_AT = "imported_recorded_at"
_HEX_64 = re.compile("[0-9a-f]{64}")
# Characters no backend stores the same: NUL (jsonb refuses it) and lone UTF-16 surrogates.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _max_length(model, name: str) -> int:
    return model._meta.get_field(name).max_length


def export_concluded(events: list) -> bool:
    """Whether an export's events (as in the document) end with the battle's conclusion."""
    return bool(events) and isinstance(events[-1], Mapping) and \
        events[-1].get("type") == replay.CONCLUDED


def export_battle(*, battle: Battle) -> dict:
    """The battle as a JSON-compatible document: identity, participants and every event."""
    participants = [
        {"username": p.user.get_username(), "side": p.side}
        for p in battle.participants.select_related("user").order_by("pk")
    ]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "battle": {
            "name": battle.name,
            "rule_system": battle.rule_system,
            "rule_version": battle.rule_version,
            "status": battle.status,
            "participants": participants,
        },
        "events": [e.exported() for e in read_stream(stream_of(battle))],
    }


@dataclass
class ImportResult:
    """The imported battle and the exported participants that matched no club member."""

    battle: Battle
    unmatched_participants: list[dict] = field(default_factory=list)


def _bad(field_path: str, message: str, code: str = "invalid_import", **extra) -> DomainError:
    """``invalid_import`` naming the field at fault: ``"<field>: <message>"``. ``message`` is
    translated already, or a rule engine :class:`Sentence` (translated by the API layer)."""
    if isinstance(message, Sentence):
        return Invalid(code, Sentence("{field}: {reason}", field=field_path, reason=message),
                        field=field_path, **extra)
    text = _("%(field)s: %(problem)s") % {"field": field_path, "problem": message}
    return Invalid(code, text, field=field_path, **extra)


def _mapping(value: Any, path: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise _bad(path, _("must be a JSON object"))
    return value


def _string(value: Any, path: str, max_length: int | None = None) -> str:
    if not isinstance(value, str) or not value:
        raise _bad(path, _("must be a non-empty string"))
    if max_length is not None and len(value) > max_length:
        raise _bad(path, _("must be at most %(max)s characters") % {"max": max_length})
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _storable(document: Any) -> None:
    """Refuse, naming its path, a string or key with a NUL character or a lone surrogate, or a
    number that is not finite: no database stores them as they are. Iterative (no recursion
    limit to reach); paths are built only to name a problem found."""
    if _first_unstorable(document, with_paths=False) is None:
        return
    path, message = _first_unstorable(document, with_paths=True)
    raise _bad(path or "document", message)


def _first_unstorable(document: Any, *, with_paths: bool) -> tuple[str, str] | None:
    stack: list[tuple[Any, str]] = [(document, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if _UNSTORABLE.search(value):
                return path, _("contains a NUL character or a lone surrogate")
        elif isinstance(value, float):
            if not math.isfinite(value):
                return path, _("must be a finite number")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str) or _UNSTORABLE.search(key):
                    return path, _("contains a key with a NUL character or a lone surrogate")
                if isinstance(item, str | Mapping | list | tuple | float):
                    stack.append((item, f"{path}.{key}" if path else key) if with_paths else
                                 (item, path))
        elif isinstance(value, list | tuple):
            if with_paths:
                stack.extend((item, f"{path}.{i}" if path else str(i))
                             for i, item in enumerate(value))
            else:
                stack.extend((item, path) for item in value)
    return None


def validate_document(document: Any) -> tuple[Mapping, list[Mapping]]:
    """Check the document's shape; return its ``battle`` part and its events."""
    document = _mapping(document, "document")
    if document.get("format") != FORMAT:
        raise _bad("format", _("must be %(format)r") % {"format": FORMAT})
    format_version = document.get("format_version")
    if not _is_int(format_version) or format_version not in (1, FORMAT_VERSION):
        raise _bad("format_version", _("must be %(version)s") % {"version": FORMAT_VERSION})
    _storable(document)
    battle = _mapping(document.get("battle"), "battle")
    if format_version == 1:
        battle = {_FORMAT_1_NAMES.get(name, name): value for name, value in battle.items()}
    for name in ("name", "rule_system", "rule_version"):
        _string(battle.get(name), f"battle.{name}", _max_length(Battle, name))
    participants = battle.get("participants", [])
    if not isinstance(participants, list):
        raise _bad("battle.participants", _("must be a list"))
    user_model = get_user_model()
    for i, p in enumerate(participants):
        _mapping(p, f"battle.participants.{i}")
        _string(p.get("username"), f"battle.participants.{i}.username",
                _max_length(user_model, user_model.USERNAME_FIELD))
        _string(p.get("side"), f"battle.participants.{i}.side",
                _max_length(BattleParticipant, "side"))
    events = document.get("events")
    if not isinstance(events, list) or not events:
        raise _bad("events", _("must be a non-empty list"))
    type_max_length = min(EVENT_TYPE_MAX_LENGTH, _max_length(BattleLogEntry, "type"))
    fact_versions: set[int] = set()
    server_dice: set[int] = set()
    for i, event in enumerate(events):
        path = f"events.{i}"
        _mapping(event, path)
        version = event.get("version")
        if not _is_int(version) or version != i + 1:
            raise _bad(f"{path}.version", _("must be %(version)s (versions are contiguous from 1)")
                       % {"version": i + 1})
        event_type = _string(event.get("type"), f"{path}.type", type_max_length)
        current = upcasting.registry.current_version(event_type)
        schema_version = event.get("schema_version")
        if not _is_int(schema_version) or not 1 <= schema_version <= current:
            raise _bad(
                f"{path}.schema_version",
                _("must be a schema version of %(type)s known here: an integer from 1 to "
                  "%(current)s") % {"type": event_type, "current": current},
            )
        data = _mapping(event.get("data"), f"{path}.data")
        metadata = _mapping(event.get("metadata", {}), f"{path}.metadata")
        if (event_type == replay.STARTED) != (i == 0):
            raise _bad(f"{path}.type", _("%(type)s must be the first event, and only it")
                       % {"type": replay.STARTED})
        reopened_next = i + 1 < len(events) and isinstance(events[i + 1], Mapping) and (
            events[i + 1].get("type") == replay.REOPENED)
        if event_type == replay.CONCLUDED and i != len(events) - 1 and not reopened_next:
            raise _bad(f"{path}.type", _("%(type)s must be the last event, or be followed by "
                                         "%(reopened)s") % {"type": replay.CONCLUDED,
                                                            "reopened": replay.REOPENED})
        if event_type == replay.REOPENED and (i == 0 or not isinstance(events[i - 1], Mapping)
                                              or events[i - 1].get("type") != replay.CONCLUDED):
            raise _bad(f"{path}.type", _("%(type)s must follow %(concluded)s")
                       % {"type": replay.REOPENED, "concluded": replay.CONCLUDED})
        if event_type == replay.STARTED:
            _mapping(data.get("setup"), f"{path}.data.setup")
            rules = _mapping(data.get("rules"), f"{path}.data.rules")
            if (rules.get("system"), rules.get("version")) != (
                battle["rule_system"],
                battle["rule_version"],
            ):
                raise _bad(f"{path}.data.rules", _("must name the battle's rule system and version"))
            if not _HEX_64.fullmatch(str(data.get("seed_sha256"))):
                raise _bad(f"{path}.data.seed_sha256",
                           _("must be a SHA-256 digest: 64 lowercase hexadecimal digits"))
            if not _is_int(data.get("battle_id")):
                raise _bad(f"{path}.data.battle_id", _("must be an integer"))
        elif event_type in replay.CORRECTIONS:
            target = data.get("target")
            if not _is_int(target) or target not in fact_versions:
                raise _bad(f"{path}.data.target", _("must be the version of an earlier rules fact"))
            if target in server_dice:  # as the API: server dice stay as rolled
                raise _bad(f"{path}.data.target",
                           _("is a server dice event: server dice stay as rolled"))
            if event_type == replay.AMEND and _mapping(
                data.get("data"), f"{path}.data.data"
            ).get("source") == "server":
                raise _bad(f"{path}.data.data.source", _("an amendment cannot be server dice"))
        elif event_type == replay.REOPENED:
            _string(data.get("reason"), f"{path}.data.reason", 500)
            if "seed_sha256" in data and not _HEX_64.fullmatch(str(data["seed_sha256"])):
                raise _bad(f"{path}.data.seed_sha256",
                           _("must be a SHA-256 digest: 64 lowercase hexadecimal digits"))
        elif event_type == replay.CONCLUDED:
            _mapping(data.get("result"), f"{path}.data.result")
            _mapping(data.get("summary"), f"{path}.data.summary")
            seed = data.get("seed")
            if seed is not None and not _HEX_64.fullmatch(str(seed)):
                raise _bad(f"{path}.data.seed",
                           _("must be the dice seed (64 lowercase hexadecimal digits) or null"))
        else:
            fact_versions.add(i + 1)
            if event_type in _SERVER_FIELDS and data.get("source") == "server":
                server_dice.add(i + 1)
                field = _SERVER_FIELDS[event_type]
                requests = metadata.get("server_requests")
                rolls = data.get(field)
                if (
                    not isinstance(requests, Mapping)
                    or not isinstance(rolls, Mapping)
                    or set(requests) != set(rolls)
                ):
                    raise _bad(
                        f"{path}.metadata.server_requests",
                        _("server dice must name the request of every roll")
                        if event_type == DICE
                        else _("a server draw must name the request of every draw"),
                    )
                for key, values in rolls.items():
                    if not isinstance(values, list):
                        raise _bad(f"{path}.data.{field}.{key}", _("must be a list"))
                    if event_type == DRAW and not all(isinstance(v, str) for v in values):
                        raise _bad(f"{path}.data.{field}.{key}", _("must be a list of card ids"))
                    if not isinstance(requests[key], Mapping):
                        raise _bad(f"{path}.metadata.server_requests.{key}",
                                   _("must be an object"))
    return battle, events


def import_battle(
    *,
    club: Club,
    document: Any,
    imported_by: AbstractBaseUser | None = None,
) -> ImportResult:
    """Create a battle in ``club`` from an exported ``document``; all or nothing.

    The imported battle has no dice seed here: it cannot roll server dice, and its server
    rolls are verified with the seed revealed in its own ``battle.concluded`` events, each
    roll with the seed of its seed epoch (:func:`battles.dice.seed_epochs`; here, as the
    import replays them: a roll the seed does not derive is refused). Every revealed seed
    must match the commitment of its epoch.
    """
    battle_doc, events = validate_document(document)
    try:
        system = registry.get(battle_doc["rule_system"], battle_doc["rule_version"])
    except RuleError as error:
        raise _bad("battle.rule_version", error.message, code=error.code) from None
    started = events[0]["data"]
    epochs = _revealed_epochs(events)
    _check_limits(system, started["setup"])
    unmatched: list[dict] = []
    with transaction.atomic():
        battle = Battle.objects.create(
            club=club,
            name=battle_doc["name"],
            rule_system=system.id,
            rule_version=system.version,
            seed_sha256=epochs[-1].seed_sha256,
            created_by=imported_by,
        )
        by_name = {user.get_username(): user for user in members(club_id=club.pk)}
        for p in battle_doc.get("participants", []):
            user = by_name.get(p["username"])
            if user is None:
                unmatched.append(dict(p))
            else:
                BattleParticipant.objects.get_or_create(
                    battle=battle, user=user, defaults={"side": p["side"]}
                )
        try:
            result = append(
                stream_of(battle),
                expected_version=0,
                events=[
                    NewEvent(e["type"], e["data"], _imported_metadata(e), e["schema_version"])
                    for e in events
                ],
            )
        except InvalidArgument as error:  # validate_document should have caught it
            raise _bad("events", _("cannot be stored: %(reason)s") % {"reason": error}) from None
        recorded = [_upcast(e) for e in result.events]
        try:
            state, _outcomes = project(
                battle=battle,
                events=recorded,
                state=None,
                system=system,
                strict=True,
                before=_ServerDice(system, epochs, started["battle_id"]),
            )
        except RuleError as error:
            raise Invalid(
                "invalid_import",
                Sentence("{field}: {reason}", field=error.field, reason=error.message),
                field=error.field,
                rule=error.rule,
                rule_code=error.code,
            ) from None
        if recorded[-1].type == replay.CONCLUDED:
            _check_conclusion(system, state, recorded[-1])
    return ImportResult(battle, unmatched)


def _revealed_epochs(events: list[Mapping]) -> list[dice_scheme.SeedEpoch]:
    """The document's seed epochs; each seed a ``battle.concluded`` reveals must match the
    commitment of the epoch it ends (the one at the start, or the reopening's)."""
    epochs = dice_scheme.seed_epochs((e["version"], e["type"], e["data"]) for e in events)
    for index, event in enumerate(events):
        seed = event["data"].get("seed") if event["type"] == replay.CONCLUDED else None
        if seed is None:
            continue
        epoch = dice_scheme.epoch_of(epochs, event["version"])
        if dice_scheme.seed_sha256(seed) != epoch.seed_sha256:
            raise _bad(
                f"events.{index}.data.seed",
                _("does not match the seed_sha256 committed at the start")
                if epoch.opened_at == 1
                else _("does not match the seed_sha256 committed when the battle was reopened "
                       "(event %(version)s)") % {"version": epoch.opened_at},
            )
    return epochs


def _check_limits(system: RuleSystem, setup: Mapping) -> None:
    """The limits of a new battle (``rules.core.limits``): the setup through the rule system's
    own validation, before anything is stored (any other refusal of the setup is reported by
    the strict replay)."""
    try:
        system.initial_state(setup)
    except RuleError as error:
        if error.code == LIMIT_EXCEEDED:
            path = "events.0.data.setup" + (f".{error.field}" if error.field else "")
            raise _bad(path, error.message, code=error.code, rule_code=error.code) from None


def _imported_metadata(event: Mapping) -> dict:
    """The event's metadata as the copy keeps it: its idempotency key and the time it was
    first recorded under :data:`IMPORTED_KEY` and :data:`IMPORTED_AT` (a copy of a copy keeps
    the first ones)."""
    metadata = dict(event.get("metadata", {}))
    key = metadata.pop(IDEMPOTENCY_KEY, None)
    if key is not None:
        metadata.setdefault(IMPORTED_KEY, key)
    metadata.setdefault(IMPORTED_AT, event.get("recorded_at"))
    return metadata


def _upcast(event: RecordedEvent) -> RecordedEvent:
    """``event`` with its payload at its type's current schema version, as readers see it."""
    version, data = upcasting.registry.upcast(event.type, event.schema_version, event.data)
    if version == event.schema_version:
        return event
    return event._replace(schema_version=version, data=data)


def _request_json(request: Any) -> Any:
    """A dice or draw request's JSON without its labels (sentences for players, which may be
    worded otherwise now, the cards' included): what the dice or the cards are."""
    if not isinstance(request, Mapping):
        return request
    out = {k: v for k, v in request.items() if k != "label"}
    deck = out.get("deck")
    if isinstance(deck, Mapping) and isinstance(deck.get("cards"), list):
        out["deck"] = {**deck, "cards": [c.get("id") if isinstance(c, Mapping) else c
                                         for c in deck["cards"]]}
    return out


#: The server-made fact types and the field of their values.
_SERVER_FIELDS = {DICE: "rolls", DRAW: "draws"}


@dataclass
class _ServerDice:
    """Checks each server ``dice`` or ``draw`` event as the strict replay reaches it: its
    requests must be the dice or draws the rules asked for at that point and, with the
    seed of its epoch revealed, its values the ones that seed derives
    (:func:`battles.dice.verify_server_rolls`, :func:`battles.dice.verify_server_draws`)."""

    system: RuleSystem
    epochs: list[dice_scheme.SeedEpoch]
    battle_id: int

    def __call__(self, event: RecordedEvent, state: State | None) -> None:
        drawn = event.type == DRAW
        records = server_draws(events=[event]) if drawn else server_rolls(events=[event])
        if not records:
            return
        path = f"events.{event.version - 1}"
        pending = self.system.pending(state) if state is not None else None
        asked = (
            {r.key: _request_json(r.to_json()) for r in pending.requests}
            if isinstance(pending, DrawNeeded if drawn else DiceNeeded)
            else {}
        )
        for _version, key, request, _values in records:
            if key not in asked or _request_json(request) != asked[key]:
                raise _bad(
                    f"{path}.metadata.server_requests.{key}",
                    _("is not the draw request the rules made at this point")
                    if drawn
                    else _("is not the dice request the rules made at this point"),
                )
        seed = dice_scheme.epoch_of(self.epochs, event.version).seed
        if seed is None:
            return
        checks = (
            dice_scheme.verify_server_draws(seed, battle_id=self.battle_id, draws=records)
            if drawn
            else dice_scheme.verify_server_rolls(seed, battle_id=self.battle_id, rolls=records)
        )
        for check in checks:
            if not check.ok:
                raise _bad(
                    f"{path}.data.{_SERVER_FIELDS[event.type]}.{check.key}",
                    _("recorded %(recorded)s, but the revealed seed derives %(derived)s")
                    % {"recorded": check.recorded, "derived": check.derived},
                )


def _check_conclusion(system: RuleSystem, state: State, concluded: RecordedEvent) -> None:
    path = f"events.{concluded.version - 1}.data"
    summary = summarize(system, state)
    try:
        check_result(concluded.data["result"], summary.sides)
    except DomainError as error:
        raise _bad(f"{path}.{error.field}", error.message) from None
    if concluded.data["summary"] != json.loads(json.dumps(summary.to_json())):
        raise _bad(f"{path}.summary", _("differs from the summary the rules compute from the events"))
