"""Export a campaign as one JSON file (its ledger, its battles, its revealed seeds); import
such a file as a new campaign of another (or the same) club: a backup.

The file holds the campaign's identity (name, rule system and version, its club by name),
the user names of the user ids its ledger holds (force owners, who recorded each event),
every stored ledger event (type, data, metadata, schema version, recorded_at), the export of
each of its battles (``battles.services.transfer``) with the scenario it was fought for, and
the campaign's dice seed once ``campaign.finished`` has revealed it (null before: a running
campaign's seed stays secret, organizers included).

An import checks the whole file before it stores anything, and stores it in one transaction:
the format and its version, the shape (the place at fault named: ``ledger[12].data.battle_id``),
the limits (:data:`MAX_LEDGER_EVENTS`, :data:`MAX_BATTLES`), that the ledger folds (every event
accepted by the campaign fold, in order), that the battles agree with the ledger (each battle
the ledger starts is in the file, for that scenario; each battle whose result was taken over is
concluded), and, with the seed revealed, that it is the seed ``campaign.started`` committed to
and derives every server roll of the ledger. The battles are then imported first (each through
the battle import, which replays and checks them strictly: new ids), the ledger appended with
every battle id mapped to the new battle and every user id to the member of the target club
with that user name (else the importing organizer, reported), and the projections rebuilt.

Idempotency keys belonged to the original's requests: an imported event keeps its key as
``imported_idempotency_key`` and its first ``recorded_at`` as ``imported_recorded_at``
(as the battle import does), never as a key of the new stream; a copy never collides with its
original or with another copy. A take-over of a battle's result is appended under the new
battle's take-over key, so a late take-over of the copy appends nothing.

Seeds: a finished campaign's seed is restored (its rolls verify in the copy as in the
original: ``campaign.started`` of the copy names the original's dice namespace). A running
campaign gets a new secret seed: its rolls from now on come from it; the rolls made before
the export can only be verified against the original.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from battles import dice as dice_scheme
from battles.selectors import conclusion_of
from battles.services.transfer import export_concluded, import_battle
from campaign.ledger import events as ev
from campaign.ledger.corrections import check_target, corrections_in
from campaign.ledger.fold import apply
from campaign.ledger.references import BATTLE_ID_FIELDS, USER_ID_FIELDS, ids_in, remapped
from campaign.ledger.state import CampaignState, Entry
from campaign.models import Campaign, CampaignBattle, CampaignSeed
from campaign.plugins import get as plugin_for
from campaign.selectors.dice import DICE_NAMESPACE, check_rolls, rolls_in
from campaign.services.access import require_organizer
from campaign.services.dice import namespace
from campaign.services.ledger import ledger_of, stream_of
from campaign.services.projection import rebuild_campaign
from campaign.services.takeover import idempotency_key as takeover_key
from clubs.access import require_club_organizer
from clubs.models import Club
from clubs.selectors import members
from config.errors import Conflict, DomainError, Invalid
from config.json_input import refuse_unstorable_text
from eventstore import upcasting
from eventstore.models import EVENT_TYPE_MAX_LENGTH
from eventstore.services import IDEMPOTENCY_KEY, append
from eventstore.types import NewEvent
from rules.core import registry
from rules.core.errors import RuleError, Sentence
from rules.core.summary import BattleSummary

FORMAT = "wargame-campaign-export"
FORMAT_VERSION = 1
#: The most ledger events and battles an imported file may hold (a long club campaign has a
#: few thousand events and some dozens of battles); the file's size is bounded by the
#: ``CAMPAIGN_IMPORT_MAX_BODY_SIZE`` setting.
MAX_LEDGER_EVENTS = 200_000
MAX_BATTLES = 2_000
#: Events appended per step of an import (and per progress report).
CHUNK = 500
#: Where an imported event keeps what belonged to the original (as the battle import).
IMPORTED_KEY = "imported_idempotency_key"
IMPORTED_AT = "imported_recorded_at"
IMPORTED_ACTOR = "imported_actor"
_HEX_64 = re.compile("[0-9a-f]{64}")
_NAMESPACE = re.compile(r"campaign-[0-9]{1,19}")

Progress = Callable[[int, int], None]


# --- export ----------------------------------------------------------------------------------


def export_campaign(*, user, campaign: Campaign) -> dict:
    """The campaign as one JSON-compatible document (organizers only: the file holds every
    player's ledger entries and is meant to be imported elsewhere)."""
    require_organizer(user=user, campaign=campaign, what=_("export the campaign"))
    from battles.services.transfer import export_battle

    entries = ledger_of(campaign_id=campaign.pk)
    finished = next((e for e in entries if e.type == ev.CampaignFinished.type), None)
    user_ids = {e.metadata.get("actor") for e in entries}
    for e in entries:
        user_ids.update(ids_in(USER_ID_FIELDS, e.type, e.data).values())
    names = dict(get_user_model().objects.filter(pk__in=[i for i in user_ids if isinstance(
        i, int)]).values_list("pk", "username"))
    links = CampaignBattle.objects.filter(campaign=campaign).select_related("battle").order_by(
        "battle_id")
    started = entries[0].metadata.get(DICE_NAMESPACE) if entries else None
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "campaign": {
            "name": campaign.name,
            "rule_system": campaign.rule_system,
            "rule_version": campaign.rule_version,
            "club": campaign.club.name,
            "dice_namespace": started or namespace(campaign.pk),
            "seed": finished.data["seed"] if finished is not None else None,
        },
        "users": {str(pk): name for pk, name in sorted(names.items())},
        "ledger": [e.exported() for e in entries],
        "battles": [
            {"battle_id": link.battle_id, "scenario_id": link.scenario_ref,
             "export": export_battle(battle=link.battle)}
            for link in links
        ],
    }


