"""Turns and activations: the engine's explicit reading of a sequence the fragment lacks.

The rulebook's chapter on turns and phases is missing (digest §0, §1): it says only that an
activation has two actions, that some tasks take a whole activation, and that turns contain
activations. The engine therefore takes the sequence as declared facts:

- ``begin_activation`` (unit): the squad starts its activation; each squad at most once a
  turn, and one activation at a time;
- ``end_activation``: the activation in progress ends (unused actions are lost);
- ``end_turn``: no activation may be open; per-turn bookkeeping is cleared (squads may
  activate again, failed reaction tests may be retried (§2.13), "fired at us this turn"
  (§2.12 Broken) is forgotten).

Who activates when is the players' business (or a later chapter's); the engine only keeps the
count honest.
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.system import Step
from rules.steelwar import effects, terms
from rules.steelwar.actions.procedure import Action, forbid, fresh_activation
from rules.steelwar.state import BattleState, Squad

RULE = "§1, engine reading"


def _check_begin(battle: BattleState, cmd: Command) -> tuple[int, Squad]:
    if cmd.unit is None:
        raise RuleError(
            "bad_command",
            template=gettext_noop("begin_activation needs a 'unit'"),
            field="unit",
        )
    i, squad = battle.squad(cmd.unit)
    if battle.activation is not None:
        active = battle.squads[battle.activation.squad]
        raise forbid(
            gettext_noop("{active} is still activated: end its activation first"),
            RULE,
            active=active.name,
        )
    if not squad.on_table:
        raise forbid(
            gettext_noop("{squad} is no longer on the table ({presence})"),
            RULE,
            squad=squad.name,
            presence=terms.presence(squad.presence),
        )
    if not squad.has_fighting_figure():
        raise forbid(gettext_noop("{squad} has no fighting figure left"), RULE, squad=squad.name)
    if i in battle.activated:
        raise forbid(
            gettext_noop("{squad} has already been activated in turn {turn}"),
            RULE,
            squad=squad.name,
            turn=battle.turn,
        )
    return i, squad


def validate_begin(battle: BattleState, cmd: Command) -> None:
    _check_begin(battle, cmd)


def begin(battle: BattleState, cmd: Command) -> Step:
    i, squad = _check_begin(battle, cmd)
    battle = battle._replace(activated=battle.activated.union((i,)),
                             activation=fresh_activation(i))
    return Step(battle, (effects.activation_begun(squad, battle.turn),))


def validate_end(battle: BattleState, cmd: Command) -> None:
    act = battle.activation
    if act is None:
        raise forbid(gettext_noop("no activation is in progress"), RULE)
    if cmd.unit is not None and battle.index.get(cmd.unit) != act.squad:
        raise forbid(
            gettext_noop("{unit} is not the squad under activation"),
            RULE,
            "unit",
            unit=cmd.unit,
        )


def end(battle: BattleState, cmd: Command) -> Step:
    validate_end(battle, cmd)
    act = battle.activation
    squad = battle.squads[act.squad]
    return Step(battle._replace(activation=None), (effects.activation_ended(squad, act.actions_used),))


def validate_end_turn(battle: BattleState, cmd: Command) -> None:
    if battle.activation is not None:
        active = battle.squads[battle.activation.squad]
        raise forbid(
            gettext_noop("{active} is still activated: end its activation first"),
            RULE,
            active=active.name,
        )


def end_turn(battle: BattleState, cmd: Command) -> Step:
    validate_end_turn(battle, cmd)
    squads = tuple([s._replace(failed_reactions=()) if s.failed_reactions else s
                    for s in battle.squads])
    turn = battle.turn
    return Step(battle._replace(squads=squads, turn=turn + 1, activated=frozenset(),
                                fired_upon=()), (effects.turn_ended(turn),))


ACTIONS = (
    Action("begin_activation", RULE, validate_begin, begin),
    Action("end_activation", RULE, validate_end, end),
    Action("end_turn", RULE, validate_end_turn, end_turn),
)
PROCEDURES = ()
