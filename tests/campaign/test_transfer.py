"""Campaign export and import as one file (issue 19, "Keeping and sharing"): a round trip
gives the same force sheets, histories and battle states; a malformed or tampered file is
refused with the place at fault and stores nothing; organizers only."""
import copy
import json
import re

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from battles.models import Battle
from campaign.ledger import events as ev
from campaign.ledger.references import BATTLE_ID_FIELDS, USER_ID_FIELDS
from campaign.models import Campaign, CampaignBattle
from campaign.selectors.dice import verify_campaign_dice
from campaign.services import transfer
from campaign.services.campaigns import finish_campaign
from campaign.services.ledger import ledger_of
from campaign.services.projection import project_campaign
from campaign.services.takeover import take_over_battle
from campaign.systems.steelwar.demo import load_demo
from clubs.models import Club, Membership
from config.errors import Conflict, Invalid
from eventstore.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    """The demo campaign (a battle concluded and taken over, one in progress) and a second
    club with the same people, where the organizer imports it."""
    campaign = load_demo().campaign
    project_campaign(campaign_id=campaign.pk)  # what the on-commit task does
    users = {u.username: u for u in get_user_model().objects.all()}
    other = Club.objects.create(name="Second club", slug="second-club")
    Membership.objects.create(club=other, user=users["organizer"], role="organizer")
    for name in ("alice", "bob"):
        Membership.objects.create(club=other, user=users[name], role="player")
    return {"campaign": campaign, "club": other, "users": users}


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def exported(demo) -> dict:
    response = client_of(demo["users"]["organizer"]).get(
        f"/api/campaigns/{demo['campaign'].pk}/export/")
    assert response.status_code == 200, response.content
    assert response["Content-Disposition"] == 'attachment; filename="campaign-winter-line.json"'
    return json.loads(response.content)


def imported(demo, document, **extra):
    response = client_of(demo["users"]["organizer"]).post(
        "/api/campaigns/import/", {"club": demo["club"].pk, "document": document, **extra},
        format="json")
    return response


def counts() -> tuple:
    return (Campaign.objects.count(), Battle.objects.count(), Event.objects.count(),
            CampaignBattle.objects.count())


def _ids_aside(value, ids=("id", "campaign", "campaign_id", "battle_id", "battle", "url",
                           "recorded_at", "created_at")):
    if isinstance(value, dict):
        return {k: _ids_aside(v) for k, v in value.items() if k not in ids}
    if isinstance(value, list):
        return [_ids_aside(v) for v in value]
    if isinstance(value, str):  # history sentences name the battle by its id
        return re.sub(r"(?i)battle \d+", "battle #", value)
    return value


def _views(client, campaign) -> dict:
    """Every force sheet, every soldier's history and every battle's state, ids aside."""
    base = f"/api/campaigns/{campaign.pk}"
    out = {"campaign": {k: v for k, v in client.get(f"{base}/").json().items()
                        if k not in ("club", "club_name", "created_at")}}
    for force in client.get(f"{base}/forces/").json()["results"]:
        sheet = client.get(f"{base}/forces/{force['id']}/").json()
        sheet["fallen"].pop("older_url")  # names the campaign's id
        out[f"force {force['id']}"] = sheet
    soldiers = client.get(f"{base}/soldiers/?page_size=500").json()
    for soldier in soldiers["results"]:
        out[f"soldier {soldier['id']}"] = client.get(
            f"{base}/soldiers/{soldier['id']}/history/?page_size=500").json()
    for link in CampaignBattle.objects.filter(campaign=campaign).select_related("battle"):
        battle = link.battle
        out[f"battle of scenario {link.scenario_ref}"] = {
            "state": battle.head_state, "summary": battle.summary, "result": battle.result,
            "status": battle.status, "version": battle.version}
    return _ids_aside(out)


