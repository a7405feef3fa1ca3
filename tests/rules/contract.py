"""The contract every rule system passes (docs/adding-a-rule-system.md, "The contract").

A rule system is a plug-in: ``battles`` and ``campaign`` rely on nothing but its interface,
so this suite checks the interface's promises on battles played at random through it, for
every system in the registry (its package ships ``examples.SETUPS``) and for the test toys:

- replaying the accepted facts from the setup gives the state the play reached (replay = fold);
- every state survives a JSON round trip (``state_from_json(state_to_json(s)) == s``);
- every accepted fact was what ``pending`` asked for (the dice it named, with faces of those
  dice; cards still in the deck or bag it named; an answer to the pending decision among its
  options; a declaration only when nothing is pending);
- every refusal (a die off the die, a die not asked for, a card not in the deck or already
  drawn, a choice not offered, a declaration while something is pending, an unknown action)
  raises ``RuleError`` and leaves the state as it was;
- what the catalogue (``commands``) lists validates (a parameter without a default filled by
  one of its choices, or all of them: ``CommandSpec.fillings``), and sampled commands it does
  not list (another unit, a choice not offered, a number past its maximum, a list one pick
  short of its ``count``) are refused;
- odds sum to exactly 1 and agree with a seeded Monte Carlo run of the same command (for the
  cases a system lists in ``examples.ODDS_CASES`` with its ``examples.outcome_of``);
- every action and parameter the catalogue lists, every procedure that waits, every die
  and decision it asks for and every marker a card shows (``rules.core.markers``) has a
  label in English and in Russian in the system's terms
  (``rules.core.terms``; the test toys, which no player sees, have none);
- every effect the battles produce (every kind the log shows) has a sentence in English and
  in Russian (``Terms.effect``).

The random player chooses only among what the interface offers: the catalogue's commands with
their default parameters (a random choice for one without a default), random faces of the
dice asked for, random cards of those still in the deck or bag, random options of a decision.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bench._table_player import answer
from rules.core.catalogue import CommandSpec
from rules.core.errors import RuleError
from rules.core.facts import Command, Fact, decide, declare, dice, draw
from rules.core.system import (
    AwaitingCommand,
    DecisionNeeded,
    DiceNeeded,
    DrawNeeded,
    RuleSystem,
)


@dataclass(frozen=True)
class OddsCase:
    """A command whose odds the contract checks: played from ``setup`` after ``prelude``."""

    name: str
    setup: Mapping[str, Any]
    command: Mapping[str, Any]
    prelude: tuple[Mapping[str, Any], ...] = ()


@dataclass
class Subject:
    """A rule system under contract, with the setups it is played from."""

    system: RuleSystem
    setups: Mapping[str, Mapping[str, Any]]
    odds_cases: tuple[OddsCase, ...] = ()
    #: ``outcome_of(before, command, effects, after)``: the odds outcome a played command came to
    outcome_of: Callable[..., Any] | None = None

    @property
    def name(self) -> str:
        return f"{self.system.id} {self.system.version}"


@dataclass
class Play:
    """A battle played at random: the setup, every accepted fact and the states in between."""

    setup: Mapping[str, Any]
    facts: list[Fact] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)  # states[i] is before facts[i]; one more


def as_json(system: RuleSystem, state: Any) -> str:
    return json.dumps(system.state_to_json(state), sort_keys=True)


# --- the random player -------------------------------------------------------------------------


def catalogue(system: RuleSystem, state: Any) -> tuple[CommandSpec, ...]:
    return tuple(system.commands(state))


def random_fact(system: RuleSystem, state: Any, rng: random.Random) -> Fact | None:
    """What a player at the table might send now, among what the interface offers; None when
    nothing can be sent (no command listed and nothing pending)."""
    answered = answer(system.pending(state), rng)
    if answered is not None:
        return answered
    specs = catalogue(system, state)
    if not specs:
        return None
    spec = rng.choice(specs)
    command = spec.command(**{p.name: rng.choice(p.fills()) for p in spec.params
                              if p.no_default and p.fills()})
    return declare(command["action"], command.get("unit"), command.get("params") or {})


def play(subject: Subject, setup: Mapping[str, Any], seed: int, n_facts: int) -> Play:
    """Up to ``n_facts`` accepted facts of a random battle; each is checked against what the
    state asked for (:func:`check_asked_for`) as it is accepted."""
    system, rng = subject.system, random.Random(seed)
    played = Play(setup)
    state = system.initial_state(setup)
    played.states.append(state)
    attempts = 0
    while len(played.facts) < n_facts and attempts < n_facts * 4:
        attempts += 1
        fact = random_fact(system, state, rng)
        if fact is None:
            break
        try:
            step = system.apply(state, fact)
        except RuleError:
            continue  # a listed command the dice or the moment made illegal: try another
        check_asked_for(system, state, fact)
        state = step.state
        played.facts.append(fact)
        played.states.append(state)
    return played


# --- the checks ------------------------------------------------------------------------------


def check_replay_equals_fold(subject: Subject, played: Play) -> None:
    system = subject.system
    state = system.initial_state(played.setup)
    for fact in played.facts:
        state = system.apply(state, fact.to_json()).state
    assert as_json(system, state) == as_json(system, played.states[-1])


def check_json_round_trip(subject: Subject, played: Play) -> None:
    system = subject.system
    for state in played.states:
        data = json.loads(json.dumps(system.state_to_json(state)))
        again = system.state_from_json(data)
        assert again == state
        assert as_json(system, again) == as_json(system, state)


def check_asked_for(system: RuleSystem, before: Any, fact: Fact) -> None:
    """An accepted fact answered what ``before`` was waiting for."""
    pending = system.pending(before)
    if fact.type == "dice":
        assert isinstance(pending, DiceNeeded), (fact, pending)
        asked = {r.key: r for r in pending.requests}
        for key, values in fact.data["rolls"].items():
            assert key in asked, (key, sorted(asked))
            assert len(values) == asked[key].count
    elif fact.type == "draw":
        assert isinstance(pending, DrawNeeded), (fact, pending)
        asked = {r.key: r for r in pending.requests}
        for key, cards in fact.data["draws"].items():
            assert key in asked, (key, sorted(asked))
            assert len(cards) == asked[key].count
            assert set(cards) <= set(asked[key].remaining), (cards, asked[key].out)
    elif fact.type == "decide":
        assert isinstance(pending, DecisionNeeded), (fact, pending)
        assert fact.data["key"] == pending.key
        offered = {o.value for o in pending.options}
        choice = fact.data["choice"]
        assert set(choice) <= offered if pending.multiple else choice in offered
    elif fact.type == "declare":
        assert isinstance(pending, AwaitingCommand), (fact, pending)
        system.validate(before, Command.from_json(fact.data))


def _refused(system: RuleSystem, state: Any, fact: Fact) -> None:
    before = as_json(system, state)
    try:
        system.apply(state, fact)
    except RuleError:
        pass
    else:
        raise AssertionError(f"{fact} was accepted while {system.pending(state)} was pending")
    assert as_json(system, state) == before, f"refusing {fact} changed the state"


def bad_facts(system: RuleSystem, state: Any) -> list[Fact]:
    """Facts the state cannot accept now."""
    pending = system.pending(state)
    facts = [declare("no_such_action", None, {})]
    if isinstance(pending, DiceNeeded):
        request = pending.requests[0]
        facts.append(dice({"no.such.die": [1]}))
        facts.append(decide("no_such_decision", "x"))
        if request.faces is None and not request.explodes:
            facts.append(dice({request.key: [request.sides + 1] * request.count}))
        facts.append(dice({request.key: [1] * (request.count + 1)}))
    elif isinstance(pending, DrawNeeded):
        request = pending.requests[0]
        facts.append(draw({request.key: ["no such card"] * request.count}))
        if request.out:
            facts.append(draw({request.key: [request.out[0]] * request.count}))
        facts.append(draw({"no.such.draw": [request.deck.ids[0]]}))
        facts.append(dice({"no.such.die": [1]}))
    elif isinstance(pending, DecisionNeeded):
        facts.append(decide(pending.key, "no such option"))
        facts.append(decide("no_such_decision", pending.options[0].value))
        facts.append(dice({"no.such.die": [1]}))
    else:
        facts.append(dice({"no.such.die": [1]}))
        facts.append(decide("no_such_decision", "x"))
    if not isinstance(pending, AwaitingCommand):
        facts.append(declare("end_turn", None, {}))  # any declaration waits its turn
    return facts


def check_refusals_leave_the_state(subject: Subject, played: Play, every: int = 5) -> None:
    system = subject.system
    for state in played.states[::every]:
        for fact in bad_facts(system, state):
            _refused(system, state, fact)


def unlisted_commands(specs: tuple[CommandSpec, ...]) -> list[dict]:
    """Commands the catalogue does not list, made from what it does list."""
    listed = {(s.action, s.unit) for s in specs}
    units = sorted({s.unit for s in specs if s.unit is not None})
    out: list[dict] = []
    for spec in specs:
        base = (spec.fillings() or [spec.command()])[0]
        for unit in units if spec.unit is not None else ():  # a table action names no unit
            if (spec.action, unit) not in listed:
                out.append({**base, "unit": unit})
                break
        for param in spec.params:
            if param.kind in ("choice", "unit") and param.choices:
                out.append({**base, "params": {**base.get("params", {}),
                                               param.name: "no such choice"}})
            if param.count is not None and param.choices:  # one pick too few
                out.append({**base, "params": {**base.get("params", {}), param.name:
                                               [param.choices[0].value] * (param.count - 1)}})
            if param.kind == "number" and param.maximum is not None:
                out.append({**base, "params": {**base.get("params", {}),
                                               param.name: param.maximum + 1}})
    return out


def _some_filling_validates(system: RuleSystem, state: Any, spec: CommandSpec) -> None:
    """The spec validates with its defaults, its parameters without a default filled by one
    of their choices (or all): the first refusal is raised if none does."""
    fillings = spec.fillings()
    assert fillings, f"{spec.action}: a parameter without a default offers no choice"
    refusal = None
    for command in fillings:
        try:
            system.validate(state, command)
            return
        except RuleError as error:
            refusal = refusal or error
    raise refusal


def check_catalogue(subject: Subject, played: Play, every: int = 3) -> None:
    system = subject.system
    for state in played.states[::every]:
        if not isinstance(system.pending(state), AwaitingCommand):
            assert catalogue(system, state) == (), "the catalogue lists nothing while pending"
            continue
        specs = catalogue(system, state)
        for spec in specs:
            _some_filling_validates(system, state, spec)
        for command in unlisted_commands(specs):
            try:
                system.validate(state, command)
            except RuleError:
                continue
            raise AssertionError(f"{command} is not listed, yet validates")


def check_labels(subject: Subject, played: Play, terms) -> None:
    """What a player reads of the battle has a label of its own in both languages."""
    from rules.core.markers import MARKER, markers
    from rules.core.terms import ACTION, DECISION, DICE, PARAMETER, PENDING

    system, missing = subject.system, set()

    def need(kind: str, key: str) -> None:
        for language in ("en", "ru"):
            if not terms.labelled(kind, key, language):
                missing.add((kind, key, language))

    for state in played.states:
        for marker in markers(system, state):
            need(MARKER, marker.key)
        pending = system.pending(state)
        if isinstance(pending, AwaitingCommand):
            for spec in catalogue(system, state):
                need(ACTION, spec.action)
                for param in spec.params:
                    need(PARAMETER, param.name)
                    for n in range(1, (param.count or 0) + 1):  # each pick's own label
                        need(PARAMETER, f"{param.name}.{n}")
            continue
        if getattr(pending, "procedure", ""):
            need(PENDING, pending.procedure)
        if isinstance(pending, DiceNeeded):
            for request in pending.requests:
                need(DICE, request.key)
        elif isinstance(pending, DecisionNeeded):
            need(DECISION, pending.key)
    assert not missing, sorted(missing)


def check_effect_sentences(subject: Subject, played: Play, terms) -> None:
    """Every effect the battle produced reads as a sentence in English and in Russian
    (``Terms.effect``, units and figures by the names the system gives them)."""
    from rules.core.terms import Names

    system, missing = subject.system, {}
    for before, fact in zip(played.states, played.facts, strict=False):
        step = system.apply(before, fact)
        figures = terms.figure_names(system.state_to_json(step.state), "ru", {})
        for effect in step.effects:
            stored = effect.to_json()
            for language in ("en", "ru"):
                text = terms.effect(stored, language, Names({}, figures))
                if not text:
                    missing.setdefault((effect.kind, language), stored)
    assert not missing, missing


def check_odds(subject: Subject, case: OddsCase, seed: int, trials: int = 600) -> None:
    """The exact odds sum to 1, and a seeded Monte Carlo run of the command lands on each
    outcome about as often as they say."""
    system = subject.system
    state = system.initial_state(case.setup)
    for fact in case.prelude:
        state = system.apply(state, fact).state
    exact = system.odds(state, case.command)
    assert sum(exact.values()) == 1
    rng = random.Random(seed)
    seen: dict[Any, int] = {}
    for _ in range(trials):
        command = case.command
        step = system.apply(state, declare(command["action"], command.get("unit"),
                                           command.get("params") or {}))
        effects, current = list(step.effects), step.state
        while not isinstance(system.pending(current), AwaitingCommand):
            fact = random_fact(system, current, rng)
            step = system.apply(current, fact)
            effects.extend(step.effects)
            current = step.state
        outcome = subject.outcome_of(state, command, effects, current)
        seen[outcome] = seen.get(outcome, 0) + 1
    assert set(seen) <= set(exact), f"outcomes the odds do not list: {set(seen) - set(exact)}"
    for outcome, p in exact.items():
        p = float(p)
        observed = seen.get(outcome, 0) / trials
        assert abs(p - observed) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 0.01, (
            outcome, p, observed)
