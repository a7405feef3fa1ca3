"""Building ledgers by hand for the pure fold tests (no Django, no event store)."""
from __future__ import annotations

from campaign.ledger import events as ev
from campaign.ledger.fold import fold
from campaign.ledger.state import CampaignState, Entry


def entries(*events: ev.LedgerEvent, start: int = 1) -> list[Entry]:
    return [Entry(n, e.type, e.to_data()) for n, e in enumerate(events, start)]


def ledger(*events: ev.LedgerEvent) -> CampaignState:
    return fold(entries(*events))


def started(**house_rules) -> ev.CampaignStarted:
    return ev.CampaignStarted(name="Winter Line", rule_system="steelwar", rule_version="1.0",
                              start_date="1942-11-01", house_rules=house_rules,
                              seed_sha256="0" * 64)


def soldier(soldier_id: int, squad_id: int, force_id: int = 1, role: str = "rifleman",
            **extra) -> ev.SoldierRecruited:
    """A Steel War soldier (``extra``: more attributes, e.g. ``leadership=2``)."""
    return ev.SoldierRecruited(soldier_id=soldier_id, force_id=force_id, squad_id=squad_id,
                               name=f"soldier {soldier_id}", role=role,
                               attributes={"weapon": "rifle", "armour": "human",
                                           "quality": "regular", **extra})


def two_forces() -> list[ev.LedgerEvent]:
    """Steel (force 1, squad 1: soldiers 1-4, 1 commands) and Keno (force 2, squad 2:
    soldiers 5-8, 5 commands), both in scenario 1."""
    out: list[ev.LedgerEvent] = [started()]
    for force_id, name in ((1, "Steel"), (2, "Keno")):
        first = 1 + (force_id - 1) * 4
        out += [
            ev.ForceRaised(force_id=force_id, owner_id=10 + force_id, name=name),
            ev.SquadRaised(squad_id=force_id, force_id=force_id, name=f"{name} 1st",
                           establishment=4, attributes={"quality": "regular"}),
            soldier(first, force_id, force_id, role="commander", leadership=2),
            *(soldier(n, force_id, force_id) for n in range(first + 1, first + 4)),
            ev.SquadCommanderAssigned(squad_id=force_id, soldier_id=first),
        ]
    out.append(ev.ScenarioPlanned(scenario_id=1, name="River", force_ids=[1, 2]))
    return out


def battle(scenario_id: int = 1, battle_id: int = 100, steel=(1, 2, 3, 4), keno=(5, 6, 7, 8),
           fatigue=("fresh", "fresh")) -> ev.BattleStarted:
    return ev.BattleStarted(scenario_id=scenario_id, battle_id=battle_id, sides=[
        {"force_id": 1, "side": "force-1", "motivation": "medium", "fatigue": fatigue[0],
         "starting_morale": "confident", "squads": [{"squad_id": 1, "soldier_ids": list(steel)}]},
        {"force_id": 2, "side": "force-2", "motivation": "medium", "fatigue": fatigue[1],
         "starting_morale": "confident", "squads": [{"squad_id": 2, "soldier_ids": list(keno)}]},
    ])
