"""Invitations in the admin: a staff organizer sees only his clubs' invitations
(``OrganizerScoped``), a superuser all; the token is shown, never edited."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone

from clubs.models import Club, Invitation, Membership

pytestmark = pytest.mark.django_db


def test_a_staff_organizer_sees_only_his_clubs_invitations(club, people):
    org = people["org"]
    org.is_staff = True
    org.save()
    org.user_permissions.set(Permission.objects.filter(codename="view_invitation"))
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    Membership.objects.create(club=other, user=people["outsider"], role="organizer")
    week = timezone.now() + timedelta(days=7)
    mine = Invitation.objects.create(club=club, email="mine@example.org", expires_at=week)
    Invitation.objects.create(club=other, email="theirs@example.org", expires_at=week)
    client = Client()
    client.force_login(org)
    text = client.get("/admin/clubs/invitation/").content.decode()
    assert "mine@example.org" in text and "theirs@example.org" not in text
    page = client.get(f"/admin/clubs/invitation/{mine.pk}/change/").content.decode()
    assert mine.token in page and 'name="token"' not in page
    root = Client()
    root.force_login(get_user_model().objects.create_superuser("root"))
    text = root.get("/admin/clubs/invitation/").content.decode()
    assert "mine@example.org" in text and "theirs@example.org" in text
