"""The club, invitation and sign-up pages through Django's client (the browser flows are in
tests/pages/test_club_pages.py): outsiders 404, members read, organizers manage; bad input
changes nothing."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from clubs.models import Invitation, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def browsers(people):
    out = {"anonymous": Client()}
    for name, user in people.items():
        out[name] = Client()
        out[name].force_login(user)
    return out


@pytest.fixture
def invitation(club, people):
    return Invitation.objects.create(club=club, role="player", created_by=people["org"],
                                     expires_at=timezone.now() + timedelta(days=7))


def state():
    return (sorted(Membership.objects.values_list("user__username", "role")),
            sorted(Invitation.objects.values_list("pk", "revoked", "used_at")),
            get_user_model().objects.count())


def test_the_club_page_outsiders_404_members_read_organizers_manage(browsers, club):
    url = f"/clubs/{club.pk}/"
    assert browsers["anonymous"].get(url).status_code == 302
    assert browsers["outsider"].get(url).status_code == 404
    player = browsers["alice"].get(url)
    assert player.status_code == 200
    text = player.content.decode()
    assert "Steel Veterans" in text and "org" in text and "Organizer" in text
    assert "Invite someone" not in text and "Remove bob" not in text
    assert "Leave the club" in text
    organizer = browsers["org"].get(url).content.decode()
    assert "Invite someone" in organizer and "Remove bob" in organizer


def test_the_club_page_in_russian(browsers, club):
    text = browsers["org"].get(f"/clubs/{club.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Участники" in text and "Организатор" in text and "Игрок" in text
    assert "Пригласить" in text and "Открытые приглашения" in text


def test_managing_is_refused_to_players_and_hidden_from_outsiders(browsers, club, people,
                                                                   invitation):
    bob = Membership.objects.get(club=club, user=people["bob"]).pk
    posts = [(f"/clubs/{club.pk}/", {"role": "player", "valid_for_days": 7}),
             (f"/clubs/{club.pk}/members/{bob}/role/", {"role": "organizer"}),
             (f"/clubs/{club.pk}/members/{bob}/remove/", {}),
             (f"/clubs/{club.pk}/invitations/{invitation.pk}/revoke/", {})]
    before = state()
    for url, body in posts:
        assert browsers["alice"].post(url, body).status_code == 403, url
        assert browsers["outsider"].post(url, body).status_code == 404, url
        assert browsers["anonymous"].post(url, body).status_code == 302, url
    assert state() == before


def test_an_organizer_invites_changes_a_role_removes_and_revokes(browsers, club, people,
                                                                  invitation):
    org = browsers["org"]
    response = org.post(f"/clubs/{club.pk}/", {"role": "organizer", "valid_for_days": 3})
    created = Invitation.objects.exclude(pk=invitation.pk).get()
    assert created.role == "organizer"
    assert f"/join/{created.token}/" in response.content.decode()
    bob = Membership.objects.get(club=club, user=people["bob"])
    response = org.post(f"/clubs/{club.pk}/members/{bob.pk}/role/", {"role": "organizer"},
                        follow=True)
    assert "bob is now organizer." in response.content.decode()
    org.post(f"/clubs/{club.pk}/members/{bob.pk}/remove/")
    assert not Membership.objects.filter(pk=bob.pk).exists()
    org.post(f"/clubs/{club.pk}/invitations/{invitation.pk}/revoke/")
    assert Invitation.objects.get(pk=invitation.pk).revoked


def test_bad_invitations_and_the_last_organizer_are_refused_with_a_message(browsers, club,
                                                                          people):
    before = state()
    org = browsers["org"]
    response = org.post(f"/clubs/{club.pk}/", {"role": "general", "email": "nope",
                                               "valid_for_days": 0})
    assert response.status_code == 400
    own = Membership.objects.get(club=club, user=people["org"]).pk
    response = org.post(f"/clubs/{club.pk}/members/{own}/role/", {"role": "player"},
                        follow=True)
    assert "org is the last organizer of Steel Veterans" in response.content.decode()
    response = org.post(f"/clubs/{club.pk}/members/{own}/remove/", follow=True)
    assert "org is the last organizer of Steel Veterans" in response.content.decode()
    assert state() == before


def test_the_invitation_page(browsers, invitation):
    url = f"/join/{invitation.token}/"
    text = browsers["anonymous"].get(url).content.decode()
    assert "org invites you to join the club “Steel Veterans” as player." in text
    assert "Sign up" in text and f"/accounts/login/?next=/join/{invitation.token}/" in text
    assert browsers["anonymous"].get("/join/not-a-token/").status_code == 404
    assert "Вступить в Steel Veterans" in browsers["anonymous"].get(
        url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()


def test_a_signed_in_user_joins_and_a_member_is_told_he_is_one(browsers, club, people,
                                                                invitation):
    newcomer = get_user_model().objects.create_user("newcomer")
    client = Client()
    client.force_login(newcomer)
    response = client.post(f"/join/{invitation.token}/")
    assert response.status_code == 302 and response.url == f"/clubs/{club.pk}/"
    assert Membership.objects.get(user=newcomer).role == "player"
    other = Invitation.objects.create(club=club, role="organizer", created_by=people["org"],
                                      expires_at=timezone.now() + timedelta(days=1))
    response = browsers["alice"].get(f"/join/{other.token}/")
    text = response.content.decode()
    assert "You are already a member of Steel Veterans as player." in text
    assert ">Join<" not in text and f'href="/clubs/{club.pk}/"' in text
    response = browsers["alice"].post(f"/join/{other.token}/")
    assert response.status_code == 409
    assert "You are already a member of Steel Veterans as player." in response.content.decode()
    assert Membership.objects.get(user=people["alice"]).role == "player"


def test_a_used_or_expired_invitation_says_why_and_offers_no_sign_up(browsers, invitation):
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    text = browsers["anonymous"].get(f"/join/{invitation.token}/").content.decode()
    assert "This invitation has expired" in text and "Sign up" not in text
    response = browsers["anonymous"].get(f"/join/{invitation.token}/signup/")
    assert response.status_code == 302 and response.url == f"/join/{invitation.token}/"
    assert browsers["anonymous"].post(f"/join/{invitation.token}/signup/", {
        "username": "x", "email": "x@example.org", "password1": "tabletop-1944",
        "password2": "tabletop-1944"}).status_code == 302
    assert not get_user_model().objects.filter(username="x").exists()


def test_signing_up_through_an_invitation_joins_the_club(invitation, club):
    client = Client()
    response = client.post(f"/join/{invitation.token}/signup/", {
        "username": "newcomer", "email": "new@example.org", "password1": "tabletop-1944",
        "password2": "tabletop-1944"})
    assert response.status_code == 302 and response.url == f"/clubs/{club.pk}/"
    user = get_user_model().objects.get(username="newcomer")
    assert user.email == "new@example.org" and user.check_password("tabletop-1944")
    assert Membership.objects.get(user=user).role == "player"
    assert client.get(f"/clubs/{club.pk}/").status_code == 200  # signed in


@pytest.mark.parametrize("body", [
    {"username": "newcomer", "email": "new@example.org", "password1": "tabletop-1944",
     "password2": "tabletop-1945"},
    {"username": "newcomer", "email": "new@example.org", "password1": "123",
     "password2": "123"},
    {"username": "newcomer", "email": "", "password1": "tabletop-1944",
     "password2": "tabletop-1944"},
    {"username": "org", "email": "o@example.org", "password1": "tabletop-1944",
     "password2": "tabletop-1944"},
])
def test_a_bad_sign_up_makes_no_account_and_spends_no_invitation(invitation, body, people):
    before = state()
    response = Client().post(f"/join/{invitation.token}/signup/", body)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert state() == before


def test_the_home_page_links_my_clubs(browsers, club):
    text = browsers["alice"].get("/").content.decode()
    assert "My clubs" in text and f'href="/clubs/{club.pk}/"' in text


def test_a_player_leaves_and_no_longer_sees_the_club(browsers, club):
    own = Membership.objects.get(club=club, user__username="alice").pk
    response = browsers["alice"].post(f"/clubs/{club.pk}/members/{own}/remove/", follow=True)
    assert response.redirect_chain[-1][0] == "/"
    assert "You left Steel Veterans." in response.content.decode()
    assert browsers["alice"].get(f"/clubs/{club.pk}/").status_code == 404