# --- checking a file -------------------------------------------------------------------------


def _bad(path: str, problem: str, code: str = "invalid_import") -> Invalid:
    """``invalid_import`` naming the place at fault: ``"<path>: <problem>"``."""
    return Invalid(code, _("%(field)s: %(problem)s") % {"field": path, "problem": problem},
                   field=path)


def _mapping(value: Any, path: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise _bad(path, _("must be a JSON object"))
    return value


def _list(value: Any, path: str, most: int) -> list:
    if not isinstance(value, list):
        raise _bad(path, _("must be a list"))
    if len(value) > most:
        raise Invalid("limit_exceeded", _("%(field)s: at most %(most)s items (limit); got "
                                          "%(count)s") % {"field": path, "most": most,
                                                          "count": len(value)}, field=path)
    return value


def _string(value: Any, path: str, max_length: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _bad(path, _("must be a non-empty string"))
    if len(value) > max_length:
        raise _bad(path, _("must be at most %(max)s characters") % {"max": max_length})
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _max_length(model, name: str) -> int:
    return model._meta.get_field(name).max_length


@dataclass
class Checked:
    """A file that passed every check: what the import stores."""

    campaign: Mapping
    users: Mapping[str, str]
    ledger: list[Mapping]
    battles: list[Mapping]
    state: CampaignState
    seed: str | None
    finished: bool

    @property
    def total(self) -> int:
        """Events the import appends: the ledger's and every battle's."""
        return len(self.ledger) + sum(len(b["export"]["events"]) for b in self.battles)


def check_document(document: Any) -> Checked:
    """Every check an import makes before it stores anything (see the module's docstring)."""
    document = _mapping(document, "document")
    if document.get("format") != FORMAT:
        raise _bad("format", _("must be %(format)r") % {"format": FORMAT})
    version = document.get("format_version")
    if not _is_int(version) or version != FORMAT_VERSION:
        raise _bad("format_version", _("must be %(version)s") % {"version": FORMAT_VERSION})
    refuse_unstorable_text(document)
    campaign = _mapping(document.get("campaign"), "campaign")
    _string(campaign.get("name"), "campaign.name", _max_length(Campaign, "name"))
    for name in ("rule_system", "rule_version"):
        _string(campaign.get(name), f"campaign.{name}", _max_length(Campaign, name))
    try:
        registry.get(campaign["rule_system"], campaign["rule_version"])
        plugin_for(campaign["rule_system"])
    except (RuleError, DomainError, KeyError, LookupError) as error:
        raise _bad("campaign.rule_version", str(getattr(error, "message", error))) from None
    dice_ns = campaign.get("dice_namespace")
    if not isinstance(dice_ns, str) or not _NAMESPACE.fullmatch(dice_ns):
        raise _bad("campaign.dice_namespace", _("must be \"campaign-\" and a number"))
    users = _mapping(document.get("users", {}), "users")
    username_length = _max_length(get_user_model(), get_user_model().USERNAME_FIELD)
    for key, name in users.items():
        if not key.isascii() or not key.isdigit():
            raise _bad(f"users.{key}", _("must be keyed by a user id (a number)"))
        _string(name, f"users.{key}", username_length)
    ledger = _list(document.get("ledger"), "ledger", MAX_LEDGER_EVENTS)
    if not ledger:
        raise _bad("ledger", _("must be a non-empty list"))
    state = _check_ledger(ledger, campaign, users)
    battles = _check_battles(_list(document.get("battles", []), "battles", MAX_BATTLES),
                             campaign, ledger)
    seed = _check_seed(campaign, ledger, state)
    return Checked(campaign, users, ledger, battles, state, seed, state.finished)


def _check_ledger(ledger: list, campaign: Mapping, users: Mapping) -> CampaignState:
    """Each event's shape, then the fold of each, in order; the state after them."""
    state = CampaignState()
    entries: list[Entry] = []
    last = len(ledger) - 1
    for i, event in enumerate(ledger):
        path = f"ledger[{i}]"
        _mapping(event, path)
        if not _is_int(event.get("version")) or event["version"] != i + 1:
            raise _bad(f"{path}.version", _("must be %(version)s (versions are contiguous from "
                                            "1)") % {"version": i + 1})
        event_type = _string(event.get("type"), f"{path}.type", EVENT_TYPE_MAX_LENGTH)
        if event_type not in ev.EVENT_TYPES:
            raise _bad(f"{path}.type", _("%(type)s is not a campaign ledger event") %
                       {"type": event_type})
        current = upcasting.registry.current_version(event_type)
        schema = event.get("schema_version")
        if not _is_int(schema) or not 1 <= schema <= current:
            raise _bad(f"{path}.schema_version",
                       _("must be a schema version of %(type)s known here: an integer from 1 "
                         "to %(current)s") % {"type": event_type, "current": current})
        data = _mapping(event.get("data"), f"{path}.data")
        _mapping(event.get("metadata", {}), f"{path}.metadata")
        recorded_at = event.get("recorded_at")
        if recorded_at is not None and not isinstance(recorded_at, str):
            raise _bad(f"{path}.recorded_at", _("must be a date and time (ISO 8601) or null"))
        if (event_type == ev.CampaignStarted.type) != (i == 0):
            raise _bad(f"{path}.type", _("%(type)s must be the first event, and only it")
                       % {"type": ev.CampaignStarted.type})
        if event_type == ev.CampaignFinished.type and i != last:
            raise _bad(f"{path}.type", _("%(type)s must be the last event")
                       % {"type": ev.CampaignFinished.type})
        if i == 0:
            _check_start(data, campaign, path)
        for name, value in ids_in(BATTLE_ID_FIELDS, event_type, data).items():
            if not _is_int(value) or value < 1:
                raise _bad(f"{path}.data.{name}", _("must be a battle id (a positive integer)"))
        for name, value in ids_in(USER_ID_FIELDS, event_type, data).items():
            if not _is_int(value):  # a user no longer named in "users": the importer's
                raise _bad(f"{path}.data.{name}", _("must be a user id (an integer)"))
        upcast = upcasting.registry.upcast(event_type, schema, data)[1]
        if event_type in ev.CORRECTION_TYPES:
            _check_correction(upcast, entries, path)
        entries.append(Entry(i + 1, event_type, dict(upcast)))
    corrections = corrections_in(entries)  # the ledger is folded as it reads now
    for i, entry in enumerate(entries):
        try:
            state = apply(state, entry, corrections).state
        except Exception as error:  # noqa: BLE001 - the fold trusts its input: any failure
            raise _bad(f"ledger[{i}]", _("the campaign cannot fold this event after the ones "
                                         "before it (%(error)s)")
                       % {"error": f"{type(error).__name__}: {error}"}) from None
    return state


def _check_correction(data: Mapping, entries: list[Entry], path: str) -> None:
    """A correction names an earlier entry that may be corrected (as the service checks)."""
    target = data.get("target_version")
    if not _is_int(target) or not 1 <= target <= len(entries):
        raise _bad(f"{path}.data.target_version", _("must be the version of an earlier entry"))
    allowed = check_target(entries[target - 1].type) is None or (
        entries[target - 1].type == ev.BattleResultTakenOver.type
        and data.get("target_type") == ev.BattleResultTakenOver.type)  # a battle taken over again
    if not allowed:
        raise _bad(f"{path}.data.target_version", _("names an entry that cannot be corrected"))
    if "data" in data:
        _mapping(data.get("data"), f"{path}.data.data")


def _check_start(data: Mapping, campaign: Mapping, path: str) -> None:
    if (data.get("rule_system"), data.get("rule_version")) != (
        campaign["rule_system"], campaign["rule_version"]
    ):
        raise _bad(f"{path}.data.rule_version",
                   _("must name the campaign's rule system and version"))
    if not _HEX_64.fullmatch(str(data.get("seed_sha256"))):
        raise _bad(f"{path}.data.seed_sha256",
                   _("must be a SHA-256 digest: 64 lowercase hexadecimal digits"))
    try:
        date.fromisoformat(str(data.get("start_date")))
    except ValueError:
        raise _bad(f"{path}.data.start_date", _("must be a date (YYYY-MM-DD)")) from None


def _check_battles(battles: list, campaign: Mapping, ledger: list) -> list[Mapping]:
    """Each battle's shape, and that the battles and the ledger agree."""
    started: dict[int, tuple[int, int]] = {}  # battle id -> (ledger index, scenario id)
    taken_over: dict[int, int] = {}
    for i, event in enumerate(ledger):
        if event["type"] == ev.BattleStarted.type:
            started[event["data"]["battle_id"]] = (i, event["data"].get("scenario_id"))
        elif event["type"] == ev.BattleResultTakenOver.type:
            taken_over[event["data"]["battle_id"]] = i
    seen: dict[int, int] = {}
    for i, item in enumerate(battles):
        path = f"battles[{i}]"
        _mapping(item, path)
        battle_id = item.get("battle_id")
        if not _is_int(battle_id) or battle_id < 1:
            raise _bad(f"{path}.battle_id", _("must be a battle id (a positive integer)"))
        if battle_id in seen:
            raise _bad(f"{path}.battle_id", _("is battles[%(index)s]'s too") %
                       {"index": seen[battle_id]})
        seen[battle_id] = i
    for battle_id, (index, _scenario) in started.items():
        if battle_id not in seen:
            raise _bad(f"ledger[{index}].data.battle_id",
                       _("battle %(battle)s is not in the file's battles") % {"battle": battle_id})
    for battle_id, index in taken_over.items():
        if battle_id not in started:
            raise _bad(f"ledger[{index}].data.battle_id",
                       _("no scenario.battle_started event before it starts battle %(battle)s")
                       % {"battle": battle_id})
    for i, item in enumerate(battles):
        path, battle_id = f"battles[{i}]", item["battle_id"]
        if battle_id not in started:
            raise _bad(f"{path}.battle_id", _("no scenario.battle_started event of the ledger "
                                              "starts battle %(battle)s") % {"battle": battle_id})
        if item.get("scenario_id") != started[battle_id][1]:
            raise _bad(f"{path}.scenario_id", _("must be %(scenario)s, the scenario "
                                                "ledger[%(index)s] starts it for") %
                       {"scenario": started[battle_id][1], "index": started[battle_id][0]})
        export = _mapping(item.get("export"), f"{path}.export")
        identity = _mapping(export.get("battle"), f"{path}.export.battle")
        if (identity.get("rule_system"), identity.get("rule_version")) != (
            campaign["rule_system"], campaign["rule_version"]
        ):
            raise _bad(f"{path}.export.battle.rule_version",
                       _("must name the campaign's rule system and version"))
        events = export.get("events")
        if not isinstance(events, list) or not events:
            raise _bad(f"{path}.export.events", _("must be a non-empty list"))
        concluded = export_concluded(events)
        if battle_id in taken_over and not concluded:
            raise _bad(f"{path}.export.events", _("ledger[%(index)s] takes over this battle's "
                                                  "result, but it is not concluded") %
                       {"index": taken_over[battle_id]})
    return battles


def _check_seed(campaign: Mapping, ledger: list, state: CampaignState) -> str | None:
    """The revealed seed (None while the campaign runs): the one ``campaign.started``
    committed to, deriving every server roll of the ledger."""
    seed = campaign.get("seed")
    if not state.finished:
        if seed is not None:
            raise _bad("campaign.seed", _("must be null: the ledger has not revealed the seed"))
        return None
    revealed = ledger[-1]["data"].get("seed")
    if not _HEX_64.fullmatch(str(revealed)):
        raise _bad(f"ledger[{len(ledger) - 1}].data.seed",
                   _("must be the dice seed (64 lowercase hexadecimal digits)"))
    if seed != revealed:
        raise _bad("campaign.seed", _("must be the seed the ledger reveals"))
    if dice_scheme.seed_sha256(revealed) != ledger[0]["data"]["seed_sha256"]:
        raise _bad(f"ledger[{len(ledger) - 1}].data.seed",
                   _("does not match the seed_sha256 committed at the start"))
    entries = [Entry(e["version"], e["type"], e["data"]) for e in ledger]
    for check in check_rolls(revealed, campaign["dice_namespace"],
                             rolls_in(entries, plugin_for(campaign["rule_system"]))):
        if not check["ok"]:
            raise _bad(f"ledger[{check['version'] - 1}].data",
                       _("the roll %(key)s recorded %(recorded)s, but the revealed seed derives "
                         "%(derived)s") % {"key": check["key"], "recorded": check["recorded"],
                                           "derived": check["derived"]})
    return revealed


# --- importing -------------------------------------------------------------------------------


@dataclass
class ImportResult:
    """The new campaign; the users of the file that matched no member of the club (their
    forces went to the importing organizer), and the battles' unmatched participants."""

    campaign: Campaign
    unmatched_users: list[str] = field(default_factory=list)
    unmatched_participants: list[dict] = field(default_factory=list)


def import_campaign(
    *,
    user,
    club: Club,
    document: Any,
    name: str | None = None,
    progress: Progress | None = None,
) -> ImportResult:
    """A new campaign in ``club`` from an exported ``document``; all or nothing.

    ``name`` replaces the file's campaign name (a club's campaign names are unique);
    ``progress(done, total)`` is called as the events are appended."""
    require_club_organizer(user=user, club_id=club.pk, what=_("import a campaign"))
    checked = check_document(document)
    name = _string(name, "name", _max_length(Campaign, "name")) if name else \
        checked.campaign["name"]
    report = progress or (lambda done, total: None)
    total = checked.total
    report(0, total)
    with transaction.atomic():
        result = _store(user, club, name, checked, report, total)
    report(total, total)
    return result


def _store(user, club: Club, name: str, checked: Checked, report: Progress,
           total: int) -> ImportResult:
    started = checked.ledger[0]["data"]
    try:
        with transaction.atomic():
            campaign = Campaign.objects.create(
                club=club, name=name, rule_system=checked.campaign["rule_system"],
                rule_version=checked.campaign["rule_version"], created_by=user,
                start_date=date.fromisoformat(started["start_date"]),
                current_date=date.fromisoformat(started["start_date"]),
                house_rules=started.get("house_rules") or {},
            )
    except IntegrityError:
        raise Conflict("name_taken", _("%(club)s already has a campaign called %(name)r") %
                       {"club": club, "name": name}, field="name") from None
    CampaignSeed.objects.create(campaign=campaign, seed=checked.seed or dice_scheme.new_seed())
    done = 0
    new_battles: dict[int, int] = {}
    unmatched_participants: list[dict] = []
    for i, item in enumerate(checked.battles):
        try:
            imported = import_battle(club=club, document=item["export"], imported_by=user)
        except DomainError as error:
            raise _battle_error(i, error) from None
        CampaignBattle.objects.create(battle=imported.battle, campaign=campaign,
                                      scenario_ref=item["scenario_id"])
        new_battles[item["battle_id"]] = imported.battle.pk
        unmatched_participants += [{**p, "battle": imported.battle.name}
                                   for p in imported.unmatched_participants]
        done += len(item["export"]["events"])
        report(done, total)
    _check_takeovers(checked, new_battles)
    members_by_name = dict(members(club_id=club.pk).values_list("username", "pk"))
    users = {int(pk): members_by_name.get(username) for pk, username in checked.users.items()}
    unmatched_users = sorted({
        checked.users.get(str(old), f"#{old}")
        for e in checked.ledger for old in ids_in(USER_ID_FIELDS, e["type"], e["data"]).values()
        if users.get(old) is None
    })

    def new_user(old: int) -> int:
        """The club member with the original's user name, else the importing organizer."""
        return users.get(old) or user.pk

    stream = stream_of(campaign.pk)
    batch: list[NewEvent] = []
    appended = 0
    taken: set[int] = set()  # battles taken over already: a later take-over is a reopened one's
    for event in checked.ledger:
        data = remapped(BATTLE_ID_FIELDS, event["type"], event["data"], new_battles.__getitem__)
        data = remapped(USER_ID_FIELDS, event["type"], data, new_user)
        new = NewEvent(event["type"], data, _metadata(event, checked, user),
                       event["schema_version"])
        if event["type"] == ev.BattleResultTakenOver.type:
            appended = _flush(stream, appended, batch)
            append(stream, expected_version=appended, events=[new],
                   idempotency_key=takeover_key(data["battle_id"], data.get("battle_version"),
                                                reopened=data["battle_id"] in taken))
            taken.add(data["battle_id"])
            appended += 1
        else:
            batch.append(new)
            if len(batch) < CHUNK:
                continue
            appended = _flush(stream, appended, batch)
        report(done + appended, total)
    _flush(stream, appended, batch)
    rebuild_campaign(campaign_id=campaign.pk)
    campaign.refresh_from_db()
    return ImportResult(campaign, unmatched_users, unmatched_participants)


#: What a take-over records that the imported battle and its dice decide (the rest, the
#: squads' reports and the commanders' successions, is taken as the file has it).
CHECKED_TAKEOVER_FIELDS = ("results", "casualties", "reorganisation")


def _check_takeovers(checked: Checked, new_battles: Mapping[int, int]) -> None:
    """Each ``battle.result_taken_over`` must be what the rules take over from its imported
    battle (its result, its summary, its log) at that point of the ledger, with the dice it
    recorded: a changed casualty or outcome is refused, naming the field."""
    plugin = plugin_for(checked.campaign["rule_system"])
    state = CampaignState()
    entries = [Entry(i + 1, event["type"], dict(event["data"]))
               for i, event in enumerate(checked.ledger)]
    corrections = corrections_in(entries)
    for i, event in enumerate(checked.ledger):
        data = event["data"]
        if event["type"] == ev.BattleResultTakenOver.type and i + 1 not in corrections:
            # (a voided take-over took over an earlier conclusion of a reopened battle)
            path = f"ledger[{i}].data"
            conclusion = conclusion_of(battle_id=new_battles[data["battle_id"]])
            if conclusion is None:
                raise _bad(path, _("is a take-over of a battle that is not concluded"))
            summary = BattleSummary.from_json(conclusion.summary)
            rolls = _rolls_recorded(data)

            def roll(key: str, sides: int, path=path, rolls=rolls) -> int:
                if key not in rolls:
                    raise _bad(f"{path}.reorganisation",
                               _("lacks the roll %(key)s the rules ask for") % {"key": key})
                return rolls[key]

            try:
                expected = plugin.take_over(
                    state=state, scenario_id=data["scenario_id"], battle_id=data["battle_id"],
                    result=conclusion.result, summary=summary,
                    log_effects=conclusion.log_effects, roll=roll,
                ).to_data()
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise _bad(path, _("cannot be taken over from its battle (%(error)s)") %
                           {"error": f"{type(error).__name__}: {error}"}) from None
            for name in CHECKED_TAKEOVER_FIELDS:
                if json.loads(json.dumps(expected.get(name))) != data.get(name):
                    raise _bad(f"{path}.{name}", _("differs from what the rules take over "
                                                   "from the battle"))
        state = apply(state, entries[i], corrections).state


def _rolls_recorded(data: Mapping) -> dict[str, int]:
    """The server dice a take-over recorded, by key."""
    out = {}
    for entry in data.get("reorganisation") or ():
        if not isinstance(entry, Mapping):
            continue
        for die in (entry.get("melee_fate"), entry):
            if isinstance(die, Mapping) and _is_int(die.get("roll")) and isinstance(
                    die.get("key"), str):
                out[die["key"]] = die["roll"]
    return out


def _flush(stream, version: int, batch: list[NewEvent]) -> int:
    """Append ``batch`` (emptied) after ``version``; the stream's version after it."""
    if not batch:
        return version
    append(stream, expected_version=version, events=list(batch))
    version += len(batch)
    batch.clear()
    return version


def _metadata(event: Mapping, checked: Checked, user) -> dict:
    """The event's metadata as the copy keeps it: the original's idempotency key, time and
    author under ``imported_*`` (a copy of a copy keeps the first ones); the importing
    organizer as the actor; on ``campaign.started``, the original's dice namespace when the
    seed is restored (its rolls verify as the original's)."""
    metadata = dict(event.get("metadata", {}))
    key = metadata.pop(IDEMPOTENCY_KEY, None)
    if key is not None:
        metadata.setdefault(IMPORTED_KEY, key)
    metadata.setdefault(IMPORTED_AT, event.get("recorded_at"))
    actor = metadata.pop("actor", None)
    if actor is not None:
        metadata.setdefault(IMPORTED_ACTOR, checked.users.get(str(actor)))
    metadata["actor"] = user.pk
    if event["type"] == ev.CampaignStarted.type:
        metadata.pop(DICE_NAMESPACE, None)
        if checked.seed is not None:
            metadata[DICE_NAMESPACE] = checked.campaign["dice_namespace"]
    return metadata


def _battle_error(index: int, error: DomainError) -> Invalid:
    """The battle import's refusal, placed in the file: ``battles[<i>].export.<field>``."""
    where = f"battles[{index}].export"
    path = f"{where}.{error.field}" if error.field else where
    if isinstance(error.message, Sentence):
        message = Sentence("{field}: {reason}", field=where, reason=error.message)
    else:
        message = _("%(field)s: %(problem)s") % {"field": where, "problem": error.message}
    return Invalid(error.code, message, field=path, rule=error.rule,
                   **{k: v for k, v in error.extra.items() if k != "field"})

