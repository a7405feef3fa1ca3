"""Hits and casualties (digest §2.8 allocation and outcomes, §2.9 special fire rules).

After a ``suppress_and_hits`` result the potential hits
(:func:`rules.steelwar.firepower.potential_hits`) are allocated to figures, exposed figures
first, then each hit is resolved power vs armour (:func:`rules.steelwar.firepower.hit_result`).
This module says who is hit and what a result means for each kind of figure: a wounded man
becomes an unchecked casualty, a power-armour wearer loses the suit, a rider the horse, a
man-sized weapon is destroyed, a robot is immobilised then destroyed.

Hit allocation for arbitrary group sizes (``options.hit_allocation``, §7 #7): the book rolls
"a die sized to the group" (d10 for 10 figures) and counts from the left-hand figure. Only
d4..d12 exist, so by default the eligible figures are numbered from the left and the smallest
ladder die with at least that many faces is rolled, a number above the count being rolled
again; above 12 figures a ladder die picks the block of 12 and a d12 the figure in it.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence

from rules.core.dice import DIE_SIZES
from rules.core.errors import RuleError, gettext_noop
from rules.steelwar._ladder import check_face, check_leadership
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.tables import COMMANDER_REPLACEMENT, weapon

#: Figure kinds a hit can land on (§2.8, §2.9).
FIGURE_KINDS = frozenset(
    {"human", "android", "power_armour", "cavalry", "man_sized_weapon", "robot"}
)
ROBOT_STATUSES = ("ok", "immobilised", "destroyed")
#: §2.9: every figure within 4" of an exploding Keno backpack flamethrower takes a hit.
BACKPACK_BLAST_INCHES = 4
#: §2.8: dice sizes for "a die sized to the group"; a block of 12 above twelve figures.
_BLOCK = DIE_SIZES[-1]
_RESULTS = ("killed", "wounded", "no_effect")


# ---- §2.9 commander and specialists ----------------------------------------------------------


def replacement_leadership(old: int, d6: int) -> int:
    """§2.9: a lost commander's figure replaces a subordinate's; roll d6: 1-3 the new
    commander is one step worse (leadership +1), 4-5 the same, 6 one step better (-1);
    leadership never leaves 1..3."""
    check_leadership(old)
    check_face(d6, 6, "commander replacement die", "§2.9")
    return min(3, max(1, old + COMMANDER_REPLACEMENT[d6]))


def role_passes_on(role: str) -> bool:
    """§2.9: a lost specialist's weapon or role (sniper, machine gunner, sergeant...) is not
    taken over by an ordinary figure: it is assumed lost or damaged. Only the commander's
    role passes on (:func:`replacement_leadership`)."""
    return role == "commander"


# ---- §2.8/§2.9 what a hit does to each kind of figure ----------------------------------------


def _check_result(result: str) -> None:
    """§2.8: a hit's result is killed, wounded or no_effect (else ``bad_command``)."""
    if result not in _RESULTS:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "a hit result is killed, wounded or no_effect, not {result!r} (§2.8)"
            ),
            params={"result": result},
            rule="§2.8",
        )


def robot_after_hit(status: str, result: str, *, options: Options = DEFAULT_OPTIONS) -> str:
    """§2.9: robots: the first "wounded" immobilises (it can still shoot); the next hit that
    gives "wounded" or "killed" destroys. A "killed" result on an undamaged robot destroys it
    at once (``options.robot_undamaged_killed``). Robots are never repaired by
    reorganisation."""
    _check_result(result)
    if status == "destroyed":
        raise RuleError(
            "action_forbidden",
            template=gettext_noop("a destroyed robot cannot be hit again (§2.9)"),
            rule="§2.9",
        )
    if status not in ROBOT_STATUSES:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a robot is ok, immobilised or destroyed, not {status!r}"),
            params={"status": status},
            rule="§2.9",
        )
    if result == "no_effect":
        return status
    if status == "immobilised":
        return "destroyed"
    if result == "killed" and options.robot_undamaged_killed == "destroyed":
        return "destroyed"
    return "immobilised"


