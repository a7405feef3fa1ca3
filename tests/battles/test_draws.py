"""Draws through the API: cards entered from the table and drawn by the server (verifiably,
from the battle's committed seed), corrections, export/import and the battle page, with the
test-only "cards" system (tests/battles/cards.py)."""

import json
import uuid

import pytest
from django.core.management import call_command

from battles import dice as scheme
from battles.models import Battle, DiceSeed
from rules.core.draws import Card, Deck, DrawRequest, standard_deck
from tests.battles import cards
from tests.battles.helpers import battle_between, head, post, state_json, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(club, people):
    return battle_between(club, people, "Card table", "cards", cards.SETUP, ("red", "blue"),
                          "1.0")


def declare(client, battle, version, action):
    return post(client, battle, "declare/",
                {"expected_version": version, "command": {"action": action}})


def draw(client, battle, version, **body):
    return post(client, battle, "draw/", {"expected_version": version, **body},
                **{"Idempotency-Key": str(uuid.uuid4())})


def conclude(client, battle):
    response = post(client, battle, "conclude/",
                    {"expected_version": head(battle), "result": {"red": "draw", "blue": "draw"}})
    assert response.status_code == 200, response.json()


# --- the shuffle ---------------------------------------------------------------------------


def test_a_server_draw_is_a_seeded_partial_fisher_yates_shuffle_of_the_remaining_cards():
    seed = "ab" * 32
    deck = standard_deck()
    request = DrawRequest("hand", "a hand", deck, count=5, out=("AS", "KS"))
    hand = scheme.draw_request(seed, battle_id=1, version=4, request=request)
    assert hand == scheme.draw_request(seed, battle_id=1, version=4, request=request)
    assert len(set(hand)) == 5 and not {"AS", "KS"} & set(hand) and set(hand) <= set(deck.ids)
    cards_ = list(request.remaining)  # the documented recipe, step by step
    for i in range(5):
        j = i + scheme._uniform(seed, f"1|4|hand|draw|{i}", len(cards_) - i)
        cards_[i], cards_[j] = cards_[j], cards_[i]
    assert hand == cards_[:5]
    assert hand != scheme.draw_request(seed, battle_id=1, version=5, request=request)


def test_every_chip_of_a_bag_is_drawn_about_as_often():
    bag = Deck("bag", tuple(Card(c, c) for c in "abcd"))
    request = DrawRequest("chip", "a chip", bag)
    counts = {c: 0 for c in "abcd"}
    for version in range(2000):
        (chip,) = scheme.draw_request("cd" * 32, battle_id=9, version=version, request=request)
        counts[chip] += 1
    assert all(400 < n < 600 for n in counts.values()), counts


# --- the API -------------------------------------------------------------------------------


def test_the_pending_draw_names_the_deck_and_what_is_out(clients, table):
    assert declare(clients["alice"], table, 1, "deal").status_code == 201
    pending = state_json(clients["alice"], table)["pending"]
    assert pending["kind"] == "draw"
    assert [r["key"] for r in pending["requests"]] == ["card.red", "card.blue"]
    assert len(pending["requests"][0]["deck"]["cards"]) == 54


def test_cards_from_the_table_are_recorded_and_refusals_change_nothing(clients, table):
    declare(clients["alice"], table, 1, "deal")
    for body, code in [
        ({"draws": {"card.red": ["ZZ"]}}, "card_not_in_deck"),
        ({"draws": {"card.red": ["2C"], "card.blue": ["2C"]}}, "card_already_drawn"),
        ({"draws": {"chip": ["r1"]}}, "wrong_draw"),
        ({"draws": {"card.red": ["2C", "3C"]}}, "wrong_draw"),
        ({}, "no_draw"),
    ]:
        response = draw(clients["alice"], table, 2, **body)
        assert response.status_code in (400, 422) and response.json()["code"] == code, body
    assert head(table) == 2
    answer = draw(clients["alice"], table, 2, draws={"card.red": ["KH"], "card.blue": "QH"})
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["events"][0]["data"] == {"draws": {"card.red": ["KH"], "card.blue": "QH"},
                                         "source": "table"}
    assert body["text"] == "red acts first" and body["pending"]["kind"] == "command"
    assert declare(clients["bob"], table, 3, "deal").json()["code"] == "action_forbidden"