def test_a_round_trip_gives_identical_force_sheets_histories_and_battle_states(demo):
    document = exported(demo)
    assert document["campaign"]["club"] == "Steel Veterans (demo)"
    assert document["campaign"]["seed"] is None  # a running campaign's seed stays secret
    assert set(document["users"].values()) >= {"alice", "bob", "organizer"}
    assert len(document["battles"]) == 2
    response = imported(demo, document)
    assert response.status_code == 201, response.content
    job = response.json()
    assert job["state"] == "done" and job["done"] == job["total"] > len(document["ledger"])
    copy_ = Campaign.objects.get(pk=job["campaign"]["id"])
    assert copy_.club == demo["club"] and copy_.name == "Winter Line"
    assert job["campaign"]["unmatched_users"] == []
    org = client_of(demo["users"]["organizer"])
    original, copied = _views(org, demo["campaign"]), _views(org, copy_)
    assert len(original) > 30
    assert copied == original
    # the battles are new ones, and the ledger names them
    new_ids = set(CampaignBattle.objects.filter(campaign=copy_).values_list("battle_id",
                                                                             flat=True))
    old_ids = set(CampaignBattle.objects.filter(campaign=demo["campaign"]).values_list(
        "battle_id", flat=True))
    assert new_ids.isdisjoint(old_ids) and len(new_ids) == 2
    named = {e.data["battle_id"] for e in ledger_of(campaign_id=copy_.pk)
             if e.type in BATTLE_ID_FIELDS}
    assert named == new_ids


def test_the_copy_never_collides_with_its_original_and_imports_again(demo):
    document = exported(demo)
    first = imported(demo, document).json()["campaign"]["id"]
    assert imported(demo, document).status_code == 409  # the name is taken in that club
    second = imported(demo, document, name="Winter Line (2)")
    assert second.status_code == 201, second.content
    copy_ = Campaign.objects.get(pk=first)
    taken = next(e for e in ledger_of(campaign_id=copy_.pk)
                 if e.type == ev.BattleResultTakenOver.type)
    assert taken.metadata["idempotency_key"] == f"battle-{taken.data['battle_id']}-result"
    assert taken.metadata["imported_idempotency_key"].startswith("battle-")
    assert taken.metadata["imported_idempotency_key"] != taken.metadata["idempotency_key"]
    before = len(ledger_of(campaign_id=copy_.pk))
    recorded = take_over_battle(battle_id=taken.data["battle_id"])
    assert recorded.events == () or recorded.replayed
    assert len(ledger_of(campaign_id=copy_.pk)) == before


def test_a_finished_campaign_keeps_its_seed_and_its_rolls_verify_in_the_copy(demo):
    finish_campaign(user=demo["users"]["organizer"], campaign=demo["campaign"])
    document = exported(demo)
    assert document["campaign"]["seed"] == ledger_of(
        campaign_id=demo["campaign"].pk)[-1].data["seed"]
    response = imported(demo, document)
    assert response.status_code == 201, response.content
    copy_ = Campaign.objects.get(pk=response.json()["campaign"]["id"])
    check = verify_campaign_dice(campaign=copy_)
    assert check["revealed"] and check["seed_ok"] and check["ok"]
    assert check["rolls"] > 0


def test_force_owners_missing_from_the_club_go_to_the_importing_organizer(demo):
    Membership.objects.filter(club=demo["club"], user__username="bob").delete()
    response = imported(demo, exported(demo))
    assert response.status_code == 201, response.content
    body = response.json()["campaign"]
    assert body["unmatched_users"] == ["bob"]
    assert {p["username"] for p in body["unmatched_participants"]} == {"bob"}
    state_owners = {e.data["owner_id"] for e in ledger_of(campaign_id=body["id"])
                    if e.type == ev.ForceRaised.type}
    assert state_owners == {demo["users"]["alice"].pk, demo["users"]["organizer"].pk}


def _set(path: list, value):
    def change(document):
        node = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _index(document, event_type: str) -> int:
    return next(i for i, e in enumerate(document["ledger"]) if e["type"] == event_type)


def _tamper_battle_id(document):
    i = _index(document, ev.BattleStarted.type)
    document["ledger"][i]["data"]["battle_id"] = 999_999
    return f"ledger[{i}].data.battle_id"


