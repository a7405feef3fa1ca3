"""Append-only event streams with optimistic concurrency: the one place that writes events."""
