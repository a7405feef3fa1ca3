"""Races on PostgreSQL, with real concurrent transactions: one invitation link used by two
people at once makes one member; two organizers demoting each other at once leave the club
an organizer."""
import threading
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from clubs import invitations, memberships
from clubs.models import Invitation, Membership
from config.errors import DomainError

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(*calls) -> list:
    """Run ``calls`` in threads started together; each result or the DomainError raised."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except DomainError as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_one_link_used_twice_at_once_makes_one_member(club, people):
    invitation = Invitation.objects.create(club=club, role="player", created_by=people["org"],
                                           expires_at=timezone.now() + timedelta(days=1))
    users = [get_user_model().objects.create_user(f"racer{n}") for n in range(4)]
    results = race(*[lambda u=u: invitations.accept(user=u, token=invitation.token)
                     for u in users])
    joined = [r for r in results if isinstance(r, Membership)]
    refused = [r for r in results if isinstance(r, DomainError)]
    assert len(joined) == 1 and len(refused) == 3
    assert {r.code for r in refused} == {"invitation_used"}
    assert Membership.objects.filter(user__in=users).count() == 1


def test_two_organizers_demoting_each_other_at_once_leave_one(club, people):
    Membership.objects.filter(club=club, user=people["alice"]).update(role="organizer")
    org, alice = (Membership.objects.get(club=club, user=people[n]) for n in ("org", "alice"))
    results = race(
        lambda: memberships.change_role(user=people["org"], club_id=club.pk,
                                        membership_id=alice.pk, role="player"),
        lambda: memberships.change_role(user=people["alice"], club_id=club.pk,
                                        membership_id=org.pk, role="player"),
    )
    assert Membership.objects.filter(club=club, role="organizer").count() == 1
    assert sum(isinstance(r, DomainError) for r in results) == 1
