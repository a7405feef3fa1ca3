"""Export a battle as JSON and import it elsewhere to the same state; malformed files are
rejected with the field at fault and nothing of them is stored."""

import copy
import hashlib
import io
import json
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection

from battles import schemas as battle_schemas
from battles import selectors
from battles.models import Battle, BattleLogEntry
from clubs.models import Club, Membership
from eventstore import upcasting
from eventstore.models import Event
from eventstore.testing import allow_test_flush
from tests.battles.helpers import dice, fire, head, post, state_json, url

pytestmark = pytest.mark.django_db


def page_post(client, battle, suffix, body):
    """A write as the battle page sends it (static/js/battle.js): with a fresh Idempotency-Key."""
    return post(client, battle, suffix, body, **{"Idempotency-Key": str(uuid.uuid4())})


def record(clients, battle, write=post):
    """Server dice, table dice, an amendment and the conclusion, each written with ``write``;
    the battle, concluded at version 7 (server dice at version 3, table dice at 5)."""
    command = {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}}
    for response in (
        write(clients["alice"], battle, "declare/",
              {"expected_version": 1, "command": command, "server_dice": "all"}),
        write(clients["alice"], battle, "declare/", {
            "expected_version": 3,
            "command": {**command, "params": {"target": "b1", "distance": 9}},
        }),
        write(clients["bob"], battle, "dice/",
              {"expected_version": 4, "rolls": {"shot": [6], "cover": [2]}}),
        write(clients["alice"], battle, "corrections/", {
            "expected_version": 5,
            "target_version": 4,
            "action": "amend",
            "data": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 3}},
        }),
        write(clients["org"], battle, "conclude/",
              {"expected_version": 6, "result": {"red": "win", "blue": "lose"}}),
    ):
        assert response.status_code in (200, 201), response.json()
    battle.refresh_from_db()
    assert battle.version == 7
    return battle


@pytest.fixture
def concluded(battle, clients):
    return record(clients, battle)


@pytest.fixture
def page_recorded(battle, clients):
    """The concluded battle, recorded through the API as the battle page records it."""
    return record(clients, battle, write=page_post)


