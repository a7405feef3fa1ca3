"""The Steel War's command catalogue agrees with ``validate`` (rules.steelwar.catalogue).

What it lists validates (every default, every listed value with the others at their
defaults); what it does not list -- a unit not listed for an action, a target, figure or
choice not offered -- is refused. Checked in the pinned battles' states and in hand-made ones.
"""

from __future__ import annotations

import pytest

from rules.core.catalogue import Choice, CommandSpec, ParamSpec
from rules.core.errors import RuleError
from rules.core.facts import Fact, declare
from rules.core.system import AwaitingCommand
from rules.steelwar.actions import ACTIONS
from rules.steelwar.catalogue import TEMPLATES
from tests.rules.steelwar.fold_support import SYSTEM, Table, keno_partisans, setup, squad
from tests.rules.steelwar.pinned_battles import load
from tests.rules.steelwar.test_fold_no_step_back import patch as nsb_patch
from tests.rules.steelwar.test_fold_no_step_back import table as nsb_table


def accepted(state, command: dict) -> bool:
    try:
        SYSTEM.validate(state, command)
    except RuleError:
        return False
    return True


#: Numbers whose minimum is the rule's limit, itself refused: friendly troops at 12" are
#: within 12" (§2.15).
LIMIT_REFUSED = {"nearest_friend"}


def chosen(state, spec: CommandSpec) -> dict:
    """The parameters without a default, as the first of the spec's fillings that validates
    fills them (the catalogue lists a spec only if one does)."""
    free = {p.name for p in spec.params if p.no_default}
    for command in spec.fillings():
        if accepted(state, command):
            return {k: v for k, v in command["params"].items() if k in free}
    raise AssertionError(f"no filling of {spec} validates")


def check_catalogue(state) -> list[CommandSpec]:
    """Assert the catalogue of ``state`` against validate; return it."""
    specs = list(SYSTEM.commands(state))
    if not isinstance(SYSTEM.pending(state), AwaitingCommand):
        assert specs == []
        return specs
    listed = {(s.action, s.unit) for s in specs}
    assert len(listed) == len(specs), "one spec per action and unit"
    for spec in specs:
        assert CommandSpec.from_json(spec.to_json()) == spec
        filled = chosen(state, spec)
        command = spec.command(**filled)
        assert accepted(state, command), command
        for p in spec.params:
            if p.kind == "figures":
                for c in p.choices:
                    assert accepted(state, spec.command(**{**filled, p.name: [c.value]})), (
                        spec, c)
                offered = {c.value for c in p.choices}
                squad_ = state.squads[state.index[spec.unit]]
                for figure in squad_.figures:
                    if figure.id not in offered:  # a figure that may not fire now
                        bad = spec.command(**{**filled, p.name: [figure.id]})
                        assert not accepted(state, bad), bad
            elif p.kind in ("unit", "choice"):
                wrap = (lambda v: [v]) if p.multiple else (lambda v: v)
                if p.multiple and p.kind == "unit" and p.name == "enemies":
                    continue  # judged as a whole (the enemies in view); the default is checked
                for c in p.choices:
                    assert accepted(state, spec.command(**{**filled, p.name: wrap(c.value)})), (
                        spec, c)
                if p.kind == "unit" and p.required:
                    offered = {c.value for c in p.choices}
                    for other in state.squads:
                        if other.id not in offered:
                            bad = spec.command(**{**filled, p.name: wrap(other.id)})
                            assert not accepted(state, bad), bad
            elif p.kind == "number":
                for c in p.choices:  # e.g. null: "none on the table"
                    assert accepted(state, spec.command(**{**filled, p.name: c.value})), (spec, c)
                if p.minimum is not None:
                    edge = spec.command(**{**filled, p.name: p.minimum})
                    assert accepted(state, edge) is (p.name not in LIMIT_REFUSED), edge
                    if p.name in LIMIT_REFUSED:
                        assert accepted(state, spec.command(**{**filled, p.name: p.minimum + 0.5}))
    # a unit not listed for an action is refused the listed command's parameters
    by_action: dict[str, list[CommandSpec]] = {}
    for spec in specs:
        by_action.setdefault(spec.action, []).append(spec)
    for action, some in by_action.items():
        if some[0].unit is None:
            continue
        for other in state.squads:
            if (action, other.id) not in listed:
                bad = {**some[0].command(**chosen(state, some[0])), "unit": other.id}
                assert not accepted(state, bad), bad
    return specs


