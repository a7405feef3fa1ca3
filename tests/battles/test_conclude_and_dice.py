"""Concluding a battle (summary, seed reveal, signal) and verifiable server dice."""

import hashlib
from collections import Counter

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from battles import dice as scheme
from battles.models import Battle, DiceSeed
from battles.signals import battle_concluded
from rules.core.dice import DiceRequest
from tests.battles.helpers import dice, fire, head, post, url

pytestmark = pytest.mark.django_db


# --- the derivation itself ---------------------------------------------------------------


def test_the_commitment_is_the_sha256_of_the_seed_bytes():
    seed = scheme.new_seed()
    assert scheme.seed_sha256(seed) == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert scheme.new_seed() != seed


def test_a_server_die_depends_on_battle_version_key_and_index_only():
    seed = "00" * 32
    face = scheme.derive_face(seed, battle_id=1, version=5, key="shot", index=0, sides=6)
    assert face == scheme.derive_face(seed, battle_id=1, version=5, key="shot", index=0, sides=6)
    others = {
        scheme.derive_face(seed, battle_id=b, version=v, key=k, index=i, sides=20)
        for b, v, k, i in [
            (2, 5, "shot", 0),
            (1, 6, "shot", 0),
            (1, 5, "cover", 0),
            (1, 5, "shot", 1),
            (1, 5, "shot", 2),
            (1, 5, "shot", 3),
        ]
    }
    assert len(others) > 1  # not a constant


def test_server_faces_cover_the_die_evenly():
    seed = "ab" * 32
    counts = Counter(
        scheme.derive_face(seed, battle_id=7, version=v, key="k", index=0, sides=6)
        for v in range(6000)
    )
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 20.5  # p > 0.001 for 5 degrees of freedom


def test_the_face_is_the_accepted_hmac_value_modulo_the_sides():
    import hmac

    seed = "11" * 32
    digest = hmac.new(bytes.fromhex(seed), b"3|9|shot|0|0", hashlib.sha256).digest()
    x = int.from_bytes(digest[:8], "big")
    assert x < 2**64 - 2**64 % 6  # accepted on the first try (rejection is ~1e-18 likely)
    assert scheme.derive_face(seed, battle_id=3, version=9, key="shot", index=0, sides=6) == (
        x % 6 + 1
    )


def test_requests_with_several_exploding_or_symbolic_dice():
    seed = "22" * 32
    two = scheme.roll_request(seed, battle_id=1, version=2, request=DiceRequest("m", "2d6", 6, 2))
    assert len(two) == 2 and all(1 <= v <= 6 for v in two)
    exploding = DiceRequest("x", "exploding d4", 4, explodes=True)
    for version in range(200):
        (total,) = scheme.roll_request(seed, battle_id=1, version=version, request=exploding)
        assert total % 4 != 0
    card = DiceRequest("c", "suit", 4, faces=("S", "H", "D", "C"))
    assert scheme.roll_request(seed, battle_id=1, version=3, request=card)[0] in "SHDC"


# --- conclusion ------------------------------------------------------------------------


def conclude(client, battle, version, **result):
    return post(client, battle, "conclude/", {"expected_version": version, "result": result})


def test_conclusion_records_the_summary_reveals_the_seed_and_signals_after_commit(
    clients, battle, django_capture_on_commit_callbacks
):
    fire(clients["alice"], battle, 1, dice={"shot": 6, "cover": 1})
    received = []

    def listener(sender, battle_id, **kwargs):
        received.append(battle_id)

    battle_concluded.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = conclude(clients["org"], battle, 2, red="win", blue="lose")
    finally:
        battle_concluded.disconnect(listener)
    assert response.status_code == 200, response.json()
    assert received == [battle.pk]
    event = response.json()["events"][0]
    assert event["type"] == "battle.concluded"
    summary = event["data"]["summary"]
    assert summary["counts"]["killed"] == 1
    assert summary["figures"][0] == {
        "unit": "b1",
        "figure": "b1.f1",
        "side": "blue",
        "name": "",
        "outcome": "killed",
        "fate": None,
        "captured_by": None,
        "wounded": False,
        "details": {},
    }
    seed = DiceSeed.objects.get(battle=battle).seed
    assert event["data"]["seed"] == seed
    detail = clients["member"].get(url(battle)).json()
    assert detail["status"] == "concluded" and detail["seed"] == seed
    assert detail["result"] == {"red": "win", "blue": "lose"}
    assert detail["summary"] == summary


