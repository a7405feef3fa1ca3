from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventstoreConfig(AppConfig):
    name = "eventstore"
    verbose_name = _("Event store")
    default_auto_field = "django.db.models.BigAutoField"