def figure_after_hit(
    figure_kind: str,
    result: str,
    *,
    robot_status: str = "ok",
    options: Options = DEFAULT_OPTIONS,
) -> str:
    """§2.8/§2.9: what a hit result means for the figure hit.

    - human, android: killed -> ``"killed"``; wounded -> ``"unchecked_casualty"`` (its fate is
      settled at reorganisation, §2.11);
    - power armour: wounded -> ``"lost_suit"`` (an ordinary man from now on, armour d4);
    - cavalry: wounded -> ``"lost_horse"`` (infantry from now on);
    - man-sized weapon: wounded or killed -> ``"weapon_destroyed"``;
    - robot: ``"immobilised"`` or ``"destroyed"`` (:func:`robot_after_hit`);
    - no effect -> ``"unharmed"`` (a robot keeps its status).
    """
    if figure_kind not in FIGURE_KINDS:
        raise RuleError(
            "bad_command",
            template=gettext_noop("unknown figure kind {figure_kind!r} (§2.8); known: {known}"),
            params={"figure_kind": figure_kind, "known": ', '.join(sorted(FIGURE_KINDS))},
            rule="§2.8",
        )
    if figure_kind == "robot":
        return robot_after_hit(robot_status, result, options=options)
    _check_result(result)
    if result == "no_effect":
        return "unharmed"
    if figure_kind == "man_sized_weapon":
        return "weapon_destroyed"
    if result == "killed":
        return "killed"
    if figure_kind == "power_armour":
        return "lost_suit"
    if figure_kind == "cavalry":
        return "lost_horse"
    return "unchecked_casualty"


def counts_as_morale_casualty(outcome: str, *, options: Options = DEFAULT_OPTIONS) -> bool:
    """§2.8/§2.9: whether an outcome of :func:`figure_after_hit` is a casualty for morale
    (the "takes casualties" and "lost more than remain" triggers).

    Killed figures and unchecked casualties count; a destroyed man-sized weapon never does
    (SOURCE); a lost suit or horse does not by default
    (``options.suit_or_horse_loss_is_casualty``); a destroyed robot counts
    (``options.robot_destroyed_is_casualty``); an immobilised robot does not.
    """
    if outcome in ("killed", "unchecked_casualty"):
        return True
    if outcome in ("lost_suit", "lost_horse"):
        return options.suit_or_horse_loss_is_casualty
    if outcome == "destroyed":
        return options.robot_destroyed_is_casualty
    return False


def explodes_when_hit(weapon_id: str) -> bool:
    """§2.9: a hit on the operator of a Keno backpack flamethrower makes no wound test: the
    operator dies at once and every figure within 4" takes a flamethrower hit (wounded
    automatically, killed on three times the armour)."""
    return "backpack_explodes" in weapon(weapon_id).specials


def carries_exploding_backpack(figure) -> bool:
    """§2.9: whether ``figure`` (a ``state.Figure``) operates a Keno backpack flamethrower, so
    that a hit on him explodes it (:func:`explodes_when_hit`)."""
    return figure.weapon is not None and explodes_when_hit(figure.weapon)


def in_backpack_blast(
    distance: float, *, same_unit_as_operator: bool, options: Options = DEFAULT_OPTIONS
) -> bool:
    """§2.9: whether a figure ``distance`` inches from an exploding backpack flamethrower is
    hit: within 4", friend or foe (``options.backpack_explosion_hits``)."""
    if distance > BACKPACK_BLAST_INCHES:
        return False
    return same_unit_as_operator or options.backpack_explosion_hits == "all_figures"


# ---- §2.8 allocating hits to figures ---------------------------------------------------------


def hits_to_allocate(potential: int, eligible_count: int, *,
                     options: Options = DEFAULT_OPTIONS) -> int:
    """§2.8: hits actually allocated: surplus hits beyond the figures are lost when hits go
    without replacement (``options.hits_without_replacement``)."""
    if options.hits_without_replacement:
        return min(potential, eligible_count)
    return potential if eligible_count else 0


def eligible_for_next_hit(
    figures: Sequence[str],
    *,
    exposed: Collection[str] | None = None,
    already_hit: Collection[str] = (),
    options: Options = DEFAULT_OPTIONS,
) -> tuple[str, ...]:
    """§2.8: the figures the next hit may land on, in left-to-right order.

    ``figures`` lists the target's figures from the left, man-sized weapons included (a
    tripod MG crew of 2 and its gun is 3 figures, example #13). If the group is partly in
    cover (``exposed`` = the figures outside cover) exposed figures are hit first; figures in
    cover only when no exposed one is left. Figures ``already_hit`` by this shot are left out
    (``options.hits_without_replacement``).
    """
    if options.hits_without_replacement and already_hit:
        pool = tuple([f for f in figures if f not in already_hit])
    else:
        pool = tuple(figures)
    if exposed is not None:
        in_open = tuple([f for f in pool if f in exposed])
        if in_open:
            return in_open
    return pool


