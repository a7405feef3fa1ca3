"""Automatic, suppressive, area and lobbed fire played through the rulebook (§2.15, §2.16,
§2.21-§2.25; worked examples 13-15 and the derived vectors of digest §4)."""

import copy

import pytest

from rules.core import registry
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DiceNeeded
from rules.mercenaries import play_fire
from rules.mercenaries.examples import VILLAGE
from tests.rules.mercenaries.playing import fighter, kinds, play, refused, russian

SYSTEM = registry.get("mercenaries")
TERMS = SYSTEM.terms

RIFLE = {"name": "assault rifle", "damage": [2, 8, 0], "ap": 2, "range": [6, 12, 24], "rof": 3}
MG = {"name": "machine gun", "damage": [2, 8, 1], "ap": 2, "range": [8, 16, 32], "rof": 4,
      "sustained": True}
MORTAR = {"name": "light mortar", "damage": [3, 6, 0], "range": [6, 12, 24], "area": [2, 2],
          "indirect": True}
GRENADES = {"count": 2, "profile": {"name": "frag grenade", "damage": [3, 6, 0],
                                    "range": [2, 4, 8]}}


def man(kind, cell, **extra):
    traits = {"agility": 6, "spirit": 6, "strength": 6, "vigor": 6, "fighting": 6,
              "shooting": 8, "base_skill": 6, "notice": 6}
    if kind == "extra":
        del traits["spirit"]
    out = {"kind": kind, "cell": list(cell), "traits": traits, "toughness": 5, "armour": 1,
           "parry": 5, "weapon": RIFLE, "bennies": 0 if kind == "extra" else 2}
    out.update(extra)
    return out


def battle(mine, theirs, cells=(), **options):
    """A 12 x 8 open field in daylight: ``mine`` act first against ``theirs``."""
    return SYSTEM.initial_state({
        "map": {"width": 12, "height": 8, "cells": [dict(c) for c in cells]},
        "first_side": "a", "options": options,
        "sides": {
            "a": {"name": "Mercenaries", "squads": {"s": {"name": "Alpha", "fighters": mine}}},
            "b": {"name": "Junta", "squads": {"t": {"name": "Patrol", "fighters": theirs}}},
        }})


# --- automatic fire (§2.15) -----------------------------------------------------------------


