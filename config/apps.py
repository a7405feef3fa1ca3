"""The Django admin app with this project's site (:class:`config.admin_site.ClubAdminSite`)."""
from django.contrib.admin.apps import AdminConfig


class ClubAdminConfig(AdminConfig):
    default_site = "config.admin_site.ClubAdminSite"