def _bury_the_living(document):
    alive = next(e["data"]["soldier_id"] for e in document["ledger"]
                 if e["type"] == ev.SoldierRecruited.type)
    document["ledger"].insert(1, {**document["ledger"][1], "type": ev.SoldierDied.type,
                                  "data": {"soldier_id": alive, "cause": "forged"}})
    for i, event in enumerate(document["ledger"]):
        event["version"] = i + 1
    return "ledger[1]"


def _forge_a_battle_fact(document):
    battle = document["battles"][0]["export"]
    fact = next(i for i, e in enumerate(battle["events"]) if e["type"] == "dice")
    battle["events"][fact]["data"]["rolls"] = {
        key: [7 for _ in values] for key, values in battle["events"][fact]["data"]["rolls"].items()}
    return "battles[0].export.events"


def _revive_the_dead(document):
    i = _index(document, ev.BattleResultTakenOver.type)
    casualties = document["ledger"][i]["data"]["casualties"]
    dead = next(c for c in casualties if c["outcome"] == "killed")
    dead["outcome"] = "returned_to_duty"
    return f"ledger[{i}].data.casualties"


def _drop_a_battle(document):
    document["battles"].pop()
    return "ledger["


CASES = [
    (_set(["format"], "something-else"), "format"),
    (_set(["format_version"], 2), "format_version"),
    (_set(["ledger", 3, "version"], 9), "ledger[3].version"),
    (_set(["ledger", 3, "type"], "soldier.vanished"), "ledger[3].type"),
    (_set(["ledger", 3, "data"], []), "ledger[3].data"),
    (_set(["ledger", 0, "data", "seed_sha256"], "0" * 63), "ledger[0].data.seed_sha256"),
    (_set(["campaign", "seed"], "0" * 64), "campaign.seed"),
    (_set(["campaign", "name"], "x" * 201), "campaign.name"),
    (_set(["campaign", "rule_system"], "chess"), "campaign.rule_version"),
    (_set(["users", "x"], "bob"), "users.x"),
    (_set(["battles", 0, "scenario_id"], 3), "battles[0].scenario_id"),
    (_tamper_battle_id, None),
    (_bury_the_living, None),
    (_forge_a_battle_fact, None),
    (_drop_a_battle, None),
    (_revive_the_dead, None),
]


@pytest.mark.parametrize(("change", "field"), CASES)
def test_a_malformed_or_tampered_file_is_refused_at_the_place_at_fault_storing_nothing(
    demo, change, field
):
    document = exported(demo)
    expected = change(document) or field
    before = counts()
    response = imported(demo, document)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["field"].startswith(expected), body
    assert body["message"].startswith(body["field"].split(".")[0].split("[")[0]), body
    assert counts() == before


def test_a_tampered_roll_of_a_finished_campaign_is_refused(demo):
    finish_campaign(user=demo["users"]["organizer"], campaign=demo["campaign"])
    document = exported(demo)
    i = _index(document, ev.BattleResultTakenOver.type)
    rolls = [r for r in document["ledger"][i]["data"]["reorganisation"]
             if r.get("source") == "server" and "roll" in r]
    assert rolls
    rolls[0]["roll"] = rolls[0]["roll"] % 6 + 1
    before = counts()
    with pytest.raises(Invalid) as refused:
        transfer.import_campaign(user=demo["users"]["organizer"], club=demo["club"],
                                 document=document)
    assert refused.value.field == f"ledger[{i}].data"
    assert "revealed seed derives" in refused.value.message
    assert counts() == before


