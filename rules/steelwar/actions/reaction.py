"""Reaction tests inside procedures (digest §2.13, example #25).

A reaction test rolls the squad's quality die against leadership + threat
(:func:`rules.steelwar.reaction.reaction_test`). Failure does not lower morale: the attempted
action is spent, and the squad may not try the same action again this activation or this
turn (``Squad.failed_reactions``, cleared by ``end_turn``). A squad in "Not one step back!"
passes every reaction test (§2.15), so no die is asked for.

The procedures that need one (going prone, moving while prone, a Shaken squad leaving cover;
later the charge) use these helpers for the die, the verdict and the bookkeeping.
"""

from __future__ import annotations

from rules.core.dice import DiceRequest
from rules.core.errors import Sentence, gettext_noop
from rules.core.system import Effect
from rules.steelwar import effects
from rules.steelwar.actions.procedure import forbid, request
from rules.steelwar.reaction import reaction_test, reaction_threat
from rules.steelwar.state import BattleState, Squad

RULE = "§2.13"

#: What each reaction test is for, in words ("fails to <what>").
WHAT = {
    "go_prone": gettext_noop("go prone"),
    "move_while_prone": gettext_noop("move without leaving prone"),
    "leave_cover_shaken": gettext_noop("leave cover while Shaken"),
}


def check_not_failed(squad: Squad, action: str) -> None:
    """§2.13: after a failed reaction test the squad may not try that action again this turn."""
    if action in squad.failed_reactions:
        raise forbid(
            gettext_noop("{squad} failed its reaction test to {what} this turn and may try "
                         "again only next turn"),
            RULE,
            squad=squad.name, what=Sentence(WHAT[action]) if action in WHAT else action,
        )


def key(action: str) -> str:
    return f"reaction.{action}"


def die(squad: Squad, action: str) -> DiceRequest:
    """The quality die of the squad's reaction test for ``action``."""
    return request(
        key(action),
        f"{squad.name} quality die d{squad.quality} (reaction test: {WHAT.get(action, action)})",
        squad.quality,
        1,
        squad.id,
    )


def needs_die(squad: Squad) -> bool:
    """No die is rolled for a squad in "Not one step back!": it passes every test (§2.15)."""
    return not squad.no_step_back


def resolve(
    battle: BattleState, i: int, action: str, roll: int | None, threat_action: str | None = None
) -> tuple[BattleState, bool, list[Effect]]:
    """Resolve the reaction test for ``action`` with ``roll`` (``None`` for an automatic pass).

    ``threat_action`` names the row of the reaction threat list (default ``action``). On
    failure the squad's ``failed_reactions`` records ``action`` and an ``action_lost`` effect
    is reported.
    """
    squad = battle.squads[i]
    what = WHAT.get(action, action)
    if roll is None or squad.no_step_back:
        return battle, True, [effects.auto_pass(squad, "reaction", "Not one step back!", "§2.15")]
    threat = reaction_threat(threat_action or action, options=battle.options)
    passed = reaction_test(roll, squad.leadership, threat)
    fx = [effects.test_rolled(squad, "reaction", roll, squad.quality, squad.leadership + threat,
                              passed, RULE, what)]
    if not passed:
        squad = squad._replace(failed_reactions=squad.failed_reactions + (action,))
        battle = battle.with_squad(i, squad)
        fx.append(effects.action_lost(squad, what, RULE))
    return battle, passed, fx
