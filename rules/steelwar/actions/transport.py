"""Transport (digest §2.2, example #2): embark, disembark, unlimber.

- ``embark`` (params ``vehicle``, ``farthest``: inches from the vehicle to the farthest
  figure): one action, the farthest figure within 6"; the vehicle's ``capacity`` (figures)
  is checked when the scenario gives one (capacities are not in the source).
- ``disembark`` (param ``farthest``: inches after disembarking): one action, the farthest
  figure within 6". Man-sized weapons (tripod MGs, AT rifles, light mortars) are figures of
  the squad and leave with it at no extra action. A suppressed vehicle lets nobody out
  (§2.7).
- ``unlimber``: unhitching and deploying a towed or packed gun takes a whole activation; the
  squad's heavy weapons cannot fire while limbered.
"""

from __future__ import annotations

from rules.core.errors import gettext_noop
from rules.core.facts import Command
from rules.core.system import Step
from rules.steelwar import effects
from rules.steelwar.actions.procedure import Action, done, forbid, spent
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    check_suppression_allows,
    full_activation,
    is_vehicle,
    number,
    text,
)
from rules.steelwar.movement import check_embark
from rules.steelwar.state import BattleState, Squad

RULE = "§2.2"


def _vehicle(battle: BattleState, squad: Squad, vehicle_id: str) -> tuple[int, Squad]:
    vi, vehicle = battle.squad(vehicle_id)
    if not is_vehicle(vehicle):
        raise forbid(
            gettext_noop("{vehicle} is not a vehicle"),
            RULE,
            "params.vehicle",
            vehicle=vehicle.name,
        )
    if vehicle.side != squad.side:
        raise forbid(
            gettext_noop("{vehicle} belongs to the enemy"),
            RULE,
            "params.vehicle",
            vehicle=vehicle.name,
        )
    if not vehicle.on_table:
        raise forbid(
            gettext_noop("{vehicle} is no longer on the table"),
            RULE,
            "params.vehicle",
            vehicle=vehicle.name,
        )
    return vi, vehicle


def validate_embark(battle: BattleState, cmd: Command) -> None:
    _, squad = acting_squad(battle, cmd)
    if squad.embarked_in is not None:
        raise forbid(
            gettext_noop("{squad} is already aboard {embarked_in}"),
            RULE,
            squad=squad.name,
            embarked_in=squad.embarked_in,
        )
    if is_vehicle(squad):
        raise forbid(gettext_noop("{squad} is a vehicle"), RULE, squad=squad.name)
    check_morale_allows(battle, squad, "other")
    check_suppression_allows(squad, "embark", "embark")
    _, vehicle = _vehicle(battle, squad, text(cmd, "vehicle"))
    check_embark(number(cmd, "farthest"))
    if vehicle.capacity is not None:
        aboard = sum(len(s.fighting_figures()) for s in battle.squads
                     if s.embarked_in == vehicle.id)
        if aboard + len(squad.fighting_figures()) > vehicle.capacity:
            raise forbid(
                gettext_noop(
                    "{vehicle} carries {capacity} figures and has {aboard} aboard"
                ),
                RULE,
                "params.vehicle",
                vehicle=vehicle.name,
                capacity=vehicle.capacity,
                aboard=aboard,
            )


def embark(battle: BattleState, cmd: Command) -> Step:
    validate_embark(battle, cmd)
    i, squad = battle.squad(cmd.unit)
    _, vehicle = battle.squad(cmd.params["vehicle"])
    squad = squad._replace(embarked_in=vehicle.id, prone=False, cover="none")
    return done(battle, (effects.embarked(squad, vehicle),),
                squads=battle.squads_with(i, squad), activation=spent(battle))


def validate_disembark(battle: BattleState, cmd: Command) -> None:
    _, squad = acting_squad(battle, cmd)
    if squad.embarked_in is None:
        raise forbid(gettext_noop("{squad} is not aboard a vehicle"), RULE, squad=squad.name)
    _, vehicle = battle.squad(squad.embarked_in)
    if vehicle.suppression:
        raise forbid(
            gettext_noop(
                "{vehicle} is suppressed: a suppressed vehicle may not do anything that needs "
                "its crew or passengers to get out"
            ),
            "§2.7",
            vehicle=vehicle.name,
        )
    check_morale_allows(battle, squad, "other")
    check_suppression_allows(squad, "disembark", "disembark")
    check_embark(number(cmd, "farthest"), disembark=True)


def disembark(battle: BattleState, cmd: Command) -> Step:
    validate_disembark(battle, cmd)
    i, squad = battle.squad(cmd.unit)
    _, vehicle = battle.squad(squad.embarked_in)
    squad = squad._replace(embarked_in=None)
    return done(battle, (effects.disembarked(squad, vehicle),),
                squads=battle.squads_with(i, squad), activation=spent(battle))


def validate_unlimber(battle: BattleState, cmd: Command) -> None:
    _, squad = full_activation(battle, cmd)
    if not squad.limbered:
        raise forbid(gettext_noop("{squad} has no gun hitched or packed"), RULE, squad=squad.name)
    if squad.embarked_in is not None:
        raise forbid(
            gettext_noop("{squad} must disembark before deploying its gun"),
            RULE,
            squad=squad.name,
        )
    check_morale_allows(battle, squad, "other")
    check_suppression_allows(squad, "unlimber", "unlimber its gun")


def unlimber(battle: BattleState, cmd: Command) -> Step:
    """§2.2: unloading a vehicle (e.g. unhitching a gun) takes one full activation."""
    validate_unlimber(battle, cmd)
    i, squad = battle.squad(cmd.unit)
    squad = squad._replace(limbered=False)
    return done(battle, (effects.unlimbered(squad),),
                squads=battle.squads_with(i, squad), activation=spent(battle, 2))


ACTIONS = (
    Action("embark", RULE, validate_embark, embark),
    Action("disembark", RULE, validate_disembark, disembark),
    Action("unlimber", RULE, validate_unlimber, unlimber),
)
PROCEDURES = ()
