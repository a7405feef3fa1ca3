"""One JSON error format for the whole API, and the exception handler that produces it.

Every error body is ``{"code", "message", "rule", "field", ...}``: a machine ``code``, a
sentence in the request's language (English or Russian, as the pages: ``LocaleMiddleware``
reads the language cookie/session or ``Accept-Language``), the rulebook reference (or null)
and the input path at fault (or null). Extra keys add detail (``current_version`` on a 409,
``errors`` on a validation error, ``message_en`` -- the engine's exact English -- when a rule
sentence was translated).

The apps write their sentences with ``gettext`` at raise time (the request's language is
active then). The rule engine writes English :class:`rules.core.errors.Sentence` messages;
:mod:`config.rule_messages` translates them here.
Services and selectors raise named domain errors (``config.errors``: no HTTP in them); this
handler gives each kind its status. Views may raise :class:`ApiError` (a status of their
own); a ``rules.core.errors.RuleError`` or an ``eventstore.errors.WrongExpectedVersion`` gets
the same format.
Registered as ``REST_FRAMEWORK["EXCEPTION_HANDLER"]``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import OperationalError
from django.http import Http404
from django.utils.translation import gettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config import errors
from config.rule_messages import localize_rule_message
from rules.core.errors import RuleError, Sentence

#: PostgreSQL's SQLSTATE for a statement cancelled (statement_timeout, config/database.py).
QUERY_CANCELED = "57014"

#: RuleError codes about malformed input rather than the rules forbidding it.
MALFORMED_RULE_CODES = {"bad_fact", "bad_setup", "bad_command", "limit_exceeded"}


class ApiError(errors.DomainError):
    """An error a view raises with a status of its own: code, sentence, rule, field, status.

    A :class:`~config.errors.DomainError`, so that whoever catches domain errors catches it
    too; services and selectors raise the named kinds instead."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        rule: str | None = None,
        field: str | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(code, message, rule=rule, field=field, **extra)
        self.status_code = status_code

    def to_dict(self) -> dict:
        return error_body(self.code, self.message, rule=self.rule, field=self.field, **self.extra)


def error_body(
    code: str, message: str, *, rule: str | None = None, field: str | None = None, **extra: Any
) -> dict:
    """The error JSON: code, message, rule, field, then any extra keys."""
    return {"code": code, "message": message, "rule": rule, "field": field, **extra}


def rule_error_status(error: RuleError) -> int:
    """400 for malformed input, 422 for input the rules forbid."""
    if error.code in MALFORMED_RULE_CODES:
        return status.HTTP_400_BAD_REQUEST
    return status.HTTP_422_UNPROCESSABLE_ENTITY


def _first_error(detail: Any, path: str = "") -> tuple[str | None, str, str]:
    """(field path, message, code) of the first leaf of a DRF validation detail."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            sub = key if not path else f"{path}.{key}"
            if key == "non_field_errors":
                sub = path
            return _first_error(value, sub)
    if isinstance(detail, list):
        for index, value in enumerate(detail):
            if isinstance(value, dict | list):
                return _first_error(value, f"{path}.{index}" if path else str(index))
            return _first_error(value, path)
    code = getattr(detail, "code", "invalid") or "invalid"
    return (path or None), str(detail), str(code)


def translate_plain(message: str) -> str:
    """A sentence that is not a rule engine ``Sentence``: as it is when it was written with
    gettext already, else looked up in the catalogue as it is."""
    text = str(message)
    return gettext(text) if text else text


def localized_message(code: str, message: str) -> tuple[str, dict]:
    """``message`` in the active language, and the extra keys that go with it.

    A rule engine :class:`~rules.core.errors.Sentence` is translated (``message_en`` keeps the
    English); any other sentence was written with ``gettext`` already, or is a fixed sentence
    looked up in the catalogue as it is."""
    if isinstance(message, Sentence):
        translated = localize_rule_message(code, message)
        if translated != message:
            return translated, {"message_en": str(message)}
        return str(message), {}
    return translate_plain(message), {}


#: The HTTP status of each kind of domain error (``config.errors``).
DOMAIN_STATUS: dict[type[errors.DomainError], int] = {
    errors.Invalid: status.HTTP_400_BAD_REQUEST,
    errors.Forbidden: status.HTTP_403_FORBIDDEN,
    errors.NotFound: status.HTTP_404_NOT_FOUND,
    errors.Conflict: status.HTTP_409_CONFLICT,
    errors.TooLarge: status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    errors.Refused: status.HTTP_422_UNPROCESSABLE_ENTITY,
}


def domain_status(error: errors.DomainError) -> int:
    """The status of a domain error's kind (400 for the base class; an :class:`ApiError`'s
    own)."""
    if isinstance(error, ApiError):
        return error.status_code
    for kind in type(error).__mro__:
        if kind in DOMAIN_STATUS:
            return DOMAIN_STATUS[kind]
    return status.HTTP_400_BAD_REQUEST


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF exception handler: every error in the shared format."""
    if isinstance(exc, errors.DomainError):
        body = error_body(exc.code, exc.message, rule=exc.rule, field=exc.field, **exc.extra)
        message, extra = localized_message(exc.extra.get("rule_code", exc.code), exc.message)
        body["message"] = message
        body.update(extra)
        return Response(body, status=domain_status(exc))
    if isinstance(exc, RuleError):
        message = localize_rule_message(exc.code, exc.message)
        extra = {"message_en": str(exc.message)} if message != exc.message else {}
        body = error_body(exc.code, message, rule=exc.rule, field=exc.field, **extra)
        return Response(body, status=rule_error_status(exc))
    try:
        from eventstore.errors import WrongExpectedVersion
    except ImportError:  # pragma: no cover - the event store app is always installed
        WrongExpectedVersion = ()  # noqa: N806
    if WrongExpectedVersion and isinstance(exc, WrongExpectedVersion):
        current = getattr(exc, "current_version", None)
        body = error_body(
            "wrong_expected_version",
            gettext("the stream is at version %(current)s; reload and retry")
            % {"current": current},
            field="expected_version",
            current_version=current,
        )
        return Response(body, status=status.HTTP_409_CONFLICT)
    cause = exc.__cause__ if isinstance(exc, OperationalError) else None
    if getattr(cause, "sqlstate", None) == QUERY_CANCELED:
        body = error_body("statement_timeout", gettext(
            "the database took too long to answer and the request was cancelled; try again later"))
        return Response(body, status=status.HTTP_503_SERVICE_UNAVAILABLE)
    if isinstance(exc, RequestDataTooBig):  # Django's own bound (multipart fields)
        body = error_body("limit_exceeded", gettext(
            "the request body is larger than the limit of %(limit)s bytes (request body size)"
        ) % {"limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
        return Response(body, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        body = error_body("limit_exceeded", gettext("the request has too many form fields or files"))
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        field, message, code = _first_error(exc.detail)
        if field and not message.startswith(field):
            message = f"{field}: {message}"
        response.data = error_body(code, message, field=field, errors=exc.detail)
        return response
    if isinstance(exc, exceptions.APIException):
        detail = exc.detail
        message = str(detail) if not isinstance(detail, dict | list) else str(exc.default_detail)
        code = getattr(detail, "code", None) or exc.default_code
        response.data = error_body(str(code), message)
    return response
