"""The inspiration (rally) test through the fold (digest §2.18; examples #21, #23, #24)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.facts import declare
from rules.steelwar.state import MORALE_GRADES
from tests.rules.steelwar.fold_support import SYSTEM, Table, keno_partisans, setup, squad

# The chain of command: 1st battalion, its 1st and 3rd companies, their platoons.
BN = ["bn1"]
COY1 = ["bn1", "coy1"]
COY3 = ["bn1", "coy3"]


def section(squad_id="steel.1", chain=("bn1", "coy1", "plt1"), quality="veteran", leadership=2,
            **extra):
    return squad(squad_id, f"section {squad_id}", quality, leadership,
                 [{"id": "cmd", "role": "commander", "weapon": "smg"},
                  {"id": "w", "weapon": "rifle"},
                  {"weapon": "rifle", "count": 6}], chain=list(chain), **extra)


def hq(squad_id, commands, quality="veteran", leadership=2, psi_die=None, **extra):
    officer = {"id": "cmd", "role": "commander", "weapon": "pistol"}
    if psi_die is not None:
        officer["psi_die"] = psi_die
    return squad(squad_id, f"{squad_id} HQ", quality, leadership,
                 [officer, {"id": "runner", "weapon": "rifle"}], commands=list(commands), **extra)


def patch(t: Table, squad_id: str, **changes):
    i = t.state.index[squad_id]
    t.state = t.state.with_squad(i, t.state.squads[i]._replace(**changes))


def wound(t: Table, squad_id: str, *figure_ids: str):
    i = t.state.index[squad_id]
    s = t.state.squads[i]
    for fid in figure_ids:
        k = s.figure_index(fid)
        s = s.with_figure(k, s.figures[k]._replace(status="wounded_unchecked"))
    t.state = t.state.with_squad(i, s)


def table(*squads, options=None, **kw) -> Table:
    return Table(setup(steel=list(squads), options=options, **kw))


def example_21(options=None) -> Table:
    """§4 #21: Steel veterans (d10), leadership 2, Broken, carrying one unchecked casualty and
    having left wounded behind; their company commander (leadership 2, d10) is near but not
    within 6" in line of sight. Medium motivation (the +0 and +2 of the example)."""
    t = table(section(wounded_left_behind=True), hq("coy1.hq", COY1), options=options)
    patch(t, "steel.1", morale="broken")
    wound(t, "steel.1", "w")
    return t


# --- §4 #21: both comms attempts and the rally ---------------------------------------------------


def test_example_21_first_comms_attempt_fails_on_the_company_commanders_d8():
    t = example_21()
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=10, radio=True)
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.unit) == ("rally.comms", 8, "coy1.hq")  # d10 -> d8
    t.dice(rally__comms=2)  # needs more than 2, the worse leadership
    comms = t.effects[-1]
    assert (comms.kind, comms.data["passed"], comms.data["threshold"]) == ("comms_test", False, 2)
    assert t.state.resolution is None
    assert t.squad("steel.1").morale == "broken"
    assert t.state.activation.actions_used == 1


def test_example_21_second_attempt_reaches_the_squad_which_rolls_8_and_is_shaken():
    t = example_21()
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=10, radio=True,
              dice_map={"rally.comms": 2})
    t.declare("rally", "coy1.hq", squad="steel.1", distance=10, radio=True)
    t.dice(rally__comms=5)
    (req,) = t.pending().requests
    assert (req.key, req.sides, req.unit) == ("rally.quality", 10, "steel.1")
    t.dice(rally__quality=8)
    rally = next(e for e in t.effects if e.kind == "rally_test")
    assert rally.data["threshold"] == 6  # 2 (officer) + 2 (squad) + 0 (1 unchecked) + 2 (left)
    assert rally.data["passed"]
    assert t.squad("steel.1").morale == "shaken"
    assert t.state.activation.actions_used == 2
    assert t.effects[-1].data == {"from": "broken", "to": "shaken"}


def test_example_21_a_roll_of_6_does_not_beat_the_threshold():
    t = example_21()
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=10, radio=True,
              dice_map={"rally.comms": 3, "rally.quality": 6})
    assert t.squad("steel.1").morale == "broken"


def test_example_21_odds_of_the_whole_rally_are_exact():
    t = example_21()
    t.activate("coy1.hq")
    dist = SYSTEM.odds(t.state, {"action": "rally", "unit": "coy1.hq", "params": {
        "squad": "steel.1", "distance": 10, "radio": True}})
    # comms: d8 > 2 (6/8); rally: d10 > 6 (4/10)
    assert dist["shaken"] == Fraction(6, 8) * Fraction(4, 10)
    assert dist["broken"] == 1 - dist["shaken"]


# --- §4 #24: the chain of command -----------------------------------------------------------------


def test_example_24_the_platoon_commander_bypasses_no_link():
    t = table(section(), hq("plt1.hq", ["bn1", "coy1", "plt1"]))
    patch(t, "steel.1", morale="shaken")
    t.activate("plt1.hq")
    t.declare("rally", "plt1.hq", squad="steel.1", distance=20, radio=True)
    assert t.pending().requests[0].sides == 10


