"""The roster pages without a browser: who may read and who may build a force's roster, the
forms generated from the plug-in's schema (bad input refused next to its field, nothing
stored), and the roster's CSV in English and Russian."""
import csv
import io

import pytest
from django.test import Client

from campaign.plugins import get as plugin_for
from campaign.services.ledger import state_of
from tests.conftest import raise_army
from tests.page_text import client_of, form_values

pytestmark = pytest.mark.django_db


@pytest.fixture
def army(campaign, people):
    """alice's force (one squad of 3: a commander, a medic, a rifleman)."""
    return raise_army(campaign, people["alice"], "Steel", soldiers=3)


def urls(campaign, army) -> dict[str, str]:
    base = f"/campaigns/{campaign.pk}"
    force = f"{base}/forces/{army['force']}"
    return {
        "roster": f"{force}/roster/",
        "csv": f"{force}/roster.csv",
        "formation": f"{force}/roster/formations/new/",
        "squad": f"{force}/roster/squads/new/",
        "recruit": f"{force}/roster/soldiers/new/",
        "soldier": f"{base}/soldiers/{army['soldiers'][2]}/edit/",
    }


def soldiers_of(campaign) -> dict:
    return dict(state_of(campaign_id=campaign.pk).soldiers)


# --- access -----------------------------------------------------------------------------------

@pytest.mark.parametrize("who, read, edit", [
    ("outsider", 404, 404),   # the campaign is not disclosed
    ("member", 200, 403),     # a member of the club reads, does not build
    ("bob", 200, 403),        # another player: not his force
    ("alice", 200, 200),      # the owner
    ("org", 200, 200),        # the club's organizer
])
def test_outsiders_get_404_members_read_the_owner_and_organizers_build(
        campaign, people, army, who, read, edit):
    client = client_of(people[who])
    pages = urls(campaign, army)
    assert client.get(pages["roster"]).status_code == read
    assert client.get(pages["csv"]).status_code == read
    for name in ("formation", "squad", "recruit", "soldier"):
        assert client.get(pages[name]).status_code == edit, name


def test_a_player_cannot_post_into_another_players_force(campaign, people, army):
    before = soldiers_of(campaign)
    response = client_of(people["bob"]).post(urls(campaign, army)["recruit"], {
        "name": "Spy", "role": "rifleman", "attributes.weapon": "rifle",
        "attributes.armour": "human", "attributes.quality": "regular"})
    assert response.status_code == 403
    assert soldiers_of(campaign) == before


def test_anonymous_visitors_are_sent_to_sign_in(campaign, army):
    response = Client().get(urls(campaign, army)["roster"])
    assert response.status_code == 302 and "/login" in response["Location"]


def test_unknown_force_or_soldier_is_404(campaign, people, army):
    client = client_of(people["alice"])
    assert client.get(f"/campaigns/{campaign.pk}/forces/999/roster/").status_code == 404
    assert client.get(f"/campaigns/{campaign.pk}/forces/999/roster.csv").status_code == 404
    assert client.get(f"/campaigns/{campaign.pk}/forces/999/roster/squads/new/").status_code == 404
    assert client.get(f"/campaigns/{campaign.pk}/soldiers/999/edit/").status_code == 404


def test_editing_links_are_shown_to_the_owner_only(campaign, people, army):
    pages = urls(campaign, army)
    owner = client_of(people["alice"]).get(pages["roster"]).content.decode()
    reader = client_of(people["member"]).get(pages["roster"]).content.decode()
    assert pages["recruit"] in owner and pages["soldier"] in owner
    assert pages["recruit"] not in reader and pages["soldier"] not in reader
    assert pages["csv"] in reader


# --- the forms from the schema ------------------------------------------------------------------

def test_the_soldier_form_has_an_input_per_editable_attribute_of_the_schema(
        campaign, people, army):
    html = client_of(people["alice"]).get(urls(campaign, army)["recruit"]).content.decode()
    schema = plugin_for(campaign.rule_system).member_schema
    for attribute in schema.editable():
        assert f'name="attributes.{attribute.name}"' in html
    # a choice is a select with its labels, an int has the schema's bounds
    assert '<select name="attributes.quality"' in html
    assert 'name="attributes.leadership"' in html and 'min="1"' in html and 'max="3"' in html


