"""Input that used to reach the database (or int()) and answer 500 as HTML: a 400 in the one
error format naming the header, field or parameter at fault, and nothing recorded."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from battles.models import Battle
from battles.services import export_battle
from eventstore.models import Event
from tests.api_errors import assert_400
from tests.battles.duel import SETUP
from tests.battles.helpers import fire, head, url

pytestmark = pytest.mark.django_db

MAX_KEY = 128
FIRE = {"expected_version": 1,
        "command": {"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}}}


@pytest.fixture
def alice(people):
    """alice's API client that answers a server error with its 500 instead of raising."""
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(people["alice"])
    return client



def post_raw(client, path, text, **headers):
    return client.post(path, data=text, content_type="application/json",
                       headers=headers or None)


def _start(client, club, headers=None, **extra):
    body = {"club": club.pk, "name": "Bridge at dawn", "rule_system": "duel",
            "rule_version": "1.0", "setup": SETUP, **extra}
    return client.post("/api/battles/", body, format="json", headers=headers)


# --- Idempotency-Key ------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["k" * (MAX_KEY + 1), "k" * 300, "k\x00k", "tab\tkey"])
def test_a_bad_idempotency_key_on_a_write_is_a_400_naming_the_header(alice, battle, key):
    before = Event.objects.count()
    response = alice.post(url(battle, "declare/"), FIRE, format="json",
                          headers={"Idempotency-Key": key})
    body = assert_400(response, "bad_idempotency_key", "Idempotency-Key")
    assert str(MAX_KEY) in body["message"]
    assert Event.objects.count() == before and head(battle) == 1


def test_the_longest_idempotency_key_is_accepted_and_replays(alice, battle):
    key = {"Idempotency-Key": "k" * MAX_KEY}
    first = alice.post(url(battle, "declare/"), FIRE, format="json", headers=key)
    again = alice.post(url(battle, "declare/"), FIRE, format="json", headers=key)
    assert first.status_code == again.status_code == 201, first.content[:300]
    assert again.json() == first.json() and head(battle) == 2


def test_an_overlong_idempotency_key_starting_a_battle_is_a_400(alice, club):
    response = _start(alice, club, headers={"Idempotency-Key": "k" * (MAX_KEY + 1)})
    assert_400(response, "bad_idempotency_key", "Idempotency-Key")
    assert Battle.objects.count() == 0


# --- lone surrogates ------------------------------------------------------------------------


def test_a_lone_surrogate_in_a_dice_key_is_a_400_naming_its_path(alice, battle):
    assert fire(alice, battle, 1).status_code == 201
    response = post_raw(alice, url(battle, "dice/"),
                        '{"expected_version": 2, "rolls": {"\\ud800": [3]}}')
    body = assert_400(response, "lone_surrogate", "rolls.\\ud800")
    assert "rolls.\\ud800" in body["message"]
    assert head(battle) == 2


def test_a_lone_surrogate_in_a_command_value_is_a_400(alice, battle):
    text = ('{"expected_version": 1, "command": {"action": "fire", "unit": "r1", '
            '"params": {"target": "b1\\udfff", "distance": 4}}}')
    assert_400(post_raw(alice, url(battle, "declare/"), text), "lone_surrogate",
               "command.params.target")
    assert head(battle) == 1


@pytest.mark.parametrize(("params", "field"), [
    ('"note": "\\u0000"', "command.params.note"),
    ('"note\\u0000": 1', "command.params.note\\u0000"),
])
def test_a_nul_in_a_json_string_or_key_is_a_400_naming_its_path(alice, battle, params, field):
    """The rules ignore a parameter they do not read; the event store kept it, and
    PostgreSQL cannot store a NUL: a 500."""
    text = ('{"expected_version": 1, "command": {"action": "fire", "unit": "r1", '
            f'"params": {{"target": "b1", "distance": 4, {params}}}}}}}')
    assert_400(post_raw(alice, url(battle, "declare/"), text), "nul_character", field)
    assert head(battle) == 1


