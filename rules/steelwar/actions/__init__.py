"""The Steel War actions and procedures, one module per rules chapter or procedure.

Adding a chapter (melee, rally, psionics...): write ``actions/<chapter>.py`` with module-level
``ACTIONS`` and ``PROCEDURES`` tuples (see :mod:`rules.core.procedures` and ``docs/rules-engine.md``),
add the module to ``_MODULES`` below and delete its entries from :data:`NOT_IMPLEMENTED`.
"""

from __future__ import annotations

from rules.steelwar.actions import (
    commander,
    fire,
    melee,
    morale_test,
    movement,
    no_step_back,
    panic,
    prone,
    psionics,
    rally,
    reorganise,
    suppression,
    surrender,
    transport,
    turn,
)
from rules.steelwar.actions.procedure import ACTIONS, PROCEDURES, RULEBOOK, register

_MODULES = (turn, movement, prone, transport, fire, suppression, commander, morale_test,
            reorganise, rally, panic, no_step_back, psionics, melee, surrender)

for _module in _MODULES:
    register(*_module.ACTIONS, *_module.PROCEDURES)

#: Actions of the rulebook the engine does not resolve yet: declaring one raises
#: ``RuleError("not_implemented")`` naming the rule. Remove an entry when its module lands.
NOT_IMPLEMENTED: dict[str, tuple[str, str]] = {
    "observe": ("observation, whose chapter is missing from the source", "§0"),
    "communicate": ("communication, whose chapter is missing from the source", "§0"),
    "pass_action": ("passing a commander's action, whose chapter is missing from the source",
                    "§1"),
}
RULEBOOK.not_implemented.update(NOT_IMPLEMENTED)

__all__ = ["ACTIONS", "NOT_IMPLEMENTED", "PROCEDURES", "RULEBOOK"]
