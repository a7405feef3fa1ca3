"""Creating, listing and revoking personal API tokens (checking one: accounts.authentication)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.authentication import digest
from accounts.models import ApiToken
from config.errors import Invalid, NotFound

#: Every key starts with this, so that a leaked one is recognisable (secret scanners, logs).
KEY_PREFIX = "wgt_"
#: Characters of the key kept in clear, to tell one's tokens apart.
SHOWN = len(KEY_PREFIX) + 6
MAX_DAYS = 3650


def create_token(
    *, user: AbstractBaseUser, name: str, expires_in_days: int | None = None
) -> tuple[ApiToken, str]:
    """A new token of ``user`` and its key, which is not stored and cannot be shown again;
    it expires after ``expires_in_days`` (1..3650) if given."""
    name = name.strip()
    if not name or len(name) > ApiToken._meta.get_field("name").max_length:
        raise Invalid("bad_token_name", _("a token's name is 1 to 100 characters"),
                       field="name")
    if expires_in_days is not None and not 1 <= expires_in_days <= MAX_DAYS:
        raise Invalid("bad_expiry", _("a token expires in 1 to %(max)s days") % {"max": MAX_DAYS},
                       field="expires_in_days")
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        prefix=key[:SHOWN],
        digest=digest(key),
        expires_at=timezone.now() + timedelta(days=expires_in_days) if expires_in_days else None,
    )
    return token, key


def revoke_token(*, user: AbstractBaseUser, token_id: int) -> None:
    """Delete ``user``'s token ``token_id``: it authenticates no more (404 if not theirs)."""
    deleted, _rows = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise NotFound("not_found", _("no token %(id)s") % {"id": token_id})


def tokens_of(user: AbstractBaseUser):
    """``user``'s tokens, newest first (digests only: no key can be read back)."""
    return ApiToken.objects.filter(user=user)
