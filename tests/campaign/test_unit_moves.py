"""A squad moves to another formation (``squad.transferred``) and a formation under another
(``formation.reattached``): same force only, the target must exist, no loop in the chain of
command, one level up (§2.18); owners and organizers; history lines in English and Russian;
as-of views; the API's actions and the roster page's forms."""
import pytest
from django.test import Client
from django.utils import translation

from campaign.models import HistoryEntry, Squad
from campaign.pages.timeline import render
from campaign.services import forces
from campaign.services.ledger import ledger_of, state_of
from campaign.services.projection import project_campaign, rebuild_campaign
from config.api_errors import domain_status
from config.errors import DomainError
from tests.conftest import raise_army

pytestmark = pytest.mark.django_db


def refusal(call) -> tuple[int, str, str | None]:
    with pytest.raises(DomainError) as error:
        call()
    return domain_status(error.value), error.value.code, error.value.field


def _formation(user, campaign, force, level, name, parent=None) -> int:
    return forces.raise_formation(user=user, campaign=campaign, force_id=force, level=level,
                                  name=name, parent_id=parent).events[0].data["formation_id"]


@pytest.fixture
def chain(campaign, people):
    """alice's force: 1st battalion > 1st and 2nd company > 1st platoon (of the 1st), her
    squad in the 1st platoon; bob's force with a company of its own."""
    alice = people["alice"]
    army = raise_army(campaign, alice, "Steel", soldiers=3)
    force = army["force"]
    battalion = _formation(alice, campaign, force, "battalion", "1st battalion")
    first = _formation(alice, campaign, force, "company", "1st company", battalion)
    second = _formation(alice, campaign, force, "company", "2nd company", battalion)
    platoon = _formation(alice, campaign, force, "platoon", "1st platoon", first)
    forces.transfer_squad(user=alice, campaign=campaign, squad_id=army["squad"],
                          to_formation_id=platoon)
    keno = raise_army(campaign, people["bob"], "Keno", soldiers=2)
    foreign = _formation(people["bob"], campaign, keno["force"], "platoon", "Keno platoon")
    return {**army, "battalion": battalion, "first": first, "second": second,
            "platoon": platoon, "foreign": foreign, "keno": keno}


def _history(campaign, subject, ref, kind):
    return list(HistoryEntry.objects.filter(campaign=campaign, subject=subject, subject_ref=ref,
                                            kind=kind).order_by("version"))


def test_a_squad_moves_to_another_platoon_and_every_history_and_as_of_view_follows(
        campaign, people, chain):
    alice = people["alice"]
    second_platoon = _formation(alice, campaign, chain["force"], "platoon", "2nd platoon",
                                chain["second"])
    moved = forces.transfer_squad(user=alice, campaign=campaign, squad_id=chain["squad"],
                                  to_formation_id=second_platoon, reason="reinforce")
    (event,) = moved.events
    assert (event.type, event.data) == ("squad.transferred", {
        "squad_id": chain["squad"], "to_formation_id": second_platoon, "reason": "reinforce"})
    state = state_of(campaign_id=campaign.pk)
    assert state.squads[chain["squad"]].formation_id == second_platoon
    # its soldiers and commander go with it
    assert {s.squad_id for s in state.squad_members(chain["squad"])} == {chain["squad"]}
    assert state.squads[chain["squad"]].commander_id == chain["soldiers"][0]
    project_campaign(campaign_id=campaign.pk)
    assert Squad.objects.get(campaign=campaign, ref=chain["squad"]).formation_ref == (
        second_platoon)
    line = "Steel 1st moved from 1st platoon to 2nd platoon"
    for subject, ref in (("squad", chain["squad"]), ("formation", chain["platoon"]),
                         ("formation", second_platoon)):
        rows = _history(campaign, subject, ref, "squad_transferred")
        assert rows[-1].text == line and rows[-1].version == event.version
    with translation.override("ru"):
        assert render(rows[-1].data["sentence"], "steelwar") == (
            "Steel 1st переведено: 1st platoon → 2nd platoon")
    # as of the version before the move the squad is where it was
    from campaign.ledger.fold import fold

    entries = ledger_of(campaign_id=campaign.pk)
    assert fold(entries[: event.version - 1]).squads[chain["squad"]].formation_id == (
        chain["platoon"])
    rebuild_campaign(campaign_id=campaign.pk)
    assert Squad.objects.get(campaign=campaign, ref=chain["squad"]).formation_ref == (
        second_platoon)
    # out of the formations altogether
    forces.transfer_squad(user=alice, campaign=campaign, squad_id=chain["squad"],
                          to_formation_id=None)
    project_campaign(campaign_id=campaign.pk)
    assert _history(campaign, "squad", chain["squad"], "squad_transferred")[-1].text == (
        "Steel 1st moved from 2nd platoon to no formation")