class TestAutomaticFire:
    def setup_method(self):
        self.state = battle({"w": man("wild_card", (0, 0), name="Rourke")},
                            {"x": man("extra", (3, 0), name="Ruiz"),
                             "y": man("extra", (3, 1), name="Vega"),
                             "z": man("extra", (0, 5), name="Soto")})

    def test_rof_dice_and_one_wild_die_for_the_whole_roll(self):
        state, effects = play(self.state, declare("auto_fire", "w", {"targets": ["x", "y"]}))
        requests = {r.key: r for r in SYSTEM.pending(state).requests}
        assert (requests["auto.trait"].count, requests["auto.trait"].sides) == (3, 8)
        assert requests["auto.wild"].count == 1
        assert fighter(state, "w").attacked

    def test_each_die_is_minus_2_and_the_dice_go_to_the_targets_in_turn(self):
        state, _ = play(self.state, declare("auto_fire", "w", {"targets": ["x", "y"]}))
        shots = [play_fire.Shot(*s) for s in state.resolution.ctx.shots]
        assert [state.fighters[s.target].id for s in shots] == ["x", "y", "x"]
        assert {s.modifier for s in shots} == {-2}  # short range, open ground, daylight

    def test_rock_and_roll_takes_the_penalty_away(self):
        state = battle({"w": man("wild_card", (0, 0), rock_and_roll=True)},
                       {"x": man("extra", (3, 0))})
        state, _ = play(state, declare("auto_fire", "w", {"targets": ["x"]}))
        assert {s[1] for s in state.resolution.ctx.shots} == {0}

    def test_targets_outside_a_45_degree_sector_are_refused(self):
        error = refused(self.state, "auto_fire", "w", {"targets": ["x", "z"]})
        assert "45" in str(error)
        assert play_fire.in_sector((0, 0), [(3, 0), (3, 1)])
        assert not play_fire.in_sector((0, 0), [(3, 0), (0, 5)])

    def test_a_single_shot_weapon_more_targets_than_dice_and_friends_are_refused(self):
        single = battle({"w": man("wild_card", (0, 0), weapon={**RIFLE, "rof": 1})},
                        {"x": man("extra", (3, 0))})
        assert "rate of fire" in str(refused(single, "auto_fire", "w", {"targets": ["x"]}))
        refused(self.state, "auto_fire", "w", {"targets": ["x", "y", "x", "y"]})
        refused(self.state, "auto_fire", "w", {"targets": ["w"]})
        refused(self.state, "auto_fire", "w", {"targets": "x"})

    def test_a_3_stops_a_rifles_burst_the_later_dice_ignored(self):
        state, effects = play(self.state, declare("auto_fire", "w", {"targets": ["x"]}),
                              dice({"auto.trait": [3, 7, 7], "auto.wild": [1]}))
        assert kinds(effects)[1:] == ["missed", "burst_reload"]
        assert effects[-1].data == {"fighter": "Rourke", "die": 1, "ignored": 2}
        assert fighter(state, "w").needs_reload

    def test_a_machine_gun_reloads_on_a_2_only(self):
        state = battle({"w": man("wild_card", (0, 0), weapon=MG)}, {"x": man("extra", (3, 0))})
        _, effects = play(state, declare("auto_fire", "w", {"targets": ["x"]}),
                          dice({"auto.trait": [3, 1, 3, 2], "auto.wild": [1]}))
        assert kinds(effects).count("missed") == 4 and "burst_reload" in kinds(effects)

    def test_the_wild_die_turns_the_first_miss_into_a_hit_and_each_hit_rolls_damage(self):
        state, effects = play(self.state, declare("auto_fire", "w", {"targets": ["x", "y"]}),
                              dice({"auto.trait": [1, 6, 4], "auto.wild": [7]}))
        hits = [e for e in effects if e.kind == "hit"]
        assert [(e.data["target"], e.data["wild"]) for e in hits] == [
            ("Ruiz", True), ("Vega", False)]
        assert "the Wild Die" in hits[0].text and "Дикой костью" in russian(hits)[0]
        pending = SYSTEM.pending(state)
        assert isinstance(pending, DiceNeeded) and pending.procedure == "attack"
        state, effects = play(state, dice({"damage.weapon": [7, 7]}))
        assert "out_of_action" in kinds(effects)  # 14 against Toughness 5 + Armour 0 (AP 2)
        assert isinstance(SYSTEM.pending(state), DiceNeeded)  # Vega's damage next
        state, effects = play(state, dice({"damage.weapon": [1, 1]}))
        assert kinds(effects) == ["damage", "unharmed"]
        assert isinstance(SYSTEM.pending(state), AwaitingCommand)

    def test_a_natural_1_fails_an_extras_die_not_a_wild_cards(self):
        """§2.14: only an Extra's natural 1 always fails; a Wild Card's burst die of 1 is a 1."""
        for kind, outcome in (("wild_card", "hit"), ("extra", "missed")):
            state = battle({"w": man(kind, (0, 0), rock_and_roll=True)},
                           {"x": man("extra", (3, 0), defence=1)})
            rolls = {"auto.trait": [1, 4, 4]}
            if kind == "wild_card":
                rolls["auto.wild"] = [1]
            _, effects = play(state, declare("auto_fire", "w", {"targets": ["x"]}), dice(rolls))
            assert kinds(effects)[1] == outcome, kind

    def test_the_odds_count_hits_and_sum_to_one(self):
        odds = SYSTEM.odds(self.state, {"action": "auto_fire", "unit": "w",
                                        "params": {"targets": ["x"]}})
        assert sum(odds.values()) == 1 and set(odds) == {0, 1, 2, 3}

    def test_a_gun_is_refused_for_a_plain_or_automatic_shot(self):
        gun = battle({"w": man("wild_card", (0, 0), weapon={**MORTAR, "rate": [1, 2]})},
                     {"x": man("extra", (3, 0))})
        assert "§2.24" in str(refused(gun, "shoot", "w", {"target": "x"}))


