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
  (``GET .../soldiers/<ref>/history/``), one after the other: target p95 < 50 ms; every
  sheet read is cold (the server cache emptied before it);
- force sheet reads by 4 concurrent readers (processes), ``READS`` in all for each kind:
  cold (cache emptied before each read), warm (the server cache keyed by the projected
  ledger version), conditional (``If-None-Match`` with the sheet's ETag: 304), and the
  force page (HTML): target p95 < 50 ms for the API's sheet;
- the sheet's size: what it lists (the living and the recent fallen) against every soldier
  of the force (what it listed before issue 17);
- rebuilding every campaign projection from the ledger: target < 60 s.

``BENCH_CAMPAIGN_BATTLES`` / ``BENCH_CAMPAIGN_EVENTS`` shrink the run for a quick check.
``BENCH_CAMPAIGN_LOSSES=n``: after each battle the organizer also records n losses per force
(deaths, every third a capture) among the soldiers of the squads it fought with, which the
replacements fill before their next battle: the dead-heavy campaign of issue 17 (1,177
soldiers) with shorter battles, when the machine is too busy for 80,000 battle events.
"""
from __future__ import annotations

import json
import multiprocessing
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
LOSSES_PER_BATTLE = int(os.environ.get("BENCH_CAMPAIGN_LOSSES", 0))
SQUADS_PER_FORCE = 15
SOLDIERS_PER_SQUAD = 10  # 2 forces x 15 squads x 10 = 300 soldiers
SQUADS_PER_BATTLE = 3
READS = 400
READERS = int(os.environ.get("BENCH_CAMPAIGN_READERS", 4))
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

    load_before = os.getloadavg()[0]
    reads = _reads(campaign, users, rng)
    concurrent = _concurrent_reads(campaign, users["red"].pk)
    size = _sheet_size(campaign, users)
    load_after = os.getloadavg()[0]
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
            "losses_recorded_per_battle_and_force": LOSSES_PER_BATTLE,
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
        "load_1min": [round(load_before, 2), round(load_after, 2)],
        "calibration_us_sum_range_1000": _machine.calibration_us(),
        "force_sheet_read_ms": _ms(reads["sheet"]),
        "soldier_history_read_ms": _ms(reads["history"]),
        f"force_sheet_{READERS}_readers_ms": {kind: _ms(values)
                                              for kind, values in concurrent.items()},
        "force_sheet_size": size,
        "rebuild_all_projections_s": round(rebuild_s, 2),
        "targets": {"read_p95_ms": TARGET_READ_P95_MS,
                    f"force_sheet_{READERS}_readers_p95_ms": TARGET_READ_P95_MS,
                    "rebuild_s": TARGET_REBUILD_S},
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
    _losses(campaign, org, armies, soldiers)
    campaigns.advance_calendar(user=org, campaign=campaign, days=rng.choice((3, 7, 14)))
    if n % 5 == 4:  # every fifth battle one force rotates to rest for a while
        rested = armies[(n // 5) % 2]["force"]
        steelwar.send_force_to_rest(user=org, campaign=campaign, force_id=rested)
        campaigns.advance_calendar(user=org, campaign=campaign, days=7)
        steelwar.send_force_to_front(user=org, campaign=campaign, force_id=rested)
    return {"events": version + 1, "take_over_ms": take_over_ms}


def _losses(campaign, org, armies, soldiers) -> None:
    """``LOSSES_PER_BATTLE`` losses per force among the fit soldiers of the squads it just
    fought with (commanders spared): deaths, every third a capture by the other force."""
    from campaign.services.ledger import state_of

    state = state_of(campaign_id=campaign.pk)
    (scenario,) = [s for s in state.scenarios.values() if s.battle_id is not None
                   and s.taken_over and s.id == max(x.id for x in state.scenarios.values()
                                                    if x.battle_id is not None)]
    for k, army in enumerate(armies):
        enemy = armies[1 - k]["force"]
        fought = [sid for side in scenario.sides if side["force_id"] == army["force"]
                  for pick in side["squads"] for sid in pick["soldier_ids"]]
        fit = [sid for sid in fought if state.soldiers[sid].status == "fit"
               and sid not in {q.commander_id for q in state.squads.values()}]
        for n, soldier_id in enumerate(fit[:LOSSES_PER_BATTLE]):
            if n % 3 == 2:
                soldiers.record_capture(user=org, campaign=campaign, soldier_id=soldier_id,
                                        by_force_id=enemy)
            else:
                soldiers.record_death(user=org, campaign=campaign, soldier_id=soldier_id,
                                      cause="died of wounds")


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
    from django.core.cache import cache
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
            cache.clear()  # the sheet built from the projections every time
            t0 = time.perf_counter()
            response = client.get(url)
            timings[kind].append((time.perf_counter() - t0) * 1000)
            assert response.status_code == 200, response.content
    return timings


KINDS = ("cold", "warm", "conditional_304", "page_html")


def _concurrent_reads(campaign, user_id: int) -> dict[str, list[float]]:
    """``READERS`` processes read at once, one kind of read after the other (so that each
    kind is measured beside itself), ``READS`` reads in all per kind."""
    from django.db import connections

    connections.close_all()  # each reader opens its own
    per_reader = READS // READERS
    out = {}
    with multiprocessing.get_context("fork").Pool(READERS) as pool:
        for kind in KINDS:
            results = pool.starmap(_reader, [(campaign.pk, user_id, kind, per_reader, n)
                                             for n in range(READERS)])
            out[kind] = [t for r in results for t in r[0]]
            out[f"{kind}_cpu"] = [t for r in results for t in r[1]]
    return out


def _reader(campaign_id: int, user_id: int, kind: str, reads: int, seed: int
            ) -> tuple[list[float], list[float]]:
    """One reader (a process of its own) reads ``reads`` times, forces chosen at random:
    ``cold`` sheets (server cache emptied first), ``warm`` sheets, ``conditional_304``
    sheets (the ETag sent back: 304) or ``page_html`` (the force page). The wall clock and
    the CPU time of each read (client and server: one process), in ms."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client
    from rest_framework.test import APIClient

    from campaign.models import Force

    user = get_user_model().objects.get(pk=user_id)
    api = APIClient()
    api.force_authenticate(user)
    page = Client()
    page.force_login(user)
    rng = random.Random(seed)
    forces = list(Force.objects.filter(campaign_id=campaign_id).values_list("ref", flat=True))
    sheet = f"/api/campaigns/{campaign_id}/forces/%d/"
    etags = {ref: api.get(sheet % ref)["ETag"] for ref in forces}
    timings, cpu = [], []
    for _ in range(reads):
        ref = rng.choice(forces)
        if kind == "cold":
            cache.clear()
        c0, t0 = time.process_time(), time.perf_counter()
        if kind == "page_html":
            response = page.get(f"/campaigns/{campaign_id}/forces/{ref}/")
        elif kind == "conditional_304":
            response = api.get(sheet % ref, headers={"If-None-Match": etags[ref]})
        else:
            response = api.get(sheet % ref)
        timings.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        expected = 304 if kind == "conditional_304" else 200
        assert response.status_code == expected, (kind, response.status_code)
    return timings, cpu


def _sheet_size(campaign, users) -> dict:
    """Bytes of each force's sheet and how many soldiers it lists, against every soldier
    of the force (what the sheet listed before)."""
    from rest_framework.test import APIClient

    from campaign.api import serializers as s
    from campaign.api.base import plain_rows
    from campaign.models import Force, Soldier

    client = APIClient()
    client.force_authenticate(users["red"])
    out = {}
    for ref in Force.objects.filter(campaign=campaign).values_list("ref", flat=True):
        body = client.get(f"/api/campaigns/{campaign.pk}/forces/{ref}/")
        every = plain_rows(s.SoldierSerializer,
                           Soldier.objects.filter(campaign=campaign, force_ref=ref))
        sheet = body.json()
        out[str(ref)] = {
            "bytes": len(body.content),
            "soldiers_listed": len(sheet["soldiers"]),
            "older_fallen": sheet["fallen"]["older_count"],
            "soldiers_of_the_force": len(every),
            "bytes_of_every_soldier": len(json.dumps(every, default=str,
                                                     separators=(",", ":"))),
        }
    return out


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
