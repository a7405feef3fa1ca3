from django.apps import AppConfig


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = "Battles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from battles import schemas
        from eventstore import upcasting

        schemas.register(upcasting.registry)