def test_every_declarable_action_has_a_template():
    assert {t.action for t in TEMPLATES} == set(ACTIONS)


def test_spec_json_round_trip_and_kinds():
    spec = CommandSpec("fire", "fire", "§2.3", "steel.1", "1st squad (Steel)", (
        ParamSpec("weapons", "weapons that fire", "figures", default=("cmd",),
                  choices=(Choice("cmd", "cmd · smg"),)),
        ParamSpec("distance", "distance", "number", default=0, minimum=0, maximum=30),
        ParamSpec("cover", "cover", "choice", required=False, choices=(Choice("none", "none"),)),
        ParamSpec("blades", "blades", "flag", default=False),
    ))
    data = spec.to_json()
    assert data["params"][0]["multiple"] is True and data["params"][0]["default"] == ["cmd"]
    assert CommandSpec.from_json(data) == spec
    assert spec.command() == {"action": "fire", "unit": "steel.1",
                              "params": {"weapons": ["cmd"], "distance": 0, "blades": False}}
    with pytest.raises(ValueError):
        ParamSpec("x", "x", "text")


def test_the_catalogue_at_the_start_and_under_activation():
    t = Table(setup())
    assert {(s.action, s.unit) for s in check_catalogue(t.state)} == {
        ("begin_activation", "steel.1"), ("begin_activation", "keno.1"),
        ("enemy_in_sight", "steel.1"), ("enemy_in_sight", "keno.1"), ("end_turn", None)}
    t.activate("steel.1")
    specs = check_catalogue(t.state)
    actions = [s.action for s in specs]
    assert actions[0] == "fire"
    assert "begin_activation" not in actions and "end_activation" in actions
    fire = specs[0]
    assert fire.param("target").choices == (Choice("keno.1", "partisans (Keno)"),)
    weapons = fire.param("weapons")
    assert [c.value for c in weapons.choices] == ["cmd", "mg", "3", "4", "5", "6", "7", "8", "sn"]
    assert weapons.default == tuple(c.value for c in weapons.choices)


def test_a_weapon_that_fired_is_no_longer_offered():
    t = Table(setup())
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=4)
    t.dice(shooter__quality=1, shooter__support__1=1, target__range=4)  # no effect
    t.dice(panic__quality=6)  # the recruits fired upon for the first time: no panic
    specs = check_catalogue(t.state)
    fire = next(s for s in specs if s.action == "fire")
    offered = [c.value for c in fire.param("weapons").choices]
    assert "mg" not in offered and "cmd" in offered
    assert "mg" not in fire.param("weapons").default
    assert not accepted(t.state, fire.command(weapons=["mg"]))


def test_nothing_is_listed_while_dice_are_awaited():
    t = Table(setup())
    t.activate("steel.1")
    t.declare("fire", "steel.1", target="keno.1", weapons=["mg"], distance=4)
    assert SYSTEM.commands(t.state) == ()


def test_a_routing_squad_may_surrender_and_a_suppressed_one_remove_suppression():
    routing = keno_partisans(morale="routing")
    t = Table(setup(keno=[routing]))
    specs = check_catalogue(t.state)
    surrender = next(s for s in specs if s.action == "surrender")
    assert surrender.unit == "keno.1"
    assert surrender.param("distance").maximum == 12
    t = Table(setup(steel=[squad("steel.2", "2nd squad", "regular", 2,
                                 [{"role": "rifleman", "weapon": "rifle", "count": 5}],
                                 cover="light", prone=True)]))
    t.state = t.state.with_squad(0, t.state.squads[0]._replace(suppression=2))
    t.activate("steel.2")
    actions = {s.action for s in check_catalogue(t.state)}
    assert "remove_suppression" in actions and "fire" not in actions


