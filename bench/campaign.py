"""Campaign benchmark on PostgreSQL; prints JSON.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.campaign

It creates its own database (``bench_campaign``, dropped at the end) on the server that
DATABASE_URL names, and plays a campaign through the services, as a club would record it:
two forces of 150 soldiers (15 squads each), 40 linked scenarios, each fought as a real
Steel War battle recorded through the battles services (a random but rules-abiding table,
``tests.battles.steelwar_table``, answering what the engine asks) until its stream holds
2,000 events, concluded and taken over by the campaign (Celery inline), with time, rest and
replacements between battles. Then it measures, through the REST API in-process:

- force sheet reads (``GET /api/campaigns/<id>/forces/<ref>/``) and soldier history reads
  (``GET .../soldiers/<ref>/history/``): target p95 < 50 ms;
- rebuilding every campaign projection from the ledger: target < 60 s.

``BENCH_CAMPAIGN_BATTLES`` / ``BENCH_CAMPAIGN_EVENTS`` shrink the run for a quick check.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import time
from datetime import date

from bench import _machine
from bench._database import own_database
from bench._stats import percentile

BENCH_DB = "bench_campaign"
BATTLES = int(os.environ.get("BENCH_CAMPAIGN_BATTLES", 40))
EVENTS_PER_BATTLE = int(os.environ.get("BENCH_CAMPAIGN_EVENTS", 2000))
SQUADS_PER_FORCE = 15
SOLDIERS_PER_SQUAD = 10  # 2 forces x 15 squads x 10 = 300 soldiers
SQUADS_PER_BATTLE = 3
READS = 400
TARGET_READ_P95_MS = 50
TARGET_REBUILD_S = 60


def main() -> None:
    with own_database(BENCH_DB, bench="campaign"):
        os.environ.pop("REDIS_URL", None)  # Celery inline: the take-over runs on commit, here
        results = _run()
    print(json.dumps(results, indent=2))


def _ms(values: list[float]) -> dict:
    return {"p50": round(statistics.median(values), 2), "p95": round(percentile(values, 0.95), 2),
            "p99": round(percentile(values, 0.99), 2)}


def _run() -> dict:
    import logging

    import django
    from django.core.management import call_command
    from django.db import connection

    django.setup()
    logging.disable(logging.INFO)  # Celery's per-task log lines
    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server_version = cursor.fetchone()[0]

    campaign, users, armies = _campaign()
    rng = random.Random(40)
    started = time.perf_counter()
    played = [_fight(campaign, users, armies, n, rng) for n in range(BATTLES)]
    play_s = time.perf_counter() - started

    from campaign.models import HistoryEntry, Soldier
    from campaign.services.ledger import ledger_of
    from eventstore.models import Event

    reads = _reads(campaign, users, rng)
    sheet_before = _sheet(campaign)
    started = time.perf_counter()
    call_command("rebuild_campaign_projections", verbosity=0)
    rebuild_s = time.perf_counter() - started
    assert _sheet(campaign) == sheet_before, "rebuild != incremental projections"

    return {
        "machine": {"cores": os.cpu_count(), "python": _machine.python(),
                    "postgresql": server_version},
        "campaign": {
            "battles": BATTLES,
            "battle_events": sum(p["events"] for p in played),
            "events_per_battle": {"min": min(p["events"] for p in played),
                                  "max": max(p["events"] for p in played)},
            "soldiers_at_start": 2 * SQUADS_PER_FORCE * SOLDIERS_PER_SQUAD,
            "soldiers_at_end": Soldier.objects.filter(campaign=campaign).count(),
            "ledger_events": len(ledger_of(campaign_id=campaign.pk)),
            "history_rows": HistoryEntry.objects.filter(campaign=campaign).count(),
            "event_store_rows": Event.objects.count(),
        },
        "play_s": round(play_s, 1),
        "take_over_ms": _ms([p["take_over_ms"] for p in played]),
        "force_sheet_read_ms": _ms(reads["sheet"]),
        "soldier_history_read_ms": _ms(reads["history"]),
        "rebuild_all_projections_s": round(rebuild_s, 2),
        "targets": {"read_p95_ms": TARGET_READ_P95_MS, "rebuild_s": TARGET_REBUILD_S},
    }


def _campaign():
    from django.contrib.auth import get_user_model

    from campaign.services import campaigns, forces, scenarios, soldiers
    from clubs.models import Club, Membership

    club = Club.objects.create(name="Bench club", slug="bench")
    users = {name: get_user_model().objects.create_user(name) for name in ("org", "red", "blue")}
    for name, role in (("org", "organizer"), ("red", "player"), ("blue", "player")):
        Membership.objects.create(club=club, user=users[name], role=role)
    org = users["org"]
    campaign = campaigns.start_campaign(user=org, club=club, name="Bench campaign",
                                        start_date=date(1942, 1, 1))
    armies = []
    for owner, name in (("red", "Steel"), ("blue", "Keno")):
        user = users[owner]
        force_id = forces.raise_force(user=user, campaign=campaign, name=name).events[0].data[
            "force_id"]
        squads = []
        for n in range(SQUADS_PER_FORCE):
            squad_id = forces.raise_squad(
                user=user, campaign=campaign, force_id=force_id, name=f"{name} {n + 1}",
                attributes={"quality": ("recruit", "regular", "veteran")[n % 3]},
                establishment=SOLDIERS_PER_SQUAD).events[0].data["squad_id"]
            for k in range(SOLDIERS_PER_SQUAD):
                role, weapon = _roster(k)
                recorded = soldiers.recruit_soldier(
                    user=user, campaign=campaign, force_id=force_id, squad_id=squad_id,
                    name=f"{name} {n + 1}.{k + 1}", role=role,
                    attributes={"weapon": weapon, "armour": "human", "quality": "regular",
                                "leadership": 2 if k == 0 else None})
                if k == 0:
                    forces.assign_squad_commander(
                        user=user, campaign=campaign, squad_id=squad_id,
                        soldier_id=recorded.events[0].data["soldier_id"])
            squads.append(squad_id)
        armies.append({"force": force_id, "squads": squads, "user": user})
    previous = None
    for n in range(BATTLES):
        scenario_id = scenarios.plan_scenario(
            user=org, campaign=campaign, name=f"Scenario {n + 1}",
            force_ids=[a["force"] for a in armies]).events[0].data["scenario_id"]
        if previous is not None:
            scenarios.link_scenarios(user=org, campaign=campaign, from_id=previous,
                                     to_id=scenario_id)
        previous = scenario_id
    return campaign, users, armies


def _roster(k: int) -> tuple[str, str]:
    if k == 0:
        return "commander", "smg"
    if k == 1:
        return "medic", "pistol"
    if k == 2:
        return "machine_gunner", "lmg"
    return "rifleman", "rifle"


def _fight(campaign, users, armies, n: int, rng: random.Random) -> dict:
    """Scenario n+1: between-battle care, the picks, the battle to 2,000 events, the
    conclusion (whose take-over runs on commit)."""
    from battles import services as battles
    from campaign.services import campaigns, forces, scenarios, soldiers
    from campaign.services.battle_setup import start_scenario_battle
    from campaign.services.ledger import state_of
    from campaign.systems.steelwar import services as steelwar
    from rules.core import registry
    from rules.core.facts import Fact
    from tests.battles.steelwar_table import next_request, request_body

    org = users["org"]
    scenario_id = n + 1
    state = state_of(campaign_id=campaign.pk)
    for army in armies:
        picked = [army["squads"][(n * SQUADS_PER_BATTLE + k) % SQUADS_PER_FORCE]
                  for k in range(SQUADS_PER_BATTLE)]
        for squad_id in picked:
            _ready(campaign, org, state, squad_id, soldiers, forces)
        steelwar.set_motivation(user=org, campaign=campaign, scenario_id=scenario_id,
                                 force_id=army["force"], motivation=rng.choice(
                                     ("low", "medium", "high")))
        scenarios.pick_units(user=army["user"], campaign=campaign, scenario_id=scenario_id,
                             force_id=army["force"], squads=[{"squad_id": q} for q in picked])
    battle, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=scenario_id)

    system = registry.get("steelwar")
    from battles.selectors import state_at

    mirror = state_at(battle=battle).state
    version = 1
    while True:
        if version >= EVENTS_PER_BATTLE and system.pending(mirror).kind == "command":
            break
        kind, payload = next_request(system, mirror, rng)
        record = {"dice": battles.enter_dice, "decide": battles.decide,
                  "declare": battles.declare}[kind]  # the API's bodies are their arguments
        result = record(battle_id=battle.pk, user=org, expected_version=version,
                        **request_body(kind, payload))
        for event in result.body["events"]:
            mirror = system.apply(mirror, Fact(event["type"], event["data"])).state
        version = result.body["version"]
    t0 = time.perf_counter()
    battles.conclude_battle(battle_id=battle.pk, user=org, expected_version=version,
                            result=dict(zip(("force-1", "force-2"),
                                            rng.choice((("win", "lose"), ("lose", "win"),
                                                        ("draw", "draw"))), strict=True)))
    take_over_ms = (time.perf_counter() - t0) * 1000
    campaigns.advance_calendar(user=org, campaign=campaign, days=rng.choice((3, 7, 14)))
    if n % 5 == 4:  # every fifth battle one force rotates to rest for a while
        rested = armies[(n // 5) % 2]["force"]
        steelwar.send_force_to_rest(user=org, campaign=campaign, force_id=rested)
        campaigns.advance_calendar(user=org, campaign=campaign, days=7)
        steelwar.send_force_to_front(user=org, campaign=campaign, force_id=rested)
    return {"events": version + 1, "take_over_ms": take_over_ms}


def _ready(campaign, org, state, squad_id: int, soldiers, forces) -> None:
    """Replacements fill the squad's gaps; a squad without a fit commander gets one."""
    squad = state.squads[squad_id]
    for k in range(squad.establishment - state.squad_strength(squad_id)):
        soldiers.add_replacement(user=org, campaign=campaign, squad_id=squad_id,
                                 name=f"{squad.name} replacement {state.version}.{k}",
                                 role="rifleman",
                                 attributes={"weapon": "rifle", "armour": "human"})
    from campaign.services.ledger import state_of

    fresh = state_of(campaign_id=campaign.pk)
    commander = fresh.soldiers.get(fresh.squads[squad_id].commander_id)
    if commander is None or not commander.available:
        fit = [s for s in fresh.squad_members(squad_id) if s.available]
        forces.assign_squad_commander(user=org, campaign=campaign, squad_id=squad_id,
                                      soldier_id=fit[0].id,
                                      attributes={"leadership": fit[0].attributes["leadership"]
                                                  or 2})


