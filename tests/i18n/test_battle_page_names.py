"""Who is who on the battle page: an id the rules write (a unit, a figure of a unit, a
qualified ``attacker.<id>``, ``unit/figure``) reads as its name; decisions offer figures by
name."""
from battles.pages.table import Words
from rules.core.terms import NO_TERMS, Names

NAMES = Names({"steel.1": "1st squad", "keno.1": "partisans"},
              {("steel.1", "3"): "1st squad, стрелок 1", ("keno.1", "3"): "partisans, стрелок 1",
               ("keno.1", "cmd"): "partisans, командир"})


def _words() -> Words:
    words = Words(NO_TERMS, "ru")
    words.set_names(NAMES)
    return words


def test_ids_read_as_names():
    words = _words()
    assert words.name("steel.1") == "1st squad"
    assert words.name("3", "keno.1") == "partisans, стрелок 1"  # a figure of the unit asked
    assert words.name("defender.3", "steel.1") == "1st squad, стрелок 1"  # qualified
    assert words.name("keno.1/cmd") == "partisans, командир"
    assert words.name("cmd") == "partisans, командир"  # only one unit has it
    assert words.name("3") == "3"  # two units have a figure 3: which one is not known


def test_a_decision_offers_figures_by_name_and_keeps_other_options_as_the_rules_wrote_them():
    options = _words().options({"unit": "keno.1", "options": [
        {"value": "3", "label": "partisans' rifleman (3)"},
        {"value": "panic", "label": "panic"},
    ]})
    assert options == [
        {"value": "3", "label": "partisans, стрелок 1", "english": False},
        {"value": "panic", "label": "panic", "english": True},
    ]
