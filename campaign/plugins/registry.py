"""Campaign plug-ins by rule system id, registered like the rule systems (``rules.core.registry``).

A plug-in registers itself when its module is imported; :func:`get` imports
``campaign.systems.<id>`` on first use, so callers only need ``get("steelwar")``. A test may
register one of its own (:func:`register`).
"""
from __future__ import annotations

import importlib
import re

from campaign.plugins.protocol import CampaignPlugin
from rules.core.errors import RuleError, gettext_noop

_PLUGINS: dict[str, CampaignPlugin] = {}


def register(plugin: CampaignPlugin) -> CampaignPlugin:
    """Register ``plugin`` for its rule system (and its ledger events); returns it."""
    from campaign.ledger import events

    existing = _PLUGINS.get(plugin.rule_system)
    if existing is not None and existing is not plugin:
        raise ValueError(f"a campaign plug-in for {plugin.rule_system} is already registered")
    for event_class in plugin.events:
        events.register_type(event_class)
    _PLUGINS[plugin.rule_system] = plugin
    return plugin


def unregister(rule_system: str) -> None:
    """Forget a plug-in registered by hand (tests), and its event types."""
    from campaign.ledger import events

    plugin = _PLUGINS.pop(rule_system, None)
    for event_class in plugin.events if plugin is not None else ():
        events.EVENT_TYPES.pop(event_class.type, None)


def _load(rule_system: str) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", rule_system):
        return
    try:
        importlib.import_module(f"campaign.systems.{rule_system}")
    except ModuleNotFoundError as exc:
        if exc.name not in ("campaign.systems", f"campaign.systems.{rule_system}"):
            raise


def supported() -> tuple[str, ...]:
    """Rule systems with a campaign plug-in: those of ``campaign.systems`` and any registered."""
    import pkgutil

    import campaign.systems

    for module in pkgutil.iter_modules(campaign.systems.__path__):
        _load(module.name)
    return tuple(sorted(_PLUGINS))


def get(rule_system: str) -> CampaignPlugin:
    """The campaign plug-in of ``rule_system``; ``RuleError("campaign_unsupported")`` else."""
    if rule_system not in _PLUGINS:
        _load(rule_system)
    plugin = _PLUGINS.get(rule_system)
    if plugin is None:
        raise RuleError(
            "campaign_unsupported",
            template=gettext_noop(
                "campaigns are not available for rule system {rule_system!r}: it has no "
                "campaign plug-in (installed: {systems})"
            ),
            params={"rule_system": rule_system, "systems": ", ".join(supported()) or "-"},
            field="rule_system",
        )
    return plugin
