"""Crawling (§2.3), more than two actions (§2.4), critical failure (§2.14), stealth and
detection (§2.17) and the manoeuvres (§2.27) played through the rulebook, with the worked
examples of digest §4 that they cover (1, 2, 10, 11, 12) under their own numbers."""


import copy

import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DiceNeeded
from rules.mercenaries.examples import AMBUSH, CLEARING, _fighter
from tests.rules.mercenaries.playing import fighter, kinds, one, play, refused

SYSTEM = registry.get("mercenaries")


def listed(state, action, unit):
    return [s for s in SYSTEM.commands(state) if s.action == action and s.unit == unit]


# --- §2.4 more than two actions -----------------------------------------------------------


def _third_action(state, unit="m1"):
    """go prone (free) and stand up (an action), three times over."""
    for _ in range(3):
        state, _ = play(state, declare("go_prone", unit))
        state, effects = play(state, declare("stand_up", unit))
    return state, effects


def test_worked_example_1_three_actions_are_agility_at_tn_4():
    state, effects = _third_action(SYSTEM.initial_state(CLEARING))
    check = one(effects, "tangle_check")
    assert (check.data["n"], check.data["modifier"]) == (3, 0)  # Agility +4 - 4: TN 4 at +0
    assert {r.key for r in SYSTEM.pending(state).requests} == {"tangle.trait", "tangle.wild"}
    state, effects = play(state, dice({"tangle.trait": [4], "tangle.wild": [1]}))
    assert kinds(effects) == ["untangled", "stood_up"]
    assert (fighter(state, "m1").actions, fighter(state, "m1").prone) == (3, False)


def test_worked_example_2_four_actions_are_agility_at_tn_6():
    state = SYSTEM.initial_state(CLEARING)
    i, rourke = state.fighter("m1")
    agile = tuple((t, 8 if t == "agility" else d) for t, d in rourke.traits)
    state, _ = _third_action(state.with_fighter(i, rourke._replace(traits=agile)))
    state, _ = play(state, dice({"tangle.trait": [4], "tangle.wild": [1]}),
                    declare("go_prone", "m1"))
    state, effects = play(state, declare("stand_up", "m1"))
    assert one(effects, "tangle_check").data["modifier"] == -2  # Agility +4 - 6: TN 6
    state_5, effects = play(state, dice({"tangle.trait": [5], "tangle.wild": [1]}))
    assert one(effects, "tangled").data["roll"] == "5/1-2 = 3"  # 5 misses TN 6
    state_6, effects = play(state, dice({"tangle.trait": [6], "tangle.wild": [1]}))
    assert "stood_up" in kinds(effects)  # 6 makes it


def test_a_failed_agility_check_ends_the_wild_cards_turn():
    state, _ = _third_action(SYSTEM.initial_state(CLEARING))
    state, effects = play(state, dice({"tangle.trait": [3], "tangle.wild": [2]}))
    assert kinds(effects) == ["tangled"]
    assert fighter(state, "m1").prone  # the third action did not happen
    refused(state, "shoot", "m1", {"target": "j2"}, match="tangled up")
    # nothing but his standing orders for bennies, which are no action of the turn (§2.20)
    assert {s.action for s in SYSTEM.commands(state) if s.unit == "m1"} <= {"benny_orders"}
    state, _ = play(state, declare("end_turn"), declare("end_turn"))
    assert fighter(state, "m1").untangled == 0


def test_an_extra_never_takes_a_third_action():
    state, _ = play(SYSTEM.initial_state(CLEARING), declare("go_prone", "m2"),
                    declare("stand_up", "m2"), declare("go_prone", "m2"),
                    declare("stand_up", "m2"), declare("go_prone", "m2"))
    refused(state, "stand_up", "m2", match="at most 2 actions")


def test_the_catalogue_offers_a_third_action_and_its_odds_count_the_check():
    state, _ = _third_action(SYSTEM.initial_state(CLEARING))
    state, _ = play(state, dice({"tangle.trait": [4], "tangle.wild": [1]}))
    state, _ = play(state, declare("go_prone", "m1"))
    assert listed(state, "stand_up", "m1")
    odds = SYSTEM.odds(state, {"action": "shoot", "unit": "m1", "params": {"target": "j2"}})
    assert sum(odds[o] for o in odds) == 1 and odds["tangled"] > 0


