"""Every admin page an organizer uses loads, for a superuser and for a club's organizer;
projections are read-only; histories are newest first; lists filter and search; an
organizer sees only the clubs he organizes."""
from __future__ import annotations

import pytest
from django.urls import reverse

from battles.models import Battle, BattleLogEntry, UnitStatus
from campaign.models import (
    Campaign,
    Force,
    Formation,
    HistoryEntry,
    Scenario,
    ScenarioLink,
    Soldier,
    Squad,
)
from campaign.services import forces, soldiers
from campaign.services.campaigns import start_campaign
from campaign.services.projection import project_campaign
from campaign.systems.steelwar import services as steelwar
from clubs.models import Club, Membership
from eventstore.models import Event
from tests.admin.conftest import START

pytestmark = pytest.mark.django_db

MODELS = [Club, Campaign, Scenario, ScenarioLink, Force, Formation, Squad, Soldier, HistoryEntry,
          Battle, BattleLogEntry, UnitStatus, Event]
PROJECTIONS = [Campaign, Scenario, ScenarioLink, Force, Formation, Squad, Soldier, HistoryEntry]


def url(model, view: str, *args) -> str:
    opts = model._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=args)


@pytest.fixture
def formation(campaign, people, armies):
    forces.raise_formation(user=people["org"], campaign=campaign, force_id=armies["steel"]["force"],
                           level="platoon", name="1st platoon")
    project_campaign(campaign_id=campaign.pk)


@pytest.mark.parametrize("user", ["root", "org"])
@pytest.mark.parametrize("model", MODELS, ids=lambda m: m._meta.model_name)
def test_the_change_list_and_the_change_page_load(model, user, people, battle, formation,
                                                  root_client, org_client):
    client = root_client if user == "root" else org_client
    listed = client.get(url(model, "changelist"))
    assert listed.status_code == 200
    assert listed.context["cl"].result_count >= 1
    obj = listed.context["cl"].result_list[0]
    page = client.get(url(model, "change", obj.pk))
    assert page.status_code == 200