def test_the_summary_endpoint_shows_what_will_be_taken_over_and_records_nothing(clients, battle):
    fire(clients["alice"], battle, 1, dice={"shot": 6, "cover": 1})
    preview = clients["member"].get(url(battle, "summary/"))
    assert preview.status_code == 200
    body = preview.json()
    assert body["version"] == 2 and body["summary"]["counts"]["killed"] == 1
    assert body["summary"]["figures"][0]["figure"] == "b1.f1"
    assert head(battle) == 2
    assert clients["outsider"].get(url(battle, "summary/")).status_code == 404
    concluded = conclude(clients["org"], battle, 2, red="win", blue="lose").json()
    taken = concluded["events"][0]["data"]["summary"]
    assert clients["member"].get(url(battle, "summary/")).json()["summary"] == taken == body[
        "summary"]


def test_a_failing_receiver_after_commit_does_not_fail_the_committed_conclusion(
    clients, battle, django_capture_on_commit_callbacks
):
    def listener(sender, battle_id, **kwargs):
        raise ConnectionError("the broker is down")

    battle_concluded.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = conclude(clients["org"], battle, 1, red="win", blue="lose")
    finally:
        battle_concluded.disconnect(listener)
    assert response.status_code == 200, response.json()
    assert Battle.objects.get(pk=battle.pk).status == "concluded"


def test_no_signal_when_the_conclusion_rolls_back(clients, battle):
    received = []

    def listener(sender, battle_id, **kwargs):
        received.append(battle_id)

    battle_concluded.connect(listener)
    try:
        with pytest.raises(RuntimeError), transaction.atomic():
            from battles import services

            services.conclude_battle(
                battle_id=battle.pk,
                user=battle.participants.first().user,
                expected_version=1,
                result={"red": "win", "blue": "lose"},
            )
            raise RuntimeError("the outer transaction fails")
    finally:
        battle_concluded.disconnect(listener)
    assert received == []
    assert Battle.objects.get(pk=battle.pk).status == "open" and head(battle) == 1


def test_a_result_must_name_every_side_with_win_lose_or_draw(clients, battle):
    for result, field in [
        ({"red": "win"}, "result"),
        ({"red": "win", "green": "lose"}, "result.green"),
    ]:
        response = conclude(clients["org"], battle, 1, **result)
        assert response.status_code == 400 and response.json()["field"] == field
    response = conclude(clients["org"], battle, 1, red="won", blue="lose")
    assert response.status_code == 400 and response.json()["field"] == "result.red"
    assert head(battle) == 1


@pytest.mark.parametrize(
    ("result", "field", "names"),
    [
        ({"red": "win", "blue": "win"}, "result.blue", "red, blue cannot all win"),
        ({"red": "win", "blue": "draw"}, "result.blue", "red wins, so blue cannot draw"),
        ({"red": "lose", "blue": "draw"}, "result.blue", "blue cannot draw alone"),
    ],
)
def test_inconsistent_results_are_refused_naming_the_conflict(clients, battle, result, field,
                                                              names):
    response = conclude(clients["org"], battle, 1, **result)
    body = response.json()
    assert response.status_code == 400, body
    assert body["code"] == "inconsistent_result" and body["field"] == field
    assert names in body["message"]
    assert head(battle) == 1 and Battle.objects.get(pk=battle.pk).status == "open"


def test_the_conflict_is_named_in_russian_too(clients, battle):
    response = post(clients["org"], battle, "conclude/",
                    {"expected_version": 1, "result": {"red": "win", "blue": "win"}},
                    **{"Accept-Language": "ru"})
    assert response.status_code == 400
    assert response.json()["message"].startswith("red, blue не могут победить")


def test_a_missing_side_is_refused_before_anything_is_recorded(clients, battle):
    response = conclude(clients["org"], battle, 1, red="win")
    assert response.status_code == 400 and response.json()["code"] == "bad_result"
    assert "blue" in response.json()["message"]
    assert head(battle) == 1