def test_the_soldier_form_in_russian_labels_choices_in_russian(campaign, people, army):
    html = client_of(people["alice"], "ru").get(urls(campaign, army)["recruit"]).content.decode()
    assert "пистолет-пулемёт" in html      # the weapon smg
    assert "новобранцы" in html            # the quality recruit
    assert ">smg<" not in html


def test_a_commander_without_leadership_is_refused_next_to_leadership_and_nothing_stored(
        campaign, people, army):
    before = soldiers_of(campaign)
    client = client_of(people["alice"])
    data = {"name": "Volkov", "role": "commander", "squad_id": "",
            "attributes.weapon": "smg", "attributes.armour": "human",
            "attributes.quality": "veteran", "attributes.leadership": ""}
    response = client.post(urls(campaign, army)["recruit"], data)
    assert response.status_code == 400
    form = response.context["form"]
    assert "leadership" in " ".join(form.errors["attributes.leadership"])
    html = response.content.decode()  # the input points at its help and its error
    assert ('aria-describedby="id_attributes.leadership_help id_attributes.leadership_error"'
            in html)
    assert 'id="id_attributes.leadership_error"' in html and 'aria-invalid="true"' in html
    assert soldiers_of(campaign) == before
    response = client.post(urls(campaign, army)["recruit"], {**data, "attributes.leadership": "1"})
    assert response.status_code == 302
    (new,) = set(soldiers_of(campaign)) - set(before)
    soldier = soldiers_of(campaign)[new]
    assert (soldier.name, soldier.role, soldier.squad_id) == ("Volkov", "commander", None)
    assert soldier.attributes["leadership"] == 1 and soldier.attributes["quality"] == "veteran"


def test_a_value_outside_the_schema_is_refused_in_russian(campaign, people, army):
    before = soldiers_of(campaign)
    response = client_of(people["alice"], "ru").post(urls(campaign, army)["recruit"], {
        "name": "Volkov", "role": "rifleman", "attributes.weapon": "laser",
        "attributes.armour": "human", "attributes.quality": "regular"})
    assert response.status_code == 400
    (message,) = response.context["form"].errors["attributes.weapon"]
    assert "laser" in message and any("а" <= ch <= "я" for ch in message.lower())
    assert soldiers_of(campaign) == before


def test_a_squad_beyond_the_rule_systems_figures_per_unit_is_refused_then_raised(
        campaign, people, army):
    client = client_of(people["alice"])
    page = urls(campaign, army)["squad"]
    before = dict(state_of(campaign_id=campaign.pk).squads)
    data = {"name": "2nd squad", "establishment": "500", "attributes.quality": "regular",
            "attributes.traits": ""}
    response = client.post(page, data)
    assert response.status_code == 400
    assert response.context["form"].errors["establishment"]
    assert dict(state_of(campaign_id=campaign.pk).squads) == before
    assert client.post(page, {**data, "establishment": "8"}).status_code == 302
    (new,) = set(state_of(campaign_id=campaign.pk).squads) - set(before)
    squad = state_of(campaign_id=campaign.pk).squads[new]
    assert (squad.name, squad.establishment, squad.attributes["quality"]) == (
        "2nd squad", 8, "regular")


def test_a_formation_and_a_squad_in_it(campaign, people, army):
    client = client_of(people["org"])
    pages = urls(campaign, army)
    assert client.post(pages["formation"], {"name": "1st company", "level": "company",
                                            "parent_id": ""}).status_code == 302
    state = state_of(campaign_id=campaign.pk)
    (formation,) = state.formations.values()
    assert (formation.name, formation.level, formation.force_id) == (
        "1st company", "company", army["force"])
    assert client.post(pages["squad"], {"name": "Scouts", "establishment": "4",
                                        "formation_id": str(formation.id),
                                        "attributes.quality": "elite"}).status_code == 302
    table = client.get(pages["roster"]).context
    scouts = next(s for s in table["squads"] if s["name"] == "Scouts")
    assert scouts["formation"] == "1st company"


def test_editing_a_soldier_amends_only_what_changed(campaign, people, army):
    client = client_of(people["alice"])
    page = urls(campaign, army)["soldier"]
    form = client.get(page).context["form"]
    assert form.initial["attributes.weapon"] == "rifle"
    data = form_values(form)
    data.update({"name": "Sidorov", "attributes.weapon": "lmg", "attributes.specialties":
                 "scout, sapper", "reason": "re-armed"})
    assert client.post(page, data).status_code == 302
    soldier = soldiers_of(campaign)[army["soldiers"][2]]
    assert soldier.name == "Sidorov"
    assert soldier.attributes["weapon"] == "lmg"
    assert soldier.attributes["specialties"] == ["scout", "sapper"]
    assert soldier.attributes["armour"] == "human"