def _reads(campaign, users, rng: random.Random) -> dict:
    from rest_framework.test import APIClient

    from campaign.models import Force, Soldier

    client = APIClient()
    client.force_authenticate(users["red"])
    forces = list(Force.objects.filter(campaign=campaign).values_list("ref", flat=True))
    soldiers = list(Soldier.objects.filter(campaign=campaign).values_list("ref", flat=True))
    base = f"/api/campaigns/{campaign.pk}"
    timings: dict[str, list[float]] = {"sheet": [], "history": []}
    for _ in range(READS):
        for kind, url in (("sheet", f"{base}/forces/{rng.choice(forces)}/"),
                          ("history", f"{base}/soldiers/{rng.choice(soldiers)}/history/")):
            t0 = time.perf_counter()
            response = client.get(url)
            timings[kind].append((time.perf_counter() - t0) * 1000)
            assert response.status_code == 200, response.content
    return timings


def _sheet(campaign) -> list:
    from campaign.models import Force, HistoryEntry, Soldier, Squad

    return [
        list(model.objects.filter(campaign=campaign).order_by(*order).values_list(*fields))
        for model, order, fields in (
            (Force, ("ref",), ("ref", "attributes", "battles_fought")),
            (Squad, ("ref",), ("ref", "commander_ref", "strength", "fit", "casualties",
                               "record", "version")),
            (Soldier, ("ref",), ("ref", "status", "attributes", "squad_ref", "wounds",
                                 "version")),
            (HistoryEntry, ("version", "seq", "subject", "subject_ref"),
             ("version", "seq", "subject", "subject_ref", "kind", "text")),
        )
    ]


if __name__ == "__main__":
    main()
