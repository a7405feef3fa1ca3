"""A squad's Extras roll Notice at a hider as a group with the group Wild Die (digest §2.18),
played through the rulebook (``play_group_notice``), and the option of each rolling alone."""

from fractions import Fraction

import pytest

from battles.dice import roll_request
from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import declare, dice
from rules.core.procedures import then
from rules.core.system import AwaitingCommand, DiceNeeded
from rules.mercenaries import groups, trait
from rules.mercenaries.examples import _fighter
from rules.mercenaries.play_group_notice import GroupNoticeContext, group_notice_odds
from rules.mercenaries.rulebook import RULEBOOK
from rules.mercenaries.terms import TERMS
from tests.rules.mercenaries.playing import fighter, kinds, one, play

SYSTEM = registry.get("mercenaries")
EXTRA = _fighter("", "extra", [0, 0])["traits"]


def _extra(name, x, **traits):
    return _fighter(name, "extra", [x, 1], traits={**EXTRA, **traits})


def scene(xs, *, wild_card_at=None, options=None, **traits):
    """A hidden Extra in brush (+2) at dusk walks one cell along it (quietly, -2); the
    patrol's Extras stand at ``xs``: TN 3 from 2-10 cells, 5 from 11-20 (§2.17)."""
    patrol = {f"j{n}": _extra(f"Private {n}", x, **traits) for n, x in enumerate(xs, 1)}
    if wild_card_at is not None:
        patrol["w1"] = _fighter("Lt. Moreno", "wild_card", [wild_card_at, 1])
    hider = _fighter("Scout", "extra", [0, 1], hidden=True, traits={**EXTRA, "stealth": 4})
    setup = {
        "map": {"width": 40, "height": 3, "light": "dim",
                "cells": [{"cell": [0, 1], "cover": 2}, {"cell": [1, 1], "cover": 2}]},
        "first_side": "mercs",
        "sides": {
            "mercs": {"name": "Mercenaries", "squads": {"a": {"name": "Scouts", "fighters": {
                "m1": hider}}}},
            "junta": {"name": "Junta", "squads": {"p": {"name": "2nd squad",
                                                        "fighters": patrol}}},
        },
    }
    if options:
        setup["options"] = options
    return SYSTEM.initial_state(setup)


def walk(state):
    return play(state, declare("move", "m1", {"to": "1,1"}))


def requests(state):
    pending = SYSTEM.pending(state)
    assert isinstance(pending, DiceNeeded)
    return {r.key: r for r in pending.requests}


@pytest.mark.parametrize("extras,die", [(2, 4), (3, 4), (4, 6), (7, 6), (8, 8)])
def test_the_group_wild_die_is_sized_by_the_extras_who_roll(extras, die):
    state, effects = walk(scene([5] * extras))
    asked = requests(state)
    assert set(asked) == {"group_notice.trait", "group_notice.wild"}
    assert (asked["group_notice.trait"].sides, asked["group_notice.wild"].sides) == (6, die)
    assert asked["group_notice.wild"].label == f"group Wild Die d{die} of 2nd squad ({extras} Extras)"
    assert asked["group_notice.trait"].label == "Notice of 2nd squad: the group's die d6"
    assert asked["group_notice.wild"].unit == "p" and asked["group_notice.wild"].explodes
    assert one(effects, "group_notice_check").data["wild"] == die


def test_a_wild_card_rolls_alone_and_is_not_counted():
    state, _ = walk(scene([5, 5, 5], wild_card_at=5))
    assert requests(state)["group_notice.wild"].sides == 4  # 3 Extras, not 4 fighters
    state, effects = play(state, dice({"group_notice.trait": [2], "group_notice.wild": [1]}))
    assert kinds(effects) == ["not_spotted"] * 3 + ["notice_check"]
    assert set(requests(state)) == {"notice.trait", "notice.wild"}  # the lieutenant's own


def test_one_roll_against_each_ones_own_tn_spots_for_some_and_not_others():
    state, effects = walk(scene([5, 5, 15]))
    assert one(effects, "group_notice_check").data["tns"] == "3, 3, 5"
    state, effects = play(state, dice({"group_notice.trait": [2], "group_notice.wild": [3]}))
    assert kinds(effects) == ["spotted", "spotted", "not_spotted"]
    assert effects[0].data["how"] == effects[2].data["roll"] == "2/3+0 = 3"
    assert fighter(state, "m1").known_to == ("j1", "j2")
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_the_group_wild_die_counts_when_the_base_die_misses():
    state, _ = walk(scene([15, 15]))
    state, effects = play(state, dice({"group_notice.trait": [3], "group_notice.wild": [5]}))
    assert kinds(effects) == ["spotted", "spotted"]  # 5 from the d4 group die that aced