def test_a_bad_map_attribute_is_refused_next_to_it(campaign, people, army):
    client = client_of(people["alice"])
    page = urls(campaign, army)["soldier"]
    before = soldiers_of(campaign)[army["soldiers"][2]]
    data = form_values(client.get(page).context["form"])
    data["attributes.traits"] = "wings: true"
    response = client.post(page, data)
    assert response.status_code == 400
    assert "wings" in " ".join(response.context["form"].errors["attributes.traits"])
    assert soldiers_of(campaign)[army["soldiers"][2]] == before
    data["attributes.traits"] = "mounted: true"
    assert client.post(page, data).status_code == 302
    assert soldiers_of(campaign)[army["soldiers"][2]].attributes["traits"] == {"mounted": True}


# --- CSV ------------------------------------------------------------------------------------------

def read_csv(response) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")  # Excel reads UTF-8 with its byte order mark
    return list(csv.reader(io.StringIO(body[1:])))


def test_the_csv_has_a_row_per_soldier_with_labels_in_english(campaign, people, army):
    response = client_of(people["member"]).get(urls(campaign, army)["csv"])
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="steel.csv"'
    header, *rows = read_csv(response)
    assert header[:5] == ["formation", "squad", "name", "role", "status"]
    assert header[5:8] == ["weapon", "armour", "quality"]
    assert len(rows) == 3
    commander = rows[0]
    assert commander[1:5] == ["Steel 1st", "Steel commander 0", "commander", "fit"]
    assert commander[header.index("weapon")] == "submachine gun"
    assert commander[header.index("leadership")] == "2"


def test_the_csv_in_russian(campaign, people, army):
    response = client_of(people["member"], "ru").get(urls(campaign, army)["csv"])
    header, *rows = read_csv(response)
    assert header[:5] == ["подразделение", "отделение", "имя", "роль", "состояние"]
    assert "оружие" in header
    commander = rows[0]
    assert commander[header.index("оружие")] == "пистолет-пулемёт"
    assert "smg" not in commander and "fit" not in commander


def test_the_csv_filename_of_a_russian_force_and_formula_names_made_inert(campaign, people):
    from campaign.services import forces, soldiers

    alice = people["alice"]
    force_id = forces.raise_force(user=alice, campaign=campaign,
                                  name="Рота Смирнова").events[0].data["force_id"]
    soldiers.recruit_soldier(user=alice, campaign=campaign, force_id=force_id,
                             name="=HYPERLINK(\"x\")", role="rifleman",
                             attributes={"weapon": "rifle", "armour": "human",
                                         "quality": "regular"})
    response = client_of(alice).get(f"/campaigns/{campaign.pk}/forces/{force_id}/roster.csv")
    assert "filename*=utf-8''%D1%80%D0%BE%D1%82%D0%B0" in response["Content-Disposition"]
    _header, row = read_csv(response)
    assert row[1] == "" and row[2] == "'=HYPERLINK(\"x\")"


# --- the squad's commander ------------------------------------------------------------------------

def test_a_squad_commander_is_chosen_among_its_soldiers_and_the_rules_refusal_is_shown(
        campaign, people, army):
    rifleman = army["soldiers"][2]
    page = f"/campaigns/{campaign.pk}/squads/{army['squad']}/commander/"
    assert client_of(people["bob"]).get(page).status_code == 403
    assert client_of(people["outsider"]).get(page).status_code == 404
    client = client_of(people["alice"], "ru")
    response = client.post(page, {"soldier_id": str(rifleman)})
    assert response.status_code == 400  # a rifleman without a leadership (§2.0)
    (message,) = response.context["form"].non_field_errors()  # it names no input of the form
    assert "§2.0" in message and any("а" <= ch <= "я" for ch in message.lower())
    assert state_of(campaign_id=campaign.pk).squads[army["squad"]].commander_id == army[
        "soldiers"][0]
    edit = urls(campaign, army)["soldier"]
    data = form_values(client.get(edit).context["form"])
    assert client.post(edit, {**data, "attributes.leadership": "2"}).status_code == 302
    assert client.post(page, {"soldier_id": str(rifleman)}).status_code == 302
    assert state_of(campaign_id=campaign.pk).squads[army["squad"]].commander_id == rifleman
    roster_html = client.get(urls(campaign, army)["roster"]).content.decode()
    assert "командир: Steel rifleman 2" in roster_html