@pytest.mark.parametrize("model", PROJECTIONS, ids=lambda m: m._meta.model_name)
def test_projections_cannot_be_added_changed_or_deleted_even_by_a_superuser(
    model, battle, formation, root_client
):
    obj = model.objects.first()
    assert root_client.get(url(model, "add")).status_code == 403
    assert root_client.post(url(model, "change", obj.pk), {}).status_code == 403
    assert root_client.post(url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()
    page = root_client.get(url(model, "change", obj.pk)).content.decode()
    assert 'name="_save"' not in page


def test_battles_are_not_added_or_deleted_in_the_admin(battle, root_client):
    assert root_client.get(url(Battle, "add")).status_code == 403
    assert root_client.post(url(Battle, "delete", battle.pk), {"post": "yes"}).status_code == 403
    assert Battle.objects.filter(pk=battle.pk).exists()


def test_a_soldiers_page_shows_his_history_newest_first(campaign, people, armies, org_client):
    ref = armies["steel"]["soldiers"][0]
    steelwar.change_leadership(user=people["org"], campaign=campaign, soldier_id=ref,
                               leadership=1, reason="promoted")
    project_campaign(campaign_id=campaign.pk)
    soldier = Soldier.objects.get(campaign=campaign, ref=ref)
    page = org_client.get(url(Soldier, "change", soldier.pk)).content.decode()
    kinds = ["<td>leadership</td>", "<td>took command</td>", "<td>recruited</td>"]  # labelled
    assert all(k in page for k in kinds)
    assert page.index(kinds[0]) < page.index(kinds[1]) < page.index(kinds[2])
    assert "leadership_changed" not in page


def test_a_squads_page_shows_its_history_and_links_to_its_soldiers(campaign, armies, org_client):
    squad = Squad.objects.get(campaign=campaign, ref=armies["steel"]["squad"])
    page = org_client.get(url(Squad, "change", squad.pk)).content.decode()
    assert "history (newest first)" in page.lower()
    assert f"?squad={squad.pk}" in page
    listed = org_client.get(url(Soldier, "changelist"), {"squad": squad.pk})
    assert {s.ref for s in listed.context["cl"].result_list} == set(armies["steel"]["soldiers"])


def test_a_scenarios_page_shows_its_links(battle, campaign, org_client):
    scenario = Scenario.objects.get(campaign=campaign, name="River crossing")
    page = org_client.get(url(Scenario, "change", scenario.pk)).content.decode()
    assert "River crossing &rarr; The mill (if force" in page
    assert "Steel, Keno" in page


def test_the_club_page_shows_its_memberships_inline(club, people, root_client):
    page = root_client.get(url(Club, "change", club.pk)).content.decode()
    assert "memberships-TOTAL_FORMS" in page
    assert page.count('name="memberships-') > 4


@pytest.mark.parametrize(("query", "expected"), [
    ({"status": "dead"}, ["Steel rifleman 2"]),
    ({"q": "keno medic"}, ["Keno medic 1"]),
    ({"role": "commander"}, ["Steel commander 0", "Keno commander 0"]),
])
def test_soldiers_filter_by_status_squad_and_role_and_search_by_name(
    query, expected, campaign, people, armies, org_client
):
    soldiers.record_death(user=people["org"], campaign=campaign,
                          soldier_id=armies["steel"]["soldiers"][2])
    project_campaign(campaign_id=campaign.pk)
    listed = org_client.get(url(Soldier, "changelist"), query)
    assert sorted(s.name for s in listed.context["cl"].result_list) == sorted(expected)


def test_soldiers_filter_by_campaign_and_squad(campaign, armies, org_client):
    keno = Squad.objects.get(campaign=campaign, ref=armies["keno"]["squad"])
    listed = org_client.get(url(Soldier, "changelist"),
                            {"campaign__id__exact": campaign.pk, "squad": keno.pk})
    assert {s.name for s in listed.context["cl"].result_list} == {
        "Keno commander 0", "Keno medic 1", "Keno rifleman 2", "Keno rifleman 3"}
    squad_filter = next(spec for spec in listed.context["cl"].filter_specs
                        if getattr(spec, "parameter_name", None) == "squad")
    squads = dict(squad_filter.lookup_choices)
    assert squads[keno.pk] == "Keno 1st (Operation Lantern)"


@pytest.mark.parametrize(("model", "query", "count"), [
    (Campaign, {"status": "active", "club__id__exact": "CLUB"}, 1),
    (Campaign, {"q": "Lantern"}, 1),
    (Force, {"q": "steel"}, 1),
    (Squad, {"q": "keno"}, 1),
    (Scenario, {"status": "in_battle"}, 1),
    (Scenario, {"status": "planned", "open": "0"}, 1),
    (HistoryEntry, {"subject__exact": "soldier", "kind": "recruited"}, 8),
])
def test_organizer_lists_filter_and_search(model, query, count, club, battle, org_client):
    query = {k: (club.pk if v == "CLUB" else v) for k, v in query.items()}
    listed = org_client.get(url(model, "changelist"), query)
    assert listed.status_code == 200
    assert listed.context["cl"].result_count == count


def test_an_organizer_sees_only_the_clubs_he_organizes(campaign, armies, people,
                                                            org_client, root_client):
    other = Club.objects.create(name="Keno Raiders", slug="keno-raiders")
    Membership.objects.create(club=other, user=people["root"], role="organizer")
    elsewhere = start_campaign(user=people["root"], club=other, name="Elsewhere",
                               start_date=START)
    project_campaign(campaign_id=elsewhere.pk)
    assert [c.name for c in org_client.get(url(Campaign, "changelist")).context["cl"]
            .result_list] == ["Operation Lantern"]
    assert {c.name for c in root_client.get(url(Campaign, "changelist")).context["cl"]
            .result_list} == {"Operation Lantern", "Elsewhere"}
    hidden = org_client.get(url(Campaign, "change", elsewhere.pk))
    assert hidden.status_code == 302  # "doesn't exist", as for any unknown id
    assert org_client.get(url(Club, "change", other.pk)).status_code == 302


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["history (newest first)", "Strength:", "Commander:", "the soldiers of Steel 1st",
            "<td>recruited</td>"]),
    ("ru", ["история (сначала новое)", "Численность:", "Командир:",
            "бойцы отделения Steel 1st", "Кампании"]),
])
def test_a_squads_page_shows_names_in_the_readers_language(language, words, campaign, armies,
                                                          battle, org_client):
    """No ledger refs nor raw JSON on a squad's page: its force and commander by name, its
    history's kinds and battles by label and name."""
    squad = Squad.objects.get(campaign=campaign, ref=armies["steel"]["squad"])
    page = org_client.get(url(Squad, "change", squad.pk),
                          headers={"accept-language": language}).content.decode()
    for word in words:
        assert word.lower() in page.lower()
    for hidden in ("Force ref", "Commander ref", "Formation ref", '"quality"'):
        assert hidden not in page


def test_a_history_names_its_battle(campaign, battle, org_client):
    scenario = Scenario.objects.get(campaign=campaign, name="River crossing")
    page = org_client.get(url(Scenario, "change", scenario.pk)).content.decode()
    assert f"<td>{battle.name}</td>" in page
