"""Playing facts through the Mercenaries rules in tests: the state and effects they give, a
command's refusal, effects as a Russian reader reads them."""

import pytest

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.facts import declare

SYSTEM = registry.get("mercenaries")


def play(state, *facts):
    effects = []
    for fact in facts:
        step = SYSTEM.apply(state, fact)
        state = step.state
        effects.extend(step.effects)
    return state, effects


def kinds(effects):
    return [e.kind for e in effects]


def one(effects, kind):
    return next(e for e in effects if e.kind == kind)


def fighter(state, ident):
    return state.fighter(ident)[1]


def refused(state, action, unit=None, params=None, match=None) -> RuleError:
    """The refusal of declaring ``action`` (its sentence matching ``match``), which leaves
    ``state`` as it was."""
    before = SYSTEM.state_to_json(state)
    with pytest.raises(RuleError, match=match) as caught:
        SYSTEM.apply(state, declare(action, unit, params))
    assert SYSTEM.state_to_json(state) == before
    return caught.value


def russian(effects) -> list[str]:
    """``effects`` as the battle's log reads them in Russian."""
    return [SYSTEM.terms.effect(e.to_json(), "ru", None) for e in effects]
