"""Roles and removal (issue 19): organizers change roles and remove members, a member may
leave, and a club always keeps an organizer."""
import pytest
from django.utils import translation

from clubs import memberships
from clubs.models import Membership
from config.errors import Forbidden, Invalid, NotFound, Refused

pytestmark = pytest.mark.django_db


def of(club, user) -> Membership:
    return Membership.objects.get(club=club, user=user)


def test_members_read_the_list_organizers_first(club, people):
    rows = memberships.memberships(user=people["alice"], club_id=club.pk)
    assert [(m.user.username, m.role) for m in rows] == [
        ("org", "organizer"), ("alice", "player"), ("bob", "player"), ("member", "player")]
    with pytest.raises(NotFound):
        memberships.memberships(user=people["outsider"], club_id=club.pk)


def test_an_organizer_promotes_and_demotes(club, people):
    alice = of(club, people["alice"])
    memberships.change_role(user=people["org"], club_id=club.pk, membership_id=alice.pk,
                            role="organizer")
    assert of(club, people["alice"]).role == "organizer"
    memberships.change_role(user=people["alice"], club_id=club.pk,
                            membership_id=of(club, people["org"]).pk, role="player")
    assert of(club, people["org"]).role == "player"


def test_the_last_organizer_cannot_be_demoted_removed_or_leave(club, people):
    org = of(club, people["org"])
    for call in (
        lambda: memberships.change_role(user=people["org"], club_id=club.pk,
                                        membership_id=org.pk, role="player"),
        lambda: memberships.remove_member(user=people["org"], club_id=club.pk,
                                          membership_id=org.pk),
        lambda: memberships.leave_club(user=people["org"], club_id=club.pk),
    ):
        with pytest.raises(Refused) as error:
            call()
        assert error.value.code == "last_organizer"
        assert error.value.message == ("org is the last organizer of Steel Veterans: make "
                                       "another member an organizer first")
    assert of(club, people["org"]).role == "organizer"
    with translation.override("ru"), pytest.raises(Refused) as error:
        memberships.leave_club(user=people["org"], club_id=club.pk)
    assert "последний организатор" in error.value.message


def test_players_may_not_change_roles_nor_remove_others(club, people):
    bob = of(club, people["bob"])
    with pytest.raises(Forbidden):
        memberships.change_role(user=people["alice"], club_id=club.pk, membership_id=bob.pk,
                                role="organizer")
    with pytest.raises(Forbidden):
        memberships.remove_member(user=people["alice"], club_id=club.pk, membership_id=bob.pk)
    with pytest.raises(NotFound):
        memberships.remove_member(user=people["outsider"], club_id=club.pk,
                                  membership_id=bob.pk)
    assert of(club, people["bob"]).role == "player"


def test_an_organizer_removes_a_member_and_a_player_leaves(club, people):
    memberships.remove_member(user=people["org"], club_id=club.pk,
                              membership_id=of(club, people["bob"]).pk)
    memberships.leave_club(user=people["alice"], club_id=club.pk)
    assert sorted(Membership.objects.values_list("user__username", flat=True)) == [
        "member", "org"]


def test_a_bad_role_or_another_clubs_member_is_refused(club, people):
    from clubs.models import Club

    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    stranger = Membership.objects.create(club=other, user=people["outsider"], role="player")
    with pytest.raises(Invalid):
        memberships.change_role(user=people["org"], club_id=club.pk,
                                membership_id=of(club, people["bob"]).pk, role="general")
    with pytest.raises(NotFound):
        memberships.remove_member(user=people["org"], club_id=club.pk,
                                  membership_id=stranger.pk)
    assert Membership.objects.filter(pk=stranger.pk).exists()
