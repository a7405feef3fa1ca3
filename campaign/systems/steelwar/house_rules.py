"""The campaign's HOUSE RULES: how fast fatigue builds and falls, how the wounded recover.

**These are this project's rules, not the rulebook's.** The Steel War names the states but
gives no rates (digest §9: "no numeric campaign rule for how fatigue builds up or
recovers"; "no rules for recovery between battles, evacuation timing, or replacements").
What the book does give, and what this module only *uses*:

- fatigue levels fresh / tired / exhausted set a side's starting morale Confident / Steady /
  Shaken (§2.17), and that morale is the ceiling for rallying (§2.12);
- the reasons a side tires: several weeks at the front, constant fighting; and that units
  rotate to rest (§2.17);
- stabilised wounded "must be carried, or left in a safe place to await evacuation" (§2.11).

Everything numeric below is a default an organizer may change per campaign (API:
``PUT /api/campaigns/{id}/house-rules/``); each change is a ledger event, so past moments
fold under the rates that were in force then. Pure module: no Django, no I/O.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from campaign.plugins.schema import Attribute, Schema
from campaign.systems.steelwar.attributes import QUALITY_GRADES
from rules.core.dice import DIE_LABELS, DIE_SIZES
from rules.core.errors import RuleError, gettext_noop

HOUSE_RULE_LABEL = gettext_noop(
    "House rule of this project, not the rulebook's: the Steel War gives fatigue levels and "
    "wounded fates but no campaign rates (digest §9)."
)

@dataclass(frozen=True)
class FatigueRates:
    """Fatigue points of a force; the level is read off two thresholds (house rule).

    - A battle adds ``per_battle`` points plus ``per_consecutive_battle`` for every battle
      the force already fought since its last rest (the 1st battle after rest +1, the 2nd
      +2, the 3rd +3 with the defaults): "worn out by constant fighting" (§2.17).
    - Every ``front_days_per_point`` in-game days at the front add a point: "several weeks
      at the front" (§2.17).
    - Every ``rest_days_per_point`` days at rest remove a point; any rest ends the run of
      consecutive battles (units rotate to rest, §2.17).
    - ``tired_at`` / ``exhausted_at``: the points at which the force is tired / exhausted.

    Defaults: a fresh force is fresh after one battle, tired after two in a row, exhausted
    after three; six weeks at the front without a battle make it tired; a week of rest
    takes off three points.
    """

    per_battle: int = 1
    per_consecutive_battle: int = 1
    front_days_per_point: int = 14
    rest_days_per_point: int = 2
    tired_at: int = 3
    exhausted_at: int = 6

    def level(self, points: int) -> str:
        """fresh / tired / exhausted for ``points`` of fatigue."""
        if points >= self.exhausted_at:
            return "exhausted"
        if points >= self.tired_at:
            return "tired"
        return "fresh"

    def battle_points(self, consecutive_before: int) -> int:
        """Points a battle adds when the force already fought ``consecutive_before`` battles
        since its last rest."""
        return self.per_battle + self.per_consecutive_battle * consecutive_before

    def check(self) -> None:
        for name in ("per_battle", "per_consecutive_battle"):
            _at_least(self, name, 0)
        for name in ("front_days_per_point", "rest_days_per_point", "tired_at"):
            _at_least(self, name, 1)
        if self.exhausted_at <= self.tired_at:
            raise RuleError(
                "bad_house_rules",
                template=gettext_noop("exhausted_at must be greater than tired_at"),
                field="fatigue.exhausted_at",
            )


@dataclass(frozen=True)
class RecoveryRates:
    """How stabilised wounded (§2.11) come back between battles (house rule).

    - A soldier stabilised in a battle is ``wounded``: out of action, awaiting evacuation
      (§2.11 "left in a safe place to await evacuation").
    - When in-game time next passes he is evacuated and ``recovering``; he is fit again
      ``recovery_days`` days after evacuation (time).
    - Or earlier by a recovery roll (roll): an organizer may roll ``roll_die`` for a
      recovering soldier at most once every ``roll_interval_days``; a roll of
      ``roll_target`` or more returns him to duty at once, a lower roll changes nothing.
    """

    recovery_days: int = 14
    roll_die: int = 6
    roll_target: int = 5
    roll_interval_days: int = 7

    def check(self) -> None:
        _at_least(self, "recovery_days", 0)
        _at_least(self, "roll_interval_days", 0)
        if self.roll_die not in (4, 6, 8, 10, 12):
            raise RuleError(
                "bad_house_rules",
                template=gettext_noop("roll_die must be one of d4, d6, d8, d10, d12"),
                field="recovery.roll_die",
            )
        if not 1 <= self.roll_target <= self.roll_die:
            raise RuleError(
                "bad_house_rules",
                template=gettext_noop("roll_target must be a face of the d{roll_die}"),
                params={"roll_die": self.roll_die},
                field="recovery.roll_target",
            )


@dataclass(frozen=True)
class ReplacementRates:
    """Replacements fill squads up to their establishment (house rule): they join with
    ``quality`` unless the organizer says otherwise. The book has no replacement rule (§9).
    The grade is one of the rule system's (the plug-in checks it against its quality
    grades)."""

    quality: str = "recruit"

    def check(self) -> None:
        if not self.quality:
            raise RuleError(
                "bad_house_rules",
                template=gettext_noop("replacements.quality must be a quality grade"),
                field="replacements.quality",
            )


@dataclass(frozen=True)
class HouseRules:
    """All of a campaign's house rules, with the project's defaults."""

    fatigue: FatigueRates = field(default_factory=FatigueRates)
    recovery: RecoveryRates = field(default_factory=RecoveryRates)
    replacements: ReplacementRates = field(default_factory=ReplacementRates)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HouseRules:
        """Build from JSON; missing keys take the defaults, unknown keys are refused."""
        data = dict(data or {})
        parts = {}
        for part in fields(cls):
            part_type = {
                "fatigue": FatigueRates,
                "recovery": RecoveryRates,
                "replacements": ReplacementRates,
            }[part.name]
            raw = data.pop(part.name, None) or {}
            if not isinstance(raw, Mapping):
                raise RuleError(
                    "bad_house_rules",
                    template=gettext_noop("{part} must be an object"),
                    params={"part": part.name},
                    field=part.name,
                )
            known = {f.name: f.type for f in fields(part_type)}
            unknown = set(raw) - set(known)
            if unknown:
                name = sorted(unknown)[0]
                raise RuleError(
                    "bad_house_rules",
                    template=gettext_noop("unknown house rule {part}.{name}"),
                    params={"part": part.name, "name": name},
                    field=f"{part.name}.{name}",
                )
            for key, value in raw.items():
                expected = str if known[key] == "str" else int
                if not isinstance(value, expected) or isinstance(value, bool):
                    raise RuleError(
                        "bad_house_rules",
                        template=gettext_noop("{part}.{key} must be a string") if expected is str
                        else gettext_noop("{part}.{key} must be an integer"),
                        params={"part": part.name, "key": key},
                        field=f"{part.name}.{key}",
                    )
            parts[part.name] = part_type(**raw)
        if data:
            name = sorted(data)[0]
            raise RuleError(
                "bad_house_rules",
                template=gettext_noop("unknown house rule {name}"),
                params={"name": name},
                field=name,
            )
        rules = cls(**parts)
        rules.check()
        return rules

    def merged(self, changes: Mapping[str, Any]) -> HouseRules:
        """These rules with ``changes`` (a partial JSON object) applied, checked."""
        current = self.to_json()
        for key, value in changes.items():
            if isinstance(value, Mapping) and isinstance(current.get(key), dict):
                current[key] = {**current[key], **value}
            else:
                current[key] = value
        return HouseRules.from_json(current)

    def check(self) -> None:
        self.fatigue.check()
        self.recovery.check()
        self.replacements.check()


def _at_least(rates: object, name: str, minimum: int) -> None:
    value = getattr(rates, name)
    if value < minimum:
        part = {FatigueRates: "fatigue", RecoveryRates: "recovery"}.get(type(rates), "")
        raise RuleError(
            "bad_house_rules",
            template=gettext_noop("{part}.{name} must be at least {minimum}"),
            params={"part": part, "name": name, "minimum": minimum},
            field=f"{part}.{name}",
        )


DEFAULT_HOUSE_RULES = HouseRules()


def _rate(part: str, name: str, label: str, minimum: int, **more: Any) -> Attribute:
    default = getattr(getattr(DEFAULT_HOUSE_RULES, part), name)
    return Attribute(f"{part}.{name}", "int", label, minimum=minimum, required=True,
                     default=default, **more)


#: The house rules as a form shows them: one attribute per rate, named by its JSON path
#: (``fatigue.tired_at``), with this project's default (``CampaignPlugin.house_rules_schema``).
HOUSE_RULES_SCHEMA = Schema((
    _rate("fatigue", "per_battle", gettext_noop("fatigue points per battle"), 0),
    _rate("fatigue", "per_consecutive_battle",
          gettext_noop("extra fatigue points per battle already fought since the last rest"), 0),
    _rate("fatigue", "front_days_per_point",
          gettext_noop("days at the front per fatigue point"), 1),
    _rate("fatigue", "rest_days_per_point",
          gettext_noop("days of rest that take off a fatigue point"), 1),
    _rate("fatigue", "tired_at", gettext_noop("tired from (fatigue points)"), 1),
    _rate("fatigue", "exhausted_at", gettext_noop("exhausted from (fatigue points)"), 2,
          help=gettext_noop("more than the points of tired")),
    _rate("recovery", "recovery_days",
          gettext_noop("days from evacuation until a wounded soldier is fit"), 0),
    Attribute("recovery.roll_die", "choice", gettext_noop("die of a recovery roll"),
              choices=("4", "6", "8", "10", "12"), required=True,
              default=str(DEFAULT_HOUSE_RULES.recovery.roll_die),
              choice_labels={str(n): DIE_LABELS[n] for n in DIE_SIZES}),
    _rate("recovery", "roll_target",
          gettext_noop("a recovery roll succeeds from"), 1,
          help=gettext_noop("a face of the recovery die")),
    _rate("recovery", "roll_interval_days", gettext_noop("days between recovery rolls"), 0),
    Attribute("replacements.quality", "choice", gettext_noop("quality of replacements"),
              choices=QUALITY_GRADES, required=True,
              default=DEFAULT_HOUSE_RULES.replacements.quality),
))

__all__ = [
    "DEFAULT_HOUSE_RULES",
    "HOUSE_RULES_SCHEMA",
    "HOUSE_RULE_LABEL",
    "FatigueRates",
    "HouseRules",
    "RecoveryRates",
    "ReplacementRates",
]
