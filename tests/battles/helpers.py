"""Small helpers for the battles API tests."""

from battles import services
from battles.models import Battle


def battle_between(club, people, name: str, rule_system: str, setup: dict, sides: tuple,
                   rule_version: str | None = None) -> Battle:
    """A battle of ``rule_system`` the organizer starts in ``club``: alice plays the first of
    ``sides``, bob the second."""
    alice_side, bob_side = sides
    return services.create_battle(
        club=club, name=name, rule_system=rule_system, rule_version=rule_version, setup=setup,
        participants=[services.ParticipantSpec(user=people["alice"], side=alice_side),
                      services.ParticipantSpec(user=people["bob"], side=bob_side)],
        created_by=people["org"],
    )


def mercenaries_battle(club, people, name: str, setup: dict) -> Battle:
    """A Mercenaries battle (rules 0.1): alice leads the mercenaries, bob the junta."""
    return battle_between(club, people, name, "mercenaries", setup, ("mercs", "junta"), "0.1")


def url(battle, suffix: str = "") -> str:
    pk = battle.pk if isinstance(battle, Battle) else battle
    return f"/api/battles/{pk}/{suffix}"


def post(client, battle, suffix: str, body: dict, **headers):
    return client.post(url(battle, suffix), body, format="json", headers=headers or None)


def head(battle) -> int:
    return Battle.objects.get(pk=battle.pk).version


def fire(client, battle, version: int, unit="r1", target="b1", distance=4, **extra):
    body = {
        "expected_version": version,
        "command": {
            "action": "fire",
            "unit": unit,
            "params": {"target": target, "distance": distance},
        },
        **extra,
    }
    return post(client, battle, "declare/", body)


def dice(client, battle, version: int, **rolls):
    return post(client, battle, "dice/", {"expected_version": version, "rolls": rolls})


def state_json(client, battle, at=None):
    response = client.get(url(battle, "state/") + (f"?at={at}" if at else ""))
    assert response.status_code == 200, response.json()
    return response.json()
