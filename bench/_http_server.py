"""gunicorn's configuration for ``bench.http``: the project's own (``config/gunicorn.py``) and,
when ``BENCH_HTTP_QUERY_LOG`` names a file, a count of each request's queries written to it.

    gunicorn -c python:bench._http_server config.wsgi:application

Counting logs every query of the worker (Django's debug cursor), which costs time of its
own: ``bench.http`` counts on a server of its own, never on the one it times. Counted: what
Django logs (``BEGIN`` and ``COMMIT`` included, as ``bench.battles`` counts) and, apart,
the health checks' ``SELECT 1``, which Django sends on the raw connection (Django's own
``is_usable``, which ``config.postgresql`` calls only when the socket is not quiet).
"""

import os

from config.gunicorn import *  # noqa: F403 (the project's settings, unchanged)

QUERY_LOG = os.environ.get("BENCH_HTTP_QUERY_LOG")


def post_worker_init(worker) -> None:
    if not QUERY_LOG:
        return
    from django.db import connection
    from django.db.backends.postgresql import base

    connection.force_debug_cursor = True
    checks = worker.health_checks = [0]
    is_usable = base.DatabaseWrapper.is_usable

    def counted_is_usable(self):
        checks[0] += 1
        return is_usable(self)

    base.DatabaseWrapper.is_usable = counted_is_usable


def pre_request(worker, req) -> None:
    if QUERY_LOG:
        from django.db import connection

        connection.queries_log.clear()
        worker.health_checks[0] = 0


def post_request(worker, req, environ, resp) -> None:
    if not QUERY_LOG:
        return
    from django.db import connection

    with open(QUERY_LOG, "a") as log:
        log.write(f"{req.path} {len(connection.queries_log)} {worker.health_checks[0]}\n")
