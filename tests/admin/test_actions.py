"""The organizer's admin actions call the services end to end, and a service's refusal
is shown as an error message and changes nothing (no event appended, no row changed)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from battles.models import Battle
from battles.streams import stream_of as battle_stream
from campaign.models import Campaign, Force, Soldier
from campaign.services import soldiers
from campaign.services.campaigns import finish_campaign, start_campaign
from campaign.services.ledger import stream_of
from campaign.services.projection import project_campaign
from eventstore.models import Event
from eventstore.selectors import read_stream, stream_version
from tests.admin.conftest import START, messages_of, raise_army

pytestmark = pytest.mark.django_db


def ledger_version(campaign) -> int:
    return stream_version(stream_of(campaign.pk))


def soldier(campaign, ref) -> Soldier:
    return Soldier.objects.get(campaign=campaign, ref=ref)


# --- conclude battle ---------------------------------------------------------------------


def test_conclude_asks_for_the_result_of_each_side(battle, act, org_client):
    page = act(org_client, Battle, "conclude", [battle])
    assert page.status_code == 200
    fields = page.context["form"].fields
    assert sorted(k for k in fields if k.startswith("result_")) == ["result_force-1",
                                                                    "result_force-2"]
    assert fields["expected_version"].initial is None
    assert page.context["form"]["expected_version"].value() == battle.version
    assert "Conclude battle" in page.content.decode()


def test_conclude_records_the_result_and_the_campaign_takes_it_over(battle, campaign, act,
                                                                    org_client):
    done = act(org_client, Battle, "conclude", [battle], apply=True,
               expected_version=battle.version,
               **{"result_force-1": "win", "result_force-2": "lose"})
    assert done.status_code == 302
    assert messages_of(done) == [f"{battle.name} concluded."]
    battle.refresh_from_db()
    assert battle.status == "concluded"
    assert battle.result == {"force-1": "win", "force-2": "lose"}
    assert read_stream(battle_stream(battle))[-1].type == "battle.concluded"
    taken = [e for e in read_stream(stream_of(campaign.pk))
             if e.type == "battle.result_taken_over"]
    assert len(taken) == 1 and taken[0].data["battle_id"] == battle.pk


@pytest.mark.parametrize("failure", ["stale_version", "bad_result", "not_a_member"])
def test_a_refused_conclusion_is_shown_and_changes_nothing(failure, battle, campaign, act,
                                                           org_client, root_client):
    client, version, results = org_client, battle.version, {"result_force-1": "win",
                                                            "result_force-2": "lose"}
    if failure == "stale_version":
        version -= 1
    elif failure == "bad_result":
        results["result_force-2"] = "win!"
    else:
        client = root_client  # a superuser who organizes no club: the service says no
    before = (Event.objects.count(), ledger_version(campaign))
    page = act(client, Battle, "conclude", [battle], apply=True, expected_version=version,
               **results)
    assert page.status_code == 200  # the form again, with the reason
    battle.refresh_from_db()
    assert battle.status == "open" and battle.result is None
    assert (Event.objects.count(), ledger_version(campaign)) == before
    if failure == "bad_result":
        assert page.context["form"].errors["result_force-2"]
    else:
        expected = {"stale_version": "expected version", "not_a_member": f"no battle {battle.pk}"}
        assert expected[failure] in messages_of(page)[-1]


def test_concluding_a_concluded_battle_is_refused_by_the_service(battle, act, org_client):
    sides = {"result_force-1": "draw", "result_force-2": "draw"}
    act(org_client, Battle, "conclude", [battle], apply=True, expected_version=battle.version,
        **sides)
    battle.refresh_from_db()
    before = Event.objects.count()
    again = act(org_client, Battle, "conclude", [battle], apply=True,
                expected_version=battle.version, **sides)
    assert "is concluded" in messages_of(again)[-1]
    assert Event.objects.count() == before


def test_conclude_takes_one_battle_at_a_time(battle, act, org_client, club):
    other = Battle.objects.create(club=club, name="Skirmish", rule_system="steelwar",
                                  rule_version="1.0", seed_sha256="0" * 64)
    response = act(org_client, Battle, "conclude", [battle, other])
    assert response.status_code == 302
    assert messages_of(response) == ["Conclude one battle at a time."]


# --- between battles -----------------------------------------------------------------------


def test_between_battle_time_moves_the_calendar_under_the_house_rules(campaign, armies, act,
                                                                      org_client):
    page = act(org_client, Campaign, "between_battles", [campaign])
    assert page.status_code == 200 and "house rules" in page.content.decode()
    token = page.context["form"]["token"].value()
    before = ledger_version(campaign)
    done = act(org_client, Campaign, "between_battles", [campaign], apply=True, days="21",
               token=token)
    assert done.status_code == 302 and messages_of(done) == ["The calendar moved on."]
    campaign.refresh_from_db()
    assert campaign.current_date == START + timedelta(days=21)
    assert campaign.projected_version == ledger_version(campaign) == before + 1
    assert read_stream(stream_of(campaign.pk))[-1].data == {"days": 21}
    # the same page posted twice (a double click) records nothing twice
    act(org_client, Campaign, "between_battles", [campaign], apply=True, days="21", token=token)
    assert ledger_version(campaign) == before + 1


@pytest.mark.parametrize("failure", ["finished", "not_an_organizer"])
def test_refused_between_battle_time_changes_nothing(failure, campaign, people, act,
                                                     org_client, root_client):
    client = org_client
    if failure == "finished":
        finish_campaign(user=people["org"], campaign=campaign)
    else:
        client = root_client
    before = ledger_version(campaign)
    page = act(client, Campaign, "between_battles", [campaign], apply=True, days="7",
               token="t")
    assert page.status_code == 200
    assert {"finished": "is over", "not_an_organizer": "only the club's organizers"}[
        failure] in messages_of(page)[-1]
    assert ledger_version(campaign) == before
    project_campaign(campaign_id=campaign.pk)
    campaign.refresh_from_db()
    assert campaign.current_date == START


def test_forces_are_sent_to_rest_and_back_to_the_front(campaign, armies, act, org_client):
    steel = Force.objects.get(campaign=campaign, ref=armies["steel"]["force"])
    act(org_client, Force, "send_to_rest", [steel])
    steel.refresh_from_db()
    assert steel.attributes["posture"] == "rest"
    act(org_client, Force, "send_to_front", [steel])
    steel.refresh_from_db()
    assert steel.attributes["posture"] == "front"


# --- corrections of soldiers ---------------------------------------------------------------


def test_leadership_is_corrected_by_a_ledger_event(campaign, armies, act, org_client):
    commander = soldier(campaign, armies["steel"]["soldiers"][0])
    page = act(org_client, Soldier, "correct_leadership", [commander])
    assert page.status_code == 200 and "leadership" in page.context["form"].fields
    done = act(org_client, Soldier, "correct_leadership", [commander], apply=True,
               leadership="1", reason="misread the roster")
    assert messages_of(done) == ["Leadership corrected."]
    last = read_stream(stream_of(campaign.pk))[-1]
    assert (last.type, last.data["leadership"], last.data["reason"]) == (
        "soldier.leadership_changed", 1, "misread the roster")
    commander.refresh_from_db()
    assert commander.attributes["leadership"] == 1


def test_a_refused_correction_leaves_the_soldier_and_the_ledger_as_they_were(
    campaign, armies, act, root_client
):
    commander = soldier(campaign, armies["steel"]["soldiers"][0])
    before = ledger_version(campaign)
    page = act(root_client, Soldier, "correct_leadership", [commander], apply=True,
               leadership="1")
    assert "only the club's organizers may change leadership" in messages_of(page)[-1]
    commander.refresh_from_db()
    assert commander.attributes["leadership"] == 2 and ledger_version(campaign) == before


def test_a_correction_of_several_soldiers_is_all_or_nothing(campaign, people, armies, act,
                                                            org_client):
    alive, dead = (soldier(campaign, ref) for ref in armies["keno"]["soldiers"][2:4])
    soldiers.record_death(user=people["org"], campaign=campaign, soldier_id=dead.ref)
    project_campaign(campaign_id=campaign.pk)
    before = ledger_version(campaign)
    page = act(org_client, Soldier, "record_death", [alive, dead], apply=True, cause="typo")
    assert f"{dead.name} is already dead" in messages_of(page)[-1]
    assert ledger_version(campaign) == before
    alive.refresh_from_db()
    assert alive.status == "fit"


def test_details_are_amended_and_an_empty_amendment_is_asked_again(campaign, armies, act,
                                                                   org_client):
    rifleman = soldier(campaign, armies["steel"]["soldiers"][2])
    before = ledger_version(campaign)
    empty = act(org_client, Soldier, "amend_details", [rifleman], apply=True, reason="x")
    assert empty.context["form"].non_field_errors() == ["Fill in at least one detail to change."]
    assert ledger_version(campaign) == before
    form = act(org_client, Soldier, "amend_details", [rifleman]).context["form"]
    # a field per editable attribute of the campaign's plug-in, labelled from its schema
    assert form.fields["attributes.weapon"].label == "weapon"
    assert "rifle" in dict(form.fields["attributes.weapon"].choices)
    bad = act(org_client, Soldier, "amend_details", [rifleman], apply=True,
              **{"attributes.weapon": "ray_gun"})
    assert "attributes.weapon" in bad.context["form"].errors
    assert ledger_version(campaign) == before
    act(org_client, Soldier, "amend_details", [rifleman], apply=True,
        **{"attributes.weapon": "smg"}, reason="re-armed")
    rifleman.refresh_from_db()
    assert rifleman.attributes["weapon"] == "smg"
    assert read_stream(stream_of(campaign.pk))[-1].data["changes"] == {
        "attributes": {"weapon": "smg"}}


def test_a_capture_and_a_prisoner_exchange(campaign, armies, act, org_client):
    prisoner = soldier(campaign, armies["steel"]["soldiers"][3])
    keno = Force.objects.get(campaign=campaign, ref=armies["keno"]["force"])
    act(org_client, Soldier, "record_capture", [prisoner], apply=True, by_force=keno.pk,
        reason="lost on patrol")
    prisoner.refresh_from_db()
    assert (prisoner.status, prisoner.held_by_force_ref) == ("captured", keno.ref)
    done = act(org_client, Soldier, "exchange_prisoners", [prisoner])
    assert messages_of(done)[-1] == "Prisoners exchanged."
    prisoner.refresh_from_db()
    assert prisoner.status == "fit"


def test_actions_naming_refs_take_soldiers_of_one_campaign(campaign, armies, people, act,
                                                           org_client, club):
    other = start_campaign(user=people["org"], club=club, name="Second front", start_date=START)
    raise_army(other, people["org"], "Reserve")
    project_campaign(campaign_id=other.pk)
    mixed = [soldier(campaign, armies["steel"]["soldiers"][3]),
             Soldier.objects.filter(campaign=other).first()]
    response = act(org_client, Soldier, "transfer", mixed)
    assert messages_of(response) == ["Select rows of a single campaign for this action."]


def test_a_soldier_is_transferred_to_the_reserve(campaign, armies, act, org_client):
    rifleman = soldier(campaign, armies["steel"]["soldiers"][3])
    page = act(org_client, Soldier, "transfer", [rifleman])
    assert page.status_code == 200
    act(org_client, Soldier, "transfer", [rifleman], apply=True, to_squad="")
    rifleman.refresh_from_db()
    assert rifleman.squad_ref is None


def test_a_recovery_roll_for_a_fit_soldier_is_refused(campaign, armies, act, org_client):
    rifleman = soldier(campaign, armies["steel"]["soldiers"][3])
    before = ledger_version(campaign)
    page = act(org_client, Soldier, "roll_recovery", [rifleman], apply=True)
    assert "is not recovering" in messages_of(page)[-1]
    assert ledger_version(campaign) == before
    two = act(org_client, Soldier, "roll_recovery",
              [rifleman, soldier(campaign, armies["steel"]["soldiers"][2])], apply=True,
              entered_roll="6")
    assert two.context["form"].errors["entered_roll"] == [
        "A table die is entered for one soldier at a time."]


def test_the_demos_recovering_wounded_come_back_through_the_admin(
    django_capture_on_commit_callbacks, act, monkeypatch
):
    """End to end on the demo campaign (a battle fought and taken over, server dice from a
    fixed seed): a recovery roll entered at the table brings one wounded soldier back, then
    between-battle time (house rule: recovery_days) returns the others."""
    from django.contrib.auth import get_user_model

    from campaign.systems.steelwar.demo import load_demo
    from tests.admin.conftest import client_for

    monkeypatch.setattr("battles.dice.new_seed", lambda: "0" * 64)  # three recovering
    with django_capture_on_commit_callbacks(execute=True):
        demo = load_demo().campaign
    organizer = get_user_model().objects.get(username="organizer")  # as the demo made him
    client = client_for(organizer)
    recovering = list(Soldier.objects.filter(campaign=demo, status="recovering").order_by("ref"))
    assert len(recovering) >= 2, "the demo's first battle leaves wounded soldiers recovering"
    lucky, others = recovering[0], recovering[1:]
    done = act(client, Soldier, "roll_recovery", [lucky], apply=True, entered_roll="6")
    assert messages_of(done)[-1] == "Recovery rolled."
    lucky.refresh_from_db()
    assert lucky.status == "fit"
    last = read_stream(stream_of(demo.pk))[-1]
    assert (last.type, last.data["roll"], last.data["source"]) == (
        "soldier.recovery_rolled", 6, "entered")
    act(client, Campaign, "between_battles", [demo], apply=True, days="30", token="demo")
    assert not Soldier.objects.filter(campaign=demo, status__in=["wounded", "recovering"])
    assert {s.status for s in Soldier.objects.filter(pk__in=[s.pk for s in others])} == {"fit"}
