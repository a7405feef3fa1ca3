"""Django's PostgreSQL backend with a health check that costs no round trip.

Persistent connections are checked before each request's first query (``CONN_HEALTH_CHECKS``,
config/database.py), so that a connection PostgreSQL ended (a restart, an administrator's
``pg_terminate_backend``, an idle timeout) is replaced instead of failing the request.
Django checks with a ``SELECT 1``: a round trip on every request (a command makes five
besides, docs/benchmarks.md, "HTTP path"). PostgreSQL announces every such ending on the
socket (an ``ErrorResponse``, then the connection closes), so an idle connection whose
socket has nothing to read and that psycopg does not know to be broken is taken as healthy
at once; anything else (something to read, a transaction left open) gets Django's
``SELECT 1``. A peer that vanished without a word (a cut cable) is found by the request's
first query instead, as it would be by the ``SELECT 1``.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq


def _quiet(fd: int) -> bool:
    """Nothing to read on ``fd`` and no hang-up or error: the server has said nothing."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return not poller.poll(0)


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if (connection.info.transaction_status == pq.TransactionStatus.IDLE
                and _quiet(connection.fileno())):
            return True
        return super().is_usable()