def test_a_squad_stays_in_its_force_and_bad_moves_change_nothing(campaign, people, chain):
    alice = people["alice"]
    before = len(ledger_of(campaign_id=campaign.pk))
    move = lambda user, to, squad=chain["squad"]: lambda: forces.transfer_squad(  # noqa: E731
        user=user, campaign=campaign, squad_id=squad, to_formation_id=to)
    assert refusal(move(alice, chain["foreign"])) == (422, "other_force", "to_formation_id")
    assert refusal(move(alice, 999)) == (404, "not_found", "to_formation_id")
    assert refusal(move(alice, chain["first"], squad=999)) == (404, "not_found", "squad_id")
    assert refusal(move(people["bob"], chain["first"]))[:2] == (403, "not_your_force")
    assert refusal(move(people["member"], chain["first"]))[:2] == (403, "not_your_force")
    # already there: nothing to record
    assert not forces.transfer_squad(user=alice, campaign=campaign, squad_id=chain["squad"],
                                     to_formation_id=chain["platoon"]).events
    assert len(ledger_of(campaign_id=campaign.pk)) == before
    # the organizer may move anyone's squad
    forces.transfer_squad(user=people["org"], campaign=campaign, squad_id=chain["squad"],
                          to_formation_id=chain["first"])
    assert state_of(campaign_id=campaign.pk).squads[chain["squad"]].formation_id == (
        chain["first"])


def test_a_platoon_moves_to_another_company_with_its_squads(campaign, people, chain):
    moved = forces.reattach_formation(user=people["alice"], campaign=campaign,
                                      formation_id=chain["platoon"],
                                      to_parent_id=chain["second"])
    (event,) = moved.events
    assert event.type == "formation.reattached"
    state = state_of(campaign_id=campaign.pk)
    assert state.formations[chain["platoon"]].parent_id == chain["second"]
    assert state.squads[chain["squad"]].formation_id == chain["platoon"]
    project_campaign(campaign_id=campaign.pk)
    line = "1st platoon moved from 1st company to 2nd company"
    for ref in (chain["platoon"], chain["first"], chain["second"]):
        (row,) = _history(campaign, "formation", ref, "formation_reattached")
        assert row.text == line
    with translation.override("ru"):
        assert render(row.data["sentence"], "steelwar") == (
            "1st platoon переподчинено: 1st company → 2nd company")
    forces.reattach_formation(user=people["org"], campaign=campaign,
                              formation_id=chain["first"], to_parent_id=None)
    project_campaign(campaign_id=campaign.pk)
    (row,) = _history(campaign, "formation", chain["first"], "formation_reattached")[1:]
    assert row.text == "1st company moved from 1st battalion to no higher formation"


@pytest.mark.parametrize("formation, parent, expected", [
    ("first", "platoon", (422, "cycle", "to_parent_id")),        # under its own platoon
    ("battalion", "first", (422, "cycle", "to_parent_id")),      # under its own company
    ("first", "first", (422, "cycle", "to_parent_id")),          # under itself
    ("platoon", "battalion", (422, "bad_chain_of_command", "to_parent_id")),  # §2.18
    ("platoon", "foreign", (422, "other_force", "to_parent_id")),
    ("platoon", 999, (404, "not_found", "to_parent_id")),
])
def test_no_loop_one_level_up_same_force(campaign, people, chain, formation, parent,
                                         expected):
    before = len(ledger_of(campaign_id=campaign.pk))
    assert refusal(lambda: forces.reattach_formation(
        user=people["alice"], campaign=campaign, formation_id=chain[formation],
        to_parent_id=chain.get(parent, parent) if isinstance(parent, str) else parent,
    )) == expected
    assert len(ledger_of(campaign_id=campaign.pk)) == before


