"""Draws: cards or chips taken from a deck or a bag, named by purpose like dice.

A rule system that draws asks with :class:`DrawRequest` (a stable ``key`` such as
``"initiative"``, a ``label`` a player reads, the :class:`Deck` drawn from, how many, and the
cards already ``out``); the cards arrive later in a ``draw`` fact -- read off the table or
drawn by the server -- as card ids: ``{"draws": {"initiative": ["KH", "3C"]}}``.
:func:`check_draws` validates them against the request, so every rule system rejects a card
that is not in the deck, or that is already out, with the same error.

A deck (or a bag: the same thing here) is a named, ordered list of cards, each an ``id`` and
a ``label``. Its contents are the system's business (a standard deck, the chips of the units
on the table); so is what is out and when it is reshuffled: the state tracks it and puts it
in each request's ``out``. Each request draws distinct cards, and the requests of one fact
that draw from the same deck draw distinct cards between them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.core.errors import RuleError, Sentence, gettext_noop


@dataclass(frozen=True, slots=True)
class Card:
    """One card or chip: the ``id`` a draw fact records and the ``label`` a player reads."""

    id: str
    label: str

    def to_json(self) -> dict:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True, slots=True)
class Deck:
    """A named, ordered list of distinct cards (a deck of cards, a bag of chips)."""

    name: str
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        ids = [c.id for c in self.cards]
        if not ids or len(set(ids)) != len(ids):
            raise ValueError(f"deck {self.name}: cards must be distinct and at least one")

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    def label(self, card_id: str) -> str:
        """The label of ``card_id`` (the id itself for a card not in the deck)."""
        for card in self.cards:
            if card.id == card_id:
                return card.label
        return card_id

    def to_json(self) -> dict:
        return {"name": self.name, "cards": [c.to_json() for c in self.cards]}

    @classmethod
    def from_json(cls, d: Mapping) -> Deck:
        return cls(d["name"], tuple(Card(c["id"], c["label"]) for c in d["cards"]))


_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))


def standard_deck(name: str = "cards", *, jokers: bool = True) -> Deck:
    """A standard deck from the lowest card to the highest: ``2C`` (2♣) .. ``AS`` (A♠), by
    rank then suit (clubs, diamonds, hearts, spades), then the jokers ``BJ`` (🃏, black) and
    ``RJ`` (🃟, red) when ``jokers`` (54 cards; Savage Worlds' initiative deck)."""
    cards = [Card(f"{rank}{suit}", f"{rank}{symbol}") for rank in _RANKS for suit, symbol in _SUITS]
    if jokers:
        cards += [Card("BJ", "🃏"), Card("RJ", "🃟")]
    return Deck(name, tuple(cards))


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """Cards a rule system needs drawn next, named by purpose.

    ``key`` is stable and machine-readable; ``label`` is what a player reads; ``count`` cards
    are drawn from ``deck``, none of those ``out`` (drawn earlier and not yet returned);
    ``unit`` names the unit that draws, if any.
    """

    key: str
    label: str
    deck: Deck
    count: int = 1
    unit: str | None = None
    out: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.count < 1 or self.count > len(self.deck.cards) - len(set(self.out)):
            raise ValueError(f"draw request {self.key}: {self.count} of {self.remaining}")

    @property
    def remaining(self) -> tuple[str, ...]:
        """The ids still in the deck, in deck order: what may be drawn."""
        out = set(self.out)
        return tuple(c.id for c in self.deck.cards if c.id not in out)

    def to_json(self) -> dict:
        d: dict = {"key": self.key, "label": self.label, "deck": self.deck.to_json(),
                   "count": self.count, "out": list(self.out)}
        if self.unit is not None:
            d["unit"] = self.unit
        return d

    @classmethod
    def from_json(cls, d: Mapping) -> DrawRequest:
        return cls(
            key=d["key"],
            label=d["label"],
            deck=Deck.from_json(d["deck"]),
            count=d.get("count", 1),
            unit=d.get("unit"),
            out=tuple(d.get("out", ())),
        )


def check_draw(request: DrawRequest, cards: object) -> tuple[str, ...]:
    """Validate drawn ``cards`` (a list of ``request.count`` card ids, or a bare id when one
    card is asked) for ``request``; return them as a tuple.

    ``wrong_draw``: not a list of ids, or the wrong number; ``card_not_in_deck``: an id the
    deck does not hold; ``card_already_drawn``: a card that is out, or drawn twice.
    """
    field = f"draws.{request.key}"
    if isinstance(cards, str):
        cards = (cards,)
    if (not isinstance(cards, Sequence) or isinstance(cards, str)
            or not all(isinstance(c, str) for c in cards)):
        raise RuleError("wrong_draw", template=gettext_noop("{what}: expected a list of card ids"),
                        params={"what": request.label}, field=field)
    if len(cards) != request.count:
        raise RuleError(
            "wrong_draw",
            template=gettext_noop("{what} needs 1 card, got {got}") if request.count == 1
            else gettext_noop("{what} needs {count} cards, got {got}"),
            params={"what": request.label, "count": request.count, "got": len(cards)},
            field=field,
        )
    ids, out, seen = set(request.deck.ids), set(request.out), set()
    for card in cards:
        if card not in ids:
            raise RuleError(
                "card_not_in_deck",
                template=gettext_noop("{card!r} is not in {deck} ({what})"),
                params={"card": card, "deck": request.deck.name, "what": request.label},
                field=field,
            )
        if card in out or card in seen:
            raise RuleError(
                "card_already_drawn",
                template=gettext_noop("{card} is already drawn from {deck} ({what})"),
                params={"card": request.deck.label(card), "deck": request.deck.name,
                        "what": request.label},
                field=field,
            )
        seen.add(card)
    return tuple(cards)


def check_draws(
    requests: Sequence[DrawRequest], draws: object
) -> dict[str, tuple[str, ...]]:
    """Validate a ``draws`` map (request key -> card ids) against the pending ``requests``.

    A key that is not pending is ``wrong_draw``; two requests drawing from the same deck may
    not draw the same card (``card_already_drawn``). Returns the validated cards by key.
    """
    if not draws or not isinstance(draws, Mapping):
        raise RuleError("wrong_draw", template=gettext_noop("a draw fact needs a non-empty 'draws' map"),
                        field="draws")
    by_key = {r.key: r for r in requests}
    out: dict[str, tuple[str, ...]] = {}
    taken: dict[str, set[str]] = {}
    for key, cards in draws.items():
        request = by_key.get(key)
        if request is None:
            pending = ", ".join(by_key) or Sentence(gettext_noop("nothing"))
            raise RuleError(
                "wrong_draw",
                template=gettext_noop("no draw {key!r} is pending (pending: {pending})"),
                params={"key": key, "pending": pending},
                field=f"draws.{key}",
            )
        drawn = check_draw(request, cards)
        already = taken.setdefault(request.deck.name, set())
        for card in drawn:
            if card in already:
                raise RuleError(
                    "card_already_drawn",
                    template=gettext_noop("{card} is already drawn from {deck} ({what})"),
                    params={"card": request.deck.label(card), "deck": request.deck.name,
                            "what": request.label},
                    field=f"draws.{key}",
                )
        already.update(drawn)
        out[key] = drawn
    return out
