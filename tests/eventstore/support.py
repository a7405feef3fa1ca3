"""Helpers for tests that use real commits and several database connections."""
from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connection

from eventstore.selectors import read_all
from eventstore.types import RecordedEvent

TIMEOUT = 15.0


def read_all_until(count: int, *, after: int = 0, timeout: float = TIMEOUT) -> list[RecordedEvent]:
    """read_all, page by page, until ``count`` events came (or ``timeout`` passed).

    On PostgreSQL events appear once no older transaction is running on the cluster, so a
    transaction of some other client can hold them back for a moment: poll.
    """
    events: list[RecordedEvent] = []
    deadline = time.monotonic() + timeout
    while True:
        page = read_all(after=events[-1].position if events else after, limit=100)
        events.extend(page)
        if len(events) >= count or time.monotonic() > deadline:
            return events
        if not page:
            time.sleep(0.02)


def in_threads(*calls: Callable[[], Any]) -> list[Any]:
    """Run each call in its own thread (its own database connection); return their results."""

    def closing(call: Callable[[], Any]) -> Any:
        try:
            return call()
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        futures = [pool.submit(closing, call) for call in calls]
        return [future.result(timeout=TIMEOUT * 4) for future in futures]
