"""The Steel War's limits on a setup and a command (rules/core/limits.py): each is refused
with ``limit_exceeded`` naming it and the path at fault, before anything is expanded; a setup
exactly at a limit is accepted."""

import time

import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import Command
from rules.core.limits import DEFAULT_LIMITS, limits_of
from rules.steelwar import system as _system  # noqa: F401 - the actions before commands
from rules.steelwar.commands import texts
from rules.steelwar.limits import LIMITS

SYSTEM = registry.get("steelwar")


def squad(squad_id: str, figures: int = 1, **extra) -> dict:
    return {"id": squad_id, "quality": "recruit", "leadership": 2,
            "figures": [{"weapon": "rifle", "count": figures}], **extra}


def setup(*sides: list[dict], **extra) -> dict:
    return {"sides": [
        {"id": f"s{n}", "motivation": "medium", "fatigue": "fresh", "squads": squads}
        for n, squads in enumerate(sides)
    ], **extra}


def refusal(bad: dict) -> RuleError:
    with pytest.raises(RuleError) as caught:
        SYSTEM.initial_state(bad)
    assert caught.value.code == "limit_exceeded"
    return caught.value


def test_the_steelwar_declares_its_limits_and_the_core_has_defaults():
    assert limits_of(SYSTEM) is LIMITS
    assert limits_of(object()) is DEFAULT_LIMITS
    assert LIMITS.figures_per_unit == 50 and LIMITS.units == 200 and LIMITS.figures == 2000


def test_a_count_of_a_billion_figures_is_refused_before_it_is_expanded():
    started = time.perf_counter()
    error = refusal(setup([squad("a", 10**9)], [squad("b")]))
    assert time.perf_counter() - started < 0.5
    assert error.field == "sides.0.squads.0.figures.0.count"
    assert str(error.message) == (
        "a unit has at most 50 figures (limit figures_per_unit=50); got 1000000000")


def test_many_figure_entries_are_refused_at_the_first_one_over_the_limit():
    entries = [{"weapon": "rifle"}] * 1000
    error = refusal(setup([{**squad("a"), "figures": entries}], [squad("b")]))
    assert error.field == "sides.0.squads.0.figures.50"


def test_a_unit_of_exactly_the_limit_is_accepted():
    battle = SYSTEM.initial_state(setup([squad("a", LIMITS.figures_per_unit)], [squad("b")]))
    assert len(battle.squads[0].figures) == LIMITS.figures_per_unit


def test_too_many_units_are_refused_before_any_is_read():
    error = refusal(setup([squad("a")] * 150, [squad("b")] * 51))
    assert error.field == "sides.1.squads"
    assert "limit units=200" in error.message


def test_units_and_figures_exactly_at_their_limits_are_accepted():
    each = LIMITS.figures // LIMITS.units  # 10 figures in each of 200 units: 2,000 figures
    battle = SYSTEM.initial_state(setup(
        [squad(f"a{n}", each) for n in range(100)], [squad(f"b{n}", each) for n in range(100)]))
    assert len(battle.squads) == LIMITS.units
    assert sum(len(q.figures) for q in battle.squads) == LIMITS.figures


def test_too_many_figures_in_a_battle_are_refused():
    error = refusal(setup([squad(f"a{n}", 50) for n in range(41)], [squad("b")]))
    assert error.field == "sides.0.squads.40.figures"  # from the 2,001st figure
    assert "limit figures=2000" in error.message


def test_too_many_sides_are_refused():
    error = refusal(setup(*[[squad(f"u{n}")] for n in range(LIMITS.sides + 1)]))
    assert error.field == "sides"
    assert "limit sides=8" in error.message
    assert len(SYSTEM.initial_state(
        setup(*[[squad(f"u{n}")] for n in range(LIMITS.sides)])).sides) == LIMITS.sides


def test_too_many_option_keys_are_refused():
    error = refusal(setup([squad("a")], [squad("b")],
                          options={f"o{n}": 1 for n in range(LIMITS.options + 1)}))
    assert error.field == "options"


@pytest.mark.parametrize(("where", "field", "limit"), [
    (lambda q, text: q.update(id=text), "sides.0.squads.0.id", "id_length"),
    (lambda q, text: q.update(name=text), "sides.0.squads.0.name", "name_length"),
    (lambda q, text: q["figures"][0].update(role=text), "sides.0.squads.0.figures.0.role",
     "id_length"),
    (lambda q, text: q.update(chain=[text]), "sides.0.squads.0.chain.0", "id_length"),
])
def test_overlong_ids_and_names_are_refused_and_at_the_limit_accepted(where, field, limit):
    most = getattr(LIMITS, limit)
    unit = squad("a")
    where(unit, "x" * (most + 1))
    error = refusal(setup([unit], [squad("b")]))
    assert error.field == field
    assert f"limit {limit}={most}" in error.message
    unit = squad("a")
    where(unit, "x" * most)
    SYSTEM.initial_state(setup([unit], [squad("b")]))


def test_a_chain_of_command_has_at_most_list_items_formations():
    error = refusal(setup([squad("a", chain=[f"f{n}" for n in range(LIMITS.list_items + 1)])],
                          [squad("b")]))
    assert error.field == "sides.0.squads.0.chain"


def test_a_command_lists_at_most_list_items_ids():
    ids = [f"f{n}" for n in range(LIMITS.list_items + 1)]
    with pytest.raises(RuleError) as caught:
        texts(Command("fire", "a", {"weapons": ids}), "weapons")
    assert (caught.value.code, caught.value.field) == ("limit_exceeded", "params.weapons")
    assert texts(Command("fire", "a", {"weapons": ids[:-1]}), "weapons") == tuple(ids[:-1])
