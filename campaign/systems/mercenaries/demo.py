"""The Mercenaries demo campaign (``manage.py load_demo``): in the demo club (the Steel War
demo's organizer and players), "Banana Hell": two forces of a Wild Card leading Extras (a
sergeant and a lieutenant by rank, commanders who can stop the flight of the panicked, §2.13),
two scenarios on maps of their own and a third planned, the first battle fought (a shot that
takes an Extra out of the fight) and taken over, the second in progress.

Everything goes through the services, as a club would record it; the dice are fixed table
dice. The weapon table is the organizer's (the source lost the book's, §0): the profiles
below are demo data, labelled so, not the rulebook's. Idempotent.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db import transaction

from battles import services as battles
from campaign.models import Campaign
from campaign.services import campaigns, forces, scenarios, soldiers
from campaign.services.battle_setup import start_scenario_battle
from campaign.services.takeover import take_over_battle
from campaign.systems.steelwar import demo as club_demo

PASSWORD = club_demo.PASSWORD
LOGINS = club_demo.LOGINS
CAMPAIGN = "Banana Hell"
#: Demo data standing in for the book's lost weapon table (the organizer's, §0).
WEAPONS = {"assault rifle": {"damage": [2, 8, 0], "ap": 2, "range": [12, 24, 48], "rof": 1},
           "pistol": {"damage": [2, 6, 0], "range": [6, 12, 24], "rof": 1},
           "machete": {"damage": [1, 6, 0]}}

_BASE = {"agility": "d6", "spirit": "d6", "strength": "d6", "vigor": "d6", "fighting": "d6",
         "shooting": "d6", "toughness": 5, "parry": 5, "weapon": "assault rifle"}
#: (force, owner, squad, [(name, kind, more attributes)])
FORCES = (
    ("Wild Geese", "alice", "Alpha team", [
        ("Sgt. Rourke", "wild_card", {"shooting": "d8", "vigor": "d8", "toughness": 6,
                                      "bennies": 3, "edges": ["Rock and Roll!"],
                                      "melee_weapon": "machete", "rank": "sergeant"}),
        ("Kane", "extra", {"base_skill": "d6", "melee_weapon": "improvised weapon (small)"}),
        ("Dutch", "extra", {"base_skill": "d6", "weapon": "pistol"}),
    ]),
    ("Junta", "bob", "Patrol", [
        ("Lt. Moreno", "wild_card", {"spirit": "d8", "hindrances": ["Arrogant"],
                                     "weapon": "pistol", "rank": "lieutenant"}),
        ("Pvt. Ruiz", "extra", {"base_skill": "d6"}),
        ("Pvt. Gomez", "extra", {"base_skill": "d6"}),
    ]),
)
MAPS = (
    ("The clearing", "A patrol crosses a clearing at dusk.",
     {"width": 12, "height": 8, "light": "dim",
      "terrain": {"5,3": 2, "6,6": "building", "3,5": 1, "9,1": "jungle"}}),
    ("The river village", "The Geese raid the village by the river.",
     {"width": 10, "height": 10, "light": "normal",
      "terrain": {"4,4": "building", "5,4": "building", "2,7": 2}}),
)


@dataclass
class Demo:
    campaign: Campaign
    created: bool


def load_demo() -> Demo:
    club_demo.load_demo()  # the club, its organizer and players
    users = club_demo._users()
    from clubs.models import Club

    club = Club.objects.get(slug=club_demo.CLUB[1])
    existing = Campaign.objects.filter(club=club, name=CAMPAIGN).first()
    if existing is not None:
        return Demo(existing, created=False)
    with transaction.atomic():
        campaign = _campaign(club, users)
    return Demo(campaign, created=True)


def _campaign(club, users) -> Campaign:
    org = users["organizer"]
    campaign = campaigns.start_campaign(user=org, club=club, name=CAMPAIGN,
                                        start_date=date(1985, 3, 1), rule_system="mercenaries",
                                        rule_version="0.1", house_rules={"weapons": WEAPONS})
    armies = []
    for name, owner, squad_name, members in FORCES:
        user = users[owner]
        force_id = forces.raise_force(user=user, campaign=campaign, name=name
                                      ).events[0].data["force_id"]
        squad_id = forces.raise_squad(user=user, campaign=campaign, force_id=force_id,
                                      name=squad_name, establishment=len(members)
                                      ).events[0].data["squad_id"]
        ids = [soldiers.recruit_soldier(user=user, campaign=campaign, force_id=force_id,
                                        squad_id=squad_id, name=member,
                                        attributes={**_BASE, "kind": kind, **more}
                                        ).events[0].data["soldier_id"]
               for member, kind, more in members]
        armies.append({"force": force_id, "squad": squad_id, "owner": user, "ids": ids})
    geese, junta = armies
    plan = []
    for name, text, battlefield in MAPS:
        scenario_id = scenarios.plan_scenario(
            user=org, campaign=campaign, name=name, description=text,
            force_ids=[geese["force"], junta["force"]]).events[0].data["scenario_id"]
        scenarios.set_scenario_attributes(user=org, campaign=campaign,
                                          scenario_id=scenario_id, attributes=battlefield)
        for army, edge in ((geese, "west"), (junta, "east")):
            scenarios.set_side_attributes(user=org, campaign=campaign,
                                          scenario_id=scenario_id, force_id=army["force"],
                                          attributes={"edge": edge})
            scenarios.pick_units(user=army["owner"], campaign=campaign,
                                 scenario_id=scenario_id, force_id=army["force"],
                                 squads=[{"squad_id": army["squad"]}])
        plan.append(scenario_id)
    scenarios.link_scenarios(user=org, campaign=campaign, from_id=plan[0], to_id=plan[1])
    # planned next: its map given, the sides not yet deployed nor picked
    extraction = scenarios.plan_scenario(
        user=org, campaign=campaign, name="Extraction",
        description="The Geese fight their way to the landing zone.",
        force_ids=[geese["force"], junta["force"]]).events[0].data["scenario_id"]
    scenarios.set_scenario_attributes(user=org, campaign=campaign, scenario_id=extraction,
                                      attributes={"width": 16, "height": 10, "light": "dark",
                                                  "terrain": {"8,5": "jungle", "9,5": "jungle",
                                                              "12,2": 4}})
    scenarios.link_scenarios(user=org, campaign=campaign, from_id=plan[1], to_id=extraction)

    first, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=plan[0])
    rourke, ruiz = f"soldier-{geese['ids'][0]}", f"soldier-{junta['ids'][1]}"
    _shot(first, org, rourke, ruiz, hit=[6], wild=[3], damage=[6, 5])
    first.refresh_from_db()
    battles.conclude_battle(battle_id=first.pk, user=org, expected_version=first.version,
                            result={f"force-{geese['force']}": "win",
                                    f"force-{junta['force']}": "lose"})
    take_over_battle(battle_id=first.pk)  # also enqueued on commit; the second run is a no-op
    campaigns.advance_calendar(user=org, campaign=campaign, days=2)
    # Ruiz is still healing: the Junta goes into the village without him
    scenarios.pick_units(user=junta["owner"], campaign=campaign, scenario_id=plan[1],
                         force_id=junta["force"],
                         squads=[{"squad_id": junta["squad"],
                                  "soldier_ids": [junta["ids"][0], junta["ids"][2]]}])
    second, _ = start_scenario_battle(user=org, campaign=campaign, scenario_id=plan[1])
    _shot(second, org, f"soldier-{geese['ids'][1]}", f"soldier-{junta['ids'][2]}",
          hit=[2], wild=None, damage=None)
    return campaign


def _shot(battle, user, shooter: str, target: str, *, hit, wild, damage) -> None:
    """A shot with fixed table dice: the attack (and the Wild Die of a Wild Card), then the
    damage if it hits."""
    battle.refresh_from_db()
    result = battles.declare(battle_id=battle.pk, user=user, expected_version=battle.version,
                             command={"action": "shoot", "unit": shooter,
                                      "params": {"target": target}})
    rolls = {"attack.trait": hit, **({"attack.wild": wild} if wild else {})}
    for step in (rolls, {"damage.weapon": damage} if damage else None):
        pending = result.body["pending"]
        if step is None or pending["kind"] != "dice":
            return
        battle.refresh_from_db()
        result = battles.enter_dice(battle_id=battle.pk, user=user,
                                    expected_version=battle.version, rolls=step)
