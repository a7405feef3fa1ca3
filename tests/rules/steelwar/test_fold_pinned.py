"""The fold's observable behaviour is pinned: recorded battles replay to the same effects,
states, pending inputs and refusals (see :mod:`.pinned_battles`)."""

import pytest

from rules.core.facts import Fact
from tests.rules.steelwar.fold_support import SYSTEM
from tests.rules.steelwar.pinned_battles import load, replay_log

BATTLES = load()


@pytest.mark.parametrize("battle", BATTLES, ids=[b["name"] for b in BATTLES])
def test_recorded_battle_replays_to_the_same_effects_states_and_refusals(battle):
    log = battle["log"]
    now = replay_log(SYSTEM, SYSTEM.initial_state(battle["setup"]), log)
    for n, (then, seen) in enumerate(zip(log, now, strict=True)):
        assert seen == then, f"fact {n} ({Fact.from_json(then['fact'])}) now gives {seen}"


def test_the_recorded_battles_cover_the_mix():
    kinds = {e["fact"]["data"].get("action") or e["fact"]["type"]
             for b in BATTLES for e in b["log"] if "seen" in e}
    for kind in ("move", "fire", "dice", "decide", "remove_suppression", "reorganise", "rally",
                 "charge", "go_prone", "stand_up", "end_turn"):
        assert kind in kinds
    assert any("error" in e for b in BATTLES for e in b["log"])