def allocation_dice(eligible_count: int, *, options: Options = DEFAULT_OPTIONS) -> tuple[int, ...]:
    """§2.8: the dice to roll to pick one figure among ``eligible_count``.

    ``ladder_die_reroll`` (default): the smallest of d4..d12 with at least that many faces
    (10 figures -> d10, 7 -> d8 and an 8 is rolled again); above 12 figures a ladder die for
    the block of 12 and a d12 for the figure within the block. ``generic_die``: one die of
    exactly ``eligible_count`` faces. ``target_player_picks``: no dice, the target's player
    names the figure. A single figure needs no dice.
    """
    if eligible_count.__class__ is not int or eligible_count < 1:
        raise RuleError(
            "bad_command",
            template=gettext_noop("no figure is left to take a hit ({eligible_count!r})"),
            params={"eligible_count": eligible_count},
            rule="§2.8",
        )
    mode = options.hit_allocation
    if eligible_count == 1 or mode == "target_player_picks":
        return ()
    if mode == "generic_die":
        return (eligible_count,)
    if eligible_count <= _BLOCK:
        return (_smallest_ladder_die(eligible_count),)
    blocks = math.ceil(eligible_count / _BLOCK)
    if blocks > _BLOCK:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "{eligible_count} figures are more than the allocation dice cover (144) (§2.8)"
            ),
            params={"eligible_count": eligible_count},
            rule="§2.8",
        )
    return (_smallest_ladder_die(blocks), _BLOCK)


def _smallest_ladder_die(n: int) -> int:
    for die in DIE_SIZES:
        if die >= n:
            return die
    raise AssertionError(n)


def allocated_figure(
    eligible: Sequence[str],
    values: Sequence[int] = (),
    *,
    options: Options = DEFAULT_OPTIONS,
) -> str | None:
    """§2.8: the figure an allocation roll picks, counting from the left; ``None`` when the
    roll is above the count and must be rolled again (``ladder_die_reroll``).

    ``values`` are the faces of :func:`allocation_dice` (block die first above 12 figures),
    or, for ``target_player_picks``, the 1-based position the target's player chose.
    """
    n = len(eligible)
    dice = allocation_dice(n, options=options)
    if options.hit_allocation == "target_player_picks" and n > 1:
        dice = (n,)
    if n == 1 and not values:
        return eligible[0]
    if len(values) != len(dice):
        raise RuleError(
            "wrong_die",
            template=gettext_noop(
                "picking one of {n} figures needs {dice_count} value(s) (d{dice}), got "
                "{values_count} (§2.8)"
            ),
            params={
                "n": n,
                "dice_count": len(dice),
                "dice": ', d'.join(map(str, dice)),
                "values_count": len(values),
            },
            rule="§2.8",
        )
    for value, die in zip(values, dice, strict=True):
        check_face(value, die, "hit allocation die", "§2.8")
    return figure_at(eligible, values)


def figure_at(eligible: Sequence[str], values: Sequence[int]) -> str | None:
    """§2.8: the figure that allocation ``values`` already checked against
    :func:`allocation_dice` pick, counting from the left (block die first above 12 figures);
    ``None`` above the count (rolled again)."""
    if len(values) == 1:
        position = values[0]
    else:
        block, within = values
        position = (block - 1) * _BLOCK + within
    return eligible[position - 1] if position <= len(eligible) else None


def allocation_order(
    figures: Sequence[str],
    hits: int,
    values: Iterable[Sequence[int]] = (),
    *,
    exposed: Collection[str] | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> tuple[str, ...]:
    """§2.8: the figures hit, in order, for ``hits`` hits on ``figures`` (left to right).

    ``values`` is the sequence of allocation rolls (:func:`allocation_dice` per pick; a roll
    above the count is rolled again and uses the next entry), or the chosen positions for
    ``target_player_picks``. Exposed figures are hit first; without replacement a figure is
    hit at most once and surplus hits are lost. Raises ``wrong_die`` if the rolls run out or
    some are left over.
    """
    rolls = iter(values)
    victims: list[str] = []
    for _ in range(hits):
        eligible = eligible_for_next_hit(
            figures, exposed=exposed, already_hit=victims, options=options
        )
        if not eligible:
            break
        while True:
            if len(eligible) == 1:
                victim = eligible[0]
                break
            try:
                roll = next(rolls)
            except StopIteration:
                raise RuleError(
                    "wrong_die",
                    template=gettext_noop(
                        "another hit allocation roll is needed for {eligible_count} figures "
                        "(§2.8)"
                    ),
                    params={"eligible_count": len(eligible)},
                    rule="§2.8",
                ) from None
            victim = allocated_figure(eligible, roll, options=options)
            if victim is not None:
                break
        victims.append(victim)
    if next(rolls, None) is not None:
        raise RuleError(
            "wrong_die",
            template=gettext_noop("more hit allocation rolls than hits to allocate (§2.8)"),
            rule="§2.8",
        )
    return tuple(victims)


def check_sniper_victim(victim: str, figures: Collection[str]) -> str:
    """§2.9: a sniper rifle firing on its own with a hit result needs no random victim: its
    owner names the figure hit (e.g. the commander or the machine gunner)."""
    if victim not in figures:
        raise RuleError(
            "bad_command",
            template=gettext_noop(
                "the sniper's chosen victim {victim!r} is not a figure of the target unit (§2.9)"
            ),
            params={"victim": victim},
            rule="§2.9",
        )
    return victim
