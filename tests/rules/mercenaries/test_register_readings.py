"""The register's open readings as battle options (digest §7 5, 10, 12, 14, 16): each
default plays as before, and the other value changes the outcome through the rulebook."""

import copy

import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import declare, dice
from rules.mercenaries.examples import AMBUSH, CLEARING
from tests.rules.mercenaries.playing import one, play

SYSTEM = registry.get("mercenaries")
RIFLE = {"name": "sniper rifle", "damage": [2, 8, 0], "ap": 2, "rof": 1, "scope": True}


def clearing(options=None, **weapon):
    setup = copy.deepcopy(CLEARING)
    if weapon:
        setup["sides"]["mercs"]["squads"]["alpha"]["fighters"]["m1"]["weapon"] = {
            **RIFLE, **weapon}
    if options:
        setup["options"] = options
    return SYSTEM.initial_state(setup)


def test_the_new_readings_are_listed_with_the_old_defaults():
    readings = {r["name"]: r for r in SYSTEM.readings()}
    assert {name: readings[name]["default"] for name in (
        "scope", "suppression_hits", "suppression_one", "disarm_raise", "optics_close",
        "reload_walk", "spotter_reach")} == {
        "scope": "monotonic", "suppression_hits": "after_first", "suppression_one": "snake_eyes",
        "disarm_raise": "over_strength", "optics_close": "cancel", "reload_walk": False,
        "spotter_reach": "spotter"}
    assert readings["scope"]["rule"] == "§2.7" and readings["reload_walk"]["kind"] == "bool"


# --- §2.7 the sniper scope (register 5) ------------------------------------------------------


@pytest.mark.parametrize("long,monotonic,literal", [(2, -4, -6), (1, -6, -4)])
def test_a_scoped_shot_at_extreme_and_maximum_range_by_the_reading(long, monotonic, literal):
    """Rourke (1,2) shoots Ruiz (5,3), 4 cells: extreme range at long 2, maximum at long 1."""
    modifiers = {}
    for reading in ("monotonic", "literal"):
        state = clearing({"scope": reading}, range=[1, 1, long])
        _, effects = play(state, declare("shoot", "m1", {"target": "j2"}))
        modifiers[reading] = one(effects, "attack_declared").data
    assert (modifiers["literal"]["modifier"] - modifiers["monotonic"]["modifier"]
            == literal - monotonic)
    _, plain = play(clearing(range=[1, 1, long], scope=False),
                    declare("shoot", "m1", {"target": "j2"}))
    band = -6 if long == 2 else -8
    assert (one(plain, "attack_declared").data["modifier"] - band
            == modifiers["monotonic"]["modifier"] - monotonic)


def test_the_literal_scope_misses_what_the_recommended_one_hits_at_extreme_range():
    outcomes = {}
    for reading in ("monotonic", "literal"):
        state, effects = play(clearing({"scope": reading}, range=[1, 1, 2]),
                              declare("shoot", "m1", {"target": "j2"}))
        need = one(effects, "attack_declared").data
        if reading == "monotonic":
            roll = need["defence"] - need["modifier"]
        _, effects = play(state, dice({"attack.trait": [roll], "attack.wild": [1]}))
        outcomes[reading] = effects[-1].kind if effects[-1].kind == "missed" else "hit"
    assert outcomes == {"monotonic": "hit", "literal": "missed"}


def test_a_scope_is_true_or_false():
    setup = copy.deepcopy(CLEARING)
    setup["sides"]["mercs"]["squads"]["alpha"]["fighters"]["m1"]["weapon"]["scope"] = "yes"
    with pytest.raises(RuleError) as refused:
        SYSTEM.initial_state(setup)
    assert refused.value.field.endswith("weapon.scope")


# --- §2.8 a full turn to reload (register 16) ------------------------------------------------


def test_a_walk_before_reloading_only_under_the_other_reading():
    for walk in (False, True):
        state = clearing({"reload_walk": walk})
        i, rourke = state.fighter("m1")
        state, _ = play(state.with_fighter(i, rourke._replace(needs_reload=True)),
                        declare("move", "m1", {"to": "2,2"}))
        if not walk:
            before = SYSTEM.state_to_json(state)
            with pytest.raises(RuleError, match="whole turn"):
                SYSTEM.apply(state, declare("reload", "m1"))
            assert SYSTEM.state_to_json(state) == before
            continue
        state, effects = play(state, declare("reload", "m1"))
        assert [e.kind for e in effects] == ["reloaded"]
        assert not state.fighter("m1")[1].needs_reload
        with pytest.raises(RuleError, match="whole turn"):
            SYSTEM.apply(state, declare("move", "m1", {"to": "3,2"}))


def test_a_run_before_reloading_is_refused_under_either_reading():
    state = clearing({"reload_walk": True})
    i, rourke = state.fighter("m1")
    state, _ = play(state.with_fighter(i, rourke._replace(needs_reload=True)),
                    declare("run", "m1", {"to": "3,2"}))
    with pytest.raises(RuleError, match="whole turn"):
        SYSTEM.apply(state, declare("reload", "m1"))


# --- §2.16 suppressive fire (register 10) ----------------------------------------------------


def village(options, target_kind):
    from tests.rules.mercenaries.test_play_fire import battle, man

    return battle({"w": man("wild_card", (0, 0))}, {"x": man(target_kind, (3, 0))}, **options)


