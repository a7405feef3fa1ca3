"""Actions and the multi-action penalty (digest §2.4, table §3.9).

Source ("Действия"): one attack a turn as a rule, and any number of other actions, each after
the first giving -2 to every skill check that turn. A Wild Card who declares more than two
actions first rolls Agility +4, with that penalty, against tangling his own hands and feet
(three actions: TN 4; four: TN 6; and so on); on a failure none of them happens as he meant.
Extras never take more than two actions a turn. The move of one cell and going prone are
free; running counts as an action (the digest's reading: "-2 to all of that unit's orders").
"""

from __future__ import annotations

from rules.core.errors import RuleError, gettext_noop
from rules.mercenaries.trait import TN, TraitResult

#: The penalty per action after the first (§2.4).
PER_ACTION = -2
#: The Agility bonus of the "don't tangle" check (§2.4).
TANGLE_BONUS = 4
#: The most actions an Extra may take in a turn (§2.4).
EXTRA_ACTIONS = 2


def multi_action_penalty(actions: int) -> int:
    """-2 to every skill check of the turn for each action after the first (§3.9)."""
    return PER_ACTION * max(0, actions - 1)


def check_actions(actions: int, *, wild_card: bool) -> None:
    """Refuse more than two actions for an Extra (§2.4)."""
    if actions < 0:
        raise RuleError("bad_command", rule="§2.4", params={"n": actions},
                        template=gettext_noop("{n} actions is not a number of actions"))
    if not wild_card and actions > EXTRA_ACTIONS:
        raise RuleError(
            "too_many_actions", rule="§2.4", params={"n": actions},
            template=gettext_noop("an Extra takes at most 2 actions a turn, not {n}"),
        )


def needs_tangle_check(actions: int, *, wild_card: bool) -> bool:
    """A Wild Card declaring more than two actions rolls Agility first (§2.4)."""
    check_actions(actions, wild_card=wild_card)
    return wild_card and actions > EXTRA_ACTIONS


def tangle_modifier(actions: int) -> int:
    """The Agility check's modifier at TN 4: +4 and the multi-action penalty (§3.9:
    3 actions net 0, 4 actions net -2, ...)."""
    return TANGLE_BONUS + multi_action_penalty(actions)


def equivalent_tn(actions: int) -> int:
    """The same check stated as a target number at +0 (§3.9: 3 -> 4, 4 -> 6, 5 -> 8)."""
    return TN - tangle_modifier(actions)


def untangled(agility: TraitResult) -> bool:
    """Whether the declared actions happen as meant: the Agility check succeeded."""
    return agility.success
