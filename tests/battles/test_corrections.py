"""Corrections are new events: void or amend a fact, replay everything after it, show the
consequences, and ask again for dice that no longer fit instead of guessing."""

import pytest

from battles.models import BattleSnapshot
from battles.streams import stream_of
from eventstore.selectors import read_stream
from tests.battles.helpers import dice, fire, head, post, state_json, url

pytestmark = pytest.mark.django_db


def correct(client, battle, version, target, action, **extra):
    return post(
        client,
        battle,
        "corrections/",
        {"expected_version": version, "target_version": target, "action": action, **extra},
    )


@pytest.fixture
def played(battle, clients):
    """v2 fire r1->b1 at 10" (cover d8); v3 dice 5 vs 7 (miss); v4 fire+dice 6 vs 1."""
    fire(clients["alice"], battle, 1, distance=10)
    dice(clients["bob"], battle, 2, shot=[5], cover=[7])
    fire(clients["alice"], battle, 3, dice={"shot": 6, "cover": 1})
    return battle


def log(client, battle):
    return {r["version"]: r for r in client.get(url(battle, "log/")).json()["results"]}


def test_void_replays_the_stream_and_the_log_shows_the_consequences(clients, played):
    assert log(clients["alice"], played)[4]["text"] == "b1.f1 killed"
    fire(clients["alice"], played, 4, dice={"shot": 6, "cover": 1})  # v5: b1.f2 killed
    response = correct(clients["alice"], played, 5, 4, "void", reason="declared twice")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["version"] == 6
    assert body["events"][0]["type"] == "correction.void"
    assert body["events"][0]["consequences"] == {
        "changed": 2,
        "by_change": [
            {"before": "applied", "after": "applied", "count": 1},
            {"before": "applied", "after": "voided", "count": 1},
        ],
        "first_version": 4,
        "last_version": 5,
        "facts": [
            {
                "version": 4,
                "type": "declare",
                "before": {"status": "applied", "text": "b1.f1 killed"},
                "after": {"status": "voided", "text": ""},
            },
            {
                "version": 5,
                "type": "declare",
                "before": {"status": "applied", "text": "b1.f2 killed"},
                "after": {"status": "applied", "text": "b1.f1 killed"},
            },
        ],
        "more": 0,
    }
    rows = log(clients["alice"], played)
    assert rows[4]["status"] == "voided" and rows[4]["corrected_by"] == 6
    assert [rows[v]["changed_by"] for v in (3, 4, 5, 6)] == [None, 6, 6, None]
    assert rows[4]["data"]["action"] == "fire"  # the recorded fact is kept as recorded
    assert rows[6]["text"] == "#4 now voided: no effect; #5 now applied: b1.f1 killed"
    assert body["events"][0]["text"] == rows[6]["text"]
    assert state_json(clients["alice"], played)["state"]["units"]["b1"]["lost"] == ["b1.f1"]
    assert len(read_stream(stream_of(played))) == 6  # nothing was rewritten


def test_amend_a_misread_die(clients, played):
    response = correct(
        clients["bob"],
        played,
        4,
        3,
        "amend",
        data={"rolls": {"shot": [5], "cover": [2]}, "source": "table"},
        reason="misread the d8",
    )
    assert response.status_code == 201, response.json()
    rows = log(clients["bob"], played)
    assert rows[3]["status"] == "amended" and rows[3]["text"] == "b1.f1 killed"
    assert rows[3]["effective_data"]["rolls"]["cover"] == [2]
    assert rows[4]["text"] == "b1.f2 killed"
    assert state_json(clients["bob"], played)["state"]["units"]["b1"]["lost"] == ["b1.f1", "b1.f2"]


