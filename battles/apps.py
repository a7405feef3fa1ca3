from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = _("Battles")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from battles import schemas
        from eventstore import upcasting

        schemas.register(upcasting.registry)
