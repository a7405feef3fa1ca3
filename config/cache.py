"""The shared cache when Redis is deployed: Django's RedisCache that rides out a Redis outage.

The cache holds only throttle counts (sign-in failures, anonymous API requests). With Redis
down or hung, a read answers "nothing counted" and a write is dropped, each after at most the
socket timeouts below, with a warning in the log: sign-in and the API keep answering (their
throttles are off until Redis is back) instead of failing with a 500.
"""

from __future__ import annotations

import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

#: Seconds to wait for Redis to accept a connection, and for an answer.
CONNECT_TIMEOUT = 0.5
ANSWER_TIMEOUT = 1.0

_OUTAGE = (RedisConnectionError, RedisTimeoutError, OSError)


def _tolerant(method: str, default=None):
    def call(self, *args, **kwargs):
        try:
            return getattr(super(OutageTolerantRedisCache, self), method)(*args, **kwargs)
        except _OUTAGE as error:
            log.warning("cache unreachable, %s skipped: %s", method, error)
            return default() if callable(default) else default

    call.__name__ = method
    return call


class OutageTolerantRedisCache(RedisCache):
    def __init__(self, server, params):
        options = params.setdefault("OPTIONS", {})
        options.setdefault("socket_connect_timeout", CONNECT_TIMEOUT)
        options.setdefault("socket_timeout", ANSWER_TIMEOUT)
        super().__init__(server, params)

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except _OUTAGE as error:
            log.warning("cache unreachable, get skipped: %s", error)
            return default

    get_many = _tolerant("get_many", dict)
    add = _tolerant("add", False)
    set = _tolerant("set")
    set_many = _tolerant("set_many", list)
    incr = _tolerant("incr", 0)
    delete = _tolerant("delete", False)
    delete_many = _tolerant("delete_many")
    touch = _tolerant("touch", False)
    has_key = _tolerant("has_key", False)
