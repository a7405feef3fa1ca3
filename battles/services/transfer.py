"""Export a battle as a JSON document of its events; import such a document elsewhere.

An import checks the document's shape first (the field at fault is named), then replays it
strictly: every fact must fit the state it was recorded against, corrections must target
earlier facts, a concluding summary must equal the one the rules compute now and a revealed
seed must match the commitment. Any failure rolls everything back: nothing is stored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from battles import dice as dice_scheme
from battles import replay
from battles.models import Battle, BattleParticipant
from battles.services.projection import project
from battles.streams import stream_of
from campaign.models import Club, Membership
from config.api_errors import ApiError
from eventstore.selectors import read_stream
from eventstore.services import append
from eventstore.types import NewEvent
from rules.core import registry
from rules.core.errors import RuleError, Sentence
from rules.core.limits import LIMIT_EXCEEDED
from rules.core.summary import summarize

FORMAT = "wargame-battle-export"
FORMAT_VERSION = 1


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
            "rules_system": battle.rules_system,
            "rules_version": battle.rules_version,
            "status": battle.status,
            "participants": participants,
        },
        "events": [
            {
                "version": e.version,
                "type": e.type,
                "schema_version": e.schema_version,
                "data": e.data,
                "metadata": e.metadata,
                "recorded_at": e.recorded_at.isoformat() if e.recorded_at else None,
            }
            for e in read_stream(stream_of(battle))
        ],
    }


@dataclass
class ImportResult:
    """The imported battle and the exported participants that matched no club member."""

    battle: Battle
    unmatched_participants: list[dict] = field(default_factory=list)


def _bad(field_path: str, message: str, code: str = "invalid_import", **extra) -> ApiError:
    """``invalid_import`` naming the field at fault: ``"<field>: <message>"``. ``message`` is
    translated already, or a rule engine :class:`Sentence` (translated by the API layer)."""
    if isinstance(message, Sentence):
        return ApiError(code, Sentence("{field}: {reason}", field=field_path, reason=message),
                        field=field_path, **extra)
    text = _("%(field)s: %(problem)s") % {"field": field_path, "problem": message}
    return ApiError(code, text, field=field_path, **extra)


def _mapping(value: Any, path: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise _bad(path, _("must be a JSON object"))
    return value


def _string(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise _bad(path, _("must be a non-empty string"))
    return value


def validate_document(document: Any) -> tuple[Mapping, list[Mapping]]:
    """Check the document's shape; return its ``battle`` part and its events."""
    document = _mapping(document, "document")
    if document.get("format") != FORMAT:
        raise _bad("format", _("must be %(format)r") % {"format": FORMAT})
    if document.get("format_version") != FORMAT_VERSION:
        raise _bad("format_version", _("must be %(version)s") % {"version": FORMAT_VERSION})
    battle = _mapping(document.get("battle"), "battle")
    for name in ("name", "rules_system", "rules_version"):
        _string(battle.get(name), f"battle.{name}")
    participants = battle.get("participants", [])
    if not isinstance(participants, list):
        raise _bad("battle.participants", _("must be a list"))
    for i, p in enumerate(participants):
        _mapping(p, f"battle.participants.{i}")
        _string(p.get("username"), f"battle.participants.{i}.username")
        _string(p.get("side"), f"battle.participants.{i}.side")
    events = document.get("events")
    if not isinstance(events, list) or not events:
        raise _bad("events", _("must be a non-empty list"))
    fact_versions: set[int] = set()
    for i, event in enumerate(events):
        path = f"events.{i}"
        _mapping(event, path)
        if event.get("version") != i + 1:
            raise _bad(f"{path}.version", _("must be %(version)s (versions are contiguous from 1)")
                       % {"version": i + 1})
        event_type = _string(event.get("type"), f"{path}.type")
        data = _mapping(event.get("data"), f"{path}.data")
        metadata = _mapping(event.get("metadata", {}), f"{path}.metadata")
        if (event_type == replay.STARTED) != (i == 0):
            raise _bad(f"{path}.type", _("%(type)s must be the first event, and only it")
                       % {"type": replay.STARTED})
        if event_type == replay.CONCLUDED and i != len(events) - 1:
            raise _bad(f"{path}.type", _("%(type)s must be the last event") % {"type": replay.CONCLUDED})
        if event_type == replay.STARTED:
            _mapping(data.get("setup"), f"{path}.data.setup")
            rules = _mapping(data.get("rules"), f"{path}.data.rules")
            if (rules.get("system"), rules.get("version")) != (
                battle["rules_system"],
                battle["rules_version"],
            ):
                raise _bad(f"{path}.data.rules", _("must name the battle's rule system and version"))
            _string(data.get("seed_sha256"), f"{path}.data.seed_sha256")
            if not isinstance(data.get("battle_id"), int):
                raise _bad(f"{path}.data.battle_id", _("must be an integer"))
        elif event_type in replay.CORRECTIONS:
            target = data.get("target")
            if not isinstance(target, int) or target not in fact_versions:
                raise _bad(f"{path}.data.target", _("must be the version of an earlier rules fact"))
            if event_type == replay.AMEND:
                _mapping(data.get("data"), f"{path}.data.data")
        elif event_type == replay.CONCLUDED:
            _mapping(data.get("result"), f"{path}.data.result")
            _mapping(data.get("summary"), f"{path}.data.summary")
        else:
            fact_versions.add(i + 1)
            if event_type == "dice" and data.get("source") == "server":
                requests = metadata.get("server_requests")
                rolls = data.get("rolls")
                if (
                    not isinstance(requests, Mapping)
                    or not isinstance(rolls, Mapping)
                    or set(requests) != set(rolls)
                ):
                    raise _bad(
                        f"{path}.metadata.server_requests",
                        _("server dice must name the request of every roll"),
                    )
    return battle, events


