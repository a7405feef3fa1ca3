"""Stealth and detection (digest §2.17; worked examples 10-12)."""

import pytest

from rules.core.errors import RuleError
from rules.mercenaries import stealth
from rules.mercenaries.stealth import Hider


def test_worked_example_10_a_prone_camouflaged_hider_in_a_small_wood_next_door_is_tn_5():
    hider = Hider(stealth_die=4, prone=True, cell_cover=2, camouflage=2, activity="still")
    assert stealth.concealment_tn(hider, cells=1) == 5


def test_worked_example_11_leaving_a_building_for_forest_at_twilight_is_tn_6():
    hider = Hider(stealth_die=4, cell_cover=min(4, 2), camouflage=1, activity="minimal",
                  light="dim")
    assert stealth.concealment_tn(hider, cells=15) == 6


def test_worked_example_12_no_roll_when_the_enemy_cannot_see_the_movement():
    hider = Hider(stealth_die=6, activity="minimal")
    assert not stealth.notice_needed(hider, cells=3, sees_movement=False)


@pytest.mark.parametrize("die,bonus,base", [(4, 0, 2), (6, 0, 3), (12, 0, 6), (12, 2, 7),
                                            (12, 4, 8)])
def test_base_stealth_is_half_the_die(die, bonus, base):
    assert stealth.base_stealth(die, bonus) == base


@pytest.mark.parametrize("cells,modifier", [(0, -4), (1, -2), (2, 0), (10, 0), (11, 2),
                                            (40, 4), (80, 6), (160, 8)])
def test_distance_table(cells, modifier):
    assert stealth.distance_modifier(cells) == modifier


def test_beyond_the_table_is_refused():
    with pytest.raises(RuleError, match="161 cells"):
        stealth.distance_modifier(161)


@pytest.mark.parametrize("cells,modifier", [(0, -1), (1, -1), (5, -1), (15, 0), (100, 6)])
def test_optics(cells, modifier):
    assert stealth.distance_modifier(cells, optics=True) == modifier


@pytest.mark.parametrize("cells,modifier", [(0, -4), (1, -2), (2, -1), (15, 0)])
def test_optics_useless_up_close(cells, modifier):
    assert stealth.distance_modifier(cells, optics=True,
                                     close=stealth.OPTICS_USELESS) == modifier


def test_a_camouflaged_hider_in_cover_is_spotted_only_up_close():
    hider = Hider(stealth_die=6, cell_cover=2, camouflage=1)
    assert stealth.notice_needed(hider, cells=1)
    assert not stealth.notice_needed(hider, cells=2)
    assert stealth.notice_needed(hider, cells=2, thermal=True)


def test_a_ghillie_suit_on_suited_terrain_too():
    assert not stealth.notice_needed(Hider(stealth_die=6), cells=3, ghillie_suited=True)


def test_plus_4_cover_between_hides_outright():
    assert not stealth.notice_needed(Hider(stealth_die=4), cells=3, cover_between=4)


def test_a_target_number_of_one_or_less_is_spotted_without_a_roll():
    hider = Hider(stealth_die=4, activity="very_active")
    tn = stealth.concealment_tn(hider, cells=5)
    assert tn == -6 and stealth.spotted_without_roll(tn)


def test_bad_modifiers_are_refused():
    with pytest.raises(RuleError, match="'sprinting'"):
        stealth.concealment_tn(Hider(stealth_die=4, activity="sprinting"), cells=3)
    with pytest.raises(RuleError, match="not 5"):
        stealth.concealment_tn(Hider(stealth_die=4, camouflage=5), cells=3)
