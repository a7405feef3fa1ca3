"""Summaries of a benchmark's samples."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The sample at quantile ``q`` (0..1) of ``values``: the nearest rank, no interpolation."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
