"""A tiny rule system that draws, for testing draws generically ("cards"; not a real game).

``deal``: each side is dealt an initiative card from a standard 54-card deck (one draw request
per side, as Savage Worlds deals them); the higher card in deck order acts first. The dealt
cards stay out until ``end_turn`` returns them to the deck (the reshuffle is the system's
business). ``chip``: a chip is drawn from a bag that holds one chip per unit of the setup, as
Sharp Practice's activation chips; a drawn chip stays out until the bag is empty, then the bag
is refilled. ``end_turn`` also ends the turn.
"""

from __future__ import annotations

import copy

from rules.core import registry
from rules.core.catalogue import CommandSpec
from rules.core.draws import Card, Deck, DrawRequest, standard_deck
from rules.core.errors import RuleError
from rules.core.facts import Command
from rules.core.machine import FactMachine
from rules.core.summary import BattleSummary, UnitSummary
from rules.core.system import AwaitingCommand, DrawNeeded, Effect, Step

DECK = standard_deck("initiative deck")
ORDER = {card_id: rank for rank, card_id in enumerate(DECK.ids)}


class Cards(FactMachine):
    id = "cards"
    version = "1.0"

    def initial_state(self, setup):
        sides = setup.get("sides") if isinstance(setup, dict) else None
        if not isinstance(sides, dict) or len(sides) < 2:
            raise RuleError("bad_setup", "a card game needs two sides", field="sides")
        chips = [
            {"id": unit, "label": (spec.get("name") or unit), "side": side}
            for side, units in sides.items()
            for unit, spec in sorted((units or {}).items())
        ]
        if not chips:
            raise RuleError("bad_setup", "no units", field="sides")
        return {"sides": list(sides), "chips": chips, "deck_out": [], "bag_out": [],
                "dealt": {}, "proc": None, "turn": 1}

    def state_to_json(self, state):
        return copy.deepcopy(state)

    def state_from_json(self, data):
        return copy.deepcopy(dict(data))

    def bag(self, state) -> Deck:
        return Deck("chip bag", tuple(Card(c["id"], c["label"]) for c in state["chips"]))

    def pending(self, state):
        proc = state["proc"]
        if proc is None:
            return AwaitingCommand()
        if proc == "deal":
            out = tuple(state["deck_out"])
            return DrawNeeded(
                tuple(
                    DrawRequest(f"card.{side}", f"{side}'s initiative card", DECK, out=out)
                    for side in state["sides"]
                    if side not in state["dealt"]
                ),
                procedure="deal",
            )
        return DrawNeeded(
            (DrawRequest("chip", "the next chip", self.bag(state), out=tuple(state["bag_out"])),),
            procedure="chip",
        )

    def validate(self, state, command):
        command = Command.from_json(command)
        if command.action == "deal" and state["dealt"]:
            raise RuleError("action_forbidden", "the cards are dealt for this turn")
        if command.action not in ("deal", "chip", "end_turn"):
            raise RuleError("bad_command", f"unknown action {command.action!r}", field="action")

    def on_declare(self, state, command):
        self.validate(state, command)
        state = copy.deepcopy(state)
        if command.action == "end_turn":
            state.update(deck_out=[], dealt={}, turn=state["turn"] + 1)
            return Step(state, (Effect("turn_ended", f"turn {state['turn'] - 1} ended"),))
        state["proc"] = command.action
        return Step(state)

    def commands(self, state):
        """The catalogue: deal (once a turn), draw a chip, end the turn; nothing mid-draw."""
        if state["proc"] is not None:
            return ()
        deal = () if state["dealt"] else (CommandSpec("deal", "deal the initiative cards"),)
        return (*deal, CommandSpec("chip", "draw a chip"), CommandSpec("end_turn", "end the turn"))

    def on_draw(self, state, draws):
        state = copy.deepcopy(state)
        effects = []
        if state["proc"] == "deal":
            for key, (card,) in draws.items():
                state["dealt"][key.removeprefix("card.")] = card
                state["deck_out"].append(card)
            if len(state["dealt"]) < len(state["sides"]):
                return Step(state)
            first = max(state["dealt"], key=lambda side: ORDER[state["dealt"][side]])
            effects.append(Effect("initiative", f"{first} acts first", data={"side": first}))
        else:
            (chip,) = draws["chip"]
            state["bag_out"].append(chip)
            if len(state["bag_out"]) == len(state["chips"]):
                state["bag_out"] = []  # the bag is empty: every chip goes back in
            effects.append(Effect("activated", f"{chip} activates", unit=chip))
        state["proc"] = None
        return Step(state, tuple(effects))

    def on_decide(self, state, choice):  # pragma: no cover - never asks
        raise RuleError("nothing_pending", "no decision here")

    def odds(self, state, command):
        raise RuleError("not_implemented", "no odds in a card game")

    def summarize(self, state):
        units = tuple(
            UnitSummary(c["id"], c["side"], c["label"], {}, "") for c in state["chips"]
        )
        return BattleSummary(tuple(state["sides"]), (), units)


CARDS = Cards()


def register() -> None:
    registry.register(CARDS)


SETUP = {
    "sides": {
        "red": {"r1": {"name": "Red squad"}, "r2": {"name": "Red team"}},
        "blue": {"b1": {"name": "Blue squad"}},
    }
}