def test_a_cell_struck_twice_counts_every_success_under_the_other_reading():
    """Two successes, no raise: -1 (after the first) or -2 (every success); Ruiz's base
    skill 5 holds at -1 and is Shaken at -2."""
    outcome = {}
    for reading in ("after_first", "every_success"):
        state, _ = play(village({"suppression_hits": reading}, "extra"),
                        declare("suppressive_fire", "w", {"cells": ["3,0"] * 3}),
                        dice({"suppress.trait": [4, 4, 1], "suppress.wild": [1]}))
        _, effects = play(state, dice({"suppression.trait": [5]}))
        outcome[reading] = effects[0].kind
    assert outcome == {"after_first": "suppression_held", "every_success": "suppression_shaken"}


def test_a_wild_cards_1_on_the_trait_die_wounds_only_under_the_other_reading():
    outcome = {}
    for reading in ("snake_eyes", "trait_die"):
        state, _ = play(village({"suppression_one": reading}, "wild_card"),
                        declare("suppressive_fire", "w", {"cells": ["3,0"] * 3}),
                        dice({"suppress.trait": [4, 1, 1], "suppress.wild": [1]}))
        _, effects = play(state, dice({"suppression.trait": [1], "suppression.wild": [5]}))
        outcome[reading] = effects[0].kind
    assert outcome == {"snake_eyes": "suppression_held", "trait_die": "suppression_wounded"}


# --- §2.27 disarm (register 12) --------------------------------------------------------------


def test_a_disarm_raise_over_defence_takes_what_over_strength_only_drops():
    """Diaz's 13 - 3 = 10 against Moreno's Parry 5 (a raise) and his Strength 7: not 4 over
    the Strength (dropped), a raise over the Defence (taken)."""
    command = ("disarm", "m2", {"target": "j1", "attack": "fight", "at": "hand",
                                "slot": "melee_weapon"})
    outcome = {}
    for reading in ("over_strength", "over_defence"):
        setup = {**copy.deepcopy(AMBUSH), "options": {"disarm_raise": reading}}
        state, effects = play(SYSTEM.initial_state(setup), declare(*command))
        assert one(effects, "attack_declared").data["defence"] == 5
        _, effects = play(state, dice({"attack.trait": [13], "grip.trait": [7],
                                       "grip.wild": [1]}))
        outcome[reading] = effects[-1].kind
        odds = SYSTEM.odds(SYSTEM.initial_state(setup), {
            "action": command[0], "unit": command[1], "params": command[2]})
        outcome[reading, "odds"] = odds["taken"]
    assert (outcome["over_strength"], outcome["over_defence"]) == (
        "weapon_dropped", "weapon_taken")
    assert outcome["over_strength", "odds"] != outcome["over_defence", "odds"]


# --- §2.17 optics up close (register 14) -----------------------------------------------------


def test_optics_up_close_change_nothing_under_the_other_reading():
    """Moreno, with binoculars, searches for Rourke from the next cell: -2 for the distance
    cancelled and -1 (the letter), or the plain -2."""
    tns = {}
    for reading in ("cancel", "useless"):
        setup = {**copy.deepcopy(AMBUSH), "options": {"optics_close": reading}}
        state, _ = play(SYSTEM.initial_state(setup), declare("end_turn"))
        i, moreno = state.fighter("j1")
        state = state.with_fighter(i, moreno._replace(cell=(2, 2), optics=True))
        searched, effects = play(state, declare("search", "j1", {"target": "m1"}))
        tns[reading] = one(effects, "notice_check").data["tn"]
        roll = tns["cancel"] - 1
        spotted, _ = play(searched, dice({"notice.trait": [roll], "notice.wild": [1]}))
        tns[reading, "spotted"] = spotted.fighter("m1")[1].known_to == ("j1",)
    assert tns["useless"] == tns["cancel"] - 1
    assert (tns["cancel", "spotted"], tns["useless", "spotted"]) == (False, True)


# --- §2.23 the spotter's 3 squares (register 11) ---------------------------------------------


def test_a_spotted_shot_near_an_earlier_impact_is_a_later_shot_only_under_the_other_reading():
    """Lind's first unseen shot at 7,5 deviates one cell east to 8,5; his next at 6,6 (never
    fired at, 2 squares from that impact): Halloran's Notice helps it only when the 3
    squares count from the impact, and Kowalski, far off, may spot it only then."""
    from rules.mercenaries.examples import VILLAGE

    stages = {}
    for reading in ("spotter", "impact"):
        setup = {**copy.deepcopy(VILLAGE), "options": {"spotter_reach": reading}}
        state, _ = play(SYSTEM.initial_state(setup),
                        declare("lobbed_attack", "g3", {"with": "weapon", "at": "7,5",
                                                        "spotter": "g5"}),
                        dice({"area.trait": [1]}), dice({"area.deviation": [1]}),
                        dice({"area.direction": [2]}),
                        *(declare("end_turn") for _ in range(4)))
        assert state.impacts == (("mercs", (8, 5)),)
        assert SYSTEM.state_from_json(SYSTEM.state_to_json(state)) == state
        later, _ = play(state, declare("lobbed_attack", "g3", {"with": "weapon", "at": "6,6",
                                                               "spotter": "g5"}))
        stages[reading] = later.resolution.stage
        far = {"with": "weapon", "at": "6,6", "spotter": "g1"}
        if reading == "spotter":
            with pytest.raises(RuleError, match="from 3 cells or closer"):
                SYSTEM.apply(state, declare("lobbed_attack", "g3", far))
        else:
            spotted, _ = play(state, declare("lobbed_attack", "g3", far))
            assert spotted.resolution.stage == "spot"
    assert stages == {"spotter": "roll", "impact": "spot"}