def test_example_24_the_battalion_commander_bypasses_two_links():
    t = table(section(), hq("bn1.hq", BN))
    patch(t, "steel.1", morale="shaken")
    t.activate("bn1.hq")
    t.declare("rally", "bn1.hq", squad="steel.1", distance=20, radio=True)
    assert t.pending().requests[0].sides == 6  # d10, two steps worse


def test_example_24_the_2nd_platoon_commander_of_3rd_company_cannot_rally_its_1st_platoon():
    t = table(section(chain=("bn1", "coy3", "plt1")), hq("plt2.hq", ["bn1", "coy3", "plt2"]))
    patch(t, "steel.1", morale="shaken")
    t.activate("plt2.hq")
    err = t.refused(declare("rally", "plt2.hq", {"squad": "steel.1", "distance": 3,
                                                 "line_of_sight": True}), "action_forbidden")
    assert err.rule == "§2.18" and "directly above" in err.message


def test_example_24_a_commander_of_another_company_cannot_rally_either():
    t = table(section(), hq("coy3.hq", COY3))
    t.activate("coy3.hq")
    t.refused(declare("rally", "coy3.hq", {"squad": "steel.1", "distance": 3,
                                           "line_of_sight": True}), "action_forbidden")


def test_the_battalion_commander_rallies_a_company_hq_without_bypassing_a_link():
    t = table(hq("coy1.hq", COY1), hq("bn1.hq", BN))
    patch(t, "coy1.hq", morale="shaken")
    t.activate("bn1.hq")
    t.declare("rally", "bn1.hq", squad="coy1.hq", distance=20, radio=True)
    assert t.pending().requests[0].sides == 10


def test_a_squad_without_a_commander_of_formations_cannot_rally():
    t = table(section(), section("steel.2"))
    t.activate("steel.2")
    err = t.refused(declare("rally", "steel.2", {"squad": "steel.1", "distance": 2,
                                                 "line_of_sight": True}), "action_forbidden")
    assert "commands no formation" in err.message


# --- §4 #23: the ceiling ------------------------------------------------------------------------


def test_example_23_a_squad_that_started_steady_is_rallied_back_to_steady_never_confident():
    t = table(section(), hq("coy1.hq", COY1))
    assert t.squad("steel.1").starting_morale == "steady"
    patch(t, "steel.1", morale="shaken")
    t.activate("coy1.hq")
    near = {"squad": "steel.1", "distance": 4, "line_of_sight": True}
    t.declare("rally", "coy1.hq", dice_map={"rally.quality": 10}, **near)
    assert t.squad("steel.1").morale == "steady"
    t.declare("rally", "coy1.hq", dice_map={"rally.quality": 10}, **near)
    assert t.squad("steel.1").morale == "steady"
    assert t.effects[-1].kind == "morale_at_ceiling"


# --- contact -------------------------------------------------------------------------------------


def test_within_6_inches_in_line_of_sight_there_is_no_comms_test():
    t = example_21()
    t.activate("coy1.hq")
    fx = t.declare("rally", "coy1.hq", squad="steel.1", distance=6, line_of_sight=True)
    assert fx[0].kind == "comms_test" and fx[0].data["automatic"]
    assert t.pending_keys() == ["rally.quality"]


def test_the_strictly_less_than_6_inches_house_rule():
    t = table(section(), hq("coy1.hq", COY1), options={"rally_contact_inclusive": False})
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=6, line_of_sight=True, radio=True)
    assert t.pending_keys() == ["rally.comms"]


def test_without_radio_a_distant_commander_has_no_contact():
    t = example_21()
    t.activate("coy1.hq")
    err = t.refused(declare("rally", "coy1.hq", {"squad": "steel.1", "distance": 10}),
                    "action_forbidden")
    assert "radio or telephone" in err.message


def test_a_comms_die_below_d4_makes_the_rally_impossible():
    t = table(section(), hq("bn1.hq", BN, quality="recruit"))
    t.activate("bn1.hq")
    err = t.refused(declare("rally", "bn1.hq", {"squad": "steel.1", "distance": 20,
                                                "radio": True}), "action_forbidden")
    assert "below d4" in err.message and err.rule == "§2.18"


def test_the_clamp_house_rule_rolls_d4_instead():
    t = table(section(), hq("bn1.hq", BN, quality="recruit"), options={"comms_below_d4": "clamp_d4"})
    t.activate("bn1.hq")
    t.declare("rally", "bn1.hq", squad="steel.1", distance=20, radio=True)
    assert t.pending().requests[0].sides == 4


def test_a_psionic_commander_rolls_the_better_of_psi_and_quality_die_for_comms():
    t = table(section(), hq("coy1.hq", COY1, quality="recruit", psi_die=10))
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=20, radio=True)
    assert t.pending().requests[0].sides == 8  # psi d10 beats d6, one link bypassed