def test_snake_eyes_on_a_recovery_roll_is_a_critical_failure():
    state = SYSTEM.initial_state(CLEARING)
    i, ruiz = state.fighter("j2")
    state = state.with_fighter(i, ruiz._replace(shaken=True))
    state, _ = play(state, declare("end_turn"))
    state, effects = play(state, dice({"unshake.trait": [1]}))
    assert kinds(effects) == ["still_shaken"]  # an Extra's 1 only fails
    i, moreno = state.fighter("j1")
    state = state._replace(side=0).with_fighter(i, moreno._replace(shaken=True, bennies=0))
    state, effects = play(state, declare("end_turn"), dice({"unshake.trait": [1],
                                                            "unshake.wild": [1]}))
    assert kinds(effects)[-2:] == ["still_shaken", "critical_failure"]


# --- §2.3 crawling -------------------------------------------------------------------------


def test_a_crawler_takes_four_crawls_from_the_middle_and_six_across_a_cell():
    state, _ = play(SYSTEM.initial_state(CLEARING), declare("go_prone", "m2"),
                    declare("end_turn"), declare("end_turn"))
    for n in range(4):
        state, effects = play(state, declare("crawl", "m2", {"direction": "east"}))
        assert one(effects, "crawled").data["entered"] == (n == 3)
        refused(state, "crawl", "m2", {"direction": "east"}, match="never split")
        state, _ = play(state, declare("end_turn"), declare("end_turn"))
    assert fighter(state, "m2").cell == (2, 3) and fighter(state, "m2").crawl_x == 0
    for _ in range(6):
        state, effects = play(state, declare("crawl", "m2", {"direction": "east"}),
                              declare("end_turn"), declare("end_turn"))
    assert fighter(state, "m2").cell == (3, 3)  # the sixth crawl crossed: "6 turns"


def test_crawling_is_refused_standing_and_a_prone_fighter_is_told_to_crawl():
    state = SYSTEM.initial_state(CLEARING)
    refused(state, "crawl", "m2", {"direction": "east"}, match="only when prone")
    state, _ = play(state, declare("go_prone", "m2"), declare("end_turn"), declare("end_turn"))
    refused(state, "move", "m2", {"to": "2,3"}, match="stand up first, or crawl")
    refused(state, "crawl", "m2", {"direction": "up"}, match="north, south, east or west")
    assert [c.value for c in listed(state, "crawl", "m2")[0].params[0].choices] == [
        "north", "south", "west", "east"]


# --- §2.17 stealth and detection -----------------------------------------------------------


def _hider(name, cell, *, stealth=4, camouflage=0, prone=False, **extra):
    spec = _fighter(name, "extra", cell, hidden=True, camouflage=camouflage, **extra)
    spec["traits"]["stealth"] = stealth
    return spec


def _scene(width, light, cells, hider, observer, first="junta"):
    return {
        "map": {"width": width, "height": 3, "light": light, "cells": cells},
        "first_side": first,
        "sides": {
            "mercs": {"name": "Mercenaries", "squads": {"a": {"name": "A", "fighters": {
                "m1": hider}}}},
            "junta": {"name": "Junta", "squads": {"p": {"name": "P", "fighters": {
                "j1": _fighter("Lt. Moreno", "wild_card", observer,
                               traits={**_fighter("", "wild_card", [0, 0])["traits"],
                                       "notice": 6})}}}},
        },
    }


def test_worked_example_10_an_enemy_comes_beside_a_prone_camouflaged_soldier_tn_5():
    # Stealth d4 (2), a small wood (+2), still (0), prone (+1), "digital" camouflage (+2),
    # the enemy in the neighbouring cell (-2): 5.
    setup = _scene(6, "normal", [{"cell": [1, 1], "cover": 2}],
                   _hider("Soldier", [1, 1], camouflage=2), [3, 1], first="mercs")
    state, _ = play(SYSTEM.initial_state(setup), declare("go_prone", "m1"),
                    declare("end_turn"), declare("move", "j1", {"to": "2,1"}))
    assert one(_, "notice_check").data["tn"] == 5
    state, effects = play(state, dice({"notice.trait": [4], "notice.wild": [3]}))
    assert kinds(effects) == ["not_spotted"] and fighter(state, "m1").known_to == ()
    refused(state, "shoot", "j1", {"target": "m1"}, match="has not spotted")


