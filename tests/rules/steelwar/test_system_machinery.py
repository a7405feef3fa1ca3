"""The Steel War fold's machinery: declare -> dice -> effects, and every refusal leaves the
state unchanged (chapter 1 of the engine)."""

import json

import pytest

from rules.core.errors import RuleError
from rules.core.facts import decide, declare, dice
from rules.core.system import AwaitingCommand, DiceNeeded, RuleSystem
from tests.rules.steelwar.fold_support import SYSTEM, Table, keno_partisans, setup


def suppressed_partisans(markers: int = 1) -> Table:
    t = Table(setup())
    t.state = t.state.with_squad(1, t.squad("keno.1")._replace(suppression=markers))
    return t


def test_steelwar_is_a_registered_rule_system():
    assert isinstance(SYSTEM, RuleSystem)
    assert (SYSTEM.id, SYSTEM.version) == ("steelwar", "1.0")


def test_a_fresh_battle_awaits_a_command_and_round_trips_through_json():
    t = Table(setup())
    assert isinstance(t.pending(), AwaitingCommand)
    data = SYSTEM.state_to_json(t.state)
    assert SYSTEM.state_from_json(json.loads(json.dumps(data))) == t.state


def test_json_and_summary_of_shared_squads_are_fresh_copies():
    """The JSON of figures and the summary of squads are kept by identity (states share
    unchanged squads); what a caller gets is its own, and a changed squad is worked out."""
    from rules.core.summary import summarize

    t = Table(setup())
    t.state = t.state.with_squad(0, t.state.squads[0]._replace(chain=("bn1",)))
    for _ in range(2):  # the second time from what was kept
        data = SYSTEM.state_to_json(t.state)
        data["squads"][0]["figures"][0]["status"] = "scribbled"
        data["squads"][0]["chain"].append("scribbled")
        data["squads"][0]["morale"] = "scribbled"
        summarize(SYSTEM, t.state).units[0].status["statuses"]["scribbled"] = 1
    data = SYSTEM.state_to_json(t.state)
    assert SYSTEM.state_from_json(data) == t.state
    assert data["squads"][0]["figures"][0].get("status") is None
    assert data["squads"][0]["chain"] == ["bn1"]
    assert "scribbled" not in summarize(SYSTEM, t.state).units[0].status["statuses"]

    figure = t.state.squads[0].figures[0]._replace(status="killed")
    squad = t.state.squads[0]._replace(figures=(figure, *t.state.squads[0].figures[1:]))
    changed = t.state.with_squad(0, squad)
    assert SYSTEM.state_to_json(changed)["squads"][0]["figures"][0]["status"] == "killed"
    assert [f.outcome for f in summarize(SYSTEM, changed).figures] == ["killed"]
    assert SYSTEM.state_from_json(SYSTEM.state_to_json(changed)) == changed


def test_the_squads_activated_this_turn_are_written_on_each_squad_as_before():
    """``BattleState.activated`` holds the turn's activated squads; the JSON keeps the format
    stored snapshots have: ``"activated": true`` on the squad, read back onto the battle."""
    t = Table(setup())
    t.activate("steel.1")
    data = SYSTEM.state_to_json(t.state)
    assert [s.get("activated", False) for s in data["squads"]] == [True, False]
    assert SYSTEM.state_from_json(json.loads(json.dumps(data))) == t.state
    assert SYSTEM.state_from_json(data).activated == {0}
    t.end_activation()
    t.end_turn()  # the squad's JSON is kept by identity: what was written for it stays its own
    data = SYSTEM.state_to_json(t.state)
    assert all("activated" not in s for s in data["squads"])
    assert SYSTEM.state_from_json(data).activated == frozenset()


def test_who_fired_at_whom_is_written_on_each_target_as_before():
    """``BattleState.fired_upon`` (this turn's shots, §2.12) is written as each target's
    ``fired_at_by`` and read back equal, whatever order the shots came in."""
    t = Table(setup())
    state = t.state._replace(fired_upon=t.state.fired_upon_with("steel.1", "keno.1"))
    state = state._replace(fired_upon=state.fired_upon_with("keno.1", "steel.1"))
    assert state.fired_upon_with("keno.1", "steel.1") == state.fired_upon  # once a turn
    assert state.has_fired_at("keno.1", "steel.1") and not state.has_fired_at("keno.1", "keno.1")
    data = SYSTEM.state_to_json(state)
    assert [s.get("fired_at_by") for s in data["squads"]] == [["keno.1"], ["steel.1"]]
    assert SYSTEM.state_from_json(json.loads(json.dumps(data))) == state
    t.state = state
    t.end_turn()
    assert t.state.fired_upon == ()
    assert all("fired_at_by" not in s for s in SYSTEM.state_to_json(t.state)["squads"])


