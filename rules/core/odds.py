"""Exact odds by enumeration: probability distributions in fractions.

Rules are pure, so the odds of a declared action are computed by walking every combination of
the dice it would need, never by sampling. :class:`Distribution` maps outcomes to exact
:class:`~fractions.Fraction` probabilities that sum to exactly 1.

    >>> d6 = die(6)
    >>> two = dice_product((6, 6)).map(sum)
    >>> two[7]
    Fraction(1, 6)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

_ONE = Fraction(1)


class Distribution(Mapping):
    """An immutable finite probability distribution: outcome -> exact probability.

    Outcomes must be hashable. Probabilities are positive fractions that sum to exactly 1
    (checked on construction; zero-probability outcomes are dropped).
    """

    __slots__ = ("_p",)

    def __init__(self, probabilities: Mapping[Hashable, Fraction | int]) -> None:
        p = {k: Fraction(v) for k, v in probabilities.items() if v}
        if any(v < 0 for v in p.values()):
            raise ValueError("probabilities must not be negative")
        total = sum(p.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        self._p = p

    # --- construction --------------------------------------------------------------------

    @classmethod
    def certain(cls, outcome: Hashable) -> Distribution:
        return cls({outcome: _ONE})

    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, int | Fraction]) -> Distribution:
        """Normalise non-negative weights (counts of equally likely cases, say)."""
        total = sum(weights.values(), Fraction(0))
        if total <= 0:
            raise ValueError("weights must have a positive total")
        return cls({k: Fraction(v) / total for k, v in weights.items()})

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[Hashable, Fraction]]) -> Distribution:
        """Accumulate ``(outcome, probability)`` pairs; equal outcomes are merged."""
        acc: dict[Hashable, Fraction] = {}
        for outcome, p in pairs:
            acc[outcome] = acc.get(outcome, 0) + p
        return cls(acc)

    # --- Mapping -------------------------------------------------------------------------

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._p[outcome]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Distribution({{{inner}}})"

    # --- queries -------------------------------------------------------------------------

    def probability(self, predicate: Callable[[Any], bool]) -> Fraction:
        """P(predicate(outcome))."""
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def expected(self, fn: Callable[[Any], int | Fraction] = lambda x: x) -> Fraction:
        """E[fn(outcome)] (default: the outcome itself, which must then be a number)."""
        return sum((p * Fraction(fn(k)) for k, p in self._p.items()), Fraction(0))

    def map(self, fn: Callable[[Any], Hashable]) -> Distribution:
        """The distribution of ``fn(outcome)`` (outcomes with equal images merge)."""
        return Distribution.from_pairs((fn(k), p) for k, p in self._p.items())

    def bind(self, fn: Callable[[Any], Distribution]) -> Distribution:
        """Chain a further random step: for each outcome, a distribution of what follows."""
        return Distribution.from_pairs(
            (k2, p * p2) for k, p in self._p.items() for k2, p2 in fn(k).items()
        )

    def to_json(self, describe: Callable[[Any], Any] = str) -> list[dict]:
        """Outcomes with exact (``"p": "3/8"``) and float probabilities, most likely first."""
        return [
            {"outcome": describe(k), "p": str(p), "float": float(p)}
            for k, p in sorted(self._p.items(), key=lambda kv: (-kv[1], str(kv[0])))
        ]


# --- dice ------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def die(sides: int) -> Distribution:
    """A fair die: faces 1..sides, each 1/sides."""
    return Distribution({face: Fraction(1, sides) for face in range(1, sides + 1)})


def dice_product(sides: Iterable[int]) -> Distribution:
    """Ordered tuples of faces for independent dice of the given sizes (all equally likely)."""
    sizes = tuple(sides)
    total = 1
    for s in sizes:
        total *= s
    p = Fraction(1, total)
    return Distribution({faces: p for faces in itertools.product(*(range(1, s + 1) for s in sizes))})


def enumerate_dice(sides: Iterable[int]) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every ordered combination of faces with its probability, lazily."""
    sizes = tuple(sides)
    total = 1
    for s in sizes:
        total *= s
    p = Fraction(1, total)
    for faces in itertools.product(*(range(1, s + 1) for s in sizes)):
        yield faces, p


def independent(*dists: Distribution) -> Distribution:
    """Joint distribution of independent variables: outcomes are tuples."""
    pairs: list[tuple[tuple, Fraction]] = [((), _ONE)]
    for dist in dists:
        pairs = [(k + (k2,), p * p2) for k, p in pairs for k2, p2 in dist.items()]
    return Distribution.from_pairs(pairs)


def sum_of(dist: Distribution, n: int) -> Distribution:
    """Distribution of the sum of ``n`` independent copies (e.g. 2d6 = ``sum_of(die(6), 2)``)."""
    acc = Distribution.certain(0)
    for _ in range(n):
        acc = acc.bind(lambda total: dist.map(lambda x, total=total: total + x))
    return acc


# --- exploding dice ----------------------------------------------------------------------


class AtLeast(int):
    """An outcome that is only bounded below: "this total or more" (an exploding chain cut at
    the enumeration depth). It compares as its bound, so ``AtLeast(13) >= 12`` holds exactly;
    a test whose threshold lies above the bound cannot be decided on it (see
    :func:`undecided`)."""

    def __repr__(self) -> str:
        return f"AtLeast({int(self)})"

    def __str__(self) -> str:
        return f"{int(self)}+"


#: How many explosions an exploding die is enumerated to by default: the chains longer than
#: this (probability ``sides ** -(depth + 1)``, 1 in 160,000 for a d20... 1 in 1,296 for a d6
#: at depth 3) are one :class:`AtLeast` outcome.
EXPLOSION_DEPTH = 3


@lru_cache(maxsize=64)
def exploding(sides: int, depth: int = EXPLOSION_DEPTH) -> Distribution:
    """An exploding ("acing") die: on its top face it is rolled again and added, for ever.

    Enumerated exactly for chains of at most ``depth`` explosions: every total ``k * sides +
    f`` (``k <= depth``, ``f`` in ``1..sides - 1``) with probability ``sides ** -(k + 1)``.
    The longer chains, probability ``sides ** -(depth + 1)``, are the single outcome
    ``AtLeast((depth + 1) * sides + 1)``: the remainder is bounded and shown, never dropped.
    """
    if sides < 2 or depth < 0:
        raise ValueError(f"an exploding d{sides} to depth {depth}")
    p: dict[Hashable, Fraction] = {}
    for k in range(depth + 1):
        for face in range(1, sides):
            p[k * sides + face] = Fraction(1, sides ** (k + 1))
    p[AtLeast((depth + 1) * sides + 1)] = Fraction(1, sides ** (depth + 1))
    return Distribution(p)


def deep_enough(sides: int, threshold: int, depth: int = EXPLOSION_DEPTH) -> int:
    """The depth, at least ``depth``, to which :func:`exploding` must enumerate a d``sides`` to
    decide ``total >= threshold``: its bound for the longer chains, ``(depth + 1) * sides + 1``,
    reaches ``threshold`` (a roll needing 16 on an exploding d4 is decided at depth 3 only on
    the chains it enumerates)."""
    return max(depth, -(-(threshold - 1) // sides) - 1)


def undecided(dist: Distribution, threshold: int) -> Fraction:
    """The probability that ``total >= threshold`` cannot be decided on ``dist``: the mass of
    its :class:`AtLeast` outcomes whose bound lies below ``threshold`` (0 when the
    enumeration went deep enough)."""
    return sum((p for k, p in dist.items() if isinstance(k, AtLeast) and k < threshold),
               Fraction(0))
