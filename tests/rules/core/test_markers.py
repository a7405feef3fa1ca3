"""A card's markers (rules.core.markers): the system's, or none."""

from rules.core.markers import Marker, markers
from tests.rules.core import toy


def test_a_system_without_markers_gives_none():
    assert not hasattr(toy.TOY, "markers")
    assert markers(toy.TOY, toy.TOY.initial_state({})) == ()


def test_a_system_s_markers_are_read_as_a_tuple():
    class Marking:
        def markers(self, state):
            return (Marker(u, f, "panicked") for u, f in state)

    assert markers(Marking(), [("s", "diaz")]) == (Marker("s", "diaz", "panicked"),)
