"""The interpreter a benchmark ran on, for its report.

What else a benchmark's numbers depend on: the interpreter, the VM's speed of plain Python
(``calibration_us``) and, for anything that talks to PostgreSQL, what one round trip costs
(``round_trip_ms``: 0.04 ms on a quiet VM, 0.17-0.34 ms on a busy one, docs/benchmarks.md).

CPython's speed depends on how it was built: on the development VM, pyenv's 3.11.7 (no
profile-guided optimisation or LTO, ``--enable-shared``) runs the rules fold about 20% slower
than Debian's ``/usr/bin/python3.11``, which is built like the Dockerfile's
``python:3.11-slim`` (PGO + LTO). docs/benchmarks.md compares them.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from typing import Any

from bench._stats import percentile


def python() -> dict[str, str]:
    """Version, executable and build of the running interpreter."""
    return {
        "version": platform.python_version(),
        "executable": os.path.realpath(sys.executable),  # through a venv's link
        "build": " ".join(platform.python_build()),
        "compiler": platform.python_compiler(),
    }


def calibration_us() -> float:
    """CPU microseconds for ``sum(range(1000))`` here: about 6-8 on a current desktop core.
    Lets a reader scale the numbers of a slower or busier machine."""
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(2000):
            sum(range(1000))
        best = min(best, (time.process_time() - t0) / 2000 * 1e6)
    return round(best, 2)


def round_trip_ms(cursor: Any, n: int = 1000) -> dict[str, float]:
    """p50 and p95 of ``SELECT 1`` through ``cursor`` (a DB-API cursor), in ms: the price of
    one round trip to the database server, which a command pays four times."""
    for _ in range(50):
        cursor.execute("SELECT 1")
        cursor.fetchone()
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        cursor.execute("SELECT 1")
        cursor.fetchone()
        times.append(time.perf_counter() - t0)
    return {"p50": round(percentile(times, 0.5) * 1000, 3),
            "p95": round(percentile(times, 0.95) * 1000, 3)}
