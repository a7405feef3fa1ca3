from django.apps import AppConfig


class EventstoreConfig(AppConfig):
    name = "eventstore"
    verbose_name = "Event store"
    default_auto_field = "django.db.models.BigAutoField"