def test_worked_example_11_quietly_out_of_a_building_into_forest_at_dusk_tn_6():
    # Twilight (+1), base stealth (+2), camouflage (+1), moving quietly (-2), a building into
    # forest (the smaller cover, +2), the enemy 15 cells away (+2): 6.
    setup = _scene(20, "dim", [{"cell": [2, 1], "cover": 4, "building": True},
                               {"cell": [3, 1], "cover": 2}],
                   _hider("Soldier", [2, 1], camouflage=1), [18, 1], first="mercs")
    state, effects = play(SYSTEM.initial_state(setup), declare("move", "m1", {"to": "3,1"}))
    assert one(effects, "notice_check").data["tn"] == 6
    state, effects = play(state, dice({"notice.trait": [5], "notice.wild": [1]}))
    assert kinds(effects) == ["not_spotted"]  # 5 misses 6
    state, _ = play(state, declare("end_turn"), declare("end_turn"),
                    declare("move", "m1", {"to": "4,1"}))
    state, effects = play(state, dice({"notice.trait": [7], "notice.wild": [1]}))
    assert kinds(effects) == ["spotted"] and fighter(state, "m1").known_to == ("j1",)


def test_worked_example_12_a_building_entered_on_the_far_side_asks_no_roll():
    setup = _scene(8, "normal", [{"cell": [4, 1], "cover": 4, "building": True}],
                   _hider("Soldier", [5, 1]), [1, 1], first="mercs")
    state, effects = play(SYSTEM.initial_state(setup), declare("move", "m1", {"to": "4,1"}))
    assert kinds(effects) == ["moved"]
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)


def test_a_search_spots_a_hider_and_then_he_may_be_shot_and_hides_only_out_of_sight():
    state, _ = play(SYSTEM.initial_state(AMBUSH), declare("end_turn"))
    assert not [c for s in listed(state, "shoot", "j1") for c in s.params[0].choices
                if c.value == "m1"]
    odds = SYSTEM.odds(state, {"action": "search", "unit": "j1", "params": {"target": "m1"}})
    assert set(odds) == {"spotted", "not spotted"}
    state, effects = play(state, declare("search", "j1", {"target": "m1"}))
    # Stealth d8 (4), forest (+2), 2 cells (0), still (0), dusk (+1); the cover between
    # cuts a corner of a +1 cell (0): 7.
    assert one(effects, "notice_check").data["tn"] == 7
    state, _ = play(state, dice({"notice.trait": [8], "notice.wild": [2]}))
    assert fighter(state, "m1").known_to == ("j1",)
    assert SYSTEM.validate(state, {"action": "shoot", "unit": "j1",
                                   "params": {"target": "m1"}}) is None
    state, _ = play(state, declare("end_turn"))
    refused(state, "hide", "m1", match="in sight of Lt. Moreno")


def test_a_hidden_shooter_is_noticed_by_every_enemy_who_does_not_know_him():
    state, effects = play(SYSTEM.initial_state(AMBUSH),
                          declare("shoot", "m1", {"target": "j1"}),
                          dice({"attack.trait": [1], "attack.wild": [1]}))
    assert kinds(effects)[-2:] == ["missed", "notice_check"]  # a shot: active, -4
    assert one(effects, "notice_check").data["tn"] == 3
    state, effects = play(state, dice({"notice.trait": [3], "notice.wild": [1]}))
    assert "spotted" in kinds(effects)  # Moreno; Ruiz's roll follows
    assert isinstance(SYSTEM.pending(state), DiceNeeded)


def test_hiding_is_refused_when_already_hidden_and_needs_a_stealth_die():
    state = SYSTEM.initial_state(AMBUSH)
    refused(state, "hide", "m1", match="hidden from every enemy already")
    state, _ = play(state, declare("end_turn"))
    refused(state, "hide", "j2", match="no stealth die")


# --- §2.27 manoeuvres ----------------------------------------------------------------------


def _melee():
    """Diaz and Moreno in one cell (the ambush), the mercenaries' turn."""
    return SYSTEM.initial_state(AMBUSH)


