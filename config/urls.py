"""Top-level URL routes: admin, the REST API with its OpenAPI schema and docs, pages."""
from django.contrib import admin
from django.contrib.auth.views import LoginView
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts import pages as account_pages
from accounts.signin import ThrottledAuthenticationForm, answers_429_when_throttled
from config.views import health

urlpatterns = [
    # the two sign-in forms, throttled (accounts.signin); the admin's form is set in AccountsConfig
    path("admin/login/", answers_429_when_throttled(admin.site.login)),
    path("admin/", admin.site.urls),
    path(
        "accounts/login/",
        answers_429_when_throttled(
            LoginView.as_view(authentication_form=ThrottledAuthenticationForm)
        ),
        name="login",
    ),
    path("accounts/tokens/", account_pages.token_list, name="account_tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", account_pages.token_revoke,
         name="account_token_revoke"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("accounts.urls")),
    path("api/", include("clubs.urls")),
    path("api/", include("battles.urls")),
    path("api/", include("campaign.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("health/", health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("battles/", include("battles.pages.urls")),
    path("", include("clubs.pages.urls")),
    path("", include("campaign.pages.urls")),
]
