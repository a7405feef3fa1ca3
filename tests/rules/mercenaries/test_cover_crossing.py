"""The crossed cells in whole numbers (§2.5) against the exact Fractions they replaced.

``reference_crossed_cells`` is the Fraction version ``rules.mercenaries.cover`` used before
it counted in whole numbers (kept here only as the reference).
"""

from fractions import Fraction
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.mercenaries import cover

_OPPOSITE = {"left": "right", "right": "left", "bottom": "top", "top": "bottom"}


def reference_crossed_cells(start, end):
    (x0, y0), (x1, y1) = start, end
    ax, ay = Fraction(2 * x0 + 1, 2), Fraction(2 * y0 + 1, 2)
    dx, dy = x1 - x0, y1 - y0
    ts = {Fraction(0), Fraction(1)}
    for lo, delta, origin in ((min(x0, x1), dx, ax), (min(y0, y1), dy, ay)):
        if delta:
            for line in range(lo + 1, lo + abs(delta) + 1):
                ts.add((line - origin) / delta)
    cuts = sorted(t for t in ts if 0 <= t <= 1)

    def point(t):
        return ax + dx * t, ay + dy * t

    def sides(cell, p):
        (cx, cy), (x, y) = cell, p
        return ({"left"} if x == cx else set()) | ({"right"} if x == cx + 1 else set()) \
            | ({"bottom"} if y == cy else set()) | ({"top"} if y == cy + 1 else set())

    crossed = []
    for t_in, t_out in pairwise(cuts):
        mx, my = point((t_in + t_out) / 2)
        cell = (int(mx // 1), int(my // 1))
        if cell in (start, end):
            continue
        sides_in, sides_out = sides(cell, point(t_in)), sides(cell, point(t_out))
        crossed.append((cell, any(_OPPOSITE[a] in sides_out for a in sides_in)))
    return crossed


cells = st.tuples(st.integers(0, 29), st.integers(0, 29))


@settings(max_examples=500)
@given(cells, cells)
def test_the_whole_number_line_crosses_the_cells_the_fractions_did(start, end):
    assert cover.crossed_cells(start, end) == reference_crossed_cells(start, end)


def test_the_reference_is_the_book_reading_on_a_known_line():
    # the derived vector of test_cover: (0,0) -> (4,1) crosses (1,0) in full, cuts (2,0)
    assert reference_crossed_cells((0, 0), (4, 1))[:2] == [((1, 0), True), ((2, 0), False)]


def test_every_line_from_a_corner_of_the_grid_matches():
    for end in [(x, y) for x in range(30) for y in range(30)]:
        assert cover.crossed_cells((0, 0), end) == reference_crossed_cells((0, 0), end)
        assert cover.crossed_cells((29, 3), end) == reference_crossed_cells((29, 3), end)


def test_a_remembered_line_is_not_changed_by_its_reader():
    first = cover.crossed_cells((0, 0), (5, 2))
    first.clear()
    assert cover.crossed_cells((0, 0), (5, 2)) == reference_crossed_cells((0, 0), (5, 2))