def test_only_owners_and_organizers_reattach(campaign, people, chain):
    assert refusal(lambda: forces.reattach_formation(
        user=people["bob"], campaign=campaign, formation_id=chain["platoon"],
        to_parent_id=chain["second"]))[:2] == (403, "not_your_force")
    assert refusal(lambda: forces.reattach_formation(
        user=people["alice"], campaign=campaign, formation_id=999,
        to_parent_id=None))[:2] == (404, "not_found")


def test_the_api_moves_squads_and_formations(campaign, clients, chain):
    base = f"/api/campaigns/{campaign.pk}"
    squad = f"{base}/squads/{chain['squad']}/transfer/"
    response = clients["alice"].post(squad, {"to_formation_id": chain["first"]}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["events"][0]["type"] == "squad.transferred"
    refused = clients["alice"].post(squad, {"to_formation_id": chain["foreign"]},
                                    format="json")
    assert (refused.status_code, refused.json()["field"]) == (422, "to_formation_id")
    assert clients["bob"].post(squad, {"to_formation_id": None},
                               format="json").status_code == 403
    assert clients["outsider"].post(squad, {"to_formation_id": None},
                                    format="json").status_code == 404
    formation = f"{base}/formations/{chain['platoon']}/reattach/"
    response = clients["alice"].post(formation, {"to_parent_id": chain["second"]},
                                     format="json")
    assert response.status_code == 200, response.json()
    refused = clients["alice"].post(f"{base}/formations/{chain['battalion']}/reattach/",
                                    {"to_parent_id": chain["first"]}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (422, "cycle")
    assert clients["alice"].post(formation, {}, format="json").status_code == 400
    assert clients["member"].post(formation, {"to_parent_id": None},
                                  format="json").status_code == 403
    state = state_of(campaign_id=campaign.pk)
    assert state.squads[chain["squad"]].formation_id == chain["first"]
    assert state.formations[chain["platoon"]].parent_id == chain["second"]


@pytest.mark.parametrize("language, refused_text", [
    ("en", "cannot go under itself"), ("ru", "не может подчиняться самому себе")])
def test_the_roster_page_moves_and_shows_refusals_next_to_the_field(
        campaign, people, chain, language, refused_text):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(people["alice"])
    roster = client.get(f"/campaigns/{campaign.pk}/forces/{chain['force']}/roster/")
    move_squad = f"/campaigns/{campaign.pk}/squads/{chain['squad']}/move/"
    move_company = f"/campaigns/{campaign.pk}/formations/{chain['first']}/move/"
    assert move_squad in roster.content.decode() and move_company in roster.content.decode()
    assert client.get(move_squad).status_code == 200
    assert client.post(move_squad, {"to_formation_id": chain["second"]}).status_code == 302
    assert state_of(campaign_id=campaign.pk).squads[chain["squad"]].formation_id == (
        chain["second"])
    before = len(ledger_of(campaign_id=campaign.pk))
    page = client.post(move_company, {"to_parent_id": chain["platoon"]})
    assert page.status_code == 400
    assert refused_text in page.context["form"].errors["to_parent_id"][0]
    assert len(ledger_of(campaign_id=campaign.pk)) == before
    assert client.post(move_company, {"to_parent_id": ""}).status_code == 302
    assert state_of(campaign_id=campaign.pk).formations[chain["first"]].parent_id is None
    bob = Client()
    bob.force_login(people["bob"])
    assert bob.get(move_squad).status_code == 403
    outsider = Client()
    outsider.force_login(people["outsider"])
    assert outsider.get(move_company).status_code == 404
