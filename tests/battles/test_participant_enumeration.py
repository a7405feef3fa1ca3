"""Starting a battle with user ids outside the club names no one (issue 15: enumeration)."""

import pytest
from django.contrib.auth import get_user_model

from battles.models import Battle
from tests.battles.duel import SETUP

pytestmark = pytest.mark.django_db


def _start_with(client, club, user_id):
    return client.post(
        "/api/battles/",
        {"club": club.pk, "name": "x", "rule_system": "duel", "setup": SETUP,
         "participants": [{"user": user_id, "side": "red"}]},
        format="json",
    )


def test_ids_outside_the_club_get_one_error_that_names_no_one(clients, club, people):
    admin = get_user_model().objects.create_superuser("root-commander", password="x")
    missing = max(get_user_model().objects.values_list("pk", flat=True)) + 100
    bodies = {}
    for who, user_id in [("superuser", admin.pk), ("outsider", people["outsider"].pk),
                         ("missing", missing)]:
        response = _start_with(clients["alice"], club, user_id)
        assert response.status_code == 400, who
        body = response.json()
        assert body["code"] == "not_a_member" and body["field"] == "participants.0.user", who
        for name in ("root-commander", "outsider"):
            assert name not in response.content.decode(), (who, name)
        bodies[who] = {key: value for key, value in body.items() if key != "message"}
        bodies[who]["message"] = body["message"].replace(str(user_id), "<id>")
    assert bodies["superuser"] == bodies["outsider"] == bodies["missing"]
    assert not Battle.objects.exists()


def test_a_member_of_the_club_is_still_accepted(clients, club, people):
    response = _start_with(clients["alice"], club, people["bob"].pk)
    assert response.status_code == 201
    assert [p["username"] for p in response.json()["participants"]] == ["bob"]