def test_each_extra_alone_under_the_other_reading_is_the_old_roll():
    state, effects = walk(scene([5, 5, 15], options={"group_roll": "each"}))
    assert kinds(effects)[-1] == "notice_check"
    assert set(requests(state)) == {"notice.trait"}  # an Extra: no Wild Die of any kind
    tns = []
    for value in (3, 3, 4):
        tns.append(state.resolution.ctx.tn)
        state, effects = play(state, dice({"notice.trait": [value]}))
    assert tns == [3, 3, 5]
    assert fighter(state, "m1").known_to == ("j1", "j2")


def test_a_lone_extra_of_a_squad_rolls_alone():
    state, _ = walk(scene([5, 30]))  # the second is 29 cells off: TN 7, still a roll
    assert set(requests(state)) == {"group_notice.trait", "group_notice.wild"}
    state, _ = walk(scene([5]))
    assert set(requests(state)) == {"notice.trait"}


def test_an_extra_who_spots_without_a_roll_is_not_counted():
    # at 1 cell the hider's -2 brings TN 1: spotted at once (§2.17); the other two roll
    state, effects = walk(scene([2, 5, 5]))
    assert one(effects, "group_notice_check").data["fighters"] == "Private 2, Private 3"
    assert requests(state)["group_notice.wild"].sides == 4
    state, effects = play(state, dice({"group_notice.trait": [2], "group_notice.wild": [1]}))
    assert kinds(effects) == ["not_spotted", "not_spotted", "spotted"]
    assert effects[-1].data == {"fighter": "Private 1", "target": "Scout",
                                "how": "without a roll"}


def test_a_die_off_the_die_is_refused_and_changes_nothing():
    state, _ = walk(scene([5, 5, 5, 5]))
    before = SYSTEM.state_to_json(state)
    with pytest.raises(RuleError):
        SYSTEM.apply(state, dice({"group_notice.trait": [3], "group_notice.wild": [0]}))
    with pytest.raises(RuleError):
        SYSTEM.apply(state, dice({"group_notice.trait": [3], "group_notice.wild": [6]}))
    assert SYSTEM.state_to_json(state) == before


def test_dice_may_come_one_request_at_a_time_and_from_the_server():
    state, _ = walk(scene([5, 5, 15]))
    state, effects = play(state, dice({"group_notice.trait": [1]}))
    assert effects == [] and set(requests(state)) == {"group_notice.wild"}
    state, effects = play(state, dice({"group_notice.wild": [1]}))
    assert kinds(effects) == ["not_spotted"] * 3  # both dice 1: a failure, nothing more
    state, _ = walk(scene([5, 5, 15]))
    rolled = {r.key: roll_request("ab" * 16, battle_id=1, version=3, request=r)
              for r in SYSTEM.pending(state).requests}
    state, effects = play(state, dice(rolled))
    assert len(effects) == 3 and isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_the_base_die_is_the_one_most_of_the_group_have_the_smaller_on_a_tie():
    assert groups.group_die([6, 6, 8]) == 6 and groups.group_die([8, 8, 6]) == 8
    assert groups.group_die([6, 8]) == 6 and groups.group_die([10, 8, 8, 10, 4]) == 8
    with pytest.raises(RuleError, match="at least one Extra"):
        groups.group_die([])
    patrol = scene([5, 5, 5])
    no_notice = {k: v for k, v in EXTRA.items() if k != "notice"}
    j3 = patrol.fighters[2]._replace(traits=tuple({**no_notice, "base_skill": 8}.items()))
    state, _ = walk(patrol.with_fighter(2, j3))
    assert requests(state)["group_notice.trait"].sides == 6


