"""The demo campaign (``manage.py load_demo``): a club, its organizer and two players, a
Steel War campaign of three linked scenarios, two forces with their chain of command, one
battle fought and concluded, a second one in progress.

Everything goes through the services, as a club would record it: the battles' facts answer
what the engine asks, with dice taken from a seeded sequence and entered as table dice.
Idempotent: a second run finds the campaign and only prints the logins.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date

from django.contrib.auth import get_user_model
from django.db import transaction

from battles import services as battles
from battles.selectors import state_at
from campaign.models import Campaign
from campaign.services import campaigns, forces, scenarios, soldiers
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.takeover import take_over_battle
from campaign.systems.steelwar import services as steelwar_services
from clubs.models import Club, Membership
from config.errors import DomainError
from rules.core.errors import RuleError

PASSWORD = "wargame-demo"
LOGINS = (("organizer", Membership.Role.ORGANIZER), ("alice", Membership.Role.PLAYER),
          ("bob", Membership.Role.PLAYER))
CLUB = ("Steel Veterans (demo)", "steel-veterans-demo")
CAMPAIGN = "Winter Line"
DICE_SEED = 1942

#: (force name, faction, owner, squads: (name, quality, [(role, weapon, count)], traits))
FORCES = (
    ("3rd Mirror Battalion", "steel", "alice", (
        ("1st squad", "regular", [("commander", "smg", 1), ("machine_gunner", "lmg", 1),
                                  ("medic", "pistol", 1), ("rifleman", "smg", 5)], {}),
        ("2nd squad", "recruit", [("commander", "smg", 1), ("sniper", "sniper_rifle", 1),
                                  ("rifleman", "rifle", 5)], {}),
    )),
    ("Keno Guard detachment", "keno", "bob", (
        ("Guard section", "veteran", [("commander", "smg", 1), ("medic", "pistol", 1),
                                      ("rifleman", "automat", 6)], {"keno_guard": True}),
        ("Partisans", "recruit", [("commander", "rifle", 1), ("rifleman", "rifle", 7)], {}),
    )),
)
NAMES = ("Anton Belov", "Yuri Kasatkin", "Oleg Markov", "Ilya Sorokin", "Pavel Gromov",
         "Timur Valiev", "Gleb Orlov", "Denis Zhukov", "Roman Lebedev", "Maksim Frolov",
         "Arkady Shubin", "Lev Morozov", "Kir Danilov", "Vasily Rudnev", "Egor Tikhonov",
         "Sanro Keth", "Malo Dravik", "Tessa Orun", "Ivo Brask", "Pell Varro", "Quin Adder",
         "Rhun Tallo", "Sef Morrow", "Dace Wyl", "Hesk Ammar", "Lio Varn", "Ruk Telsa",
         "Mira Coll", "Jesk Pollo", "Vran Dey", "Oda Falk", "Tam Rizzo", "Nils Orb")


@dataclass
class Demo:
    campaign: Campaign
    created: bool


def load_demo() -> Demo:
    users = _users()
    club, _ = Club.objects.get_or_create(slug=CLUB[1], defaults={"name": CLUB[0]})
    for login, role in LOGINS:
        Membership.objects.get_or_create(club=club, user=users[login], defaults={"role": role})
    existing = Campaign.objects.filter(club=club, name=CAMPAIGN).first()
    if existing is not None:
        return Demo(existing, created=False)
    with transaction.atomic():
        campaign = _campaign(club, users)
    return Demo(campaign, created=True)


def _users() -> dict:
    out = {}
    for login, _ in LOGINS:
        user, created = get_user_model().objects.get_or_create(username=login)
        if created:
            user.set_password(PASSWORD)
            user.save(update_fields=["password"])
        out[login] = user
    return out


def _campaign(club: Club, users: dict) -> Campaign:
    org = users["organizer"]
    campaign = campaigns.start_campaign(user=org, club=club, name=CAMPAIGN,
                                        start_date=date(1942, 11, 1))
    names = iter(NAMES)
    armies = [_force(campaign, users[owner], name, faction, squads, names)
              for name, faction, owner, squads in FORCES]
    steel, keno = (army["force"] for army in armies)
    plan = [("River crossing", "Steel forces the river under the Guard's guns."),
            ("The mill", "The Guard counter-attacks at the old mill."),
            ("Breakthrough", "If Steel holds the mill, it breaks through to the rail yard.")]
    ids = [scenarios.plan_scenario(user=org, campaign=campaign, name=name, description=text,
                                   force_ids=[steel, keno]).events[0].data["scenario_id"]
           for name, text in plan]
    scenarios.link_scenarios(user=org, campaign=campaign, from_id=ids[0], to_id=ids[1])
    scenarios.link_scenarios(user=org, campaign=campaign, from_id=ids[1], to_id=ids[2],
                             condition="win", force_id=steel)

    rng = random.Random(DICE_SEED)
    first = _start(campaign, users, armies, ids[0], ("medium", "high"), squad=0)
    _play(first, org, rng, turns=2)
    first.refresh_from_db()
    battles.conclude_battle(battle_id=first.pk, user=org, expected_version=first.version,
                            result={"force-1": "win", "force-2": "lose"})
    take_over_battle(battle_id=first.pk)  # also enqueued on commit; the second run is a no-op
    campaigns.advance_calendar(user=org, campaign=campaign, days=3)
    second = _start(campaign, users, armies, ids[1], ("medium", "medium"), squad=1)
    _play(second, org, rng, turns=1)
    return campaign


def _force(campaign: Campaign, owner, name: str, faction: str, squads, names) -> dict:
    force = forces.raise_force(user=owner, campaign=campaign, name=name, faction=faction)
    force_id = force.events[0].data["force_id"]

    def formation(level: str, title: str, parent: int | None) -> int:
        return forces.raise_formation(user=owner, campaign=campaign, force_id=force_id,
                                      level=level, name=title, parent_id=parent
                                      ).events[0].data["formation_id"]

    battalion = formation("battalion", f"{name}", None)
    company = formation("company", "1st company", battalion)
    platoon = formation("platoon", "1st platoon", company)
    officer = soldiers.recruit_soldier(
        user=owner, campaign=campaign, force_id=force_id, name=next(names), role="commander",
        attributes={"weapon": "pistol", "armour": "human", "quality": "veteran",
                    "leadership": 1, "specialties": ["radio"]},
    ).events[0].data["soldier_id"]
    forces.assign_formation_commander(user=owner, campaign=campaign, formation_id=platoon,
                                      soldier_id=officer)
    squad_ids = []
    for squad_name, quality, roster, traits in squads:
        size = sum(count for _, _, count in roster)
        squad_id = forces.raise_squad(user=owner, campaign=campaign, force_id=force_id,
                                      name=squad_name, establishment=size,
                                      formation_id=platoon,
                                      attributes={"quality": quality, "traits": traits},
                                      ).events[0].data["squad_id"]
        for role, weapon, count in roster:
            for _ in range(count):
                recorded = soldiers.recruit_soldier(
                    user=owner, campaign=campaign, force_id=force_id, squad_id=squad_id,
                    name=next(names), role=role,
                    attributes={"weapon": weapon, "armour": "human", "quality": quality,
                                "leadership": 2 if role == "commander" else None,
                                "specialties": ["medic"] if role == "medic" else []})
                if role == "commander":
                    forces.assign_squad_commander(
                        user=owner, campaign=campaign, squad_id=squad_id,
                        soldier_id=recorded.events[0].data["soldier_id"])
        squad_ids.append(squad_id)
    return {"force": force_id, "squads": squad_ids, "owner": owner}


def _start(campaign, users, armies, scenario_id: int, motivation: tuple, squad: int):
    org = users["organizer"]
    for army, level in zip(armies, motivation, strict=True):
        steelwar_services.set_motivation(user=org, campaign=campaign, scenario_id=scenario_id,
                                 force_id=army["force"], motivation=level)
        scenarios.pick_units(user=army["owner"], campaign=campaign, scenario_id=scenario_id,
                             force_id=army["force"], squads=[{"squad_id": army["squads"][squad]}])
    battle, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=scenario_id)
    return battle


def _play(battle, user, rng: random.Random, turns: int) -> None:
    """Each turn every squad activates and fires at the first enemy squad with every
    figure still fighting; the engine's questions are answered with seeded table dice and
    the first option of each decision. An action the rules refuse (a suppressed squad
    firing...) is skipped, as a player would."""
    for _ in range(turns):
        units = [squad.id for squad in state_at(battle=battle).state.squads]
        for unit in units:
            enemy = next(u for u in units if _side(battle, u) != _side(battle, unit))
            if not _act(battle, user, rng, {"action": "begin_activation", "unit": unit}):
                continue
            squad = _squad(battle, unit)
            weapons = [f.id for f in squad.fighting_figures() if f.weapon]
            _act(battle, user, rng, {"action": "fire", "unit": unit, "params": {
                "target": enemy, "weapons": weapons, "distance": 6}})
            _act(battle, user, rng, {"action": "end_activation"})
        _act(battle, user, rng, {"action": "end_turn"})


def _squad(battle, unit: str):
    state = state_at(battle=battle).state
    return state.squads[state.index[unit]]


def _side(battle, unit: str) -> int:
    return _squad(battle, unit).side


def _act(battle, user, rng: random.Random, command: dict) -> bool:
    battle.refresh_from_db()
    try:
        result = battles.declare(battle_id=battle.pk, user=user, expected_version=battle.version,
                                 command=command)
    except (RuleError, DomainError):
        return False
    pending = result.body["pending"]
    while pending["kind"] != "command":
        battle.refresh_from_db()
        if pending["kind"] == "dice":
            rolls = {r["key"]: [rng.randint(1, r["sides"]) for _ in range(r["count"])]
                     for r in pending["requests"]}
            result = battles.enter_dice(battle_id=battle.pk, user=user,
                                        expected_version=battle.version, rolls=rolls)
        else:
            options = [o["value"] for o in pending["options"]]
            choice = options[:pending.get("at_least", 1)] if pending.get("multiple") else (
                options[0])
            result = battles.decide(battle_id=battle.pk, user=user,
                                    expected_version=battle.version, key=pending["key"],
                                    choice=choice)
        pending = result.body["pending"]
    return True

