"""Draws: decks, draw requests, the ``draw`` fact and its refusals, with the test-only "cards"
system (tests/battles/cards.py)."""

import pytest

from rules.core.draws import Card, Deck, DrawRequest, check_draw, check_draws, standard_deck
from rules.core.errors import RuleError
from rules.core.facts import Fact, decide, declare, dice, draw
from rules.core.system import AwaitingCommand, DrawNeeded, replay
from tests.battles.cards import CARDS, SETUP


def code_of(state, fact):
    with pytest.raises(RuleError) as exc:
        CARDS.apply(state, fact)
    return exc.value.code


def dealing():
    return CARDS.apply(CARDS.initial_state(SETUP), declare("deal")).state


def test_the_standard_deck_has_54_distinct_cards_from_two_of_clubs_to_the_red_joker():
    deck = standard_deck()
    assert len(deck.cards) == 54 and len(set(deck.ids)) == 54
    assert deck.ids[0] == "2C" and deck.ids[-3:] == ("AS", "BJ", "RJ")
    assert deck.label("10H") == "10♥"
    assert len(standard_deck(jokers=False).cards) == 52


def test_a_deck_and_a_request_round_trip_through_json():
    request = DrawRequest("chip", "the next chip", Deck("bag", (Card("a", "A"), Card("b", "B"))),
                          unit="x", out=("a",))
    assert DrawRequest.from_json(request.to_json()) == request
    assert request.remaining == ("b",)


def test_a_deck_needs_distinct_cards_and_a_request_no_more_cards_than_remain():
    with pytest.raises(ValueError):
        Deck("bag", (Card("a", "A"), Card("a", "A again")))
    with pytest.raises(ValueError):
        DrawRequest("k", "k", Deck("bag", (Card("a", "A"), Card("b", "B"))), count=2, out=("a",))


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (["ZZ"], "card_not_in_deck"),
        (["KH"], "card_already_drawn"),
        (["2C", "3C"], "wrong_draw"),
        ([], "wrong_draw"),
        ([7], "wrong_draw"),
        ({"id": "2C"}, "wrong_draw"),
    ],
)
def test_check_draw_refuses_what_the_request_cannot_take(cards, code):
    request = DrawRequest("card", "a card", standard_deck(), out=("KH",))
    with pytest.raises(RuleError) as exc:
        check_draw(request, cards)
    assert exc.value.code == code and exc.value.field == "draws.card"


def test_a_bare_id_is_one_card_and_one_card_cannot_be_drawn_twice():
    deck = standard_deck()
    assert check_draw(DrawRequest("card", "a card", deck), "QS") == ("QS",)
    with pytest.raises(RuleError) as exc:
        check_draw(DrawRequest("two", "two cards", deck, count=2), ["QS", "QS"])
    assert exc.value.code == "card_already_drawn"


def test_two_requests_on_one_deck_cannot_draw_the_same_card_in_one_fact():
    deck = standard_deck()
    requests = (DrawRequest("a", "a", deck), DrawRequest("b", "b", deck))
    assert check_draws(requests, {"a": ["2C"], "b": ["3C"]}) == {"a": ("2C",), "b": ("3C",)}
    with pytest.raises(RuleError) as exc:
        check_draws(requests, {"a": ["2C"], "b": ["2C"]})
    assert (exc.value.code, exc.value.field) == ("card_already_drawn", "draws.b")
    for bad in ({}, None, ["2C"], {"c": ["2C"]}):
        with pytest.raises(RuleError) as exc:
            check_draws(requests, bad)
        assert exc.value.code == "wrong_draw"


def test_a_declaration_asks_for_one_card_per_side_and_the_higher_card_acts_first():
    state = dealing()
    pending = CARDS.pending(state)
    assert isinstance(pending, DrawNeeded)
    assert pending.to_json()["kind"] == "draw"
    assert [r.key for r in pending.requests] == ["card.red", "card.blue"]
    state = CARDS.apply(state, draw({"card.blue": ["AS"]}, source="table")).state
    (request,) = CARDS.pending(state).requests
    assert request.key == "card.red" and request.out == ("AS",)
    assert code_of(state, draw({"card.red": ["AS"]})) == "card_already_drawn"
    step = CARDS.apply(state, draw({"card.red": "BJ"}))
    assert [e.text for e in step.effects] == ["red acts first"]
    assert isinstance(CARDS.pending(step.state), AwaitingCommand)


def test_the_state_tracks_what_is_out_until_the_system_returns_it():
    state = CARDS.apply(dealing(), draw({"card.red": ["2C"], "card.blue": ["3C"]})).state
    assert state["deck_out"] == ["2C", "3C"]
    state = CARDS.apply(state, declare("end_turn")).state
    assert CARDS.pending(CARDS.apply(state, declare("deal")).state).requests[0].out == ()
    for chip in ("b1", "r1"):
        state = CARDS.apply(state, declare("chip")).state
        state = CARDS.apply(state, draw({"chip": [chip]})).state
    state = CARDS.apply(state, declare("chip")).state
    assert code_of(state, draw({"chip": ["r1"]})) == "card_already_drawn"
    assert code_of(state, draw({"chip": ["2C"]})) == "card_not_in_deck"
    state = CARDS.apply(state, draw({"chip": ["r2"]})).state
    assert state["bag_out"] == []  # the empty bag was refilled


@pytest.mark.parametrize(
    ("fact", "code"),
    [
        (declare("chip"), "draw_pending"),
        (dice({"shot": [3]}), "draw_pending"),
        (decide("rally", "hold"), "draw_pending"),
        (draw({"chip": ["r1"]}), "wrong_draw"),
    ],
)
def test_only_the_pending_draw_is_accepted_while_cards_are_awaited(fact, code):
    assert code_of(dealing(), fact) == code


def test_a_draw_when_nothing_is_pending_is_refused():
    assert code_of(CARDS.initial_state(SETUP), draw({"chip": ["r1"]})) == "nothing_pending"


def test_a_refused_draw_leaves_the_state_unchanged_and_replay_equals_the_fold():
    state = dealing()
    before = CARDS.state_to_json(state)
    code_of(state, draw({"card.red": ["XX"]}))
    assert CARDS.state_to_json(state) == before
    facts = [declare("deal"), draw({"card.red": ["2C"], "card.blue": ["3C"]}), declare("chip"),
             Fact("draw", {"draws": {"chip": ["b1"]}, "source": "server"})]
    final = replay(CARDS, SETUP, facts).state
    assert CARDS.state_from_json(CARDS.state_to_json(final)) == final
    assert final["bag_out"] == ["b1"]