# --- suppressive fire (§2.16) --------------------------------------------------------------


class TestSuppressiveFire:
    def setup_method(self):
        self.state = battle({"w": man("wild_card", (0, 0), name="Rourke"),
                             "f": man("extra", (3, 0), name="Diaz")},
                            {"x": man("extra", (3, 0), name="Ruiz"),
                             "y": man("wild_card", (4, 1), name="Moreno")},
                            cells=[{"cell": [3, 0], "cover": 2}])
        i, ruiz = self.state.fighter("x")
        self.state = self.state.with_fighter(i, ruiz._replace(prone=True))

    def test_cells_must_touch_and_number_the_rate_of_fire(self):
        assert "touch" in str(refused(self.state, "suppressive_fire", "w",
                                      {"cells": ["3,0", "5,0", "3,0"]}))
        refused(self.state, "suppressive_fire", "w", {"cells": ["3,0", "4,1"]})
        refused(self.state, "suppressive_fire", "w", {"cells": ["3,0", "4,1", "99,0"]})

    def test_a_wrong_count_of_cells_is_refused_naming_the_field(self):
        for cells in (["3,0", "3,0"], ["3,0"] * 4):
            error = refused(self.state, "suppressive_fire", "w", {"cells": cells},
                            match=f"makes 3 rolls, one cell each; {len(cells)} cells")
            assert error.field == "params.cells" and error.rule == "§2.16"
        assert refused(self.state, "suppressive_fire", "w",
                       {"cells": ["3,0", "5,0", "3,0"]}).field == "params.cells"

    def test_the_catalogue_asks_a_cell_for_each_die_and_repeats_are_legal(self):
        spec = next(s for s in SYSTEM.commands(self.state)
                    if (s.action, s.unit) == ("suppressive_fire", "w"))
        cells = spec.param("cells")
        assert (cells.count, cells.multiple) == (3, False)  # the rifle's rate of fire
        assert list(cells.default) == ["3,0"] * 3  # the nearest enemy's cell at every die
        assert {"3,0", "4,1"} <= set(cells.values())
        SYSTEM.validate(self.state, spec.command(cells=["3,0", "3,0", "4,1"]))
        for language in ("en", "ru"):
            assert all(TERMS.labelled("parameter", f"cells.{n}", language) for n in (1, 2, 3))
        assert TERMS.label("parameter", "cells.2", "en") == "cell of the 2nd roll"
        assert TERMS.label("parameter", "cells.2", "ru") == "клетка 2\u2011го броска"

    def test_everyone_in_a_struck_cell_friend_or_foe_checks_once(self):
        state, effects = play(self.state, declare("suppressive_fire", "w",
                                                  {"cells": ["3,0", "3,0", "4,1"]}),
                              dice({"suppress.trait": [9, 5, 1], "suppress.wild": [1]}))
        assert kinds(effects)[1:] == ["suppress_success", "suppress_success", "suppress_miss"]
        checks = [f.unit for f in (state.resolution,) + state.queue]
        assert [state.fighters[u].id for u in checks] == ["f", "x"]  # not Moreno's cell
        ctx = state.resolution.ctx  # two successes, one raise (9 against 4)
        assert (ctx.successes, ctx.raises) == (2, 1)

    def test_the_check_penalty_prone_and_cover_and_its_three_outcomes(self):
        state, _ = play(self.state, declare("suppressive_fire", "w",
                                            {"cells": ["3,0", "3,0", "4,1"]}),
                        dice({"suppress.trait": [9, 5, 1], "suppress.wild": [1]}))
        # Diaz standing: -2 (one more success, one raise) +2 cover; Ruiz prone: +2 more
        state, effects = play(state, dice({"suppression.trait": [3]}),
                              dice({"suppression.trait": [2]}))
        assert kinds(effects) == ["suppression_shaken", "suppression_held"]
        assert [e.data["roll"] for e in effects] == ["3+0 = 3", "2+2 = 4"]
        assert fighter(state, "f").shaken and not fighter(state, "x").shaken
        assert russian(effects)[0] == "Diaz не выдерживает огня и в шоке (3+0 = 3)"

    def test_a_natural_1_wounds(self):
        state, _ = play(self.state, declare("suppressive_fire", "w",
                                            {"cells": ["3,0", "3,0", "3,0"]}),
                        dice({"suppress.trait": [5, 1, 1], "suppress.wild": [1]}))
        state, effects = play(state, dice({"suppression.trait": [1]}))
        assert kinds(effects) == ["suppression_wounded", "out_of_action"]
        assert fighter(state, "f").condition == "out_of_action"

    def test_the_readings_of_cover_and_of_the_automatic_fire_penalty(self):
        state = battle({"w": man("wild_card", (0, 0))},
                       {"x": man("extra", (3, 0))}, cells=[{"cell": [3, 0], "cover": 4}],
                       suppression_cover="plus_two", suppressive_auto_penalty=True)
        state, _ = play(state, declare("suppressive_fire", "w", {"cells": ["3,0"] * 3}))
        assert state.resolution.ctx.modifiers == (-2, -2, -2)
        state, _ = play(state, dice({"suppress.trait": [7, 1, 1], "suppress.wild": [1]}))
        _, effects = play(state, dice({"suppression.trait": [1]}))
        assert effects[0].kind == "suppression_wounded"  # a natural 1 whatever the bonus
        state, _ = play(battle({"w": man("wild_card", (0, 0))}, {"x": man("extra", (3, 0))},
                               cells=[{"cell": [3, 0], "cover": 4}],
                               suppression_cover="plus_two"),
                        declare("suppressive_fire", "w", {"cells": ["3,0"] * 3}),
                        dice({"suppress.trait": [4, 1, 1], "suppress.wild": [1]}))
        _, effects = play(state, dice({"suppression.trait": [2]}))
        assert effects[0].data["roll"] == "2+2 = 4"  # +2 for cover, not the cell's +4


