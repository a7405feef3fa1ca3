"""Issue 19: a club's organizer works in ``/admin/`` without being staff or holding any
permission, on his clubs' rows only. Outsiders' rows are not listed and their pages answer
as for an unknown id; he picks nothing of another club in a form; Django's own admins
(users, groups, tokens) stay closed; a player does not get in; a superuser keeps all.
"""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from battles.models import Battle, BattleLogEntry, BattleParticipant, UnitStatus
from campaign.models import Campaign, Force, HistoryEntry, Scenario, Soldier, Squad
from campaign.services import scenarios
from campaign.services.campaigns import start_campaign
from campaign.services.projection import project_campaign
from clubs.models import Club, Membership
from eventstore.models import Event
from tests import conftest as shared
from tests.admin.conftest import START, client_for
from tests.pages.factories import PASSWORD, club_with_players, steelwar_battle

pytestmark = pytest.mark.django_db

SCOPED = [Club, Campaign, Scenario, Force, Squad, Soldier, HistoryEntry, Battle,
          BattleLogEntry, UnitStatus, Event]


def url(model, view: str, *args) -> str:
    opts = model._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=args)


def listed(client, model, **query) -> list:
    response = client.get(url(model, "changelist"), query)
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


@pytest.fixture
def rivals(django_capture_on_commit_callbacks):
    """Another club, Iron Wolves (organizer olga, players anna and boris), with a battle of
    its own and a campaign with a force: every kind of row the organizer must not reach."""
    with django_capture_on_commit_callbacks(execute=True):
        club, users = club_with_players()
        battle = steelwar_battle(club, users, name="Wolf hill")
        campaign = start_campaign(user=users["olga"], club=club, name="Wolf winter",
                                  start_date=START)
        army = shared.raise_army(campaign, users["anna"], "Wolves", soldiers=2)
        cubs = shared.raise_army(campaign, users["boris"], "Cubs", soldiers=2)
        scenarios.plan_scenario(user=users["olga"], campaign=campaign, name="Wolf den",
                                force_ids=[army["force"], cubs["force"]])
        project_campaign(campaign_id=campaign.pk)
    return {"club": club, "users": users, "battle": battle, "campaign": campaign,
            "squad": Squad.objects.get(campaign=campaign, ref=army["squad"])}


def rival_rows(rivals) -> dict:
    campaign, battle = rivals["campaign"], rivals["battle"]
    return {
        Club: rivals["club"], Campaign: campaign, Battle: battle, Squad: rivals["squad"],
        Scenario: Scenario.objects.get(campaign=campaign),
        Force: Force.objects.filter(campaign=campaign).first(),
        Soldier: Soldier.objects.filter(campaign=campaign).first(),
        HistoryEntry: HistoryEntry.objects.filter(campaign=campaign).first(),
        BattleLogEntry: BattleLogEntry.objects.filter(battle=battle).first(),
        UnitStatus: UnitStatus.objects.filter(battle=battle).first(),
        Event: Event.objects.filter(stream_type="battle", stream_id=str(battle.pk)).first(),
    }


# --- getting in ----------------------------------------------------------------------------


def sign_in(username: str, password: str = PASSWORD):
    client = Client()
    response = client.post(reverse("admin:login"), {
        "username": username, "password": password, "next": reverse("admin:index")})
    return client, response


def test_an_organizer_who_is_not_staff_signs_in_to_the_admin(rivals):
    olga = rivals["users"]["olga"]
    assert not olga.is_staff and not olga.user_permissions.exists()
    client, response = sign_in("olga")
    assert response.status_code == 302 and response["Location"] == reverse("admin:index")
    index = client.get(reverse("admin:index"))
    assert index.status_code == 200
    apps = {app["app_label"] for app in index.context["app_list"]}
    assert apps == {"clubs", "campaign", "battles", "eventstore"}


@pytest.mark.parametrize("who", ["player", "inactive organizer"])
def test_a_player_or_an_inactive_organizer_cannot_sign_in_to_the_admin(who, rivals):
    if who == "inactive organizer":
        get_user_model().objects.filter(username="olga").update(is_active=False)
    client, response = sign_in("anna" if who == "player" else "olga")
    assert response.status_code == 200  # the form again, with the admin's refusal
    assert response.context["form"].errors["__all__"][0].startswith(
        "Please enter the correct username and password for a staff account.")
    assert client.get(reverse("admin:index")).status_code == 302


@pytest.mark.parametrize("path", ["admin:index", "campaign", "squad"])
def test_a_signed_in_player_is_sent_to_the_admins_sign_in(path, campaign, people, armies):
    target = {"admin:index": reverse("admin:index"),
              "campaign": url(Campaign, "change", campaign.pk),
              "squad": url(Squad, "change", Squad.objects.filter(campaign=campaign)[0].pk)}[path]
    response = client_for(people["alice"]).get(target)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login") + "?next=")


@pytest.mark.parametrize("admin_url", ["admin:auth_user_changelist", "admin:auth_group_changelist",
                                       "admin:accounts_apitoken_changelist"])
