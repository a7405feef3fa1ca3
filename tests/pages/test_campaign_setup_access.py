"""The campaign set-up pages: who may see and change what (outsiders 404, members read,
organizers manage), CSRF, and bad input that shows its error and changes nothing."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaign.models import Campaign
from campaign.services.campaigns import start_campaign
from campaign.services.forces import raise_force
from campaign.services.ledger import state_of
from campaign.services.scenarios import link_scenarios, plan_scenario
from tests.pages.factories import club_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club, users = club_with_players()
    users["outsider"] = get_user_model().objects.create_user("oleg", password="x")
    campaign = start_campaign(user=users["olga"], club=club, name="Operation Lantern",
                              start_date=date(1942, 5, 1))
    return {"club": club, "users": users, "campaign": campaign}


def client_for(user, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


def pages(campaign_id: int) -> list[str]:
    return [f"/campaigns/{campaign_id}/settings/", f"/campaigns/{campaign_id}/scenarios/",
            f"/campaigns/{campaign_id}/forces/new/"]


def test_outsiders_get_404_on_every_page_of_a_campaign(club):
    outsider = client_for(club["users"]["outsider"])
    for url in pages(club["campaign"].pk):
        assert outsider.get(url).status_code == 404, url
        assert outsider.post(url, {"part": "readings", "name": "x"}).status_code == 404, url


def test_anonymous_visitors_are_sent_to_sign_in(club):
    for url in [*pages(club["campaign"].pk), "/campaigns/new/"]:
        response = Client().get(url)
        assert response.status_code == 302 and "/login" in response["Location"], url


def test_members_read_the_settings_and_scenarios_but_may_not_change_them(club):
    anna = client_for(club["users"]["anna"])
    campaign = club["campaign"]
    page = anna.get(f"/campaigns/{campaign.pk}/settings/")
    assert page.status_code == 200
    assert b"Save the house rules" not in page.content
    assert b"disabled" in page.content
    before = state_of(campaign_id=campaign.pk).version
    assert anna.post(f"/campaigns/{campaign.pk}/settings/",
                     {"part": "house_rules"}).status_code == 403
    assert anna.post(f"/campaigns/{campaign.pk}/settings/",
                     {"part": "readings"}).status_code == 403
    page = anna.get(f"/campaigns/{campaign.pk}/scenarios/")
    assert page.status_code == 200 and b"Plan a scenario" not in page.content
    assert anna.post(f"/campaigns/{campaign.pk}/scenarios/",
                     {"part": "scenario", "name": "x"}).status_code == 403
    assert state_of(campaign_id=campaign.pk).version == before


def test_a_player_raises_his_own_force_only(club):
    anna = client_for(club["users"]["anna"])
    campaign = club["campaign"]
    page = anna.get(f"/campaigns/{campaign.pk}/forces/new/")
    assert page.status_code == 200 and b"owner_id" not in page.content
    response = anna.post(f"/campaigns/{campaign.pk}/forces/new/",
                         {"name": "Steel company", "faction": "Steel",
                          "owner_id": club["users"]["boris"].pk})
    assert response.status_code == 302
    (force,) = state_of(campaign_id=campaign.pk).forces.values()
    assert force.owner_id == club["users"]["anna"].pk  # the owner field is not hers to give


def test_only_organizers_open_the_new_campaign_page(club):
    assert client_for(club["users"]["anna"]).get("/campaigns/new/").status_code == 403
    assert client_for(club["users"]["outsider"]).get("/campaigns/new/").status_code == 403
    page = client_for(club["users"]["olga"]).get("/campaigns/new/")
    assert page.status_code == 200
    assert "The Steel War" in page.content.decode()
    assert 'value="steelwar"' in page.content.decode()  # the key is the value, never shown


def test_an_organizer_starts_a_campaign_and_lands_on_its_settings(club):
    olga = client_for(club["users"]["olga"])
    response = olga.post("/campaigns/new/", {
        "club": club["club"].pk, "name": "Winter Line", "rule_system": "steelwar",
        "start_date": "1943-01-10"})
    campaign = Campaign.objects.get(name="Winter Line")
    assert response.status_code == 302
    assert response["Location"] == f"/campaigns/{campaign.pk}/settings/"
    assert campaign.start_date == date(1943, 1, 10) and campaign.created_by == club["users"]["olga"]


def test_a_taken_name_or_a_club_not_organized_is_refused_and_nothing_is_started(club):
    olga = client_for(club["users"]["olga"])
    count = Campaign.objects.count()
    page = olga.post("/campaigns/new/", {
        "club": club["club"].pk, "name": "Operation Lantern", "rule_system": "steelwar",
        "start_date": "1943-01-10"})
    assert page.status_code == 200
    assert "already has a campaign called" in page.content.decode()
    page = olga.post("/campaigns/new/", {"club": club["club"].pk, "name": "X",
                                         "rule_system": "no_such_system",
                                         "start_date": "1943-01-10"})
    assert "Select a valid choice" in page.content.decode()
    assert Campaign.objects.count() == count


def test_a_house_rule_and_a_reading_are_saved_through_the_services(club):
    olga = client_for(club["users"]["olga"])
    campaign = club["campaign"]
    page = olga.get(f"/campaigns/{campaign.pk}/settings/")
    form = _initial(page)
    form.update({"part": "house_rules", "fatigue__tired_at": "4", "recovery__roll_die": "8"})
    assert olga.post(f"/campaigns/{campaign.pk}/settings/", form).status_code == 302
    state = state_of(campaign_id=campaign.pk)
    assert state.house_rules.fatigue.tired_at == 4
    assert state.house_rules.recovery.roll_die == 8
    readings = _initial(olga.get(f"/campaigns/{campaign.pk}/settings/"), "readings")
    readings.update({"part": "readings", "zone_boundary": "outer", "rof_pistol": "2"})
    assert olga.post(f"/campaigns/{campaign.pk}/settings/", readings).status_code == 302
    assert state_of(campaign_id=campaign.pk).battle_options == {"zone_boundary": "outer",
                                                                "rof_pistol": 2}


def test_a_refused_house_rule_is_shown_beside_its_field_and_changes_nothing(club):
    olga = client_for(club["users"]["olga"])
    campaign = club["campaign"]
    form = _initial(olga.get(f"/campaigns/{campaign.pk}/settings/"))
    form.update({"part": "house_rules", "fatigue__tired_at": "5", "fatigue__exhausted_at": "5"})
    before = state_of(campaign_id=campaign.pk).version
    page = olga.post(f"/campaigns/{campaign.pk}/settings/", form)
    assert page.status_code == 200
    html = page.content.decode()
    error = html.index("exhausted_at must be greater than tired_at")
    assert html.rindex('name="fatigue__exhausted_at"', 0, error) > html.rindex(
        'name="fatigue__tired_at"', 0, error)  # under the field it is about
    form.update({"fatigue__exhausted_at": "-1"})
    assert "greater than or equal to 2" in olga.post(
        f"/campaigns/{campaign.pk}/settings/", form).content.decode()
    assert state_of(campaign_id=campaign.pk).version == before


def test_a_reading_out_of_bounds_opens_its_section_with_the_error(club):
    olga = client_for(club["users"]["olga"])
    campaign = club["campaign"]
    readings = _initial(olga.get(f"/campaigns/{campaign.pk}/settings/"), "readings")
    readings.update({"part": "readings", "psi_inspire_default_leadership": "7"})
    html = olga.post(f"/campaigns/{campaign.pk}/settings/", readings).content.decode()
    section = html[html.index('data-rule="§3.6"') - 60:html.index('data-rule="§3.6"')]
    assert "open" in section
    assert "less than or equal to 3" in html
    assert state_of(campaign_id=campaign.pk).battle_options == {}


def test_settings_read_in_russian(club):
    olga = client_for(club["users"]["olga"], headers={"accept-language": "ru"})
    html = olga.get(f"/campaigns/{club['campaign'].pk}/settings/").content.decode()
    for words in ("Домашние правила", "цель на границе зон", "очков усталости за бой",
                  "по умолчанию", "Домашнее правило этого проекта", "ближняя зона", "к6"):
        assert words in html, words
    assert ">recruit<" not in html and ">inner<" not in html  # labels, never keys


def test_scenarios_are_planned_and_linked_and_a_cycle_is_refused(club):
    users, campaign = club["users"], club["campaign"]
    olga = client_for(users["olga"])
    ids = [raise_force(user=users["olga"], campaign=campaign, name=name, owner_id=users[who].pk)
           .state.last_ids["force"] for name, who in (("Steel", "anna"), ("Keno", "boris"))]
    url = f"/campaigns/{campaign.pk}/scenarios/"
    page = olga.post(url, {"part": "scenario", "name": "The bridge", "force_ids": [ids[0]]})
    assert "at least two forces" in page.content.decode()
    for name in ("The bridge", "The village"):
        assert olga.post(url, {"part": "scenario", "name": name,
                               "force_ids": ids}).status_code == 302
    state = state_of(campaign_id=campaign.pk)
    bridge, village = sorted(state.scenarios)
    assert olga.post(url, {"part": "link", "from_id": bridge, "to_id": village,
                           "condition": "win", "force_id": ids[0]}).status_code == 302
    before = state_of(campaign_id=campaign.pk).version
    page = olga.post(url, {"part": "link", "from_id": village, "to_id": bridge})
    html = page.content.decode()
    assert page.status_code == 200
    assert "that link would make the scenario graph loop back" in html
    assert state_of(campaign_id=campaign.pk).version == before
    assert "The bridge → The village" in html and "if Steel: win" in html


def test_a_link_on_a_result_needs_its_force(club):
    users, campaign = club["users"], club["campaign"]
    ids = [raise_force(user=users["olga"], campaign=campaign, name=name, owner_id=users[who].pk)
           .state.last_ids["force"] for name, who in (("Steel", "anna"), ("Keno", "boris"))]
    for name in ("A", "B"):
        plan_scenario(user=users["olga"], campaign=campaign, name=name, force_ids=ids)
    a, b = sorted(state_of(campaign_id=campaign.pk).scenarios)
    page = client_for(users["olga"]).post(f"/campaigns/{campaign.pk}/scenarios/",
                                          {"part": "link", "from_id": a, "to_id": b,
                                           "condition": "win"})
    assert "a condition needs the force whose result it reads" in page.content.decode()
    link_scenarios(user=users["olga"], campaign=campaign, from_id=a, to_id=b)
    assert len(state_of(campaign_id=campaign.pk).links) == 1


def test_an_organizer_raises_a_force_for_a_member_and_a_taken_name_is_refused(club):
    users, campaign = club["users"], club["campaign"]
    olga = client_for(users["olga"])
    url = f"/campaigns/{campaign.pk}/forces/new/"
    page = olga.get(url).content.decode()
    assert "anna" in page and "oleg" not in page  # only the club's members
    assert olga.post(url, {"name": "Keno partisans", "faction": "Keno",
                           "owner_id": users["boris"].pk}).status_code == 302
    page = olga.post(url, {"name": "Keno partisans", "owner_id": users["anna"].pk})
    assert "there is already a force called" in page.content.decode()
    page = olga.post(url, {"name": "Other", "owner_id": users["outsider"].pk})
    assert "Select a valid choice" in page.content.decode()
    (force,) = state_of(campaign_id=campaign.pk).forces.values()
    assert force.owner_id == users["boris"].pk and force.faction == "Keno"


def test_changes_without_the_csrf_token_are_refused(club):
    olga = client_for(club["users"]["olga"], enforce_csrf_checks=True)
    for url in [*pages(club["campaign"].pk), "/campaigns/new/"]:
        assert olga.post(url, {"part": "scenario", "name": "x"}).status_code == 403, url


def _initial(response, part: str = "house_rules") -> dict:
    """The values a form shows, as a browser would send them unchanged."""
    form = response.context["house" if part == "house_rules" else part]
    out = {}
    for name in form.fields:
        value = form[name].value()
        out[name] = "" if value is None else str(value).lower() if isinstance(value, bool) else value
    return out


def test_a_form_sent_twice_records_once(club):
    users, campaign = club["users"], club["campaign"]
    olga = client_for(users["olga"])
    ids = [raise_force(user=users["olga"], campaign=campaign, name=name, owner_id=users[who].pk)
           .state.last_ids["force"] for name, who in (("Steel", "anna"), ("Keno", "boris"))]
    url = f"/campaigns/{campaign.pk}/scenarios/"
    key = olga.get(url).context["keys"]["scenario"]
    form = {"part": "scenario", "name": "The bridge", "force_ids": ids, "key": key}
    assert olga.post(url, form).status_code == 302
    assert olga.post(url, form).status_code == 302  # a double click, a resent form
    assert [s.name for s in state_of(campaign_id=campaign.pk).scenarios.values()] == [
        "The bridge"]
    page = olga.get(f"/campaigns/{campaign.pk}/settings/")
    form = _initial(page)
    form.update({"part": "house_rules", "fatigue__tired_at": "4",
                 "key": page.context["keys"]["house_rules"], "version": page.context["version"]})
    before = state_of(campaign_id=campaign.pk).version
    for _ in range(2):
        assert olga.post(f"/campaigns/{campaign.pk}/settings/", form).status_code == 302
    assert state_of(campaign_id=campaign.pk).version == before + 1


def test_settings_read_before_another_change_do_not_overwrite_it(club):
    users, campaign = club["users"], club["campaign"]
    olga = client_for(users["olga"])
    page = olga.get(f"/campaigns/{campaign.pk}/settings/")
    readings = _initial(page, "readings")
    readings.update({"part": "readings", "zone_boundary": "outer",
                     "key": page.context["keys"]["readings"], "version": page.context["version"]})
    # another organizer changes a reading in the meantime
    from campaign.services.campaigns import set_battle_options

    set_battle_options(user=users["olga"], campaign=campaign, options={"rof_pistol": 2})
    response = olga.post(f"/campaigns/{campaign.pk}/settings/", readings, follow=True)
    assert "was changed since this page was opened" in response.content.decode()
    assert state_of(campaign_id=campaign.pk).battle_options == {"rof_pistol": 2}
    assert response.context["readings"]["rof_pistol"].value() == 2  # as it stands now


@pytest.mark.parametrize(("language", "shown", "hidden"), [
    ("en", "the source does not say how a path through several classes is measured",
     "правила не говорят, как мерить путь"),
    ("ru", "правила не говорят, как мерить путь через несколько классов местности",
     "the source does not say how a path"),
])
def test_each_reading_is_explained_in_the_page_language(club, language, shown, hidden):
    """Every reading's explanation is in the page's language (Russian from the rule system's
    terms), and none is marked English on a Russian page."""
    olga = client_for(club["users"]["olga"], headers={"accept-language": language})
    html = olga.get(f"/campaigns/{club['campaign'].pk}/settings/").content.decode()
    assert shown in html and hidden not in html
    assert html.count('<dl class="reading"') == 67
    assert '<dl class="reading" lang="en">' not in html
    if language == "ru":
        assert "«по участкам»: каждый дюйм стоит 1 (легкопроходимая)" in html
        assert "Пояснения даны по-английски" not in html
