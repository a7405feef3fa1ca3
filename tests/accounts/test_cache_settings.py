"""Throttle counts live in Redis when REDIS_URL is set, so that every gunicorn worker shares
them; in the process's memory otherwise."""
import os
import subprocess
import sys

import pytest

PRINT_CACHE = ("import django; django.setup(); from django.conf import settings; "
               "c = settings.CACHES['default']; print(c['BACKEND'], c.get('LOCATION', ''))")


def _cache_with(**env) -> str:
    base = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    run = subprocess.run(
        [sys.executable, "-c", PRINT_CACHE],
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "x", **env},
        capture_output=True, text=True, check=True,
    )
    return run.stdout.strip()


@pytest.mark.parametrize("env, expected", [
    ({"REDIS_URL": "redis://127.0.0.1:6379/9"},
     "config.cache.OutageTolerantRedisCache redis://127.0.0.1:6379/9"),
    ({}, "django.core.cache.backends.locmem.LocMemCache"),
])
def test_the_cache_is_redis_when_redis_url_is_set(env, expected):
    assert _cache_with(**env) == expected
