"""Server dice after a reopening: the reopening commits a new secret seed (a new seed epoch),
later server dice derive from it, the next conclusion reveals it, and verification, export
and import check each roll against the seed of its epoch (issue 19)."""

import copy
import json

import pytest

from battles import dice as dice_scheme
from battles.models import Battle, DiceSeed
from eventstore.models import Event
from tests.battles.helpers import fire, head, post, url

pytestmark = pytest.mark.django_db

RESULT = {"red": "draw", "blue": "draw"}


def _new_seed_unlike(old_seed: str, battle_id: int, version: int) -> str:
    """A seed whose server "shot" and "cover" d6 at ``version`` both differ from what
    ``old_seed`` gives there: the dice after the reopening then show which seed rolled them."""
    def faces(seed):
        return [dice_scheme.derive_face(seed, battle_id=battle_id, version=version, key=key,
                                        index=0, sides=6) for key in ("shot", "cover")]
    old = faces(old_seed)
    for n in range(1, 256):
        seed = f"{n:02x}" * 32
        if all(a != b for a, b in zip(faces(seed), old, strict=True)):
            return seed
    raise AssertionError("no seed found")


@pytest.fixture
def reopened(clients, battle, monkeypatch):
    """Server dice in both epochs: alice's fire (v2-3), conclusion (v4), reopening with a
    new seed (v5), bob's fire (v6-7), conclusion (v8). Returns (battle, old seed, new seed)."""
    assert fire(clients["alice"], battle, 1, server_dice="all").status_code == 201
    assert post(clients["org"], battle, "conclude/",
                {"expected_version": 3, "result": RESULT}).status_code == 200
    old_seed = clients["member"].get(url(battle)).json()["seed"]
    new_seed = _new_seed_unlike(old_seed, battle.pk, 7)
    monkeypatch.setattr(dice_scheme, "new_seed", lambda: new_seed)
    response = post(clients["org"], battle, "reopen/",
                    {"expected_version": 4, "reason": "the cover die was misread"})
    assert response.status_code == 200, response.json()
    assert response.json()["events"][0]["data"]["seed_sha256"] == dice_scheme.seed_sha256(
        new_seed)
    # b2 is not the squad alice shot at: a server tie may have suppressed b1
    assert fire(clients["bob"], battle, 5, unit="b2", target="r1",
                server_dice="all").status_code == 201
    assert post(clients["org"], battle, "conclude/",
                {"expected_version": 7, "result": RESULT}).status_code == 200
    return battle, old_seed, new_seed


def test_a_reopening_commits_a_new_secret_seed_and_later_dice_derive_from_it(
    clients, battle, monkeypatch
):
    assert fire(clients["alice"], battle, 1, server_dice="all").status_code == 201
    post(clients["org"], battle, "conclude/", {"expected_version": 3, "result": RESULT})
    old_seed = clients["member"].get(url(battle)).json()["seed"]
    assert old_seed == DiceSeed.objects.get(battle=battle).seed
    new_seed = _new_seed_unlike(old_seed, battle.pk, 7)
    monkeypatch.setattr(dice_scheme, "new_seed", lambda: new_seed)
    post(clients["org"], battle, "reopen/", {"expected_version": 4, "reason": "misread"})

    body = clients["org"].get(url(battle)).json()
    assert body["seed"] is None  # open again: the new seed is secret
    assert body["seed_sha256"] == dice_scheme.seed_sha256(new_seed) != \
        dice_scheme.seed_sha256(old_seed)
    assert new_seed not in clients["org"].get(url(battle, "log/")).content.decode()
    response = clients["org"].get(url(battle, "dice/verify/"))
    assert response.status_code == 409 and response.json()["code"] == "seed_not_revealed"

    rolled = fire(clients["bob"], battle, 5, unit="b2", target="r1", server_dice="all").json()
    server = next(e for e in rolled["events"] if e["type"] == "dice")
    assert server["version"] == 7
    for key in ("shot", "cover"):
        by_new = dice_scheme.derive_face(new_seed, battle_id=battle.pk, version=7, key=key,
                                         index=0, sides=6)
        by_old = dice_scheme.derive_face(old_seed, battle_id=battle.pk, version=7, key=key,
                                         index=0, sides=6)
        assert server["data"]["rolls"][key] == [by_new] != [by_old]

    post(clients["org"], battle, "conclude/", {"expected_version": 7, "result": RESULT})
    assert clients["member"].get(url(battle)).json()["seed"] == new_seed


def test_verification_checks_each_roll_against_the_seed_of_its_epoch(clients, reopened):
    battle, old_seed, new_seed = reopened
    report = clients["member"].get(url(battle, "dice/verify/")).json()
    assert report["verified"] and report["seed_matches_commitment"], report
    assert report["server_rolls"] == 4 and all(r["ok"] for r in report["rolls"])
    assert [(e["from_version"], e["seed"], e["server_rolls"]) for e in report["epochs"]] == [
        (1, old_seed, 2), (5, new_seed, 2)]
    assert report["seed"] == new_seed


def test_a_tampered_seed_of_the_new_epoch_fails_verification(clients, reopened):
    battle, _old, _new = reopened
    DiceSeed.objects.filter(battle=battle).update(seed="33" * 32)
    report = clients["member"].get(url(battle, "dice/verify/")).json()
    assert report["verified"] is False and report["seed_matches_commitment"] is False
    assert [e["seed_matches_commitment"] for e in report["epochs"]] == [True, False]