def test_two_psionic_commanders_always_reach_each_other():
    psionic_section = section()
    psionic_section["figures"][0]["psi_die"] = 6
    t = table(psionic_section, hq("coy1.hq", COY1, psi_die=6))
    t.activate("coy1.hq")
    fx = t.declare("rally", "coy1.hq", squad="steel.1", distance=20, radio=True)
    assert fx[0].data["automatic"] and "telepathically" in fx[0].text
    assert t.pending_keys() == ["rally.quality"]


def test_the_rally_threat_house_rule_none_adds_no_threat():
    t = example_21({"rally_threat": "none"})
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=3, line_of_sight=True,
              dice_map={"rally.quality": 5})
    assert t.squad("steel.1").morale == "shaken"  # 5 > 2 + 2


# --- refusals ------------------------------------------------------------------------------------


def test_a_comms_die_outside_the_d8_is_refused():
    t = example_21()
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=10, radio=True)
    t.refused({"type": "dice", "data": {"rolls": {"rally.comms": 9}}}, "die_out_of_range")
    t.refused({"type": "dice", "data": {"rolls": {"rally.comms": {"sides": 10, "values": [3]}}}},
              "wrong_die")


def test_the_rally_is_the_commanders_action_at_most_twice_per_activation():
    t = example_21()
    t.activate("coy1.hq")
    near = {"squad": "steel.1", "distance": 3, "line_of_sight": True}
    t.declare("rally", "coy1.hq", dice_map={"rally.quality": 1}, **near)
    t.declare("rally", "coy1.hq", dice_map={"rally.quality": 1}, **near)
    err = t.refused(declare("rally", "coy1.hq", near), "action_forbidden")
    assert "0 of its 2 actions" in err.message


def test_the_rallied_squad_is_not_the_one_that_acts():
    t = example_21()
    t.activate("steel.1")
    t.refused(declare("rally", "coy1.hq", {"squad": "steel.1", "distance": 3,
                                           "line_of_sight": True}), "action_forbidden")


def test_an_enemy_squad_cannot_be_rallied():
    t = Table(setup(steel=[hq("coy1.hq", COY1)], keno=[keno_partisans(chain=COY1)]))
    t.activate("coy1.hq")
    err = t.refused(declare("rally", "coy1.hq", {"squad": "keno.1", "distance": 3,
                                                 "line_of_sight": True}), "action_forbidden")
    assert "enemy" in err.message


def test_a_suppressed_or_broken_commander_cannot_rally():
    t = example_21()
    patch(t, "coy1.hq", suppression=1)
    t.activate("coy1.hq")
    near = {"squad": "steel.1", "distance": 3, "line_of_sight": True}
    assert t.refused(declare("rally", "coy1.hq", near), "action_forbidden").rule == "§2.7"
    patch(t, "coy1.hq", suppression=0, morale="broken")
    assert t.refused(declare("rally", "coy1.hq", near), "action_forbidden").rule == "§2.12"


def test_the_house_rule_lets_a_suppressed_commander_rally_as_communication():
    t = example_21({"suppressed_commander_may_rally": True})
    patch(t, "coy1.hq", suppression=1)
    t.activate("coy1.hq")
    t.declare("rally", "coy1.hq", squad="steel.1", distance=3, line_of_sight=True)
    assert t.pending_keys() == ["rally.quality"]


def test_a_squad_in_not_one_step_back_has_no_morale_to_rally():
    t = example_21()
    patch(t, "steel.1", no_step_back=True)
    t.activate("coy1.hq")
    err = t.refused(declare("rally", "coy1.hq", {"squad": "steel.1", "distance": 3,
                                                 "line_of_sight": True}), "action_forbidden")
    assert err.rule == "§2.15"


def test_bad_chain_in_the_setup_is_refused():
    from rules.core.errors import RuleError

    bad = section(chain=("bn1", "bn1"))
    try:
        SYSTEM.initial_state(setup(steel=[bad]))
    except RuleError as exc:
        assert exc.code == "bad_setup" and exc.field == "sides.0.squads.0.chain"
    else:  # pragma: no cover
        raise AssertionError("a repeated formation id must be refused")


# --- property: the ceiling holds after any sequence of rallies ----------------------------------

grades = st.sampled_from(MORALE_GRADES)


@settings(max_examples=60, deadline=None)
@given(start=grades, fall=st.integers(0, 4), rolls=st.lists(st.integers(1, 10), max_size=8))
def test_morale_never_rises_above_the_starting_grade(start, fall, rolls):
    t = table(section(morale=start), hq("coy1.hq", COY1))
    ladder = list(MORALE_GRADES)
    patch(t, "steel.1", morale=ladder[min(4, ladder.index(start) + fall)])
    for n, roll in enumerate(rolls):
        if n % 2 == 0:
            if t.state.activation is not None:
                t.end_activation()
                t.end_turn()
            t.activate("coy1.hq")
        t.declare("rally", "coy1.hq", squad="steel.1", distance=3, line_of_sight=True,
                  dice_map={"rally.quality": roll})
        squad = t.squad("steel.1")
        assert ladder.index(squad.morale) >= ladder.index(squad.starting_morale)
