"""The Steel War tables load once into immutable lookups that match the digest (§3)."""

import dataclasses
import json
from importlib import resources

import pytest

from rules.core.errors import RuleError
from rules.steelwar import tables
from rules.steelwar.options import DEFAULT_OPTIONS, Options

DATA = resources.files("rules.steelwar") / "data"
TAGS = {"SOURCE", "INFERRED", "PROPOSED"}


def _tagged_cells(node, path=""):
    """Every JSON cell written as {"value": ..., "source": ...} in a data file."""
    if isinstance(node, dict):
        if "source" in node and ("value" in node or "result" in node):
            yield path, node
        for key, child in node.items():
            yield from _tagged_cells(child, f"{path}.{key}")
    elif isinstance(node, list):
        for i, child in enumerate(node):
            yield from _tagged_cells(child, f"{path}.{i}")


@pytest.fixture(scope="module")
def data_files():
    return {f.name: json.loads(f.read_text("utf-8")) for f in DATA.iterdir() if f.name.endswith(".json")}


def test_every_data_file_is_documented(data_files):
    assert len(data_files) >= 10
    for name, content in data_files.items():
        assert content["_doc"], name


def test_every_tagged_cell_names_its_source_and_why(data_files):
    cells = [c for content in data_files.values() for c in _tagged_cells(content)]
    assert len(cells) > 30
    for path, cell in cells:
        assert cell["source"] in TAGS, path
        if cell["source"] != "SOURCE":
            assert cell.get("note"), f"{path} is {cell['source']} without a note"


def test_every_option_backed_cell_names_a_real_option_with_the_same_default(data_files):
    option_names = {f.name for f in dataclasses.fields(Options)}
    for content in data_files.values():
        for path, cell in _tagged_cells(content):
            if "option" in cell:
                assert cell["option"] in option_names, path
                assert getattr(DEFAULT_OPTIONS, cell["option"]) == cell["value"], path


def test_proposed_values_are_all_overridable_by_an_option():
    for path, prov in tables.PROVENANCE.items():
        if prov.source == "PROPOSED":
            assert prov.option, f"{path} is PROPOSED but no option overrides it"


def test_weapon_table_matches_the_digest():
    # (kind, range zone limit, range inches, ROF or ROF die, power, melee steps)
    expected = {
        "primitive": ("small_arm", 1, None, 0.5, 4, 0),
        "pistol": ("small_arm", 1, None, 1, 6, 1),
        "smg": ("small_arm", 1, None, 3, 8, 1),
        "shotgun": ("small_arm", 1, None, 1, 8, 1),
        "rifle": ("small_arm", None, None, 1, 10, 0),
        "sniper_rifle": ("small_arm", None, None, 1, 10, 0),
        "automat": ("small_arm", None, None, 2, 8, 0),
        "improved_automat": ("small_arm", None, None, 3, 10, 0),
        "best_automat": ("small_arm", None, None, 4, 10, 0),
        "lmg": ("support", None, None, 8, 10, 0),
        "hmg": ("support", None, None, 12, 10, 0),
        "uragan": ("support", None, None, 10, 10, 0),
        "slon": ("support", None, None, 4, 10, 0),
        "grenade_launcher": ("support", None, None, 10, 6, 0),
        "flamethrower_keno": ("support", None, 4, 12, 12, 2),
        "flamethrower_opka13": ("support", None, 4, 6, 12, 2),
    }
    assert set(tables.WEAPONS) == set(expected)
    for wid, (kind, zone, inches, rof, power, melee) in expected.items():
        w = tables.weapon(wid)
        assert (w.kind, w.range_zone_limit, w.range_inches_limit, w.power, w.melee_steps) == (
            kind, zone, inches, power, melee), wid
        assert (w.rof_die if w.is_support else w.rof) == rof, wid


def test_weapon_flags_and_limited_ammo():
    assert tables.weapon("hmg").man_sized and tables.weapon("hmg").heavy_ground_mount
    assert tables.weapon("slon").man_sized and not tables.weapon("slon").heavy_ground_mount
    assert tables.weapon("grenade_launcher").limited_ammo == 3
    assert tables.weapon("flamethrower_opka13").limited_ammo == 4
    assert tables.weapon("flamethrower_keno").limited_ammo is None
    assert "sniper_pick" in tables.weapon("sniper_rifle").specials
    assert "sniper_pick" not in tables.weapon("rifle").specials
    assert "backpack_explodes" in tables.weapon("flamethrower_keno").specials


def test_unknown_weapon_is_refused_with_the_known_ones_listed():
    with pytest.raises(RuleError) as err:
        tables.weapon("laser")
    assert err.value.code == "unknown_weapon"
    assert "smg" in err.value.message and err.value.rule == "§3.2"


def test_missing_rof_cells_follow_the_clubs_options():
    club = Options(rof_pistol=0.5, rof_automat=3)
    assert tables.small_arm_rof(tables.weapon("pistol")) == 1
    assert tables.small_arm_rof(tables.weapon("pistol"), options=club) == 0.5
    assert tables.small_arm_rof(tables.weapon("automat"), options=club) == 3
    assert tables.small_arm_rof(tables.weapon("smg"), options=club) == 3


def test_grenade_launcher_fragmentation_is_an_option():
    gl = tables.weapon("grenade_launcher")
    assert tables.is_fragmentation(gl)
    assert not tables.is_fragmentation(gl, options=Options(grenade_launcher_fragmentation=False))
    assert not tables.is_fragmentation(tables.weapon("lmg"))


def test_armour_table():
    assert {k: (a.die, a.vs_fragmentation) for k, a in tables.ARMOUR.items()} == {
        "human": (4, 4),
        "flak_vest": (4, 6),
        "full_infantry_armour": (6, 6),
        "robot": (8, 8),
        "man_sized_equipment": (8, 8),
        "power_armour": (10, 10),
    }
    with pytest.raises(RuleError, match="unknown armour"):
        tables.armour("chainmail")


