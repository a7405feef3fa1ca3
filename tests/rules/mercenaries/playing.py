"""Playing facts through the Mercenaries rules in tests: the state and effects they give."""

from rules.core import registry

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