def test_users_groups_and_tokens_stay_closed_to_an_organizer(admin_url, people, org_client):
    assert org_client.get(reverse(admin_url)).status_code == 403
    user_page = reverse("admin:auth_user_change", args=[people["alice"].pk])
    assert org_client.get(user_page).status_code == 403


# --- seeing --------------------------------------------------------------------------------


@pytest.mark.parametrize("model", SCOPED, ids=lambda m: m._meta.model_name)
def test_an_organizer_lists_only_his_clubs_rows(model, battle, rivals, org_client, root_client):
    mine = listed(org_client, model)
    theirs = rival_rows(rivals)[model]
    assert mine, "his own club's rows are listed"
    assert theirs.pk not in {row.pk for row in mine}
    assert theirs.pk in {row.pk for row in listed(root_client, model)}  # a superuser sees all


@pytest.mark.parametrize("model", SCOPED, ids=lambda m: m._meta.model_name)
def test_another_clubs_page_answers_as_an_unknown_id(model, battle, rivals, org_client,
                                                     root_client):
    theirs = rival_rows(rivals)[model]
    response = org_client.get(url(model, "change", theirs.pk))
    assert response.status_code == 302 and response["Location"] == reverse("admin:index")
    unknown = org_client.get(url(model, "change", 987654321))
    assert (unknown.status_code, unknown["Location"]) == (302, response["Location"])
    assert root_client.get(url(model, "change", theirs.pk)).status_code == 200


def test_another_clubs_rows_are_not_in_the_filters(battle, rivals, org_client):
    page = org_client.get(url(Battle, "changelist")).content.decode()
    assert "Steel Veterans" in page and "Iron Wolves" not in page
    page = org_client.get(url(Soldier, "changelist")).content.decode()
    assert "Wolves" not in page and "Wolf winter" not in page


def test_an_organizer_reads_his_streams_events_and_no_others(battle, campaign, rivals,
                                                            org_client):
    streams = {(e.stream_type, e.stream_id) for e in listed(org_client, Event)}
    assert streams == {("battle", str(battle.pk)), ("campaign", str(campaign.pk))}


# --- changing ------------------------------------------------------------------------------


def club_form(club, memberships, **changes) -> dict:
    """The club's change form as the page posts it: its memberships inline."""
    data = {"name": club.name, "slug": club.slug, **changes,
            "memberships-TOTAL_FORMS": str(len(memberships)),
            "memberships-INITIAL_FORMS": str(sum(1 for m in memberships if m.get("id"))),
            "memberships-MIN_NUM_FORMS": "0", "memberships-MAX_NUM_FORMS": "1000"}
    for i, membership in enumerate(memberships):
        for key, value in membership.items():
            data[f"memberships-{i}-{key}"] = value
        data[f"memberships-{i}-club"] = club.pk
    return data


def current_memberships(club, **changes_by_user) -> list[dict]:
    rows = []
    for m in Membership.objects.filter(club=club).select_related("user").order_by("pk"):
        row = {"id": m.pk, "user": m.user_id, "role": m.role}
        row.update(changes_by_user.get(m.user.username, {}))
        rows.append(row)
    return rows


def test_an_organizer_renames_his_club_and_changes_a_members_role(club, people, org_client):
    response = org_client.post(url(Club, "change", club.pk), club_form(
        club, current_memberships(club, alice={"role": "organizer"}), name="Steel Guard"))
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.name == "Steel Guard"
    assert Membership.objects.get(club=club, user=people["alice"]).role == "organizer"


def test_an_organizer_cannot_leave_his_club_without_an_organizer(club, people, org_client):
    response = org_client.post(url(Club, "change", club.pk), club_form(
        club, current_memberships(club, org={"role": "player"}), name="Renamed"))
    assert response.status_code == 200
    assert "A club keeps at least one organizer." in response.content.decode()
    club.refresh_from_db()
    assert club.name == "Steel Veterans"
    assert Membership.objects.get(club=club, user=people["org"]).role == "organizer"


def test_an_organizer_cannot_add_a_member_of_another_club(club, people, rivals, org_client):
    anna = rivals["users"]["anna"]
    page = org_client.get(url(Club, "change", club.pk))
    choices = page.context["inline_admin_formsets"][0].formset.empty_form.fields["user"]
    assert {u.username for u in choices.queryset} == {"org", "alice", "bob"}
    rows = [*current_memberships(club), {"user": anna.pk, "role": "player"}]
    response = org_client.post(url(Club, "change", club.pk), club_form(club, rows))
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Membership.objects.filter(club=club, user=anna).exists()


def test_an_organizer_neither_adds_nor_deletes_clubs(club, org_client):
    assert org_client.get(url(Club, "add")).status_code == 403
    assert org_client.post(url(Club, "add"), {"name": "Mine", "slug": "mine"}).status_code == 403
    assert org_client.post(url(Club, "delete", club.pk), {"post": "yes"}).status_code == 403
    assert list(Club.objects.values_list("name", flat=True)) == ["Steel Veterans"]


