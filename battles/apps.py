from django.apps import AppConfig


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = "Battles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.autoreload import autoreload_started

        autoreload_started.connect(watch_rule_sources)


def watch_rule_sources(sender, **kwargs) -> None:
    """``runserver`` reloads when a rule's source changes, also while the rules run compiled
    (their modules' files are then the extensions in ``.compiled/``, rules/compiled.py)."""
    from rules import compiled

    sender.watch_dir(compiled.ROOT / "rules", "**/*.py")