def test_a_declaration_while_a_draw_is_pending_is_refused(clients, table):
    declare(clients["alice"], table, 1, "deal")
    assert declare(clients["alice"], table, 2, "chip").json()["code"] == "draw_pending"
    dice = post(clients["alice"], table, "dice/", {"expected_version": 2, "rolls": {"x": [1]}})
    assert dice.json()["code"] == "draw_pending"


def test_server_draws_one_request_per_event_and_the_second_sees_the_first_out(clients, table):
    declare(clients["alice"], table, 1, "deal")
    response = draw(clients["alice"], table, 2, server_draw="all")
    assert response.status_code == 201, response.json()
    events = response.json()["events"]
    assert [list(e["data"]["draws"]) for e in events] == [["card.red"], ["card.blue"]]
    assert {e["data"]["source"] for e in events} == {"server"}
    red, blue = (e["data"]["draws"][k][0] for e, k in zip(events, ["card.red", "card.blue"],
                                                         strict=True))
    assert red != blue
    seed = DiceSeed.objects.get(battle=table).seed
    request = DrawRequest("card.red", "red's initiative card", cards.DECK)
    assert [red] == scheme.draw_request(seed, battle_id=table.pk, version=3, request=request)
    blue_request = DrawRequest("card.blue", "blue's initiative card", cards.DECK, out=(red,))
    assert [blue] == scheme.draw_request(seed, battle_id=table.pk, version=4,
                                         request=blue_request)


def test_a_server_draw_of_a_key_not_pending_is_refused(clients, table):
    declare(clients["alice"], table, 1, "deal")
    response = draw(clients["alice"], table, 2, server_draw=["chip"])
    assert response.status_code == 422 and response.json()["code"] == "wrong_draw"
    response = draw(clients["alice"], table, 2, server_draw="none")
    assert response.status_code == 400