# --- area and lobbed attacks (§2.21-§2.25) -------------------------------------------------


class TestAreaAttacks:
    def mortar(self, **options):
        return battle({"m": man("wild_card", (0, 4), name="Lind", weapon=MORTAR)},
                      {"a": man("extra", (5, 4), name="Ruiz"),
                       "b": man("extra", (6, 4), name="Vega"),
                       "c": man("extra", (5, 3), name="Soto"),
                       "d": man("extra", (6, 3), name="Cruz"),
                       "e": man("extra", (7, 4), name="Ibarra")},
                      cells=[{"cell": [6, 3], "cover": 2}], **options)

    def test_worked_example_13_area_template_anchoring(self):
        """A 2x2 area names only its top-left cell: the four cells below and to the right."""
        state, effects = play(self.mortar(), declare("area_attack", "m",
                                                     {"with": "weapon", "at": "5,4"}),
                              dice({"area.trait": [9], "area.wild": [1]}))
        assert effects[-1].data["how"] == "raise"  # 9 against 2: no evasion
        hit = [state.fighters[f.ctx.target].id for f in (state.resolution,) + state.queue]
        assert hit == ["a", "b", "c", "d"]
        assert state.resolution.stage == "damage"

    def test_the_difficulty_is_2_and_a_plain_success_lets_everyone_evade(self):
        state, effects = play(self.mortar(), declare("area_attack", "m",
                                                     {"with": "weapon", "at": "5,4"}),
                              dice({"area.trait": [2], "area.wild": [1]}))
        assert effects[-1].data["how"] == "on_target" and "reload" in kinds(effects)
        assert state.resolution.stage == "evade"
        state, effects = play(state, dice({"evade.trait": [4]}))
        assert kinds(effects)[0] == "evaded"
        _, effects = play(self.mortar(area_tn=4), declare("area_attack", "m",
                                                          {"with": "weapon", "at": "5,4"}),
                          dice({"area.trait": [3], "area.wild": [1]}))
        assert effects[-1].kind == "area_missed"

    def test_the_cells_cover_adds_to_armour(self):
        state, _ = play(self.mortar(), declare("area_attack", "m",
                                               {"with": "weapon", "at": "5,4"}),
                        dice({"area.trait": [9], "area.wild": [1]}),
                        *(dice({"area_damage": [1, 1, 1]}) for _ in range(3)))
        _, effects = play(state, dice({"area_damage": [2, 2, 2]}))
        assert effects[0].data["armour"] == 3  # Cruz: Armour 1 + the cell's cover +2
        assert effects[0].data["damage"] == 6 and kinds(effects)[-1] == "unharmed"

    def test_cover_also_penalises_the_roll_under_the_other_reading(self):
        args = (declare("area_attack", "m", {"with": "weapon", "at": "6,3"}),)
        _, said = play(self.mortar(), *args)
        _, also = play(self.mortar(area_cover="also"), *args)
        assert also[0].data["modifier"] == said[0].data["modifier"] - 2

    def test_worked_example_14_deviation_direction(self):
        """A miss of one cell rolls a d8: 1 is up-right."""
        state, effects = play(self.mortar(), declare("lobbed_attack", "m",
                                                     {"with": "weapon", "at": "6,3"}),
                              dice({"area.trait": [1], "area.wild": [1]}),
                              dice({"area.deviation": [1]}))
        assert SYSTEM.pending(state).requests[0].sides == 8
        state, effects = play(state, dice({"area.direction": [1]}))
        assert effects[0].data == {"weapon": "light mortar", "cell": "7,4", "how": "deviated",
                                   "roll": ""}
        assert state.fighters[state.resolution.ctx.target].id == "e"

    def test_a_wild_cards_snake_eyes_miss_and_go_to_the_game_master(self):
        _, effects = play(self.mortar(), declare("lobbed_attack", "m",
                                                 {"with": "weapon", "at": "5,4"}),
                          dice({"area.trait": [1], "area.wild": [1]}))
        assert kinds(effects)[1:] == ["critical_failure", "area_missed"]

    def test_worked_example_15_deviation_cap(self):
        """A d3 of 3 at short range deviates one cell; at medium two, on the d12 clock."""
        state, _ = play(self.mortar(), declare("lobbed_attack", "m",
                                               {"with": "weapon", "at": "5,4"}),
                        dice({"area.trait": [1], "area.wild": [1]}),
                        dice({"area.deviation": [3]}))
        assert state.resolution.ctx.deviation == 1
        assert SYSTEM.pending(state).requests[0].sides == 8
        far = battle({"m": man("wild_card", (0, 0), weapon=MORTAR)}, {"a": man("extra", (9, 0))})
        state, _ = play(far, declare("lobbed_attack", "m", {"with": "weapon", "at": "9,0"}),
                        dice({"area.trait": [1], "area.wild": [1]}),
                        dice({"area.deviation": [3]}))
        assert state.resolution.ctx.deviation == 2
        assert SYSTEM.pending(state).requests[0].sides == 12
        _, effects = play(state, dice({"area.direction": [12]}))
        assert effects[0].data["cell"] == "9,2"

    def test_lobbed_is_minus_2_and_an_unseen_square_minus_6(self):
        open_field = self.mortar()
        _, seen = play(open_field, declare("lobbed_attack", "m", {"with": "weapon", "at": "5,4"}))
        _, direct = play(open_field, declare("area_attack", "m", {"with": "weapon", "at": "5,4"}))
        assert seen[0].data["modifier"] == direct[0].data["modifier"] - 2
        hidden = battle({"m": man("wild_card", (0, 4), weapon=MORTAR)},
                        {"a": man("extra", (5, 4))}, cells=[{"cell": [2, 4], "cover": 4}])
        _, unseen = play(hidden, declare("lobbed_attack", "m", {"with": "weapon", "at": "5,4"}))
        assert unseen[0].data["modifier"] == direct[0].data["modifier"] - 6
        refused(hidden, "area_attack", "m", {"with": "weapon", "at": "5,4"})

    def test_a_weapon_without_the_property_is_refused(self):
        rifle = battle({"w": man("wild_card", (0, 0))}, {"x": man("extra", (3, 0))})
        assert "no area" in str(refused(rifle, "area_attack", "w", {"with": "weapon",
                                                                   "at": "3,0"}))
        assert "lobbed" in str(refused(rifle, "lobbed_attack", "w", {"with": "weapon",
                                                                    "at": "3,0"}))
        refused(rifle, "area_attack", "w", {"with": "grenade", "at": "3,0"})
        refused(rifle, "area_attack", "w", {"with": "rock", "at": "3,0"})


