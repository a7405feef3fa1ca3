"""A player at the table who answers whatever a rule system asks, at random: dice of the sizes
it names (an exploding die's total, a symbolic face), cards still in the deck or bag, an option
of a decision. Shared by the benches that play battles through the interface and by the
contract suite (``tests/rules/contract.py``).
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.facts import Fact, decide, dice, draw
from rules.core.system import DecisionNeeded, DiceNeeded, DrawNeeded


def random_face(request, rng: random.Random) -> Any:
    """One face of the die ``request`` names (an exploding die's total, a symbolic face)."""
    if request.faces is not None:
        return rng.choice(request.faces)
    total = rng.randint(1, request.sides)
    while request.explodes and total % request.sides == 0:
        total += rng.randint(1, request.sides)
    return total


def answer(pending: Any, rng: random.Random) -> Fact | None:
    """The fact answering ``pending`` (dice, draws or a decision); None when a command is
    awaited. Some of several dice are sometimes entered first and the rest later."""
    if isinstance(pending, DiceNeeded):
        requests = list(pending.requests)
        if len(requests) > 1 and rng.random() < 0.3:
            requests = rng.sample(requests, rng.randint(1, len(requests) - 1))
        return dice({r.key: [random_face(r, rng) for _ in range(r.count)] for r in requests})
    if isinstance(pending, DrawNeeded):
        taken: set[str] = set()
        draws = {}
        for r in pending.requests:  # two requests on one deck never take the same card
            cards = rng.sample([c for c in r.remaining if c not in taken], r.count)
            taken.update(cards)
            draws[r.key] = cards
        return draw(draws)
    if isinstance(pending, DecisionNeeded):
        values = [o.value for o in pending.options]
        if pending.multiple:
            high = pending.at_most if pending.at_most is not None else len(values)
            return decide(pending.key, rng.sample(values, rng.randint(pending.at_least, high)))
        return decide(pending.key, rng.choice(values))
    return None
