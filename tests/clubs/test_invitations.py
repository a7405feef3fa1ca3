"""Invitations (issue 19): organizers invite by link or e-mail; a link is single use and
expires; accepting joins with the invitation's role; every refusal says why and changes
nothing."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.utils import timezone, translation

from clubs import invitations
from clubs.models import Invitation, Membership
from config.errors import Conflict, Forbidden, Invalid, NotFound

pytestmark = pytest.mark.django_db


@pytest.fixture
def newcomer():
    return get_user_model().objects.create_user("newcomer", email="new@example.org")


def test_an_invitation_is_a_long_random_token_valid_for_seven_days(club, people):
    before = timezone.now()
    invitation = invitations.invite(user=people["org"], club_id=club.pk, role="player")
    other = invitations.invite(user=people["org"], club_id=club.pk, role="player")
    assert len(invitation.token) >= 40 and invitation.token != other.token
    assert before + timedelta(days=7) <= invitation.expires_at <= timezone.now() + timedelta(days=7)
    assert invitations.invitation_url(invitation).endswith(f"/join/{invitation.token}/")
    assert invitation.created_by == people["org"]


def test_accepting_joins_with_the_invitations_role_once(club, people, newcomer):
    invitation = invitations.invite(user=people["org"], club_id=club.pk, role="organizer")
    membership = invitations.accept(user=newcomer, token=invitation.token)
    assert (membership.club, membership.user, membership.role) == (club, newcomer, "organizer")
    invitation.refresh_from_db()
    assert invitation.used_by == newcomer and invitation.used_at is not None
    second = get_user_model().objects.create_user("second")
    with pytest.raises(Conflict) as error:
        invitations.accept(user=second, token=invitation.token)
    assert error.value.code == "invitation_used"
    assert not Membership.objects.filter(user=second).exists()


def test_an_expired_invitation_is_refused(club, people, newcomer):
    invitation = invitations.invite(user=people["org"], club_id=club.pk)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    with pytest.raises(Conflict) as error:
        invitations.accept(user=newcomer, token=invitation.token)
    assert error.value.code == "invitation_expired"
    assert "expired" in error.value.message
    assert not Membership.objects.filter(user=newcomer).exists()
    assert Invitation.objects.get(pk=invitation.pk).used_at is None


def test_a_revoked_invitation_is_refused_and_not_listed(club, people, newcomer):
    invitation = invitations.invite(user=people["org"], club_id=club.pk)
    invitations.revoke(user=people["org"], club_id=club.pk, invitation_id=invitation.pk)
    assert not invitations.open_invitations(user=people["org"], club_id=club.pk).exists()
    with pytest.raises(Conflict) as error:
        invitations.accept(user=newcomer, token=invitation.token)
    assert error.value.code == "invitation_revoked"
    assert not Membership.objects.filter(user=newcomer).exists()


def test_a_used_invitation_cannot_be_revoked(club, people, newcomer):
    invitation = invitations.invite(user=people["org"], club_id=club.pk)
    invitations.accept(user=newcomer, token=invitation.token)
    with pytest.raises(Conflict):
        invitations.revoke(user=people["org"], club_id=club.pk, invitation_id=invitation.pk)


def test_a_member_accepting_keeps_his_role_and_leaves_the_invitation_open(club, people):
    invitation = invitations.invite(user=people["org"], club_id=club.pk, role="organizer")
    with pytest.raises(Conflict) as error:
        invitations.accept(user=people["alice"], token=invitation.token)
    assert error.value.code == "already_a_member"
    assert error.value.message == "you are already a member of Steel Veterans as player"
    assert Membership.objects.get(user=people["alice"]).role == "player"
    assert Invitation.objects.get(pk=invitation.pk).used_at is None


def test_an_unknown_token_is_not_found_and_anonymous_users_must_sign_in(club, people):
    with pytest.raises(NotFound):
        invitations.accept(user=people["outsider"], token="no-such-token")
    invitation = invitations.invite(user=people["org"], club_id=club.pk)
    with pytest.raises(Invalid) as error:
        invitations.accept(user=AnonymousUser(), token=invitation.token)
    assert error.value.code == "not_signed_in"


def test_only_organizers_invite_list_and_revoke(club, people):
    invitation = invitations.invite(user=people["org"], club_id=club.pk)
    with pytest.raises(Forbidden):
        invitations.invite(user=people["alice"], club_id=club.pk)
    with pytest.raises(Forbidden):
        invitations.open_invitations(user=people["alice"], club_id=club.pk)
    with pytest.raises(Forbidden):
        invitations.revoke(user=people["alice"], club_id=club.pk, invitation_id=invitation.pk)
    for call in (lambda: invitations.invite(user=people["outsider"], club_id=club.pk),
                 lambda: invitations.open_invitations(user=people["outsider"], club_id=club.pk)):
        with pytest.raises(NotFound):
            call()
    assert Invitation.objects.count() == 1
    assert not Invitation.objects.get().revoked


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"role": "general"}, "bad_role"),
    ({"email": "not an address"}, "bad_email"),
    ({"valid_for": timedelta(days=31)}, "bad_validity"),
    ({"valid_for": timedelta(0)}, "bad_validity"),
])
def test_bad_invitations_are_refused_and_nothing_is_made(club, people, kwargs, code):
    with pytest.raises(Invalid) as error:
        invitations.invite(user=people["org"], club_id=club.pk, **kwargs)
    assert error.value.code == code
    assert not Invitation.objects.exists()


def test_an_email_invitation_sends_the_link_in_the_organizers_language(
        club, people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invitation = invitations.invite(user=people["org"], club_id=club.pk, role="player",
                                        email="friend@example.org", language="ru")
    [message] = mail.outbox
    assert message.to == ["friend@example.org"]
    assert "Steel Veterans" in message.subject and "Приглашение" in message.subject
    assert invitations.invitation_url(invitation) in message.body
    assert "игрок" in message.body and "org" in message.body


def test_no_email_for_a_link_invitation_nor_for_one_revoked_before_sending(
        club, people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invitations.invite(user=people["org"], club_id=club.pk)
    assert not mail.outbox
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        invitation = invitations.invite(user=people["org"], club_id=club.pk,
                                        email="friend@example.org")
    invitations.revoke(user=people["org"], club_id=club.pk, invitation_id=invitation.pk)
    for callback in callbacks:
        callback()
    assert not mail.outbox


def test_refusals_speak_russian(club, people, newcomer):
    invitation = invitations.invite(user=people["org"], club_id=club.pk)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    with translation.override("ru"), pytest.raises(Conflict) as error:
        invitations.accept(user=newcomer, token=invitation.token)
    assert "истек" in error.value.message or "истёк" in error.value.message
