"""DRF authentication by personal API token: ``Authorization: Token <key>``."""

from __future__ import annotations

import functools
import hashlib
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connections, router
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
    """The live token whose key is ``key`` (its user active), or None: one indexed query.
    The token holds its id and its user; its other fields are loaded if read.

    The query is raw SQL (:func:`_lookup_sql`): the ORM's ``select_related`` query built
    and compiled for every request cost more than twice as much (docs/benchmarks.md, "HTTP
    path"). The database decides whether the token has expired and whether its
    ``last_used_at`` is due to be written (older than USE_RESOLUTION)."""
    db = router.db_for_read(ApiToken)
    adapt = connections[db].ops.adapt_datetimefield_value
    now = timezone.now()
    users = list(get_user_model().objects.db_manager(db).raw(
        _lookup_sql(db),
        [adapt(now), adapt(now - USE_RESOLUTION), digest(key)],
    ))
    if not users or not users[0].is_active or not users[0].token_live:
        return None
    user = users[0]
    if user.token_stale:
        ApiToken.objects.filter(pk=user.token_id).update(last_used_at=now)
    token = ApiToken.from_db(db, ["id", "user_id"], [user.token_id, user.pk])
    token.user = user
    return token


@functools.cache
def _lookup_sql(db: str) -> str:
    """On database ``db``: the user of the token with the digest given, with the token's id
    (``token_id``), whether it is live (``token_live``: no expiry, or one after the first
    time given) and whether its ``last_used_at`` is to be written (``token_stale``: never
    used, or before the second time given)."""
    quote = connections[db].ops.quote_name
    token, user = ApiToken._meta, get_user_model()._meta

    def column(field: str) -> str:
        return "t." + quote(token.get_field(field).column)

    return (
        f"SELECT u.*, {column('id')} AS token_id,"
        f" ({column('expires_at')} IS NULL OR {column('expires_at')} > %s) AS token_live,"
        f" ({column('last_used_at')} IS NULL OR {column('last_used_at')} < %s) AS token_stale"
        f" FROM {quote(token.db_table)} t"
        f" JOIN {quote(user.db_table)} u ON u.{quote(user.pk.column)} = {column('user')}"
        f" WHERE {column('digest')} = %s"
    )


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
