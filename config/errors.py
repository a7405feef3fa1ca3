"""Named domain errors: what services and selectors raise when they refuse a request.

A service knows *why* it refuses (the machine ``code``, a sentence in the active language or a
rule engine ``Sentence``, the rulebook reference, the input path at fault) and *what kind* of
refusal it is; it knows nothing of HTTP. The API layer (``config.api_errors``) gives each kind
its status and writes the one error body; pages show the sentence. Nothing here imports
Django REST framework.

Kinds, and the status the API gives them:

- :class:`Invalid` (400): the input is malformed (a 7 on a d6 is :class:`Refused`, a list
  where a number belongs is :class:`Invalid`);
- :class:`Forbidden` (403): the user may see the thing but not do this to it;
- :class:`NotFound` (404): it does not exist, or the user may not know that it does;
- :class:`Conflict` (409): the request came too late or twice (a stale version, a key used
  for another request, a battle already concluded);
- :class:`TooLarge` (413): the input is larger than a stated limit;
- :class:`Refused` (422): well-formed, but the rules or the campaign's state forbid it.
"""
from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A refusal: ``code``, ``message``, ``rule`` (or None), ``field`` (or None), extra keys."""

    def __init__(
        self, code: str, message: str, *, rule: str | None = None, field: str | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.field = field
        self.extra = extra


class Invalid(DomainError):
    """Malformed input."""


class Forbidden(DomainError):
    """The user may not do this."""


class NotFound(DomainError):
    """No such thing, as far as this user may know."""


class Conflict(DomainError):
    """Too late or twice: stale versions, replayed keys, finished things."""


class TooLarge(DomainError):
    """Input beyond a stated limit."""


class Refused(DomainError):
    """Well-formed, but the rules or the state forbid it."""
