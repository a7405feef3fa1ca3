"""A Mercenaries battle played fact by fact (the fold), with refusals that change nothing."""

import copy
import pickle

import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DecisionNeeded, DiceNeeded
from rules.mercenaries.examples import CLEARING
from tests.rules.mercenaries.playing import fighter, kinds, play

SYSTEM = registry.get("mercenaries")


def start(**changes):
    setup = copy.deepcopy(CLEARING)
    for path, value in changes.items():
        node = setup
        *parents, last = path.split("__")
        for key in parents:
            node = node[key]
        node[last] = value
    return SYSTEM.initial_state(setup)


def declared(effects):
    return next(e for e in effects if e.kind == "attack_declared").data


class TestShooting:
    def test_a_wild_card_asks_for_the_trait_die_and_the_wild_die(self):
        state, _ = play(start(), declare("shoot", "m1", {"target": "j2"}))
        pending = SYSTEM.pending(state)
        assert isinstance(pending, DiceNeeded)
        assert {r.key for r in pending.requests} == {"attack.trait", "attack.wild"}
        assert all(r.explodes for r in pending.requests)

    def test_a_miss(self):
        state, effects = play(start(), declare("shoot", "m1", {"target": "j2"}),
                              dice({"attack.trait": [1], "attack.wild": [2]}))
        assert kinds(effects)[-1] == "missed"
        assert isinstance(SYSTEM.pending(state), AwaitingCommand)

    def test_a_raise_adds_a_d6_and_an_extra_with_a_wound_is_out_of_the_fight(self):
        state, effects = play(start(), declare("shoot", "m1", {"target": "j2"}))
        need = declared(effects)["defence"] - declared(effects)["modifier"] + 4
        state, effects = play(state, dice({"attack.trait": [need + 1], "attack.wild": [1]}))
        assert effects[-1].kind == "hit" and effects[-1].data["raise"]
        assert {r.key for r in SYSTEM.pending(state).requests} == {"damage.weapon",
                                                                   "damage.raise"}
        # 2d8 = 5 + 4, +3 = 12 against Toughness 5 + Armour (1 - AP 2 -> 0): 7 -> one wound
        state, effects = play(state, dice({"damage.weapon": [5, 4], "damage.raise": [3]}))
        assert kinds(effects) == ["damage", "wounded", "out_of_action"]
        ruiz = fighter(state, "j2")
        assert (ruiz.wounds, ruiz.condition) == (1, "out_of_action")

    def test_reload_on_a_natural_two_and_no_shot_until_reloaded(self):
        state, effects = play(start(), declare("shoot", "m1", {"target": "j2"}),
                              dice({"attack.trait": [2], "attack.wild": [1]}))
        assert "reload" in kinds(effects)
        assert fighter(state, "m1").needs_reload
        state, _ = play(state, declare("end_turn"), declare("end_turn"))
        with pytest.raises(RuleError, match="must reload first"):
            SYSTEM.apply(state, declare("shoot", "m1", {"target": "j2"}))
        state, effects = play(state, declare("reload", "m1"))
        assert kinds(effects) == ["reloaded"]
        with pytest.raises(RuleError, match="whole turn"):
            SYSTEM.apply(state, declare("move", "m1", {"to": "1,1"}))

    def test_one_attack_a_turn(self):
        state, _ = play(start(), declare("shoot", "m1", {"target": "j2"}),
                        dice({"attack.trait": [1], "attack.wild": [3]}))
        with pytest.raises(RuleError, match="has attacked this turn"):
            SYSTEM.apply(state, declare("shoot", "m1", {"target": "j1"}))


class TestSoakAndShaken:
    def wound_the_lieutenant(self):
        state, effects = play(start(), declare("shoot", "m1", {"target": "j1"}))
        need = declared(effects)["defence"] - declared(effects)["modifier"]
        state, _ = play(state, dice({"attack.trait": [need], "attack.wild": [1]}))
        # 2d8 = 7 + 7 = 14 against Toughness 6 + Armour 0 (AP 2): 8 -> two wounds
        return play(state, dice({"damage.weapon": [7, 7]}))

    def test_a_wild_card_is_offered_a_soak_roll(self):
        state, effects = self.wound_the_lieutenant()
        pending = SYSTEM.pending(state)
        assert isinstance(pending, DecisionNeeded) and pending.key == "soak"

    def test_a_soak_roll_cancels_wounds_and_spends_a_benny(self):
        state, _ = self.wound_the_lieutenant()
        state, effects = play(state, decide("soak", "soak"),
                              dice({"soak.trait": [4], "soak.wild": [2]}))
        assert kinds(effects) == ["benny_spent", "soaked", "wounded"]
        moreno = fighter(state, "j1")
        assert (moreno.wounds, moreno.shaken, moreno.bennies) == (1, True, 2)

    def test_taking_the_wounds(self):
        state, effects = self.wound_the_lieutenant()
        state, effects = play(state, decide("soak", "take"))
        assert fighter(state, "j1").wounds == 2

    def test_a_shaken_fighter_recovers_at_the_start_of_his_sides_turn(self):
        state, _ = self.wound_the_lieutenant()
        state, _ = play(state, decide("soak", "take"), declare("end_turn"))
        pending = SYSTEM.pending(state)
        assert isinstance(pending, DecisionNeeded) and pending.key == "unshake"
        # Spirit d6 (aced: 6 + 1) at -2 for two wounds: 7 -> 5, a success
        state, effects = play(state, decide("unshake", "roll"),
                              dice({"unshake.trait": [7], "unshake.wild": [1]}))
        assert kinds(effects) == ["unshaken"]
        assert not fighter(state, "j1").shaken

    def test_a_shaken_fighter_may_not_shoot_or_run(self):
        state, _ = self.wound_the_lieutenant()
        state, _ = play(state, decide("soak", "take"), declare("end_turn"),
                        decide("unshake", "roll"),
                        dice({"unshake.trait": [3], "unshake.wild": [2]}))
        assert fighter(state, "j1").shaken
        with pytest.raises(RuleError, match="Shaken"):
            SYSTEM.apply(state, declare("shoot", "j1", {"target": "m1"}))
        with pytest.raises(RuleError, match="may not run"):
            SYSTEM.apply(state, declare("run", "j1", {"to": "3,2"}))
        SYSTEM.apply(state, declare("move", "j1", {"to": "5,1"}))