def test_a_surrogate_pair_is_a_character_and_passes(alice, battle):
    """An astral character escaped as its UTF-16 pair is text: the rules judge it."""
    text = ('{"expected_version": 1, "command": {"action": "fire", "unit": "r1", '
            '"params": {"target": "\\ud83d\\ude00", "distance": 4}}}')
    response = post_raw(alice, url(battle, "declare/"), text)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["code"] == "bad_command"  # no such unit, said in valid JSON


def test_a_lone_surrogate_in_an_imported_file_is_a_400(alice, club, battle):
    text = json.dumps(export_battle(battle=battle)).replace('"Hill 203"', '"Hill \\ud800"', 1)
    upload = SimpleUploadedFile("battle.json", text.encode(), "application/json")
    response = alice.post("/api/battles/import/", {"club": club.pk, "file": upload},
                          format="multipart")
    body = assert_400(response, "lone_surrogate", "file.battle.name")
    assert body["message"]
    assert Battle.objects.count() == 1


def test_a_lone_surrogate_in_an_imported_document_is_a_400(alice, club, battle):
    text = json.dumps({"club": club.pk, "document": export_battle(battle=battle)})
    text = text.replace('"Hill 203"', '"Hill \\udc00"', 1)
    response = post_raw(alice, "/api/battles/import/", text)
    assert_400(response, "lone_surrogate", "document.battle.name")
    assert Battle.objects.count() == 1


# --- integers -------------------------------------------------------------------------------


def test_snapshot_every_beyond_a_32_bit_column_is_a_400_naming_the_bound(alice, club):
    response = _start(alice, club, snapshot_every=2**31)
    body = assert_400(response, "max_value", "snapshot_every")
    assert str(2**31 - 1) in body["message"]
    assert Battle.objects.count() == 0
    assert _start(alice, club, snapshot_every=2**31 - 1).status_code == 201


@pytest.mark.parametrize("value", ["²", "٣", "1" * 5000, "2147483648", "-1", "1.0"])
def test_a_state_at_a_moment_that_is_not_a_plain_number_is_a_400(alice, battle, value):
    response = alice.get(url(battle, "state/"), {"at": value})
    body = assert_400(response, "bad_version", "at")
    assert "at" in body["message"]


@pytest.mark.parametrize("value", ["²", "1" * 5000])
def test_the_table_page_ignores_an_at_that_is_not_a_plain_number(people, battle, value):
    client = Client(raise_request_exception=False)
    client.force_login(people["alice"])
    response = client.get(f"/battles/{battle.pk}/", {"at": value})
    assert response.status_code == 200


def test_the_refusals_are_said_in_russian_too(alice, battle):
    ru = {"HTTP_ACCEPT_LANGUAGE": "ru"}
    key = alice.post(url(battle, "declare/"), FIRE, format="json",
                     headers={"Idempotency-Key": "k" * 200}, **ru).json()
    assert key["message"].startswith("заголовок Idempotency-Key — от 1 до 128 символов")
    at = alice.get(url(battle, "state/"), {"at": "²"}, **ru).json()
    assert at["message"].startswith("at должно быть целым числом от 0 до 2147483647")
    text = '{"expected_version": 1, "command": "\\ud800"}'
    surrogate = alice.post(url(battle, "declare/"), data=text, content_type="application/json",
                           **ru).json()
    assert surrogate["message"] == "command: содержит одиночный суррогат UTF-16, а это не символ"


def test_a_club_id_beyond_64_bits_is_a_400(alice, club):
    response = alice.post("/api/battles/", {"club": 2**70, "name": "x", "rule_system": "duel",
                                            "setup": SETUP}, format="json")
    # the JSON parser (orjson) reads an integer past 64 bits as a float, not an id
    assert_400(response, "invalid", "club")


def test_a_battle_id_beyond_64_bits_is_a_404(alice, battle):
    response = alice.get(f"/api/battles/{2**70}/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