def test_who_fired_at_whom_stays_in_squad_order_with_each_targets_shooters_as_they_fired():
    """A new shot's pair goes after the pairs of every target up to its own (§2.12's record,
    written per target in squad order)."""
    steel2 = dict(keno_partisans(), id="steel.2", name="2nd squad")
    keno2 = dict(keno_partisans(), id="keno.2", name="2nd partisans")
    steel1 = dict(keno_partisans(), id="steel.1", name="1st squad")
    state = Table(setup(steel=[steel1, steel2],
                        keno=[keno_partisans(), keno2])).state
    for shooter, target in (("keno.2", "steel.2"), ("keno.1", "steel.1"), ("steel.1", "keno.2"),
                            ("keno.1", "steel.2"), ("steel.2", "keno.1"),
                            ("steel.1", "keno.1")):
        state = state._replace(fired_upon=state.fired_upon_with(shooter, target))
    assert state.fired_upon == ((0, "keno.1"), (1, "keno.2"), (1, "keno.1"), (2, "steel.2"),
                                (2, "steel.1"), (3, "steel.1"))
    data = SYSTEM.state_to_json(state)
    assert [s.get("fired_at_by") for s in data["squads"]] == [
        ["keno.1"], ["keno.2", "keno.1"], ["steel.2", "steel.1"], ["steel.1"]]
    assert SYSTEM.state_from_json(json.loads(json.dumps(data))) == state


def test_the_activated_squad_is_named_in_the_pending_command():
    t = Table(setup())
    t.activate("keno.1")
    assert t.pending().units == ("keno.1",)


def test_a_declaration_asks_for_named_dice_and_the_dice_finish_it():
    t = suppressed_partisans()
    t.activate("keno.1")
    t.declare("remove_suppression", "keno.1")
    pending = t.pending()
    assert isinstance(pending, DiceNeeded)
    (req,) = pending.requests
    assert (req.key, req.sides, req.unit) == ("command.quality", 6, "keno.1")
    assert "quality die d6" in req.label
    t.dice(command__quality=2)
    assert isinstance(t.pending(), AwaitingCommand)
    assert t.squad("keno.1").suppression == 0


@pytest.mark.parametrize(
    ("rolls", "code"),
    [
        ({"command.quality": [7]}, "die_out_of_range"),
        ({"command.quality": [0]}, "die_out_of_range"),
        ({"command.quality": {"sides": 8, "values": [3]}}, "wrong_die"),
        ({"command.quality": [1, 2]}, "wrong_die"),
        ({"morale.quality": [3]}, "wrong_die"),
    ],
)
def test_bad_dice_are_refused_and_the_state_is_unchanged(rolls, code):
    t = suppressed_partisans()
    t.activate("keno.1")
    t.declare("remove_suppression", "keno.1")
    t.refused(dice(rolls), code)


def test_a_declaration_while_dice_are_pending_is_refused():
    t = suppressed_partisans()
    t.activate("keno.1")
    t.declare("remove_suppression", "keno.1")
    err = t.refused(declare("remove_suppression", "keno.1"), "dice_pending")
    assert "quality die d6" in err.message
    with pytest.raises(RuleError) as exc:
        SYSTEM.validate(t.state, {"action": "end_activation"})
    assert exc.value.code == "dice_pending"


def test_dice_or_decisions_when_nothing_is_pending_are_refused():
    t = Table(setup())
    t.refused(dice({"command.quality": [3]}), "nothing_pending")
    t.refused(decide("sniper.victim", "cmd"), "nothing_pending")


def test_an_action_the_state_forbids_is_refused_naming_the_rule():
    t = Table(setup())
    t.activate("keno.1")
    err = t.refused(declare("remove_suppression", "keno.1"), "action_forbidden")
    assert err.rule == "§2.7" and "(§2.7)" in err.message


def test_an_action_of_a_squad_that_is_not_activated_is_refused():
    t = suppressed_partisans()
    t.refused(declare("remove_suppression", "keno.1"), "action_forbidden")
    t.activate("steel.1")
    t.refused(declare("remove_suppression", "keno.1"), "action_forbidden")


def test_unknown_and_unimplemented_actions_say_so():
    t = Table(setup())
    assert t.refused(declare("dance", "keno.1"), "bad_command").field == "action"
    err = t.refused(declare("observe", "keno.1"), "not_implemented")
    assert "§0" in err.message and "not implemented yet" in err.message
    t.refused(declare("begin_activation", "nobody"), "bad_command")


def test_activations_one_at_a_time_once_a_turn():
    t = Table(setup())
    t.activate("keno.1")
    t.refused(declare("begin_activation", "steel.1"), "action_forbidden")
    t.refused(declare("end_turn"), "action_forbidden")
    t.end_activation()
    t.refused(declare("begin_activation", "keno.1"), "action_forbidden")
    t.refused(declare("end_activation"), "action_forbidden")
    t.end_turn()
    assert t.state.turn == 2
    t.activate("keno.1")


def test_two_actions_per_activation():
    t = suppressed_partisans(3)
    t.activate("keno.1")
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [1]})
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [1]})
    err = t.refused(declare("remove_suppression", "keno.1"), "action_forbidden")
    assert "§1" in err.message


