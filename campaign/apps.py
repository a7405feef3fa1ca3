from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = _("Campaigns")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from campaign import receivers  # noqa: F401  (connects the battle_concluding receiver)
