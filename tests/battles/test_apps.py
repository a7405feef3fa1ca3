"""The battles app's start-up hooks."""

from django.utils.autoreload import StatReloader

from battles.apps import watch_rule_sources
from rules import compiled


def test_runserver_watches_the_rules_sources_even_when_they_run_compiled():
    reloader = StatReloader()
    watch_rule_sources(reloader)
    assert reloader.directory_globs[compiled.ROOT / "rules"] == {"**/*.py"}
    fire = compiled.ROOT / "rules" / "steelwar" / "actions" / "fire.py"
    assert fire in set(reloader.watched_files(include_globs=True))
