"""The OpenAPI schema's operations (drf-spectacular), with the errors every operation can
answer, in the one error format (:mod:`config.api_errors`).

Views document their own errors (the writes: 400, 403, 404, 409, 422 with what each means);
this adds those that come from the framework rather than the view, where a view did not
say them: 403 on every operation (not signed in, a missing CSRF token, not allowed), 404
where the path names something or the list is paginated (``?page=`` past the end), 400
where the request has a body, a header or query parameters to get wrong, 415 where it has
a body.
"""

from __future__ import annotations

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse

FRAMEWORK_ERRORS = {
    "400": "malformed input (the field or parameter at fault is named)",
    "403": "not signed in, no CSRF token, or not allowed",
    "404": "no such thing, not your club, or a page past the end",
    "415": "a body in a media type the API does not read (or a malformed multipart body)",
}


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        for code in self._framework_errors(operation):
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    OpenApiResponse(_error_serializer(), description=FRAMEWORK_ERRORS[code]),
                    code,
                )
        return operation

    def _framework_errors(self, operation: dict) -> list[str]:
        parameters = operation.get("parameters", [])
        codes = ["403"]
        if "{" in self.path or (self._is_list_view() and self._get_paginator()):
            codes.append("404")
        if "requestBody" in operation or any(
            p["in"] in ("query", "header") and p["name"] != "page" for p in parameters
        ):
            codes.append("400")
        if "requestBody" in operation:
            codes.append("415")
        return codes


def _error_serializer():
    from config.error_schema import ErrorSerializer  # apps load after the settings

    return ErrorSerializer