def test_a_declaration_may_carry_its_dice_and_leftovers_are_refused():
    t = suppressed_partisans()
    t.activate("keno.1")
    t.refused(declare("remove_suppression", "keno.1", dice={"command.quality": [2],
                                                             "target.range": [1]}), "wrong_die")
    t.refused(declare("remove_suppression", "keno.1", dice={"command.quality": [9]}),
              "die_out_of_range")
    t.declare("remove_suppression", "keno.1", dice_map={"command.quality": [2]})
    assert t.squad("keno.1").suppression == 0


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s["sides"][0]["squads"][0].update(quality="conscript"),
         "sides.0.squads.0.quality"),
        (lambda s: s["sides"][0]["squads"][0].update(quality="к²"), "sides.0.squads.0.quality"),
        (lambda s: s["sides"][0]["squads"][0].update(leadership=4), "sides.0.squads.0.leadership"),
        (lambda s: s["sides"][1].update(motivation="fanatic"), "sides.1.motivation"),
        (lambda s: s["sides"][1].update(fatigue="sleepy"), "sides.1.fatigue"),
        (lambda s: s["sides"][0]["squads"][0]["figures"][0].update(weapon="laser"),
         "sides.0.squads.0.figures.0.weapon"),
        (lambda s: s["sides"][0]["squads"][0]["figures"][0].update(armour="plate"),
         "sides.0.squads.0.figures.0.armour"),
        (lambda s: s["sides"][0]["squads"][0].update(colour="red"), "sides.0.squads.0.colour"),
        (lambda s: s.update(options={"killed_threshold": "twice"}), "options"),
        (lambda s: s["sides"][1]["squads"].append(keno_partisans()), "sides"),
        (lambda s: s["sides"][0]["squads"][0]["figures"].append({"weapon": "hmg",
                                                                 "kind": "human"}),
         "sides.0.squads.0.figures.4.kind"),
    ],
)
def test_bad_setup_is_refused_with_the_field_named(change, field):
    s = setup()
    change(s)
    with pytest.raises(RuleError) as exc:
        SYSTEM.initial_state(s)
    assert exc.value.code == "bad_setup"
    assert exc.value.field == field


@pytest.mark.parametrize("quality", ["d8", "к8", "К8", 8, "regular"])
def test_a_quality_die_is_read_as_english_or_the_rulebooks_russian_writes_it(quality):
    """§2.0: a grade or its die; the Russian pages write it «к8», so a setup may too."""
    s = setup()
    s["sides"][0]["squads"][0]["quality"] = quality
    assert Table(s).squad("steel.1").quality == 8


def test_starting_morale_comes_from_fatigue_and_options_from_the_setup():
    t = Table(setup(steel_fatigue="fresh", keno_fatigue="exhausted",
                    options={"killed_threshold": "more_than_3x"}))
    assert t.squad("steel.1").morale == "confident"
    assert t.squad("keno.1").starting_morale == "shaken"
    assert t.state.options.killed_threshold == "more_than_3x"
    assert SYSTEM.state_to_json(t.state)["options"] == {"killed_threshold": "more_than_3x"}


def test_two_versions_coexist_and_replay_the_same_facts_differently():
    from rules.core import registry
    from rules.core.system import replay
    from rules.steelwar.system import SteelWar

    later = SteelWar("1.1-test", defaults={"killed_threshold": "more_than_3x"})
    registry.register(later)
    try:
        assert registry.get("steelwar", "1.0") is SYSTEM
        assert registry.get("steelwar", "1.1-test") is later
        s = setup(keno=[keno_partisans(cover="light", prone=True)])  # range die d10: one hit
        facts = [
            declare("begin_activation", "steel.1"),
            declare("fire", "steel.1", {"target": "keno.1", "weapons": ["mg"], "distance": 10},
                    dice={"shooter.quality": [3], "shooter.support.1": [6], "target.range": [2],
                          "hit.1.figure": [1], "hit.1.power": [9], "hit.1.armour": [3]}),
        ]
        old, new = replay(SYSTEM, s, facts), replay(later, s, facts)
        assert old.state.squads[1].figures[0].status == "killed"  # 9 >= 3 x 3
        assert new.state.squads[1].figures[0].status == "wounded_unchecked"  # 9 is not > 9
        assert later.state_to_json(new.state)["options"] == {"killed_threshold": "more_than_3x"}
    finally:
        registry.unregister("steelwar", "1.1-test")


def test_dice_while_a_decision_is_pending_and_bad_choices_are_refused():
    t = Table(setup(keno=[keno_partisans(cover="light", prone=True)]))
    t.activate("steel.1")
    t.declare("fire", "steel.1", dice_map={
        "shooter.quality": [3], "shooter.support.1": [6], "target.range": [2],
        "hit.1.figure": [4], "hit.1.power": [9], "hit.1.armour": [3]},
        target="keno.1", weapons=["mg"], distance=10)
    assert t.pending().key == "commander.successor"
    t.refused(dice({"commander.replacement": [4]}), "decision_pending")
    t.refused(declare("end_activation"), "decision_pending")
    t.refused(decide("commander.successor", "cmd"), "bad_decision")  # the fallen commander
    t.refused(decide("sniper.victim", "5"), "bad_decision")
    t.decide("commander.successor", "5")
    assert t.pending_keys() == ["commander.replacement"]
