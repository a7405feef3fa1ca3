"""What the campaign needs from a rule system, one adapter module per supported system.

A campaign carries soldiers between battles; each rule system has its own force setup,
soldier vocabulary (weapons, armour, quality grades) and battle summary. An adapter
translates between them (pure: no Django). Only ``steelwar`` has campaign rules (fatigue,
motivation, wounded fates: digest §2.17, §2.11); the other systems of ``shared/rules`` have
none, so campaigns are offered for ``steelwar`` only.
"""
from __future__ import annotations

from types import ModuleType

from rules.core.errors import RuleError, gettext_noop

#: rule system id -> adapter module name
SUPPORTED = {"steelwar": "campaign.systems.steelwar"}


def adapter_for(rule_system: str) -> ModuleType:
    """The campaign adapter of ``rule_system``; ``RuleError("campaign_unsupported")`` else."""
    import importlib

    name = SUPPORTED.get(rule_system)
    if name is None:
        raise RuleError(
            "campaign_unsupported",
            template=gettext_noop(
                "campaigns are not available for rule system {rule_system!r}: only {systems} has "
                "campaign rules (fatigue, motivation, wounded fates)"
            ),
            params={"rule_system": rule_system, "systems": ', '.join(SUPPORTED)},
            field="rule_system",
        )
    return importlib.import_module(name)
