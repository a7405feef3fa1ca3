"""The Steel War's turn status (for the top of the table) and figures with their own names."""

from rules.core.summary import summarize
from rules.core.turn_status import TurnStatus, turn_status
from rules.steelwar.effects import figure_name
from tests.rules.steelwar.fold_support import SYSTEM, Table, keno_partisans, setup, squad


def test_the_turn_status_names_the_turn_the_activated_squad_its_side_and_who_is_still_to_act():
    table = Table(setup())
    assert turn_status(SYSTEM, table.state) == TurnStatus(turn=1, waiting=("steel.1", "keno.1"))
    table.declare("begin_activation", "steel.1")
    table.declare("go_prone", "steel.1")
    table.dice(reaction__go_prone=6)
    status = turn_status(SYSTEM, table.state)
    assert (status.turn, status.side, status.unit) == (1, "steel", "steel.1")
    assert (status.actions_used, status.actions, status.waiting) == (1, 2, ("keno.1",))
    table.declare("end_activation", "steel.1")
    table.declare("end_turn")
    assert turn_status(SYSTEM, table.state) == TurnStatus(turn=2, waiting=("steel.1", "keno.1"))


def test_a_system_without_a_turn_status_gives_none():
    class Plain:
        id = "no_such_system"

    assert turn_status(Plain(), object()) is None


def named_squad() -> dict:
    return squad("squad-1", "1st squad", "recruit", 2, [
        {"id": "soldier-1", "name": "Cpl. Ivanov", "role": "commander", "weapon": "rifle"},
        {"id": "soldier-2", "name": "Petrov", "weapon": "smg"},
    ])


def test_a_figure_with_a_name_is_named_by_it_and_keeps_its_id():
    table = Table(setup(steel=[named_squad()], keno=[keno_partisans()]))
    squad_state = table.state.squads[0]
    ivanov = squad_state.figure("soldier-1")
    assert ivanov.name == "Cpl. Ivanov"
    assert figure_name(squad_state, ivanov) == "Cpl. Ivanov (rifle)"
    json = SYSTEM.state_to_json(table.state)
    assert json["squads"][0]["figures"][0]["name"] == "Cpl. Ivanov"
    assert SYSTEM.state_from_json(json) == table.state
    # a figure without a name reads as before: its squad, role and id
    keno = table.state.squads[1]
    assert figure_name(keno, keno.figures[0]) == "partisans' rifleman (1)"


def test_the_summary_names_each_casualty():
    table = Table(setup(steel=[named_squad()], keno=[keno_partisans()]))
    battle = table.state
    squad_state = battle.squads[0]
    i = squad_state.figure_index("soldier-2")
    fallen = squad_state.with_figure(i, squad_state.figures[i]._replace(status="killed"))
    summary = summarize(SYSTEM, battle.with_squad(0, fallen))
    [killed] = summary.killed
    assert (killed.figure, killed.name) == ("soldier-2", "Petrov (smg)")
