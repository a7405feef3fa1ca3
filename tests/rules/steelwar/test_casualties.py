"""§2.8-§2.9: commander replacement, what a hit does to each figure, hit allocation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.steelwar import casualties as cas
from rules.steelwar.options import Options
from rules.steelwar.state import Figure

FIGS = tuple(f"f{i}" for i in range(1, 11))


@pytest.mark.parametrize(
    ("old", "d6", "new"),
    [(2, 1, 3), (2, 3, 3), (2, 4, 2), (2, 5, 2), (2, 6, 1), (3, 1, 3), (1, 6, 1), (1, 2, 2)],
)
def test_replacement_commander_leadership(old, d6, new):
    assert cas.replacement_leadership(old, d6) == new


@given(st.integers(1, 3), st.integers(1, 6))
def test_replacement_leadership_stays_between_one_and_three(old, d6):
    assert 1 <= cas.replacement_leadership(old, d6) <= 3


def test_replacement_leadership_refuses_bad_input():
    with pytest.raises(RuleError) as err:
        cas.replacement_leadership(2, 7)
    assert err.value.code == "die_out_of_range"
    with pytest.raises(RuleError):
        cas.replacement_leadership(4, 3)


def test_only_the_commanders_role_passes_on():
    assert cas.role_passes_on("commander")
    assert not cas.role_passes_on("machine_gunner")


def test_robot_is_immobilised_then_destroyed():
    assert cas.robot_after_hit("ok", "no_effect") == "ok"
    assert cas.robot_after_hit("ok", "wounded") == "immobilised"
    assert cas.robot_after_hit("immobilised", "wounded") == "destroyed"
    assert cas.robot_after_hit("immobilised", "killed") == "destroyed"
    assert cas.robot_after_hit("immobilised", "no_effect") == "immobilised"
    assert cas.robot_after_hit("ok", "killed") == "destroyed"
    lenient = Options(robot_undamaged_killed="immobilised")
    assert cas.robot_after_hit("ok", "killed", options=lenient) == "immobilised"
    with pytest.raises(RuleError):
        cas.robot_after_hit("destroyed", "wounded")
    with pytest.raises(RuleError):
        cas.robot_after_hit("rusty", "wounded")
    with pytest.raises(RuleError):
        cas.robot_after_hit("ok", "grazed")


@pytest.mark.parametrize(
    ("kind", "result", "outcome"),
    [("human", "wounded", "unchecked_casualty"), ("human", "killed", "killed"),
     ("human", "no_effect", "unharmed"), ("android", "wounded", "unchecked_casualty"),
     ("power_armour", "wounded", "lost_suit"), ("power_armour", "killed", "killed"),
     ("cavalry", "wounded", "lost_horse"), ("man_sized_weapon", "wounded", "weapon_destroyed"),
     ("man_sized_weapon", "killed", "weapon_destroyed"), ("robot", "wounded", "immobilised")],
)
def test_what_a_hit_means_for_each_figure(kind, result, outcome):
    assert cas.figure_after_hit(kind, result) == outcome


def test_figure_after_hit_refuses_unknown_kinds():
    with pytest.raises(RuleError):
        cas.figure_after_hit("dragon", "wounded")


def test_which_losses_count_for_morale():
    assert cas.counts_as_morale_casualty("killed")
    assert cas.counts_as_morale_casualty("unchecked_casualty")
    assert not cas.counts_as_morale_casualty("weapon_destroyed")
    assert not cas.counts_as_morale_casualty("lost_suit")
    assert cas.counts_as_morale_casualty("lost_horse",
                                         options=Options(suit_or_horse_loss_is_casualty=True))
    assert cas.counts_as_morale_casualty("destroyed")
    assert not cas.counts_as_morale_casualty("destroyed",
                                             options=Options(robot_destroyed_is_casualty=False))
    assert not cas.counts_as_morale_casualty("immobilised")
    assert not cas.counts_as_morale_casualty("unharmed")


def test_keno_backpack_flamethrower_explodes_on_its_operator():
    assert cas.explodes_when_hit("flamethrower_keno")
    assert not cas.explodes_when_hit("flamethrower_opka13")
    assert cas.carries_exploding_backpack(Figure("f1", weapon="flamethrower_keno"))
    assert not cas.carries_exploding_backpack(Figure("f2", weapon="flamethrower_opka13"))
    assert not cas.carries_exploding_backpack(Figure("f3"))  # no weapon of his own
    assert cas.in_backpack_blast(4, same_unit_as_operator=False)
    assert not cas.in_backpack_blast(4.5, same_unit_as_operator=True)
    own = Options(backpack_explosion_hits="own_unit_only")
    assert not cas.in_backpack_blast(2, same_unit_as_operator=False, options=own)


# ---- allocation ----


@pytest.mark.parametrize(
    ("n", "dice"),
    [(1, ()), (2, (4,)), (4, (4,)), (5, (6,)), (7, (8,)), (10, (10,)), (12, (12,)),
     (13, (4, 12)), (20, (4, 12)), (49, (6, 12)), (144, (12, 12))],
)
def test_allocation_dice_use_the_smallest_ladder_die(n, dice):
    assert cas.allocation_dice(n) == dice


def test_allocation_dice_other_procedures():
    assert cas.allocation_dice(7, options=Options(hit_allocation="generic_die")) == (7,)
    assert cas.allocation_dice(7, options=Options(hit_allocation="target_player_picks")) == ()
    with pytest.raises(RuleError):
        cas.allocation_dice(0)
    with pytest.raises(RuleError):
        cas.allocation_dice(145)


def test_allocated_figure_counts_from_the_left_and_rerolls_above_the_count():
    seven = FIGS[:7]
    assert cas.allocated_figure(seven, (3,)) == "f3"
    assert cas.allocated_figure(seven, (8,)) is None
    assert cas.allocated_figure(("only",)) == "only"
    with pytest.raises(RuleError) as err:
        cas.allocated_figure(seven, (9,))
    assert err.value.code == "die_out_of_range"
    with pytest.raises(RuleError) as err:
        cas.allocated_figure(seven, (1, 2))
    assert err.value.code == "wrong_die"


def test_allocation_above_twelve_figures_uses_blocks():
    twenty = tuple(f"f{i}" for i in range(1, 21))
    assert cas.allocated_figure(twenty, (2, 5)) == "f17"
    assert cas.allocated_figure(twenty, (2, 9)) is None  # position 21
    assert cas.allocated_figure(twenty, (3, 1)) is None  # block 3 of 2


def test_target_player_picks_a_position():
    picks = Options(hit_allocation="target_player_picks")
    assert cas.allocated_figure(FIGS[:5], (5,), options=picks) == "f5"
    assert cas.allocation_order(FIGS[:5], 2, [(5,), (1,)], options=picks) == ("f5", "f1")


def test_exposed_figures_are_hit_first_without_replacement():
    figures = ("a", "b", "c", "d")
    assert cas.eligible_for_next_hit(figures, exposed={"b", "d"}) == ("b", "d")
    assert cas.eligible_for_next_hit(figures, exposed={"b", "d"}, already_hit=("b", "d")) == (
        "a", "c")
    order = cas.allocation_order(figures, 3, [(2,), (1,)], exposed={"b", "d"})
    # two exposed figures: d4 picks... first pick among (b, d) -> position 2 = d;
    # then b alone (no roll); then the covered a, c: position 1 = a
    assert order == ("d", "b", "a")


def test_surplus_hits_are_lost_and_rolls_must_match():
    assert cas.allocation_order(("a", "b"), 5, [(1,)]) == ("a", "b")
    assert cas.hits_to_allocate(5, 2) == 2
    with pytest.raises(RuleError, match="another hit allocation roll"):
        cas.allocation_order(FIGS[:5], 2, [(1,)])
    with pytest.raises(RuleError, match="more hit allocation rolls"):
        cas.allocation_order(FIGS[:5], 1, [(1,), (2,)])


def test_rerolls_consume_the_next_roll():
    assert cas.allocation_order(FIGS[:7], 1, [(8,), (8,), (6,)]) == ("f6",)


def test_with_replacement_a_figure_may_be_hit_twice():
    again = Options(hits_without_replacement=False)
    assert cas.allocation_order(("a", "b"), 3, [(1,), (1,), (2,)], options=again) == (
        "a", "a", "b")
    assert cas.hits_to_allocate(5, 2, options=again) == 5


def test_sniper_names_any_figure_of_the_target():
    assert cas.check_sniper_victim("commander", {"commander", "mg"}) == "commander"
    with pytest.raises(RuleError):
        cas.check_sniper_victim("general", {"commander"})


@given(
    st.integers(1, 30),
    st.integers(0, 40),
    st.sets(st.integers(0, 29)),
    st.lists(st.integers(1, 12), min_size=200, max_size=200),
)
def test_allocation_is_without_replacement_and_exposed_first(n, hits, exposed_idx, faces):
    figures = tuple(f"f{i}" for i in range(n))
    exposed = {figures[i] for i in exposed_idx if i < n}
    rolls = iter(faces)
    victims: list[str] = []
    for _ in range(min(hits, n)):
        eligible = cas.eligible_for_next_hit(figures, exposed=exposed, already_hit=victims)
        dice = cas.allocation_dice(len(eligible))
        while True:
            values = tuple(min(next(rolls, 1), d) for d in dice)
            victim = cas.allocated_figure(eligible, values)
            if victim is not None:
                break
        # exposed figures first: no covered figure while an exposed one is left
        assert victim in exposed or not (exposed - set(victims))
        victims.append(victim)
    assert len(victims) == len(set(victims)) == min(hits, n)