def export(client, battle):
    response = client.get(url(battle, "export/"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    return json.loads(response.content)


def import_(client, club, document):
    # ASCII JSON: a lone surrogate travels escaped, as a client may send it
    body = json.dumps({"club": club.pk, "document": document})
    return client.post("/api/battles/import/", body, content_type="application/json")


def log_view(client, battle):
    rows = client.get(url(battle, "log/")).json()["results"]
    return [(r["version"], r["type"], r["status"], r["text"], r["effects"]) for r in rows]


def test_export_and_import_reach_the_same_state_log_and_verified_dice(clients, club, concluded):
    document = export(clients["member"], concluded)
    assert [e["type"] for e in document["events"]][-1] == "battle.concluded"
    response = import_(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    copy_ = Battle.objects.get(pk=response.json()["id"])
    assert copy_.pk != concluded.pk and copy_.version == concluded.version == 7
    assert copy_.status == "concluded" and copy_.summary == concluded.summary
    assert (
        state_json(clients["alice"], copy_)["state"]
        == state_json(clients["alice"], concluded)["state"]
    )
    assert log_view(clients["alice"], copy_) == log_view(clients["alice"], concluded)
    assert {p["username"] for p in response.json()["participants"]} == {"alice", "bob"}
    report = clients["alice"].get(url(copy_, "dice/verify/")).json()
    assert report["verified"] and report["server_rolls"] == 2


def test_an_imported_open_battle_goes_on_with_table_dice_only(clients, club, battle):
    fire(clients["alice"], battle, 1)
    copy_ = Battle.objects.get(
        pk=import_(clients["alice"], club, export(clients["alice"], battle)).json()["id"]
    )
    response = post(clients["alice"], copy_, "dice/", {"expected_version": 2, "server_dice": "all"})
    assert response.status_code == 409 and response.json()["code"] == "server_dice_unavailable"
    assert dice(clients["alice"], copy_, 2, shot=[4], cover=[1]).status_code == 201


def test_import_as_an_uploaded_file(clients, club, concluded):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = json.dumps(export(clients["alice"], concluded)).encode()
    response = clients["alice"].post(
        "/api/battles/import/",
        {"club": club.pk, "file": SimpleUploadedFile("b.json", content, "application/json")},
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    bad = clients["alice"].post(
        "/api/battles/import/",
        {"club": club.pk, "file": SimpleUploadedFile("b.json", b"{nope", "application/json")},
        format="multipart",
    )
    assert bad.status_code == 400 and bad.json()["field"] == "file"


def _broken(document, change):
    document = copy.deepcopy(document)
    change(document)
    return document


def _alter_roll(document, index, key):
    """Turn the first die of server roll ``key`` of ``events[index]`` into another face."""
    rolls = document["events"][index]["data"]["rolls"]
    assert document["events"][index]["data"]["source"] == "server"
    rolls[key] = [rolls[key][0] % 6 + 1, *rolls[key][1:]]


def _set(path, value):
    def change(document):
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        target[last] = value

    return change


CASES = [
    ("format", _set(["format"], "csv"), "format"),
    ("version gap", _set(["events", 2, "version"], 9), "events.2.version"),
    ("no data", _set(["events", 1, "data"], "x"), "events.1.data"),
    ("a 9 on a d6", _set(["events", 4, "data", "rolls", "shot"], [9]), "events.4.data.rolls.shot"),
    ("unknown unit", _set(["events", 1, "data", "unit"], "zz"), "events.1.data.unit"),
    ("bad setup", _set(["events", 0, "data", "setup", "sides"], {}), "events.0.data.setup.sides"),
    ("correction of the start", _set(["events", 5, "data", "target"], 1), "events.5.data.target"),
    (
        "tampered summary",
        _set(["events", 6, "data", "summary", "figures"], []),
        "events.6.data.summary",
    ),
    ("tampered seed", _set(["events", 6, "data", "seed"], "44" * 32), "events.6.data.seed"),
    (
        "rules not matching the start",
        _set(["battle", "rule_version"], "2.0"),
        "events.0.data.rules",
    ),
    (
        "unknown rules version",
        lambda d: (
            _set(["battle", "rule_version"], "9.9")(d),
            _set(["events", 0, "data", "rules", "version"], "9.9")(d),
        ),
        "battle.rule_version",
    ),
    (
        "server roll without request",
        _set(["events", 2, "metadata", "server_requests"], {}),
        "events.2.metadata.server_requests",
    ),
    # tampered server dice: a roll the revealed seed does not derive, a request the rules
    # did not make (a d20 for the shot die lets the seed "derive" other faces)
    ("tampered server roll", lambda d: _alter_roll(d, 2, "shot"), "events.2.data.rolls.shot"),
    (
        "forged server request",
        _set(["events", 2, "metadata", "server_requests", "shot", "sides"], 20),
        "events.2.metadata.server_requests.shot",
    ),
    (
        "server dice amended away",
        lambda d: d["events"][5]["data"].update(
            target=3, data={"rolls": {"shot": [6], "cover": [1]}, "source": "table"}
        ),
        "events.5.data.target",
    ),
    (
        "a fact amended into server dice",
        _set(["events", 5, "data", "data", "source"], "server"),
        "events.5.data.data.source",
    ),
    ("server roll not a list", _set(["events", 2, "data", "rolls", "shot"], 3),
     "events.2.data.rolls.shot"),
    ("seed not hex", _set(["events", 6, "data", "seed"], "zz"), "events.6.data.seed"),
    ("bad result", _set(["events", 6, "data", "result", "red"], "banana"),
     "events.6.data.result.red"),
    # strings that do not fit their columns, or hold a NUL
    ("NUL in the name", _set(["battle", "name"], "Hill\x00203"), "battle.name"),
    ("name of 201 characters", _set(["battle", "name"], "x" * 201), "battle.name"),
    ("NUL in a side", _set(["battle", "participants", 0, "side"], "red\x00"),
     "battle.participants.0.side"),
    ("side of 61 characters", _set(["battle", "participants", 0, "side"], "s" * 61),
     "battle.participants.0.side"),
    ("NUL in a username", _set(["battle", "participants", 1, "username"], "\x00bob"),
     "battle.participants.1.username"),
    ("username of 151 characters", _set(["battle", "participants", 1, "username"], "u" * 151),
     "battle.participants.1.username"),
    ("rules system of 41 characters", _set(["battle", "rule_system"], "d" * 41),
     "battle.rule_system"),
    ("NUL in the rules version", _set(["battle", "rule_version"], "1.0\x00"),
     "battle.rule_version"),
    ("type of 61 characters", _set(["events", 1, "type"], "t" * 61), "events.1.type"),
    ("NUL in an event's data", _set(["events", 1, "data", "unit"], "r\x001"),
     "events.1.data.unit"),
    ("lone surrogate in metadata", _set(["events", 1, "metadata", "note"], "\ud800"),
     "events.1.metadata.note"),
    ("NUL in a metadata key", _set(["events", 1, "metadata", "a\x00"], 1), "events.1.metadata"),
    # shapes and numbers
    ("events not a list", _set(["events"], {"0": {}}), "events"),
    ("no events", _set(["events"], []), "events"),
    ("event not an object", _set(["events", 1], [1]), "events.1"),
    ("metadata not an object", _set(["events", 1, "metadata"], []), "events.1.metadata"),
    ("battle not an object", _set(["battle"], "Hill"), "battle"),
    ("participants not a list", _set(["battle", "participants"], {}), "battle.participants"),
    ("version as text", _set(["events", 0, "version"], "1"), "events.0.version"),
    ("version true", _set(["events", 0, "version"], True), "events.0.version"),
    ("version 2.0", _set(["events", 1, "version"], 2.0), "events.1.version"),
    ("format version true", _set(["format_version"], True), "format_version"),
    ("battle id true", _set(["events", 0, "data", "battle_id"], True), "events.0.data.battle_id"),
    ("seed commitment too long", _set(["events", 0, "data", "seed_sha256"], "a" * 65),
     "events.0.data.seed_sha256"),
    ("unknown schema version", _set(["events", 1, "schema_version"], 2),
     "events.1.schema_version"),
    ("schema version 0", _set(["events", 3, "schema_version"], 0), "events.3.schema_version"),
    ("schema version as text", _set(["events", 0, "schema_version"], "1"),
     "events.0.schema_version"),
    ("no schema version", lambda d: d["events"][6].pop("schema_version"),
     "events.6.schema_version"),

]


@pytest.mark.parametrize(("name", "change", "field"), CASES, ids=[c[0] for c in CASES])
def test_a_malformed_file_is_rejected_with_the_field_and_nothing_is_stored(
    clients, club, concluded, name, change, field
):
    document = _broken(export(clients["alice"], concluded), change)
    battles, events, rows = (
        Battle.objects.count(),
        Event.objects.count(),
        BattleLogEntry.objects.count(),
    )
    response = import_(clients["alice"], club, document)
    assert response.status_code == 400, response.json()
    # a NUL or a lone surrogate is refused by the API's JSON parser, at its path in the body
    assert response.json()["field"] == field or response.json()["field"].startswith(
        f"document.{field}"), response.json()
    assert response.json()["message"]
    assert (Battle.objects.count(), Event.objects.count(), BattleLogEntry.objects.count()) == (
        battles,
        events,
        rows,
    )


def test_management_commands_export_and_import(tmp_path, club, concluded):
    path = tmp_path / "battle.json"
    call_command("export_battle", str(concluded.pk), "--output", str(path))
    call_command("import_battle", str(path), "--club", club.slug)
    copy_ = Battle.objects.exclude(pk=concluded.pk).get()
    assert copy_.version == concluded.version and copy_.summary == concluded.summary
    document = json.loads(path.read_text())
    document["events"][1]["data"]["unit"] = "zz"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="events.1.data.unit"):
        call_command("import_battle", str(path), "--club", club.slug)
    assert Battle.objects.count() == 2
    assert head(copy_) == 7


# --- battles recorded from the page (Idempotency-Key on every write) ----------------------


def test_a_battle_recorded_from_the_page_round_trips_twice_beside_the_original(
    clients, club, page_recorded
):
    document = export(clients["alice"], page_recorded)
    keys = [e["metadata"].get("idempotency_key") for e in document["events"][1:]]
    assert all(keys), keys  # every write of the page carried a key, and the export kept it
    copies = []
    for _ in range(2):  # the same document twice: two battles, no key of the original reused
        response = import_(clients["alice"], club, document)
        assert response.status_code == 201, response.json()
        copies.append(Battle.objects.get(pk=response.json()["id"]))
    original = state_json(clients["alice"], page_recorded)
    for copy_ in copies:
        assert copy_.version == 7 and copy_.summary == page_recorded.summary
        replayed = state_json(clients["alice"], copy_)
        assert (replayed["state"], replayed["pending"]) == (original["state"], original["pending"])
        assert log_view(clients["alice"], copy_) == log_view(clients["alice"], page_recorded)
        assert clients["alice"].get(url(copy_, "dice/verify/")).json()["verified"]
        stored = Event.objects.filter(stream_type="battle", stream_id=str(copy_.pk))
        assert not stored.exclude(idempotency_key=None).exists()
        metadata = [e["metadata"] for e in export(clients["alice"], copy_)["events"][1:]]
        assert [m.get("imported_idempotency_key") for m in metadata] == keys
        assert not any("idempotency_key" in m for m in metadata)


def test_the_commands_import_a_page_recorded_battle_and_refuse_a_tampered_one_in_one_line(
    tmp_path, club, page_recorded
):
    path = tmp_path / "battle.json"
    call_command("export_battle", str(page_recorded.pk), "--output", str(path))
    out = io.StringIO()
    call_command("import_battle", str(path), "--club", club.slug, stdout=out)
    copy_ = Battle.objects.exclude(pk=page_recorded.pk).get()
    assert out.getvalue() == f"imported as battle {copy_.pk} (version 7)\n"
    document = json.loads(path.read_text())
    _alter_roll(document, 2, "shot")
    path.write_text(json.dumps(document))
    counts = Battle.objects.count(), Event.objects.count()
    with pytest.raises(CommandError) as refused:
        call_command("import_battle", str(path), "--club", club.slug)
    message = str(refused.value)
    assert message.startswith("invalid_import: events.2.data.rolls.shot: recorded [")
    assert "revealed seed derives" in message and "\n" not in message
    assert (Battle.objects.count(), Event.objects.count()) == counts


@pytest.mark.django_db(transaction=True)
def test_a_page_recorded_battle_replays_identically_in_a_fresh_database(tmp_path, battle, clients):
    """Export, empty the database (events, seeds, snapshots, keys: everything), import into a
    new club: the replayed state and the verified dice are the original's."""
    record(clients, battle, write=page_post)
    path = tmp_path / "battle.json"
    call_command("export_battle", str(battle.pk), "--output", str(path))
    before = selectors.state_at(battle=Battle.objects.get(pk=battle.pk)).to_json()
    allow_test_flush()
    call_command("flush", interactive=False, verbosity=0)
    connection.close()  # a new session: PostgreSQL's flush session skipped the triggers
    assert not Event.objects.exists() and not Battle.objects.exists()
    club = Club.objects.create(name="Elsewhere", slug="elsewhere")
    for name in ("alice", "bob"):
        user = get_user_model().objects.create_user(name)
        Membership.objects.create(club=club, user=user, role="player")
    call_command("import_battle", str(path), "--club", club.slug, stdout=io.StringIO())
    copy_ = Battle.objects.get()
    after = selectors.state_at(battle=copy_).to_json()
    assert _digest(after["state"], after["pending"]) == _digest(before["state"], before["pending"])
    assert (after["version"], after["status"]) == (7, "concluded")
    assert selectors.verify_dice(battle=copy_)["verified"]


def _digest(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def test_an_older_schema_version_is_stored_as_it_is_and_replayed_upcast(
    clients, club, concluded, monkeypatch
):
    """A document from before ``declare`` payloads renamed ``args`` to ``params`` (schema 2):
    its version-1 declarations import, upcast, to the same state; an unknown version does not."""
    document = export(clients["alice"], concluded)
    original = state_json(clients["alice"], concluded)
    declares = [i for i, e in enumerate(document["events"]) if e["type"] == "declare"]
    for i in declares:
        data = document["events"][i]["data"]
        data["args"] = data.pop("params")
    schemas = upcasting.UpcasterRegistry()
    battle_schemas.register(schemas)  # the app's own (the exported conclusion is at schema 2)

    @schemas.register_upcaster("declare", from_version=1)
    def _args_to_params(data):
        data = dict(data)
        return {**data, "params": data.pop("args")}

    monkeypatch.setattr(upcasting, "registry", schemas)
    response = import_(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    copy_ = Battle.objects.get(pk=response.json()["id"])
    assert state_json(clients["alice"], copy_)["state"] == original["state"]
    stored = Event.objects.filter(
        stream_type="battle", stream_id=str(copy_.pk), event_type="declare"
    )
    assert {(e.schema_version, "args" in e.data) for e in stored} == {(1, True)}
    document["events"][declares[0]]["schema_version"] = 3
    refused = import_(clients["alice"], club, document)
    assert refused.status_code == 400
    assert refused.json()["field"] == f"events.{declares[0]}.schema_version"
    assert "from 1 to 2" in refused.json()["message"]


def test_a_conclusion_recorded_before_summary_details_imports_upcast(clients, club, concluded):
    """``battle.concluded`` schema 1 had a rule system's own figure keys beside the core's
    (Steel War's ``new_leadership``) and counted them: it imports, and its summary is compared
    with the recomputed one in schema 2."""
    document = export(clients["alice"], concluded)
    end = document["events"][-1]
    assert end["type"] == "battle.concluded" and end["schema_version"] == 2
    summary = end["data"]["summary"]
    assert summary["figures"] and all(f["details"] == {} for f in summary["figures"])
    for figure in summary["figures"]:
        del figure["details"]
        figure["new_leadership"] = None
    summary["counts"]["commanders_replaced"] = 0
    end["schema_version"] = 1
    response = import_(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    copy_ = Battle.objects.get(pk=response.json()["id"])
    assert copy_.summary == concluded.summary
    (stored,) = Event.objects.filter(
        stream_type="battle", stream_id=str(copy_.pk), event_type="battle.concluded"
    )
    assert stored.schema_version == 1 and "new_leadership" in stored.data["summary"]["figures"][0]
    summary["figures"][0]["outcome"] = "wounded"  # an old summary is still checked
    refused = import_(clients["alice"], club, document)
    assert refused.status_code == 400
    assert refused.json()["field"] == f"events.{len(document['events']) - 1}.data.summary"


def test_a_tampered_roll_is_refused_in_russian(clients, club, concluded):
    document = export(clients["alice"], concluded)
    _alter_roll(document, 2, "shot")
    body = json.dumps({"club": club.pk, "document": document})
    response = clients["alice"].post(
        "/api/battles/import/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "events.2.data.rolls.shot"
    assert "но раскрытое зерно даёт" in response.json()["message"]


def test_a_battle_imported_open_then_concluded_imports_again_with_its_rolls_unverified(
    clients, club, battle
):
    """Its concluding event has no seed (this server never had it): it round-trips, and the
    verification says what it can: the rolls are not verified."""
    assert page_post(clients["alice"], battle, "declare/", {
        "expected_version": 1,
        "command": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}},
        "server_dice": "all",
    }).status_code == 201
    first = import_(clients["alice"], club, export(clients["alice"], battle)).json()["id"]
    concluded = page_post(clients["org"], first, "conclude/",
                          {"expected_version": 3, "result": {"red": "win", "blue": "lose"}})
    assert concluded.status_code == 200, concluded.json()
    document = export(clients["alice"], first)
    assert document["events"][-1]["data"]["seed"] is None
    response = import_(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    second = Battle.objects.get(pk=response.json()["id"])
    replayed = state_json(clients["alice"], second)["state"]
    assert replayed == state_json(clients["alice"], first)["state"]
    report = clients["alice"].get(url(second, "dice/verify/")).json()
    assert (report["server_rolls"], report["verified"]) == (2, False)


def test_a_format_1_document_with_the_old_names_still_imports(clients, club, concluded):
    """Format 1 named the rule system and version ``rules_system``/``rules_version``."""
    document = export(clients["member"], concluded)
    assert document["format_version"] == 2 and "rule_system" in document["battle"]
    old = copy.deepcopy(document)
    old["format_version"] = 1
    old["battle"]["rules_system"] = old["battle"].pop("rule_system")
    old["battle"]["rules_version"] = old["battle"].pop("rule_version")
    response = import_(clients["alice"], club, old)
    assert response.status_code == 201, response.json()
    imported = Battle.objects.get(pk=response.json()["id"])
    assert (imported.rule_system, imported.rule_version) == (
        concluded.rule_system, concluded.rule_version)
    old["format_version"] = 3
    refused = import_(clients["alice"], club, old)
    assert refused.status_code == 400 and refused.json()["field"] == "format_version"
