"""Ledgers recorded before the campaign plug-ins still fold to the same campaign: the demo
campaign's 69 events as the old code stored them (``data/demo_ledger_before_plugins.json``:
the events, the old fold's state and its history effects) give every soldier, squad, force
and scenario the same values, now in ``attributes``, and the very same history."""
import json
from pathlib import Path

import pytest

from campaign.ledger.fold import apply, fold
from campaign.ledger.state import CampaignState, Entry, state_json

RECORDED = json.loads((Path(__file__).parent / "data" / "demo_ledger_before_plugins.json")
                      .read_text(encoding="utf-8"))
ENTRIES = [Entry(v, t, d) for v, t, d in RECORDED["entries"]]
#: The Steel War's columns of the old state, now attributes (a force's fatigue is derived).
MOVED = {
    "soldiers": {"weapon", "armour", "quality", "specialties", "leadership", "traits"},
    "squads": {"quality", "traits"},
    "forces": {"posture", "fatigue_points", "front_days", "rest_days", "consecutive_battles",
               "fatigue"},
}


@pytest.mark.parametrize("kind", ["soldiers", "squads", "forces"])
def test_every_entity_keeps_its_values(kind):
    now = state_json(fold(ENTRIES))
    assert [e["id"] for e in now[kind]] == [e["id"] for e in RECORDED["state"][kind]]
    for old, new in zip(RECORDED["state"][kind], now[kind], strict=True):
        for key, value in old.items():
            got = new["attributes"].get(key) if key in MOVED.get(kind, ()) else new[key]
            assert got == value, (kind, old["id"], key)


def test_scenarios_keep_their_sides_picks_and_results():
    now = state_json(fold(ENTRIES))
    for old, new in zip(RECORDED["state"]["scenarios"], now["scenarios"], strict=True):
        assert {f: side["motivation"] for f, side in new["side_attributes"].items()} == (
            old["motivation"])
        assert {k: new[k] for k in old if k != "motivation"} == {
            k: v for k, v in old.items() if k != "motivation"}


def test_the_history_is_the_same_effect_for_effect():
    state, effects = CampaignState(), []
    for entry in ENTRIES:
        step = apply(state, entry)
        state = step.state
        effects += [[entry.version, e.kind, e.text, e.force_id, e.squad_id, e.soldier_id,
                     json.dumps(e.data, sort_keys=True, default=str)] for e in step.effects]
    assert len(effects) == len(RECORDED["effects"]) == 106
    assert effects == RECORDED["effects"]
