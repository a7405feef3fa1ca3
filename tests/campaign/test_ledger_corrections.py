"""Voiding and amending ledger entries (issue 19): the correction is a new event, the fold
reads the ledger under it, projections, histories and as-of views show it; organizers only;
bad corrections change nothing."""
import pytest

from campaign.ledger.events import EntryAmended, EntryVoided
from campaign.models import HistoryEntry, Soldier
from campaign.services import campaigns, soldiers
from campaign.services.ledger import ledger_of, state_of
from campaign.services.projection import project_campaign, rebuild_campaign
from tests.campaign.helpers import CampaignApi
from tests.campaign.test_services import _dump

pytestmark = pytest.mark.django_db


def _version(campaign) -> int:
    return state_of(campaign_id=campaign.pk).version


def _death(campaign, people, soldier_id: int) -> int:
    recorded = soldiers.record_death(user=people["org"], campaign=campaign,
                                     soldier_id=soldier_id, cause="shot by a sentry")
    return recorded.events[0].version


@pytest.fixture
def killed(campaign, people, armies, project):
    """A Keno rifleman recorded dead by mistake, the calendar moved on after it."""
    soldier_id = armies["keno"]["soldiers"][3]
    death = _death(campaign, people, soldier_id)
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=3)
    project(campaign)
    return {"soldier": soldier_id, "death": death}


def _void(clients, campaign, version, who="org", **body):
    body = {"expected_version": _version(campaign), "reason": "recorded by mistake", **body}
    return clients[who].post(f"/api/campaigns/{campaign.pk}/ledger/{version}/void/", body,
                             format="json")


def _amend(clients, campaign, version, data, who="org", **body):
    body = {"expected_version": _version(campaign), "reason": "wrong step", "data": data,
            **body}
    return clients[who].post(f"/api/campaigns/{campaign.pk}/ledger/{version}/amend/", body,
                             format="json")


def test_a_voided_death_leaves_the_soldier_alive_downstream_and_the_history_shows_it(
    campaign, clients, killed, project
):
    assert Soldier.objects.get(campaign=campaign, ref=killed["soldier"]).status == "dead"
    response = _void(clients, campaign, killed["death"])
    assert response.status_code == 200, response.json()
    assert response.json()["events"][0]["type"] == EntryVoided.type
    project(campaign)
    soldier = Soldier.objects.get(campaign=campaign, ref=killed["soldier"])
    assert soldier.status == "fit"
    assert state_of(campaign_id=campaign.pk).soldiers[killed["soldier"]].status == "fit"
    api = CampaignApi(clients["member"], campaign.pk)
    rows = api.all(f"soldiers/{killed['soldier']}/history/")
    died = next(r for r in rows if r["kind"] == "died")
    assert died["voided_by"] == _version(campaign)
    assert died["correction_reason"] == "recorded by mistake"
    told = next(r for r in rows if r["kind"] == "entry_voided")
    assert told["version"] == _version(campaign) and "recorded by mistake" in told["text"]
    # the squad's strength counts him again
    assert api.get(f"squads/{soldier.squad_ref}/")["strength"] == 6


def test_as_of_views_read_the_past_under_the_correction(campaign, clients, killed):
    api = CampaignApi(clients["member"], campaign.pk)
    before = api.get("as-of/", version=killed["death"] - 1)
    at_death = api.get("as-of/", version=killed["death"])

    def status(body):
        return {s["id"]: s["status"] for s in body["soldiers"]}[killed["soldier"]]

    assert (status(before), status(at_death)) == ("fit", "dead")
    assert _void(clients, campaign, killed["death"]).status_code == 200
    assert status(api.get("as-of/", version=killed["death"])) == "fit"
    assert status(api.get("as-of/", version=killed["death"] - 1)) == "fit"
    on_date = api.get("as-of/", date=state_of(campaign_id=campaign.pk).date.isoformat())
    assert status(on_date) == "fit"


def test_an_amended_calendar_step_moves_the_date_and_everything_after_it(
    campaign, clients, people, armies, project
):
    start = state_of(campaign_id=campaign.pk).date
    step = campaigns.advance_calendar(user=people["org"], campaign=campaign,
                                      days=30).events[0].version
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=1)
    project(campaign)
    response = _amend(clients, campaign, step, {"days": 3})
    assert response.status_code == 200, response.json()
    assert response.json()["events"][0]["type"] == EntryAmended.type
    project(campaign)
    state = state_of(campaign_id=campaign.pk)
    assert (state.date - start).days == 4
    campaign.refresh_from_db()
    assert campaign.current_date == state.date
    rows = HistoryEntry.objects.filter(campaign=campaign, version=step, subject="campaign")
    assert [(r.amended_by, r.correction_reason) for r in rows] == [
        (state.version, "wrong step")]
    assert "3 days pass" in rows[0].text