def test_consistent_results_are_accepted(clients, battle):
    assert conclude(clients["org"], battle, 1, red="lose", blue="lose").status_code == 200


def test_the_seed_is_secret_while_the_battle_is_open(clients, battle, admin_client):
    seed = DiceSeed.objects.get(battle=battle).seed
    fire(clients["alice"], battle, 1, server_dice="all")
    for suffix in ["", "state/", "log/", "units/", "export/", "replay/?rule_version=2.0"]:
        assert seed not in clients["org"].get(url(battle, suffix)).content.decode(), suffix
    assert clients["org"].get(url(battle)).json()["seed"] is None
    response = clients["org"].get(url(battle, "dice/verify/"))
    assert response.status_code == 409 and response.json()["code"] == "seed_not_revealed"
    page = admin_client.get(f"/admin/battles/battle/{battle.pk}/change/")
    assert page.status_code == 200 and seed not in page.content.decode()
    assert admin_client.get("/admin/battles/diceseed/").status_code == 404


def test_every_server_roll_verifies_after_conclusion(clients, battle):
    fire(clients["alice"], battle, 1, server_dice="all")
    # b2 is not the squad alice shot at: a server tie may have suppressed b1 (§D.2).
    assert fire(clients["bob"], battle, 3, unit="b2", target="r1").status_code == 201
    post(
        clients["bob"],
        battle,
        "dice/",
        {"expected_version": 4, "rolls": {"shot": [2]}, "server_dice": ["cover"]},
    )
    version = head(battle)
    conclude(clients["org"], battle, version, red="draw", blue="draw")
    report = clients["member"].get(url(battle, "dice/verify/")).json()
    assert report["seed_matches_commitment"] and report["verified"]
    assert report["server_rolls"] == 3
    assert [(r["version"], r["key"]) for r in report["rolls"]] == [
        (3, "shot"),
        (3, "cover"),
        (6, "cover"),
    ]
    call_command("verify_dice", str(battle.pk))


def test_verification_catches_a_roll_that_does_not_derive_from_the_seed(clients, battle):
    fire(clients["alice"], battle, 1, server_dice="all")
    conclude(clients["org"], battle, 3, red="draw", blue="draw")
    DiceSeed.objects.filter(battle=battle).update(seed="33" * 32)  # a different seed
    report = clients["member"].get(url(battle, "dice/verify/")).json()
    assert report["seed_matches_commitment"] is False and report["verified"] is False
    with pytest.raises(CommandError, match="NOT verified"):
        call_command("verify_dice", str(battle.pk))


def test_table_dice_are_not_server_rolls(clients, battle):
    fire(clients["alice"], battle, 1)
    dice(clients["alice"], battle, 2, shot=[1], cover=[1])
    conclude(clients["org"], battle, 3, red="draw", blue="draw")
    report = clients["member"].get(url(battle, "dice/verify/")).json()
    assert report["server_rolls"] == 0 and report["verified"] is True


def test_server_dice_read_the_seed_once_per_process_and_battle(clients, battle):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from battles.services import facts

    facts._KEPT_SEEDS.clear()
    seeds_read = []
    for version in (1, 3):
        with CaptureQueriesContext(connection) as queries:
            response = fire(clients["alice"], battle, version, server_dice="all")
        assert response.status_code == 201, response.json()
        seeds_read.append(sum("battles_diceseed" in q["sql"] for q in queries))
    assert seeds_read == [1, 0]


def test_a_kept_seed_serves_only_the_battle_whose_commitment_it_matches(clients, battle):
    """A battle id given to another battle (a rolled back creation) has another seed_sha256:
    the kept seed is not used for it."""
    from battles.services import facts

    facts._KEPT_SEEDS.clear()
    facts._KEPT_SEEDS[battle.pk] = "33" * 32  # not this battle's seed
    fire(clients["alice"], battle, 1, server_dice="all")
    assert facts._KEPT_SEEDS[battle.pk] == DiceSeed.objects.get(battle=battle).seed
    fire(clients["alice"], battle, 3, server_dice="all")
    conclude(clients["org"], battle, 5, red="draw", blue="draw")
    report = clients["member"].get(url(battle, "dice/verify/")).json()
    assert report["server_rolls"] == 4 and report["verified"] is True