def test_the_old_seed_does_not_verify_the_new_epochs_dice():
    """The same stream, verified as if the reopening had committed nothing (one epoch): the
    dice after it do not derive from the old seed."""
    old, new = "11" * 32, "22" * 32
    faces = {s: dice_scheme.derive_face(s, battle_id=9, version=4, key="k", index=0, sides=1000)
             for s in (old, new)}
    assert faces[old] != faces[new]
    events = [(1, "battle.started", {"seed_sha256": dice_scheme.seed_sha256(old)}),
              (2, "battle.concluded", {"seed": old}),
              (3, "battle.reopened", {"reason": "r", "seed_sha256": dice_scheme.seed_sha256(new)}),
              (5, "battle.concluded", {"seed": new})]
    epochs = dice_scheme.seed_epochs(events)
    assert [(e.opened_at, e.seed, e.revealed_at, e.seed_matches) for e in epochs] == [
        (1, old, 2, True), (3, new, 5, True)]
    assert dice_scheme.epoch_of(epochs, 4).seed == new
    assert dice_scheme.epoch_of(epochs, 2).seed == old
    legacy = dice_scheme.seed_epochs([*events[:2], (3, "battle.reopened", {"reason": "r"}),
                                      (5, "battle.concluded", {"seed": old})])
    assert len(legacy) == 1 and dice_scheme.epoch_of(legacy, 4).seed == old


def _export(client, battle):
    return json.loads(client.get(url(battle, "export/")).content)


def _import(client, club, document, **headers):
    return client.post("/api/battles/import/", json.dumps({"club": club.pk, "document": document}),
                       content_type="application/json", **headers)


def test_a_reopened_battle_round_trips_and_its_copy_verifies_both_epochs(clients, club, reopened):
    battle, old_seed, new_seed = reopened
    document = _export(clients["alice"], battle)
    types = [e["type"] for e in document["events"]]
    assert types.count("battle.concluded") == 2 and types[4] == "battle.reopened"
    assert document["events"][4]["data"]["seed_sha256"] == dice_scheme.seed_sha256(new_seed)
    response = _import(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    copy_ = Battle.objects.get(pk=response.json()["id"])
    assert copy_.seed_sha256 == dice_scheme.seed_sha256(new_seed)
    assert not DiceSeed.objects.filter(battle=copy_).exists()
    report = clients["alice"].get(url(copy_, "dice/verify/")).json()
    assert report["verified"] and [e["seed"] for e in report["epochs"]] == [old_seed, new_seed]
    again = _export(clients["alice"], copy_)
    assert [(e["type"], e["data"]) for e in again["events"]] == [
        (e["type"], e["data"]) for e in document["events"]]


@pytest.mark.parametrize(("index", "message"), [
    (3, "committed at the start"), (7, "committed when the battle was reopened (event 5)")])
def test_an_import_refuses_a_seed_that_is_not_its_epochs_commitment(
    clients, club, reopened, index, message
):
    battle, old_seed, new_seed = reopened
    document = _export(clients["alice"], battle)
    document["events"][index]["data"]["seed"] = new_seed if index == 3 else old_seed
    events = Event.objects.count()
    response = _import(clients["alice"], club, document)
    assert response.status_code == 400
    assert response.json()["field"] == f"events.{index}.data.seed"
    assert message in response.json()["message"]
    assert Event.objects.count() == events


def test_an_import_refuses_a_roll_of_the_new_epoch_the_old_seed_gave_in_russian(
    clients, club, reopened
):
    battle, old_seed, _new = reopened
    document = _export(clients["alice"], battle)
    dice_event = document["events"][6]
    assert dice_event["type"] == "dice" and dice_event["data"]["source"] == "server"
    dice_event["data"]["rolls"]["shot"] = [dice_scheme.derive_face(
        old_seed, battle_id=battle.pk, version=7, key="shot", index=0, sides=6)]
    battles = Battle.objects.count()
    response = _import(clients["alice"], club, document, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert response.json()["field"] == "events.6.data.rolls.shot"
    assert "но раскрытое зерно даёт" in response.json()["message"]
    assert Battle.objects.count() == battles


def test_a_stream_reopened_before_seed_epochs_keeps_verifying(clients, club, battle):
    """An export made before reopenings committed a seed: its reopening has only a reason,
    the second conclusion reveals the first seed again, and every roll derives from it."""
    assert fire(clients["alice"], battle, 1, server_dice="all").status_code == 201
    post(clients["org"], battle, "conclude/", {"expected_version": 3, "result": RESULT})
    seed = DiceSeed.objects.get(battle=battle).seed
    document = _export(clients["alice"], battle)
    concluded = document["events"][3]
    reopened = {**concluded, "version": 5, "type": "battle.reopened", "schema_version": 1,
                "data": {"reason": "misread"}}
    again = {**copy.deepcopy(concluded), "version": 6}
    document["events"][3:] = [concluded, reopened, again]
    assert again["data"]["seed"] == seed
    response = _import(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    copy_ = Battle.objects.get(pk=response.json()["id"])
    report = clients["alice"].get(url(copy_, "dice/verify/")).json()
    assert report["verified"] and len(report["epochs"]) == 1 and head(copy_) == 6