def test_amended_distance_makes_recorded_dice_unfit_and_pending_names_the_dice(clients, played):
    response = correct(
        clients["alice"],
        played,
        4,
        2,
        "amend",
        data={"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}},
        reason="it was 4 inches",
    )
    body = response.json()
    assert response.status_code == 201, body
    rows = log(clients["alice"], played)
    assert rows[3]["status"] == "unfit"
    assert rows[3]["problem"]["code"] == "die_out_of_range"  # a 7 on what is now a d6
    assert rows[4]["status"] == "unfit" and rows[4]["problem"]["code"] == "dice_pending"
    pending = body["pending"]
    assert pending["kind"] == "dice"
    assert [(r["key"], r["sides"]) for r in pending["requests"]] == [("shot", 6), ("cover", 6)]
    assert [u["version"] for u in pending["unfit"]] == [3, 4]
    assert state_json(clients["alice"], played)["pending"] == pending
    # re-enter the dice by amending the unfit dice fact: later facts fit again
    response = correct(
        clients["bob"],
        played,
        5,
        3,
        "amend",
        data={"rolls": {"shot": [5], "cover": [2]}, "source": "table"},
    )
    assert response.status_code == 201, response.json()
    rows = log(clients["alice"], played)
    assert [rows[v]["status"] for v in (2, 3, 4)] == ["amended", "amended", "applied"]
    assert state_json(clients["alice"], played)["pending"] == {"kind": "command"}


def test_dice_entered_at_the_head_answer_the_request_after_a_correction(clients, played):
    correct(
        clients["alice"],
        played,
        4,
        2,
        "amend",
        data={"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}},
    )
    response = dice(clients["bob"], played, 5, shot=[2], cover=[5])
    assert response.status_code == 201
    assert response.json()["text"] == "Blue squad unharmed"
    assert response.json()["pending"]["kind"] == "command"


def test_corrections_that_cannot_be_made_leave_the_battle_unchanged(clients, played):
    before = state_json(clients["alice"], played)
    cases = [
        (dict(target=1, action="void"), 422, "not_a_fact"),
        (dict(target=99, action="void"), 422, "no_such_event"),
        (
            dict(target=3, action="amend", data={"rolls": {"shot": [9], "cover": [1]}}),
            422,
            "die_out_of_range",
        ),
        (dict(target=2, action="amend"), 400, "bad_amendment"),
    ]
    for args, status, code in cases:
        response = correct(
            clients["alice"], played, 4, args.pop("target"), args.pop("action"), **args
        )
        assert response.status_code == status, response.json()
        assert response.json()["code"] == code
    amend = correct(
        clients["alice"], played, 4, 3, "amend", data={"rolls": {"shot": [9], "cover": [1]}}
    )
    assert amend.json()["field"] == "data.rolls.shot"
    assert head(played) == 4 and state_json(clients["alice"], played) == before
    correct(clients["alice"], played, 4, 4, "void")
    again = correct(clients["alice"], played, 5, 4, "void")
    assert again.status_code == 422 and again.json()["code"] == "already_voided"


def test_server_dice_cannot_be_corrected(clients, battle):
    fire(clients["alice"], battle, 1, server_dice="all")
    response = correct(clients["alice"], battle, 3, 3, "void")
    assert response.status_code == 422 and response.json()["code"] == "server_dice_immutable"
    response = correct(clients["alice"], battle, 3, 3, "amend", data={"rolls": {"shot": 6}})
    assert response.json()["code"] == "server_dice_immutable"


def test_a_correction_before_a_snapshot_recomputes_the_snapshots(clients, club, people):
    from battles import services
    from tests.battles.duel import SETUP

    battle = services.create_battle(
        club=club,
        name="s",
        rule_system="duel",
        rule_version="1.0",
        setup=SETUP,
        participants=[services.ParticipantSpec(user=people["alice"], side="red")],
        snapshot_every=2,
    )
    for version, target in enumerate(["b1"] * 4 + ["b2"] * 2, start=1):
        response = fire(
            clients["alice"], battle, version, target=target, dice={"shot": 6, "cover": 1}
        )
        assert response.status_code == 201
    assert list(BattleSnapshot.objects.filter(battle=battle).values_list("version", flat=True)) == [
        1,
        2,
        4,
        6,
    ]
    correct(clients["alice"], battle, 7, 2, "void")
    snapshot = BattleSnapshot.objects.get(battle=battle, version=6)
    assert snapshot.state["units"]["b1"]["lost"] == ["b1.f1", "b1.f2", "b1.f3"]
    assert snapshot.state["units"]["b2"]["lost"] == ["b2.f1"]
    at_four = state_json(clients["alice"], battle, at=4)["state"]["units"]["b1"]["lost"]
    assert at_four == ["b1.f1", "b1.f2"]  # #2 voided: #3 and #4 killed the first two


@pytest.fixture
def rewritten(monkeypatch):
    """The versions of the log rows corrections rewrite, a list per call of
    ``projection_sql.rewrite_log`` that writes any (one per snapshot interval refolded)."""
    from battles.services import projection_sql

    calls: list[list[int]] = []
    real = projection_sql.rewrite_log

    def spy(battle, rows):
        if rows:
            calls.append(sorted(row["version"] for row in rows))
        return real(battle, rows)

    monkeypatch.setattr(projection_sql, "rewrite_log", spy)
    return calls


def test_a_correction_that_changes_nothing_downstream_rewrites_no_later_row(
    clients, played, rewritten
):
    for version in range(4, 7):  # v5..v7: more kills after the corrected dice
        fire(clients["alice"], played, version, dice={"shot": 6, "cover": 1})
    before = log(clients["alice"], played)
    response = correct(
        clients["bob"], played, 7, 3, "amend",
        data={"rolls": {"shot": [5], "cover": [7]}, "source": "table"}, reason="the same dice",
    )
    assert response.status_code == 201, response.json()
    assert rewritten == [[3]]  # the amended row only
    after = log(clients["alice"], played)
    assert after[3]["status"] == "amended"
    assert [after[v] for v in range(4, 8)] == [before[v] for v in range(4, 8)]


def test_a_correction_that_changes_every_later_row_equals_a_rebuild(clients, played, rewritten):
    from battles import services
    from tests.battles.test_projections import projections

    for version in range(4, 7):  # v5..v7 kill b1.f2..b1.f4
        fire(clients["alice"], played, version, dice={"shot": 6, "cover": 1})
    response = correct(clients["alice"], played, 7, 4, "void", reason="declared twice")
    assert response.status_code == 201, response.json()
    assert rewritten == [[4, 5, 6, 7]]  # every later kill now falls on the figure before
    assert log(clients["alice"], played)[5]["text"] == "b1.f1 killed"
    incremental = projections(played)
    services.rebuild(battle=played)
    assert projections(played) == incremental


def test_the_unfit_facts_are_explained_in_the_pages_language(clients, played, people):
    from django.test import Client

    correct(clients["alice"], played, 4, 2, "amend",
            data={"action": "fire", "unit": "r1", "params": {"target": "b1", "distance": 4}},
            reason="it was 4 inches")
    page = Client()
    page.force_login(people["alice"])
    russian = page.get(f"/battles/{played.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "#3 кубы: <span>Такого значения нет на гранях куба." in russian  # its code's
    english = page.get(f"/battles/{played.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '#3 dice: <span lang="en">' in english


@pytest.mark.parametrize("language, expected", [
    (None, "#4 now voided: no effect; #5 now applied: b1.f1 killed"),
    ("en-GB,en;q=0.9", "#4 now voided: no effect; #5 now applied: b1.f1 killed"),
    # the duel toy writes no Russian of its effects: a fact's own words stay its English
    ("ru-RU,ru;q=0.9", "#4 теперь отменён: без последствий; #5 теперь применён: b1.f1 killed"),
])
def test_a_corrections_answer_reads_in_the_requests_language(clients, played, language,
                                                            expected):
    """Issue 19: the consequences' sentence follows Accept-Language (English by default,
    the stored English word for word); the data is the same in every language."""
    fire(clients["alice"], played, 4, dice={"shot": 6, "cover": 1})  # v5: b1.f1 killed again
    headers = {"Accept-Language": language} if language else {}
    response = post(clients["alice"], played, "corrections/", {
        "expected_version": 5, "target_version": 4, "action": "void", "reason": "twice"},
        **headers)
    assert response.status_code == 201, response.json()
    event = response.json()["events"][0]
    assert event["text"] == expected
    assert event["consequences"]["facts"][1]["after"]["text"] == "b1.f1 killed"
    assert log(clients["alice"], played)[6]["text"] == (
        "#4 now voided: no effect; #5 now applied: b1.f1 killed")  # stored as it was
