"""Real data for the page tests, made through the apps' own services (nothing faked)."""
from django.contrib.auth import get_user_model

from battles import services
from campaign.models import Club, Membership

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
        rules_system="steelwar",
        setup=steelwar_setup(),
        participants=[
            services.ParticipantSpec(user=users["anna"], side="steel"),
            services.ParticipantSpec(user=users["boris"], side="keno"),
        ],
        created_by=users["olga"],
    )