def test_a_grapple_with_a_raise_holds_and_shakes_and_the_held_acts_at_minus_4():
    state, effects = play(_melee(), declare("grapple", "m2", {"target": "j1"}))
    assert one(effects, "opposed_roll").data["modifier"] == 0
    state, effects = play(state, dice({"opposed.trait": [9], "resist.trait": [2],
                                       "resist.wild": [3]}))
    assert kinds(effects) == ["grappled", "shaken"]
    moreno = fighter(state, "j1")
    assert moreno.grappled_by == "m2" and moreno.shaken
    state, _ = play(state, declare("end_turn"), decide("unshake", "roll"),
                    dice({"unshake.trait": [5], "unshake.wild": [1]}))
    refused(state, "move", "j1", {"to": "2,2"}, match="held by Diaz")
    state, effects = play(state, declare("fight", "j1", {"target": "m2"}))
    assert one(effects, "attack_declared").data["modifier"] == -4 - 1  # held; dusk


def test_breaking_free_with_a_raise_costs_no_action():
    state, _ = play(_melee(), declare("grapple", "m2", {"target": "j1"}),
                    dice({"opposed.trait": [7], "resist.trait": [4], "resist.wild": [3]}),
                    declare("end_turn"))
    assert fighter(state, "j1").grappled_by == "m2"
    refused(state, "break_free", "j1", {"with": "smarts"}, match="agility or strength")
    state, effects = play(state, declare("break_free", "j1", {"with": "strength"}),
                          dice({"opposed.trait": [10], "opposed.wild": [1],
                                "resist.trait": [3]}))
    assert kinds(effects)[-1:] == ["broke_free"]
    assert (fighter(state, "j1").grappled_by, fighter(state, "j1").actions) == ("", 0)


def test_the_grappler_hurts_the_held_with_his_strength_die():
    state, _ = play(_melee(), declare("grapple", "m2", {"target": "j1"}),
                    dice({"opposed.trait": [7], "resist.trait": [4], "resist.wild": [3]}),
                    declare("end_turn"), declare("end_turn"))
    state, effects = play(state, declare("crush", "m2", {"target": "j1"}),
                          dice({"opposed.trait": [5], "resist.trait": [2],
                                "resist.wild": [1]}))
    assert kinds(effects)[-1:] == ["crushes"]
    assert {r.key for r in SYSTEM.pending(state).requests} == {"damage.strength"}
    state, effects = play(state, dice({"damage.strength": [5]}))
    # 5 against Toughness 6 (5 + Armour 1): no effect
    assert kinds(effects) == ["damage", "unharmed"]


def test_a_trick_lowers_defence_until_the_enemys_next_turn():
    state, _ = play(_melee(), declare("trick", "m2", {"target": "j1", "with": "agility"}),
                    dice({"opposed.trait": [5], "resist.trait": [3], "resist.wild": [2]}))
    assert fighter(state, "j1").off_guard_until == 1
    odds_now = SYSTEM.odds(state, {"action": "fight", "unit": "m2", "params": {"target": "j1"}})
    state, effects = play(state, declare("fight", "m2", {"target": "j1"}))
    assert one(effects, "attack_declared").data["defence"] == 5 - 2
    assert odds_now["hit"] > 0


def test_a_test_of_will_gives_plus_2_on_the_next_attack_on_that_enemy():
    state = _melee()
    i, rourke = state.fighter("m1")
    state = state.with_fighter(i, rourke._replace(hidden=False))  # a shout shows a hider
    unhidden = state
    state, _ = play(state, declare("intimidate", "m1", {"target": "j1"}))
    state, effects = play(state, dice({"opposed.trait": [5], "opposed.wild": [1],
                                       "resist.trait": [4], "resist.wild": [1]}))
    assert kinds(effects) == ["will_won"]
    assert fighter(state, "m1").will_bonus_vs == "j1"
    plain, plain_effects = play(unhidden, declare("shoot", "m1", {"target": "j1"}))
    state, effects = play(state, declare("shoot", "m1", {"target": "j1"}))
    assert (one(effects, "attack_declared").data["modifier"]
            == one(plain_effects, "attack_declared").data["modifier"] + 2 - 2)  # 2nd action
    assert fighter(state, "m1").will_bonus_vs == ""


