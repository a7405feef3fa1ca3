"""A group of Extras rolls Notice as one (digest §2.18, "Дикая кость для группы статистов"),
in play beside the Notice rolls of ``play_stealth`` (§2.17).

When a hidden fighter's activity calls for a Notice roll of every enemy who does not know him
(``play_stealth._observers``), the Extras of one squad who roll against him at that moment
roll as a group (option ``group_roll``; ``each``: every Extra alone, as before): the group's
base skill die and one group Wild Die sized by how many of them roll (2-3 Extras d4, 4-7 d6,
8-15 d8, 16+ d10: ``groups.group_wild_die``), the better kept. Wild Cards always roll on their
own and are not counted. Each Extra compares the one result with his own concealment number
(his distance and the cover between differ), so one roll may spot the hider for some and not
for others.

This project's readings (README, fixed; the text says none of them):

- the group is the Extras of one squad (отделение, the group the battle knows) who roll
  against that hider at that moment; one who cannot see him, who knows where he is already
  or who spots him without a roll (TN 1 or less) does not roll and is not counted; a lone
  Extra rolls alone, with no group Wild Die (the table starts at 2);
- the base skill die of a group whose dice differ (a Notice die here, the base skill there)
  is the die most of them have, the smaller on a tie (``groups.group_die``);
- a roll modifier only part of the group has counts by §2.18's majority rule
  (``groups.group_roll_modifier``, option ``group_modifier``); the Notice rolls played today
  give no Extra a roll modifier of his own (what differs between them is in each one's TN);
- critical failure (§2.14): an Extra's natural 1 only fails; the group's, when the better
  die is 1 (both dice 1, the digest's reading), and there is nothing more to report.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.odds import EXPLOSION_DEPTH, Distribution, deep_enough, die, exploding
from rules.core.procedures import Procedure, Resolution, Rolls, ask_dice, then
from rules.core.system import Effect, Step
from rules.mercenaries import groups, play_stealth, trait
from rules.mercenaries.play_stealth import NoticeContext, after_spotted, knows, not_spotted, spot
from rules.mercenaries.rulebook import RULEBOOK, _die, _roll_text
from rules.mercenaries.state import Battle
from rules.mercenaries.stealth import spotted_without_roll


class GroupNoticeContext(NamedTuple):
    hider: int  # his position in Battle.fighters
    members: tuple[int, ...]  # the Extras who roll, by position
    tns: tuple[int, ...]  # each one's concealment number
    modifiers: tuple[int, ...] = ()  # each one's own roll modifier (none: all 0)


def notice_groups(state: Battle, hider_at: int, looks: list[tuple[int, int]]
                  ) -> tuple[list, list[tuple[int, int]]]:
    """The group rolls among the ``looks`` (observer's position, TN) at one hider, and the
    looks left to roll alone: the Extras of each squad who roll, two or more of them (§2.18);
    none when the battle has every Extra roll alone (option ``group_roll``)."""
    if state.options.group_roll == groups.EACH_ALONE:
        return [], looks
    by_squad: dict[str, list[tuple[int, int]]] = {}
    for i, tn in looks:
        observer = state.fighters[i]
        if not observer.wild_card and not spotted_without_roll(tn):
            by_squad.setdefault(observer.squad, []).append((i, tn))
    together = {squad: members for squad, members in by_squad.items() if len(members) > 1}
    followups = [then("group_notice", members[0][0], GroupNoticeContext(
        hider_at, tuple(i for i, _ in members), tuple(tn for _, tn in members)))
        for members in together.values()]
    grouped = {look for members in together.values() for look in members}
    return followups, [look for look in looks if look not in grouped]


def _still_looking(state: Battle, ctx: GroupNoticeContext) -> GroupNoticeContext:
    """The members who still roll when the group's turn in the queue comes: in the fight and
    not knowing where the hider is."""
    hider = state.fighters[ctx.hider]
    modifiers = ctx.modifiers or (0,) * len(ctx.members)
    kept = [(i, tn, m) for i, tn, m in zip(ctx.members, ctx.tns, modifiers, strict=True)
            if state.fighters[i].fighting_on and not knows(state.fighters[i], hider)]
    return ctx._replace(members=tuple(i for i, _, _ in kept), tns=tuple(t for _, t, _ in kept),
                        modifiers=tuple(m for _, _, m in kept))


def group_dice(state: Battle, ctx: GroupNoticeContext) -> tuple[int, int, int]:
    """(the group's base skill die, its group Wild Die, the roll's modifier) (§2.18)."""
    dice = [play_stealth._notice_die(state.fighters[i])[1] for i in ctx.members]
    modifier = groups.group_roll_modifier(list(ctx.modifiers),
                                          reading=state.options.group_modifier)
    return groups.group_die(dice), groups.group_wild_die(len(ctx.members)), modifier


def group_notice_start(state: Battle, _first: int, ctx: GroupNoticeContext) -> Step:
    """The group's one Notice roll (§2.18): its base skill die and its group Wild Die, asked
    of the squad; a group down to one Extra rolls as he would alone."""
    ctx = _still_looking(state, ctx)
    if not ctx.members:
        return RULEBOOK.done(state)
    if len(ctx.members) == 1:
        return play_stealth.notice_start(state, ctx.members[0],
                                         NoticeContext(ctx.hider, ctx.tns[0], ctx.modifiers[0]))
    base, wild, modifier = group_dice(state, ctx)
    lead, hider = state.fighters[ctx.members[0]], state.fighters[ctx.hider]
    squad, explode = state.squad_name(lead.squad), state.options.dice_explode
    names = ", ".join(state.fighters[i].name for i in ctx.members)
    tns = ", ".join(str(tn) for tn in ctx.tns)
    each = ", ".join(f"{tn} ({state.fighters[i].name})"  # whose TN each is
                     for i, tn in zip(ctx.members, ctx.tns, strict=True))
    said = Effect("group_notice_check", f"{squad} ({names}) look for {hider.name} as a group: "
                  f"Notice d{base} and the group Wild Die d{wild}"
                  f"{f' {modifier:+d}' if modifier else ''}, against TN "
                  f"{each}", lead.id, {"squad": squad, "fighters": names, "target": hider.name,
                                       "die": base, "wild": wild, "tns": tns, "each": each})
    requests = (
        _die("group_notice.trait", f"Notice of {squad}: the group's die d{base}", base,
             lead.squad, explode=explode),
        _die("group_notice.wild", f"group Wild Die d{wild} of {squad} ({len(ctx.members)} "
             "Extras)", wild, lead.squad, explode=explode),
    )
    return ask_dice(state, "group_notice", "roll", ctx.members[0], ctx, requests, (said,))


def group_notice_on_dice(state: Battle, res: Resolution, rolls: Rolls) -> Step:
    """Each Extra compares the group's one result with his own TN (§2.18, §2.17)."""
    ctx = res.ctx
    modifier = groups.group_roll_modifier(list(ctx.modifiers),
                                          reading=state.options.group_modifier)
    effects, followups = [], []
    for i, tn in zip(ctx.members, ctx.tns, strict=True):
        result = trait.resolve(rolls["group_notice.trait"][0], rolls["group_notice.wild"][0],
                               modifier=modifier, tn=tn, group=True)
        roll = _roll_text(result)  # each one's TN is in the group's check
        if result.success:
            state, said = spot(state, i, ctx.hider, roll)
            followups += after_spotted(state, i, ctx.hider)
        else:
            said = not_spotted(state.fighters[i], state.fighters[ctx.hider], roll)
        effects.append(said)
    return RULEBOOK.done(state, effects, followups)


def group_notice_odds(state: Battle, ctx: GroupNoticeContext, *,
                      depth: int = EXPLOSION_DEPTH) -> Distribution:
    """Exact odds of who in the group spots the hider: outcomes are tuples of the names of
    those whose TN the one roll reaches (the core's enumeration of exploding dice, as
    ``trait.odds``); ``ctx`` names two Extras or more."""
    ctx = ctx._replace(modifiers=ctx.modifiers or (0,) * len(ctx.members))
    base, wild, modifier = group_dice(state, ctx)
    if wild is None:
        raise ValueError("a group roll needs two Extras or more")
    explode = state.options.dice_explode

    highest = max(ctx.tns) - modifier

    def dist(sides: int) -> Distribution:
        return exploding(sides, deep_enough(sides, highest, depth)) if explode else die(sides)

    def spotters(b: int, w: int) -> tuple[str, ...]:
        # a chain cut at the depth is bounded at or above every TN: it decides them all
        out = []
        for i, tn in zip(ctx.members, ctx.tns, strict=True):
            if trait.resolve(int(b), int(w), modifier=modifier, tn=tn, group=True).success:
                out.append(state.fighters[i].name)
        return tuple(out)

    return Distribution.from_pairs((spotters(b, w), p * q) for b, p in dist(base).items()
                                   for w, q in dist(wild).items())


play_stealth.GROUP_ROLLS.append(notice_groups)
RULEBOOK.register(Procedure("group_notice", GroupNoticeContext, on_dice=group_notice_on_dice,
                            start=group_notice_start))
