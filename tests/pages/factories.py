"""Real data for the page tests, made through the apps' own services (nothing faked)."""
from django.contrib.auth import get_user_model

from battles import services
from clubs.models import Club, Membership

PASSWORD = "tabletop-1944"


def steelwar_setup() -> dict:
    """Two squads from the Steel War's worked examples (§4): Steel recruits and Keno partisans."""
    return {
        "sides": [
            {
                "id": "steel", "name": "Steel", "motivation": "medium", "fatigue": "fresh",
                "squads": [{
                    "id": "steel.1", "name": "1st squad", "quality": "recruit", "leadership": 2,
                    "figures": [
                        {"id": "cmd", "role": "commander", "weapon": "smg"},
                        {"id": "mg", "role": "machine_gunner", "weapon": "lmg"},
                        {"role": "rifleman", "weapon": "smg", "count": 6},
                    ],
                }],
            },
            {
                "id": "keno", "name": "Keno", "motivation": "medium", "fatigue": "fresh",
                "squads": [{
                    "id": "keno.1", "name": "Partisans", "quality": "recruit", "leadership": 1,
                    "figures": [
                        {"weapon": "rifle", "count": 3},
                        {"id": "cmd", "role": "commander", "weapon": "rifle"},
                        {"weapon": "rifle", "count": 6},
                    ],
                }],
            },
        ]
    }


def club_with_players():
    club = Club.objects.create(name="Iron Wolves", slug="iron-wolves")
    users = {}
    for name, role in (("olga", "organizer"), ("anna", "player"), ("boris", "player")):
        users[name] = get_user_model().objects.create_user(name, password=PASSWORD)
        Membership.objects.create(club=club, user=users[name], role=role)
    return club, users


def steelwar_battle(club, users, name="Hill 203"):
    return services.create_battle(
        club=club,
        name=name,
        rule_system="steelwar",
        setup=steelwar_setup(),
        participants=[
            services.ParticipantSpec(user=users["anna"], side="steel"),
            services.ParticipantSpec(user=users["boris"], side="keno"),
        ],
        created_by=users["olga"],
    )


def steelwar_campaign_planned(club, users):
    """A started campaign with two forces of one squad each and two linked scenarios, the
    first with each force's motivation set and no units picked yet. All through the campaign
    services, as an organizer would do it. Returns ``(campaign, squads)``: per owner, his
    ``force``, ``squad`` and ``soldiers`` ids."""
    from datetime import date

    from campaign.services import campaigns, forces, scenarios, soldiers
    from campaign.systems.steelwar import services as steelwar_services

    org = users["olga"]
    campaign = campaigns.start_campaign(
        user=org, club=club, name="Operation Lantern", start_date=date(1942, 5, 1)
    )
    squads = {}
    for owner, force_name, faction, squad_name, weapon, men in (
        ("anna", "Steel company", "steel", "1st squad", "smg", ("Petrov", "Ivanov", "Sidorov", "Orlov")),
        ("boris", "Keno partisans", "keno", "Partisans", "rifle", ("Aro", "Bel", "Cem", "Dor", "Eln")),
    ):
        force_id = forces.raise_force(
            user=org, campaign=campaign, name=force_name, faction=faction,
            owner_id=users[owner].pk,
        ).state.last_ids["force"]
        squad_id = forces.raise_squad(
            user=org, campaign=campaign, force_id=force_id, name=squad_name,
            attributes={"quality": "recruit"}, establishment=len(men),
        ).state.last_ids["squad"]
        ids = []
        for index, name in enumerate(men):
            recorded = soldiers.recruit_soldier(
                user=org, campaign=campaign, force_id=force_id, squad_id=squad_id, name=name,
                role="commander" if index == 0 else "rifleman",
                attributes={"weapon": weapon, "armour": "human", "quality": "recruit",
                            "leadership": 2 if index == 0 else None},
            )
            ids.append(recorded.state.last_ids["soldier"])
        forces.assign_squad_commander(user=org, campaign=campaign, squad_id=squad_id,
                                      soldier_id=ids[0])
        squads[owner] = {"force": force_id, "squad": squad_id, "soldiers": ids}
    force_ids = [squads["anna"]["force"], squads["boris"]["force"]]
    first = scenarios.plan_scenario(user=org, campaign=campaign, name="The bridge",
                                    force_ids=force_ids).state.last_ids["scenario"]
    second = scenarios.plan_scenario(user=org, campaign=campaign, name="The village",
                                     force_ids=force_ids).state.last_ids["scenario"]
    scenarios.link_scenarios(user=org, campaign=campaign, from_id=first, to_id=second)
    for owner in ("anna", "boris"):
        steelwar_services.set_motivation(user=org, campaign=campaign, scenario_id=first,
                                 force_id=squads[owner]["force"], motivation="medium")
    return campaign, squads


def steelwar_campaign(club, users):
    """:func:`steelwar_campaign_planned` with each owner's squad picked for the first
    scenario and its battle set up (nothing recorded in it yet)."""
    from campaign.services import scenarios
    from campaign.services.battle_setup import start_scenario_battle

    campaign, squads = steelwar_campaign_planned(club, users)
    for owner in ("anna", "boris"):
        scenarios.pick_units(user=users[owner], campaign=campaign, scenario_id=1,
                             force_id=squads[owner]["force"],
                             squads=[{"squad_id": squads[owner]["squad"]}])
    battle, _ = start_scenario_battle(user=users["olga"], campaign=campaign, scenario_id=1)
    return campaign, battle, squads
