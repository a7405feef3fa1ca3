"""Top-level URL routes: admin, the REST API with its OpenAPI schema and docs, pages."""
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.views import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("battles.urls")),
    path("api/", include("campaign.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("health/", health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("battles/", include("battles.pages.urls")),
    path("", include("campaign.pages.urls")),
]