def test_a_refusal_is_in_russian(demo):
    document = exported(demo)
    _tamper_battle_id(document)
    response = client_of(demo["users"]["organizer"]).post(
        "/api/campaigns/import/", {"club": demo["club"].pk, "document": document},
        format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "нет среди боёв файла" in response.json()["message"]


def test_limits_are_refused_before_anything_is_read_further(demo, monkeypatch):
    document = exported(demo)
    monkeypatch.setattr(transfer, "MAX_LEDGER_EVENTS", 5)
    response = imported(demo, document)
    assert response.status_code == 400
    assert response.json()["code"] == "limit_exceeded" and response.json()["field"] == "ledger"


def test_an_uploaded_file_imports_and_a_big_one_is_refused(demo, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    raw = json.dumps(exported(demo)).encode()
    client = client_of(demo["users"]["organizer"])
    response = client.post("/api/campaigns/import/", {
        "club": demo["club"].pk, "file": SimpleUploadedFile("c.json", raw)}, format="multipart")
    assert response.status_code == 201, response.content
    settings.CAMPAIGN_IMPORT_MAX_BODY_SIZE = len(raw) - 1
    response = client.post("/api/campaigns/import/", {
        "club": demo["club"].pk, "file": SimpleUploadedFile("c.json", raw),
        "name": "again"}, format="multipart")
    assert response.status_code == 413


def test_progress_is_reported_as_events_are_appended(demo, monkeypatch):
    monkeypatch.setattr(transfer, "CHUNK", 10)
    seen = []
    result = transfer.import_campaign(user=demo["users"]["organizer"], club=demo["club"],
                                      document=exported(demo),
                                      progress=lambda done, total: seen.append((done, total)))
    total = seen[0][1]
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert len(seen) > 10 and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert result.campaign.projected_version == len(ledger_of(campaign_id=result.campaign.pk))


def test_the_job_is_polled_by_its_owner_only(demo):
    body = imported(demo, exported(demo)).json()
    org = client_of(demo["users"]["organizer"])
    status = org.get(f"/api/campaigns/import/{body['job']}/")
    assert status.status_code == 200 and status.json()["state"] == "done"
    assert client_of(demo["users"]["alice"]).get(
        f"/api/campaigns/import/{body['job']}/").status_code == 404
    assert org.get("/api/campaigns/import/nothing-here/").status_code == 404
    # an id that no job could have is refused before it is used as a cache key
    assert org.get("/api/campaigns/import/%06%C3%AB%22%C3%85/").status_code == 404


def test_access_outsiders_404_players_403(demo):
    outsider = get_user_model().objects.create_user("outsider")
    alice = demo["users"]["alice"]
    url = f"/api/campaigns/{demo['campaign'].pk}/export/"
    assert client_of(outsider).get(url).status_code == 404
    response = client_of(alice).get(url)
    assert response.status_code == 403 and response.json()["code"] == "not_an_organizer"
    document = exported(demo)
    before = counts()
    response = client_of(alice).post("/api/campaigns/import/",
                                     {"club": demo["club"].pk, "document": document},
                                     format="json")
    assert response.status_code == 403
    response = client_of(outsider).post("/api/campaigns/import/",
                                        {"club": demo["club"].pk, "document": document},
                                        format="json")
    assert response.status_code == 404
    assert client_of(outsider).post("/api/campaigns/import/", {"club": demo["club"].pk},
                                    format="json").status_code == 400
    assert counts() == before


def test_every_battle_and_user_id_field_of_the_ledger_is_listed():
    """A new event type carrying a battle or a user id must be added to the lists."""
    from dataclasses import fields

    for event_type, cls in ev.EVENT_TYPES.items():
        names = {f.name for f in fields(cls)}
        assert {n for n in names if n.endswith("battle_id")} == set(
            BATTLE_ID_FIELDS.get(event_type, ())), event_type
        assert {n for n in names if n.endswith("owner_id") or n.endswith("user_id")} == set(
            USER_ID_FIELDS.get(event_type, ())), event_type


def test_a_copy_of_a_copy_keeps_the_first_keys(demo):
    document = exported(demo)
    first = transfer.import_campaign(user=demo["users"]["organizer"], club=demo["club"],
                                     document=copy.deepcopy(document)).campaign
    again = client_of(demo["users"]["organizer"]).get(f"/api/campaigns/{first.pk}/export/")
    second = transfer.import_campaign(user=demo["users"]["organizer"], club=demo["club"],
                                      document=json.loads(again.content), name="Third").campaign
    keys = [e.metadata.get("imported_idempotency_key") for e in ledger_of(campaign_id=second.pk)]
    originals = [e["metadata"].get("idempotency_key") for e in document["ledger"]]
    assert keys == originals
    with pytest.raises(Conflict):
        transfer.import_campaign(user=demo["users"]["organizer"], club=demo["club"],
                                 document=document, name="Third")


# --- pages ----------------------------------------------------------------------------------


def page_client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("language", ["en", "ru"])
def test_organizers_see_the_export_link_and_import_through_the_pages(demo, language):
    from django.core.files.uploadedfile import SimpleUploadedFile

    org = page_client(demo["users"]["organizer"])
    org.cookies["django_language"] = language
    page = org.get(f"/campaigns/{demo['campaign'].pk}/").content.decode()
    assert f"/api/campaigns/{demo['campaign'].pk}/export/" in page
    home = org.get("/").content.decode()
    assert "/campaigns/import/" in home
    form = org.get("/campaigns/import/")
    assert form.status_code == 200
    text = form.content.decode()
    assert ("Импорт кампании" if language == "ru" else "Import a campaign") in text
    assert "Second club" in text and 'type="file"' in text
    raw = json.dumps(exported(demo)).encode()
    response = org.post("/campaigns/import/", {
        "club": demo["club"].pk, "file": SimpleUploadedFile("c.json", raw)})
    assert response.status_code == 302
    job = org.get(response["Location"])
    text = job.content.decode()
    assert 'data-state="done"' in text and "<progress" in text
    copy_ = Campaign.objects.get(club=demo["club"])
    assert f"/campaigns/{copy_.pk}/" in text
    assert ("Импортирована" if language == "ru" else "Imported") in text


def test_a_refused_file_shows_the_place_at_fault_on_the_page(demo):
    from django.core.files.uploadedfile import SimpleUploadedFile

    org = page_client(demo["users"]["organizer"])
    document = exported(demo)
    field = _tamper_battle_id(document)
    response = org.post("/campaigns/import/", {
        "club": demo["club"].pk, "file": SimpleUploadedFile("c.json", json.dumps(
            document).encode())}, follow=True)
    text = response.content.decode()
    assert 'data-state="failed"' in text and field in text
    response = org.post("/campaigns/import/", {
        "club": demo["club"].pk, "file": SimpleUploadedFile("c.json", b"{not json")})
    assert response.status_code == 200 and "file: not JSON" in response.content.decode()
    assert not Campaign.objects.filter(club=demo["club"]).exists()


def test_players_get_no_export_link_and_no_import_page(demo):
    alice = page_client(demo["users"]["alice"])
    page = alice.get(f"/campaigns/{demo['campaign'].pk}/").content.decode()
    assert "/export/" not in page
    assert alice.get("/campaigns/import/").status_code == 403
    outsider = page_client(get_user_model().objects.create_user("outsider"))
    assert outsider.get("/campaigns/import/").status_code == 403
    job = imported(demo, exported(demo)).json()["job"]
    assert alice.get(f"/campaigns/import/{job}/").status_code == 404


def test_management_commands_export_and_import(demo, tmp_path):
    from django.core.management import CommandError, call_command

    path = tmp_path / "campaign.json"
    call_command("export_campaign", str(demo["campaign"].pk), "-o", str(path))
    call_command("import_campaign", str(path), "--club", "second-club", "--as", "organizer")
    copy_ = Campaign.objects.get(club=demo["club"])
    assert copy_.projected_version == len(ledger_of(campaign_id=copy_.pk)) > 50
    document = json.loads(path.read_text())
    _tamper_battle_id(document)
    path.write_text(json.dumps(document))
    before = counts()
    with pytest.raises(CommandError, match=r"ledger\[\d+\]\.data\.battle_id"):
        call_command("import_campaign", str(path), "--club", "second-club", "--as",
                     "organizer", "--name", "Other")
    with pytest.raises(CommandError, match="not_an_organizer"):
        call_command("import_campaign", str(path), "--club", "second-club", "--as", "alice",
                     "--name", "Other")
    assert counts() == before