class TestMovementAndMelee:
    def test_a_move_is_never_split(self):
        state, _ = play(start(), declare("move", "m1", {"to": "2,2"}))
        with pytest.raises(RuleError, match="never split"):
            SYSTEM.apply(state, declare("move", "m1", {"to": "3,2"}))

    def test_no_diagonal_into_a_building(self):
        state = start(sides__mercs__squads__alpha__fighters__m1__cell=[5, 5])
        with pytest.raises(RuleError, match="diagonally"):
            SYSTEM.apply(state, declare("move", "m1", {"to": "6,4"}))

    def test_melee_only_in_the_same_cell(self):
        with pytest.raises(RuleError):
            SYSTEM.apply(start(), declare("fight", "m1", {"target": "j3"}))
        state, effects = play(start(), declare("fight", "m2", {"target": "j3"}))
        # machete against the unarmed: +2 (§2.6); Vega is alone against Diaz: no gang up
        assert declared(effects)["modifier"] == 2

    def test_it_is_not_the_other_sides_turn(self):
        with pytest.raises(RuleError, match="side's turn"):
            SYSTEM.apply(start(), declare("shoot", "j1", {"target": "m1"}))

    def test_an_extra_takes_at_most_two_actions(self):
        state, _ = play(start(), declare("run", "m2", {"to": "3,3"}),
                        declare("go_prone", "m2"), declare("stand_up", "m2"))
        with pytest.raises(RuleError, match="at most 2"):
            SYSTEM.apply(state, declare("shoot", "m2", {"target": "j2"}))


class TestSetup:
    @pytest.mark.parametrize("path,value,field", [
        ("sides__mercs__squads__alpha__fighters__m1__kind", "hero", "kind"),
        ("sides__mercs__squads__alpha__fighters__m1__cell", [9, 9], "cell"),
        ("map__light", "twilight", "map.light"),
        ("first_side", "rebels", "first_side"),
    ])
    def test_a_bad_setup_names_the_field(self, path, value, field):
        with pytest.raises(RuleError) as refused:
            start(**{path: value})
        assert refused.value.code == "bad_setup" and field in (refused.value.field or "")

    def test_a_trait_off_the_ladder(self):
        setup = copy.deepcopy(CLEARING)
        setup["sides"]["mercs"]["squads"]["alpha"]["fighters"]["m1"]["traits"]["vigor"] = 7
        with pytest.raises(RuleError) as refused:
            SYSTEM.initial_state(setup)
        assert refused.value.field.endswith("traits.vigor")


def test_the_summary_leaves_an_extra_out_of_the_fight_unchecked():
    state, effects = play(start(), declare("shoot", "m1", {"target": "j2"}))
    need = declared(effects)["defence"] - declared(effects)["modifier"]
    state, _ = play(state, dice({"attack.trait": [need], "attack.wild": [1]}),
                    dice({"damage.weapon": [7, 3]}))
    summary = SYSTEM.summarize(state)
    (ruiz,) = summary.figures
    assert (ruiz.figure, ruiz.outcome, ruiz.details["condition"]) == (
        "j2", "unchecked", "out_of_action")
    patrol = next(u for u in summary.units if u.unit == "patrol")
    assert patrol.status["out"] == 1


