"""Readiness (§2.26: aim, held attacks), individual initiative (§2.1) and bennies spent on
standing orders (§2.19-§2.20, worked examples 8 and 9 of digest §4), played fact by fact."""

import pytest
from django.utils import translation

from config.rule_messages import translate_sentence
from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DiceNeeded
from rules.mercenaries import initiative
from rules.mercenaries.trait import resolve
from tests.rules.mercenaries.test_battle import SYSTEM, fighter, kinds, play, start


def refusal(state, command, language="en"):
    with pytest.raises(RuleError) as refused:
        SYSTEM.apply(state, command)
    if language == "en":
        return str(refused.value.message)
    with translation.override(language):
        return translate_sentence(refused.value.message, "mercenaries")


def data(effects, kind):
    return next(e for e in effects if e.kind == kind).data


def pass_turns(state, n=2):
    return play(state, *(declare("end_turn") for _ in range(n)))[0]


class TestInitiative:
    def test_half_of_those_able_react_at_least_one(self):
        assert [initiative.reactors(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]
        assert [initiative.reactors(n, initiative.ROUND_DOWN) for n in range(6)] == [
            0, 1, 1, 1, 2, 2]

    def test_a_negative_count_is_refused(self):
        with pytest.raises(RuleError):
            initiative.reactors(-1)

    def test_prepared_melee_wins_a_tie_of_agility(self):
        assert initiative.first_to_act(resolve(5, None), resolve(5, None))
        assert not initiative.first_to_act(resolve(4, None), resolve(5, None))

    def test_turns_count_across_rounds(self):
        assert [initiative.turn_number(r, s, 2) for r, s in ((1, 0), (1, 1), (2, 0))] == [
            0, 1, 2]
        assert start().turn == 0 and pass_turns(start(), 3).turn == 3


class TestAim:
    def test_aiming_gives_plus_two_next_turn_at_that_target_only(self):
        _, effects = play(start(), declare("shoot", "m1", {"target": "j1"}))
        plain = data(effects, "attack_declared")["modifier"]
        state, effects = play(start(), declare("aim", "m1", {"target": "j1"}))
        assert kinds(effects) == ["aimed"]
        state = pass_turns(state)
        _, effects = play(state, declare("shoot", "m1", {"target": "j1"}))
        assert data(effects, "attack_declared")["modifier"] == plain + 2
        _, effects = play(state, declare("shoot", "m1", {"target": "j2"}))
        _, unaimed = play(start(), declare("shoot", "m1", {"target": "j2"}))
        assert (data(effects, "attack_declared")["modifier"]
                == data(unaimed, "attack_declared")["modifier"])

    def test_the_bonus_is_for_the_next_turn_only(self):
        _, effects = play(start(), declare("shoot", "m1", {"target": "j1"}))
        plain = data(effects, "attack_declared")["modifier"]
        state, _ = play(start(), declare("aim", "m1", {"target": "j1"}))
        state = pass_turns(state, 4)
        _, effects = play(state, declare("shoot", "m1", {"target": "j1"}))
        assert data(effects, "attack_declared")["modifier"] == plain

    def test_aiming_takes_the_whole_turn(self):
        state, _ = play(start(), declare("aim", "m1", {"target": "j1"}))
        assert "spends the whole turn aiming" in refusal(state, declare("shoot", "m1", {"target": "j1"}))
        assert "целится" in refusal(state, declare("move", "m1", {"to": "2,2"}), "ru")

    def test_no_aiming_after_a_move_in_both_languages(self):
        state, _ = play(start(), declare("move", "m1", {"to": "2,2"}))
        command = declare("aim", "m1", {"target": "j1"})
        assert "aiming takes the whole turn" in refusal(state, command)
        assert "прицеливание занимает весь ход" in refusal(state, command, "ru")
        assert SYSTEM.state_to_json(state) == SYSTEM.state_to_json(
            play(start(), declare("move", "m1", {"to": "2,2"}))[0])

    def test_aim_at_a_friend_is_refused(self):
        assert "not an enemy" in refusal(start(), declare("aim", "m1", {"target": "m2"}))


class TestHold:
    def test_a_run_through_the_held_cell_is_interrupted_and_goes_on_after_a_miss(self):
        state, _ = play(start(), declare("hold", "m1", {"cell": "4,2"}))
        state = pass_turns(state, 1)
        state, effects = play(state, declare("run", "j1", {"to": "3,2"}))
        assert kinds(effects) == ["ran", "interrupted", "held_attack"]
        assert fighter(state, "j1").cell == (4, 2)
        assert isinstance(SYSTEM.pending(state), DiceNeeded)
        # the held shot: no multi-action penalty; the target cell's forest is -2 (§2.5)
        assert data(effects, "held_attack")["modifier"] == -2
        state, effects = play(state, dice({"attack.trait": [1], "attack.wild": [2]}))
        assert kinds(effects) == ["missed", "move_resumed"]
        assert fighter(state, "j1").cell == (3, 2)
        assert fighter(state, "m1").hold_cell is None  # the hold is spent
        assert isinstance(SYSTEM.pending(state), AwaitingCommand)

    def test_an_enemy_put_out_of_the_fight_does_not_go_on(self):
        state, _ = play(start(), declare("hold", "m1", {"cell": "4,3"}))
        state = pass_turns(state, 1)
        state, effects = play(state, declare("run", "j2", {"to": "3,3"}),
                              dice({"attack.trait": [6], "attack.wild": [1]}),
                              dice({"damage.weapon": [7, 3]}))
        assert "out_of_action" in kinds(effects) and "move_resumed" not in kinds(effects)
        assert fighter(state, "j2").cell == (4, 3)

    def test_half_of_the_holders_fire_and_the_others_wait_for_the_next_enemy(self):
        state, _ = play(start(), declare("hold", "m1", {"cell": "4,3"}),
                        declare("hold", "m2", {"cell": "4,3"}), declare("end_turn"))
        state, effects = play(state, declare("move", "j2", {"to": "4,3"}))
        assert data(effects, "interrupted")["holders"] == "Sgt. Rourke"
        state, _ = play(state, dice({"attack.trait": [1], "attack.wild": [2]}))
        assert fighter(state, "m2").hold_cell == "4,3"
        state, effects = play(state, declare("run", "j1", {"to": "3,4"}))
        assert data(effects, "interrupted")["holders"] == "Diaz"

    def test_a_hold_ends_when_the_holders_turn_comes_again(self):
        state, _ = play(start(), declare("hold", "m1", {"cell": "4,2"}))
        state = pass_turns(state, 3)
        state, effects = play(state, declare("move", "j1", {"to": "4,2"}))
        assert kinds(effects) == ["moved"]

    def test_an_ally_entering_the_cell_is_not_shot(self):
        state, effects = play(start(), declare("hold", "m1", {"cell": "2,3"}),
                              declare("move", "m2", {"to": "2,3"}))
        assert kinds(effects) == ["holding", "moved"]

    @pytest.mark.parametrize("cell,english,russian", [
        ("9,9", "off the map or out of", "вне карты или вне поля зрения"),
        ("7,1", "off the map or out of", "вне карты или вне поля зрения"),  # behind 6,1
    ])
    def test_a_cell_off_the_map_or_out_of_sight_is_refused(self, cell, english, russian):
        command = declare("hold", "m1", {"cell": cell})
        assert english in refusal(start(), command)
        assert russian in refusal(start(), command, "ru")

    def test_a_cell_beyond_the_weapons_reach_is_refused(self):
        weapon = {"name": "pistol", "damage": [2, 6, 0], "range": [1, 1, 1]}
        state = start(sides__mercs__squads__alpha__fighters__m1__weapon=weapon)
        assert "beyond this weapon's reach" in refusal(state, declare("hold", "m1",
                                                                      {"cell": "6,2"}))
        play(state, declare("hold", "m1", {"cell": "5,2"}))  # four times long range

    def test_the_catalogue_lists_the_cells_an_enemy_could_enter_before_the_hold_lapses(self):
        (spec,) = [s for s in SYSTEM.commands(start()) if s.action == "hold" and s.unit == "m1"]
        cells = spec.params[0].values()
        assert "3,2" in cells and "7,5" in cells  # a run from Moreno, from Ruiz
        assert "0,0" not in cells  # three cells from every enemy
        assert "7,1" not in cells  # behind the jungle: out of sight
        play(start(), declare("hold", "m1", {"cell": "0,0"}))  # idle, yet legal

    def test_no_hold_without_a_firearm(self):
        state = pass_turns(start(), 1)
        assert "no firearm" in refusal(state, declare("hold", "j3", {"cell": "1,2"}))

    def test_a_held_line_interrupts_an_enemy_entering_any_of_its_cells(self):
        """§2.1: control of a direction (a road); Rourke at 1,2 holds the line east."""
        state, effects = play(start(), declare("hold_line", "m1", {"direction": "1,0"}),
                              declare("end_turn"))
        assert data(effects, "holding_line")["cell"] == "2,2"
        state, effects = play(state, declare("move", "j2", {"to": "4,3"}))
        assert kinds(effects) == ["moved"]  # 4,3 is off the line
        state, effects = play(state, declare("move", "j1", {"to": "4,2"}))
        assert kinds(effects) == ["moved", "interrupted", "held_attack"]

    def test_the_line_choices_are_the_neighbouring_cells_seen(self):
        (spec,) = [s for s in SYSTEM.commands(start())
                   if s.action == "hold_line" and s.unit == "m1"]
        assert len(spec.params[0].choices) == 8
        assert spec.params[0].choices[0].label == "the line through cell 0,1"
        state = start(sides__mercs__squads__alpha__fighters__m1__cell=[0, 0])
        assert "cannot see along" in refusal(state, declare("hold_line", "m1",
                                                            {"direction": "-1,0"}))
        assert "eight" in refusal(state, declare("hold_line", "m1", {"direction": "0,0"}))

    def test_a_holder_left_over_fires_when_the_moves_are_over(self):
        """§2.1: Diaz, left waiting by the half rule, fires at Ruiz in his cell when the
        junta's turn ends."""
        state, _ = play(start(), declare("hold", "m1", {"cell": "4,3"}),
                        declare("hold", "m2", {"cell": "4,3"}), declare("end_turn"),
                        declare("move", "j2", {"to": "4,3"}),
                        dice({"attack.trait": [1], "attack.wild": [2]}))
        state, effects = play(state, declare("end_turn"))
        assert kinds(effects) == ["turn_ended", "held_attack"]
        assert data(effects, "held_attack")["fighter"] == "Diaz"

    def test_several_possible_targets_are_shared_out_by_lot(self):
        state = start(sides__junta__squads__patrol__fighters__j2__cell=[6, 2])
        state, _ = play(state, declare("hold_line", "m1", {"direction": "1,0"}),
                        declare("end_turn"))
        state, effects = play(state, declare("end_turn"))
        (request,) = SYSTEM.pending(state).requests
        assert (request.key, request.faces) == ("share.pick", ("1. Lt. Moreno",
                                                               "2. Private Ruiz"))
        state, effects = play(state, dice({"share.pick": ["2. Private Ruiz"]}))
        assert kinds(effects) == ["shared_out", "held_attack"]
        assert data(effects, "held_attack")["target"] == "Private Ruiz"

    def test_the_state_json_keeps_a_hold_and_a_pending_interrupt(self):
        state, _ = play(start(), declare("hold", "m1", {"cell": "4,2"}), declare("end_turn"),
                        declare("run", "j1", {"to": "3,2"}))
        again = SYSTEM.state_from_json(SYSTEM.state_to_json(state))
        assert again == state
        state, effects = play(again, dice({"attack.trait": [1], "attack.wild": [2]}))
        assert fighter(state, "j1").cell == (3, 2)


class TestBennies:
    def test_worked_example_8_enter_the_room_shoot_and_reroll_a_miss_for_a_benny(self):
        """"Вхожу в комнату, стреляю в противника, если промахнулся - трачу фишку на
        переброс" (§2.20): Rourke walks into the building at 6,4 (an action, §2.2) where Ruiz
        is, shoots him: his melee Defence 5 in the same cell (§2.7), -2 for the second action
        (§2.4) and the building's +4 cover (§2.5)."""
        state = start(sides__mercs__squads__alpha__fighters__m1__cell=[5, 4],
                      sides__junta__squads__patrol__fighters__j2__cell=[6, 4])
        state, effects = play(state, declare("benny_orders", "m1", {"reroll_on_miss": True}),
                              declare("move", "m1", {"to": "6,4"}),
                              declare("shoot", "m1", {"target": "j2"}))
        said = data(effects, "attack_declared")
        assert (said["modifier"], said["defence"]) == (-6, 5)
        state, effects = play(state, dice({"attack.trait": [3], "attack.wild": [4]}))
        assert kinds(effects) == ["missed", "benny_reroll"]
        assert fighter(state, "m1").bennies == 1
        assert isinstance(SYSTEM.pending(state), DiceNeeded)
        state, effects = play(state, dice({"attack.trait": [11], "attack.wild": [1]}))
        assert kinds(effects) == ["hit"]

    def test_a_rerolled_miss_is_not_rerolled_again(self):
        state, _ = play(start(), declare("benny_orders", "m1", {"reroll_on_miss": True}),
                        declare("shoot", "m1", {"target": "j2"}),
                        dice({"attack.trait": [1], "attack.wild": [3]}))
        state, effects = play(state, dice({"attack.trait": [1], "attack.wild": [3]}))
        assert kinds(effects) == ["missed"] and fighter(state, "m1").bennies == 1

    def test_without_the_order_a_miss_stands(self):
        state, effects = play(start(), declare("shoot", "m1", {"target": "j2"}),
                              dice({"attack.trait": [1], "attack.wild": [3]}))
        assert kinds(effects)[-1] == "missed" and fighter(state, "m1").bennies == 2

    def test_worked_example_9_shaken_on_the_way_and_a_benny_to_recover(self):
        """"Если при подходе к противнику меня атакуют и вгонят в шок - трачу фишку на выход
        из шока" (§2.20): Moreno runs at the mercenaries through 4,2, which Rourke holds; the
        held shot Shakes him, he spends his benny at once and goes on, free to shoot."""
        state = start(sides__junta__squads__patrol__fighters__j1__bennies=1)
        state, _ = play(state, declare("hold", "m1", {"cell": "4,2"}), declare("end_turn"),
                        declare("benny_orders", "j1", {"unshake_when_shaken": True}))
        state, effects = play(state, declare("run", "j1", {"to": "3,2"}),
                              dice({"attack.trait": [6], "attack.wild": [1]}),
                              # 4 + 3 = 7 against Toughness 6, Armour 1 - AP 2: Shaken
                              dice({"damage.weapon": [4, 3]}))
        assert kinds(effects)[-4:] == ["damage", "shaken", "unshaken", "move_resumed"]
        moreno = fighter(state, "j1")
        assert (moreno.shaken, moreno.bennies, moreno.cell) == (False, 0, (3, 2))
        SYSTEM.validate(state, {"action": "shoot", "unit": "j1", "params": {"target": "m1"}})

    def test_an_order_needs_a_benny(self):
        state = pass_turns(start(), 1)
        command = declare("benny_orders", "j2", {"reroll_on_miss": True})
        assert "no bennies" in refusal(state, command)
        assert "нет фишек" in refusal(state, command, "ru")

    def test_an_order_is_yes_or_no(self):
        assert "yes or no" in refusal(start(), declare("benny_orders", "m1",
                                                       {"reroll_on_miss": "maybe"}))


class TestPreparedMelee:
    """Rourke prepares for melee; Moreno, a cell away, steps into his cell (§2.26)."""

    def contact(self):
        state = start(sides__junta__squads__patrol__fighters__j1__cell=[2, 2])
        state, _ = play(state, declare("prepare_melee", "m1"), declare("end_turn"))
        state, effects = play(state, declare("move", "j1", {"to": "1,2"}))
        assert kinds(effects) == ["moved", "interrupted", "contact"]
        assert {r.key for r in SYSTEM.pending(state).requests} == {
            "readied.trait", "readied.wild", "contact.trait", "contact.wild"}
        return state

    def test_a_tie_of_agility_goes_to_the_one_who_prepared(self):
        state, effects = play(self.contact(), dice({
            "readied.trait": [4], "readied.wild": [2], "contact.trait": [3],
            "contact.wild": [4]}))
        assert data(effects, "initiative")["first"] == "Sgt. Rourke"
        said = data(effects, "attack_declared")
        assert (said["fighter"], said["modifier"], said["defence"]) == ("Sgt. Rourke", 0, 5)
        state, _ = play(state, dice({"attack.trait": [1], "attack.wild": [2]}))
        assert fighter(state, "m1").actions == 0  # a reaction: not his action
        SYSTEM.validate(state, {"action": "fight", "unit": "j1", "params": {"target": "m1"}})

    def test_the_faster_mover_may_strike_first_as_his_attack(self):
        state, effects = play(self.contact(), dice({
            "readied.trait": [2], "readied.wild": [1], "contact.trait": [5],
            "contact.wild": [1]}))
        assert data(effects, "initiative")["first"] == "Lt. Moreno"
        assert SYSTEM.pending(state).key == "strike_first"
        state, effects = play(state, decide("strike_first", "strike"))
        assert data(effects, "attack_declared")["fighter"] == "Lt. Moreno"
        state, effects = play(state, dice({"attack.trait": [1], "attack.wild": [2]}))
        assert data(effects, "attack_declared")["fighter"] == "Sgt. Rourke"
        assert fighter(state, "j1").attacked

    def test_a_mover_who_does_not_strike_first_is_struck(self):
        state, _ = play(self.contact(), dice({
            "readied.trait": [2], "readied.wild": [1], "contact.trait": [5],
            "contact.wild": [1]}))
        state, effects = play(state, decide("strike_first", "wait"))
        assert data(effects, "attack_declared")["fighter"] == "Sgt. Rourke"
        assert not fighter(state, "j1").attacked

    def test_preparing_takes_the_whole_turn(self):
        state, _ = play(start(), declare("prepare_melee", "m1"))
        assert "spends the whole turn aiming" in refusal(state, declare("move", "m1", {"to": "2,2"}))

    def test_only_one_who_did_nothing_prepares(self):
        state, _ = play(start(), declare("go_prone", "m1"))
        command = declare("prepare_melee", "m1")
        assert "only one who did nothing" in refusal(state, command)
        assert "ничего не делал" in refusal(state, command, "ru")


def test_a_state_stored_before_readiness_and_orders_still_loads():
    new = ("aimed_at", "aimed_turn", "hold_cell", "held_turn", "reroll_on_miss",
           "unshake_when_shaken", "ready_melee_turn", "hold_line")
    stored = SYSTEM.state_to_json(start())
    for f in stored["fighters"]:
        for key in new:
            del f[key]
    del stored["options"]["reaction_half"]
    assert SYSTEM.state_from_json(stored) == start()
