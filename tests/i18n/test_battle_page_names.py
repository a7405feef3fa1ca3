"""Who is who on the battle page: an id the rules write (a unit, a figure of a unit, a
qualified ``attacker.<id>``, ``unit/figure``) reads as its name; decisions offer figures by
name."""
from battles.pages.table import Words
from rules.core import registry
from rules.core.terms import NO_TERMS, OPTION, Names

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


def test_a_decision_offers_the_systems_own_words_for_options_that_are_not_figures():
    """Soak or take the wounds (§2.12), a benny or Spirit (§2.10): Russian from the system's
    terms; the English page keeps the rules' own label."""
    pending = {"unit": "m1", "options": [
        {"value": "soak", "label": "spend a benny and roll Vigor"},
        {"value": "take", "label": "take the wounds"},
    ]}
    terms = registry.terms("mercenaries")
    assert Words(terms, "ru").options(pending) == [
        {"value": "soak", "label": "потратить фишку и бросить Выносливость", "english": False},
        {"value": "take", "label": "принять раны", "english": False},
    ]
    assert Words(terms, "en").options(pending) == [{**o, "english": True}
                                                   for o in pending["options"]]


def test_every_option_a_rule_system_offers_by_a_fixed_value_has_its_russian():
    """Every ``Option("<word>", ...)`` written in a rules package (not a figure or unit picked
    at play time) is labelled in both languages by its system's terms."""
    import ast
    import pathlib

    for system in ("steelwar", "mercenaries"):
        terms = registry.terms(system)
        for path in pathlib.Path("rules", system).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Option"
                        and node.args and isinstance(node.args[0], ast.Constant)):
                    value = node.args[0].value
                    for language in ("en", "ru"):
                        assert terms.label(OPTION, value, language), (path, value, language)
