"""The Steel War's limits on a battle's setup and commands (:class:`rules.core.limits.Limits`).

This project's bounds against abuse, not the rulebook's: a real battle has a few dozen squads
of at most about twenty figures. ``rules/steelwar/README.md`` lists them.
"""

from __future__ import annotations

from rules.core.limits import Limits

LIMITS = Limits(
    sides=8,
    units=200,
    figures_per_unit=50,
    figures=2000,
    options=100,
    id_length=60,
    name_length=120,
    list_items=100,
)
