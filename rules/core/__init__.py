"""The rule-system core shared by every game in ``rules/``.

Nothing here knows about a particular game. See ``docs/rules-engine.md`` for the interface
(:mod:`rules.core.system`), the fact envelope (:mod:`rules.core.facts`), dice requests
(:mod:`rules.core.dice`), exact odds (:mod:`rules.core.odds`), the registry
(:mod:`rules.core.registry`), the battle summary (:mod:`rules.core.summary`) and the kit for
procedure-driven systems (:mod:`rules.core.procedures`); ``docs/adding-a-rule-system.md``
walks through a new system built on them.
"""
