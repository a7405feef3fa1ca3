"""Small helpers for the battles API tests."""

from battles.models import Battle


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
