"""Personal API tokens replace HTTP Basic: no password is hashed to authenticate an API call."""
import base64
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import AnonRateThrottle

from accounts.models import ApiToken
from accounts.tokens import create_token

pytestmark = pytest.mark.django_db


def _get(headers: dict, path: str = "/api/battles/"):
    return APIClient().get(path, headers=headers)


def _basic(username: str, password: str) -> dict:
    raw = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"Authorization": f"Basic {raw}"}


def test_basic_auth_no_longer_authenticates_and_hashes_nothing(anna, hashes):
    for username, password in [("anna", "tabletop-1944"), ("anna", "wrong"), ("ghost", "x")]:
        response = _get(_basic(username, password))
        assert response.status_code == 401, username
        assert response["WWW-Authenticate"] == "Token"
    assert hashes() == 0


def test_a_token_authenticates_and_only_its_digest_is_stored(anna, hashes):
    token, key = create_token(user=anna, name="scoreboard")
    response = _get({"Authorization": f"Token {key}"})
    assert response.status_code == 200
    assert hashes() == 0
    token.refresh_from_db()
    assert token.last_used_at is not None
    assert key.startswith(token.prefix) and len(key) > len(token.prefix) + 30
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM accounts_apitoken")
        stored = " ".join(str(value) for value in cursor.fetchone())
    assert key not in stored and key[len(token.prefix):] not in stored


def test_a_revoked_an_expired_or_a_wrong_token_does_not_authenticate(anna, hashes):
    revoked, revoked_key = create_token(user=anna, name="old")
    revoked.delete()
    expired, expired_key = create_token(user=anna, name="short", expires_in_days=1)
    ApiToken.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    _live, live_key = create_token(user=anna, name="live")
    for key in [revoked_key, expired_key, live_key + "x", "wgt_guess", "a b"]:
        response = _get({"Authorization": f"Token {key}"})
        assert response.status_code == 401, key
        assert set(response.json()) >= {"code", "message"}
    anna.is_active = False
    anna.save(update_fields=["is_active"])
    assert _get({"Authorization": f"Token {live_key}"}).status_code == 401
    assert hashes() == 0


def test_the_owner_lists_creates_and_revokes_tokens_through_the_api(anna):
    client = APIClient()
    client.force_login(anna)
    created = client.post("/api/tokens/", {"name": "scoreboard", "expires_in_days": 30},
                          format="json")
    assert created.status_code == 201
    body = created.json()
    key = body["key"]
    assert body["prefix"] == key[:len(body["prefix"])] and body["expires_at"]
    listed = client.get("/api/tokens/").json()
    assert [t["id"] for t in listed] == [body["id"]]
    assert "key" not in listed[0] and key not in str(listed)

    with_token = APIClient()
    with_token.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    refused = with_token.post("/api/tokens/", {"name": "another"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "session_required"

    stranger = APIClient()
    stranger.force_login(get_user_model().objects.create_user("boris"))
    assert stranger.delete(f"/api/tokens/{body['id']}/").status_code == 404
    assert stranger.get("/api/tokens/").json() == []
    assert with_token.get("/api/battles/").status_code == 200

    assert with_token.delete(f"/api/tokens/{body['id']}/").status_code == 204
    assert with_token.get("/api/battles/").status_code == 401
    assert not ApiToken.objects.exists()


@pytest.mark.parametrize("body, field", [({"name": ""}, "name"),
                                         ({"name": "x", "expires_in_days": 0}, "expires_in_days")])
def test_a_bad_token_request_is_refused_with_a_field(anna, body, field):
    client = APIClient()
    client.force_login(anna)
    response = client.post("/api/tokens/", body, format="json")
    assert response.status_code == 400 and response.json()["field"] == field
    assert not ApiToken.objects.exists()


def test_create_api_token_prints_a_working_key(anna):
    out = StringIO()
    call_command("create_api_token", "anna", "--name", "nightly export", "--days", "7", stdout=out)
    key = out.getvalue().strip()
    assert _get({"Authorization": f"Token {key}"}).status_code == 200
    assert ApiToken.objects.get().name == "nightly export"


def test_anonymous_api_requests_are_throttled(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "1/minute"})
    assert APIClient().get("/api/schema/").status_code == 200
    response = APIClient().get("/api/schema/")
    assert response.status_code == 429
