"""Panic through the fold (digest §2.14)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.facts import declare
from rules.steelwar.actions import panic
from tests.rules.steelwar.fold_support import Table, keno_partisans, setup, squad


def section(quality="untrained", squad_id="steel.1", leadership=2, **extra):
    return squad(squad_id, f"{quality} squad", quality, leadership,
                 [{"id": "cmd", "role": "commander", "weapon": "rifle"},
                  {"weapon": "rifle", "count": 5}], **extra)


def power_armour(**extra):
    return squad("keno.pa", "power armour", "veteran", 2,
                 [{"id": "pa", "armour": "power_armour", "weapon": "lmg"}], **extra)


def table(*steel, options=None) -> Table:
    return Table(setup(steel=list(steel) or [section()],
                       keno=[keno_partisans(), power_armour()], options=options))


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def sight(t: Table, unit="steel.1", enemy="keno.1", **params):
    return t.declare("enemy_in_sight", unit, enemy=enemy, **params)


# --- who panics, and when ------------------------------------------------------------------------


def test_untrained_panic_when_the_first_enemy_comes_into_view():
    t = table()
    sight(t)
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.unit) == ("panic.quality", 4, "steel.1")
    assert "first comes into the squad's direct line of sight" in req.label
    assert t.squad("steel.1").seen_enemy


def test_passing_the_panic_test_makes_the_squad_immune_for_the_battle():
    t = table()
    sight(t)
    t.dice(panic__quality=3)  # more than leadership 2
    s = t.squad("steel.1")
    assert s.panic_immune and not s.panicking
    assert t.effects[-1].kind == "panic_ended"


def test_failing_panics_the_squad_and_costs_one_grade():
    t = table()
    sight(t)
    t.dice(panic__quality=2)
    s = t.squad("steel.1")
    assert s.panicking and not s.panic_immune
    assert s.morale == "shaken"  # tired: started steady
    assert "panicking" in t.kinds() and "morale_changed" in t.kinds()


def test_only_the_first_enemy_panics_untrained_troops():
    t = table()
    sight(t, dice_map={"panic.quality": 1})
    patch(t, "steel.1", panicking=False)
    fx = sight(t, enemy="keno.pa")
    assert t.state.resolution is None and "panic_test" not in [e.kind for e in fx]


def test_recruits_panic_at_their_first_sight_of_enemy_power_armour_not_of_infantry():
    t = table(section("recruit"))
    sight(t)
    assert t.state.resolution is None
    sight(t, enemy="keno.pa")
    assert t.pending_keys() == ["panic.quality"]
    assert t.squad("steel.1").seen_armour


def test_armoured_vehicles_are_declared_as_armour():
    t = table(section("recruit"))
    sight(t, armoured=True)
    assert t.pending_keys() == ["panic.quality"]


def test_regulars_veterans_and_elite_do_not_panic_at_the_sight_of_anything():
    for quality in ("regular", "veteran", "elite"):
        t = table(section(quality))
        sight(t, enemy="keno.pa")
        assert t.state.resolution is None, quality


def test_recruits_fired_upon_for_the_first_time_owe_a_panic_test():
    t = table(section("recruit"))
    i = t.state.index["steel.1"]
    (follow,) = panic.followups_after_fired_upon(t.state, i)
    assert (follow.procedure, follow.ctx.event) == ("panic_test", "first_fired_upon")
    patch(t, "steel.1", ever_fired_upon=True)
    assert panic.followups_after_fired_upon(t.state, i) == ()
    regulars = table(section("regular"))
    assert panic.followups_after_fired_upon(regulars.state, i) == ()


def test_recruits_fired_upon_take_their_panic_test_after_the_first_fire_only():
    t = Table(setup())  # Steel recruits fire at Keno partisans, recruits too
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=13,
              dice_map={"shooter.quality": 1, "shooter.support.1": 1, "target.range": 5})
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.unit) == ("panic.quality", 6, "keno.1")
    assert "fired upon for the first time" in req.label
    t.dice(panic__quality=1)  # not more than leadership 1
    assert t.squad("keno.1").panicking and t.squad("keno.1").morale == "shaken"
    t.declare("fire", "steel.1", target="keno.1", weapons=["sn"], distance=13,
              dice_map={"shooter.quality": 1, "shooter.rof": 1, "target.range": 5})
    assert t.state.resolution is None  # fired upon before: no second test


def test_regulars_charged_by_fearsome_soldiers_owe_a_panic_test():
    t = table(section("regular"))
    defender, attacker = t.state.index["steel.1"], t.state.index["keno.1"]
    assert panic.followups_after_fearsome_charge(t.state, defender, attacker) == ()
    patch(t, "keno.1", fearsome=True)
    (follow,) = panic.followups_after_fearsome_charge(t.state, defender, attacker)
    assert follow.ctx.event == "fearsome_charge"
    patch(t, "keno.1", fearsome=False, no_step_back=True)  # berserks are fearsome (§2.15)
    assert panic.followups_after_fearsome_charge(t.state, defender, attacker)
    veterans = table(section("veteran"))
    veterans.state = veterans.state.with_squad(attacker, t.state.squads[attacker])
    assert panic.followups_after_fearsome_charge(veterans.state, defender, attacker) == ()


def test_the_cumulative_house_rule_panics_untrained_troops_at_a_fearsome_charge():
    t = table(options={"panic_triggers_cumulative": True})
    patch(t, "keno.1", fearsome=True)
    assert panic.followups_after_fearsome_charge(t.state, t.state.index["steel.1"],
                                                 t.state.index["keno.1"])


def test_an_immune_squad_or_one_in_not_one_step_back_takes_no_panic_test():
    for flags in ({"panic_immune": True}, {"no_step_back": True}):
        t = table(section("recruit"))
        patch(t, "steel.1", **flags)
        sight(t, enemy="keno.pa")
        assert t.state.resolution is None, flags
        assert panic.followups_after_fired_upon(t.state, t.state.index["steel.1"]) == ()


def test_a_queued_panic_test_checks_immunity_when_it_starts():
    t = table()
    i = t.state.index["steel.1"]
    patch(t, "steel.1", panic_immune=True)
    step = panic.start(t.state, i, panic.Context("enemy_unit_first_seen"))
    assert step.state.resolution is None and step.effects[-1].kind == "no_panic_test"
    patch(t, "steel.1", no_step_back=True)
    step = panic.start(t.state, i, panic.Context(panic.PSI, psi=True))
    assert step.effects[-1].data["automatic"]


# --- panicking ---------------------------------------------------------------------------------


def panicking_table(**kw) -> Table:
    t = table(**kw)
    sight(t, dice_map={"panic.quality": 1})
    return t


def test_a_panicking_squad_can_do_nothing_but_try_to_end_the_panic():
    t = panicking_table()
    t.activate("steel.1")
    err = t.refused(declare("go_prone", "steel.1"), "action_forbidden")
    assert err.rule == "§2.14"
    t.refused(declare("reorganise", "steel.1"), "action_forbidden")


def test_the_recovery_test_takes_the_whole_activation_and_passing_ends_the_panic():
    t = panicking_table()
    t.activate("steel.1")
    t.declare("panic_recovery", "steel.1")
    assert t.state.activation.actions_used == 2
    (req,) = t.pending().requests
    assert "an attempt to end the panic" in req.label
    t.dice(panic__quality=4)
    s = t.squad("steel.1")
    assert not s.panicking and s.panic_immune


def test_each_failed_recovery_test_costs_another_grade():
    t = panicking_table()
    t.activate("steel.1")
    t.declare("panic_recovery", "steel.1", dice_map={"panic.quality": 2})
    s = t.squad("steel.1")
    assert s.panicking and s.morale == "broken"
    t.end_activation()
    t.end_turn()
    t.activate("steel.1")
    t.declare("panic_recovery", "steel.1", dice_map={"panic.quality": 1})
    assert t.squad("steel.1").morale == "routing"


def test_a_panic_test_failed_in_the_squads_own_activation_ends_its_activation():
    t = table()
    t.activate("steel.1")
    sight(t, dice_map={"panic.quality": 1})
    assert t.state.activation.actions_used == 2
    t.refused(declare("panic_recovery", "steel.1"), "action_forbidden")


def test_the_next_activation_free_house_rule_spends_this_turns_activation_instead():
    t = panicking_table(options={"panic_outside_activation": "next_activation_free"})
    s = t.squad("steel.1")
    assert not s.panicking and t.activated("steel.1") and s.morale == "shaken"
    t.refused(declare("begin_activation", "steel.1"), "action_forbidden")
    t.end_turn()
    t.activate("steel.1")
    t.declare("go_prone", "steel.1", open=False, dice_map={"reaction.go_prone": 4})


def test_a_failed_panic_test_past_routing_surrenders_under_the_house_rule():
    t = table(options={"morale_below_routing": "surrender"})
    patch(t, "steel.1", morale="routing")
    sight(t, dice_map={"panic.quality": 1})
    assert t.squad("steel.1").presence == "surrendered"


def test_a_berserk_squad_ends_its_panic_without_a_die():
    t = panicking_table()
    patch(t, "steel.1", no_step_back=True)
    t.activate("steel.1")
    t.declare("panic_recovery", "steel.1")
    assert t.state.resolution is None and not t.squad("steel.1").panicking


# --- refusals -------------------------------------------------------------------------------------


def test_a_panic_die_outside_the_d4_is_refused():
    t = table()
    sight(t)
    t.refused({"type": "dice", "data": {"rolls": {"panic.quality": 5}}}, "die_out_of_range")
    t.refused({"type": "dice", "data": {"rolls": {"panic.quality": 0}}}, "die_out_of_range")


def test_only_a_panicking_squad_takes_the_recovery_test_and_only_as_its_whole_activation():
    t = table()
    t.activate("steel.1")
    err = t.refused(declare("panic_recovery", "steel.1"), "action_forbidden")
    assert "not panicking" in err.message
    t2 = panicking_table()
    patch(t2, "steel.1", panicking=True)
    t2.activate("steel.1")
    t2.state = t2.state._replace(activation=t2.state.activation._replace(actions_used=1))
    err = t2.refused(declare("panic_recovery", "steel.1"), "action_forbidden")
    assert "full activation" in err.message


def test_sighting_a_friend_is_refused():
    t = table(section(), section(squad_id="steel.2"))
    err = t.refused(declare("enemy_in_sight", "steel.1", {"enemy": "steel.2"}),
                    "action_forbidden")
    assert "§2.14" in err.message


# --- property: immunity is never lost --------------------------------------------------------------

events = st.lists(st.tuples(st.sampled_from(["sight", "sight_armour", "recover", "turn"]),
                            st.integers(1, 4)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(events)
def test_panic_immune_is_never_reset(script):
    t = Table(setup(steel=[section(), section("recruit", "steel.2")],
                    keno=[keno_partisans(), power_armour()]))
    immune_seen = set()
    for what, roll in script:
        for unit in ("steel.1", "steel.2"):
            if t.state.resolution is not None:
                t.dice(panic__quality=roll)
            s = t.squad(unit)
            if not s.on_table:
                continue
            if what == "sight":
                sight(t, unit)
            elif what == "sight_armour":
                sight(t, unit, enemy="keno.pa")
            elif what == "recover" and s.panicking and t.state.activation is None \
                    and not t.activated(unit):
                t.activate(unit)
                t.declare("panic_recovery", unit)
            elif what == "turn":
                if t.state.activation is not None:
                    t.end_activation()
                t.end_turn()
            if t.state.resolution is not None:
                t.dice(panic__quality=roll)
            if t.state.activation is not None and t.state.resolution is None:
                t.end_activation()
        for unit in ("steel.1", "steel.2"):
            if t.squad(unit).panic_immune:
                immune_seen.add(unit)
            assert (unit in immune_seen) == t.squad(unit).panic_immune
