"""Bennies (фишки) in play: standing orders that spend them on a condition (§2.19-§2.20),
registered on ``RULEBOOK``.

The text has benny spending declared in advance with the orders: "вхожу в комнату, стреляю в
противника, если промахнулся - трачу фишку на переброс" (a re-roll of a miss) and "если при
подходе к противнику меня атакуют и вгонят в шок - трачу фишку на выход из шока" (out of
Shaken during one's own turn). ``benny_orders`` sets them; they stand until changed:

- ``reroll_on_miss``: an attack of his that misses is rolled again for a benny, once per
  attack (``rulebook.MISS_HOOKS``); what the first roll brought about (Reload!, a critical
  failure) stands.
- ``unshake_when_shaken``: Shaken by an attack that interrupts his move in his own turn (a held
  attack, ``play_readiness``), he spends a benny and is no longer Shaken, going on at once.

Soaking wounds and leaving Shaken at the start of his own turn need no order (§2.20; the
rulebook's soak decision and ``unshake``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from rules.core.errors import gettext_noop
from rules.core.facts import Command
from rules.core.odds import Distribution
from rules.core.procedures import Action, Procedure, Resolution, ask_dice, forbid
from rules.core.system import Effect, Step
from rules.mercenaries.rulebook import MISS_HOOKS, RULEBOOK, own_fighter
from rules.mercenaries.state import Battle, Fighter

#: The standing orders, as ``benny_orders`` parameters and Fighter fields.
ORDERS = ("reroll_on_miss", "unshake_when_shaken")


def _ordering(state: Battle, command: Command) -> tuple[int, Fighter, dict[str, bool]]:
    i, fighter = own_fighter(state, command)
    orders = {}
    for name in ORDERS:
        value = command.params.get(name, False)
        if not isinstance(value, bool):
            raise forbid(gettext_noop("an order is yes or no"), "§2.20", field=f"params.{name}")
        orders[name] = value
    if not fighter.bennies:
        raise forbid(gettext_noop("{fighter} has no bennies to spend"), "§2.19",
                     fighter=fighter.name)
    return i, fighter, orders


def orders_validate(state: Battle, command: Command) -> None:
    _ordering(state, command)


def orders_declare(state: Battle, command: Command) -> Step:
    """A free declaration (§2.20: written with the turn's orders)."""
    i, fighter, orders = _ordering(state, command)
    said = (f"{fighter.name}'s benny orders: re-roll a miss "
            f"{'yes' if orders['reroll_on_miss'] else 'no'}, out of Shaken in his turn "
            f"{'yes' if orders['unshake_when_shaken'] else 'no'}")
    return Step(state.with_fighter(i, fighter._replace(**orders)), (Effect(
        "benny_orders", said, fighter.id, {"fighter": fighter.name, **orders}),))


def reroll_miss(state: Battle, res: Resolution, effects: list[Effect]) -> Step | None:
    """``rulebook.MISS_HOOKS``: a miss re-rolled for a benny on the standing order."""
    attacker = state.fighters[res.unit]
    if res.ctx.rerolled or not attacker.reroll_on_miss or not attacker.bennies:
        return None
    state = state.with_fighter(res.unit, attacker._replace(bennies=attacker.bennies - 1))
    said = Effect("benny_reroll", f"{attacker.name} spends a benny to re-roll the attack",
                  attacker.id, {"fighter": attacker.name})
    return ask_dice(state, "attack", "roll", res.unit, res.ctx._replace(rerolled=True),
                    res.requests, (*effects, said))


class BennyContext(NamedTuple):
    pass


def unshake_order_start(state: Battle, i: int, ctx: BennyContext) -> Step:
    """After an attack in his own turn: Shaken, with the order and a benny, he leaves Shaken."""
    fighter = state.fighters[i]
    if not (fighter.shaken and fighter.unshake_when_shaken and fighter.bennies
            and fighter.fighting_on and fighter.side == state.acting_side):
        return Step(state)
    done = fighter._replace(shaken=False, bennies=fighter.bennies - 1)
    return Step(state.with_fighter(i, done), (Effect(
        "unshaken", f"{fighter.name} spends a benny and is no longer Shaken", fighter.id,
        {"fighter": fighter.name, "benny": True}),))


def reroll_odds(odds: Distribution) -> Distribution:
    """The odds of an attack under the re-roll order: a miss is rolled once more, the same
    roll again (§2.19)."""
    miss = odds.get("miss", Fraction(0))
    return Distribution({"hit": 1 - miss * miss, "miss": miss * miss})


def _with_reroll(odds: Callable[[Battle, Command], Distribution]):
    def with_reroll(state: Battle, command: Command) -> Distribution:
        _, fighter = state.fighter(command.unit)
        exact = odds(state, command)
        return reroll_odds(exact) if fighter.reroll_on_miss and fighter.bennies else exact
    return with_reroll


for _name in ("shoot", "fight"):  # the attacks whose odds are hit or miss
    _attack = RULEBOOK.actions[_name]
    RULEBOOK.actions[_name] = _attack._replace(odds=_with_reroll(_attack.odds))

RULEBOOK.register(
    Action("benny_orders", "§2.20", orders_validate, orders_declare),
    Procedure("benny_unshake", BennyContext, start=unshake_order_start),
)
MISS_HOOKS.append(reroll_miss)