def test_an_idempotent_retry_of_a_server_draw_appends_nothing(clients, table):
    declare(clients["alice"], table, 1, "deal")
    body = {"expected_version": 2, "server_draw": "all"}
    first = post(clients["alice"], table, "draw/", body, **{"Idempotency-Key": "k1"})
    again = post(clients["alice"], table, "draw/", body, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert head(table) == 4


def test_a_server_draw_stays_as_drawn_but_a_table_draw_may_be_corrected(clients, table):
    declare(clients["alice"], table, 1, "deal")
    draw(clients["alice"], table, 2, server_draw=["card.red"])
    response = post(clients["org"], table, "corrections/",
                    {"expected_version": 3, "target_version": 3, "action": "void"})
    assert response.json()["code"] == "server_dice_immutable"
    assert "server draw" in response.json()["message"]
    red = state_json(clients["alice"], table)["state"]["dealt"]["red"]
    other = "2C" if red != "2C" else "3C"
    draw(clients["bob"], table, 3, draws={"card.blue": [other]})
    amend = post(clients["org"], table, "corrections/", {
        "expected_version": 4, "target_version": 4, "action": "amend",
        "data": {"draws": {"card.blue": [red]}, "source": "table"}})
    assert amend.json()["code"] == "card_already_drawn"


def test_server_draws_verify_after_conclusion_and_a_changed_seed_is_caught(clients, table):
    declare(clients["alice"], table, 1, "deal")
    draw(clients["alice"], table, 2, draws={"card.red": ["5D"]}, server_draw=["card.blue"])
    declare(clients["alice"], table, 4, "chip")
    draw(clients["bob"], table, 5, server_draw="all")
    conclude(clients["org"], table)
    report = clients["member"].get(url(table, "dice/verify/")).json()
    assert report["verified"] and (report["server_rolls"], report["server_draws"]) == (0, 2)
    assert [(d["version"], d["key"], d["ok"]) for d in report["draws"]] == [
        (4, "card.blue", True), (6, "chip", True)]
    call_command("verify_dice", str(table.pk))
    DiceSeed.objects.filter(battle=table).update(seed="33" * 32)
    report = clients["member"].get(url(table, "dice/verify/")).json()
    assert report["verified"] is False


def test_a_draw_in_another_systems_battle_is_refused(clients, battle):
    response = draw(clients["alice"], battle, 1, draws={"card": ["2C"]})
    assert response.status_code == 422 and response.json()["code"] == "nothing_pending"


# --- export and import ---------------------------------------------------------------------


def _played(clients, table):
    declare(clients["alice"], table, 1, "deal")
    draw(clients["alice"], table, 2, server_draw="all")
    declare(clients["alice"], table, 4, "chip")
    draw(clients["bob"], table, 5, draws={"chip": ["b1"]})
    declare(clients["alice"], table, 6, "chip")
    draw(clients["bob"], table, 7, server_draw="all")
    conclude(clients["org"], table)
    return json.loads(clients["alice"].get(url(table, "export/")).content)


def _import(client, club, document):
    return client.post("/api/battles/import/", json.dumps({"club": club.pk, "document": document}),
                       content_type="application/json")


def test_export_and_import_carry_the_draws_and_verify_them(clients, club, table):
    document = _played(clients, table)
    assert [e["type"] for e in document["events"]].count("draw") == 4
    response = _import(clients["alice"], club, document)
    assert response.status_code == 201, response.json()
    copy_ = Battle.objects.get(pk=response.json()["id"])
    assert state_json(clients["alice"], copy_)["state"] == state_json(clients["alice"], table)[
        "state"]
    report = clients["alice"].get(url(copy_, "dice/verify/")).json()
    assert report["verified"] and report["server_draws"] == 3


def test_a_tampered_server_draw_is_refused_on_import_naming_the_event(clients, club, table):
    document = _played(clients, table)
    index, event = next((i, e) for i, e in enumerate(document["events"])
                        if e["type"] == "draw" and "chip" in e["data"]["draws"]
                        and e["data"]["source"] == "server")
    drawn = event["data"]["draws"]["chip"][0]
    event["data"]["draws"]["chip"] = ["r1" if drawn != "r1" else "r2"]
    response = _import(clients["alice"], club, document)
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == f"events.{index}.data.draws.chip"
    assert "revealed seed derives" in response.json()["message"]


def test_a_server_draw_whose_request_is_not_what_the_rules_asked_is_refused(clients, club, table):
    document = _played(clients, table)
    index, event = next((i, e) for i, e in enumerate(document["events"])
                        if e["type"] == "draw" and e["data"]["source"] == "server")
    (key,) = event["metadata"]["server_requests"]
    event["metadata"]["server_requests"][key]["out"] = ["AS"]
    response = _import(clients["alice"], club, document)
    assert response.status_code == 400
    assert response.json()["field"] == f"events.{index}.metadata.server_requests.{key}"
    del event["metadata"]["server_requests"]
    response = _import(clients["alice"], club, document)
    assert response.json()["field"] == f"events.{index}.metadata.server_requests"


# --- the battle page -----------------------------------------------------------------------


def test_the_page_offers_the_cards_left_and_draw_for_me(client, people, clients, table):
    declare(clients["alice"], table, 1, "deal")
    draw(clients["alice"], table, 2, draws={"card.red": ["AS"]})
    client.force_login(people["bob"])
    page = client.get(f"/battles/{table.pk}/").content.decode()
    assert 'data-api-form="draw"' in page and f"/api/battles/{table.pk}/draw/" in page
    assert 'data-draw="card.blue"' in page and "blue&#x27;s initiative card" in page
    assert '<option value="KS">K♠</option>' in page
    assert '<option value="AS">' not in page  # out of the deck
    assert 'name="server_draw" value="[&quot;card.blue&quot;]"' in page
    assert "Draw for me" in page and "cards drawn at the table: card.red" in page
    ru = client.get(f"/battles/{table.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Тянуть за меня" in ru