def replayed_states(name: str, every: int):
    battle = next(b for b in load() if b["name"] == name)
    state = SYSTEM.initial_state(battle["setup"])
    n = 0
    for entry in battle["log"]:
        if "error" in entry:
            continue
        state = SYSTEM.apply(state, Fact.from_json(entry["fact"])).state
        if isinstance(SYSTEM.pending(state), AwaitingCommand):
            n += 1
            if n % every == 0:
                yield state


@pytest.mark.parametrize(("name", "every"), [("small", 3), ("house_rules", 25)])
def test_the_catalogue_agrees_with_validate_through_recorded_battles(name, every):
    seen: set[str] = set()
    for state in replayed_states(name, every):
        seen.update(s.action for s in check_catalogue(state))
    assert {"begin_activation", "fire", "move", "end_activation", "end_turn"} <= seen


def test_declaring_what_the_catalogue_lists_is_accepted_by_the_fold():
    t = Table(setup())
    t.activate("steel.1")
    fire = next(s for s in SYSTEM.commands(t.state) if s.action == "fire")
    c = fire.command(distance=4)
    t.apply(declare(c["action"], c["unit"], c["params"]))
    assert t.pending_keys()[-1] == "target.range"


# --- "Not one step back!" (§2.15): what the player must say is not pre-filled -------------------


def _no_step_back(state, unit: str = "keno.g") -> CommandSpec | None:
    return next((s for s in check_catalogue(state)
                 if s.action == "no_step_back" and s.unit == unit), None)


def test_no_step_back_is_listed_when_legal_with_nothing_pre_filled():
    t = nsb_table()
    t.activate("keno.g")
    spec = _no_step_back(t.state)
    assert spec is not None
    enemies, friend, enemy = spec.params
    assert (enemies.name, enemies.no_default, enemies.multiple) == ("enemies", True, True)
    assert [c.value for c in enemies.choices] == ["steel.1", "steel.2", "steel.3", "steel.4"]
    assert (friend.name, friend.no_default, friend.minimum) == ("nearest_friend", True, 12)
    assert friend.choices == (Choice(None, "none on the table"),)
    assert (enemy.name, enemy.no_default, enemy.minimum) == ("nearest_enemy", True, 0)
    assert spec.command() == {"action": "no_step_back", "unit": "keno.g", "params": {}}
    assert not accepted(t.state, spec.command())  # sent empty, it is refused
    sent = spec.command(enemies=["steel.1", "steel.2", "steel.3"], nearest_friend=None,
                        nearest_enemy=20)
    assert sent["params"]["nearest_friend"] is None and accepted(t.state, sent)
    assert accepted(t.state, {**sent, "params": {**sent["params"], "nearest_friend": 12.5}})
    assert not accepted(t.state, {**sent, "params": {**sent["params"], "nearest_friend": 12}})


@pytest.mark.parametrize("change", [
    {"cover": "none"},        # neither in cover nor prone
    {"morale": "broken"},     # worse than Shaken
    {"no_step_back": True},   # already in the state
])
def test_no_step_back_is_not_listed_when_a_condition_fails(change):
    t = nsb_table()
    nsb_patch(t, "keno.g", **change)
    t.activate("keno.g")
    assert _no_step_back(t.state) is None


def test_no_step_back_is_not_listed_with_fewer_than_three_enemies_on_the_table():
    t = nsb_table()
    for n in (3, 4):
        nsb_patch(t, f"steel.{n}", presence="removed")
    t.activate("keno.g")
    assert _no_step_back(t.state) is None


def test_end_no_step_back_is_listed_only_for_a_squad_in_the_state():
    t = nsb_table()
    assert not [s for s in check_catalogue(t.state) if s.action == "end_no_step_back"]
    nsb_patch(t, "keno.g", no_step_back=True)
    (end,) = [s for s in check_catalogue(t.state) if s.action == "end_no_step_back"]
    (enemies,) = end.params
    assert enemies.default == () and not enemies.no_default  # nothing ticked: none in view
    assert accepted(t.state, end.command())
    assert not accepted(t.state, end.command(enemies=["steel.1"]))  # a Steady enemy in view