def import_battle(
    *,
    club: Club,
    document: Any,
    imported_by: AbstractBaseUser | None = None,
) -> ImportResult:
    """Create a battle in ``club`` from an exported ``document``; all or nothing.

    The imported battle has no dice seed here: it cannot roll server dice, and its server
    rolls are verified with the seed revealed in its own ``battle.concluded`` event.
    """
    battle_doc, events = validate_document(document)
    try:
        system = registry.get(battle_doc["rules_system"], battle_doc["rules_version"])
    except RuleError as error:
        raise _bad("battle.rules_version", error.message, code=error.code) from None
    started = events[0]["data"]
    _check_limits(system, battle_doc, started["setup"])
    unmatched: list[dict] = []
    with transaction.atomic():
        battle = Battle.objects.create(
            club=club,
            name=battle_doc["name"],
            rules_system=system.id,
            rules_version=system.version,
            seed_sha256=started["seed_sha256"],
            created_by=imported_by,
        )
        members = {
            m.user.get_username(): m.user
            for m in Membership.objects.filter(club=club).select_related("user")
        }
        for p in battle_doc.get("participants", []):
            user = members.get(p["username"])
            if user is None:
                unmatched.append(dict(p))
            else:
                BattleParticipant.objects.get_or_create(
                    battle=battle, user=user, defaults={"side": p["side"]}
                )
        result = append(
            stream_of(battle),
            expected_version=0,
            events=[
                NewEvent(
                    e["type"],
                    e["data"],
                    {**e.get("metadata", {}), "imported_recorded_at": e.get("recorded_at")},
                )
                for e in events
            ],
        )
        try:
            state, _outcomes = project(
                battle=battle, events=result.events, state=None, system=system, strict=True
            )
        except RuleError as error:
            raise ApiError(
                "invalid_import",
                Sentence("{field}: {reason}", field=error.field, reason=error.message),
                field=error.field,
                rule=error.rule,
                rule_code=error.code,
            ) from None
        last = events[-1]
        if last["type"] == replay.CONCLUDED:
            _check_conclusion(system, state, started, last, len(events) - 1)
    return ImportResult(battle, unmatched)


def _check_limits(system, battle_doc: Mapping, setup: Mapping) -> None:
    """The limits of a new battle (``rules.core.limits``): the setup through the rule system's
    own validation, before anything is stored; the name and sides as long as they are kept."""
    try:
        system.initial_state(setup)
    except RuleError as error:
        if error.code == LIMIT_EXCEEDED:
            path = "events.0.data.setup" + (f".{error.field}" if error.field else "")
            raise _bad(path, error.message, code=error.code, rule_code=error.code) from None
        # any other refusal is reported by the strict replay, as before
    texts = [("battle.name", battle_doc["name"], Battle._meta.get_field("name").max_length)]
    texts += [(f"battle.participants.{i}.side", p["side"], BattleParticipant._meta.get_field("side").max_length)
              for i, p in enumerate(battle_doc.get("participants", []))]
    for path, text, most in texts:
        if len(text) > most:
            raise _bad(path, _("has at most %(limit)s characters") % {"limit": most},
                       code=LIMIT_EXCEEDED)


def _check_conclusion(system, state, started: Mapping, concluded: Mapping, index: int) -> None:
    path = f"events.{index}.data"
    expected = json.loads(json.dumps(summarize(system, state).to_json()))
    if concluded["data"]["summary"] != expected:
        raise _bad(f"{path}.summary", _("differs from the summary the rules compute from the events"))
    seed = concluded["data"].get("seed")
    if seed is not None:
        try:
            matches = dice_scheme.seed_sha256(seed) == started["seed_sha256"]
        except (TypeError, ValueError):
            matches = False
        if not matches:
            raise _bad(f"{path}.seed", _("does not match the seed_sha256 committed at the start"))