class TestReadings:
    """The readings of rules the text leaves open, chosen per battle (README)."""

    def test_the_readings_are_listed_with_their_defaults_and_rules(self):
        readings = {r["name"]: r for r in SYSTEM.readings()}
        assert set(readings) >= {"hit_test", "wound_on_shaken", "jungle_action",
                                 "dice_explode", "twice_long", "reaction_half",
                                 "suppression_cover", "suppressive_auto_penalty", "area_tn",
                                 "area_cover"}
        assert readings["hit_test"]["default"] == "meet_or_beat"
        assert readings["hit_test"]["rule"] == "§2.9"

    def test_a_tie_misses_when_the_attack_must_exceed_defence(self):
        for reading, outcome in (("meet_or_beat", "hit"), ("exceed", "missed")):
            state = start(options={"hit_test": reading})
            state, effects = play(state, declare("shoot", "m1", {"target": "j2"}))
            tie = declared(effects)["defence"] - declared(effects)["modifier"]
            state, effects = play(state, dice({"attack.trait": [tie], "attack.wild": [1]}))
            assert effects[-1].kind == outcome, reading

    def test_without_explosions_the_dice_are_plain(self):
        state, _ = play(start(options={"dice_explode": False}),
                        declare("shoot", "m1", {"target": "j2"}))
        assert not any(r.explodes for r in SYSTEM.pending(state).requests)
        with pytest.raises(RuleError, match="not a face"):
            SYSTEM.apply(state, dice({"attack.trait": [9], "attack.wild": [1]}))

    def test_a_wound_on_the_shaken_may_add_one(self):
        state = start(options={"wound_on_shaken": "extra_wound"})
        i, ruiz = state.fighter("j2")
        state = state.with_fighter(i, ruiz._replace(shaken=True, toughness=4, armour=0))
        state, effects = play(state, declare("shoot", "m1", {"target": "j2"}))
        need = declared(effects)["defence"] - declared(effects)["modifier"]
        state, effects = play(state, dice({"attack.trait": [need], "attack.wild": [1]}),
                              dice({"damage.weapon": [4, 4]}))  # 8 against 4: one wound
        assert fighter(state, "j2").wounds == 2

    def test_jungle_costs_an_action_only_under_the_literal_reading(self):
        moved = start(sides__mercs__squads__alpha__fighters__m1__cell=[5, 1])
        for reading, actions in ((True, 1), (False, 0)):
            state = moved._replace(options=moved.options.__class__(jungle_action=reading))
            state, _ = play(state, declare("move", "m1", {"to": "6,1"}))
            assert fighter(state, "m1").actions == actions

    @pytest.mark.parametrize("options,field", [
        ({"hit_test": "exceeds"}, "options.hit_test"),
        ({"dice_explode": 1}, "options.dice_explode"),
        ({"aces": True}, "options.aces"),
    ])
    def test_a_bad_reading_is_refused_naming_it(self, options, field):
        with pytest.raises(RuleError) as refused:
            start(options=options)
        assert refused.value.code == "bad_setup" and refused.value.field == field

    def test_the_state_json_keeps_the_readings(self):
        state = start(options={"twice_long": "maximum"})
        again = SYSTEM.state_from_json(SYSTEM.state_to_json(state))
        assert again == state and again.options.twice_long == "maximum"

    def test_the_squares_are_found_by_cell_and_stored_as_the_pairs_they_were(self):
        from rules.mercenaries.movement import Square

        state = start()
        listed = ((4, 2), Square(2)), ((4, 3), Square(2)), ((6, 1), Square(4, jungle=True)), (
            (6, 4), Square(4, building=True))
        assert state.squares == listed and hash(state.squares) == hash(listed)
        assert (state.square((6, 4)), state.cover((4, 3)), state.square((0, 0))) == (
            Square(4, building=True), 2, Square())
        data = SYSTEM.state_to_json(state)
        assert data["squares"][0] == {"cell": [4, 2], "cover": 2, "building": False,
                                      "jungle": False}
        again = SYSTEM.state_from_json(data)
        assert again == state and hash(again) == hash(state)
        assert again.square((6, 1)) == Square(4, jungle=True) and again.cover((7, 5)) == 0
        for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
            assert copied == state and copied.square((6, 4)) == Square(4, building=True)

    def test_every_reading_and_value_has_its_words_in_both_languages(self):
        from rules.core.terms import READING, READING_VALUE

        terms = SYSTEM.terms
        for row in SYSTEM.readings():
            for language in ("en", "ru"):
                assert terms.labelled(READING, row["name"], language), row["name"]
                for value in row["choices"]:
                    if isinstance(value, str):
                        assert terms.labelled(READING_VALUE, value, language), value


def test_a_fighter_who_starts_hidden_without_a_stealth_die_is_refused_at_the_setup():
    """§2.17: hiding is rolled against half the Stealth die, so a hidden fighter needs one."""
    with pytest.raises(RuleError, match="starts hidden and needs a Stealth die") as refused:
        start(sides__junta__squads__patrol__fighters__j2__hidden=True)
    assert refused.value.field == "sides.junta.squads.patrol.fighters.j2.traits.stealth"
    hidden = start(sides__junta__squads__patrol__fighters__j2__hidden=True,
                   sides__junta__squads__patrol__fighters__j2__traits__stealth=6)
    assert hidden.fighters[3].hidden
