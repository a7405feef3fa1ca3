"""Who belongs to a club and who may run it: the checks battles and campaigns share.

They raise named domain errors (``config.errors``), which the API turns into 403 and 404
answers in the one error format; outsiders never learn that a club exists."""
import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from clubs.access import require_club_organizer, role_in_club
from clubs.models import Club
from clubs.selectors import club_role, clubs_with_role, member_club, members
from config.errors import Forbidden, NotFound

pytestmark = pytest.mark.django_db


def test_roles_are_the_membership_roles_and_none_for_outsiders(club, people):
    assert club_role(user=people["org"], club_id=club.pk) == "organizer"
    assert club_role(user=people["alice"], club_id=club.pk) == "player"
    assert club_role(user=people["outsider"], club_id=club.pk) is None
    assert club_role(user=AnonymousUser(), club_id=club.pk) is None
    assert role_in_club(user=None, club_id=club.pk) == "system"


def test_only_organizers_and_the_system_pass_the_organizer_check(club, people):
    require_club_organizer(user=people["org"], club_id=club.pk, what="start a campaign")
    require_club_organizer(user=None, club_id=club.pk, what="start a campaign")
    for name in ("alice", "outsider"):
        with pytest.raises(Forbidden) as error:
            require_club_organizer(user=people[name], club_id=club.pk, what="start a campaign")
        assert error.value.code == "not_an_organizer"
        assert error.value.message == "only the club's organizers may start a campaign"


def test_the_refusal_speaks_russian_to_a_russian_reader(club, people):
    with translation.override("ru"), pytest.raises(Forbidden) as error:
        require_club_organizer(user=people["alice"], club_id=club.pk, what="x")
    assert error.value.message.startswith("только организаторы клуба")


def test_a_club_is_found_only_by_its_members(club, people):
    assert member_club(user=people["alice"], club_id=club.pk) == club
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    for user, club_id in ((people["alice"], other.pk), (people["outsider"], club.pk),
                          (AnonymousUser(), club.pk), (people["alice"], 10**9)):
        with pytest.raises(NotFound) as error:
            member_club(user=user, club_id=club_id, field="club")
        assert (error.value.code, error.value.field) == ("not_found", "club")
        assert error.value.message == f"no club {club_id}"


def test_members_and_clubs_with_role(club, people):
    assert sorted(u.username for u in members(club_id=club.pk)) == [
        "alice", "bob", "member", "org"]
    assert [(c.slug, c.role) for c in clubs_with_role(user=people["org"])] == [
        ("steel-veterans", "organizer")]
    assert not clubs_with_role(user=people["outsider"]).exists()
    assert not clubs_with_role(user=AnonymousUser()).exists()


def test_the_api_answers_an_outsiders_club_with_404_and_a_players_campaign_with_403(
        club, people, clients):
    body = {"club": club.pk, "name": "Winter", "rule_system": "steelwar",
            "start_date": "1942-11-01"}
    response = clients["outsider"].post("/api/campaigns/", body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
    response = clients["alice"].post("/api/campaigns/", body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (403, "not_an_organizer")