def test_a_wild_attack_is_plus_2_and_costs_defence_until_his_next_turn():
    state, effects = play(_melee(), declare("wild_attack", "m2", {"target": "j1"}))
    plain = SYSTEM.initial_state(AMBUSH)
    plain, plain_effects = play(plain, declare("fight", "m2", {"target": "j1"}))
    assert (one(effects, "attack_declared").data["modifier"]
            == one(plain_effects, "attack_declared").data["modifier"] + 2)
    state, _ = play(state, dice({"attack.trait": [1]}), declare("end_turn"))
    state, effects = play(state, declare("fight", "j1", {"target": "m2"}))
    assert one(effects, "attack_declared").data["defence"] == 5 - 2


def test_a_called_shot_to_the_head_is_minus_4_and_plus_4_damage():
    state, effects = play(SYSTEM.initial_state(CLEARING),
                          declare("called_shot", "m1", {"target": "j2", "part": "head"}))
    plain, plain_effects = play(SYSTEM.initial_state(CLEARING),
                                declare("shoot", "m1", {"target": "j2"}))
    assert (one(effects, "attack_declared").data["modifier"]
            == one(plain_effects, "attack_declared").data["modifier"] - 4)
    assert state.resolution.ctx.damage_bonus == 4
    refused(SYSTEM.initial_state(CLEARING), "called_shot", "m1", {"target": "j2", "part": "toe"},
            match="no called shot")


def test_the_drop_needs_an_enemy_who_does_not_know_where_the_attacker_is():
    state, effects = play(SYSTEM.initial_state(AMBUSH),
                          declare("drop_shot", "m1", {"target": "j2"}))
    assert state.resolution.ctx.damage_bonus == 4
    refused(SYSTEM.initial_state(CLEARING), "drop_shot", "m1", {"target": "j2"},
            match="no Drop on him")


def test_defending_is_plus_2_melee_defence_and_no_other_action_but_a_move():
    state, _ = play(_melee(), declare("defend", "m2"))
    refused(state, "fight", "m2", {"target": "j1"}, match="defends this turn")
    assert SYSTEM.validate(state, {"action": "move", "unit": "m2",
                                   "params": {"to": "2,2"}}) is None
    state, effects = play(state, declare("end_turn"), declare("fight", "j1", {"target": "m2"}))
    assert one(effects, "attack_declared").data["defence"] == 5 + 2


def test_a_nonlethal_wound_knocks_out_and_finishing_off_kills():
    state, _ = play(_melee(), declare("nonlethal_blow", "m2", {"target": "j1"}),
                    dice({"attack.trait": [7]}))
    state, effects = play(state, dice({"damage.strength": [5], "damage.weapon": [5]}))
    # 10 against Toughness 5 + Armour 1: a wound, which only knocks him out
    assert kinds(effects)[-1] == "unconscious"
    assert fighter(state, "j1").condition == "unconscious" and fighter(state, "j1").wounds == 0
    state, _ = play(state, declare("end_turn"), declare("end_turn"))
    state, effects = play(state, declare("finish_off", "m2", {"target": "j1"}))
    assert kinds(effects) == ["finished_off"]
    summary = SYSTEM.summarize(state)
    assert [(f.figure, f.outcome) for f in summary.figures] == [("j1", "killed")]


def test_a_refusal_reads_in_russian():
    from rules.mercenaries.terms import TERMS
    state = SYSTEM.initial_state(AMBUSH)
    with pytest.raises(RuleError) as caught:
        SYSTEM.validate(state, {"action": "hide", "unit": "m1"})
    reason = caught.value.params["reason"]
    assert TERMS.sentence(reason.template, "ru").format(**reason.params) == (
        "Sgt. Rourke уже скрыт от всех врагов")
    assert TERMS.choice(state, "m1", "part", "head", "ru", None) == "голова"
    state, effects = play(state, declare("grapple", "m2", {"target": "j1"}),
                          dice({"opposed.trait": [7], "resist.trait": [4],
                                "resist.wild": [3]}))
    ru = TERMS.effect({"kind": "grappled", "data": one(effects, "grappled").data}, "ru", {})
    assert ru.startswith("Diaz захватывает бойца Lt. Moreno")


def test_states_round_trip_through_json():
    state, _ = play(SYSTEM.initial_state(AMBUSH), declare("end_turn"),
                    declare("search", "j1", {"target": "m1"}),
                    dice({"notice.trait": [8], "notice.wild": [2]}))
    assert SYSTEM.state_from_json(SYSTEM.state_to_json(state)) == state


