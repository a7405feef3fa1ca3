"""Issue 19: an organizer creates campaigns, forces, scenarios and scenario links in
``/admin/``, through the services the set-up pages call (ledger events, never a row saved by
the admin); a service's refusal shows next to its field and stores nothing; players and
outsiders cannot, and another club is never offered."""
from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from campaign.ledger.events import ForceRaised, ScenarioLinked, ScenarioPlanned
from campaign.models import Campaign, Force, Scenario, ScenarioLink
from campaign.services import scenarios
from campaign.services.ledger import ledger_of, state_of
from clubs.models import Membership
from tests.admin import test_organizer_access
from tests.admin.conftest import client_for

rivals = test_organizer_access.rivals  # another club's rows, as the access tests use them

pytestmark = pytest.mark.django_db


def add_url(model, **query) -> str:
    opts = model._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def post(client, url, data, capture):
    with capture(execute=True):  # the projection task runs on commit
        return client.post(url, {"key": uuid.uuid4().hex, **data})


def choices(response, field: str) -> list[str]:
    form = response.context["form"] or response.context["chooser"]
    return [str(label) for _value, label in form.fields[field].choices]


def test_an_organizer_starts_a_campaign_of_his_club_only(club, people, org_client, rivals,
                                                         django_capture_on_commit_callbacks):
    page = org_client.get(add_url(Campaign))
    assert page.status_code == 200
    assert choices(page, "club") == [club.name]  # Iron Wolves is not offered
    response = post(org_client, add_url(Campaign), {
        "club": club.pk, "name": "Autumn Line", "rule_system": "steelwar",
        "start_date": "1942-09-01"}, django_capture_on_commit_callbacks)
    assert response.status_code == 302, response.context["form"].errors
    campaign = Campaign.objects.get(name="Autumn Line")
    assert (campaign.club, campaign.created_by) == (club, people["org"])
    assert [e.type for e in ledger_of(campaign_id=campaign.pk)] == ["campaign.started"]
    refused = org_client.post(add_url(Campaign), {
        "club": rivals["club"].pk, "name": "Theirs", "rule_system": "steelwar",
        "start_date": "1942-09-01"})
    assert refused.status_code == 200 and "club" in refused.context["form"].errors
    assert not Campaign.objects.filter(name="Theirs").exists()


def test_an_organizer_raises_a_force_for_a_member(campaign, club, people, org_client, rivals,
                                                  django_capture_on_commit_callbacks):
    chooser = org_client.get(add_url(Force))
    assert chooser.status_code == 200
    assert choices(chooser, "campaign") == [str(campaign)]  # Wolf winter is not offered
    page = org_client.get(add_url(Force, campaign=campaign.pk))
    assert page.status_code == 200
    assert "anna" not in choices(page, "owner_id") and "alice" in choices(page, "owner_id")
    response = post(org_client, add_url(Force, campaign=campaign.pk), {
        "name": "Iron Guard", "faction": "Steel", "owner_id": people["alice"].pk},
        django_capture_on_commit_callbacks)
    assert response.status_code == 302
    assert response["Location"].endswith(f"?campaign__id__exact={campaign.pk}")
    events = ledger_of(campaign_id=campaign.pk)
    assert events[-1].type == ForceRaised.type and events[-1].data["name"] == "Iron Guard"
    assert Force.objects.get(campaign=campaign, name="Iron Guard").owner == people["alice"]


def test_a_refusal_shows_next_to_its_field_and_stores_nothing(campaign, people, org_client,
                                                              armies,
                                                              django_capture_on_commit_callbacks):
    version = len(ledger_of(campaign_id=campaign.pk))
    taken = post(org_client, add_url(Force, campaign=campaign.pk), {
        "name": "Steel", "owner_id": people["bob"].pk}, django_capture_on_commit_callbacks)
    assert taken.status_code == 200
    assert taken.context["form"].errors["name"] == ["there is already a force called 'Steel'"]
    assert 'class="errorlist' in taken.content.decode()
    alone = post(org_client, add_url(Scenario, campaign=campaign.pk), {
        "name": "Lone hill", "force_ids": [armies["steel"]["force"]]},
        django_capture_on_commit_callbacks)
    assert alone.status_code == 200
    assert alone.context["form"].errors["force_ids"] == [
        "a scenario is fought between at least two forces"]
    assert len(ledger_of(campaign_id=campaign.pk)) == version
    assert not Scenario.objects.filter(name="Lone hill").exists()


def test_a_refusal_is_in_russian_too(campaign, people, org_client, armies,
                                     django_capture_on_commit_callbacks):
    org_client.cookies.load({"django_language": "ru"})
    with django_capture_on_commit_callbacks(execute=True):
        taken = org_client.post(add_url(Force, campaign=campaign.pk), {
            "name": "Steel", "owner_id": people["bob"].pk}, HTTP_ACCEPT_LANGUAGE="ru")
    assert taken.status_code == 200
    assert taken.context["form"].errors["name"] == ["отряд 'Steel' уже есть"]