def test_a_modifier_most_of_the_group_have_counts_whole_partly_or_not_at_all():
    assert groups.group_roll_modifier([-2] * 7 + [0] * 3) == -1  # worked example 6
    assert groups.group_roll_modifier([-2] * 8 + [0] * 2) == -2  # worked example 7
    assert groups.group_roll_modifier([-2, 0, 0]) == 0  # no majority
    assert groups.group_roll_modifier([-2, -2, -2]) == -2  # everyone has it
    assert groups.group_roll_modifier([4] * 9 + [0]) == 3
    assert groups.group_roll_modifier([4] * 9 + [0], reading=groups.ROUNDED) == 4


@pytest.mark.parametrize("reading,outcome", [("halving", "spotted"),
                                             ("proportional", "not_spotted")])
def test_the_group_roll_takes_a_partial_modifier_by_the_option(reading, outcome):
    # -2 that 3 of 4 have: -1 step by step, -2 in proportion (1.5 rounded up)
    state = scene([5, 5, 5, 5], options={"group_modifier": reading})
    members = tuple(state.fighter(f"j{n}")[0] for n in (1, 2, 3, 4))
    ctx = GroupNoticeContext(state.fighter("m1")[0], members, (3, 3, 3, 3), (-2, -2, -2, 0))
    step = RULEBOOK.done(state, (), (then("group_notice", members[0], ctx),))
    state, effects = play(step.state, dice({"group_notice.trait": [4],
                                            "group_notice.wild": [2]}))
    assert kinds(effects) == [outcome] * 4


def test_the_odds_of_the_group_roll_are_exact_and_sum_to_one():
    state = scene([5, 5, 15])
    ctx = GroupNoticeContext(0, (1, 2, 3), (3, 3, 5))
    odds = group_notice_odds(state, ctx)
    assert sum(odds.values()) == 1
    # TN 3: fails only if both dice show 2 or less: (2/6)(2/4); TN 5: both show 4 or less,
    # the d4 not acing: (4/6)(3/4)
    assert odds[()] == Fraction(2, 6) * Fraction(2, 4)
    assert odds[("Private 1", "Private 2")] == Fraction(4, 6) * Fraction(3, 4) - odds[()]
    assert odds.probability(lambda names: "Private 3" in names) == 1 - Fraction(1, 2)
    flat = group_notice_odds(scene([5, 5, 15], options={"dice_explode": False}), ctx)
    assert flat[("Private 1", "Private 2")] == Fraction(4, 6) * 1 - flat[()]
    assert trait.odds(6, wild_die=4, tn=3, group=True).get("critical_failure") is None


def test_the_group_roll_reads_in_both_languages_and_survives_json():
    state, effects = walk(scene([5, 5]))
    assert SYSTEM.state_from_json(SYSTEM.state_to_json(state)) == state
    for key in ("group_notice.trait", "group_notice.wild"):
        assert TERMS.labelled("dice", key, "en") and TERMS.labelled("dice", key, "ru")
    said = one(effects, "group_notice_check").to_json()
    assert TERMS.effect(said, "ru", None).startswith("2nd squad (Private 1, Private 2) "
                                                     "высматривают цель Scout группой")


def test_a_group_down_to_one_extra_when_its_turn_comes_rolls_him_alone():
    state = scene([5, 5])
    h, j1, j2 = (state.fighter(f)[0] for f in ("m1", "j1", "j2"))
    ctx = GroupNoticeContext(h, (j1, j2), (3, 3))
    known = state.with_fighter(h, state.fighters[h]._replace(known_to=("j1",)))
    step = RULEBOOK.done(known, (), (then("group_notice", j1, ctx),))
    assert set(requests(step.state)) == {"notice.trait"}
    assert step.state.resolution.unit == j2 and step.state.resolution.ctx.tn == 3
    both = known.with_fighter(h, known.fighters[h]._replace(known_to=("j1", "j2")))
    step = RULEBOOK.done(both, (), (then("group_notice", j1, ctx),))
    assert step.state.resolution is None and step.effects == ()


def test_the_group_readings_are_listed_and_a_bad_value_is_refused():
    readings = {r["name"]: r for r in SYSTEM.readings()}
    assert (readings["group_roll"]["default"], readings["group_roll"]["choices"]) == (
        "group", ("group", "each"))
    assert (readings["group_modifier"]["default"], readings["group_modifier"]["rule"]) == (
        "halving", "§2.18")
    with pytest.raises(RuleError, match="group_roll is one of group, each, not 'all'"):
        scene([5, 5], options={"group_roll": "all"})
