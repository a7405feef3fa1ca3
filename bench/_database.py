"""A benchmark's own PostgreSQL database, so that a benchmark never touches dev or test data.

    with own_database("bench_x", bench="x"):
        results = _run()  # django.setup(), migrate, measure

(``python -m bench`` skips this module: its name starts with an underscore.)
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit


@contextmanager
def own_database(name: str, *, bench: str) -> Iterator[str]:
    """Run the block on a new database ``name`` on the server that DATABASE_URL names (one
    left over from an earlier run is dropped first), and drop it at the end, whatever
    happens. Inside, DATABASE_URL names the new database (yielded) and SECRET_KEY and
    DJANGO_SETTINGS_MODULE have defaults. Exits with a message unless DATABASE_URL names
    PostgreSQL (``bench``: the benchmark's name, for that message). ``BENCH_DB_PREFIX``, if
    set, is put before ``name`` (benchmarks run side by side on one server)."""
    name = prefixed(name)
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit(f"bench.{bench} measures PostgreSQL: set DATABASE_URL=postgres://...")
    recreate(url, name)
    os.environ["DATABASE_URL"] = urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    os.environ.setdefault("SECRET_KEY", f"bench-{bench}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:
        yield os.environ["DATABASE_URL"]
    finally:
        from django.db import connections

        connections.close_all()
        recreate(url, name, drop_only=True)


def prefixed(name: str) -> str:
    """``name`` with the ``BENCH_DB_PREFIX`` of the environment before it."""
    return os.environ.get("BENCH_DB_PREFIX", "") + name


def recreate(url: str, name: str, *, template: str | None = None, drop_only: bool = False
             ) -> None:
    """Drop database ``name`` if it exists and create it again (empty, or a copy of
    ``template``), connected through ``url`` (another database on the same server)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        if not drop_only:
            admin.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