@pytest.mark.parametrize(
    ("terrain", "movement_class", "expected"),
    [
        ("open", "wheeled", "difficult"),
        ("bushes", "infantry", "easy"),
        ("dense_bushes", "infantry", "difficult"),
        ("dense_bushes", "power_armour_cavalry", "easy"),
        ("bushes", "wheeled", "very_difficult"),
        ("dense_bushes", "wheeled", "impassable"),
        ("forest", "infantry", "difficult"),
        ("forest", "tracked", "very_difficult"),
        ("thicket", "tracked", "impassable"),
        ("forest", "all_terrain_wheeled", "impassable"),
        ("swamp", "all_terrain_wheeled", "very_difficult"),
        ("swamp", "tracked", "impassable"),
        ("rocky_waste", "power_armour_cavalry", "easy"),
        ("river", "infantry", "very_difficult"),
        ("river", "wheeled", "impassable"),
        ("river_ford", "wheeled", "very_difficult"),
        ("deep_water", "tracked", "impassable"),
        ("sheer_slope", "power_armour_cavalry", "impassable"),
        ("rails", "rail", "easy"),
        ("open", "rail", "impassable"),
    ],
)
def test_terrain_matrix(terrain, movement_class, expected):
    assert tables.terrain_class(terrain, movement_class) == expected


def test_amphibious_vehicles_cross_deep_water_as_difficult():
    assert tables.terrain_class("deep_water", "all_terrain_wheeled", amphibious=True) == "difficult"
    assert tables.terrain_class("deep_water", "tracked", amphibious=True) == "difficult"
    assert tables.terrain_class("deep_water", "infantry", amphibious=True) == "impassable"


def test_wheeled_scrub_cells_follow_the_clubs_options():
    club = Options(wheeled_bushes="impassable", wheeled_dense_bushes="very_difficult")
    assert tables.terrain_class("bushes", "wheeled", options=club) == "impassable"
    assert tables.terrain_class("dense_bushes", "wheeled", options=club) == "very_difficult"


def test_rails_count_as_the_surrounding_terrain_for_other_classes():
    assert tables.terrain_class("rails", "wheeled", surrounding="forest") == "impassable"
    assert tables.terrain_class("rails", "infantry", surrounding="ploughed_field") == "difficult"
    with pytest.raises(RuleError, match="name the terrain"):
        tables.terrain_class("rails", "infantry")
    easy = Options(rails_for_other_classes="easy")
    assert tables.terrain_class("rails", "wheeled", options=easy) == "easy"


def test_unknown_terrain_and_movement_class():
    with pytest.raises(RuleError) as err:
        tables.terrain_class("lava", "infantry")
    assert err.value.code == "unknown_terrain"
    with pytest.raises(RuleError) as err:
        tables.terrain_class("open", "hovercraft")
    assert err.value.code == "unknown_movement_class"


def test_threat_table_known_cells_and_reconstructions():
    cell = tables.threat_cell
    assert cell("lost_more_than_remain", "low") == 4
    assert cell("commander_lost", "medium") == 3
    assert cell("artillery_or_air", "medium") == 1
    assert cell("wounded_left_behind", "high") == 1
    assert cell("unchecked_casualty", "high") is None
    assert cell("first_suppressed", "high") is None
    assert cell("casualties_from_fire", "low") == 2
    club = Options(threat_first_suppressed_high=1, threat_commander_lost_low=5)
    assert cell("first_suppressed", "high", options=club) == 1
    assert cell("commander_lost", "low", options=club) == 5
    assert cell("psi_strike", "high") == 3


def test_threat_table_unknown_keys():
    with pytest.raises(RuleError) as err:
        tables.threat_cell("rain", "low")
    assert err.value.code == "unknown_threat_factor"
    with pytest.raises(RuleError) as err:
        tables.threat_cell("commander_lost", "fanatical")
    assert err.value.code == "unknown_motivation"


def test_quality_grades_by_id_and_die():
    assert [g.die for g in tables.QUALITY_GRADES.values()] == [4, 6, 8, 10, 12]
    assert tables.quality_grade("recruit").die == 6
    assert tables.quality_grade(10).id == "veteran"
    with pytest.raises(RuleError):
        tables.quality_grade(7)


def test_morale_ladder_and_fatigue():
    assert tables.GRADE_LADDER == ("confident", "steady", "shaken", "broken", "routing")
    assert dict(tables.FATIGUE_STARTING_MORALE) == {
        "fresh": "confident", "tired": "steady", "exhausted": "shaken"}


def test_psi_power_thresholds():
    assert {p: tables.psi_power(p).threshold for p in tables.PSI_POWERS} == {
        "remove_suppression": 2, "inspire": 4, "no_step_back": 6, "psi_detection": 1,
        "avert_eyes": 1, "psi_strike": 4, "panic": 4, "confusion": 4, "psi_blast": 7,
        "murder": 8}
    assert tables.PSI_TITLES[8] == "master"


def test_small_result_tables_cover_every_face():
    assert set(tables.COMMANDER_REPLACEMENT) == set(range(1, 7))
    assert set(tables.MELEE_FATE) == set(range(1, 7))
    assert tables.MELEE_FATE[5] == tables.MELEE_FATE[6] == "unharmed"
    assert tables.WOUNDED_FATE[9] == "returned_to_duty"


def test_tables_are_immutable():
    with pytest.raises(TypeError):
        tables.WEAPONS["laser"] = tables.weapon("lmg")
    with pytest.raises(dataclasses.FrozenInstanceError):
        tables.weapon("lmg").power = 12
