"""The token page: a member creates a token (its key shown once) and revokes it."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import ApiToken
from accounts.tokens import create_token

pytestmark = pytest.mark.django_db

URL = "/accounts/tokens/"


@pytest.fixture
def anna():
    return get_user_model().objects.create_user("anna", password="tabletop-1944")


@pytest.fixture
def client_of():
    def signed_in(user, language="en"):
        client = Client(headers={"Accept-Language": language})
        client.force_login(user)
        return client
    return signed_in


def test_anonymous_visitors_are_sent_to_sign_in():
    response = Client().get(URL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_new_token_shows_its_key_once_and_it_authenticates(anna, client_of):
    client = client_of(anna)
    response = client.post(URL, {"name": "club results", "expires_in_days": "30"})
    assert response.status_code == 200
    key = response.context["created"]["key"]
    assert key in response.content.decode()
    token = ApiToken.objects.get(user=anna)
    assert token.name == "club results" and token.expires_at is not None
    again = client.get(URL).content.decode()
    assert key not in again and "club results" in again and token.prefix in again
    api = Client(headers={"Authorization": f"Token {key}"}).get("/api/battles/")
    assert api.status_code == 200


@pytest.mark.parametrize(("data", "field"), [
    ({"name": ""}, "name"),
    ({"name": "x", "expires_in_days": "0"}, "expires_in_days"),
    ({"name": "x", "expires_in_days": "99999"}, "expires_in_days"),
    ({"name": "x", "expires_in_days": "soon"}, "expires_in_days"),
])
def test_bad_input_names_the_field_and_creates_nothing(anna, client_of, data, field):
    response = client_of(anna).post(URL, data)
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert response.context["created"] is None
    assert not ApiToken.objects.exists()


def test_revoking_my_token_stops_it(anna, client_of):
    token, key = create_token(user=anna, name="old script")
    response = client_of(anna).post(f"/accounts/tokens/{token.pk}/revoke/", follow=True)
    assert response.status_code == 200
    assert "revoked" in response.content.decode()
    assert not ApiToken.objects.exists()
    assert Client(headers={"Authorization": f"Token {key}"}).get("/api/battles/").status_code == 401


def test_nobody_revokes_another_members_token_or_by_get(anna, client_of):
    boris = get_user_model().objects.create_user("boris", password="tabletop-1945")
    token, _ = create_token(user=anna, name="anna's")
    assert client_of(boris).post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert client_of(anna).get(f"/accounts/tokens/{token.pk}/revoke/").status_code == 405
    assert ApiToken.objects.filter(pk=token.pk).exists()
    assert "anna's" not in client_of(boris).get(URL).content.decode()


def test_the_page_in_russian(anna, client_of):
    create_token(user=anna, name="скрипт клуба")
    page = client_of(anna, "ru").get(URL).content.decode()
    for words in ("API-токены", "Новый токен", "Отозвать", "скрипт клуба"):
        assert words in page
    refused = client_of(anna, "ru").post(URL, {"name": "x", "expires_in_days": "0"})
    assert "Убедитесь" in refused.content.decode()  # Django's own Russian for min_value