class TestGrenadesIntoBuildings:
    def state(self, cell):
        return battle({"g": man("extra", cell, name="Okafor", grenades=GRENADES)},
                      {"a": man("extra", (6, 4), name="Ruiz")},
                      cells=[{"cell": [6, 4], "cover": 4, "building": True}])

    def test_next_to_the_building_no_roll_and_a_grenade_is_used_up(self):
        state, effects = play(self.state((5, 4)), declare("area_attack", "g",
                                                          {"with": "grenade", "at": "6,4"}))
        assert effects[1].data["how"] == "no_roll"
        assert len(fighter(state, "g").grenades) == 1
        assert state.resolution.procedure == "area_hit"

    def test_only_range_light_actions_and_wounds_count_and_a_miss_bounces_back(self):
        state = self.state((2, 4))  # 4 cells: medium range, -2; the building's +4 not counted
        state, effects = play(state, declare("area_attack", "g",
                                             {"with": "grenade", "at": "6,4"}))
        assert effects[0].data["modifier"] == -2
        state, effects = play(state, dice({"area.trait": [3]}))
        assert SYSTEM.pending(state).requests[0].sides == 2  # up to half of 4 cells
        state, effects = play(state, dice({"area.bounce": [2]}))
        assert effects[0].data == {"weapon": "frag grenade", "cell": "4,4", "how": "bounced",
                                   "roll": ""}
        assert isinstance(SYSTEM.pending(state), AwaitingCommand)  # nobody there

    def test_the_odds_of_the_throw(self):
        odds = SYSTEM.odds(self.state((2, 4)), {"action": "area_attack", "unit": "g",
                                                "params": {"with": "grenade", "at": "6,4"}})
        assert odds["off_target"] == pytest.approx(3 / 8)  # d8 -2 below 2: 1, 2 or 3