def test_a_soldier_moves_to_a_squad_with_room_or_is_refused_next_to_the_squad(
        campaign, people, army):
    from campaign.services import forces

    full = forces.raise_squad(user=people["alice"], campaign=campaign, force_id=army["force"],
                              name="Full", establishment=1,
                              attributes={"quality": "regular"}).state.last_ids["squad"]
    rifleman = army["soldiers"][2]
    page = f"/campaigns/{campaign.pk}/soldiers/{rifleman}/move/"
    assert client_of(people["member"]).get(page).status_code == 403
    client = client_of(people["alice"])
    assert client.post(page, {"to_squad_id": str(full)}).status_code == 302
    assert soldiers_of(campaign)[rifleman].squad_id == full
    medic = army["soldiers"][1]
    response = client.post(f"/campaigns/{campaign.pk}/soldiers/{medic}/move/",
                           {"to_squad_id": str(full)})
    assert response.status_code == 400
    assert "Full" in " ".join(response.context["form"].errors["to_squad_id"])
    assert soldiers_of(campaign)[medic].squad_id == army["squad"]


def test_the_api_serves_the_same_csv_to_a_token_client(campaign, people, army, clients):
    url = f"/api/campaigns/{campaign.pk}/forces/{army['force']}/roster.csv"
    response = clients["member"].get(url, HTTP_ACCEPT="text/csv", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    page = client_of(people["member"], "ru").get(urls(campaign, army)["csv"])
    assert response.content == page.content
    assert response["Content-Disposition"] == page["Content-Disposition"]
    assert clients["outsider"].get(url).status_code == 404
    missing = clients["member"].get(f"/api/campaigns/{campaign.pk}/forces/99/roster.csv",
                                    HTTP_ACCEPT="text/csv")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_a_form_sent_twice_recruits_once_and_its_key_with_other_values_is_refused(
        campaign, people, army):
    client = client_of(people["alice"])
    page = urls(campaign, army)["recruit"]
    key = str(client.get(page).context["form"].initial["submission"])
    data = {"submission": key, "name": "Volkov", "role": "rifleman",
            "attributes.weapon": "rifle", "attributes.armour": "human",
            "attributes.quality": "regular"}
    before = soldiers_of(campaign)
    assert client.post(page, data).status_code == 302
    assert client.post(page, data).status_code == 302  # a double tap: the first answer
    assert len(soldiers_of(campaign)) == len(before) + 1
    response = client.post(page, {**data, "name": "Orlov"})
    assert response.status_code == 400
    assert "sent already" in " ".join(response.context["form"].non_field_errors())
    assert len(soldiers_of(campaign)) == len(before) + 1
    renewed = response.context["form"].data["submission"]
    assert renewed != key
    assert client.post(page, {**data, "name": "Orlov", "submission": renewed}).status_code == 302
    assert len(soldiers_of(campaign)) == len(before) + 2


def test_the_chain_of_command_is_listed_and_a_formation_given_to_a_soldier(
        campaign, people, army):
    from campaign.services import forces

    alice = people["alice"]
    company = forces.raise_formation(user=alice, campaign=campaign, force_id=army["force"],
                                     level="company", name="1st company"
                                     ).state.last_ids["formation"]
    forces.raise_formation(user=alice, campaign=campaign, force_id=army["force"],
                           level="platoon", name="2nd platoon", parent_id=company)
    page = f"/campaigns/{campaign.pk}/formations/{company}/commander/"
    assert client_of(people["bob"]).get(page).status_code == 403
    client = client_of(alice, "ru")
    commander = army["soldiers"][0]  # he has a leadership
    assert client.post(page, {"soldier_id": str(commander)}).status_code == 302
    assert state_of(campaign_id=campaign.pk).formations[company].commander_id == commander
    html = client.get(urls(campaign, army)["roster"]).content.decode()
    assert "Командная цепочка" in html
    assert "2nd platoon</strong> <span class=\"muted\">(взвод)</span> · входит в 1st company" in html
    assert "(рота)</span> · командир: Steel commander 0" in html


def test_the_formation_form_names_the_levels_in_the_page_language(campaign, people, army):
    html = client_of(people["alice"], "ru").get(urls(campaign, army)["formation"]).content
    assert all(word in html.decode() for word in ("батальон", "рота", "взвод"))


# --- another rule system: the forms know only its schema -------------------------------------

@pytest.fixture
def skirmish_campaign(club, people):
    from datetime import date

    from campaign.services.campaigns import start_campaign
    from rules.core import registry
    from tests.campaign.toys import skirmish_campaign as toy_plugin
    from tests.rules.toys import skirmish

    skirmish.register()
    toy_plugin.register()
    yield start_campaign(user=people["org"], club=club, name="Border raids",
                         start_date=date(1850, 6, 1), rule_system="skirmish",
                         rule_version="1.0")
    toy_plugin.unregister()
    registry.unregister("skirmish", "1.0")


def test_a_second_rule_systems_roster_comes_from_its_own_schema(skirmish_campaign, people):
    from campaign.services import forces

    campaign, alice = skirmish_campaign, people["alice"]
    client = client_of(alice)
    force_id = forces.raise_force(user=alice, campaign=campaign,
                                  name="Red").state.last_ids["force"]
    base = f"/campaigns/{campaign.pk}/forces/{force_id}/roster"
    squad_form = client.get(f"{base}/squads/new/").content.decode()
    assert 'name="attributes.colour"' in squad_form and "attributes.quality" not in squad_form
    refused = client.post(f"{base}/squads/new/", {"name": "Scouts", "establishment": "3"})
    assert refused.status_code == 400 and refused.context["form"].errors["attributes.colour"]
    assert client.post(f"{base}/squads/new/", {"name": "Scouts", "establishment": "3",
                                               "attributes.colour": "red"}).status_code == 302
    recruit = client.get(f"{base}/soldiers/new/")
    html = recruit.content.decode()
    assert '<option value="scout" selected>' in html  # the schema's default
    assert '<input type="text" name="role"' in html    # the system names no roles
    (squad_id,) = state_of(campaign_id=campaign.pk).squads
    assert client.post(f"{base}/soldiers/new/", {
        "name": "Ash", "role": "scout", "squad_id": str(squad_id), "attributes.rank": "veteran",
        "attributes.tags": "quick, quiet"}).status_code == 302
    header, row = read_csv(client.get(f"/campaigns/{campaign.pk}/forces/{force_id}/roster.csv"))
    assert header == ["formation", "squad", "name", "role", "status", "rank", "tags"]
    assert row == ["", "Scouts", "Ash", "scout", "fit", "veteran", "quick, quiet"]


def test_a_squad_is_renamed_and_re_established_from_its_page(campaign, people, army):
    page = f"/campaigns/{campaign.pk}/squads/{army['squad']}/edit/"
    assert client_of(people["bob"]).get(page).status_code == 403
    assert client_of(people["outsider"]).get(page).status_code == 404
    client = client_of(people["alice"], "ru")
    form = client.get(page).context["form"]
    assert form.initial["name"] == "Steel 1st" and form.initial["establishment"] == 3
    assert "formation_id" not in form.fields  # no service moves a squad between formations
    data = form_values(form)
    response = client.post(page, {**data, "name": "Assault group", "establishment": "0"})
    assert response.status_code == 400
    (message,) = response.context["form"].errors["establishment"]
    assert "1" in message and any("а" <= ch <= "я" for ch in message.lower())
    assert state_of(campaign_id=campaign.pk).squads[army["squad"]].name == "Steel 1st"
    assert client.post(page, {**data, "name": "Assault group", "establishment": "6",
                              "attributes.quality": "elite"}).status_code == 302
    squad = state_of(campaign_id=campaign.pk).squads[army["squad"]]
    assert (squad.name, squad.establishment, squad.attributes["quality"]) == (
        "Assault group", 6, "elite")
    assert page in client.get(urls(campaign, army)["roster"]).content.decode()


def test_a_finished_campaigns_roster_is_read_only(campaign, people, army):
    from campaign.services.campaigns import finish_campaign

    finish_campaign(user=people["org"], campaign=campaign)
    client = client_of(people["alice"])
    pages = urls(campaign, army)
    html = client.get(pages["roster"]).content.decode()
    assert pages["recruit"] not in html and pages["soldier"] not in html
    before = soldiers_of(campaign)
    response = client.post(pages["recruit"], {
        "name": "Late", "role": "rifleman", "attributes.weapon": "rifle",
        "attributes.armour": "human", "attributes.quality": "regular"})
    assert response.status_code == 400
    assert "over" in " ".join(response.context["form"].non_field_errors())
    assert soldiers_of(campaign) == before