def battle_form(battle, **changes) -> dict:
    participants = list(BattleParticipant.objects.filter(battle=battle).order_by("pk"))
    data = {"name": battle.name, "club": battle.club_id,
            "snapshot_every": battle.snapshot_every, **changes,
            "participants-TOTAL_FORMS": str(len(participants)),
            "participants-INITIAL_FORMS": str(len(participants)),
            "participants-MIN_NUM_FORMS": "0", "participants-MAX_NUM_FORMS": "1000"}
    for i, p in enumerate(participants):
        data.update({f"participants-{i}-id": p.pk, f"participants-{i}-battle": battle.pk,
                     f"participants-{i}-user": p.user_id, f"participants-{i}-side": p.side})
    return data


def test_a_battles_club_and_participants_are_chosen_among_his_clubs(battle, rivals, club,
                                                                   org_client):
    page = org_client.get(url(Battle, "change", battle.pk))
    form = page.context["adminform"].form
    assert list(form.fields["club"].queryset) == [club]
    people = page.context["inline_admin_formsets"][0].formset.empty_form.fields["user"]
    assert {u.username for u in people.queryset} == {"org", "alice", "bob"}
    moved = org_client.post(url(Battle, "change", battle.pk),
                            battle_form(battle, club=rivals["club"].pk))
    assert moved.status_code == 200
    assert "Select a valid choice" in moved.content.decode()
    battle.refresh_from_db()
    assert battle.club_id == club.pk


def test_an_organizer_renames_his_clubs_battle(battle, org_client):
    response = org_client.post(url(Battle, "change", battle.pk),
                               battle_form(battle, name="Crossing at dawn"))
    assert response.status_code == 302
    battle.refresh_from_db()
    assert battle.name == "Crossing at dawn"


def test_an_organizer_cannot_change_another_clubs_battle(rivals, org_client):
    theirs = rivals["battle"]
    response = org_client.post(url(Battle, "change", theirs.pk),
                               battle_form(theirs, name="Taken over"))
    assert response.status_code == 302 and response["Location"] == reverse("admin:index")
    theirs.refresh_from_db()
    assert theirs.name == "Wolf hill"


def test_actions_do_not_reach_another_clubs_rows(campaign, armies, rivals, act, org_client):
    """The change list's actions act on the rows the organizer may see: another club's
    soldier, posted by id, is not among them."""
    theirs = rival_rows(rivals)[Soldier]
    act(org_client, Soldier, "record_death", [theirs], apply=True, cause="forged")
    theirs.refresh_from_db()
    assert theirs.status != "dead"


# --- the demo ------------------------------------------------------------------------------


def test_the_demo_organizer_opens_the_admin_and_sees_only_the_demo_club(
    django_capture_on_commit_callbacks, rivals
):
    from campaign.systems.steelwar.demo import PASSWORD as DEMO_PASSWORD
    from campaign.systems.steelwar.demo import load_demo

    with django_capture_on_commit_callbacks(execute=True):
        demo = load_demo().campaign
    client, response = sign_in("organizer", DEMO_PASSWORD)
    assert response.status_code == 302
    assert [c.name for c in listed(client, Club)] == [demo.club.name]
    assert [c.name for c in listed(client, Campaign)] == [demo.name]
    assert {b.club_id for b in listed(client, Battle)} == {demo.club_id}
    squad = listed(client, Squad)[0]
    assert client.get(url(Squad, "change", squad.pk)).status_code == 200


def test_an_organizer_of_two_clubs_moves_a_member_between_them(club, people, rivals,
                                                              org_client):
    """He sees both clubs, and may add to one a member of the other."""
    wolves = rivals["club"]
    Membership.objects.create(club=wolves, user=people["org"], role="organizer")
    assert {c.name for c in listed(org_client, Club)} == {"Steel Veterans", "Iron Wolves"}
    rows = [*current_memberships(wolves), {"user": people["alice"].pk, "role": "player"}]
    response = org_client.post(url(Club, "change", wolves.pk), club_form(wolves, rows))
    assert response.status_code == 302
    assert Membership.objects.filter(club=wolves, user=people["alice"], role="player").exists()


def test_an_organizer_removes_a_member(club, people, org_client):
    rows = current_memberships(club, bob={"DELETE": "on"})
    response = org_client.post(url(Club, "change", club.pk), club_form(club, rows))
    assert response.status_code == 302
    assert not Membership.objects.filter(club=club, user=people["bob"]).exists()


def test_a_campaigns_page_lists_its_battles_for_the_organizer(campaign, battle, org_client):
    page = org_client.get(url(Campaign, "change", campaign.pk)).content.decode()
    assert battle.name in page and url(Battle, "change", battle.pk) in page


def test_a_staff_user_who_organizes_no_club_sees_no_clubs_rows(battle, campaign):
    """Django's permissions no longer open a club's rows: only the club role does."""
    from django.contrib.auth.models import Permission

    clerk = get_user_model().objects.create_user("clerk", is_staff=True)
    clerk.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = client_for(clerk)
    assert client.get(reverse("admin:index")).status_code == 200
    for model in (Club, Campaign, Battle, Squad, Event):
        assert client.get(url(model, "changelist")).status_code == 403
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 200