class TestSpotterAndGunRate:
    def state(self):
        return SYSTEM.initial_state(copy.deepcopy(VILLAGE))

    SHOT = {"with": "weapon", "at": "7,5", "spotter": "g5"}

    def test_the_first_shot_at_an_unseen_square_is_minus_6_and_the_spotter_cannot_help(self):
        state, effects = play(self.state(), declare("lobbed_attack", "g3", self.SHOT))
        assert effects[0].data["modifier"] == -9  # medium -2, dusk -1, unseen -6
        assert state.resolution.stage == "roll" and state.fired_at == (("mercs", (7, 5)),)

    def test_the_gun_fires_again_after_its_rate_by_the_crew(self):
        """A 1/3 gun with two men fires every second round (§2.24)."""
        state, effects = play(self.state(), declare("lobbed_attack", "g3", self.SHOT))
        assert effects[1].data == {"weapon": "light mortar", "crew": 2, "round": 3}
        state, _ = play(state, dice({"area.trait": [1]}), dice({"area.deviation": [3]}),
                        dice({"area.direction": [12]}), declare("end_turn"), declare("end_turn"))
        assert "round 3" in str(refused(state, "lobbed_attack", "g3", self.SHOT))

    def test_later_shots_by_the_spotters_notice_and_a_confirmed_hit_registers(self):
        state, _ = play(self.state(), declare("lobbed_attack", "g3", self.SHOT),
                        dice({"area.trait": [1]}), dice({"area.deviation": [3]}),
                        dice({"area.direction": [12]}),
                        *(declare("end_turn") for _ in range(4)))
        state, effects = play(state, declare("lobbed_attack", "g3", self.SHOT),
                              dice({"spot.trait": [7]}))
        assert effects[-1].data["penalty"] == -2  # Notice 7: -6 + 4 (the derived vector)
        assert state.resolution.ctx.modifier == -5
        state, effects = play(state, dice({"area.trait": [7]}))
        assert "registered" in kinds(effects) and state.registered == (("mercs", (7, 5)),)
        assert russian([e for e in effects if e.kind == "registered"]) == [
            "Scout Halloran подтверждает попадание: клетка 7,5 пристреляна"]

    def test_a_spotter_far_from_the_square_or_an_enemy_is_refused(self):
        refused(self.state(), "lobbed_attack", "g3", {**self.SHOT, "spotter": "g1"})
        refused(self.state(), "lobbed_attack", "g3", {**self.SHOT, "spotter": "v4"})
        refused(self.state(), "area_attack", "g2", {"with": "grenade", "at": "5,3",
                                                    "spotter": "g5"})


