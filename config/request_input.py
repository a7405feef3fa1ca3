"""What the API reads from a request besides its body: integer query parameters and the
``Idempotency-Key`` header, refused with a 400 in the one error format
(:mod:`config.api_errors`) instead of reaching the database.

``str.isdigit`` and ``int`` accept more than ASCII digits (``"²".isdigit()`` is true and
``int("²")`` fails; ``int("٣")`` is 3), and the database's integer columns are bounded:
every integer query parameter goes through :func:`int_param` (the pages through
:func:`ascii_int`).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from config.api_errors import ApiError

#: The largest value of a 32-bit integer column (versions, ledger ids, counts).
INT32_MAX = 2**31 - 1
#: The largest value of a 64-bit integer column (the tables' primary keys).
INT64_MAX = 2**63 - 1

#: The longest ``Idempotency-Key`` the API accepts, on every endpoint. A battle write stores
#: the key prefixed with the battle's and the user's ids (``battle:<id>:user:<id>:``, up to
#: 52 characters with 64-bit ids) in a 200-character column; starting a battle stores it as
#: it is (200), the campaign ledger in the event store's 255. 128 fits all of them.
IDEMPOTENCY_KEY_MAX_LENGTH = 128

_ASCII_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def ascii_int(raw: str | None, *, maximum: int = INT64_MAX) -> int | None:
    """``raw`` as a whole number if it is ASCII digits no larger than ``maximum``, else None."""
    if raw is None or not _ASCII_DIGITS.fullmatch(raw) or len(raw) > len(str(maximum)):
        return None
    value = int(raw)
    return value if value <= maximum else None


def int_param(params, name: str, *, maximum: int = INT32_MAX, code: str = "bad_parameter"
              ) -> int | None:
    """The query parameter ``name`` as a whole number from 0 to ``maximum``; None if it is
    absent or empty; a 400 ``code`` naming the parameter otherwise."""
    raw = params.get(name)
    if raw in (None, ""):
        return None
    value = ascii_int(raw, maximum=maximum)
    if value is None:
        raise ApiError(
            code,
            _("%(name)s must be a whole number from 0 to %(max)s (digits 0-9)")
            % {"name": name, "max": maximum},
            field=name,
        )
    return value


def idempotency_key(request) -> str | None:
    """The request's ``Idempotency-Key`` header, or None; 400 ``bad_idempotency_key`` if it
    is empty, longer than :data:`IDEMPOTENCY_KEY_MAX_LENGTH` or holds control characters."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 0 < len(key) <= IDEMPOTENCY_KEY_MAX_LENGTH or _CONTROL.search(key):
        raise ApiError(
            "bad_idempotency_key",
            _("the Idempotency-Key header is 1 to %(max)s characters, without control "
              "characters") % {"max": IDEMPOTENCY_KEY_MAX_LENGTH},
            field="Idempotency-Key",
        )
    return key