def test_withdrawing_from_an_armed_enemy_costs_defence_unless_he_defended():
    state, effects = play(_melee(), declare("move", "m2", {"to": "2,2"}))
    assert kinds(effects) == ["moved", "withdrew"]
    assert fighter(state, "m2").off_guard_until == 2  # his own next turn
    state, effects = play(_melee(), declare("defend", "m2"), declare("move", "m2", {"to": "2,2"}))
    assert kinds(effects) == ["defends", "moved"]


def test_a_double_tap_and_a_short_burst_need_their_weapon_and_the_burst_a_wild_card():
    state = SYSTEM.initial_state(AMBUSH)
    _, plain = play(state, declare("shoot", "m1", {"target": "j1"}))
    base = one(plain, "attack_declared").data["modifier"]
    tap, effects = play(state, declare("double_tap", "m1", {"target": "j1"}))
    assert one(effects, "attack_declared").data["modifier"] == base + 1
    assert tap.resolution.ctx.damage_bonus == 1
    burst, effects = play(state, declare("short_burst", "m1", {"target": "j1"}))
    assert one(effects, "attack_declared").data["modifier"] == base + 2
    assert burst.resolution.ctx.damage_bonus == 2
    refused(SYSTEM.initial_state(CLEARING), "double_tap", "m1", {"target": "j2"},
            match="not semi-automatic")
    refused(SYSTEM.initial_state(CLEARING), "short_burst", "m2", {"target": "j2"},
            match="short burst in it already")


@pytest.mark.parametrize(("field", "value", "match"), [
    ("camouflage", 5, "camouflage"), ("hidden", "yes", "true or false"),
    ("traits", {"agility": 6, "strength": 6, "vigor": 6, "fighting": 6, "shooting": 8,
                "base_skill": 6, "stealth": 5}, "a die"),
])
def test_a_bad_kit_in_the_setup_is_refused_by_field(field, value, match):
    setup = copy.deepcopy(CLEARING)
    setup["sides"]["mercs"]["squads"]["alpha"]["fighters"]["m2"][field] = value
    with pytest.raises(RuleError, match=match) as caught:
        SYSTEM.initial_state(setup)
    assert caught.value.field.startswith("sides.mercs.squads.alpha.fighters.m2")


def test_a_rapid_attack_is_three_blows_at_minus_4_each_until_the_target_falls():
    state, effects = play(_melee(), declare("end_turn"),
                          declare("rapid_attack", "j1", {"target": "m2", "attack": "fight",
                                                         "attacks": 3}))
    rapid = one(effects, "rapid_attack").data
    _, plain = play(_melee(), declare("end_turn"), declare("fight", "j1", {"target": "m2"}))
    assert rapid["modifier"] == one(plain, "attack_declared").data["modifier"] - 4
    state, effects = play(state, dice({"attack.trait": [1], "attack.wild": [2]}))
    assert kinds(effects) == ["missed"]
    assert isinstance(SYSTEM.pending(state), DiceNeeded)  # the second blow
    state, effects = play(state, dice({"attack.trait": [15], "attack.wild": [2]}))
    state, effects = play(state, dice({"damage.strength": [5], "damage.weapon": [5],
                                       "damage.raise": [3]}))
    assert "out_of_action" in kinds(effects)
    assert isinstance(SYSTEM.pending(state), AwaitingCommand)  # no third blow at the fallen
    refused(_melee(), "rapid_attack", "m2", {"target": "j1", "attack": "fight", "attacks": 2},
            match="only a Wild Card")
    refused(_melee(), "rapid_attack", "m1", {"target": "j1", "attack": "shoot", "attacks": 7},
            match="at most 6")


