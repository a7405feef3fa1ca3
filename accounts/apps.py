from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Personal API tokens and throttled sign-in."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin

        from accounts import schema  # noqa: F401 - registers the token's OpenAPI scheme
        from accounts.signin import ThrottledAdminAuthenticationForm

        admin.site.login_form = ThrottledAdminAuthenticationForm
