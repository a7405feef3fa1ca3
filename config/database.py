"""The database connection settings, and the statement timeout each kind of process runs under.

Web requests run under ``DB_STATEMENT_TIMEOUT_MS`` (below gunicorn's worker timeout, so that
PostgreSQL cancels a statement before gunicorn kills the worker that waits on it); the Celery
worker switches its connections to the longer ``DB_WORKER_STATEMENT_TIMEOUT_MS`` when it starts
(:func:`use_statement_timeout`, called from ``config/celery.py``). The timeout is a PostgreSQL
session setting passed at connection time (``options=-c statement_timeout=...``): nothing
changes on SQLite. PostgreSQL is served by the project's backend (:mod:`config.postgresql`:
Django's, with a health check that costs no round trip).
"""
from __future__ import annotations

import re

import dj_database_url

POSTGRESQL = "django.db.backends.postgresql"
#: Django's PostgreSQL backend with a cheaper health check (config/postgresql/base.py).
ENGINE = "config.postgresql"


def statement_timeout_option(options: str, timeout_ms: int) -> str:
    """``options`` (libpq's ``-c name=value ...``) with ``statement_timeout`` set to ``timeout_ms``
    (0: none), replacing any earlier value."""
    kept = [f"-c {setting}" for setting in re.findall(r"(?:-c\s*|--)(\S+)", options)
            if not setting.replace("-", "_").startswith("statement_timeout=")]
    return " ".join([*kept, f"-c statement_timeout={int(timeout_ms)}"])


def database_settings(url: str, *, conn_max_age: int, statement_timeout_ms: int) -> dict:
    """One ``DATABASES`` entry for ``url``: persistent connections checked before reuse (a
    connection PostgreSQL dropped, on a restart, is replaced instead of failing the request)
    and, on PostgreSQL, the project's backend and the statement timeout."""
    db = dict(dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True))
    if db["ENGINE"] == POSTGRESQL:
        db["ENGINE"] = ENGINE
        options = db.setdefault("OPTIONS", {})
        options["options"] = statement_timeout_option(options.get("options", ""),
                                                      statement_timeout_ms)
    return db


def use_statement_timeout(timeout_ms: int) -> None:
    """From now on this process's PostgreSQL connections run under ``timeout_ms``: the settings
    are rewritten and open connections closed (the next query reconnects with the new value)."""
    from django.conf import settings
    from django.db import connections

    dicts = [settings.DATABASES[alias] for alias in settings.DATABASES]
    dicts += [conn.settings_dict for conn in connections.all(initialized_only=True)]
    for db in dicts:
        if db.get("ENGINE") in (POSTGRESQL, ENGINE):
            options = db.setdefault("OPTIONS", {})
            options["options"] = statement_timeout_option(options.get("options", ""), timeout_ms)
    connections.close_all()
