"""The morale test procedure (digest §2.12, §3.4): threat, one or two grades, Routing, the
ceiling, and squads that take no test."""

import pytest

from rules.steelwar.actions import morale_test
from rules.steelwar.actions.procedure import done, then
from tests.rules.steelwar.fold_support import Table, keno_partisans, setup, squad


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def queue_test(t: Table, squad_id: str, *triggers: str, **ctx):
    """Start a morale test the way fire or melee does: as a follow-up procedure."""
    i = t.state.index[squad_id]
    step = done(t.state, (), [then(morale_test.NAME, i, morale_test.Context(triggers, **ctx))])
    t.state = step.state
    t.effects.extend(step.effects)


def last(t: Table, kind: str):
    return [e for e in t.effects if e.kind == kind][-1]


def wound(t: Table, squad_id: str, *figure_ids: str):
    i = t.state.index[squad_id]
    sq = t.state.squads[i]
    for fid in figure_ids:
        n = sq.figure_index(fid)
        sq = sq.with_figure(n, sq.figures[n]._replace(status="wounded_unchecked"))
    t.state = t.state.with_squad(i, sq)


@pytest.mark.parametrize(("motivation", "threat"), [("low", 2 + 2), ("medium", 1 + 0)])
def test_unchecked_casualties_add_their_plus_by_motivation(motivation, threat):
    t = Table(setup(keno_motivation=motivation))
    wound(t, "keno.1", "1", "2")
    queue_test(t, "keno.1", "casualties_from_fire")
    t.roll({"morale.quality": 6})
    assert last(t, "morale_test").data["threshold"] == 1 + threat


def test_at_high_motivation_casualties_trigger_no_test_at_all():
    t = Table(setup(keno_motivation="high"))
    queue_test(t, "keno.1", "casualties_from_fire", "first_suppressed")
    assert t.kinds()[-1] == "no_morale_test"
    assert t.state.resolution is None


def test_a_caller_may_give_its_own_threat_plus_the_factors():
    t = Table(setup(keno_motivation="low"))
    wound(t, "keno.1", "1")
    queue_test(t, "keno.1", threat=3, cause="melee")
    t.roll({"morale.quality": 6})
    assert last(t, "morale_test").data["threshold"] == 1 + 3 + 1


def test_several_failed_tests_in_one_turn_drop_several_grades_down_to_routing():
    t = Table(setup())
    for expected in ("broken", "routing", "routing"):  # steady - 2 = broken
        queue_test(t, "keno.1", "commander_lost")
        t.roll({"morale.quality": 1})  # 2 x 1 <= 1 + 3: two grades at once
        assert t.squad("keno.1").morale == expected
    assert t.squad("keno.1").presence == "on_table"  # drops stop at Routing by default


def test_a_drop_past_routing_surrenders_under_the_house_rule():
    t = Table(setup(options={"morale_below_routing": "surrender"}))
    patch(t, "keno.1", morale="routing")
    queue_test(t, "keno.1", "commander_lost")
    t.roll({"morale.quality": 3})
    sq = t.squad("keno.1")
    assert sq.presence == "surrendered"
    assert {f.status for f in sq.figures} == {"prisoner"}


def test_a_morale_test_never_raises_morale():
    t = Table(setup(keno_fatigue="exhausted"))
    assert t.squad("keno.1").morale == "shaken"
    queue_test(t, "keno.1", "casualties_from_fire")
    t.roll({"morale.quality": 6})
    assert t.squad("keno.1").morale == "shaken" == t.squad("keno.1").starting_morale


def test_not_one_step_back_passes_without_a_die_and_the_wiped_out_take_no_test():
    t = Table(setup())
    patch(t, "keno.1", no_step_back=True)
    queue_test(t, "keno.1", "commander_lost")
    assert t.state.resolution is None
    assert last(t, "morale_test").data["automatic"] is True
    gone = squad("keno.2", "last men", "recruit", 2, [{"weapon": "rifle"}])
    t = Table(setup(keno=[keno_partisans(), gone]))
    i = t.state.index["keno.2"]
    sq = t.state.squads[i]
    t.state = t.state.with_squad(i, sq.with_figure(0, sq.figures[0]._replace(status="killed")))
    queue_test(t, "keno.2", "casualties_from_fire")
    assert t.state.resolution is None


def _face(key: str) -> int:
    """Allocation 1 (the left-most figure), power 9 against armour 3 (killed), morale 1 (a
    failed test), the new commander's d6 4 (same leadership)."""
    return {"figure": 1, "power": 9, "armour": 3, "quality": 1}.get(key.split(".")[-1], 4)


def test_two_fires_in_one_turn_mean_two_tests():
    mg = squad("steel.mg", "MG team", "elite", 2,
               [{"role": "crew", "count": 2}, {"id": "hmg", "weapon": "hmg"}])
    t = Table(setup(steel=[mg]))
    patch(t, "keno.1", ever_fired_upon=True)  # no panic test: only morale here
    t.activate("steel.mg")
    for _ in range(2):  # an emplaced tripod MG fires twice (§2.3); each time a single hit
        t.declare("fire", "steel.mg", target="keno.1", weapons=["hmg"], distance=40,
                  dice_map={"shooter.quality": [12], "shooter.support.1": [12],
                            "target.range": [2]})
        while t.state.resolution is not None:
            pending = t.pending()
            if hasattr(pending, "options"):  # the commander fell: the first successor
                t.decide(pending.key, pending.options[0].value)
                continue
            t.roll({r.key: _face(r.key) for r in pending.requests})
    assert len([e for e in t.effects if e.kind == "morale_test"]) == 2
    assert t.squad("keno.1").morale == "routing"
