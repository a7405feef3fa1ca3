"""Failed sign-ins are limited per username and per client IP; a throttled attempt is
answered 429 before any password is hashed (login page and admin alike)."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN, ADMIN_LOGIN = "/accounts/login/", "/admin/login/"


@pytest.fixture(autouse=True)
def limits(settings):
    settings.SIGN_IN_THROTTLE = {"failures_per_ip": 6, "failures_per_username": 3,
                                 "window_seconds": 600}


def _sign_in(username, password, *, ip="10.0.0.1", path=LOGIN, language="en"):
    return Client(REMOTE_ADDR=ip, HTTP_ACCEPT_LANGUAGE=language).post(
        path, {"username": username, "password": password})


def test_a_username_is_throttled_after_its_failures_whatever_the_ip(anna, hashes):
    for n in range(3):
        response = _sign_in("anna", "wrong", ip=f"10.0.1.{n}")
        assert response.status_code == 200 and "Too many" not in response.content.decode()
    assert hashes() == 3
    hashes.reset()
    for password, ip in [("wrong", "10.0.2.1"), ("tabletop-1944", "10.0.2.2")]:
        response = _sign_in("ANNA" if ip.endswith("1") else "anna", password, ip=ip)
        assert response.status_code == 429
        assert response["Retry-After"] == "600"
        assert "Too many failed sign-in attempts. Try again in 10 minutes." in (
            response.content.decode())
        assert "_auth_user_id" not in response.wsgi_request.session
    assert hashes() == 0
    russian = _sign_in("anna", "wrong", language="ru")
    assert russian.status_code == 429
    assert "Слишком много неудачных попыток входа" in russian.content.decode()
    assert _sign_in("boris", "wrong").status_code == 200  # another username, another IP count


def test_an_ip_is_throttled_after_its_failures_whatever_the_username(hashes):
    for n in range(6):
        assert _sign_in(f"ghost{n}", "guess", ip="10.0.3.1").status_code == 200
    hashes.reset()
    assert _sign_in("ghost99", "guess", ip="10.0.3.1").status_code == 429
    assert hashes() == 0
    assert _sign_in("ghost99", "guess", ip="10.0.3.2").status_code == 200


def test_the_admin_sign_in_is_throttled_too(hashes):
    get_user_model().objects.create_superuser("root", password="commander-1942")
    assert _sign_in("root", "commander-1942", path=ADMIN_LOGIN).status_code == 302
    for _ in range(3):
        response = _sign_in("root", "wrong", path=ADMIN_LOGIN)
        assert response.status_code == 200
    hashes.reset()
    response = _sign_in("root", "commander-1942", path=ADMIN_LOGIN)
    assert response.status_code == 429 and "Too many" in response.content.decode()
    assert hashes() == 0


def test_a_right_password_clears_the_usernames_count(anna):
    for _ in range(2):
        _sign_in("anna", "wrong", ip="10.0.4.1")
    assert _sign_in("anna", "tabletop-1944", ip="10.0.4.2").status_code == 302
    for _ in range(2):
        assert _sign_in("anna", "wrong", ip="10.0.4.3").status_code == 200


def test_sign_in_and_the_api_answer_while_the_cache_redis_is_down(anna, settings):
    """Throttle counts in an unreachable Redis: a sign-in still signs in (the throttle is off
    until Redis is back) and an anonymous API request gets its 401, never a 500."""
    settings.CACHES = {"default": {"BACKEND": "config.cache.OutageTolerantRedisCache",
                                   "LOCATION": "redis://127.0.0.1:1/0"}}
    assert _sign_in("anna", "wrong").status_code == 200
    response = _sign_in("anna", "tabletop-1944")
    assert response.status_code == 302
    assert Client().get("/api/battles/").status_code == 401
