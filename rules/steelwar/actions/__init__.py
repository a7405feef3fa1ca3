"""The Steel War actions and procedures, one module per rules chapter or procedure.

Adding a chapter (melee, rally, psionics...): write ``actions/<chapter>.py`` with module-level
``ACTIONS`` and ``PROCEDURES`` tuples (see :mod:`.procedure` and ``docs/rules-engine.md``),
add the module to ``_MODULES`` below and delete its entries from :data:`NOT_IMPLEMENTED`.
"""

from __future__ import annotations

from rules.steelwar.actions import (
    commander,
    fire,
    morale_test,
    movement,
    prone,
    suppression,
    transport,
    turn,
)
from rules.steelwar.actions.procedure import ACTIONS, PROCEDURES, register

_MODULES = (turn, movement, prone, transport, fire, suppression, commander, morale_test)

for _module in _MODULES:
    register(*_module.ACTIONS, *_module.PROCEDURES)

#: Actions of the rulebook the engine does not resolve yet: declaring one raises
#: ``RuleError("not_implemented")`` naming the rule. Remove an entry when its module lands.
NOT_IMPLEMENTED: dict[str, tuple[str, str]] = {
    "charge": ("melee (the charge, its test and the fight)", "§2.10"),
    "reorganise": ("reorganisation and the fate of the wounded", "§2.11"),
    "rally": ("the inspiration (rally) test", "§2.18"),
    "panic_recovery": ("the attempt to end a panic", "§2.14"),
    "no_step_back": ("the \"Not one step back!\" test", "§2.15"),
    "psi_power": ("psionic powers", "§2.16"),
    "observe": ("observation, whose chapter is missing from the source", "§0"),
    "communicate": ("communication, whose chapter is missing from the source", "§0"),
    "pass_action": ("passing a commander's action, whose chapter is missing from the source",
                    "§1"),
}

__all__ = ["ACTIONS", "NOT_IMPLEMENTED", "PROCEDURES"]