def test_a_disarm_knocks_the_machete_out_or_takes_it_by_4_over_the_strength_roll():
    command = ("disarm", "m2", {"target": "j1", "attack": "fight", "at": "hand",
                                "slot": "melee_weapon"})
    state, effects = play(_melee(), declare(*command))
    assert one(effects, "attack_declared").data["modifier"] == -1 - 2  # dusk, disarm
    assert {r.key for r in SYSTEM.pending(state).requests} == {
        "attack.trait", "grip.trait", "grip.wild"}
    odds = SYSTEM.odds(_melee(), {"action": command[0], "unit": command[1],
                                  "params": command[2]})
    assert sum(odds[o] for o in odds) == 1 and {"kept", "dropped", "taken"} <= set(odds)
    # 9 - 3 = 6 hits Parry 5; Moreno's Strength 4 misses 6: dropped (not 4 over: 6 < 8)
    dropped, effects = play(state, dice({"attack.trait": [9], "grip.trait": [4],
                                         "grip.wild": [3]}))
    assert kinds(effects) == ["weapon_dropped"]
    assert fighter(dropped, "j1").melee_weapon is None
    # 15 - 3 = 12, and 12 >= Moreno's 3 + 4: taken, but Diaz's hand holds his own machete
    taken, effects = play(state, dice({"attack.trait": [15], "grip.trait": [3],
                                       "grip.wild": [1]}))
    assert kinds(effects) == ["weapon_taken"] and fighter(taken, "j1").melee_weapon is None
    kept, effects = play(state, dice({"attack.trait": [9], "grip.trait": [7],
                                      "grip.wild": [1]}))
    assert kinds(effects) == ["kept_weapon"]


def test_a_hidden_fighter_taking_the_drop_is_noticed_after_his_shot():
    state, effects = play(SYSTEM.initial_state(AMBUSH),
                          declare("drop_shot", "m1", {"target": "j2"}),
                          dice({"attack.trait": [1], "attack.wild": [1]}))
    assert kinds(effects)[-3:] == ["critical_failure", "missed", "notice_check"]


def test_a_shot_from_an_unstable_platform_is_minus_2():
    _, plain = play(SYSTEM.initial_state(CLEARING), declare("shoot", "m1", {"target": "j2"}))
    _, effects = play(SYSTEM.initial_state(CLEARING),
                      declare("unstable_shot", "m1", {"target": "j2"}))
    assert (one(effects, "attack_declared").data["modifier"]
            == one(plain, "attack_declared").data["modifier"] - 2)


def test_an_improvised_weapon_strikes_at_minus_1_and_is_struck_at_plus_1():
    setup = copy.deepcopy(AMBUSH)
    diaz = setup["sides"]["mercs"]["squads"]["scouts"]["fighters"]["m2"]
    diaz["melee_weapon"] = {"name": "rifle butt", "damage": [1, 6, 0], "improvised": "medium"}
    _, effects = play(SYSTEM.initial_state(setup), declare("fight", "m2", {"target": "j1"}))
    assert one(effects, "attack_declared").data["modifier"] == -1 - 1  # dusk, improvised
    _, effects = play(SYSTEM.initial_state(setup), declare("end_turn"),
                      declare("fight", "j1", {"target": "m2"}))
    assert one(effects, "attack_declared").data["modifier"] == -1 + 1
    diaz["melee_weapon"]["improvised"] = "huge"
    with pytest.raises(RuleError, match="small, medium or large"):
        SYSTEM.initial_state(setup)


@pytest.mark.parametrize(("edges", "second"), [({}, -2 - 2), ({"ambidextrous": True}, -2),
                                               ({"two_fisted": True}, -2),
                                               ({"ambidextrous": True, "two_fisted": True}, 0)])
def test_a_blow_with_the_other_hand_after_the_first(edges, second):
    setup = copy.deepcopy(AMBUSH)
    diaz = setup["sides"]["mercs"]["squads"]["scouts"]["fighters"]["m2"]
    diaz.update({"off_hand": {"name": "knife", "damage": [1, 4, 0]}, **edges})
    state, effects = play(SYSTEM.initial_state(setup), declare("fight", "m2", {"target": "j1"}))
    first = one(effects, "attack_declared").data["modifier"]
    state, effects = play(state, dice({"attack.trait": [1]}),
                          declare("off_hand_blow", "m2", {"target": "j1"}))
    assert one(effects, "attack_declared").data["modifier"] == first + second
    state, effects = play(state, dice({"attack.trait": [10]}))  # a hit at -5 or better
    requests = SYSTEM.pending(state).requests
    assert "knife damage d4" in {r.label for r in requests}
    state, _ = play(state, dice({r.key: [1] for r in requests}))
    refused(state, "off_hand_blow", "m2", {"target": "j1"}, match="other hand this turn")
    refused(SYSTEM.initial_state(AMBUSH), "off_hand_blow", "m2", {"target": "j1"},
            match="no weapon in his other hand")


