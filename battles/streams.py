"""The battle's link to the event store and to its rule system (one place for both)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from battles.models import Battle
from config.errors import Conflict
from eventstore.types import StreamId
from rules.core import registry
from rules.core.system import RuleSystem

STREAM_TYPE = "battle"


def stream_of(battle: Battle | int) -> StreamId:
    """The battle's stream: ``StreamId("battle", "<pk>")``."""
    pk = battle.pk if isinstance(battle, Battle) else battle
    return StreamId(STREAM_TYPE, str(pk))


def system_of(battle: Battle, *, version: str | None = None) -> RuleSystem:
    """The battle's rule system, or the same system at another ``version``."""
    return registry.get(battle.rule_system, version or battle.rule_version)


def ensure_open(battle: Battle) -> None:
    """Raise 409 ``battle_concluded`` for a write to a concluded battle."""
    if not battle.is_open:
        raise Conflict(
            "battle_concluded",
            _("battle %(battle)s is concluded; it accepts no more facts or corrections")
            % {"battle": battle.pk},
        )


def ensure_version(battle: Battle, expected_version: int) -> None:
    """Raise 409 ``wrong_expected_version`` (with ``current_version``) for a stale write."""
    if expected_version != battle.version:
        raise Conflict(
            "wrong_expected_version",
            _("expected version %(expected)s, but the battle is at version %(current)s; "
              "reload and retry") % {"expected": expected_version, "current": battle.version},
            field="expected_version",
            current_version=battle.version,
        )
