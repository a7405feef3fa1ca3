"""Exact odds of a declared fire (digest §2.6, §2.8): enumeration in fractions, never sampling.

The outcome of a shot is a :class:`FireResult`: no effect, suppression, or suppression with
``hits`` hits allocated, and among the victims how many are ``killed`` and how many
``wounded`` (every other damaging result: unchecked casualties, lost suits and horses,
immobilised robots). How it is computed:

1. For each face of the target's range die, the number of shooter dice strictly above it
   follows a Poisson-binomial law over the shooter dice (each die of size ``d`` beats ``t``
   with probability ``(d - t) / d``).
2. The potential hits depend only on the dice sizes (§2.8), and the hits allocated on the
   figures standing (``casualties.hits_to_allocate``).
3. Allocation picks figures uniformly without replacement, exposed figures first (a die
   rolled again above the count is uniform), so the victims are a uniform subset of the
   exposed figures followed by one of the rest. Each victim's result comes from enumerating
   power die x armour die through ``firepower.hit_result`` and ``casualties.figure_after_hit``.
   The subset sums are computed by dynamic programming over figures, exactly.

Where a player chooses the victims (a sniper firing alone, ``hit_allocation =
"target_player_picks"``), ``killed`` and ``wounded`` are ``None``: the odds cannot know the
choice. The blast of an exploding backpack flamethrower (§2.9) kills its operator, which is
counted; whom the blast reaches is a player's statement and is not.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution
from rules.steelwar.actions import fire as fire_action
from rules.steelwar.actions.hits import hit_kind
from rules.steelwar.casualties import (
    carries_exploding_backpack,
    eligible_for_next_hit,
    figure_after_hit,
    hits_to_allocate,
)
from rules.steelwar.commands import choice, number, param, text, texts
from rules.steelwar.firepower import armour_die, hit_result, potential_hits
from rules.steelwar.options import Options
from rules.steelwar.state import COVERS, BattleState, Figure

_ZERO = Fraction(0)
_ONE = Fraction(1)


class FireResult(NamedTuple):
    """One outcome of a shot (hashable, so it can key a :class:`Distribution`)."""

    outcome: str  # no_effect / suppress / suppress_and_hits
    hits: int = 0  # hits allocated to figures
    killed: int | None = 0  # figures killed or destroyed
    wounded: int | None = 0  # other damaging results (unchecked casualties, lost suits...)

    def __str__(self) -> str:
        if self.outcome == "no_effect":
            return "no effect"
        if self.outcome == "suppress":
            return "suppressed"
        hits = f"{self.hits} {'hit' if self.hits == 1 else 'hits'}"
        if self.killed is None:
            return f"suppressed, {hits} (victims chosen by a player)"
        return f"suppressed, {hits}: {self.killed} killed, {self.wounded} wounded"


# --- 1. how many shooter dice beat the range die --------------------------------------------


def beats_distribution(shooter_dice: Iterable[int], range_die: int) -> dict[int, Fraction]:
    """P(number of shooter dice strictly above the target's roll), exactly (§2.6)."""
    dice = tuple(shooter_dice)
    total: dict[int, Fraction] = {}
    for t in range(1, range_die + 1):
        dp = [_ONE]
        for d in dice:
            p = Fraction(max(0, d - t), d)
            new = [_ZERO] * (len(dp) + 1)
            for k, q in enumerate(dp):
                new[k] += q * (1 - p)
                new[k + 1] += q * p
            dp = new
        for k, q in enumerate(dp):
            if q:
                total[k] = total.get(k, _ZERO) + q / range_die
    return total


# --- 2. what one hit does to one figure -----------------------------------------------------------


@lru_cache(maxsize=4096)
def _hit_on(power: int, armour: int, kind: str, immobilised: bool, autowound: bool,
            options: Options) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """(killed, wounded) of one hit on such a figure, over power x armour faces."""
    acc: dict[tuple[int, int], Fraction] = {}
    p = Fraction(1, power * armour)
    for pr in range(1, power + 1):
        for ar in range(1, armour + 1):
            result = hit_result(pr, ar, flamethrower_autowound=autowound, options=options)
            outcome = figure_after_hit(kind, result,
                                       robot_status="immobilised" if immobilised else "ok",
                                       options=options)
            key = _category(outcome, immobilised)
            acc[key] = acc.get(key, _ZERO) + p
    return tuple(acc.items())


def _category(outcome: str, was_immobilised: bool) -> tuple[int, int]:
    if outcome in ("killed", "weapon_destroyed", "destroyed"):
        return (1, 0)
    if outcome in ("unchecked_casualty", "lost_suit", "lost_horse"):
        return (0, 1)
    if outcome == "immobilised" and not was_immobilised:
        return (0, 1)
    return (0, 0)


def _figure_odds(battle: BattleState, figure: Figure, ctx) -> tuple:
    """The distribution of (killed, wounded) if ``figure`` takes one hit of this shot."""
    if carries_exploding_backpack(figure):
        return (((1, 0), _ONE),)
    autowound = "flamethrower_autowound" in ctx.specials
    fragmentation = ctx.attack == "fragmentation"
    armour = armour_die(figure.armour, fragmentation=fragmentation, psi_die=figure.psi_die,
                        aimed_small_arms=not fragmentation and not autowound,
                        options=battle.options)
    return _hit_on(ctx.power, armour, hit_kind(figure), figure.immobilised, autowound,
                   battle.options)


# --- 3. a uniform subset of victims ----------------------------------------------------------------


def _subset_odds(per_figure: list[tuple], k: int) -> dict[tuple[int, int], Fraction]:
    """(killed, wounded) when ``k`` of these figures, a uniform subset, take one hit each."""
    if k == 0:
        return {(0, 0): _ONE}
    # dp[j] = sum over subsets of size j of the product of outcome probabilities
    dp: list[dict[tuple[int, int], Fraction]] = [{(0, 0): _ONE}] + [{} for _ in range(k)]
    for rows in per_figure:
        for j in range(min(k, len(per_figure)), 0, -1):
            prev = dp[j - 1]
            if not prev:
                continue
            cur = dp[j]
            for (kd, wd), q in prev.items():
                for (dk, dw), p in rows:
                    key = (kd + dk, wd + dw)
                    cur[key] = cur.get(key, _ZERO) + q * p
    n = comb(len(per_figure), k)
    return {key: q / n for key, q in dp[k].items()}


def _casualty_odds(battle: BattleState, ctx, hits: int) -> dict[tuple[int, int], Fraction]:
    target = battle.squads[ctx.target]
    figures = [f for f in target.figures if f.fighting]
    ids = tuple(f.id for f in figures)
    exposed_ids = eligible_for_next_hit(ids, exposed=ctx.exposed, options=battle.options)
    exposed = [f for f in figures if f.id in exposed_ids]
    covered = [f for f in figures if f.id not in exposed_ids]
    first = min(hits, len(exposed))
    a = _subset_odds([_figure_odds(battle, f, ctx) for f in exposed], first)
    b = _subset_odds([_figure_odds(battle, f, ctx) for f in covered], hits - first)
    out: dict[tuple[int, int], Fraction] = {}
    for (k1, w1), p1 in a.items():
        for (k2, w2), p2 in b.items():
            key = (k1 + k2, w1 + w2)
            out[key] = out.get(key, _ZERO) + p1 * p2
    return out


# --- the odds of a fire command ------------------------------------------------------------------------


def fire_odds(battle: BattleState, cmd: Command) -> Distribution:
    """The exact distribution of :class:`FireResult` for a declared ``fire``.

    The shot is validated as a declaration would be (weapons, range, target), but the shooter
    need not be under activation: odds answer "what if".
    """
    if cmd.unit is None:
        raise RuleError("bad_command", template=gettext_noop("fire needs a 'unit'"), field="unit")
    shooter_i, _ = battle.squad(cmd.unit)
    if not battle.options.hits_without_replacement:
        raise RuleError(
            "not_implemented",
            template=gettext_noop(
                "odds with hits allocated with replacement (house rule "
                "hits_without_replacement=false, §2.8) are not implemented yet"
            ),
            rule="§2.8",
        )
    exposed = param(cmd, "exposed", None)
    shot = fire_action.plan_shot(
        battle, shooter_i, text(cmd, "target"), texts(cmd, "weapons"), number(cmd, "distance"),
        cover=choice(cmd, "cover", COVERS, None), cover_protects=param(cmd, "cover_protects", None),
        exposed=texts(cmd, "exposed") if exposed is not None else None,
    )
    ctx = shot.ctx
    beats = beats_distribution(ctx.dice, ctx.range_die)
    target = battle.squads[ctx.target]
    potential = potential_hits(ctx.dice, ctx.range_die)
    hits = hits_to_allocate(potential, len(target.fighting_figures()), options=battle.options)
    chosen = ("sniper_pick" in ctx.specials
              or battle.options.hit_allocation == "target_player_picks")
    out: dict[FireResult, Fraction] = {}
    p_none = beats.get(0, _ZERO)
    p_suppress = beats.get(1, _ZERO)
    p_hits = 1 - p_none - p_suppress
    if p_none:
        out[FireResult("no_effect")] = p_none
    if p_suppress:
        out[FireResult("suppress")] = p_suppress
    if p_hits:
        if chosen:
            out[FireResult("suppress_and_hits", hits, None, None)] = p_hits
        else:
            for (killed, wounded), p in _casualty_odds(battle, ctx, hits).items():
                out[FireResult("suppress_and_hits", hits, killed, wounded)] = p_hits * p
    return Distribution(out)