_PISTOL = {"name": "pistol", "damage": [2, 6, 0], "range": [2, 8, 16], "ap": 1}


@pytest.mark.parametrize(("edges", "second"), [({}, -2 - 2), ({"ambidextrous": True}, -2),
                                               ({"two_fisted": True}, -2),
                                               ({"ambidextrous": True, "two_fisted": True}, 0)])
def test_a_shot_with_the_pistol_in_the_other_hand_after_the_first(edges, second):
    setup = copy.deepcopy(CLEARING)
    rourke = setup["sides"]["mercs"]["squads"]["alpha"]["fighters"]["m1"]
    rourke.update({"off_hand": _PISTOL, **edges})
    state, effects = play(SYSTEM.initial_state(setup), declare("shoot", "m1", {"target": "j2"}))
    first = one(effects, "attack_declared").data["modifier"]
    state, _ = play(state, dice({"attack.trait": [1], "attack.wild": [1]}))
    refused(state, "off_hand_blow", "m1", {"target": "j2"}, match="shoots with it")
    # the pistol's own range: 4 cells is its medium band (-2), the rifle's short
    state, effects = play(state, declare("off_hand_shot", "m1", {"target": "j2"}))
    assert one(effects, "attack_declared").data["modifier"] == first + second - 2
    from rules.mercenaries.terms import TERMS
    assert TERMS.effect({"kind": "manoeuvre", "data": one(effects, "manoeuvre").data}, "ru",
                        {}) == "Sgt. Rourke: маневр выстрел второй рукой"
    state, effects = play(state, dice({"attack.trait": [12], "attack.wild": [1]}))
    requests = SYSTEM.pending(state).requests
    assert "pistol damage 2d6" in {r.label for r in requests}
    state, effects = play(state, dice({r.key: [1] * r.count for r in requests}))
    assert one(effects, "damage").data["ap"] == 1
    refused(state, "off_hand_shot", "m1", {"target": "j2"}, match="other hand this turn")


def test_an_off_hand_shot_needs_a_firearm_there_and_its_own_reload():
    refused(SYSTEM.initial_state(CLEARING), "off_hand_shot", "m1", {"target": "j2"},
            match="no weapon in his other hand")
    setup = copy.deepcopy(CLEARING)
    fighters = setup["sides"]["mercs"]["squads"]["alpha"]["fighters"]
    fighters["m2"]["off_hand"] = {"name": "knife", "damage": [1, 4, 0]}
    fighters["m1"]["off_hand"] = _PISTOL
    state = SYSTEM.initial_state(setup)
    refused(state, "off_hand_shot", "m2", {"target": "j2"}, match="no firearm in his other hand")
    from rules.mercenaries.terms import TERMS
    with pytest.raises(RuleError) as caught:
        SYSTEM.validate(state, {"action": "off_hand_blow", "unit": "m1",
                                "params": {"target": "j2"}})
    reason = caught.value.params["reason"]
    assert TERMS.sentence(reason.template, "ru").format(**reason.params) == (
        "у бойца Sgt. Rourke во второй руке огнестрельное оружие: из него стреляют")
    # a 2 on the skill die with the pistol: Reload! for the pistol, not the rifle (§2.8)
    state, effects = play(state, declare("off_hand_shot", "m1", {"target": "j2"}),
                          dice({"attack.trait": [2], "attack.wild": [1]}))
    assert "reload" in kinds(effects)
    assert fighter(state, "m1").off_hand_reload and not fighter(state, "m1").needs_reload
    state, _ = play(state, declare("end_turn"), declare("end_turn"))
    refused(state, "off_hand_shot", "m1", {"target": "j2"}, match="must reload first")
    state, effects = play(state, declare("reload", "m1"))
    assert not fighter(state, "m1").off_hand_reload


def test_worked_example_17_a_called_shot_at_the_eye_is_minus_6_and_plus_4_damage():
    _, plain = play(SYSTEM.initial_state(CLEARING), declare("shoot", "m1", {"target": "j2"}))
    state, effects = play(SYSTEM.initial_state(CLEARING),
                          declare("called_shot", "m1", {"target": "j2", "part": "eye"}))
    assert (one(effects, "attack_declared").data["modifier"]
            == one(plain, "attack_declared").data["modifier"] - 6)
    assert state.resolution.ctx.damage_bonus == 4
