"""Cover, line of sight and light (digest §2.5, §3.1; worked example 3 and derived vectors)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import cover
from rules.mercenaries.cover import Wall


def terrain(cells: dict, default: int = 0):
    return lambda cell: cells.get(cell, default)


class TestCrossedCells:
    def test_a_straight_line_crosses_each_cell_between_in_full(self):
        assert cover.crossed_cells((0, 0), (3, 0)) == [((1, 0), True), ((2, 0), True)]

    def test_a_perfect_diagonal_crosses_corner_to_corner_in_full(self):
        assert cover.crossed_cells((0, 0), (3, 3)) == [((1, 1), True), ((2, 2), True)]

    def test_a_knight_move_cuts_two_corners(self):
        assert cover.crossed_cells((0, 0), (2, 1)) == [((1, 0), False), ((1, 1), False)]

    def test_cells_touched_at_a_vertex_only_are_not_crossed(self):
        crossed = [cell for cell, _full in cover.crossed_cells((0, 0), (3, 1))]
        assert crossed == [(1, 0), (2, 1)]

    def test_the_line_is_the_same_both_ways(self):
        forth = cover.crossed_cells((0, 0), (5, 2))
        back = cover.crossed_cells((5, 2), (0, 0))
        assert forth == list(reversed(back))

    def test_neighbours_have_nothing_between(self):
        assert cover.crossed_cells((0, 0), (1, 1)) == []


class TestShotCover:
    def test_worked_example_3_two_sparse_wood_cells_and_a_building_is_minus_6(self):
        cells = terrain({(1, 0): 1, (2, 0): 1, (3, 0): 4})
        assert cover.shot_cover_penalty((0, 0), (3, 0), cells) == -6

    def test_the_shooters_own_cell_does_not_count(self):
        cells = terrain({(0, 0): 4})
        assert cover.shot_cover_penalty((0, 0), (2, 0), cells) == 0

    @pytest.mark.parametrize("value,half", [(1, 0), (2, 1), (4, 2)])
    def test_derived_vector_a_corner_clipped_cell_counts_half_rounded_down(self, value, half):
        assert cover.counted(value, False) == half
        assert cover.cover_between((0, 0), (2, 1), terrain({(1, 0): value})) == half

    def test_a_cover_off_the_table_is_refused(self):
        with pytest.raises(RuleError, match="not 3"):
            cover.counted(3, True)


class TestLineOfSight:
    def test_derived_vector_two_forest_cells_between_block_sight(self):
        assert not cover.sees((0, 0), (3, 0), terrain({(1, 0): 2, (2, 0): 2}))

    def test_derived_vector_a_forest_and_a_clipped_forest_do_not(self):
        # the line (0,0) -> (4,1) crosses (1,0) in full and cuts the corner of (2,0)
        assert cover.crossed_cells((0, 0), (4, 1))[:2] == [((1, 0), True), ((2, 0), False)]
        assert cover.sees((0, 0), (4, 1), terrain({(1, 0): 2, (2, 0): 2}))  # 2 + 1
        assert not cover.sees((0, 0), (4, 1), terrain({(1, 0): 2, (3, 1): 2}))  # 2 + 2

    def test_a_blank_wall_blocks_sight_outright(self):
        wall = Wall(((1, 0), (2, 0)))
        assert not cover.sees((0, 0), (3, 0), terrain({}), walls={wall})
        assert cover.sees((0, 1), (3, 1), terrain({}), walls={wall})

    def test_a_straight_wall_through_a_corner_blocks_a_diagonal(self):
        walls = {Wall(((0, 0), (1, 0))), Wall(((0, 1), (1, 1)))}
        assert not cover.sees((0, 0), (1, 1), terrain({}), walls=walls)

    def test_a_wall_ending_at_a_corner_leaves_a_way_around(self):
        walls = {Wall(((0, 0), (1, 0)))}
        assert cover.sees((0, 0), (1, 1), terrain({}), walls=walls)


class TestLight:
    @pytest.mark.parametrize("level,penalty", [("normal", 0), ("dim", -1), ("dark", -2),
                                               ("pitch_dark", -4)])
    def test_light_levels(self, level, penalty):
        assert cover.light_penalty(level) == penalty

    @pytest.mark.parametrize("level,halved", [("dim", 0), ("dark", -1), ("pitch_dark", -2)])
    def test_derived_vector_a_lit_cell_beside_halves_darkness(self, level, halved):
        assert cover.light_penalty(level, lit_beside=True) == halved

    def test_the_lit_cell_itself_has_no_penalty(self):
        assert cover.light_penalty("pitch_dark", lit_here=True) == 0

    def test_an_unknown_level_is_refused(self):
        with pytest.raises(RuleError, match="twilight"):
            cover.light_penalty("twilight")