def test_an_organizer_plans_and_links_scenarios(campaign, people, org_client, armies,
                                                django_capture_on_commit_callbacks):
    forces = [armies["steel"]["force"], armies["keno"]["force"]]
    page = org_client.get(add_url(Scenario, campaign=campaign.pk))
    assert choices(page, "force_ids") == ["Steel", "Keno"]
    for name in ("Bridge", "Mill"):
        response = post(org_client, add_url(Scenario, campaign=campaign.pk), {
            "name": name, "force_ids": forces, "description": "at dawn"},
            django_capture_on_commit_callbacks)
        assert response.status_code == 302
    planned = [e for e in ledger_of(campaign_id=campaign.pk) if e.type == ScenarioPlanned.type]
    ids = {e.data["name"]: e.data["scenario_id"] for e in planned}
    assert set(Scenario.objects.filter(campaign=campaign).values_list("name", flat=True)) == {
        "Bridge", "Mill"}

    link = add_url(ScenarioLink, campaign=campaign.pk)
    assert choices(org_client.get(link), "from_id") == ["Bridge", "Mill"]
    response = post(org_client, link, {"from_id": ids["Bridge"], "to_id": ids["Mill"],
                                       "condition": "win", "force_id": forces[0]},
                    django_capture_on_commit_callbacks)
    assert response.status_code == 302
    linked = ledger_of(campaign_id=campaign.pk)[-1]
    assert linked.type == ScenarioLinked.type and linked.data["condition"] == "win"
    assert ScenarioLink.objects.filter(campaign=campaign).count() == 1
    assert [(s.from_id, s.to_id) for s in state_of(campaign_id=campaign.pk).links] == [
        (ids["Bridge"], ids["Mill"])]

    loop = post(org_client, link, {"from_id": ids["Mill"], "to_id": ids["Bridge"]},
                django_capture_on_commit_callbacks)
    assert loop.status_code == 200
    assert loop.context["form"].errors["to_id"] == [
        "that link would make the scenario graph loop back"]
    assert ScenarioLink.objects.filter(campaign=campaign).count() == 1


@pytest.mark.parametrize("model", [Campaign, Force, Scenario, ScenarioLink])
def test_players_and_staff_who_organize_nothing_cannot_create(model, campaign, people):
    player = client_for(people["alice"])
    for url in (add_url(model), add_url(model, campaign=campaign.pk)):
        response = player.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
        assert player.post(url, {"name": "x"}).status_code == 302
    staff = get_user_model().objects.create_user("clerk", is_staff=True)
    Membership.objects.create(club=campaign.club, user=staff, role=Membership.Role.PLAYER)
    assert client_for(staff).get(add_url(model, campaign=campaign.pk)).status_code == 403
    assert client_for(people["root"]).get(add_url(model)).status_code == 403  # no club
    assert Campaign.objects.count() == 1


@pytest.mark.parametrize("model", [Force, Scenario, ScenarioLink])
def test_another_clubs_campaign_answers_404(model, campaign, org_client, rivals):
    theirs = rivals["campaign"]
    events = len(ledger_of(campaign_id=theirs.pk))
    assert org_client.get(add_url(model, campaign=theirs.pk)).status_code == 404
    assert org_client.post(add_url(model, campaign=theirs.pk),
                           {"name": "Spy", "owner_id": 1}).status_code == 404
    assert len(ledger_of(campaign_id=theirs.pk)) == events


def test_the_change_lists_offer_add_to_organizers(campaign, org_client):
    for model in (Campaign, Force, Scenario, ScenarioLink):
        opts = model._meta
        page = org_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        assert page.status_code == 200 and add_url(model) in page.content.decode()


def test_a_form_sent_twice_records_once(campaign, org_client, armies,
                                        django_capture_on_commit_callbacks):
    forces = [armies["steel"]["force"], armies["keno"]["force"]]
    url = add_url(Scenario, campaign=campaign.pk)
    data = {"key": uuid.uuid4().hex, "name": "Bridge", "force_ids": forces}
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            assert org_client.post(url, data).status_code == 302
    assert [e.type for e in ledger_of(campaign_id=campaign.pk)].count(ScenarioPlanned.type) == 1


def test_a_scenario_planned_by_the_services_and_one_added_here_read_alike(
    campaign, people, org_client, armies, django_capture_on_commit_callbacks
):
    forces = [armies["steel"]["force"], armies["keno"]["force"]]
    scenarios.plan_scenario(user=people["org"], campaign=campaign, name="By service",
                            force_ids=forces)
    post(org_client, add_url(Scenario, campaign=campaign.pk),
         {"name": "By admin", "force_ids": forces}, django_capture_on_commit_callbacks)
    planned = [e.data for e in ledger_of(campaign_id=campaign.pk)
               if e.type == ScenarioPlanned.type]
    assert [{k: v for k, v in d.items() if k not in ("name", "scenario_id")} for d in planned] \
        == [{"force_ids": forces, "description": ""}] * 2