def test_an_amendment_is_checked_like_the_original_and_bad_ones_change_nothing(
    campaign, clients, people, armies
):
    step = campaigns.advance_calendar(user=people["org"], campaign=campaign,
                                      days=5).events[0].version
    version = _version(campaign)
    for data, code, field in (({"days": 0}, "bad_days", "data.days"),
                              ({"days": "ten"}, "bad_days", "data.days"),
                              ({"weeks": 1}, "bad_amendment", "data.weeks")):
        response = _amend(clients, campaign, step, data)
        assert response.status_code == 400, response.json()
        assert (response.json()["code"], response.json()["field"]) == (code, field)
    from campaign.systems.steelwar.services import send_force_to_rest

    rest = send_force_to_rest(user=people["org"], campaign=campaign,
                              force_id=armies["steel"]["force"]).events[0].version
    version = _version(campaign)
    response = _amend(clients, campaign, rest, {"force_id": 2})  # nothing typed: void only
    assert (response.status_code, response.json()["code"]) == (422, "not_amendable")
    assert "void it instead" in response.json()["message"]
    assert _version(campaign) == version


def test_a_stale_expected_version_is_refused(campaign, clients, killed):
    response = _void(clients, campaign, killed["death"],
                     expected_version=_version(campaign) - 1)
    assert response.status_code == 409
    assert response.json()["code"] == "wrong_expected_version"
    assert state_of(campaign_id=campaign.pk).soldiers[killed["soldier"]].status == "dead"


def test_a_reason_and_the_expected_version_are_required(campaign, clients, killed):
    version = _version(campaign)
    response = _void(clients, campaign, killed["death"], reason="  ")
    assert (response.status_code, response.json()["field"]) == (400, "reason")
    response = clients["org"].post(
        f"/api/campaigns/{campaign.pk}/ledger/{killed['death']}/void/",
        {"reason": "mistake"}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "expected_version")
    assert _version(campaign) == version


def test_players_are_refused_outsiders_see_nothing_members_read(campaign, clients, killed):
    version = _version(campaign)
    response = _void(clients, campaign, killed["death"], who="alice")
    assert (response.status_code, response.json()["code"]) == (403, "not_an_organizer")
    assert _void(clients, campaign, killed["death"], who="outsider").status_code == 404
    assert _amend(clients, campaign, killed["death"], {"cause": "x"},
                  who="member").status_code == 403
    assert _version(campaign) == version
    assert clients["member"].get(f"/api/campaigns/{campaign.pk}/ledger/").status_code == 200


@pytest.mark.parametrize("version, code", [(1, "not_correctable"), (999, "no_such_entry")])
def test_the_campaign_start_and_missing_entries_cannot_be_voided(
    campaign, clients, armies, version, code
):
    response = _void(clients, campaign, version)
    assert response.json()["code"] == code
    assert response.status_code in (404, 422)
    assert response.json()["field"] == "target_version"


def test_a_correction_is_not_corrected_and_a_void_is_final(campaign, clients, killed):
    assert _void(clients, campaign, killed["death"]).status_code == 200
    correction = _version(campaign)
    response = _void(clients, campaign, correction)
    assert (response.status_code, response.json()["code"]) == (422, "not_correctable")
    response = _void(clients, campaign, killed["death"])
    assert (response.status_code, response.json()["code"]) == (422, "already_voided")


def test_a_correction_that_breaks_a_later_entry_is_refused_naming_it(
    campaign, clients, people, armies, project
):
    recruit = soldiers.recruit_soldier(
        user=people["org"], campaign=campaign, force_id=armies["steel"]["force"],
        squad_id=None, name="Private Late", role="rifleman",
        attributes={"weapon": "rifle", "armour": "human", "quality": "regular"})
    joined, soldier_id = recruit.events[0].version, recruit.events[0].data["soldier_id"]
    death = _death(campaign, people, soldier_id)
    project(campaign)
    version = _version(campaign)
    response = _void(clients, campaign, joined)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "correction_breaks_ledger"
    assert f"#{death}" in body["message"] and "Private Late" in body["message"]
    assert _version(campaign) == version
    # voiding the death first, then the recruit, is fine
    assert _void(clients, campaign, death).status_code == 200
    assert _void(clients, campaign, joined).status_code == 200
    assert soldier_id not in state_of(campaign_id=campaign.pk).soldiers


def test_the_amended_death_cause_and_a_rebuild_equal_the_incremental_projection(
    campaign, clients, people, killed
):
    assert _amend(clients, campaign, killed["death"], {"cause": "of wounds"}).status_code == 200
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=2)
    project_campaign(campaign_id=campaign.pk)
    assert ledger_of(campaign_id=campaign.pk)[killed["death"] - 1].data["cause"] == (
        "shot by a sentry")  # the stored entry is never rewritten
    row = HistoryEntry.objects.get(campaign=campaign, subject="soldier",
                                   subject_ref=killed["soldier"], version=killed["death"],
                                   kind="died")
    assert row.text.endswith("of wounds") and row.amended_by is not None
    incremental = _dump(campaign)
    rebuild_campaign(campaign_id=campaign.pk)
    assert _dump(campaign) == incremental
