"""Drivers for the campaign and battles APIs, used by the flow tests."""
from __future__ import annotations

from collections.abc import Mapping

API = "/api/campaigns/"


class CampaignApi:
    """One user's view of one campaign through the REST API."""

    def __init__(self, client, campaign_id: int) -> None:
        self.client = client
        self.id = campaign_id

    def url(self, path: str = "") -> str:
        return f"{API}{self.id}/{path}"

    def get(self, path: str = "", expect: int = 200, **params):
        response = self.client.get(self.url(path), params)
        assert response.status_code == expect, response.json()
        return response.json()

    def post(self, path: str, data: Mapping | None = None, expect: int | tuple = (200, 201),
             **headers):
        response = self.client.post(self.url(path), data or {}, format="json", headers=headers)
        codes = expect if isinstance(expect, tuple) else (expect,)
        assert response.status_code in codes, (response.status_code, response.json())
        return response.json()

    def all(self, path: str, **params) -> list:
        """Every row of a paginated list."""
        rows, page = [], 1
        while True:
            body = self.get(path, page=page, **params)
            rows += body["results"]
            if not body["next"]:
                return rows
            page += 1


def recruit(api: CampaignApi, force_id: int, squad_id: int, name: str, role: str,
            weapon: str, **extra) -> int:
    """A Steel War soldier (``extra``: more attributes, e.g. ``leadership=2``)."""
    body = api.post("soldiers/", {"force_id": force_id, "squad_id": squad_id, "name": name,
                                  "role": role,
                                  "attributes": {"weapon": weapon, "armour": "human",
                                                 "quality": "regular", **extra}},
                    expect=201)
    return body["id"]


def raise_squad(api: CampaignApi, force_id: int, name: str, soldiers: int = 8) -> tuple[int, list]:
    """A squad of ``soldiers``: a commander (leadership 2, SMG), a medic, riflemen."""
    squad_id = api.post("squads/", {"force_id": force_id, "name": name,
                                    "attributes": {"quality": "regular"},
                                    "establishment": soldiers}, expect=201)["id"]
    ids = [recruit(api, force_id, squad_id, f"{name} commander", "commander", "smg",
                   leadership=2),
           recruit(api, force_id, squad_id, f"{name} medic", "medic", "pistol")]
    ids += [recruit(api, force_id, squad_id, f"{name} rifleman {n}", "rifleman", "rifle")
            for n in range(1, soldiers - 1)]
    api.post(f"squads/{squad_id}/commander/", {"soldier_id": ids[0]})
    return squad_id, ids


class BattleTable:
    """Plays a battle through the battles API, answering what the engine asks.

    ``script`` maps dice request keys (and decision keys) to values; unscripted dice take
    a default: the shooter's dice their top face, the target's range die 1 (every shooter
    die beats it), hit allocation the left-most figure, and hits stopped (power 1 against
    the armour's top face); morale and other tests pass (top face).
    """

    def __init__(self, client, battle_id: int) -> None:
        self.client = client
        self.id = battle_id
        self.version = client.get(f"/api/battles/{battle_id}/").json()["version"]
        self.effects: list[dict] = []

    def _post(self, path: str, data: dict) -> dict:
        response = self.client.post(f"/api/battles/{self.id}/{path}/",
                                    {"expected_version": self.version, **data}, format="json")
        assert response.status_code in (200, 201), response.json()
        body = response.json()
        self.version = body["version"]
        self.effects += body.get("effects", [])
        return body

    def declare(self, action: str, unit: str | None = None, script: Mapping | None = None,
                **params) -> dict:
        command = {"action": action, "params": params}
        if unit:
            command["unit"] = unit
        body = self._post("declare", {"command": command})
        return self.answer(body["pending"], script or {})

    def answer(self, pending: dict, script: Mapping) -> dict:
        while pending["kind"] != "command":
            if pending["kind"] == "dice":
                rolls = {r["key"]: [script.get(r["key"], _default(r))]
                         for r in pending["requests"]}
                pending = self._post("dice", {"rolls": rolls})["pending"]
            else:
                choice = script.get(pending["key"], pending["options"][0]["value"])
                pending = self._post("decide", {"key": pending["key"], "choice": choice})[
                    "pending"]
        return pending

    def conclude(self, result: Mapping[str, str]) -> dict:
        return self._post("conclude", {"result": dict(result)})


def _default(request: dict) -> int:
    key, sides = request["key"], request["sides"]
    if key == "target.range" or key.endswith(".figure") or key.endswith(".power"):
        return 1
    return sides
