"""Event store tests: shared helpers; the flush fixture lets transactional tests clean up."""
from __future__ import annotations

import itertools

import pytest

from eventstore.testing import eventstore_test_flush  # noqa: F401 - autouse fixture
from eventstore.types import StreamId

_ids = itertools.count(1)


@pytest.fixture
def new_stream():
    """A factory of streams no other test writes to."""

    def make(type_: str = "battle") -> StreamId:
        return StreamId(type_, f"t{next(_ids)}")

    return make
