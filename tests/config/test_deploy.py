"""Deployment settings: `check --deploy` is clean in a production-like environment, cookies
are Secure and HSTS is on outside DEBUG, and each is configurable from the environment."""
import json
import os
import secrets
import subprocess
import sys

import pytest

from tests.config.servers import ROOT

#: A production-like environment: TLS in front (a proxy that sets X-Forwarded-Proto).
PRODUCTION = {
    "SECRET_KEY": secrets.token_urlsafe(50),
    "DATABASE_URL": "postgres://app:pw@db.internal:5432/campaign",
    "REDIS_URL": "redis://redis.internal:6379/0",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "campaigns.example.org",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO",
}
NAMES = ["SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT",
         "SECURE_HSTS_SECONDS", "SECURE_PROXY_SSL_HEADER"]


def _clean_env(**env: str) -> dict:
    """The test's environment without the deployment variables (nor the browser tests'
    DJANGO_ALLOW_ASYNC_UNSAFE, which a deployment must not set), then ``env``."""
    dropped = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    return {**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env}


def _settings(**env: str) -> dict:
    """The deployment settings as config/settings.py computes them in ``env``."""
    code = ("import json; from django.conf import settings; "
            f"print(json.dumps({{n: getattr(settings, n, None) for n in {NAMES!r}}}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_clean_env(**env),
                         check=True, capture_output=True, text=True, timeout=60)
    return json.loads(out.stdout)


def test_check_deploy_is_clean_in_a_production_like_environment():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=_clean_env(**PRODUCTION), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_outside_debug_cookies_are_secure_and_hsts_is_on_without_a_redirect():
    assert _settings(SECRET_KEY="x", DEBUG="0") == {
        "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": False, "SECURE_HSTS_SECONDS": 31_536_000,
        "SECURE_PROXY_SSL_HEADER": None,
    }


def test_debug_and_a_plain_http_deployment_turn_them_off():
    off = {"SESSION_COOKIE_SECURE": False, "CSRF_COOKIE_SECURE": False,
           "SECURE_SSL_REDIRECT": False, "SECURE_HSTS_SECONDS": 0,
           "SECURE_PROXY_SSL_HEADER": None}
    assert _settings(DEBUG="1") == off
    assert _settings(SECRET_KEY="x", DEBUG="0", SESSION_COOKIE_SECURE="0",
                     CSRF_COOKIE_SECURE="0", SECURE_HSTS_SECONDS="0") == off


def test_behind_a_proxy_the_forwarded_protocol_header_is_trusted():
    assert _settings(**PRODUCTION)["SECURE_PROXY_SSL_HEADER"] == [
        "HTTP_X_FORWARDED_PROTO", "https"]


@pytest.mark.django_db
def test_the_health_check_is_answered_over_http_when_https_is_enforced(client, settings):
    """The compose health check calls http://127.0.0.1:8000/health/ from inside the container."""
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/health/").status_code == 200
    assert client.get("/api/schema/").status_code == 301
