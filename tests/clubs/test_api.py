"""The clubs API (issue 19): outsiders get 404, members read, organizers manage; every
refusal is the one error format and changes nothing."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Invitation, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def ids(club, people):
    def membership(name):
        return Membership.objects.get(club=club, user=people[name]).pk

    invitation = Invitation.objects.create(club=club, role="player", created_by=people["org"],
                                           expires_at=timezone.now() + timedelta(days=1))
    return {"club": club.pk, "bob": membership("bob"), "org": membership("org"),
            "invitation": invitation.pk}


def call(client, method, url, body=None):
    return getattr(client, method)(url, body, format="json")


def requests(ids):
    """(method, url, body, what the players may do: 'read' or 'manage')."""
    club = f"/api/clubs/{ids['club']}"
    return [
        ("get", f"{club}/", None, "read"),
        ("get", f"{club}/members/", None, "read"),
        ("patch", f"{club}/members/{ids['bob']}/", {"role": "organizer"}, "manage"),
        ("delete", f"{club}/members/{ids['bob']}/", None, "manage"),
        ("get", f"{club}/invitations/", None, "manage"),
        ("post", f"{club}/invitations/", {"role": "player"}, "manage"),
        ("delete", f"{club}/invitations/{ids['invitation']}/", None, "manage"),
    ]


def state():
    return (sorted(Membership.objects.values_list("user__username", "role")),
            sorted(Invitation.objects.values_list("pk", "revoked", "used_at")))


def test_outsiders_get_404_and_anonymous_callers_are_refused(clients, ids):
    before = state()
    for method, url, body, _what in requests(ids):
        response = call(clients["outsider"], method, url, body)
        assert (response.status_code, response.json()["code"]) == (404, "not_found"), url
        assert call(APIClient(), method, url, body).status_code in (401, 403), url
    assert state() == before


def test_players_read_and_may_not_manage(clients, ids):
    before = state()
    for method, url, body, what in requests(ids):
        response = call(clients["alice"], method, url, body)
        if what == "read":
            assert response.status_code == 200, url
        else:
            assert (response.status_code, response.json()["code"]) == (
                403, "not_an_organizer"), url
            assert response.json()["message"].startswith("only the club's organizers may")
    assert state() == before


def test_organizers_manage(clients, ids, club, django_capture_on_commit_callbacks):
    org = clients["org"]
    detail = call(org, "get", f"/api/clubs/{club.pk}/").json()
    assert detail == {"id": club.pk, "name": "Steel Veterans", "slug": "steel-veterans",
                      "role": "organizer"}
    members = call(org, "get", f"/api/clubs/{club.pk}/members/").json()
    assert [(m["username"], m["role"]) for m in members][:2] == [
        ("org", "organizer"), ("alice", "player")]
    response = call(org, "patch", f"/api/clubs/{club.pk}/members/{ids['bob']}/",
                    {"role": "organizer"})
    assert (response.status_code, response.json()["role"]) == (200, "organizer")
    with django_capture_on_commit_callbacks(execute=True):
        response = call(org, "post", f"/api/clubs/{club.pk}/invitations/",
                        {"role": "organizer", "email": "friend@example.org",
                         "valid_for_days": 2})
    assert response.status_code == 201
    created = response.json()
    assert created["url"].endswith(f"/join/{Invitation.objects.get(pk=created['id']).token}/")
    assert created["created_by"] == "org"
    assert [m.to for m in mail.outbox] == [["friend@example.org"]]
    listed = call(org, "get", f"/api/clubs/{club.pk}/invitations/").json()
    assert {i["id"] for i in listed} == {ids["invitation"], created["id"]}
    assert call(org, "delete", f"/api/clubs/{club.pk}/invitations/{ids['invitation']}/"
                ).status_code == 204
    assert Invitation.objects.get(pk=ids["invitation"]).revoked
    assert call(org, "delete", f"/api/clubs/{club.pk}/members/{ids['bob']}/").status_code == 204
    assert not Membership.objects.filter(pk=ids["bob"]).exists()


def test_a_member_leaves_through_his_own_membership(clients, club, people):
    own = Membership.objects.get(club=club, user=people["alice"]).pk
    assert call(clients["alice"], "delete", f"/api/clubs/{club.pk}/members/{own}/"
                ).status_code == 204
    assert call(clients["alice"], "get", f"/api/clubs/{club.pk}/").status_code == 404


def test_the_last_organizer_stays(clients, ids, club):
    before = state()
    for method, body in (("patch", {"role": "player"}), ("delete", None)):
        response = call(clients["org"], method, f"/api/clubs/{club.pk}/members/{ids['org']}/",
                        body)
        assert (response.status_code, response.json()["code"]) == (422, "last_organizer")
    assert state() == before


def test_bad_input_is_refused_with_the_field(clients, ids, club):
    before = state()
    response = call(clients["org"], "patch", f"/api/clubs/{club.pk}/members/{ids['bob']}/",
                    {"role": "general"})
    assert (response.status_code, response.json()["field"]) == (400, "role")
    for body, field in (({"role": "general"}, "role"), ({"email": "nope"}, "email"),
                        ({"valid_for_days": 99}, "valid_for_days")):
        response = call(clients["org"], "post", f"/api/clubs/{club.pk}/invitations/", body)
        assert (response.status_code, response.json()["field"]) == (400, field)
    assert state() == before


def test_accepting_an_invitation_once(club, ids):
    invitation = Invitation.objects.get(pk=ids["invitation"])
    newcomer = APIClient()
    newcomer.force_authenticate(get_user_model().objects.create_user("newcomer"))
    url = f"/api/invitations/{invitation.token}/accept/"
    response = newcomer.post(url)
    assert response.status_code == 201
    assert (response.json()["username"], response.json()["role"]) == ("newcomer", "player")
    again = APIClient()
    again.force_authenticate(get_user_model().objects.create_user("late"))
    response = again.post(url)
    assert (response.status_code, response.json()["code"]) == (409, "invitation_used")
    for bad in ("not-a-token", "%00abc", "x" * 65, "%D0%B9"):
        response = again.post(f"/api/invitations/{bad}/accept/")
        assert (response.status_code, response.json()["code"]) == (404, "not_found"), bad
    assert APIClient().post(url).status_code in (401, 403)
    response = again.post(url, "{oops", content_type="application/json")
    assert response.status_code == 400
    response = again.post(url, "x", content_type="text/plain")
    assert response.status_code == 415
    assert not Membership.objects.filter(user__username="late").exists()


def test_an_expired_invitation_is_refused_in_russian(club, ids):
    Invitation.objects.filter(pk=ids["invitation"]).update(expires_at=timezone.now())
    token = Invitation.objects.get(pk=ids["invitation"]).token
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user("newcomer"))
    response = client.post(f"/api/invitations/{token}/accept/", HTTP_ACCEPT_LANGUAGE="ru")
    assert (response.status_code, response.json()["code"]) == (409, "invitation_expired")
    assert response.json()["message"].startswith("срок этого приглашения истёк")
