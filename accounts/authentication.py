"""DRF authentication by personal API token: ``Authorization: Token <key>``."""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions

from accounts.models import ApiToken

KEYWORD = "Token"
#: ``last_used_at`` is written at most this often per token (not one write per request).
USE_RESOLUTION = timedelta(minutes=5)


def digest(key: str) -> str:
    """What is stored of a key: its SHA-256, hex."""
    return hashlib.sha256(key.encode()).hexdigest()


def authenticate_key(key: str) -> ApiToken | None:
    """The live token whose key is ``key`` (its user active), or None: one indexed query."""
    try:
        token = ApiToken.objects.select_related("user").get(digest=digest(key))
    except ApiToken.DoesNotExist:
        return None
    now = timezone.now()
    if not token.user.is_active or (
        token.expires_at is not None and token.expires_at <= now
    ):
        return None
    if token.last_used_at is None or now - token.last_used_at > USE_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


class TokenAuthentication(authentication.BaseAuthentication):
    """A request with ``Authorization: Token <key>`` is its token's user's; a wrong, expired or
    revoked key is refused. Costs one indexed query, never a password hash."""

    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != KEYWORD.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                _("send the header as: Authorization: Token <key>"))
        try:
            key = parts[1].decode("ascii")
        except UnicodeDecodeError:
            key = ""
        token = authenticate_key(key) if key else None
        if token is None:
            raise exceptions.AuthenticationFailed(_("invalid, expired or revoked token"))
        return token.user, token

    def authenticate_header(self, request) -> str:
        return KEYWORD
