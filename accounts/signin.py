"""Sign-in throttling: failed attempts counted per client IP and per username in the shared
cache; once either count reaches its limit, an attempt is refused (429) before any password
is hashed, until the window ends.

Used by the sign-in page (``/accounts/login/``) and the admin's. Limits and window:
``settings.SIGN_IN_THROTTLE``. The client IP is DRF's (``REMOTE_ADDR``, or the address
``NUM_PROXIES`` trusted proxies forwarded).
"""

from __future__ import annotations

import hashlib
from functools import wraps

from django.conf import settings
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle


def _limits() -> dict:
    return settings.SIGN_IN_THROTTLE


def client_ip(request) -> str:
    return BaseThrottle().get_ident(request) if request is not None else "unknown"


def _keys(ip: str, username: str) -> tuple[str, str]:
    # hashed: a username may hold characters a cache key may not
    name = hashlib.sha256(username.casefold().encode()).hexdigest()
    return f"signin:ip:{ip}", f"signin:user:{name}"


def blocked(ip: str, username: str) -> bool:
    """Whether attempts from ``ip`` or for ``username`` are over their limit now."""
    ip_key, user_key = _keys(ip, username)
    counts = cache.get_many([ip_key, user_key])
    limits = _limits()
    return (counts.get(ip_key, 0) >= limits["failures_per_ip"]
            or counts.get(user_key, 0) >= limits["failures_per_username"])


def failed(ip: str, username: str) -> None:
    """Count a failed attempt against ``ip`` and ``username`` (each window starts with its
    first failure)."""
    window = _limits()["window_seconds"]
    for key in _keys(ip, username):
        cache.add(key, 0, timeout=window)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=window)


def succeeded(username: str) -> None:
    """A right password clears the username's count (not the IP's)."""
    cache.delete(_keys("", username)[1])


def forget(ip: str, username: str) -> None:
    """Clear the counts of ``ip`` and ``username`` (a benchmark starting afresh)."""
    cache.delete_many(_keys(ip, username))


def throttled_message() -> str:
    minutes = max(1, _limits()["window_seconds"] // 60)
    return _("Too many failed sign-in attempts. Try again in %(minutes)s minutes.") % {
        "minutes": minutes}


class ThrottledSignInMixin:
    """An authentication form that refuses a throttled attempt before checking the password
    (no hash is computed) and counts a failed one."""

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is None or not password:
            return super().clean()
        ip = client_ip(self.request)
        if blocked(ip, username):
            raise ValidationError(throttled_message(), code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if getattr(error, "code", None) == "invalid_login":
                failed(ip, username)
            raise
        succeeded(username)
        return cleaned


class ThrottledAuthenticationForm(ThrottledSignInMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottledSignInMixin, AdminAuthenticationForm):
    def confirm_login_allowed(self, user):
        """Whoever the admin site lets in (``config.admin_site``: staff and the organizers
        of a club), not staff only; anyone else hears the admin's usual refusal."""
        AuthenticationForm.confirm_login_allowed(self, user)
        if not admin.site.may_enter(user):
            raise ValidationError(
                self.error_messages["invalid_login"], code="invalid_login",
                params={"username": self.username_field.verbose_name},
            )


def answers_429_when_throttled(view):
    """Wrap a login view: a form refused as throttled is answered 429 with Retry-After."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if form is not None and form.has_error(NON_FIELD_ERRORS, "throttled"):
            response.status_code = 429
            response["Retry-After"] = str(_limits()["window_seconds"])
        return response

    return wrapped
