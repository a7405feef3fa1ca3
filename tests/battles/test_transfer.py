"""Export a battle as JSON and import it elsewhere to the same state; malformed files are
rejected with the field at fault and nothing of them is stored."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from battles.models import Battle, BattleLogEntry
from eventstore.models import Event
from tests.battles.helpers import dice, fire, head, post, state_json, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def concluded(battle, clients):
    fire(clients["alice"], battle, 1, server_dice="all")
    fire(clients["alice"], battle, 3, distance=9)
    dice(clients["bob"], battle, 4, shot=[6], cover=[2])
    post(
        clients["alice"],
        battle,
        "corrections/",
        {
            "expected_version": 5,
            "target_version": 4,
            "action": "amend",
            "data": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 3}},
        },
    )
    post(
        clients["org"],
        battle,
        "conclude/",
        {"expected_version": 6, "result": {"red": "win", "blue": "lose"}},
    )
    battle.refresh_from_db()
    assert battle.version == 7
    return battle


def export(client, battle):
    response = client.get(url(battle, "export/"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    return json.loads(response.content)


def import_(client, club, document):
    return client.post(
        "/api/battles/import/", {"club": club.pk, "document": document}, format="json"
    )


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
        _set(["battle", "rules_version"], "2.0"),
        "events.0.data.rules",
    ),
    (
        "unknown rules version",
        lambda d: (
            _set(["battle", "rules_version"], "9.9")(d),
            _set(["events", 0, "data", "rules", "version"], "9.9")(d),
        ),
        "battle.rules_version",
    ),
    (
        "server roll without request",
        _set(["events", 2, "metadata", "server_requests"], {}),
        "events.2.metadata.server_requests",
    ),
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
    assert response.json()["field"] == field, response.json()
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