def test_the_derived_vectors_of_artillery_and_the_spotter():
    from rules.mercenaries import indirect
    assert indirect.artillery_rate(4, 3, 4) == 2 and indirect.artillery_rate(4, 5, 4) == 1
    assert indirect.spotted_penalty(7) == -2


def test_the_catalogue_lists_the_new_actions_with_legal_defaults():
    state = SYSTEM.initial_state(copy.deepcopy(VILLAGE))
    specs = {(s.action, s.unit): s for s in SYSTEM.commands(state)}
    assert {("auto_fire", "g1"), ("suppressive_fire", "g1"), ("area_attack", "g2"),
            ("lobbed_attack", "g3")} <= set(specs)
    for spec in specs.values():
        SYSTEM.validate(state, spec.command(**{p.name: [p.choices[0].value]
                                               for p in spec.params if p.no_default}))
    assert specs["auto_fire", "g1"].param("targets").no_default  # whom to fire at: no guess
    for language in ("en", "ru"):
        for action in ("auto_fire", "suppressive_fire", "area_attack", "lobbed_attack"):
            assert TERMS.labelled("action", action, language)


def test_a_soak_decision_after_an_area_hit_goes_through_the_attack_procedure():
    state = battle({"m": man("wild_card", (0, 4), weapon=MORTAR)},
                   {"a": man("wild_card", (5, 4), name="Moreno")})
    state, _ = play(state, declare("area_attack", "m", {"with": "weapon", "at": "5,4"}),
                    dice({"area.trait": [9], "area.wild": [1]}),
                    dice({"area_damage": [5, 5, 5]}))
    assert state.resolution.decision.key == "soak"
    state, effects = play(state, decide("soak", "take"))
    assert fighter(state, "a").wounds == 2  # 15 against 5 + 1: 9 over, two wounds
