"""The scenario page and its "what changed" page through Django's test client: who may
read and who may change (outsiders 404, members read, organizers and a force's owner pick,
organizers start), refusals by name and reason in English and Russian, nothing recorded on
a refusal; the outcome lists the take-over's changes by name."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from campaign.services.ledger import state_of
from clubs.models import Club, Membership
from tests.pages.factories import club_with_players, steelwar_campaign_planned

pytestmark = pytest.mark.django_db(transaction=True)

RU = {"HTTP_ACCEPT_LANGUAGE": "ru"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def planned():
    club, users = club_with_players()
    campaign, squads = steelwar_campaign_planned(club, users)
    clients = {}
    for name, user in users.items():
        clients[name] = Client()
        clients[name].force_login(user)
    outsider = get_user_model().objects.create_user("otto", password="x")
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    Membership.objects.create(club=other, user=outsider, role="organizer")
    clients["otto"] = Client()
    clients["otto"].force_login(outsider)
    return campaign, squads, users, clients


def url(campaign, ref=1, outcome=False):
    return f"/campaigns/{campaign.pk}/scenarios/{ref}/" + ("outcome/" if outcome else "")


def picks(squads, owner, soldiers=None, version=None, campaign=None):
    army = squads[owner]
    body = {"action": "picks", "force": str(army["force"]), "squad": [str(army["squad"])],
            f"soldier-{army['squad']}": [str(s) for s in (soldiers or army["soldiers"])]}
    if campaign is not None:
        body["version"] = str(state_of(campaign_id=campaign.pk).version)
    return body


def test_outsiders_get_404_and_members_read(planned):
    campaign, squads, users, clients = planned
    for page in (url(campaign), url(campaign, outcome=True)):
        assert clients["otto"].get(page).status_code == 404
        assert clients["otto"].post(page, picks(squads, "anna")).status_code == 404
        assert clients["anna"].get(page).status_code == 200
    assert clients["anna"].get(url(campaign, ref=99)).status_code == 404
    page = clients["boris"].get(url(campaign), **EN).content.decode()
    assert "The bridge" in page and "Steel company" in page and "Keno partisans" in page
    # a player sees the form for his own force only; the organizer for both and the start
    assert f'data-testid="picks-{squads["boris"]["force"]}"' in page
    assert f'data-testid="picks-{squads["anna"]["force"]}"' not in page
    assert "Start the battle" not in page
    organizer = clients["olga"].get(url(campaign), **EN).content.decode()
    assert organizer.count('data-testid="picks-') == 2 and "Start the battle" in organizer


def test_a_player_may_not_pick_for_another_force_nor_start(planned):
    campaign, squads, users, clients = planned
    before = state_of(campaign_id=campaign.pk).version
    answer = clients["boris"].post(url(campaign), picks(squads, "anna"), **EN)
    assert answer.status_code == 403
    assert "only Steel company&#x27;s owner and the club&#x27;s organizers" in (
        answer.content.decode())
    answer = clients["boris"].post(url(campaign), {"action": "start"}, **EN)
    assert answer.status_code == 403
    assert state_of(campaign_id=campaign.pk).version == before


@pytest.mark.parametrize(("headers", "words"), [
    (EN, "Dor (Partisans) cannot take part: dead"),
    (RU, "Dor (Partisans) не может участвовать: погиб"),
])
def test_a_dead_soldier_is_refused_by_name_with_the_reason(planned, headers, words):
    from campaign.services import soldiers

    campaign, squads, users, clients = planned
    dor = squads["boris"]["soldiers"][3]
    soldiers.record_death(user=users["olga"], campaign=campaign, soldier_id=dor)
    before = state_of(campaign_id=campaign.pk).version
    page = clients["olga"].get(url(campaign), **headers).content.decode()
    assert words.split(": ")[1] in page  # his reason is beside his name before picking
    answer = clients["olga"].post(url(campaign), picks(squads, "boris"), **headers)
    assert answer.status_code == 422
    assert words in answer.content.decode()
    # the form as it was sent, his box marked and tied to the sentence
    assert (f'id="soldier-{dor}" checked aria-invalid="true" '
            f'aria-describedby="picks-error-{squads["boris"]["force"]}"') in answer.content.decode()
    assert state_of(campaign_id=campaign.pk).version == before


def test_a_captured_soldier_is_refused_by_name(planned):
    from campaign.services import soldiers

    campaign, squads, users, clients = planned
    aro = squads["boris"]["soldiers"][0]
    soldiers.record_capture(user=users["olga"], campaign=campaign, soldier_id=aro,
                            by_force_id=squads["anna"]["force"])
    answer = clients["boris"].post(url(campaign), picks(squads, "boris"), **EN)
    assert answer.status_code == 422
    assert "Aro (Partisans) cannot take part: captured" in answer.content.decode()


@pytest.mark.parametrize(("headers", "words"), [
    (EN, "Bel (Partisans) cannot take part: recovering until {due}"),
    (RU, "Bel (Partisans) не может участвовать: выздоравливает до {due}"),
])
def test_a_recovering_soldier_is_refused_until_his_date(headers, words):
    """Bel was wounded and stabilised in The bridge (the take-over's ledger event, written
    through the ledger's write path); a day later he is evacuated, due back on a date: until
    then he cannot go into The ford."""
    from campaign.ledger.events import BattleResultTakenOver
    from campaign.services import campaigns, scenarios
    from campaign.services.ledger import write
    from tests.pages.factories import steelwar_campaign

    club, users = club_with_players()
    campaign, battle, squads = steelwar_campaign(club, users)
    keno = squads["boris"]
    bel = keno["soldiers"][1]
    # the ledger event a take-over writes, with the fate the rules would have given him
    write(campaign_id=campaign.pk, user=None, decide=lambda state: [BattleResultTakenOver(
        scenario_id=1, battle_id=battle.pk,
        results=[{"force_id": keno["force"], "result": "draw"},
                 {"force_id": squads["anna"]["force"], "result": "draw"}],
        casualties=[{"soldier_id": bel, "outcome": "stabilised",
                     "captured_by_force_id": None}])])
    campaigns.advance_calendar(user=users["olga"], campaign=campaign, days=1)
    due = state_of(campaign_id=campaign.pk).soldiers[bel].recovery_due
    assert state_of(campaign_id=campaign.pk).soldiers[bel].status == "recovering" and due
    ford = scenarios.plan_scenario(user=users["olga"], campaign=campaign, name="The ford",
                                   force_ids=[keno["force"], squads["anna"]["force"]]
                                   ).state.last_ids["scenario"]
    client = Client()
    client.force_login(users["boris"])
    before = state_of(campaign_id=campaign.pk).version
    answer = client.post(url(campaign, ford), picks(squads, "boris"), **headers)
    assert answer.status_code == 422
    assert words.format(due=due.isoformat()) in answer.content.decode()
    assert state_of(campaign_id=campaign.pk).version == before


def test_bad_form_input_is_refused_and_records_nothing(planned):
    campaign, squads, users, clients = planned
    before = state_of(campaign_id=campaign.pk).version
    body = picks(squads, "boris")
    body["squad"] = ["²"]
    assert clients["olga"].post(url(campaign), body, **EN).status_code == 400
    assert clients["olga"].post(url(campaign), {"action": "nothing"}, **EN).status_code == 400
    stale = picks(squads, "boris", campaign=campaign)
    stale["version"] = str(before - 1)
    assert clients["olga"].post(url(campaign), stale, **EN).status_code == 409
    # starting before the units are chosen: refused by the force's name
    answer = clients["olga"].post(url(campaign), {"action": "start"}, **EN)
    assert answer.status_code == 422
    assert "has not picked its units for The bridge" in answer.content.decode()
    assert state_of(campaign_id=campaign.pk).version == before


def test_picking_then_starting_opens_the_battle_table(planned):
    campaign, squads, users, clients = planned
    going = squads["boris"]["soldiers"][:3]
    answer = clients["boris"].post(url(campaign), picks(squads, "boris", going, campaign=campaign))
    assert answer.status_code == 302 and answer["Location"] == url(campaign)
    clients["anna"].post(url(campaign), picks(squads, "anna", campaign=campaign))
    scenario = state_of(campaign_id=campaign.pk).scenarios[1]
    assert dict(scenario.picks)[squads["boris"]["force"]] == (
        (squads["boris"]["squad"], tuple(going)),)
    page = clients["anna"].get(url(campaign), **EN).content.decode()
    assert "Aro, Bel, Cem" in page
    answer = clients["olga"].post(url(campaign), {"action": "start"})
    battle_id = state_of(campaign_id=campaign.pk).scenarios[1].battle_id
    assert answer.status_code == 302 and answer["Location"] == f"/battles/{battle_id}/"
    page = clients["anna"].get(url(campaign), **RU).content.decode()
    assert "идёт бой" in page and f"/battles/{battle_id}/" in page
    assert 'data-testid="picks-' not in page  # nobody picks for a battle under way


def test_the_outcome_lists_what_the_take_over_changed_by_name(planned):
    from battles.services.battles import conclude_battle
    from campaign.services import scenarios
    from campaign.services.battle_setup import start_scenario_battle

    campaign, squads, users, clients = planned
    for owner in ("anna", "boris"):
        scenarios.pick_units(user=users[owner], campaign=campaign, scenario_id=1,
                             force_id=squads[owner]["force"],
                             squads=[{"squad_id": squads[owner]["squad"]}])
    battle, _ = start_scenario_battle(user=users["olga"], campaign=campaign, scenario_id=1)
    table = clients["anna"].get(f"/battles/{battle.pk}/", **EN).content.decode()
    assert f'href="{url(campaign)}"' in table and "Scenario: The bridge" in table
    assert url(campaign, outcome=True) not in table  # nothing taken over yet
    waiting = clients["anna"].get(url(campaign, outcome=True), **EN).content.decode()
    assert "has not been taken over into the campaign yet" in waiting
    battle.refresh_from_db()
    conclude_battle(battle_id=battle.pk, user=users["olga"], expected_version=battle.version,
                    result={"force-1": "win", "force-2": "lose"})
    english = clients["anna"].get(url(campaign, outcome=True), **EN).content.decode()
    assert "What The bridge changed" in english
    assert "Steel company" in english and "Keno partisans" in english
    assert "fatigue" in english.lower()
    russian = clients["anna"].get(url(campaign, outcome=True), **RU).content.decode()
    assert "Что изменил бой «The bridge»" in russian
    assert "усталост" in russian.lower()
    scenario_page = clients["anna"].get(url(campaign), **EN).content.decode()
    assert url(campaign, outcome=True) in scenario_page
    for page in (f"/battles/{battle.pk}/", f"/campaigns/{campaign.pk}/"):
        answer = clients["anna"].get(page, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert url(campaign, outcome=True) in answer and f'href="{url(campaign)}"' in answer
    assert "Что бой изменил в кампании" in clients["anna"].get(
        f"/battles/{battle.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()


def test_a_rule_of_the_system_refuses_the_start_in_the_readers_language(planned):
    """§2.17: no battle before the organizer sets each side's motivation; the plug-in's
    sentence, in Russian on a Russian page."""
    from campaign.services import scenarios

    campaign, squads, users, clients = planned
    forces = [squads["anna"]["force"], squads["boris"]["force"]]
    ford = scenarios.plan_scenario(user=users["olga"], campaign=campaign, name="The ford",
                                   force_ids=forces).state.last_ids["scenario"]
    for owner in ("anna", "boris"):
        scenarios.pick_units(user=users[owner], campaign=campaign, scenario_id=ford,
                             force_id=squads[owner]["force"],
                             squads=[{"squad_id": squads[owner]["squad"]}])
    before = state_of(campaign_id=campaign.pk).version
    english = clients["olga"].post(url(campaign, ford), {"action": "start"}, **EN)
    assert english.status_code == 422
    assert "the organizer has not set Steel company&#x27;s motivation for The ford" in (
        english.content.decode())
    russian = clients["olga"].post(url(campaign, ford), {"action": "start"}, **RU)
    assert russian.status_code == 422
    assert "мотивац" in russian.content.decode()
    assert "the organizer has not set" not in russian.content.decode()
    assert state_of(campaign_id=campaign.pk).version == before

    # the organizer sets each side's motivation on the page (the plug-in's side schema)
    page = clients["olga"].get(url(campaign, ford), **RU).content.decode()
    assert f'data-testid="side-{forces[0]}"' in page and "мотивация" in page.lower()
    assert 'data-testid="side-' not in clients["anna"].get(url(campaign, ford)).content.decode()
    side = {"action": "side", "force": str(forces[0]),
            f"side-{forces[0]}-attributes.motivation": "fanatic"}
    assert clients["anna"].post(url(campaign, ford), side).status_code == 403
    bad = clients["olga"].post(url(campaign, ford), {**side, f"side-{forces[0]}-attributes."
                                                     "motivation": "bored"}, **EN)
    assert bad.status_code in (400, 422) and "motivation" in bad.content.decode()
    assert state_of(campaign_id=campaign.pk).version == before
    for force in forces:
        done = clients["olga"].post(url(campaign, ford), {
            "action": "side", "force": str(force),
            f"side-{force}-attributes.motivation": "high"})
        assert done.status_code == 302, done.content.decode()[:500]
    state = state_of(campaign_id=campaign.pk)
    assert {f: state.scenarios[ford].side_attributes[f]["motivation"] for f in forces} == {
        forces[0]: "high", forces[1]: "high"}
    shown = clients["anna"].get(url(campaign, ford), **EN).content.decode()
    assert f'data-testid="side-attributes-{forces[0]}"' in shown
    started = clients["olga"].post(url(campaign, ford), {"action": "start"})
    assert started.status_code == 302 and "/battles/" in started["Location"]



def test_a_formation_commander_goes_as_an_officer_but_not_twice(planned):
    """§2.18: a formation's commander may go on the table as an officer, once."""
    from campaign.services import forces

    campaign, squads, users, clients = planned
    keno = squads["boris"]
    bel = keno["soldiers"][1]
    band = forces.raise_formation(user=users["olga"], campaign=campaign,
                                  force_id=keno["force"], level="platoon",
                                  name="Keno band").state.last_ids["formation"]
    forces.assign_formation_commander(user=users["olga"], campaign=campaign,
                                      formation_id=band, soldier_id=bel,
                                      attributes={"leadership": 2})
    page = clients["boris"].get(url(campaign), **EN).content.decode()
    assert f'id="officer-{bel}"' in page and "(Keno band)" in page
    twice = picks(squads, "boris")
    twice["officer"] = [str(bel)]
    answer = clients["boris"].post(url(campaign), twice, **EN)
    assert answer.status_code == 422
    assert "Bel already goes with his squad" in answer.content.decode()
    assert f'id="officer-{bel}" checked' in answer.content.decode()
    alone = picks(squads, "boris", [s for s in keno["soldiers"] if s != bel])
    alone["officer"] = [str(bel)]
    assert clients["boris"].post(url(campaign), alone).status_code == 302
    scenario = state_of(campaign_id=campaign.pk).scenarios[1]
    assert scenario.officers[keno["force"]] == (bel,)
    page = clients["anna"].get(url(campaign), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "офицеры: Bel" in page
